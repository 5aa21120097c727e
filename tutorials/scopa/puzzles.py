"""Scopa puzzles on the site: the position as the page draws it (seats, table, hand, piles), the
answer read from the form, the verdicts as rows; registered with the shared puzzle machinery."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.http import QueryDict
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from neapolitan.cards import Card, cards_from_mask
from neapolitan.scopa import PlayerView, Rules
from neapolitan.scopa.puzzles import RACE_KIND, position_view
from neapolitan.scopa.races import LOST, OPEN, WON
from tutorials.lessons.steps import BadAnswer
from tutorials.puzzles.choices import ChoiceOption, choice_answer, choice_options
from tutorials.puzzles.registry import PuzzleGame, register
from tutorials.scopa.plays import Option, option_rows
from tutorials.scopa.table import HandCard, Opponent, hand_choices
from tutorials.tables.registry import SEAT_PLACES

register(PuzzleGame(
    slug="scopa",
    engine_module="neapolitan.scopa.puzzles",
    variants=("SCOPA_2P", "SCOPONE_SCIENTIFICO"),
    variant_labels={"SCOPA_2P": gettext_lazy("Scopa, 2 players"),
                    "SCOPONE_SCIENTIFICO": gettext_lazy("Scopone Scientifico, 4 players")},
    basic_kinds=("sweep", "counting"),  # two players: can you sweep, and the last deal with every card known
    presenter_module="tutorials.scopa.puzzles",
    position_template="scopa/_puzzle_position.html",
    verdicts_template="scopa/_puzzle_verdicts.html",
    themes={
        "settebello": gettext_lazy("Settebello"),
        "scopa_threat": gettext_lazy("Scopa threat"),
        "leave_no_sweep": gettext_lazy("Leave no sweep"),
        "primiera_sevens": gettext_lazy("Primiera sevens"),
        "single_card_priority": gettext_lazy("Single-card priority"),
        "counting_endgame": gettext_lazy("Counting endgame"),
        "partner_play": gettext_lazy("Partner play"),
        "choose_capture": gettext_lazy("Choosing the capture"),
        "choose_discard": gettext_lazy("Choosing the discard"),
        "card_counting": gettext_lazy("Card counting"),
    },
    kinds={
        "best_play": gettext_lazy("Best play"),
        "safe_trail": gettext_lazy("Trail safely"),
        "sweep": gettext_lazy("Can you sweep?"),
        "counting": gettext_lazy("Counting endgame"),
        "scopone": gettext_lazy("Lead and partner play"),
        "race_carte": gettext_lazy("Count: the carte"),
        "race_denari": gettext_lazy("Count: the denari"),
        "race_primiera": gettext_lazy("Count: the primiera"),
    },
    starter="tutorials/scopa/data/scopa_starter.jsonl",
    kind_units={"race_carte": "", "race_denari": "", "race_primiera": ""},  # right or wrong, no amount
    about=gettext_lazy(
        "Positions from real games, each answer checked by the engine against every way the cards you "
        "cannot see can lie (or, where they are too many to count, a large sample). Find the best play, "
        "then see what every option wins or gives away, and why."),
))


@dataclass
class Pile:
    name: str
    cards: list[Card]
    scope: int


@dataclass
class ScopaPosition:
    rules: Rules
    seats: list[Opponent]
    table: list[tuple[Card, bool]]  # card, may the chosen card take it
    hand: tuple[HandCard, ...]
    choosing: HandCard | None
    piles: list[Pile]
    stock: int
    unseen: list[Card]
    you_deal: bool
    race_choices: list[tuple[str, Any]] = field(default_factory=list)  # a card-counting question's answers

    @property
    def title(self) -> str:
        return self.rules.name

    @property
    def last_deal(self) -> bool:
        return self.stock == 0


def present(rules_text: str, position: str, choose: str = "", kind: str = "",
            answers: frozenset[str] = frozenset()) -> ScopaPosition:
    """The position; for a card-counting question (`kind` race_...), its three answers too."""
    view = position_view(position, rules_text)  # read once per process
    rules = view.rules
    legal = [] if kind.startswith(RACE_KIND) else view.legal_actions()
    hand, choosing, capturable = hand_choices(view.hand, legal, choose)
    return ScopaPosition(
        rules=rules,
        seats=_seats(view),
        table=[(c, c in capturable) for c in view.table],
        hand=hand,
        choosing=choosing,
        piles=[
            Pile(_side_name(view, side), cards_from_mask(mask), view.scope[side])
            for side, mask in enumerate(view.piles)
        ],
        stock=view.stock_size,
        unseen=sorted(view.unseen(), key=lambda c: c.index),
        you_deal=view.dealer == view.seat,
        race_choices=list(RACE_LABELS.items()) if kind.startswith(RACE_KIND) else [],
    )


def _seats(view: PlayerView) -> list[Opponent]:
    """The other players around the table, seen from the solver's seat (seat+1 sits on the right)."""
    players = view.rules.players
    places = SEAT_PLACES[players]
    seats = []
    for offset, place in sorted(places.items()):
        seat = (view.seat + offset) % players
        seats.append(Opponent(seat, _seat_name(players, offset), view.hand_sizes[seat], place, seat == view.dealer))
    return seats


def _seat_name(players: int, offset: int) -> str:
    if players == 4 and offset == 2:
        return _("Your partner")
    if players == 2:
        return _("Opponent")
    return _("Opponent on your right") if offset == 1 else _("Opponent on your left")


def _side_name(view: PlayerView, side: int) -> str:
    players = view.rules.players
    if view.rules.side_of(view.seat) == side:
        return _("You and your partner") if players == 4 else _("You")
    if players == 4:
        return _("Opponents")
    return _seat_name(players, (side - view.seat) % players)


RACE_LABELS = {WON: gettext_lazy("Already yours"), OPEN: gettext_lazy("Still to play for"),
               LOST: gettext_lazy("Out of your reach")}


def answer_text(post: QueryDict) -> str:
    """The engine's text of an answer posted as a card and the cards it takes (or, to a
    card-counting question, as a choice)."""
    if "choice" in post:
        return choice_answer(post, RACE_LABELS, _("Choose one: already yours, still to play for, or out of your reach."))
    card = post.get("card", "").strip()
    if not card:
        raise BadAnswer(_("Choose a card from your hand."))
    taken = [t.strip() for t in post.getlist("take") if t.strip()]
    return f"{card}x{'+'.join(taken)}" if taken else card


def options(spec: Any, chosen: str) -> list[Option] | list[ChoiceOption]:
    if spec.kind.startswith(RACE_KIND):
        return choice_options(spec, chosen, RACE_LABELS)
    return option_rows(spec.verdicts, spec.solution, spec.explain, chosen)
