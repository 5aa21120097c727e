"""`make bench`: speed figures of the engine, printed (never asserted by the test suite)."""
from __future__ import annotations

import importlib
import random
import statistics
import time
from collections.abc import Callable

from neapolitan.scopa import Play, PlayerView, Rules, deal
from neapolitan.scopa.bots import BOTS as SCOPA_BOTS
from neapolitan.scopa.coach import advise
from neapolitan.scopa.puzzles import generate
from neapolitan.scopa.rules import VARIANT_NAMES, VARIANTS
from neapolitan.scopa.search import Solver
from neapolitan.scopa.state import played_out
from neapolitan.timing import MEDIAN_TARGET_MS, P99_TARGET_MS, Stopwatch, summary


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
    """Proven puzzles (one clearly best play over every deal, see neapolitan.scopa.proof) found in
    bot games per minute of CPU time."""
    start = time.process_time()
    found = sum(1 for _ in generate(Rules(), "bench", count))
    return found / (time.process_time() - start) * 60


def play_scopa_hands(variant: str) -> Callable:
    def play(bot: Callable, players: int, enough: Callable[[], bool], seed: str = "bench") -> None:
        """Whole hands of `variant` with `bot` in every seat, until `enough()`."""
        rules = Rules(variant, players=players)
        n = 0
        while not enough():
            state = deal(rules, f"{seed}:{n}", dealer=n % players)
            rng = random.Random(n)
            n += 1
            for _state in played_out(state, lambda view: bot(view, rng)):  # noqa: B023
                if enough():
                    break
    return play


def coached_play(view: PlayerView, rng: random.Random | None = None) -> Play:
    """The table coach's best play: timed as a player is, since it thinks as one (and more)."""
    return Play.parse(advise(view).best.answer)


def thinking_cases() -> list[tuple[str, str, str, Callable, Callable, int]]:
    """(game, table, level, bot, play, players): every computer player of the practice tables, in
    every Scopa variant and player count (and the Scopa coach), and at the largest table of the
    other games."""
    cases = []
    for variant, (counts, *_rest) in VARIANTS.items():
        for players in counts:
            table = f"{VARIANT_NAMES[variant]}, {players}p"
            for level, label in (("search", "Thoughtful"), ("greedy", "Quick")):
                cases.append(("Scopa", table, label, SCOPA_BOTS[level], play_scopa_hands(variant), players))
            cases.append(("Scopa", table, "Coach", coached_play, play_scopa_hands(variant), players))
    for game, title in (("stoppa", "Stoppa"), ("settemezzo", "Sette e Mezzo"), ("saltacavallo", "Saltacavallo")):
        bench = importlib.import_module(f"neapolitan.{game}.bench")
        bots = importlib.import_module(f"neapolitan.{game}.bots")
        for players in bench.SIZES:
            for level, label in bench.LEVELS.items():
                cases.append((title, f"{players} players", label, bots.BOTS[level], bench.play_games, players))
    return cases


def thinking_times(decisions: int = 300) -> list[tuple[str, str, str, int, float, float]]:
    """Median and 99th percentile milliseconds of each computer player's decisions (those with
    a choice) in games it plays against itself."""
    rows = []
    for game, table, level, bot, play, players in thinking_cases():
        watch = Stopwatch(bot)
        play(watch, players, lambda watch=watch: len(watch.seconds) >= decisions)
        median, p99 = summary(watch.seconds)
        rows.append((game, table, level, len(watch.seconds), median, p99))
    return rows


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
    print(f"  proven puzzles per CPU-minute    : {puzzles_per_cpu_minute():8.0f}   "
          "(every deal played out to the end of the hand; the 500 of issue 1 was for 24 sampled deals)")
    for label, value in game_figures():
        print(f"  {label:<33}: {value}")
    print()
    print(f"Computer players' thinking time per decision (targets: median <= {MEDIAN_TARGET_MS} ms, "
          f"99th percentile <= {P99_TARGET_MS} ms)")
    print(f"  {'game':<14}{'table':<40}{'level':<15}{'decisions':>9}{'median':>10}{'p99':>10}")
    for game, table, level, count, median, p99 in thinking_times():
        mark = "" if median <= MEDIAN_TARGET_MS and p99 <= P99_TARGET_MS else "  OVER TARGET"
        print(f"  {game:<14}{table:<40}{level:<15}{count:>9}{median:>8.1f}ms{p99:>8.1f}ms{mark}", flush=True)


if __name__ == "__main__":
    main()
