"""`python -m neapolitan.scopa.arena BOT_A BOT_B --deals N --seed S`: paired deals between two bots.

Each deal is played twice with the players swapped, so the luck of the cards cancels out; the
result is A's mean point margin per hand over B, with its 95% confidence interval. With four
players (Scopone), A plays one pair's two seats and B the other's. `--jobs 2` plays on two cores;
`--start N` plays deals N onward, so a long run can be played in parts and its margins joined.
"""
from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import replace
from pathlib import Path

from neapolitan.progress import Progress
from neapolitan.scopa import arena_solver
from neapolitan.scopa.actions import Play
from neapolitan.scopa.belief import Opponent, reader_value, searcher_value
from neapolitan.scopa.bots import (
    ARENA_BOTS,
    THOUGHTFUL,
    THOUGHTFUL_PLAYER,
    SearchBot,
    Thinker,
    play_value,
)
from neapolitan.scopa.rules import VARIANTS, Rules
from neapolitan.scopa.search import margin
from neapolitan.scopa.state import deal, played_out
from neapolitan.scopa.thinking import Budget
from neapolitan.timing import Stopwatch, summary

Bot = Callable[..., Play]


def make_bot(name: str) -> Bot:
    """`greedy`, `search` (the thoughtful player), `search-v1` (the search player before issue 11,
    12 samples; at the Scopone games it searches with the compiled solver, `arena_solver`, which
    gives the same values), `search-v2` to `search-v8` (the thoughtful player as it was: see
    `ARENA_BOTS`), `search-v1:N` (with N samples), or `think:NODES:WORLDS[:SURE[:EVERY[:USUAL:CLOSE]]][:together]`
    (the thoughtful player with another budget, at every table size: at least EVERY worlds, and
    a check of the lead every EVERY worlds; see `neapolitan.scopa.thinking.Budget`), or
    `reads:MODEL:TEMPERATURE:MISTAKES` (the thoughtful player reading the other players' plays, in
    every variant, as those of a player choosing by MODEL, `greedy`, `searcher` or `reader`: see
    `neapolitan.scopa.belief.Opponent`)."""
    try:
        if "+" in name:
            return tuned(name)
        if name.startswith("reads:"):
            model, temperature, mistakes = name.split(":")[1:]
            value = {"greedy": play_value, "searcher": searcher_value, "reader": reader_value}[model]
            reading = Opponent(value, float(temperature), float(mistakes))
            return Thinker(THOUGHTFUL, dict.fromkeys(VARIANTS, reading), THOUGHTFUL_PLAYER.judges_worlds)
        if name == "search-v1" or name.startswith("search-v1:"):  # the Scopone games searched in C
            samples = {"samples": int(name.split(":", 1)[1])} if ":" in name else {}  # else SearchBot's 12
            return SearchBot(values_of=arena_solver.play_values, **samples)
        if name.startswith("think:"):
            nodes, worlds, *rest = name.split(":")[1:]
            together = "together" in rest
            sure = [r for r in rest if r != "together"]
            every = int(sure[1]) if len(sure) > 1 else 16
            usual, close = (int(sure[2]), float(sure[3])) if len(sure) > 3 else (0, 0.0)
            budget = Budget(nodes=int(nodes), worlds=int(worlds), min_worlds=min(every, int(worlds)),
                            sure=float(sure[0]) if sure else 0.0, sure_after=every, together=together,
                            usual=usual, close=close)
            return Thinker(dict.fromkeys((2, 3, 4), budget))
    except (ValueError, KeyError, AttributeError):  # AttributeError: not a budget's field
        pass
    if name not in ARENA_BOTS:
        raise SystemExit(f"Unknown bot {name!r}: choose {', '.join(ARENA_BOTS)}, search-v1[:N] or think:NODES:WORLDS")
    return ARENA_BOTS[name]


def tuned(name: str) -> Bot:
    """`search+FIELD=VALUE+...` (or `search-v2+...`, not reading the opponent's plays, or
    `reads:...+...`): the thoughtful player with these fields of its two-player budgets changed
    (`Budget`'s fields); with `+players=N` among them, those of its budgets for N players."""
    base, *changes = name.split("+")
    fields = {}
    players = 2
    for change in changes:
        key, value = change.split("=")
        if key == "players":
            players = int(value)
            continue
        kind = type(getattr(THOUGHTFUL[2], key))
        fields[key] = kind(float(value)) if kind is not bool else value in ("1", "true")
    budgets = {n: replace(b, **fields) if n in (players, (players, True)) else b for n, b in THOUGHTFUL.items()}
    if base == "search":
        return Thinker(budgets, THOUGHTFUL_PLAYER.readers, THOUGHTFUL_PLAYER.judges_worlds)
    if base.startswith("reads:"):
        reads = make_bot(base)
        return Thinker(budgets, reads.readers, THOUGHTFUL_PLAYER.judges_worlds)  # type: ignore[attr-defined]
    return Thinker(budgets)


def play_hand(rules: Rules, seed: str, bots: tuple[Bot, Bot], dealer: int) -> int:
    """Side 0's margin in one hand where bots[0] plays side 0's seats and bots[1] the others."""
    rng = random.Random(seed)
    *_, state = played_out(deal(rules, seed, dealer), lambda view: bots[rules.seat_sides[view.seat] != 0](view, rng))
    return margin(state, 0)


def paired_margin(a: Bot, b: Bot, deal_seed: str, rules: Rules) -> float:
    """A's mean margin over one deal played twice: the same cards in the same seats, A holding
    first side 0's cards and then side 1's."""
    first = play_hand(rules, deal_seed, (a, b), dealer=1)
    second = -play_hand(rules, deal_seed, (b, a), dealer=1)
    return (first + second) / 2


def paired_margins(a: Bot, b: Bot, deals: int, seed: int | str, rules: Rules | None = None,
                   progress: Callable[[list[float]], None] | None = None, start: int = 0) -> list[float]:
    """A's paired margin on each of deals `start` to `start + deals - 1`; `progress` is told the
    margins so far after each."""
    rules = rules or Rules()
    margins = []
    for n in range(start, start + deals):
        margins.append(paired_margin(a, b, f"{seed}:{n}", rules))
        if progress:
            progress(margins)
    return margins


def confidence_interval(values: list[float]) -> tuple[float, float, float]:
    """Mean and its 95% interval (normal approximation)."""
    n = len(values)
    mean = sum(values) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1)) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n)
    return mean, mean - half, mean + half


def paired_difference(margins: list[float], other: list[float]) -> list[float]:
    """Deal by deal, the margin of one run less another's on the same deals (as many as both
    played): the luck of the cards cancels again, so two players are told apart with fewer deals."""
    return [a - b for a, b in zip(margins, other, strict=False)]


def _play_share(job: tuple[str, str, int, int, str, str, int]) -> tuple[list[float], list[float], list[float]]:
    """One process's deals: margins, and each bot's decision times."""
    name_a, name_b, start, deals, seed, variant, players = job
    a, b = Stopwatch(make_bot(name_a)), Stopwatch(make_bot(name_b))
    rules = Rules(variant, players=players)
    return paired_margins(a, b, deals, seed, rules, start=start), a.seconds, b.seconds


def paired_deal_arguments(description: str) -> argparse.ArgumentParser:
    """The command line of a program that plays paired deals between two bots (this one, phases)."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("bot_a")
    parser.add_argument("bot_b")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", default="arena")
    parser.add_argument("--variant", default="SCOPA_2P", choices=list(VARIANTS))
    parser.add_argument("--players", type=int, default=None)
    return parser


def main(argv: list[str] | None = None) -> None:
    parser = paired_deal_arguments(__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=1, help="processes to play in (each takes a share of the deals)")
    parser.add_argument("--start", type=int, default=0, help="the first deal's number (a run may go on where "
                        "another stopped: deals START to START + DEALS - 1 of the seed)")
    parser.add_argument("--margins", help="write each paired deal's margin to this file (JSON)")
    parser.add_argument("--against", help="a --margins file of another run on the same deals: print the "
                        "difference, paired deal by deal")
    args = parser.parse_args(argv)
    make_bot(args.bot_a), make_bot(args.bot_b)  # an unknown name stops here
    rules = Rules(args.variant, players=args.players)
    began = time.time()
    print(f"Playing {args.deals} paired deals of {rules.name} in {args.jobs} process(es)...", file=sys.stderr, flush=True)
    bar = Progress(args.deals, "paired deals")

    def progress(margins: list[float]) -> None:
        mean, low, high = confidence_interval(margins)
        bar.update(len(margins), f"so far {mean:+.3f} ({low:+.3f} to {high:+.3f})")

    if args.jobs == 1:
        a, b = Stopwatch(make_bot(args.bot_a)), Stopwatch(make_bot(args.bot_b))
        results = [(paired_margins(a, b, args.deals, args.seed, rules, progress, args.start), a.seconds, b.seconds)]
    else:  # small shares, so that the bar moves as each is done
        size = max(1, min(25, args.deals // (8 * args.jobs)))
        end = args.start + args.deals
        jobs = [(args.bot_a, args.bot_b, start, min(size, end - start), args.seed, args.variant, rules.players)
                for start in range(args.start, end, size)]
        done: dict[int, tuple[list[float], list[float], list[float]]] = {}
        with ProcessPoolExecutor(args.jobs) as pool:
            shares = {pool.submit(_play_share, job): job[2] for job in jobs}
            for share in as_completed(shares):
                done[shares[share]] = share.result()
                progress([m for result in done.values() for m in result[0]])
        results = [done[start] for start in sorted(done)]
    bar.finish()
    margins = [m for share in results for m in share[0]]
    mean, low, high = confidence_interval(margins)
    deals = f"deals {args.start} to {args.start + args.deals - 1} of " if args.start else ""
    print(f"{args.bot_a} vs {args.bot_b}: {args.deals} paired deals ({2 * args.deals} hands) of "
          f"{args.variant}, {deals}seed {args.seed}")
    print(f"mean point margin per hand for {args.bot_a}: {mean:+.3f}  (95% CI {low:+.3f} to {high:+.3f})")
    if args.margins:
        Path(args.margins).write_text(json.dumps(margins))
    if args.against:
        other = json.loads(Path(args.against).read_text())
        mean, low, high = confidence_interval(paired_difference(margins, other))
        print(f"against {args.against}, paired deal by deal on the first {min(len(margins), len(other))} "
              f"deals: {mean:+.3f}  (95% CI {low:+.3f} to {high:+.3f})")
    for name, index in ((args.bot_a, 1), (args.bot_b, 2)):
        seconds = [s for share in results for s in share[index]]
        if seconds:
            median, p99 = summary(seconds)
            print(f"  {name}: {len(seconds)} decisions with a choice, median {median:.1f} ms, "
                  f"99th percentile {p99:.1f} ms")
    print(f"({time.time() - began:.0f} s)", file=sys.stderr)


if __name__ == "__main__":
    main()
