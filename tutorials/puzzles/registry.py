"""The games that have puzzles: each game's app registers one PuzzleGame (its engine, how a
position is drawn and answered, its themes and kinds, its shipped puzzles), the way games register
their lesson step kinds and tables; the puzzle pages, ratings and reviews serve them all.

A game names its variants (the rules its puzzles are played by, which learners may filter by) and
which kinds and variants are basic: a new learner's first puzzles are basic ones.

The engine module provides `PuzzleSpec` (to_dict/from_dict, `solution`, `verdicts`), `generate`,
`verify`, `judge`, `rules_for(variant)` and `puzzle_at(rules, position_text)` (the puzzle a typed
position makes, or None; live sessions ask it) (see neapolitan/scopa/puzzles.py); a variant whose
puzzles another of its generators finds (kinds of puzzle under the same rules) names it in
`generators`. The presenter module provides
`present(rules_text, position, choose)` for the position template, `answer_text(post)` (the
engine's answer from the posted form; BadAnswer for anything else) and `options(spec, chosen)`
for the verdicts template.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from types import ModuleType
from typing import Any

from django.conf import settings
from django.db.models import Q
from django.http import Http404


@dataclass(frozen=True)
class PuzzleGame:
    slug: str
    engine_module: str
    variants: tuple[str, ...]  # the first is the default of `generate_puzzles`
    presenter_module: str
    position_template: str  # the position, and the answer controls until it is answered
    verdicts_template: str  # every answer with its value, and what the values are proven against
    themes: dict[str, Any] = field(default_factory=dict)  # key: label
    kinds: dict[str, Any] = field(default_factory=dict)
    starter: str = ""  # the shipped puzzles, relative to the project's root
    unit: str = "points"  # what a verdict's value counts: points (of the hand), stakes, chips...
    kind_units: dict[str, str] = field(default_factory=dict)  # kinds counted in another unit
    about: Any = ""  # the puzzle page's lead: where the positions come from, how they are proven
    clear_gap: float = 1.0  # a gap between the two best answers (in `unit`) as plain as a point of Scopa
    generators: dict[str, str] = field(default_factory=dict)  # variant: engine generator other than `generate`
    variant_labels: dict[str, Any] = field(default_factory=dict)  # the variants' names in the puzzles' filter
    # A new learner's first puzzles are basic ones: of these kinds and variants (by default the
    # first kind listed and the first variant).
    basic_kinds: tuple[str, ...] = ()
    basic_variants: tuple[str, ...] = ()

    @property
    def engine(self) -> ModuleType:
        return importlib.import_module(self.engine_module)

    def rules(self, variant: str) -> Any:
        return self.engine.rules_for(variant)

    def generate(self, variant: str, seed: int | str, count: int, progress: Any = None) -> Any:
        """The engine's puzzles of `variant`, each verified as it is found (an iterator of specs)."""
        make = getattr(self.engine, self.generators.get(variant, "generate"))
        return make(self.rules(variant), seed, count, progress)

    def spec(self, data: dict) -> Any:
        return self.engine.PuzzleSpec.from_dict(data)

    @cached_property
    def variant_rules(self) -> dict[str, str]:
        """Each variant's rules as its puzzles store them (their `rules_text`), by variant; of
        variants under the same rules (kinds with generators of their own) only the first."""
        found: dict[str, str] = {}
        for variant in self.variants:
            rules = self.rules(variant).to_text()
            if rules not in found.values():
                found[variant] = rules
        return found

    def variant_label(self, variant: str) -> str:
        return str(self.variant_labels.get(variant, variant))

    @property
    def basic(self) -> Q:
        """Which of the game's puzzles are basic: a new learner starts on them."""
        kinds = self.basic_kinds or tuple(self.kinds)[:1]
        variants = self.basic_variants or self.variants[:1]
        return Q(kind__in=kinds, rules_text__in=[self.variant_rules[v] for v in variants])

    @property
    def presenter(self) -> ModuleType:
        return importlib.import_module(self.presenter_module)

    @property
    def starter_path(self) -> Path | None:
        return Path(settings.BASE_DIR) / self.starter if self.starter else None


PUZZLE_GAMES: dict[str, PuzzleGame] = {}
THEMES: dict[str, Any] = {}  # every game's themes (their keys differ from game to game)
KINDS: dict[str, Any] = {}


def register(game: PuzzleGame) -> PuzzleGame:
    PUZZLE_GAMES[game.slug] = game
    THEMES.update(game.themes)
    KINDS.update(game.kinds)
    return game


def puzzle_game(slug: str) -> PuzzleGame:
    """The game's puzzle machinery; a game without puzzles is a 404."""
    try:
        return PUZZLE_GAMES[slug]
    except KeyError:
        raise Http404("This game has no puzzles yet") from None
