"""`make bench`: speed figures of the engine, printed (never asserted by the test suite)."""
from __future__ import annotations

import random
import statistics
import time

from neapolitan.scopa import Rules, deal
from neapolitan.scopa.bots import SearchBot


def random_hands_per_second(seconds: float = 3.0, rules: Rules | None = None) -> float:
    """Full 2-player hands, every play chosen at random among the legal ones, on one core."""
    rules = rules or Rules()
    rng = random.Random(1)
    hands = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = deal(rules, hands)
        while not state.is_over:
            actions = state.legal_actions()
            state = state.apply(actions[rng.randrange(len(actions))])
        hands += 1
    return hands / (time.perf_counter() - start)


def legal_actions_time(samples: int = 20000) -> float:
    """Median microseconds to list the legal plays of a fresh mid-hand position."""
    rng = random.Random(2)
    positions = []
    for n in range(200):
        state = deal(Rules(), f"legal:{n}")
        for _ in range(rng.randrange(0, 30)):
            state = state.apply(rng.choice(state.legal_actions()))
        positions.append(state)
    timings = []
    per_round = max(1, samples // len(positions))
    for _ in range(per_round):
        for state in positions:
            fresh = type(state).from_text(state.to_text(), state.rules)
            start = time.perf_counter()
            fresh.legal_actions()
            timings.append(time.perf_counter() - start)
    return statistics.median(timings) * 1e6


def search_decision_time(decisions: int = 40) -> float:
    """Median milliseconds for the search bot (12 samples) to choose a play."""
    bot = SearchBot(samples=12)
    rng = random.Random(3)
    timings = []
    n = 0
    while len(timings) < decisions:
        state = deal(Rules(), f"bot:{n}")
        n += 1
        for _ in range(rng.randrange(0, 20)):
            state = state.apply(rng.choice(state.legal_actions()))
        if state.is_over:
            continue
        view = state.view(state.to_move)
        start = time.perf_counter()
        bot(view)
        timings.append(time.perf_counter() - start)
    return statistics.median(timings) * 1e3


def main() -> None:
    print("Scopa engine benchmark (one core)")
    print(f"  random 2-player hands per second : {random_hands_per_second():8.0f}   (target >= 5000)")
    print(f"  legal plays of a position        : {legal_actions_time():8.2f} us (median)")
    print(f"  search bot decision, 12 samples  : {search_decision_time():8.2f} ms (median)")


if __name__ == "__main__":
    main()
