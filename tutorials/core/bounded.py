"""Bounded keeping of things a process works out once (page blocks, live boards)."""
from __future__ import annotations


def forget_oldest(kept: dict) -> None:
    """Drop the oldest entry of `kept` (a dict keeps its order of insertion). Threads of one
    worker may do it at once: one that finds the entry gone already leaves it at that."""
    try:
        del kept[next(iter(kept))]
    except (KeyError, RuntimeError, StopIteration):
        pass
