"""Puzzle files: one engine PuzzleSpec dict per line (JSON lines), named `<game>_<set>.jsonl`; each
game ships its starter file (PuzzleGame.starter, in the game's app)."""
from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any, TextIO

from tutorials.puzzles.registry import PUZZLE_GAMES, PuzzleGame


class BadPuzzleFile(ValueError):
    """A puzzle file that cannot be read; the message names the file and the line."""


def shipped_files() -> list[Path]:
    """Every game's starter file, in the order of the games."""
    return [game.starter_path for game in PUZZLE_GAMES.values() if game.starter_path and game.starter_path.is_file()]


def game_of(path: Path) -> PuzzleGame:
    slug = path.name.split("_", 1)[0]
    if slug not in PUZZLE_GAMES:
        raise BadPuzzleFile(f"{path.name}: name puzzle files <game>_<set>.jsonl, with a game that has puzzles "
                            f"({', '.join(PUZZLE_GAMES)})")
    return PUZZLE_GAMES[slug]


def read_specs(path: Path, game: PuzzleGame | None = None) -> Iterator[Any]:
    """The specs of a file, each rebuilt by the engine (a malformed line names its number)."""
    game = game or game_of(path)
    with path.open(encoding="utf-8") as lines:
        for number, line in enumerate(lines, start=1):
            if not line.strip():
                continue
            try:
                yield game.spec(json.loads(line))
            except (ValueError, KeyError, TypeError) as error:
                raise BadPuzzleFile(f"{path.name} line {number}: {error}") from None


def count_lines(path: Path) -> int:
    with path.open(encoding="utf-8") as lines:
        return sum(1 for line in lines if line.strip())


def write_specs(specs: Iterable[Any], out: TextIO) -> int:
    written = 0
    for spec in specs:
        out.write(json.dumps(spec.to_dict(), ensure_ascii=False, separators=(",", ":")) + "\n")
        out.flush()
        written += 1
    return written
