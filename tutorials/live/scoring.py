"""Points for an answer: by the value it gives away, judged by the engine.

The best answer scores FULL; another scores by how close it comes: FULL × (1 − loss ÷ the worst
option's loss), so the worst option scores nothing whatever the game's unit. Speed counts only
as the tie-break (the players' total time), unless the host switches on the speed mode, which
scores as Kahoot does: up to half the points go with the time taken. A streak bonus, off by
default, adds STREAK_STEP for each best answer in a row after the first (at most STREAK_MAX steps).
"""
from __future__ import annotations

BEST = 1e-9  # a loss this small is the best answer (as in the puzzles)
FULL = 1000
STREAK_STEP = 100
STREAK_MAX = 5


def closeness(loss: float, worst: float) -> float:
    """1 for the best answer, 0 for the worst option, in between by the value lost."""
    if loss <= BEST:
        return 1.0
    if worst <= BEST:
        return 0.0
    return min(max(1.0 - loss / worst, 0.0), 1.0)


def points(*, loss: float, worst: float, ms: int, limit_ms: int, speed: bool = False,
           streak: int = 0, streak_bonus: bool = False) -> int:
    """The answer's points. `streak` counts best answers in a row, this one included."""
    score = FULL * closeness(loss, worst)
    if speed:
        score *= 1 - min(max(ms / max(limit_ms, 1), 0.0), 1.0) / 2
    bonus = STREAK_STEP * min(max(streak - 1, 0), STREAK_MAX) if streak_bonus and loss <= BEST else 0
    return round(score) + bonus
