"""Puzzles for the tests: the shipped starter set (engine-generated), a few stored per test."""
from __future__ import annotations

import pytest

from neapolitan.scopa import Rules
from tests.puzzles.support import needs_choice
from tutorials.puzzles.models import Puzzle
from tutorials.puzzles.services import puzzles_store


@pytest.fixture
def puzzles(db, shipped_specs) -> list[Puzzle]:
    """A dozen stored puzzles of different kinds, one at least whose answer needs a capture choice."""
    chosen = shipped_specs[:10] + [next(s for s in shipped_specs if needs_choice(s))]
    scopone = [s for s in shipped_specs if Rules.from_text(s.rules_text).players == 4][:2]
    puzzles_store(game="scopa", specs=chosen + scopone)
    return list(Puzzle.objects.order_by("pk"))
