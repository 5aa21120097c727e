"""A Scopa action: the card played and the set of table cards it captures (SCOPA-4, SCOPA-5)."""
from __future__ import annotations

from functools import lru_cache

from neapolitan.cards import DECK, SETTEBELLO, Card, by_index, mask_of, parse_card, parse_cards
from neapolitan.errors import BadNotation, quoted
from neapolitan.i18n import _
from neapolitan.scopa.captures import table_sig


class Play:
    """Play `card`, capturing `captured` (empty: the card is trailed).

    Text form: `7D` trails the 7 of Denari; `8Dx3C+5B` plays it and takes 3C and 5B.
    """

    __slots__ = ("card", "captured", "mask", "table_sig", "promise", "_key")

    def __init__(self, card: Card, captured: frozenset[Card] | tuple[Card, ...] = ()) -> None:
        self.card = card
        self.captured = captured if isinstance(captured, frozenset) else frozenset(captured)
        self.mask = mask_of(self.captured)  # the captured cards as a bit mask
        self.table_sig = table_sig(self.captured)  # and the signature of their ranks
        self._key = card.index << 40 | self.mask
        self.promise = _promise(card, self.captured)

    @classmethod
    def of(cls, card: Card, table: tuple[Card, ...], option: tuple[int, ...]) -> Play:
        """The (shared) play of `card` taking the table cards at positions `option`."""
        mask = 0
        for i in option:
            mask |= table[i].bit
        key = card.index << 40 | mask
        play = SHARED_PLAYS.get(key)
        if play is None:
            if len(SHARED_PLAYS) > 500_000:
                SHARED_PLAYS.clear()
            play = SHARED_PLAYS[key] = cls(card, frozenset(table[i] for i in option))
        return play

    @property
    def is_trail(self) -> bool:
        return not self.captured

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Play) and self._key == other._key

    def __hash__(self) -> int:
        return self._key

    def __str__(self) -> str:
        if not self.captured:
            return str(self.card)
        return f"{self.card}x" + "+".join(str(c) for c in sorted(self.captured, key=by_index))

    def __repr__(self) -> str:
        return f"Play({self})"

    @classmethod
    def parse(cls, text: str) -> Play:
        """Parse `7D`, `8Dx3C+5B` (also accepts spaces: `8D x 3C 5B`). A play is a value: the same
        text gives the same play, kept (a page of verdicts reads each of its plays several times)."""
        return _parsed(text) if cls is Play else cls._read(text)

    @classmethod
    def _read(cls, text: str) -> Play:
        text = text.strip()
        if not text:
            raise BadNotation(_("An empty action: say which card to play, like 7D or 8Dx3C+5B"))
        head, sep, tail = text.replace("X", "x").partition("x")
        card = parse_card(head)
        if sep and any(not part.strip() for part in tail.split("+")):
            raise BadNotation(_("%(text)s: join the captured cards with single + signs, like 8Dx3C+5B") % {"text": quoted(text)})
        captured = parse_cards(tail.replace("+", " ")) if sep else []
        if sep and not captured:
            raise BadNotation(_("%(text)s: name the captured cards after the x, like 8Dx3C+5B") % {"text": quoted(text)})
        if len(set(captured)) != len(captured):
            raise BadNotation(_("%(text)s names a captured card twice") % {"text": quoted(text)})
        return cls(card, frozenset(captured))


@lru_cache(maxsize=4096)
def _parsed(text: str) -> Play:
    return Play._read(text)


def _promise(card: Card, captured: frozenset[Card]) -> int:
    """How good a play looks before searching it (search tries promising plays first)."""
    if not captured:
        return -50 if card is SETTEBELLO else -card.rank
    bonus = 50 if card is SETTEBELLO or SETTEBELLO in captured else 0
    return 10 + 3 * len(captured) + bonus


# One Play object per (card, captured cards): legal_actions() hands out shared objects, so that
# apply() recognises its own plays by identity.
SHARED_PLAYS: dict[int, Play] = {}
TRAILS: tuple[Play, ...] = tuple(Play.of(card, (), ()) for card in DECK)  # each card, capturing nothing
