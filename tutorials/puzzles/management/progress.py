"""A one-line progress bar on stderr for the puzzle commands."""
from __future__ import annotations

import sys
import time
from typing import Any

from django.core.management.base import OutputWrapper


class ProgressBar:
    def __init__(self, total: int, label: str, stream: Any = None, width: int = 30) -> None:
        self.total = max(total, 1)
        self.label = label
        stream = stream or sys.stderr
        if isinstance(stream, OutputWrapper):  # a command's self.stderr: no newline after each write
            self._write = lambda text: stream.write(text, ending="")
        else:
            self._write = stream.write
        self._flush = stream.flush
        self.width = width
        self.started = time.monotonic()
        self._drawn = 0.0

    def update(self, done: int) -> None:
        """Redraw the bar: at the start, at the end, and at most five times a second between."""
        now = time.monotonic()
        if 0 < done < self.total and now - self._drawn < 0.2:
            return
        self._drawn = now
        filled = self.width * min(done, self.total) // self.total
        elapsed = time.monotonic() - self.started
        self._write(f"\r[{'#' * filled:<{self.width}}] {done}/{self.total} {self.label} · {elapsed:.0f} s ")
        self._flush()

    def finish(self) -> float:
        self._write("\n")
        self._flush()
        return time.monotonic() - self.started
