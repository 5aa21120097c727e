"""Saltacavallo puzzles on the site: the table as seat 0 sees it, the answer read from the form,
the verdicts as rows; registered with the shared puzzle machinery (tutorials.puzzles)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.http import QueryDict
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from neapolitan.saltacavallo import GameState, Rules
from tutorials.puzzles.choices import ChoiceOption, choice_answer, choice_options
from tutorials.puzzles.registry import PuzzleGame, register
from tutorials.saltacavallo.table import Choice, SeatView, choices_for, ring

register(PuzzleGame(
    slug="saltacavallo",
    clear_gap=0.3,  # 30 points of chance of losing a life between the two best answers: as plain as a point of Scopa
    engine_module="neapolitan.saltacavallo.puzzles",
    variants=("P4", "P5"),
    variant_labels={"P4": gettext_lazy("4 players"), "P5": gettext_lazy("5 players")},
    basic_kinds=("keep_or_swap",),  # four players, keep or swap: the dealer's draw comes later
    presenter_module="tutorials.saltacavallo.puzzles",
    position_template="saltacavallo/_puzzle_position.html",
    verdicts_template="saltacavallo/_puzzle_verdicts.html",
    themes={
        "keep_or_swap": gettext_lazy("Keep or swap"),
        "dealer_draw": gettext_lazy("The dealer's draw"),
        "wall": gettext_lazy("The wall (Re)"),
        "jump": gettext_lazy("The jump (Cavallo)"),
        "known_card": gettext_lazy("A card you learned in a swap"),
        "last_life": gettext_lazy("Your last life"),
    },
    kinds={
        "keep_or_swap": gettext_lazy("Keep or swap?"),
        "dealer_draw": gettext_lazy("Keep or draw?"),
    },
    starter="tutorials/saltacavallo/data/saltacavallo_starter.jsonl",
    unit="percentage points",
    about=gettext_lazy(
        "Hands from games of the engine's players, seen from your seat at your turn. Keep or swap (as the "
        "dealer, keep or draw), then see each choice's exact chance of losing a life, counted over every "
        "deal of the cards you cannot see."),
))


@dataclass
class SaltaPosition:
    state: GameState
    seats: list[SeatView]
    swaps: list[str]
    choices: list[Choice]
    title: str


def present(rules_text: str, position: str, choose: str = "", kind: str = "",
            answers: frozenset[str] = frozenset()) -> SaltaPosition:
    state = GameState.from_text(position, Rules.from_text(rules_text))
    seats, swaps = ring(state)
    return SaltaPosition(
        state=state, seats=seats, swaps=swaps, choices=choices_for(state),
        title=_("Saltacavallo, %(n)s players") % {"n": state.players},
    )


def answer_text(post: QueryDict) -> str:
    """The engine's answer from the posted form; BadAnswer (a 400) for anything else."""
    return choice_answer(post, LABELS, _("Choose one: keep your card, swap it, or (as the dealer) draw."))


LABELS = {"keep": gettext_lazy("Keep"), "swap": gettext_lazy("Swap"), "draw": gettext_lazy("Draw")}


def options(spec: Any, chosen: str) -> list[ChoiceOption]:
    return choice_options(spec, chosen, LABELS)
