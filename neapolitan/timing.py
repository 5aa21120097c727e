"""How long the computer players think: a stopwatch around a bot, for `make bench` and the arena."""
from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any

MEDIAN_TARGET_MS = 20  # issue 11: a decision's median time ...
P99_TARGET_MS = 250  # ... and its 99th percentile, on our machines


class Stopwatch:
    """A bot that times each of its decisions that had a real choice (two legal actions or more)."""

    def __init__(self, bot: Callable[..., Any]) -> None:
        self.bot = bot
        self.seconds: list[float] = []

    def __call__(self, view: Any, rng: Any = None) -> Any:
        start = time.perf_counter()
        action = self.bot(view, rng)
        elapsed = time.perf_counter() - start
        if len(view.legal_actions()) > 1:
            self.seconds.append(elapsed)
        return action


def summary(seconds: list[float]) -> tuple[float, float]:
    """Median and 99th percentile, in milliseconds."""
    ordered = sorted(seconds)
    if not ordered:
        return 0.0, 0.0
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return statistics.median(ordered) * 1e3, p99 * 1e3
