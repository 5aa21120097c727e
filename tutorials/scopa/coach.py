"""The Scopa table's coach on the page: the cards still out, by suit and by rank, and every legal
play's value with the words of a puzzle's verdict (`neapolitan.scopa.coach`), from the learner's
view only."""
from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from neapolitan.cards import RANK_NAMES, RANKS, SUIT_NAMES, SUITS, Card
from neapolitan.scopa import PlayerView
from neapolitan.scopa.coach import advise
from tutorials.scopa.plays import Option, option_rows


@dataclass
class SuitRow:
    suit: str
    name: str
    cards: list[Card]  # still out, in rank order


@dataclass
class RankCount:
    rank: int
    name: str
    count: int


@dataclass
class ScopaCoach:
    """What the coach shows for the learner's play now."""

    options: list[Option]  # every legal play, best first
    suits: list[SuitRow]
    ranks: list[RankCount]
    out: int  # cards still out ...
    in_hands: int  # ... in the other hands ...
    in_stock: int  # ... and still to be dealt
    players: int
    known: bool  # every card still out is in one hand
    worlds: int
    nodes: int

    @property
    def best(self) -> Option:
        return self.options[0]

    @property
    def where(self) -> str:
        """Where the cards still out are: "3 in Bot 1's hand, 24 still to be dealt."."""
        if self.players == 2:
            hands = ngettext("%(n)s in Bot 1's hand", "%(n)s in Bot 1's hand", self.in_hands)
        else:
            hands = ngettext("%(n)s in the other players' hands", "%(n)s in the other players' hands", self.in_hands)
        hands = hands % {"n": self.in_hands}
        if not self.in_stock:
            return _("%(hands)s; none are left to deal.") % {"hands": hands}
        return _("%(hands)s, %(n)s still to be dealt.") % {"hands": hands, "n": self.in_stock}


def coach_panel(view: PlayerView) -> ScopaCoach:
    """The coach for the player to move in `view` (his own view: nothing hidden from him reaches
    the engine)."""
    advice = advise(view)
    out = list(advice.unseen)
    return ScopaCoach(
        options=option_rows(advice.verdicts, advice.best.answer, advice.explain, errors=None if advice.known else advice.errors),
        suits=[SuitRow(suit, SUIT_NAMES[suit], [c for c in out if c.suit == suit]) for suit in SUITS],
        ranks=[RankCount(rank, RANK_NAMES[rank], sum(1 for c in out if c.rank == rank)) for rank in RANKS],
        out=len(out), in_hands=sum(view.hand_sizes) - len(view.hand), in_stock=view.stock_size,
        players=view.rules.players, known=advice.known, worlds=advice.worlds, nodes=advice.nodes,
    )

