"""Speed figures of the Saltacavallo odds, for `make bench` (never asserted by the test suite)."""
from __future__ import annotations

import statistics
import time

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
