"""Polls that find nothing new, answered before Django: a WSGI wrapper (tutorials/wsgi.py).

Every phone in a live session asks every LIVE_POLL_MS whether its screen is out of date; almost
always it is not. The views already answer such a poll 204 from the cache without a query
(views._poll_unchanged), but only after Django's whole middleware (sessions, authentication,
CSRF, language...), which is most of the cost. Here the same test is made on the raw request,
from the cache alone (changes.unchanged_in_cache): nothing of the visitor is read, exactly as in
the view, which still answers every poll the cache cannot settle (a key lost, a deadline passed:
the view closes the question). A host's poll is answered here only where the crowd counter is
shared (Redis), as in the view.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any
from urllib.parse import parse_qs

from django.conf import settings

from tutorials.live import changes

POLL = re.compile(r"^/live/(?P<screen>[ph])/(?P<public_id>[A-Za-z0-9_-]{1,40})/poll$")
NOTHING_NEW = "204 No Content"
HEADERS = [("Cache-Control", "no-store"), ("X-Content-Type-Options", "nosniff")]


def nothing_new(environ: dict[str, Any]) -> bool:
    """Whether this request is a poll that the cache says changes nothing."""
    if environ.get("REQUEST_METHOD") != "GET":
        return False
    found = POLL.match(environ.get("PATH_INFO", ""))
    if found is None:
        return False
    query = parse_qs(environ.get("QUERY_STRING", ""))
    version = query.get("v", [""])[0]
    if found["screen"] == "p":
        return changes.unchanged_in_cache(found["public_id"], version)
    if not settings.LIVE_SHARED_CACHE:
        return False
    return changes.unchanged_in_cache(found["public_id"], version, query.get("c", [""])[0])


class NothingNewPolls:
    """Wraps the WSGI application: a poll with nothing new never reaches Django."""

    def __init__(self, application: Callable[..., Iterable[bytes]]) -> None:
        self.application = application

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        if nothing_new(environ):
            start_response(NOTHING_NEW, list(HEADERS))
            return []
        return self.application(environ, start_response)
