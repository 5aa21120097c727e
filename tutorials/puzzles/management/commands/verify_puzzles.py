"""`manage.py verify_puzzles [FILE ...] [--jobs N]`: recompute every puzzle of the shipped files (or
the given ones) from its position with the engine, every deal played out again, and report any that
differs from what the file states. Exits with an error when one does."""
import os
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from neapolitan.progress import Progress
from tutorials.puzzles.files import BadPuzzleFile, game_of, read_specs, shipped_files


def _verified(args: tuple[str, dict]) -> bool:
    engine_module, spec = args
    from tutorials.puzzles.registry import PUZZLE_GAMES

    game = next(g for g in PUZZLE_GAMES.values() if g.engine_module == engine_module)
    return game.engine.verify(game.spec(spec))


class Command(BaseCommand):
    help = "Recompute every puzzle of the puzzle files with the engine and report those that differ."

    def add_arguments(self, parser) -> None:
        parser.add_argument("files", nargs="*", type=Path,
                            help="Puzzle files to verify (default: every game's starter file).")
        parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="Processes to use.")

    def handle(self, *args, **options) -> None:
        if options["jobs"] < 1:
            raise CommandError("--jobs must be at least 1")
        failed = []
        checked = 0
        for path in options["files"] or shipped_files():
            if not path.is_file():
                raise CommandError(f"No puzzle file at {path}")
            try:
                game = game_of(path)
                specs = list(read_specs(path, game))
            except BadPuzzleFile as error:
                raise CommandError(str(error)) from None
            bar = Progress(len(specs), f"puzzles of {path.name} recomputed", self.stderr)
            work = [(game.engine_module, spec.to_dict()) for spec in specs]
            with ProcessPoolExecutor(options["jobs"]) as pool:
                for number, ok in enumerate(pool.map(_verified, work, chunksize=4), start=1):
                    if not ok:
                        failed.append(f"{path.name} line {number}: {specs[number - 1].position}")
                    bar.update(number)
            bar.finish()
            checked += len(specs)
        if failed:
            raise CommandError(f"{len(failed)} of {checked} puzzles differ from the engine's verdict:\n" + "\n".join(failed))
        self.stdout.write(self.style.SUCCESS(f"All {checked} puzzles recomputed: each matches the engine's verdict."))
