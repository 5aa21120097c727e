"""Measure the Scopa evaluation tables (neapolitan/scopa/evaluation.json) on played hands.

For every variant the practice table offers, `--hands` hands are played with `--policy` in every
seat, and every position's public facts are paired with what the rest of its hand brought
(neapolitan.scopa.evaluation). The policy is `greedy` (quick) or any player the arena knows, such
as `think:20000:16`, a thoughtful player searching with the tables in use (set SCOPA_EVALUATION
to try other tables): each round of tables is then measured on better play. `--explore` has a
share of the plays chosen at random; `--world` measures a world's facts (who holds what:
`WorldFacts`), kept beside the variant's public tables (in use at Scopone Scientifico, where every card
is dealt at the start; tried at two-player Scopa, and not kept: see README); `--deal-starts`
measures only the positions where a deal of the stock starts (tried at two-player Scopa, whose
search judges its leaves there, and not kept: see README). Seeded: the same command writes the same file.

    .venv/bin/python scripts/fit_scopa_evaluation.py --hands 60000 --jobs 2
"""
from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

from neapolitan.progress import Progress
from neapolitan.scopa.arena import make_bot
from neapolitan.scopa.evaluation import (
    TABLES_FILE,
    WORLD,
    dump_tables,
    merge,
    played_facts,
    read_tables,
    tables_from,
    tally,
)
from neapolitan.scopa.rules import Rules

VARIANTS = (
    ("SCOPA_2P", 2), ("SCOPA_3P", 3), ("SCOPA_4P", 4), ("SCOPONE_SCIENTIFICO", 4), ("SCOPONE", 4),
    ("QUINDICI", 2), ("QUINDICI_NAPOLETANA", 2), ("ASSI", 2),
)
CHUNK = 250  # hands per task


def _tally_chunk(job: tuple[str, int, str, str, int, int, bool, float, bool]):
    variant, players, policy, seed, first, hands, world, explore, deal_starts = job
    player = exploring(make_bot(policy), explore) if explore else make_bot(policy)
    facts = played_facts(Rules(variant, players=players), hands, seed, player, first=first, world=world,
                         deal_starts=deal_starts)
    return tally(facts, world)


def exploring(policy: Callable, share: float) -> Callable:
    """`policy`, except that a `share` of its plays are chosen at random (from the hand's seeded
    generator): the hands then reach positions the policy itself would not, as a search does."""
    def play(view, rng):
        return rng.choice(view.legal_actions()) if rng.random() < share else policy(view, rng)
    return play


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=60000, help="hands played per variant")
    parser.add_argument("--seed", default="evaluation")
    parser.add_argument("--policy", default="greedy", help="who plays the hands: greedy, or an arena player")
    parser.add_argument("--jobs", type=int, default=1, help="processes to play in")
    parser.add_argument("--only", help="fit this variant only (VARIANT/PLAYERS); the others in --out are kept")
    parser.add_argument("--out", default=str(TABLES_FILE))
    parser.add_argument("--explore", type=float, default=0.0, help="a share of plays chosen at random instead "
                        "of by the policy, so that the tables see positions a search reaches and it never would")
    parser.add_argument("--world", action="store_true", help="tables of a world's facts (who holds what "
                        "in a deal of the hidden cards), kept beside the public ones")
    parser.add_argument("--deal-starts", action="store_true", help="only the positions where a deal of the "
                        "stock starts (every hand full): where a two-player search judges its leaves")
    args = parser.parse_args(argv)
    make_bot(args.policy)  # an unknown name stops here
    chosen = [v for v in VARIANTS if not args.only or f"{v[0]}/{v[1]}" == args.only]
    if not chosen:
        raise SystemExit(f"--only: choose one of {', '.join(f'{v}/{p}' for v, p in VARIANTS)}")
    out = Path(args.out)
    tables, about = read_tables(out) if args.only and out.exists() else ({}, {})
    start = time.time()
    with ProcessPoolExecutor(args.jobs) as pool:
        for number, (variant, players) in enumerate(chosen, start=1):
            jobs = [(variant, players, args.policy, args.seed, first, min(CHUNK, args.hands - first), args.world,
                     args.explore, args.deal_starts)
                    for first in range(0, args.hands, CHUNK)]
            tallies: list = []
            bar = Progress(args.hands, f"hands of {variant}/{players} ({number}/{len(chosen)})")
            for future in as_completed([pool.submit(_tally_chunk, job) for job in jobs]):
                tallies.append(future.result())
                bar.update(min(len(tallies) * CHUNK, args.hands))
            bar.finish()
            name = f"{variant}/{players}"
            key = name + WORLD if args.world else name
            tables[key] = tables_from(merge(tallies), args.world)
            about[key] = {"hands": args.hands, "seed": args.seed, "policy": args.policy, "command": (
                f"scripts/fit_scopa_evaluation.py --hands {args.hands} --seed {args.seed} --policy {args.policy}"
                + (f" --explore {args.explore}" if args.explore else "")
                + (f" --only {name}" if args.only else "") + (" --world" if args.world else "")
                + (" --deal-starts" if args.deal_starts else ""))}
            if args.explore:
                about[key]["explore"] = args.explore
    out.write_text(dump_tables(tables, about) + "\n")
    print(f"Wrote {out} ({out.stat().st_size // 1024} KB) in {time.time() - start:.0f} s")


if __name__ == "__main__":
    main()
