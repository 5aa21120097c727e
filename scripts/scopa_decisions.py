"""Print the Scopa computer players' decisions on seeded positions, to show that a change to the
search leaves them alone: run it before and after, and compare the two outputs (they must be equal).

`python scripts/scopa_decisions.py [--positions N] [--seed S]`: for each table (two-player Scopa,
Scopone Scientifico, Scopone, two-player Scopa a Quindici) the Thoughtful player's analysis, and
the coach's advice, of N positions met in hands the greedy player plays out (arena-like deals,
the current deal's history kept as the tables keep it): the chosen play, every play's value
rounded to 1e-9 and the positions searched.
"""
from __future__ import annotations

import argparse
import random

from neapolitan.scopa.bots import THOUGHTFUL_PLAYER, greedy
from neapolitan.scopa.coach import advise
from neapolitan.scopa.rules import Rules
from neapolitan.scopa.state import deal, history_after

TABLES = (("SCOPA_2P", 2), ("SCOPONE_SCIENTIFICO", 4), ("SCOPONE", 4), ("QUINDICI", 2))


def positions(rules: Rules, count: int, seed: str):
    """The first `count` views with a choice met in hands the greedy player plays out."""
    found = 0
    n = 0
    while True:
        state = deal(rules, f"{seed}:{n}", dealer=n % rules.players)
        history: tuple = ()
        while not state.is_over:
            view = state.view(state.to_move, history)
            if len(view.legal_actions()) > 1:
                yield n, view
                found += 1
                if found >= count:
                    return
            play = greedy(view)
            after = state.apply(play)
            history = history_after(history, state, play, after)
            state = after
        n += 1


def values_text(values: dict) -> str:
    return " ".join(f"{play}={round(value, 9)!r}" for play, value in sorted(values.items(), key=lambda pv: str(pv[0])))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--coach", type=int, default=10, help="positions of each table the coach advises on")
    parser.add_argument("--seed", default="same")
    parser.add_argument("--table", action="append", metavar="VARIANT:PLAYERS",
                        help="another table instead of the four (repeatable), like SCOPA_3P:3")
    args = parser.parse_args()
    tables = [(t.split(":")[0], int(t.split(":")[1])) for t in args.table] if args.table else TABLES
    for variant, players in tables:
        rules = Rules(variant, players=players)
        for index, (hand, view) in enumerate(positions(rules, args.positions, f"{args.seed}:{variant}")):
            rng = random.Random(f"{args.seed}:{index}")
            analysis = THOUGHTFUL_PLAYER.analyse(view, rng)
            print(f"{variant} hand {hand} [{view.to_text()}] best {analysis.best} nodes {analysis.nodes} "
                  f"worlds {analysis.samples}: {values_text(analysis.values)}", flush=True)
            if index < args.coach:
                advice = advise(view)
                risks = " ".join(f"{v.answer}:{v.scopa_risk!r}" for v in advice.verdicts)
                print(f"  coach: best {advice.best.answer} nodes {advice.nodes} worlds {advice.worlds}: "
                      f"{values_text(advice.reading.values)} risks {risks}", flush=True)


if __name__ == "__main__":
    main()
