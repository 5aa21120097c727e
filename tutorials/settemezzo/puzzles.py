"""Sette e Mezzo puzzles on the site: the position as the page draws it, the answer read from
the form, the verdicts as rows; registered with the shared puzzle machinery (tutorials.puzzles)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.http import QueryDict
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from neapolitan.cards import Card
from neapolitan.settemezzo import DealerPolicy, Rules
from neapolitan.settemezzo.puzzles import CHOICES, Position
from neapolitan.settemezzo.state import BUST_, OUT, PLAY, SETTE, STOOD, WAIT, PlayerView
from neapolitan.settemezzo.values import halves_text, hand_value
from tutorials.puzzles.choices import ChoiceOption, choice_answer, choice_options
from tutorials.puzzles.registry import PuzzleGame, register
from tutorials.settemezzo.table import choice_label, seat_name

register(PuzzleGame(
    slug="settemezzo",
    clear_gap=0.3,  # three tenths of a stake between the two best answers read as plainly as a point of Scopa
    engine_module="neapolitan.settemezzo.puzzles",
    variants=("STANDS_ON_5", "DEALER"),
    variant_labels={"STANDS_ON_5": gettext_lazy("As a punter, the dealer standing on 5"),
                    "DEALER": gettext_lazy("As the dealer")},
    basic_kinds=("card_or_stand",),  # as a punter: a card or stand, before exchanges and the dealer's seat
    presenter_module="tutorials.settemezzo.puzzles",
    position_template="settemezzo/_puzzle_position.html",
    verdicts_template="settemezzo/_puzzle_verdicts.html",
    themes={
        "hit_or_stand": gettext_lazy("Card or stand"),
        "exchange": gettext_lazy("Exchanging a 3 or a 4"),
        "matta": gettext_lazy("The matta"),
        "reale": gettext_lazy("The reale"),
        "card_counting": gettext_lazy("Cards seen change the answer"),
        "dealer_choice": gettext_lazy("The dealer's choice"),
    },
    kinds={
        "card_or_stand": gettext_lazy("Card or stand?"),
        "exchange": gettext_lazy("Exchange?"),
        "dealer": gettext_lazy("The dealer: card or stand?"),
    },
    starter="tutorials/settemezzo/data/settemezzo_starter.jsonl",
    unit="stakes",
    kind_units={"dealer": "chips"},
    about=gettext_lazy(
        "Hands dealt at random, each choice valued exactly by the engine over every order of the cards "
        "you have not seen: as a punter against a dealer who stands on 5, and as the dealer against what "
        "the punters show. Take a card, stand or exchange, then see what each choice wins or gives away, "
        "and why."),
))


@dataclass
class Punter:
    """A punter as the dealer sees him."""

    name: str
    status: str
    stake: int
    cards: tuple[Card, ...]  # face up (the hole card too when he showed it)
    face_down: bool


@dataclass
class SettePosition:
    rules: Rules
    hand: tuple[Card, ...]
    total: str
    seen: tuple[Card, ...]
    unseen: int
    choices: list[tuple[str, str]]  # (answer, label), in the order of the buttons
    dealer_rule: str
    punters: list[Punter] = field(default_factory=list)  # the dealer's puzzles only

    @property
    def title(self) -> str:
        if self.punters:
            return _("Sette e Mezzo, you are the dealer")
        return _("Sette e Mezzo, the dealer stands on 5")


STATUS = {STOOD: gettext_lazy("stood"), SETTE: gettext_lazy("showed 7½"), BUST_: gettext_lazy("bust: paid you"),
          WAIT: gettext_lazy("out of this hand"), PLAY: gettext_lazy("out of this hand"),
          OUT: gettext_lazy("out of this hand")}


def present(rules_text: str, position: str, choose: str = "", kind: str = "",
            answers: frozenset[str] = frozenset()) -> SettePosition:
    rules = Rules.from_text(rules_text)
    if not rules.dealer_stands_on:
        return _present_dealer(rules, PlayerView.from_text(position, rules), answers)
    where = Position.from_text(position)
    n = halves_text(int(DealerPolicy.for_rules(rules).stand_on * 2))
    return SettePosition(
        rules=rules, hand=where.hand, total=halves_text(int(hand_value(where.hand, rules) * 2)),
        seen=where.seen, unseen=len(where.unseen()),
        choices=_buttons(answers),
        dealer_rule=_("The dealer draws below %(n)s and stands on %(n)s or more.") % {"n": n},
    )


def _buttons(answers: frozenset[str]) -> list[tuple[str, str]]:
    """The choices the puzzle has verdicts for, always in the same order (not best first)."""
    return [(name, str(choice_label(name))) for name in CHOICES if name in answers]


def _present_dealer(rules: Rules, view: PlayerView, answers: frozenset[str]) -> SettePosition:
    punters = [
        Punter(str(seat_name(seat)), str(STATUS[s.status]), s.stake,
               ((s.hole,) if s.hole is not None else ()) + s.up, s.has_hole and s.hole is None)
        for seat, s in enumerate(view.seats) if seat != view.dealer
    ]
    return SettePosition(
        rules=rules, hand=view.my_cards, total=halves_text(int(hand_value(view.my_cards, rules) * 2)),
        seen=(), unseen=len(view.unseen()),
        choices=_buttons(answers),
        dealer_rule=_("You play as you see fit: you see every punter's face-up cards, and who stood."),
        punters=punters,
    )


def answer_text(post: QueryDict) -> str:
    """The engine's answer from the posted form; BadAnswer (a 400) for anything else."""
    return choice_answer(post, dict.fromkeys(CHOICES), _("Choose one: take a card, stand, or exchange."))


def options(spec: Any, chosen: str) -> list[ChoiceOption]:
    return choice_options(spec, chosen, {name: choice_label(name) for name in CHOICES})
