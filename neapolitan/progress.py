"""Progress of a long command: a bar redrawn in place on a terminal; in a log (not a terminal), a
few plain lines: one at most every half minute for a long job, and one at the end."""
from __future__ import annotations

import sys
import time
from typing import Any

LOG_EVERY = 30.0  # seconds between two lines in a log


class Progress:
    def __init__(self, total: int, label: str, stream: Any = None, width: int = 30,
                 every: float = LOG_EVERY, clock=time.monotonic) -> None:
        self.total = max(total, 1)
        self.label = label
        self.stream = stream or sys.stderr
        self.width = width
        self.every = every
        self.clock = clock
        self.started = self._drawn = clock()
        self.done, self.note = 0, ""
        isatty = getattr(self.stream, "isatty", None)
        self.terminal = bool(isatty and isatty())
        # a Django command's self.stdout or self.stderr ends every write with a newline unless told
        self._ending = {"ending": ""} if hasattr(self.stream, "style_func") else {}

    def _write(self, text: str) -> None:
        self.stream.write(text, **self._ending)
        self.stream.flush()

    def update(self, done: int, note: str = "") -> None:
        """`done` of the total so far (and a note to show beside it): on a terminal the bar is
        redrawn at the start, at the end and at most five times a second between; in a log a
        line is written only when `every` seconds have passed since the last."""
        self.done, self.note = done, note
        now = self.clock()
        if self.terminal:
            if 0 < done < self.total and now - self._drawn < 0.2:
                return
            self._drawn = now
            filled = self.width * min(done, self.total) // self.total
            self._write(f"\r[{'#' * filled:<{self.width}}] {self._status(now)} ")
        elif now - self._drawn >= self.every and done < self.total:
            self._drawn = now
            self._write(f"{self._status(now)}\n")

    def _status(self, now: float) -> str:
        note = f", {self.note}" if self.note else ""
        return f"{self.done}/{self.total} {self.label}{note} · {now - self.started:.0f} s"

    def finish(self) -> float:
        """End the bar (or write the log's last line); the seconds taken."""
        now = self.clock()
        self._write("\n" if self.terminal else f"{self._status(now)}\n")
        return now - self.started
