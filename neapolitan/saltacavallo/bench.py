"""Speed figures of the Saltacavallo odds, for `make bench` (never asserted by the test suite)."""
from __future__ import annotations

import statistics
import time
from collections.abc import Callable

from neapolitan.saltacavallo.actions import NEXT
from neapolitan.saltacavallo.odds import odds, policy_for
from neapolitan.saltacavallo.rules import Rules
from neapolitan.saltacavallo.state import GameState


def decision_time(players: int, decisions: int = 8) -> tuple[float, bool]:
    """Median milliseconds to compute the odds of a fresh first decision of a hand (the
    engine players' policy for the hand included), and whether they were exact."""
    timings = []
    exact = True
    n = 0
    while len(timings) < decisions:
        state = GameState.new(Rules(players=players), f"bench:{players}:{n}")
        n += 1
        if state.phase != "exchange":
            continue
        policy_for.cache_clear()
        start = time.perf_counter()
        result = odds(state.view(state.to_act))
        timings.append(time.perf_counter() - start)
        exact = exact and bool(result and result.exact)
    return statistics.median(timings) * 1e3, exact


def play_games(bot: Callable, players: int, enough: Callable[[], bool], seed: str = "bench") -> None:
    """Whole games with `bot` in every seat, one after another, until `enough()`."""
    n = 0
    while not enough():
        state = GameState.new(Rules(players=players), f"{seed}-{n}")
        n += 1
        while not enough() and not state.is_over:
            if state.to_act is None:
                state = state.apply(NEXT)
                continue
            state = state.apply(bot(state.view(state.to_act), None))


LEVELS = {"engine": "Engine player"}
SIZES = (10,)  # the practice table seats 3 to 10


def figures() -> list[tuple[str, str]]:
    out = []
    for players in (4, 6, 10):
        ms, exact = decision_time(players)
        how = "exact" if exact else "sampled"
        out.append((f"Saltacavallo odds, {players} players ({how}), fresh hand", f"{ms:8.1f} ms (median)"))
    return out


if __name__ == "__main__":
    for label, value in figures():
        print(f"  {label:52s}: {value}")
