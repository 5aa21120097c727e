"""Stoppa speed figures for `make bench`: the odds of the punto and the stoppata search."""
from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable

from neapolitan.cards import DECK
from neapolitan.stoppa.actions import PASS
from neapolitan.stoppa.bots import THOUGHTFUL
from neapolitan.stoppa.giro import Giro
from neapolitan.stoppa.odds import beat_odds, punto_distribution
from neapolitan.stoppa.punto import punto
from neapolitan.stoppa.rules import Rules
from neapolitan.stoppa.search import solve
from neapolitan.stoppa.state import DealState, deal


def _median_ms(run: Callable[[int], object], times: int) -> float:
    timings = []
    for n in range(times):
        start = time.perf_counter()
        run(n)
        timings.append(time.perf_counter() - start)
    return statistics.median(timings) * 1e3


def _three_cards(n: int) -> tuple[int, list]:
    rng = random.Random(n)
    pack = list(DECK)
    rng.shuffle(pack)
    return punto(pack[:3]), pack[3:]


def odds_exact_ms(opponents: int = 2, times: int = 20) -> float:
    """Median ms for the exact odds of a three-card punto against `opponents` hands."""
    def run(n: int) -> None:
        value, unseen = _three_cards(n)
        beat_odds(value, opponents, unseen, method="exact")
    return _median_ms(run, times)


def odds_auto_ms(opponents: int = 5, times: int = 6) -> tuple[float, str]:
    """Median ms for the odds against many opponents (exact when it fits, else sampled to ±2%)."""
    kinds = []

    def run(n: int) -> None:
        value, unseen = _three_cards(n)
        odds = beat_odds(value, opponents, unseen, error=0.02)
        kinds.append("exact" if odds.exact else f"sampled ±{odds.error:.0%}")
    ms = _median_ms(run, times)
    return ms, max(set(kinds), key=kinds.count)


def grosso_distribution_ms(times: int = 20) -> float:
    """Median ms for the exact distribution of one opponent's punto grosso (10 of 30 cards)."""
    def run(n: int) -> None:
        pack = list(DECK)
        random.Random(n).shuffle(pack)
        punto_distribution(pack[10:], 10)
    return _median_ms(run, times)


def _stoppata_start(players: int, seed: int) -> DealState | None:
    state = deal(Rules(players=players), f"bench:{seed}")
    while state.phase in ("I", "II"):
        state = state.apply(PASS)
    return state if state.phase == "III" else None


def solve_ms(players: int = 4, deals: int = 5) -> tuple[float, float]:
    """Median ms and positions for the exact outcome of a whole stoppata, every hand known."""
    timings, nodes = [], []
    seed = 0
    while len(timings) < deals:
        state = _stoppata_start(players, seed)
        seed += 1
        if state is None:
            continue
        start = time.perf_counter()
        nodes.append(solve(state).nodes)
        timings.append(time.perf_counter() - start)
    return statistics.median(timings) * 1e3, statistics.median(nodes)


def bot_stoppata_ms(decisions: int = 30) -> float:
    """Median ms for the search bot's stoppata decisions that have a real choice."""
    timings = []
    seed = 0
    while len(timings) < decisions:
        state = _stoppata_start(4, 1000 + seed)
        seed += 1
        while state is not None and not state.is_over:
            view = state.view(state.to_act)
            start = time.perf_counter()
            action = THOUGHTFUL(view, random.Random(seed))
            if len(state.legal_actions()) > 1:
                timings.append(time.perf_counter() - start)
            state = state.apply(action)
    return statistics.median(timings) * 1e3


def play_games(bot: Callable, players: int, enough: Callable[[], bool], seed: str = "bench") -> None:
    """Whole giros with `bot` in every seat, one after another, until `enough()`."""
    n = 0
    while not enough():
        giro = Giro.new(Rules(players=players), f"{seed}:{n}")
        n += 1
        while not enough() and not giro.is_over:
            if giro.deal.is_over:
                giro = giro.next_deal()
                continue
            giro = giro.apply(bot(giro.deal.view(giro.to_act), None))


LEVELS = {"search": "Thoughtful", "quick": "Quick"}
SIZES = (3, 6)  # the practice table seats 3 to 6


def figures() -> list[tuple[str, str]]:
    auto_ms, auto_kind = odds_auto_ms()
    solve_time, solve_nodes = solve_ms()
    return [
        ("Stoppa punto odds vs 2 hands (exact)", f"{odds_exact_ms():.1f} ms"),
        (f"Stoppa punto odds vs 5 hands ({auto_kind})", f"{auto_ms:.0f} ms"),
        ("Stoppa punto grosso distribution (exact)", f"{grosso_distribution_ms():.1f} ms"),
        ("Stoppata exact solve, 4 players", f"{solve_time:.0f} ms, {solve_nodes:.0f} positions"),
        ("Stoppata bot decision (6 samples)", f"{bot_stoppata_ms():.1f} ms"),
    ]


if __name__ == "__main__":
    for label, value in figures():
        print(f"  {label:45s}: {value}")
