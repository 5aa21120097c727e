"""Fit how a searching Scopa player chooses his plays (`neapolitan.scopa.belief.SEARCHER_WEIGHTS`).

Two-player hands are played by the thoughtful player against `search-v1`, each deal twice with
the seats swapped; at every decision with a choice, the cards the mover held, the table and the
play he made are kept. The weights of `play_features` are then fitted by maximum likelihood, the
chance of each play being a softmax of their sum (a conditional logit, by gradient ascent with a
little shrinkage). Seeded: the same command prints the same weights.

    .venv/bin/python scripts/fit_scopa_opponent.py --deals 60 --seed fit
"""
from __future__ import annotations

import argparse
import math
import random

from neapolitan.scopa.arena import make_bot
from neapolitan.scopa.belief import _Position, play_features
from neapolitan.scopa.rules import Rules
from neapolitan.scopa.state import deal, history_after

Decision = tuple[list[tuple[float, ...]], int]  # every legal play's features, and the one chosen


def decisions(deals: int, seed: str, names: tuple[str, str] = ("search", "search-v1")) -> list[Decision]:
    """Every decision with a choice in `deals` paired deals between the two players."""
    rules = Rules()
    bots = [make_bot(name) for name in names]
    found: list[Decision] = []
    for number in range(deals):
        for swap in (0, 1):
            state = deal(rules, f"{seed}:{number}", dealer=1)
            rng = random.Random(number)
            history = ()
            while not state.is_over:
                play = bots[(state.to_move + swap) % 2](state.view(state.to_move, history), rng)
                plays = state.legal_actions()
                if len(plays) > 1:
                    position = _Position(rules, state.table, state.cards_left_to_play())
                    found.append(([play_features(position, p) for p in plays], plays.index(play)))
                after = state.apply(play)
                history = history_after(history, state, play, after)
                state = after
    return found


def fit(found: list[Decision], steps: int = 400, rate: float = 3.0, shrink: float = 0.002) -> tuple[list[float], float]:
    """The weights, and the mean log-likelihood of the plays made."""
    size = len(found[0][0][0])
    weights = [0.0] * size
    mean = 0.0
    for _ in range(steps):
        gradient = [0.0] * size
        total = 0.0
        for features, chosen in found:
            scores = [sum(w * f for w, f in zip(weights, fs, strict=True)) for fs in features]
            top = max(scores)
            odds = [math.exp(s - top) for s in scores]
            norm = sum(odds)
            total += scores[chosen] - top - math.log(norm)
            for j in range(size):
                gradient[j] += features[chosen][j] - sum(o * fs[j] for o, fs in zip(odds, features, strict=True)) / norm
        weights = [w + rate * (g / len(found) - shrink * w) for w, g in zip(weights, gradient, strict=True)]
        mean = total / len(found)
    return weights, mean


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=60)
    parser.add_argument("--seed", default="fit")
    args = parser.parse_args()
    found = decisions(args.deals, args.seed)
    weights, mean = fit(found)
    uniform = -sum(math.log(len(features)) for features, _ in found) / len(found)
    print(f"{len(found)} decisions; log-likelihood per play {mean:.3f} (uniform {uniform:.3f})")
    print("SEARCHER_WEIGHTS = (" + ", ".join(f"{w:.2f}" for w in weights) + ")")


if __name__ == "__main__":
    main()
