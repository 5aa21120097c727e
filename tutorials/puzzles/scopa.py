"""A Scopa puzzle's position as the page draws it: seats, table, hand, piles, and the answers."""
from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from neapolitan.cards import Card, cards_from_mask
from neapolitan.scopa import Play, PlayerView, Rules
from tutorials.scopa.table import HandCard, Opponent, hand_choices
from tutorials.tables.registry import SEAT_PLACES


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
    hand: list[HandCard]
    choosing: HandCard | None
    piles: list[Pile]
    stock: int
    unseen: list[Card]
    you_deal: bool

    @property
    def last_deal(self) -> bool:
        return self.stock == 0


def present(rules_text: str, position: str, choose: str = "") -> ScopaPosition:
    rules = Rules.from_text(rules_text)
    view = PlayerView.from_text(position, rules)
    legal = view.legal_actions()
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


def play_parts(text: str) -> tuple[Card, list[Card]]:
    """An answer's card and what it takes, for drawing: `8Dx3C+5B` -> (8D, [3C, 5B])."""
    play = Play.parse(text)
    return play.card, sorted(play.captured, key=lambda c: c.by_rank)


def answer_text(card: str, take: list[str]) -> str:
    """The engine's text of an answer posted as a card and the cards it takes."""
    card = card.strip()
    taken = [t.strip() for t in take if t.strip()]
    return f"{card}x{'+'.join(taken)}" if taken else card
