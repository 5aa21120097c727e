"""Saltacavallo actions and the events of a hand, with their text forms."""
from __future__ import annotations

from dataclasses import dataclass

from neapolitan.cards import Card, parse_card
from neapolitan.errors import BadNotation, quoted
from neapolitan.i18n import _

KINDS = ("keep", "swap", "draw", "revive", "give", "refuse", "next")


@dataclass(frozen=True)
class Action:
    """`keep` or `swap` (SALTA-6.1); the dealer's `keep` or `draw` (SALTA-7.2); between hands
    `revive D L` (SALTA-9.2: dead seat D is given a life by living seat L), `give` / `refuse` (the
    answer under REVIVAL_VOLUNTARY), and `next` (deal the next hand)."""

    kind: str
    dead: int | None = None
    living: int | None = None

    def __str__(self) -> str:
        if self.kind == "revive":
            return f"revive {self.dead} {self.living}"
        return self.kind

    @classmethod
    def parse(cls, text: str) -> Action:
        words = text.strip().lower().split()
        if not words:
            raise BadNotation(_("An empty action: say keep, swap, draw or next"))
        kind = words[0]
        if kind not in KINDS:
            raise BadNotation(_("%(value)s is not a Saltacavallo action: say keep, swap, draw or next") % {"value": quoted(text.strip())})
        if kind == "revive":
            if len(words) != 3 or not all(w.isdigit() for w in words[1:]):
                raise BadNotation(_("Write a revival as `revive DEAD LIVING`, with two seat numbers"))
            return cls("revive", int(words[1]), int(words[2]))
        if len(words) != 1:
            raise BadNotation(_("%(value)s: the action %(kind)s takes nothing after it") % {"value": quoted(text.strip()), "kind": kind})
        return cls(kind)


KEEP = Action("keep")
SWAP = Action("swap")
DRAW = Action("draw")
GIVE = Action("give")
REFUSE = Action("refuse")
NEXT = Action("next")


def revive(dead: int, living: int) -> Action:
    return Action("revive", dead, living)


@dataclass(frozen=True)
class Event:
    """Something that happened in the hand. Everyone sees the kind and the seats; the cards of a
    swap are seen only by the two players involved (SALTA-6.6).

    kinds: `keep` (seat kept), `swap` (seat swapped with target, jumping `jumped`, giving
    cards[0] and receiving cards[1]), `blocked` (SHOW_ON_DEMAND: an attempt stopped by the card
    at `wall`; no wall when, under WRAP_PAST_DEALER, every other card is a Cavallo),
    `dealer_keep`, `draw` (cards drawn in order; `result` is the card now held or None).
    """

    kind: str
    seat: int
    target: int | None = None
    jumped: tuple[int, ...] = ()
    wall: int | None = None
    cards: tuple[Card, ...] = ()
    result: Card | None = None

    def to_text(self) -> str:
        jumped = ",".join(map(str, self.jumped)) or "-"
        if self.kind == "keep":
            return f"k{self.seat}"
        if self.kind == "swap":
            return f"s{self.seat}>{self.target}/{jumped}/{self.cards[0]}/{self.cards[1]}"
        if self.kind == "blocked":
            return f"b{self.seat}@{'-' if self.wall is None else self.wall}/{jumped}"
        if self.kind == "dealer_keep":
            return f"K{self.seat}"
        drawn = ",".join(map(str, self.cards)) or "-"
        return f"d{self.seat}/{drawn}/{self.result or '-'}"

    @classmethod
    def from_text(cls, text: str) -> Event:
        try:
            head, body = text[0], text[1:]
            if head == "k":
                return cls("keep", int(body))
            if head == "K":
                return cls("dealer_keep", int(body))
            if head == "s":
                seats, jumped, gave, got = body.split("/")
                seat, target = seats.split(">")
                return cls("swap", int(seat), int(target), _seats(jumped), None,
                           (parse_card(gave), parse_card(got)))
            if head == "b":
                seats, jumped = body.split("/")
                seat, wall = seats.split("@")
                return cls("blocked", int(seat), None, _seats(jumped), None if wall == "-" else int(wall))
            if head == "d":
                seat, drawn, result = body.split("/")
                cards = () if drawn == "-" else tuple(parse_card(c) for c in drawn.split(","))
                return cls("draw", int(seat), cards=cards, result=None if result == "-" else parse_card(result))
        except (ValueError, IndexError):
            pass
        raise BadNotation(_("%(text)s is not a Saltacavallo event") % {"text": quoted(text)})


def _seats(text: str) -> tuple[int, ...]:
    return () if text == "-" else tuple(int(s) for s in text.split(","))
