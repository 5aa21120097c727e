"""The odds of the punto: how often a punto beats k opponents, and what each betting choice is worth.

Opponents hold `hand_size` cards each, dealt at random from the cards the player has not seen
(some of them may be known to hold cards they have shown). The probability is exact when the
counting below is small enough, and otherwise estimated by sampling, with a stated error bound.

The exact count works suit by suit: a hand's punto is below v exactly when, in every suit, its
best three cards of that suit sum to less than v. For each suit we count the ways to share
that suit's unseen cards among the opponents (and the undealt rest) keeping every share below
v, by how many cards each opponent receives; the suits are then combined by those counts.
"""
from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations

from neapolitan.cards import DECK, PRIMIERA_VALUE, SUITS, Card
from neapolitan.sampling import hoeffding_error, samples_for
from neapolitan.stoppa.punto import punto

EXACT_BUDGET = 20_000  # enumerated suit shares; beyond this the odds are estimated by sampling


@dataclass(frozen=True)
class Odds:
    """How a punto fares against k opponents at a showdown.

    `win`: every opponent is strictly lower; `tie`: the best opponent is equal (the tie rule
    decides, STOPPA-6.9); `lose`: some opponent is higher. `exact` says whether these were
    counted over every deal of the unseen cards; otherwise `samples` random deals were drawn and
    each probability is within `error` of the truth with 95% confidence (Hoeffding's bound).
    """

    value: int
    opponents: int
    win: float
    tie: float
    exact: bool
    samples: int = 0
    error: float = 0.0

    @property
    def lose(self) -> float:
        return max(0.0, 1.0 - self.win - self.tie)

    @property
    def not_beaten(self) -> float:
        return self.win + self.tie


def beat_odds(
    value: int,
    opponents: int,
    unseen: Sequence[Card],
    hand_size: int = 3,
    *,
    known: Sequence[Sequence[Card]] = (),
    method: str = "auto",
    error: float = 0.02,
    rng: random.Random | None = None,
) -> Odds:
    """The chances that a punto of `value` beats `opponents` hands of `hand_size` cards.

    `unseen` are the cards that may be in the opponents' hands (or undealt); `known[i]` are
    cards opponent i is known to hold (they count towards his `hand_size` and are not in
    `unseen`). `method` is "exact", "sample" or "auto" (exact unless the count would enumerate
    more than EXACT_BUDGET suit shares). Sampling draws enough deals for the stated `error` at
    95% confidence.
    """
    known = [tuple(k) for k in known] + [()] * (opponents - len(known))
    if opponents == 0:
        return Odds(value, 0, 1.0, 0.0, True)
    if method in ("auto", "exact"):
        try:
            budget = [EXACT_BUDGET if method == "auto" else 10**12]
            below = _share_below(value, unseen, hand_size, known, budget)
            at_most = 1.0 if value >= 55 else _share_below(value + 1, unseen, hand_size, known, budget)
            return Odds(value, opponents, below, at_most - below, True)
        except _TooMuchWork:
            pass
    rng = rng or random.Random(f"{value}:{opponents}:{len(unseen)}")
    samples = samples_for(error)
    win = tie = 0
    takes = [hand_size - len(extra) for extra in known]
    drawn = sum(takes)
    if hand_size <= 3:  # small hands: look the punto up by the cards' bits
        table = _small_puntos()
        pool_bits = [c.bit for c in unseen]
        known_bits = [sum(c.bit for c in extra) for extra in known]
        for _ in range(samples):
            deal = rng.sample(pool_bits, drawn)
            best = 0
            pos = 0
            for mask, take in zip(known_bits, takes, strict=True):
                for bit in deal[pos:pos + take]:
                    mask |= bit
                pos += take
                v = table[mask]
                if v > best:
                    best = v
            if best < value:
                win += 1
            elif best == value:
                tie += 1
        return Odds(value, opponents, win / samples, tie / samples, False, samples, hoeffding_error(samples))
    pool = [(SUITS.index(c.suit), PRIMIERA_VALUE[c.rank]) for c in unseen]
    fixed = [[(SUITS.index(c.suit), PRIMIERA_VALUE[c.rank]) for c in extra] for extra in known]
    for _ in range(samples):
        deal = rng.sample(pool, drawn)
        best = 0
        pos = 0
        for extra, take in zip(fixed, takes, strict=True):
            best = max(best, _fast_punto(extra + deal[pos:pos + take]))
            pos += take
        if best < value:
            win += 1
        elif best == value:
            tie += 1
    return Odds(value, opponents, win / samples, tie / samples, False, samples, hoeffding_error(samples))


_SMALL: dict[int, int] = {}


def _small_puntos() -> dict[int, int]:
    """The punto of every hand of at most three cards, keyed by the cards' bits (built once)."""
    if not _SMALL:
        for size in (1, 2, 3):
            for combo in combinations(DECK, size):
                _SMALL[sum(c.bit for c in combo)] = punto(combo)
    return _SMALL


def _fast_punto(cards: list[tuple[int, int]]) -> int:
    """`punto` of (suit index, value) pairs: the sampling loop's hot path."""
    by_suit: list[list[int]] = [[], [], [], []]
    for suit, value in cards:
        by_suit[suit].append(value)
    best = 0
    for values in by_suit:
        if len(values) > 3:
            values.sort(reverse=True)
        total = sum(values[:3])
        if total > best:
            best = total
    return best


def _share_below(limit: int, unseen: Sequence[Card], hand_size: int, known: Sequence[tuple[Card, ...]],
                 budget: list[int]) -> float:
    """P(every opponent's punto < limit), counted exactly suit by suit."""
    good, total = _count_below((limit,) * len(known), unseen, hand_size, known, budget)
    return good / total


def below_all(limits: Sequence[int], unseen: Sequence[Card], hand_size: int = 3) -> Fraction:
    """The exact chance that every opponent's punto is below his own limit (`limits[i]` for
    opponent i), the opponents' hands dealt at random from `unseen`: counted suit by suit over
    every deal, as `beat_odds` counts, but with a limit for each opponent."""
    known = [()] * len(limits)
    good, total = _count_below(tuple(limits), unseen, hand_size, known, [10**12])
    return Fraction(good, total)


def _count_below(limits: tuple[int, ...], unseen: Sequence[Card], hand_size: int,
                 known: Sequence[tuple[Card, ...]], budget: list[int]) -> tuple[int, int]:
    """(deals in which each opponent's punto is below his limit, all deals), counted suit by suit."""
    k = len(known)
    need = tuple(hand_size - len(extra) for extra in known)
    if any(n < 0 for n in need) or sum(need) > len(unseen):
        raise ValueError("The opponents' hands do not fit in the unseen cards")
    combined: dict[tuple[int, ...], int] = {(0,) * k: 1}
    for suit in SUITS:
        cards = [PRIMIERA_VALUE[c.rank] for c in unseen if c.suit == suit]
        forced = [sorted((PRIMIERA_VALUE[c.rank] for c in extra if c.suit == suit), reverse=True)
                  for extra in known]
        table = _suit_shares(cards, forced, limits, need, budget)
        merged: dict[tuple[int, ...], int] = {}
        for counts, ways in combined.items():
            for more, ways2 in table.items():
                total = tuple(a + b for a, b in zip(counts, more, strict=True))
                if all(t <= n for t, n in zip(total, need, strict=True)):
                    merged[total] = merged.get(total, 0) + ways * ways2
        combined = merged
    return combined.get(need, 0), _deals(len(unseen), need)


class _TooMuchWork(Exception):
    """The exact count would take longer than its budget: estimate by sampling instead."""


def _suit_shares(values: list[int], forced: list[list[int]], limits: tuple[int, ...], need: tuple[int, ...],
                 budget: list[int]) -> dict:
    """Ways to give each opponent a subset of this suit's unseen cards (disjoint subsets, the
    rest undealt) with opponent j's best three of the suit below `limits[j]`, by subset sizes.

    The last opponent's choices are looked up in a table of allowed subsets inside each set of
    free cards (a sum over subsets), so only the first k-1 opponents are enumerated.
    """
    u = len(values)
    k = len(forced)
    full = (1 << u) - 1
    size = [0] * (1 << u)
    ordered: list[list[int]] = [[] for _ in range(1 << u)]
    for mask in range(1, 1 << u):
        low = mask & -mask
        size[mask] = size[mask ^ low] + 1
        ordered[mask] = ordered[mask ^ low] + [values[low.bit_length() - 1]]
    ok = []
    for j in range(k):
        allowed = []
        for mask in range(1 << u):
            if size[mask] <= need[j] and sum(sorted(ordered[mask] + forced[j], reverse=True)[:3]) < limits[j]:
                allowed.append(mask)
        ok.append(allowed)
    # inside[n][free]: allowed subsets of `free` with n cards, for the last opponent.
    last = k - 1
    inside = []
    for n in range(min(need[last], u) + 1):
        table = [0] * (1 << u)
        for mask in ok[last]:
            if size[mask] == n:
                table[mask] = 1
        for bit in range(u):
            step = 1 << bit
            for mask in range(1 << u):
                if mask & step:
                    table[mask] += table[mask ^ step]
        inside.append(table)
    out: dict[tuple[int, ...], int] = {}

    def place(j: int, free: int, counts: tuple[int, ...]) -> None:
        if j == last:
            budget[0] -= 1
            if budget[0] < 0:
                raise _TooMuchWork
            for n, table in enumerate(inside):
                if table[free]:
                    key = (*counts, n)
                    out[key] = out.get(key, 0) + table[free]
            return
        for mask in ok[j]:
            if mask & ~free == 0:
                place(j + 1, free & ~mask, (*counts, size[mask]))

    place(0, full, ())
    return out


def _deals(cards: int, need: tuple[int, ...]) -> int:
    """Ordered ways to deal `need[i]` cards to each opponent from `cards` cards."""
    total = 1
    left = cards
    for n in need:
        total *= math.comb(left, n)
        left -= n
    return total


def punto_distribution(unseen: Sequence[Card], hand_size: int = 3, known: Sequence[Card] = ()) -> dict[int, float]:
    """The exact distribution of one opponent's punto: value -> probability, for a hand of
    `hand_size` cards holding `known` and the rest drawn from `unseen`."""
    need = hand_size - len(known)
    per_suit: list[dict[tuple[int, int], int]] = []
    for suit in SUITS:
        values = [PRIMIERA_VALUE[c.rank] for c in unseen if c.suit == suit]
        fixed = [PRIMIERA_VALUE[c.rank] for c in known if c.suit == suit]
        table: dict[tuple[int, int], int] = {}
        for n in range(0, min(need, len(values)) + 1):
            for combo in combinations(values, n):
                best = sum(sorted((*combo, *fixed), reverse=True)[:3])
                key = (n, best)
                table[key] = table.get(key, 0) + 1
        per_suit.append(table)
    combined: dict[tuple[int, int], int] = {(0, 0): 1}
    for table in per_suit:
        merged: dict[tuple[int, int], int] = {}
        for (n, best), ways in combined.items():
            for (n2, best2), ways2 in table.items():
                if n + n2 <= need:
                    key = (n + n2, max(best, best2))
                    merged[key] = merged.get(key, 0) + ways * ways2
        combined = merged
    total = math.comb(len(unseen), need)
    return {best: ways / total for (n, best), ways in sorted(combined.items()) if n == need}


# -- what a betting choice is worth -------------------------------------------------------------------
@dataclass(frozen=True)
class Choice:
    """The expected chips of one decision, counted from now (chips already in the pot are gone
    whatever you do, so passing or folding is worth 0)."""

    action: str
    cost: int
    ev: float


def ev_pass() -> float:
    return 0.0


def ev_see(p_win: float, pot: int, to_call: int) -> float:
    """See the bet: pay `to_call` into a pot of `pot`, then win the whole pot with `p_win`."""
    return p_win * (pot + to_call) - to_call


def ev_open(p_win: float, pot: int, amount: int, callers: int) -> float:
    """Open for `amount` into a pot of `pot` when `callers` opponents see it; if nobody does
    (`callers` 0) the pot is yours without a showdown (STOPPA-6.7)."""
    if callers == 0:
        return float(pot)
    return p_win * (pot + amount * (1 + callers)) - amount


def ev_raise(p_win: float, pot: int, to_call: int, raise_by: int, callers: int) -> float:
    """See `to_call` and raise by `raise_by`; `callers` opponents each add `raise_by` to see it."""
    if callers == 0:
        return float(pot)
    pay = to_call + raise_by
    return p_win * (pot + pay + raise_by * callers) - pay


def break_even(pot: int, to_call: int) -> float:
    """The chance of winning at which seeing a bet neither gains nor loses on average."""
    return to_call / (pot + to_call) if to_call else 0.0
