"""Sette e Mezzo puzzles on the site: the position as the page draws it, the answer read from
the form, the verdicts as rows; registered with the shared puzzle machinery (tutorials.puzzles)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.http import QueryDict
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from neapolitan.cards import Card
from neapolitan.settemezzo import DealerPolicy, Rules
from neapolitan.settemezzo.puzzles import CHOICES, Position, advice
from neapolitan.settemezzo.values import halves_text, hand_value
from tutorials.puzzles.choices import ChoiceOption, choice_answer, choice_options
from tutorials.puzzles.registry import PuzzleGame, register
from tutorials.settemezzo.table import choice_label

register(PuzzleGame(
    slug="settemezzo",
    engine_module="neapolitan.settemezzo.puzzles",
    variants=("STANDS_ON_5",),
    presenter_module="tutorials.settemezzo.puzzles",
    position_template="settemezzo/_puzzle_position.html",
    verdicts_template="settemezzo/_puzzle_verdicts.html",
    themes={
        "hit_or_stand": gettext_lazy("Card or stand"),
        "exchange": gettext_lazy("Exchanging a 3 or a 4"),
        "matta": gettext_lazy("The matta"),
        "reale": gettext_lazy("The reale"),
        "card_counting": gettext_lazy("Cards seen change the answer"),
    },
    kinds={
        "card_or_stand": gettext_lazy("Card or stand?"),
        "exchange": gettext_lazy("Exchange?"),
    },
    starter="tutorials/settemezzo/data/settemezzo_starter.jsonl",
    unit="stakes",
    about=gettext_lazy(
        "Hands dealt at random, each choice valued exactly by the engine over every order of the cards "
        "you have not seen, against a dealer who stands on 5. Take a card, stand or exchange, then see "
        "what each choice wins or gives away, and why."),
))


@dataclass
class SettePosition:
    rules: Rules
    hand: tuple[Card, ...]
    total: str
    seen: tuple[Card, ...]
    unseen: int
    choices: list[tuple[str, str]]  # (answer, label), in the order of the buttons
    dealer_rule: str

    @property
    def title(self) -> str:
        return _("Sette e Mezzo, the dealer stands on 5")


def present(rules_text: str, position: str, choose: str = "") -> SettePosition:
    rules = Rules.from_text(rules_text)
    where = Position.from_text(position)
    open_ = advice(where, rules).options
    n = halves_text(int(DealerPolicy.for_rules(rules).stand_on * 2))
    return SettePosition(
        rules=rules, hand=where.hand, total=halves_text(int(hand_value(where.hand, rules) * 2)),
        seen=where.seen, unseen=len(where.unseen()),
        choices=[(name, str(choice_label(name))) for name in CHOICES if name in open_],
        dealer_rule=_("The dealer draws below %(n)s and stands on %(n)s or more.") % {"n": n},
    )


def answer_text(post: QueryDict) -> str:
    """The engine's answer from the posted form; BadAnswer (a 400) for anything else."""
    return choice_answer(post, dict.fromkeys(CHOICES), _("Choose one: take a card, stand, or exchange."))


def options(spec: Any, chosen: str) -> list[ChoiceOption]:
    return choice_options(spec, chosen, {name: choice_label(name) for name in CHOICES})
