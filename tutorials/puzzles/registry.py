"""The games that have puzzles: where each one's engine is, its variants and how a position is drawn.

The engine module of a game provides `PuzzleSpec` (to_dict/from_dict), `generate`, `verify` and
`judge` (see neapolitan/scopa/puzzles.py); it is imported on first use.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from django.http import Http404
from django.utils.translation import gettext_lazy as _

THEMES = {
    "settebello": _("Settebello"),
    "scopa_threat": _("Scopa threat"),
    "leave_no_sweep": _("Leave no sweep"),
    "primiera_sevens": _("Primiera sevens"),
    "single_card_priority": _("Single-card priority"),
    "counting_endgame": _("Counting endgame"),
    "partner_play": _("Partner play"),
    "choose_capture": _("Choosing the capture"),
    "choose_discard": _("Choosing the discard"),
}

KINDS = {
    "best_play": _("Best play"),
    "safe_trail": _("Trail safely"),
    "sweep": _("Can you sweep?"),
    "counting": _("Counting endgame"),
    "scopone": _("Lead and partner play"),
}


@dataclass(frozen=True)
class PuzzleGame:
    slug: str
    engine_module: str
    variants: tuple[str, ...]  # the first is the default of `generate_puzzles`
    position_template: str
    presenter_module: str  # present(rules_text, position, choose), play_parts(text), answer_text(card, take)

    @property
    def engine(self) -> ModuleType:
        return importlib.import_module(self.engine_module)

    def rules(self, variant: str) -> Any:
        rules_module = importlib.import_module(self.engine_module.rsplit(".", 1)[0])
        return rules_module.Rules(variant)

    def spec(self, data: dict) -> Any:
        return self.engine.PuzzleSpec.from_dict(data)

    @property
    def presenter(self) -> ModuleType:
        return importlib.import_module(self.presenter_module)


PUZZLE_GAMES = {
    "scopa": PuzzleGame(
        slug="scopa",
        engine_module="neapolitan.scopa.puzzles",
        variants=("SCOPA_2P", "SCOPONE_SCIENTIFICO"),
        position_template="puzzles/_scopa_position.html",
        presenter_module="tutorials.puzzles.scopa",
    ),
}


def puzzle_game(slug: str) -> PuzzleGame:
    """The game's puzzle machinery; a game without puzzles is a 404."""
    try:
        return PUZZLE_GAMES[slug]
    except KeyError:
        raise Http404("This game has no puzzles yet") from None
