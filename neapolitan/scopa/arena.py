"""`python -m neapolitan.scopa.arena BOT_A BOT_B --deals N --seed S`: paired deals between two bots.

Each deal is played twice with the seats swapped, so the luck of the cards cancels out; the
result is A's mean point margin per hand over B, with its 95% confidence interval.
"""
from __future__ import annotations

import argparse
import math
import random
import sys
from collections.abc import Callable

from neapolitan.scopa.actions import Play
from neapolitan.scopa.bots import BOTS, SearchBot
from neapolitan.scopa.rules import Rules
from neapolitan.scopa.search import margin
from neapolitan.scopa.state import PlayerView, deal

Bot = Callable[..., Play]


def make_bot(name: str) -> Bot:
    """`greedy`, `search` (12 samples) or `search:N` (N samples)."""
    if name.startswith("search:"):
        return SearchBot(samples=int(name.split(":", 1)[1]))
    if name not in BOTS:
        raise SystemExit(f"Unknown bot {name!r}: choose greedy, search or search:N")
    return BOTS[name]


def play_hand(rules: Rules, seed: str, bots: tuple[Bot, Bot], dealer: int) -> int:
    """Seat 0's margin in one hand where bots[i] plays seat i."""
    state = deal(rules, seed, dealer)
    rng = random.Random(seed)
    while not state.is_over:
        view: PlayerView = state.view(state.to_move)
        state = state.apply(bots[state.to_move](view, rng))
    return margin(state, 0)


def paired_margins(a: Bot, b: Bot, deals: int, seed: int | str, rules: Rules | None = None,
                   progress: Callable[[int], None] | None = None) -> list[float]:
    """A's mean margin over each deal played twice: the same cards in the same seats, A holding
    first one seat's cards and then the other's."""
    rules = rules or Rules()
    margins = []
    for n in range(deals):
        deal_seed = f"{seed}:{n}"
        first = play_hand(rules, deal_seed, (a, b), dealer=1)
        second = -play_hand(rules, deal_seed, (b, a), dealer=1)  # the same seats' cards, bots swapped
        margins.append((first + second) / 2)
        if progress:
            progress(n + 1)
    return margins


def confidence_interval(values: list[float]) -> tuple[float, float, float]:
    """Mean and its 95% interval (normal approximation)."""
    n = len(values)
    mean = sum(values) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1)) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n)
    return mean, mean - half, mean + half


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("bot_a")
    parser.add_argument("bot_b")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", default="arena")
    parser.add_argument("--variant", default="SCOPA_2P", choices=["SCOPA_2P", "QUINDICI", "ASSI"])
    args = parser.parse_args(argv)
    a, b = make_bot(args.bot_a), make_bot(args.bot_b)

    def progress(done: int) -> None:
        bar = "#" * (30 * done // args.deals)
        print(f"\r[{bar:<30}] {done}/{args.deals} paired deals", end="", file=sys.stderr, flush=True)

    margins = paired_margins(a, b, args.deals, args.seed, Rules(args.variant), progress)
    mean, low, high = confidence_interval(margins)
    print(file=sys.stderr)
    print(f"{args.bot_a} vs {args.bot_b}: {args.deals} paired deals ({2 * args.deals} hands), seed {args.seed}")
    print(f"mean point margin per hand for {args.bot_a}: {mean:+.3f}  (95% CI {low:+.3f} to {high:+.3f})")


if __name__ == "__main__":
    main()
