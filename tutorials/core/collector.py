"""Python's garbage collector, set for a web server (tutorials/wsgi.py; `make bench-web` too).

Reference counting frees a request's objects as soon as it is done; the cyclic collector only finds
cycles. Left at Python's default it runs a young collection every 700 objects a request keeps alive
for a while, and a page or an answer keeps thousands (its context, rows, templates): it was running
tens of times a request, a fifth of a puzzle answer's time, each time looking over objects that
were still in use. Here it waits for 50,000 (a few megabytes of garbage in cycles at most before it
runs), and what the process holds once it is up (modules, URL patterns, templates read so far) is
set aside for good (`gc.freeze`), so that no collection looks at it again."""
from __future__ import annotations

import gc

YOUNG = 50_000  # objects allocated (less those freed) before a young collection
OLDER = 20  # young collections before the middle generation's, and those before a full one


def tune_for_serving() -> None:
    gc.freeze()
    gc.set_threshold(YOUNG, OLDER, OLDER)
