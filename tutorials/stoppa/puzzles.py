"""Stoppa puzzles on the site: the hand and the bet as the page draws them, the answer read from
the form, the verdicts as rows; registered with the shared puzzle machinery (tutorials.puzzles)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.http import QueryDict
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from neapolitan.cards import Card
from neapolitan.stoppa.punto import punto, punto_cards
from neapolitan.stoppa.puzzles import Position
from tutorials.puzzles.choices import ChoiceOption, choice_answer, choice_options
from tutorials.puzzles.registry import PuzzleGame, register

register(PuzzleGame(
    slug="stoppa",
    engine_module="neapolitan.stoppa.puzzles",
    variants=("P4",),
    presenter_module="tutorials.stoppa.puzzles",
    position_template="stoppa/_puzzle_position.html",
    verdicts_template="stoppa/_puzzle_verdicts.html",
    themes={
        "pot_odds": gettext_lazy("Pot odds"),
        "several_rivals": gettext_lazy("Several hands still in"),
        "three_of_a_suit": gettext_lazy("Three of a suit"),
    },
    kinds={"see_or_fold": gettext_lazy("See or fold?")},
    starter="tutorials/stoppa/data/stoppa_starter.jsonl",
    unit="chips",
    about=gettext_lazy(
        "A bet is on the punto: see it or fold? Each choice is valued exactly from the chance that your "
        "punto beats the hands still in, counted over every deal of the cards you have not seen, and the "
        "chips in the pot."),
))


@dataclass
class StoppaPosition:
    hand: tuple[Card, ...]
    punto: int
    punto_cards: tuple[Card, ...]
    rivals: int
    pot: int
    to_pay: int
    unseen: int
    title: str


def present(rules_text: str, position: str, choose: str = "", kind: str = "",
            answers: frozenset[str] = frozenset()) -> StoppaPosition:
    where = Position.from_text(position)
    return StoppaPosition(
        hand=where.hand, punto=punto(where.hand), punto_cards=punto_cards(where.hand), rivals=where.rivals,
        pot=where.pot, to_pay=where.to_pay, unseen=len(where.unseen()),
        title=_("Stoppa, four players, Phase I"),
    )


def answer_text(post: QueryDict) -> str:
    """The engine's answer from the posted form; BadAnswer (a 400) for anything else."""
    return choice_answer(post, LABELS, _("Choose one: see the bet, or fold."))


LABELS = {"see": gettext_lazy("See"), "fold": gettext_lazy("Fold")}


def options(spec: Any, chosen: str) -> list[ChoiceOption]:
    return choice_options(spec, chosen, LABELS)
