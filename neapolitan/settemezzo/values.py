"""Card and hand values in Sette e Mezzo: figures worth a half, the matta, bust, 7½ and the reale.

Totals are kept internally in half points (7½ is 15) so that the odds code works on small
integers; the public functions return `fractions.Fraction`.
"""
from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from neapolitan.cards import RE_BELLO, Card
from neapolitan.settemezzo.rules import Rules

MATTA_CARD = RE_BELLO  # SETTE-1.3: the Re di Denari is the matta
SEVEN_HALF = 15  # 7½ in half points
HALF = Fraction(1, 2)

# Value classes: the odds code sees a card only as its class. 0 is a figure other than the matta
# (worth ½), 1..7 the number cards, 8 the matta.
FIGURE, MATTA = 0, 8
CLASSES = tuple(range(9))
CLASS_HALVES = (1, 2, 4, 6, 8, 10, 12, 14, 0)  # the matta's value depends on the hand
FULL_PACK = (11, 4, 4, 4, 4, 4, 4, 4, 1)  # cards of each class in the 40-card pack

# Outcome codes of a finished hand: 1..14 a total below 7½ in half points, then these.
SIMPLE = 15  # a simple sette e mezzo (SETTE-3.5)
REALE = 16  # a sette e mezzo reale (SETTE-3.4)
BUST = 17  # sballato (SETTE-3.2)

_DEFAULT = Rules()


def card_class(card: Card) -> int:
    if card is MATTA_CARD:
        return MATTA
    return FIGURE if card.rank >= 8 else card.rank


def card_value(card: Card) -> Fraction | None:
    """SETTE-1.2: 1-7 at face value, figures ½; None for the matta, whose value depends on the hand."""
    if card is MATTA_CARD:
        return None
    return HALF if card.rank >= 8 else Fraction(card.rank)


def matta_values(rules: Rules = _DEFAULT) -> tuple[int, ...]:
    """The values the matta may take, in half points (SETTE-1.3, SETTE-OP-1)."""
    if rules.matta == "half_steps":
        return tuple(range(1, 15))
    if rules.matta == "integer":
        return tuple(range(2, 15, 2))
    return (1, *range(2, 15, 2))


def matta_choice(base: int, cards: int, rules: Rules = _DEFAULT) -> int:
    """The matta's value in half points in a hand whose other cards total `base` (SETTE-3.1).

    The largest allowed value that keeps the hand at 7½ or under; the smallest if none does
    (the hand is bust). Alone it counts 7, or ½ under MATTA_ALONE_HALF (SETTE-OP-2).
    """
    if cards == 1:
        return 1 if rules.matta_alone == "half" else 14
    values = matta_values(rules)
    best = values[0]
    for v in values:
        if base + v <= SEVEN_HALF:
            best = v
    return best


def total_halves(base: int, matta: bool, cards: int, rules: Rules = _DEFAULT) -> int:
    """The hand's total in half points, from its non-matta total, the matta, and its card count."""
    return base + matta_choice(base, cards, rules) if matta else base


def outcome_of(base: int, matta: bool, cards: int, rules: Rules = _DEFAULT) -> int:
    """The outcome code of a hand that has stopped: its total, SIMPLE, REALE or BUST."""
    total = total_halves(base, matta, cards, rules)
    if total > SEVEN_HALF:
        return BUST
    if total < SEVEN_HALF:
        return total
    return REALE if reale_shape(base, matta, cards, rules) else SIMPLE


def reale_shape(base: int, matta: bool, cards: int, rules: Rules = _DEFAULT) -> bool:
    """Whether a 7½ made this way is a reale (SETTE-3.4, SETTE-OP-3)."""
    if rules.reale == "natural_only":
        return cards == 2 and not matta  # two cards without the matta making 7½ are 7 + a figure
    if rules.reale == "any_matta":
        return cards == 2 or matta
    return cards == 2


def _summary(cards: Iterable[Card]) -> tuple[int, bool, int]:
    base = 0
    matta = False
    count = 0
    for card in cards:
        count += 1
        if card is MATTA_CARD:
            matta = True
        else:
            base += CLASS_HALVES[card_class(card)]
    return base, matta, count


def hand_value(cards: Iterable[Card], rules: Rules = _DEFAULT) -> Fraction:
    """The best total the matta allows: not above 7½ when that is possible, the bust total
    otherwise (SETTE-3.1). `hand_value(parse_cards("3C 10D")) == 7`."""
    base, matta, count = _summary(cards)
    return Fraction(total_halves(base, matta, count, rules), 2)


def matta_value(cards: Iterable[Card], rules: Rules = _DEFAULT) -> Fraction | None:
    """The value the matta takes in this hand, or None when the hand has no matta."""
    base, matta, count = _summary(cards)
    return Fraction(matta_choice(base, count, rules), 2) if matta else None


def is_bust(cards: Iterable[Card], rules: Rules = _DEFAULT) -> bool:
    """SETTE-3.2: a total above 7½."""
    return hand_value(cards, rules) > Fraction(15, 2)


def is_sette_e_mezzo(cards: Iterable[Card], rules: Rules = _DEFAULT) -> bool:
    """SETTE-3.3: exactly 7½, simple or reale."""
    return hand_value(cards, rules) == Fraction(15, 2)


def is_reale(cards: Iterable[Card], rules: Rules = _DEFAULT) -> bool:
    """SETTE-3.4: a sette e mezzo reale; by default exactly two cards totalling 7½."""
    base, matta, count = _summary(cards)
    return outcome_of(base, matta, count, rules) == REALE


def hand_outcome(cards: Iterable[Card], rules: Rules = _DEFAULT) -> int:
    """The outcome code (1..14, SIMPLE, REALE, BUST) of a hand that has stopped."""
    return outcome_of(*_summary(cards), rules)


def halves_text(halves: int) -> str:
    """Half points as players write them: 13 -> `6½`, 1 -> `½`, 14 -> `7`."""
    whole, half = divmod(halves, 2)
    if not half:
        return str(whole)
    return f"{whole}½" if whole else "½"
