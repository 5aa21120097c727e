"""`make bench`: speed figures of the engine, printed (never asserted by the test suite)."""
from __future__ import annotations

import importlib
import random
import statistics
import time

from neapolitan.scopa import Rules, deal
from neapolitan.scopa.bots import SearchBot
from neapolitan.scopa.puzzles import generate
from neapolitan.scopa.search import Solver


def random_hands_per_second(runs: int = 5, seconds: float = 1.0, rules: Rules | None = None) -> list[float]:
    """Full 2-player hands, every play chosen at random among the legal ones, on one core.

    The rate of each of `runs + 1` consecutive runs of `seconds`, each on new deals: the first
    starts cold (the capture caches fill as new tables are met); the others show the engine's
    steady speed, and their spread shows how noisy the machine is."""
    rules = rules or Rules()
    rng = random.Random(1)
    hands = 0
    rates = []
    for _ in range(runs + 1):
        played = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            state = deal(rules, hands + played)
            while not state.is_over:
                actions = state.legal_actions()
                state = state.apply(actions[int(rng.random() * len(actions))])  # uniform, and cheap
            played += 1
        rates.append(played / (time.perf_counter() - start))
        hands += played
    return rates


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


def exact_solve_time(cards_left: int, positions: int = 15) -> float:
    """Median milliseconds to value every play of a 2-player position with every card known."""
    timings = []
    for n in range(positions):
        rng = random.Random(n)
        state = deal(Rules(), f"solve:{n}")
        while state.cards_left_to_play() > cards_left:
            state = state.apply(rng.choice(state.legal_actions()))
        start = time.perf_counter()
        Solver(state.rules.seat_sides[state.to_move]).play_values(state)
        timings.append(time.perf_counter() - start)
    return statistics.median(timings) * 1e3


def puzzles_per_cpu_minute(count: int = 40) -> float:
    """Verified puzzles (unique best play) found in bot games per minute of CPU time."""
    start = time.process_time()
    found = sum(1 for _ in generate(Rules(), "bench", count))
    return found / (time.process_time() - start) * 60


def game_figures() -> list[tuple[str, str]]:
    """Each other game's own figures (neapolitan/<game>/bench.py), where it has them."""
    rows: list[tuple[str, str]] = []
    for game in ("settemezzo", "stoppa", "saltacavallo"):
        try:
            module = importlib.import_module(f"neapolitan.{game}.bench")
        except ModuleNotFoundError:
            continue
        rows.extend(module.figures())
    return rows


def main() -> None:
    print("Scopa engine benchmark (one core)")
    cold, *warm = random_hands_per_second()
    rate = statistics.median(warm)
    print(f"  random 2-player hands per second : {rate:8.0f}   (target >= 5000; median of {len(warm)} one-second runs)")
    print(f"      fastest {max(warm):.0f}, slowest {min(warm):.0f}; the first second, caches cold: {cold:.0f}")
    print(f"  legal plays of a position        : {legal_actions_time():8.2f} us (median)")
    for left in (8, 12, 16):
        print(f"  exact solve, {left:2d} cards left       : {exact_solve_time(left):8.2f} ms (median; target < 50 at 16)")
    print(f"  search bot decision, 12 samples  : {search_decision_time():8.2f} ms (median; target < 5)")
    print(f"  verified puzzles per CPU-minute  : {puzzles_per_cpu_minute():8.0f}   (target >= 500)")
    for label, value in game_figures():
        print(f"  {label:<33}: {value}")


if __name__ == "__main__":
    main()
