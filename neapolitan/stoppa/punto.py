"""The punto (STOPPA-5): the best total of up to three cards of one suit, on the primiera scale."""
from __future__ import annotations

from collections.abc import Iterable

from neapolitan.cards import PRIMIERA_VALUE, SUITS, Card


def punto(cards: Iterable[Card], per_suit: int = 3) -> int:
    """`punto_k` of STOPPA-5.1: the maximum over the suits of the sum of the `per_suit` highest
    values (7 = 21, 6 = 18, Ace = 16, 5 = 15, 4 = 14, 3 = 13, 2 = 12, figures 10) in that suit.

    A three-card hand gives the punto piccolo and a whole hand the punto grosso: 10 to 55
    (`punto([])` is 0).
    """
    by_suit: dict[str, list[int]] = {}
    for card in cards:
        by_suit.setdefault(card.suit, []).append(PRIMIERA_VALUE[card.rank])
    best = 0
    for values in by_suit.values():
        values.sort(reverse=True)
        best = max(best, sum(values[:per_suit]))
    return best


def punto_cards(cards: Iterable[Card], per_suit: int = 3) -> tuple[Card, ...]:
    """The cards that make the punto (STOPPA-8.4): up to three of one suit, highest first.

    When two suits give the same punto the first in the order D, C, S, B is shown.
    """
    groups: dict[str, list[Card]] = {suit: [] for suit in SUITS}
    for card in cards:
        groups[card.suit].append(card)
    best: tuple[Card, ...] = ()
    best_value = -1
    for suit in SUITS:
        group = sorted(groups[suit], key=lambda c: (-PRIMIERA_VALUE[c.rank], c.rank))[:per_suit]
        value = sum(PRIMIERA_VALUE[c.rank] for c in group)
        if group and value > best_value:
            best, best_value = tuple(group), value
    return best
