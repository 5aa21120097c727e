"""Scoring a Scopa hand per side: carte, denari, settebello, primiera, scope and the extras (SCOPA-8, 9, 15, 17)."""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from neapolitan.cards import PRIMIERA_VALUE, RE_BELLO, SETTEBELLO, SUITS, Card, cards_from_mask
from neapolitan.scopa.rules import Rules

_FIGURE_VALUES = {**PRIMIERA_VALUE, 8: 8, 9: 9, 10: 10}  # SCOPA-OP-3: some packs' figure values
_DENARI_RUN = tuple(Card(rank, "D") for rank in range(1, 11))


def primiera(cards: Iterable[Card], *, figure_values: bool = False) -> int | None:
    """The primiera of a pile: the best card of each suit, added up (SCOPA-9.1).

    `None` when a suit is missing: the primiera is incomplete (SCOPA-9.2).
    """
    total, suits = primiera_partial(cards, figure_values=figure_values)
    return total if suits == 4 else None


def primiera_partial(cards: Iterable[Card], *, figure_values: bool = False) -> tuple[int, int]:
    """(sum of the best card of each suit present, number of suits present)."""
    scale = _FIGURE_VALUES if figure_values else PRIMIERA_VALUE
    best: dict[str, int] = {}
    for card in cards:
        value = scale[card.rank]
        if value > best.get(card.suit, 0):
            best[card.suit] = value
    return sum(best.values()), len(best)


def primiera_best_cards(cards: Iterable[Card]) -> list[Card]:
    """The card that counts for each suit, in suit order (for showing the primiera)."""
    best: dict[str, Card] = {}
    for card in cards:
        held = best.get(card.suit)
        if held is None or card.primiera_value > held.primiera_value:
            best[card.suit] = card
    return [best[s] for s in SUITS if s in best]


def napola(cards: Iterable[Card]) -> int:
    """SCOPA-15.3: 1D 2D 3D score 3, plus one for each further Denari continuing the run."""
    held = set(cards)
    run = 0
    for card in _DENARI_RUN:
        if card not in held:
            break
        run += 1
    return run if run >= 3 else 0


@dataclass(frozen=True)
class SideScore:
    """One side's figures and the points they earned in a hand."""

    cards: int
    denari: int
    settebello: bool
    primiera: int | None  # None when incomplete
    primiera_partial: int
    scope: int
    points: dict[str, int] = field(default_factory=dict)

    @property
    def total(self) -> int:
        return sum(self.points.values())


@dataclass(frozen=True)
class HandScore:
    """The breakdown of a hand: one SideScore per side, and whether a side made Napoleone."""

    sides: tuple[SideScore, ...]
    napoleone: int | None = None

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(side.total for side in self.sides)

    def winner_of(self, category: str) -> int | None:
        for i, side in enumerate(self.sides):
            if side.points.get(category):
                return i
        return None


CATEGORIES = ("carte", "denari", "settebello", "primiera", "scope", "re_bello", "quindici", "napola")


def score_hand(
    piles: Sequence[Iterable[Card]] | Sequence[int],
    scope: Sequence[int] | None = None,
    rules: Rules | None = None,
    bonus: Sequence[int] | None = None,
) -> HandScore:
    """Score a hand from each side's captured cards (a list of cards or a bit mask per side),
    the scope each side made, and the three-suit fifteen bonuses (SCOPA-15.2)."""
    rules = rules or Rules()
    side_cards = [cards_from_mask(p) if isinstance(p, int) else list(p) for p in piles]
    sides = len(side_cards)
    scope = tuple(scope) if scope is not None else (0,) * sides
    bonus = tuple(bonus) if bonus is not None else (0,) * sides
    counts = [len(cards) for cards in side_cards]
    denari = [sum(1 for c in cards if c.suit == "D") for cards in side_cards]
    carte_winner = _strict_top(counts)  # SCOPA-8.1, 8.6, 8.7
    denari_winner = _strict_top(denari)  # SCOPA-8.2, 8.6, 8.7
    primiera_winner = _primiera_winner(side_cards, rules)  # SCOPA-8.4, 9
    results = []
    for i, cards in enumerate(side_cards):
        held = set(cards)
        partial = primiera_partial(cards, figure_values=rules.primiera_figure_values)
        points = {
            "carte": int(carte_winner == i),
            "denari": int(denari_winner == i),
            "settebello": int(SETTEBELLO in held),  # SCOPA-8.3
            "primiera": int(primiera_winner == i),
            "scope": scope[i],  # SCOPA-8.5
        }
        if rules.re_bello:
            points["re_bello"] = int(RE_BELLO in held)  # SCOPA-17.1
        if rules.three_suit_bonus:
            points["quindici"] = bonus[i]  # SCOPA-15.2
        if rules.napola:
            points["napola"] = napola(cards)  # SCOPA-15.3
        results.append(SideScore(
            cards=counts[i], denari=denari[i], settebello=SETTEBELLO in held,
            primiera=partial[0] if partial[1] == 4 else None, primiera_partial=partial[0],
            scope=scope[i], points=points,
        ))
    napoleone = None
    if rules.napoleone_wins:
        napoleone = next((i for i, c in enumerate(side_cards) if napola(c) == 10), None)
    return HandScore(tuple(results), napoleone)


def _strict_top(values: Sequence[int]) -> int | None:
    """The index of the unique maximum; None on a tie at the top (SCOPA-8.6)."""
    top = max(values)
    winners = [i for i, v in enumerate(values) if v == top]
    return winners[0] if len(winners) == 1 and top > 0 else None


def _primiera_winner(side_cards: Sequence[list[Card]], rules: Rules) -> int | None:
    partials = [primiera_partial(c, figure_values=rules.primiera_figure_values) for c in side_cards]
    sevens = [sum(1 for c in cards if c.rank == 7) for cards in side_cards]
    return _primiera_winner_of(partials, sevens, rules)


def _primiera_winner_of(partials: Sequence[tuple[int, int]], sevens: Sequence[int], rules: Rules) -> int | None:
    """SCOPA-9 from each side's (partial total, suits held) and count of 7s."""
    if rules.primiera_sevens:  # SCOPA-OP-3 (C): three or four 7s take the primiera outright
        holder = next((i for i, n in enumerate(sevens) if n >= 3), None)
        if holder is not None:
            return holder
    complete = [total if suits == 4 else None for total, suits in partials]
    if any(v is not None for v in complete):  # SCOPA-9.2: complete beats incomplete
        return _strict_top([v if v is not None else -1 for v in complete])
    if rules.primiera_missing == "partial_compare":  # SCOPA-OP-3 (B)
        return _strict_top([total for total, _ in partials])
    return None


# -- fast totals from bit masks (the search's leaf evaluation) ----------------------------------
_DENARI = sum(1 << i for i in range(10))
_SEVENS = sum(1 << (s * 10 + 6) for s in range(4))
_SUIT_BEST = [
    tuple(max((scale[r] for r in range(1, 11) if bits >> (r - 1) & 1), default=0) for bits in range(1024))
    for scale in (PRIMIERA_VALUE, _FIGURE_VALUES)
]


def hand_totals(
    piles: Sequence[int], scope: Sequence[int], rules: Rules, bonus: Sequence[int] | None = None
) -> list[int]:
    """Each side's points for the hand, from pile bit masks: `score_hand(...).totals`, faster."""
    best = _SUIT_BEST[rules.primiera_figure_values]
    counts = [p.bit_count() for p in piles]
    denari = [(p & _DENARI).bit_count() for p in piles]
    partials = []
    for p in piles:
        values = [best[p >> (10 * s) & 1023] for s in range(4)]
        partials.append((sum(values), sum(1 for v in values if v)))
    totals = [scope[i] + (p >> SETTEBELLO.index & 1) for i, p in enumerate(piles)]
    for winner in (
        _strict_top(counts), _strict_top(denari),
        _primiera_winner_of(partials, [(p & _SEVENS).bit_count() for p in piles], rules),
    ):
        if winner is not None:
            totals[winner] += 1
    if rules.re_bello:
        for i, p in enumerate(piles):
            totals[i] += p >> RE_BELLO.index & 1
    if rules.three_suit_bonus and bonus is not None:
        for i, b in enumerate(bonus):
            totals[i] += b
    if rules.napola:
        for i, p in enumerate(piles):
            totals[i] += napola(cards_from_mask(p & _DENARI))
    return totals
