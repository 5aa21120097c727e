"""`manage.py load_puzzles [FILE ...]`: store the shipped puzzle files (or the given ones). Idempotent."""
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from neapolitan.progress import Progress
from tutorials.puzzles.files import BadPuzzleFile, count_lines, game_of, read_specs, shipped_files
from tutorials.puzzles.registry import PUZZLE_GAMES
from tutorials.puzzles.services import puzzles_store


class Command(BaseCommand):
    help = "Load puzzle files (JSON lines of engine puzzle specs, named <game>_<set>.jsonl) into the database."

    def add_arguments(self, parser) -> None:
        parser.add_argument("files", nargs="*", type=Path,
                            help="Puzzle files to load (default: every game's starter file).")
        parser.add_argument("--game", choices=sorted(PUZZLE_GAMES),
                            help="The game of the files (default: the start of each file's name).")

    def handle(self, *args, **options) -> None:
        paths = options["files"] or shipped_files()
        quiet = options["verbosity"] < 1
        created = updated = 0
        for path in paths:
            if not path.is_file():
                raise CommandError(f"No puzzle file at {path}")
            try:
                game = PUZZLE_GAMES[options["game"]] if options["game"] else game_of(path)
                bar = None if quiet else Progress(count_lines(path), f"puzzles from {path.name}", self.stderr)
                new, changed = puzzles_store(game=game.slug, specs=read_specs(path, game),
                                             progress=bar.update if bar else None)
            except BadPuzzleFile as error:
                raise CommandError(f"A puzzle file needs fixing: {error}") from None
            if bar:
                bar.finish()
            created += new
            updated += changed
        if not quiet:
            self.stdout.write(self.style.SUCCESS(
                f"Puzzles: {created} new, {updated} updated, from {len(paths)} file(s)."))
