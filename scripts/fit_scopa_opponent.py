"""Fit how a searching Scopa player chooses his plays (`neapolitan.scopa.belief.SEARCHER_WEIGHTS`
and `READER_WEIGHTS`).

Hands are played by the thoughtful player against `search-v1` (`--player`, `--against`; two-player
Scopa unless `--variant` names another, each player holding one side's seats), each deal twice with
the seats swapped; at every decision with a choice, the cards the mover held, the table and the
play he made are kept. The weights of `play_features` (or, with `--features reader`, of
`reader_features`) are then fitted by maximum likelihood, the chance of each play being a softmax
of their sum (a conditional logit, by gradient ascent with a little shrinkage). With `--holdout K`
every K-th deal is left out of the fit and the log-likelihood is measured on it, with the new
weights and with the weights in use. Seeded: the same
command prints the same weights.

    .venv/bin/python scripts/fit_scopa_opponent.py --deals 60 --seed fit
    .venv/bin/python scripts/fit_scopa_opponent.py --deals 400 --seed dec1 --features reader \
        --holdout 4 --steps 300 --rate 2 --arena-rng --player search-v3

READER_WEIGHTS were fitted by that procedure with numpy (the same gradient steps), on the plays
of `search-v1` and of the thoughtful player that read the opponent by `searcher_value`
(`search-v3`); SEARCHER_WEIGHTS on those of `search-v1` and of the thoughtful player of its day.
"""
from __future__ import annotations

import argparse
import math
import random

from neapolitan.cards import cards_from_mask
from neapolitan.scopa.arena import make_bot
from neapolitan.scopa.belief import (
    READER_WEIGHTS,
    SEARCHER_WEIGHTS,
    _Position,
    play_features,
    reader_features,
)
from neapolitan.scopa.rules import VARIANTS, Rules
from neapolitan.scopa.state import deal, history_after

Decision = tuple[list[tuple[float, ...]], int]  # every legal play's features, and the one chosen


def decisions(deals: int, seed: str, names: tuple[str, str] = ("search", "search-v1"), features=play_features,
              arena_rng: bool = False, rules: Rules | None = None) -> list[list[Decision]]:
    """Every decision with a choice in `deals` paired deals between the two players (each holding
    one side's seats), by deal (each hand's rng seeded by the deal's number, or with `arena_rng` as
    the arena seeds it)."""
    rules = rules or Rules()
    bots = [make_bot(name) for name in names]
    found: list[list[Decision]] = []
    for number in range(deals):
        found.append([])
        for swap in (0, 1):
            state = deal(rules, f"{seed}:{number}", dealer=1)
            rng = random.Random(f"{seed}:{number}" if arena_rng else number)
            history = ()
            while not state.is_over:
                view = state.view(state.to_move, history)
                play = bots[(rules.seat_sides[state.to_move] + swap) % 2](view, rng)
                plays = state.legal_actions()
                if len(plays) > 1:
                    pile = tuple(cards_from_mask(view.piles[rules.seat_sides[view.seat]]))
                    position = _Position(rules, state.table, state.cards_left_to_play(),
                                         (*view.unseen(), *view.hand), pile)
                    found[-1].append(([features(position, p) for p in plays], plays.index(play)))
                after = state.apply(play)
                history = history_after(history, state, play, after)
                state = after
    return found


def fit(found: list[Decision], steps: int = 400, rate: float = 3.0, shrink: float = 0.002) -> tuple[list[float], float]:
    """The weights, and the mean log-likelihood of the plays made (with the weights before the
    last step)."""
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


def log_likelihood(weights: list[float], found: list[Decision]) -> float:
    """The mean log-likelihood of the plays made, with these weights."""
    total = 0.0
    for features, chosen in found:
        scores = [sum(w * f for w, f in zip(weights, fs, strict=True)) for fs in features]
        top = max(scores)
        total += scores[chosen] - top - math.log(sum(math.exp(s - top) for s in scores))
    return total / len(found)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=60)
    parser.add_argument("--seed", default="fit")
    parser.add_argument("--features", choices=("play", "reader"), default="play")
    parser.add_argument("--holdout", type=int, default=0, help="leave every K-th deal out of the fit, to test on")
    parser.add_argument("--steps", type=int, default=400)
    parser.add_argument("--rate", type=float, default=3.0)
    parser.add_argument("--arena-rng", action="store_true", help="seed each hand's rng as the arena does")
    parser.add_argument("--player", default="search", help="the thoughtful player who plays search-v1")
    parser.add_argument("--against", default="search-v1", help="the player he plays against")
    parser.add_argument("--variant", default="SCOPA_2P", choices=list(VARIANTS))
    args = parser.parse_args()
    features = reader_features if args.features == "reader" else play_features
    in_use = READER_WEIGHTS if args.features == "reader" else SEARCHER_WEIGHTS
    by_deal = decisions(args.deals, args.seed, (args.player, args.against), features, args.arena_rng,
                        Rules(args.variant))
    found = [d for n, ds in enumerate(by_deal) if not args.holdout or n % args.holdout for d in ds]
    weights, mean = fit(found, args.steps, args.rate)
    uniform = -sum(math.log(len(features)) for features, _ in found) / len(found)
    print(f"{len(found)} decisions; log-likelihood per play {mean:.3f} (uniform {uniform:.3f})")
    if args.holdout:
        left_out = [d for n, ds in enumerate(by_deal) if not n % args.holdout for d in ds]
        print(f"{len(left_out)} decisions left out: log-likelihood per play {log_likelihood(weights, left_out):.3f}"
              f" (the weights in use: {log_likelihood(list(in_use), left_out):.3f})")
    name = "READER_WEIGHTS" if args.features == "reader" else "SEARCHER_WEIGHTS"
    print(f"{name} = (" + ", ".join(f"{w:.2f}" for w in weights) + ")")


if __name__ == "__main__":
    main()
