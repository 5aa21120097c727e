"""`python -m neapolitan.scopa.phases BOT_A BOT_B --deals N --seed S`: where, in the hand, A gains
or loses points against B.

The arena's paired deals (`neapolitan.scopa.arena`), each hand cut at every deal of the stock: A's
expected margin is read by the learned evaluation (`neapolitan.scopa.evaluation`, as the Thoughtful
player reads it) when the cards are first dealt and each time the stock deals again, and the hand's
margin at its end. Each deal's change of that expectation is what A's and B's play in that deal
(and the cards it brought) did for A; paired, the luck of the cards mostly cancels, and the changes
add up to A's margin less the first expectation (about zero on average). A reading of the play,
not a proof: the evaluation judges the positions each deal leaves.
"""
from __future__ import annotations

import random
import sys

from neapolitan.progress import Progress
from neapolitan.scopa.arena import Bot, confidence_interval, make_bot, paired_deal_arguments
from neapolitan.scopa.bots import learned_leaf
from neapolitan.scopa.rules import Rules
from neapolitan.scopa.search import margin
from neapolitan.scopa.state import deal, played_out


def deal_changes(rules: Rules, seed: str, bots: tuple[Bot, Bot], side: int) -> list[float]:
    """One hand as the arena plays it (bots[0] holds side 0's seats): each deal of the stock's
    change of `side`'s expected margin, the last one to the hand's end."""
    state = deal(rules, seed, dealer=1)
    rng = random.Random(seed)
    leaf = learned_leaf(rules)
    expected = [leaf(state, side)]
    stock = len(state.stock)
    for now in played_out(state, lambda view: bots[rules.seat_sides[view.seat] != 0](view, rng)):
        if not now.is_over and len(now.stock) < stock:
            stock = len(now.stock)
            expected.append(leaf(now, side))
    expected.append(margin(now, side))
    return [after - before for before, after in zip(expected, expected[1:], strict=False)]


def paired_changes(a: Bot, b: Bot, deal_seed: str, rules: Rules) -> list[float]:
    """A's change per deal of the stock, averaged over the paired deal's two hands (A holding
    side 0's cards, then side 1's)."""
    first = deal_changes(rules, deal_seed, (a, b), 0)
    second = deal_changes(rules, deal_seed, (b, a), 1)
    return [(x + y) / 2 for x, y in zip(first, second, strict=True)]


def report(rows: list[list[float]]) -> list[str]:
    """Per deal of the stock: A's mean change and its 95% interval; then their sum."""
    lines = []
    for index in range(len(rows[0])):
        mean, low, high = confidence_interval([row[index] for row in rows])
        until = "the end of the hand" if index == len(rows[0]) - 1 else "the next deal"
        lines.append(f"  deal {index + 1} to {until}: {mean:+.3f}  (95% CI {low:+.3f} to {high:+.3f})")
    mean, low, high = confidence_interval([sum(row) for row in rows])
    lines.append(f"  all deals: {mean:+.3f}  (95% CI {low:+.3f} to {high:+.3f})")
    return lines


def main(argv: list[str] | None = None) -> None:
    args = paired_deal_arguments(__doc__.splitlines()[0]).parse_args(argv)
    a, b = make_bot(args.bot_a), make_bot(args.bot_b)
    rules = Rules(args.variant, players=args.players)
    print(f"Playing {args.deals} paired deals of {rules.name}...", file=sys.stderr, flush=True)
    bar = Progress(args.deals, "paired deals")
    rows = []
    for n in range(args.deals):
        rows.append(paired_changes(a, b, f"{args.seed}:{n}", rules))
        bar.update(n + 1)
    bar.finish()
    print(f"{args.bot_a} vs {args.bot_b}: {args.deals} paired deals of {args.variant}, seed {args.seed}; "
          f"{args.bot_a}'s expected margin per hand gained in each deal of the stock:")
    print("\n".join(report(rows)))


if __name__ == "__main__":
    main()
