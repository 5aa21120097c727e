"""Fields shared by the games' text forms: cards (`-` for none), 0/1 flags and seat numbers."""
from __future__ import annotations

from collections.abc import Sequence

from neapolitan.cards import Card, parse_cards
from neapolitan.errors import BadNotation, quoted
from neapolitan.i18n import _


def cards_field(cards: Sequence[Card]) -> str:
    """`7D,3C`, or `-` for no cards."""
    return ",".join(map(str, cards)) if cards else "-"


def parse_cards_field(text: str) -> tuple[Card, ...]:
    """The cards of a `cards_field` (`-` is none)."""
    return () if text == "-" else tuple(parse_cards(text))


def parse_flag(text: str) -> bool:
    if text not in ("0", "1"):
        raise BadNotation(_("%(text)s should be 0 or 1") % {"text": quoted(text)})
    return text == "1"


def parse_seat(text: str, players: int) -> int:
    if not text.isdigit() or int(text) >= players:
        raise BadNotation(_("%(text)s is not a seat (0 to %(last)s)") % {"text": quoted(text), "last": players - 1})
    return int(text)
