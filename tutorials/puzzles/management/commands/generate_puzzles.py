"""`manage.py generate_puzzles --game scopa --count N --seed S [--variant V] [--output FILE]`.

The engine plays its bots against each other and keeps positions with one clearly best answer;
they are stored in the database, or written as JSON lines (the format of load_puzzles).
"""
import time
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from neapolitan.progress import Progress
from tutorials.puzzles.files import write_specs
from tutorials.puzzles.registry import PUZZLE_GAMES
from tutorials.puzzles.services import puzzles_store

BATCH = 25  # puzzles stored per transaction while generating


class Command(BaseCommand):
    help = "Generate verified puzzles by bot self-play; store them, or write them to a JSON-lines file."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--game", required=True, choices=sorted(PUZZLE_GAMES))
        parser.add_argument("--count", type=int, required=True, help="How many puzzles to generate.")
        parser.add_argument("--seed", required=True, help="The seed of the deals (the same seed, the same puzzles).")
        parser.add_argument("--variant", help="The game's variant (default: its first, e.g. SCOPA_2P).")
        parser.add_argument("--output", type=Path, help="Write JSON lines to this file instead of the database.")
        parser.add_argument("--append", action="store_true", help="With --output: add to the file.")

    def handle(self, *args, **options) -> None:
        game = PUZZLE_GAMES[options["game"]]
        variant = options["variant"] or game.variants[0]
        if variant not in game.variants:
            raise CommandError(f"{game.slug} puzzles come in {', '.join(game.variants)}, not {variant!r}")
        if options["count"] < 1:
            raise CommandError("--count must be at least 1")
        seed = options["seed"]
        bar = Progress(options["count"], f"{variant} puzzles", self.stderr)
        bar.update(0)
        # The engine reports each puzzle it has found and verified.
        specs = game.generate(variant, seed, options["count"], bar.update)
        started = time.monotonic()
        if options["output"]:
            mode = "a" if options["append"] else "w"
            with options["output"].open(mode, encoding="utf-8") as out:
                written = write_specs(specs, out)
            bar.finish()
            self.stdout.write(self.style.SUCCESS(
                f"Wrote {written} puzzles to {options['output']} in {time.monotonic() - started:.1f} s."))
            return
        created = updated = 0
        batch = []
        for spec in specs:
            batch.append(spec)
            if len(batch) == BATCH:
                new, changed = puzzles_store(game=game.slug, specs=batch)
                created, updated, batch = created + new, updated + changed, []
        if batch:
            new, changed = puzzles_store(game=game.slug, specs=batch)
            created, updated = created + new, updated + changed
        bar.finish()
        self.stdout.write(self.style.SUCCESS(
            f"Stored {created} new puzzles ({updated} updated) in {time.monotonic() - started:.1f} s."))
