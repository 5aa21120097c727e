"""The 40-card Italian pack: cards, their text form and Italian names, primiera, seeded shuffles."""
from __future__ import annotations

import re
import struct
from collections.abc import Iterable
from hashlib import shake_128
from operator import attrgetter, itemgetter

from neapolitan.errors import BadNotation, quoted
from neapolitan.i18n import _, pgettext

SUITS = ("D", "C", "S", "B")
RANKS = tuple(range(1, 11))
SUIT_NAMES = {"D": "Denari", "C": "Coppe", "S": "Spade", "B": "Bastoni"}
RANK_NAMES = {
    1: "Asso", 2: "Due", 3: "Tre", 4: "Quattro", 5: "Cinque", 6: "Sei", 7: "Sette",
    8: "Fante", 9: "Cavallo", 10: "Re",
}
RANK_NAMES_EN = {
    1: "Ace", 2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six", 7: "Seven",
    8: "Jack (Fante)", 9: "Knight (Cavallo)", 10: "King (Re)",
}
# Primiera scale (rules README §3, SCOPA-1.3); Stoppa's punto uses the same numbers.
PRIMIERA_VALUE = {7: 21, 6: 18, 1: 16, 5: 15, 4: 14, 3: 13, 2: 12, 8: 10, 9: 10, 10: 10}


class Card:
    """One card of the pack. There are exactly 40 instances: `Card(7, "D") is Card(7, "D")`.

    Cards compare by identity and have no `<`: sort them with a key, `by_index` (pack order) or
    `by_rank`. (A `<` written in Python would make every `==` between cards, as in `list.remove`,
    a slow Python-level comparison.)
    """

    __slots__ = ("rank", "suit", "index", "bit", "by_rank", "_text")
    rank: int
    suit: str
    index: int
    bit: int
    by_rank: int  # sort key: by rank, then suit
    _text: str

    def __new__(cls, rank: int, suit: str) -> Card:
        try:
            return _BY_KEY[(rank, suit)]
        except (KeyError, TypeError):
            raise BadNotation(_("No such card: rank %(rank)s, suit %(suit)s") % {"rank": quoted(rank), "suit": quoted(suit)}) from None

    @classmethod
    def _make(cls, rank: int, suit: str) -> Card:
        card = object.__new__(cls)
        card.rank = rank
        card.suit = suit
        card.index = SUITS.index(suit) * 10 + rank - 1
        card.bit = 1 << card.index
        card.by_rank = (rank - 1) * 4 + SUITS.index(suit)
        card._text = f"{rank}{suit}"
        return card

    def __reduce__(self) -> tuple:
        return (Card, (self.rank, self.suit))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: dict) -> Card:
        return self

    def __hash__(self) -> int:
        return self.index

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card({self._text})"

    @property
    def is_figure(self) -> bool:
        return self.rank >= 8

    @property
    def italian_name(self) -> str:
        """ "Sette di Denari"."""
        return f"{RANK_NAMES[self.rank]} di {SUIT_NAMES[self.suit]}"

    @property
    def english_name(self) -> str:
        return f"{RANK_NAMES_EN[self.rank]} of {SUIT_NAMES[self.suit]}"

    @property
    def the(self) -> str:
        """The card's Italian name with the article, in the reader's language: "the Sette di
        Denari", in Italian "il Sette di Denari", "l'Asso di Coppe"."""
        if self.rank == 1:
            return pgettext("before Asso", "the %(card)s") % {"card": self.italian_name}
        return _("the %(card)s") % {"card": self.italian_name}

    @property
    def primiera_value(self) -> int:
        return PRIMIERA_VALUE[self.rank]


_BY_KEY: dict[tuple[int, str], Card] = {}
for _suit in SUITS:
    for _rank in RANKS:
        _BY_KEY[(_rank, _suit)] = Card._make(_rank, _suit)

DECK: tuple[Card, ...] = tuple(_BY_KEY.values())  # pack order: Denari, Coppe, Spade, Bastoni, Asso to Re
BY_INDEX = DECK
SETTEBELLO = Card(7, "D")
RE_BELLO = Card(10, "D")

_TOKEN = re.compile(r"^(10|[1-9])([DCSB])$", re.IGNORECASE)
_SPLIT = re.compile(r"[\s,]+")


def parse_card(token: str) -> Card:
    """Parse one card such as `7D` or `10c` (case-insensitive)."""
    match = _TOKEN.match(token.strip())
    if not match:
        raise BadNotation(
            _("%(token)s is not a card: write the rank 1-10 then the suit D, C, S or B, like 7D or 10C")
            % {"token": quoted(token)}
        )
    return _BY_KEY[(int(match.group(1)), match.group(2).upper())]


def parse_cards(text: str) -> list[Card]:
    """Parse cards separated by spaces or commas: `"7D 3c,10S"`. Empty text gives no cards."""
    return [parse_card(token) for token in _SPLIT.split(text.strip()) if token]


by_rank = attrgetter("by_rank")  # sort key: by rank, then suit (D, C, S, B)
by_index = attrgetter("index")  # sort key: pack order (cards have no < of their own: see Card)


def format_cards(cards: Iterable[Card], sep: str = " ") -> str:
    return sep.join(str(card) for card in cards)


def nickname(card: Card, *, matta: bool = False, re_bello: bool = False) -> str | None:
    """The card's nickname in the game at hand: settebello, matta (Sette e Mezzo), re bello."""
    if card is SETTEBELLO:
        return "settebello"
    if card is RE_BELLO:
        if matta:
            return "matta"
        if re_bello:
            return "re bello"
    return None


_PACK_ORDER = range(40)
_KEYS = struct.Struct("<40Q")  # forty 64-bit keys, read little-endian on every machine


def shuffled_deck(seed: int | str) -> list[Card]:
    """The whole pack shuffled reproducibly: the same seed always gives the same order.

    The seed's text is hashed (SHAKE-128) into a 64-bit key for each card, and the pack is
    sorted by key: a uniform shuffle, the same on every machine, and it all runs in C.
    """
    keys = _KEYS.unpack(shake_128(str(seed).encode()).digest(_KEYS.size))
    return list(itemgetter(*sorted(_PACK_ORDER, key=keys.__getitem__))(DECK))


def deal_round(
    stock: tuple[Card, ...], players: int, dealer: int, size: int
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """Give `size` cards to each player from the top of `stock`, one at a time, starting with the
    seat on the dealer's right (`dealer + 1`) and ending with the dealer; and the rest of the stock."""
    dealt = players * size
    hands: list[tuple[Card, ...]] = [()] * players
    for k in range(players):  # the k-th card of every round goes to the k-th player from the dealer
        hands[(dealer + 1 + k) % players] = stock[k:dealt:players]
    return tuple(hands), stock[dealt:]


def cards_from_mask(mask: int) -> list[Card]:
    """The cards whose bits are set in `mask` (bit i is DECK[i])."""
    out = []
    while mask:
        low = mask & -mask
        out.append(DECK[low.bit_length() - 1])
        mask ^= low
    return out


def mask_of(cards: Iterable[Card]) -> int:
    mask = 0
    for card in cards:
        mask |= card.bit
    return mask


RANK_MASKS = (0, *(mask_of(card for card in DECK if card.rank == rank) for rank in RANKS))  # by rank: its four cards
