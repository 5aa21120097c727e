"""The strategy lab's engine: the exact value of a punter's policy against a fixed dealer rule.

One punter plays one hand against the dealer from a freshly shuffled 40-card pack (SETTE-2.5),
for a stake of 1. A policy says, for every hand the punter may hold, whether he takes a card,
and for a 3 or 4 as first card whether he exchanges it (SETTE-4.2); 7½ and bust end his turn
(SETTE-4.5, 4.6). The dealer draws below a fixed total and stands on it or more (SETTE-OP-6 B's
shape, `DealerPolicy`); his free choice (SETTE-5.2) is no fixed rule and is not modelled here.
The dealer's final outcomes come from the exact odds (`PunterOdds.dealer_outcomes`); the
punter's side is a memoized recursion over his hands, in exact `Fraction`s.

A hand is a tuple of value classes (0 a figure other than the matta, 1..7 the number cards,
8 the matta; see `values.py`), the first card first and the drawn cards after it in class order:
the order of the face-up cards changes nothing.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Protocol

from neapolitan.settemezzo.odds import (
    FACT,
    ONE,
    SHIFT,
    DealerPolicy,
    PunterOdds,
    pack_code,
    pack_counts,
)
from neapolitan.settemezzo.rules import Rules
from neapolitan.settemezzo.settlement import payoff_row
from neapolitan.settemezzo.values import (
    BUST,
    CLASS_HALVES,
    FULL_PACK,
    MATTA,
    SIMPLE,
    outcome_of,
    total_halves,
)

Hand = tuple[int, ...]
THRESHOLDS = tuple(range(1, 16))  # stand-on totals in half points: ½, 1, ..., 7½
FULL = pack_code(FULL_PACK)
EXCHANGEABLE = (3, 4)  # SETTE-4.2


# -- hands -------------------------------------------------------------------------------------------
def hand_of(first: int, *drawn: int) -> Hand:
    """The hand with this first card and these drawn cards (value classes), in canonical order."""
    return (first, *sorted(drawn))


def _parts(hand: Hand) -> tuple[int, bool, int]:
    base = sum(CLASS_HALVES[c] for c in hand if c != MATTA)
    return base, MATTA in hand, len(hand)


def hand_total(hand: Hand, rules: Rules) -> int:
    """The hand's total in half points, the matta at its best value (SETTE-3.1)."""
    return total_halves(*_parts(hand), rules)


def hand_result(hand: Hand, rules: Rules) -> int:
    """The hand's outcome code: a total 1..14 in half points, SIMPLE, REALE or BUST."""
    return outcome_of(*_parts(hand), rules)


def must_hit(hand: Hand, rules: Rules) -> bool:
    """SETTE-OP-2 (C): the matta alone must take another card."""
    return rules.matta_alone == "must_hit" and hand == (MATTA,)


# -- policies ----------------------------------------------------------------------------------------
class Policy(Protocol):
    """A punter's policy. `draws` answers True (a card), False (stand) or None (whichever is
    worth more, the rest played by the same policy); so does `exchanges` for a 3 or 4 as first
    card, `times` being how many cards he has exchanged already."""

    def draws(self, hand: Hand, total: int) -> bool | None: ...

    def exchanges(self, first: int, times: int) -> bool | None: ...


@dataclass(frozen=True)
class StandOn:
    """Take cards while the total is under `halves` (in half points), stand on it or more.

    `exchange` is the set of first cards (3 and/or 4) the punter exchanges (SETTE-4.2); None,
    the default, exchanges exactly when that is worth more under the same rule.
    """

    halves: int
    exchange: frozenset[int] | None = None

    def draws(self, hand: Hand, total: int) -> bool:
        return total < self.halves

    def exchanges(self, first: int, times: int) -> bool | None:
        return None if self.exchange is None else first in self.exchange


@dataclass(frozen=True)
class HandPolicy:
    """Any policy, as functions of the hand: `draw(hand, total)` and `exchange(first, times)`
    (None: exchange exactly when that is worth more)."""

    draw: Callable[[Hand, int], bool]
    exchange: Callable[[int, int], bool] | None = None

    def draws(self, hand: Hand, total: int) -> bool:
        return self.draw(hand, total)

    def exchanges(self, first: int, times: int) -> bool | None:
        return None if self.exchange is None else self.exchange(first, times)


class _Optimal:
    """The optimal policy: every choice is whichever is worth more."""

    def draws(self, hand: Hand, total: int) -> None:
        return None

    def exchanges(self, first: int, times: int) -> None:
        return None


OPTIMAL: Policy = _Optimal()


# -- the evaluator -----------------------------------------------------------------------------------
def _cards(m: int) -> Iterator[tuple[int, int]]:
    """(class, how many) for every class left in the pack `m`."""
    for cls in range(9):
        k = (m >> SHIFT[cls]) & 15
        if k:
            yield cls, k


def _size(m: int) -> int:
    return sum(pack_counts(m))


class Lab:
    """Exact values for one set of rules and one dealer rule; memos shared by every policy.

    Inside, a value with the pack `m` left is an integer: the expected result in stakes times
    n!, n the number of cards in `m` (the orderings of the pack), so that no Fraction is built
    until the answer; the public methods return Fractions.
    """

    def __init__(self, rules: Rules, dealer: DealerPolicy) -> None:
        self.rules = rules
        self.dealer = dealer
        self._odds = PunterOdds(rules, dealer)
        self._dealer: dict[int, tuple[tuple[int, int], ...]] = {}
        self._stand: dict[tuple[int, int], int] = {}
        self._results: dict[Hand, tuple[int, int]] = {}
        self._values: dict[Policy, dict[tuple[Hand, int], int]] = {}
        self._firsts: dict[Policy, dict[tuple[int, int, int], tuple[int, int | None]]] = {}
        self._evs: dict[Policy, Fraction] = {}

    def _result(self, hand: Hand) -> tuple[int, int]:
        found = self._results.get(hand)
        if found is None:
            found = self._results[hand] = (hand_result(hand, self.rules), hand_total(hand, self.rules))
        return found

    def _stand_value(self, outcome: int, m: int) -> int:
        """What a punter who stops with `outcome` wins, the dealer drawing from `m` (his hole
        card among them), times n!. A bust has paid already (SETTE-4.5); the rest is SETTE-6."""
        n = _size(m)
        if outcome == BUST:
            return -FACT[n]
        key = (outcome, m)
        found = self._stand.get(key)
        if found is None:
            dealer = self._dealer.get(m)
            if dealer is None:
                outcomes = self._odds.dealer_outcomes(pack_counts(m))
                dealer = self._dealer[m] = tuple((d, int(p * FACT[n])) for d, p in outcomes.items())
            row = payoff_row(outcome, self.rules)
            found = self._stand[key] = sum(w * row[d] for d, w in dealer)
        return found

    def _card_value(self, policy: Policy, hand: Hand, m: int) -> int:
        return sum(k * self._value(policy, hand_of(hand[0], *hand[1:], cls), m - ONE[cls])
                   for cls, k in _cards(m))

    def _decide(self, policy: Policy, hand: Hand, m: int) -> bool:
        outcome, total = self._result(hand)
        if outcome >= SIMPLE:
            return False
        if must_hit(hand, self.rules):
            return True
        choice = policy.draws(hand, total)
        if choice is None:  # on equal values he stands
            return self._card_value(policy, hand, m) > self._stand_value(outcome, m)
        return choice

    def _value(self, policy: Policy, hand: Hand, m: int) -> int:
        memo = self._values.get(policy)
        if memo is None:
            memo = self._values[policy] = {}
        key = (hand, m)
        found = memo.get(key)
        if found is None:
            if self._decide(policy, hand, m):
                found = self._card_value(policy, hand, m)
            else:
                found = self._stand_value(self._result(hand)[0], m)
            memo[key] = found
        return found

    def _first(self, policy: Policy, first: int, m: int, times: int) -> tuple[int, int | None]:
        """(keep, exchange) for the first card `first`, times n!: the exchanged card is out of
        play (SETTE-4.2); exchange is None when the rules allow none now (SETTE-OP-4)."""
        memo = self._firsts.get(policy)
        if memo is None:
            memo = self._firsts[policy] = {}
        key = (first, m, times)
        found = memo.get(key)
        if found is None:
            keep = self._value(policy, (first,), m)
            exchange = None
            if first in EXCHANGEABLE and self.rules.replace_allowed(False, times):
                exchange = sum(k * self._first_value(policy, cls, m - ONE[cls], times + 1)
                               for cls, k in _cards(m))
            found = memo[key] = (keep, exchange)
        return found

    def _exchanges(self, policy: Policy, first: int, m: int, times: int) -> bool:
        keep, exchange = self._first(policy, first, m, times)
        if exchange is None:
            return False
        choice = policy.exchanges(first, times)
        return exchange > keep if choice is None else choice

    def _first_value(self, policy: Policy, first: int, m: int, times: int) -> int:
        keep, exchange = self._first(policy, first, m, times)
        return exchange if exchange is not None and self._exchanges(policy, first, m, times) else keep

    # -- public: Fractions, in stakes ------------------------------------------------------------------
    def stand_value(self, outcome: int, m: int) -> Fraction:
        """What a punter who stops with `outcome` wins on average, the dealer drawing from `m`."""
        return Fraction(self._stand_value(outcome, m), FACT[_size(m)])

    def value(self, policy: Policy, hand: Hand, m: int) -> Fraction:
        """The punter's expected result holding `hand` with the pack `m` left, played by `policy`."""
        return Fraction(self._value(policy, hand, m), FACT[_size(m)])

    def choices(self, policy: Policy, hand: Hand, m: int) -> tuple[Fraction | None, Fraction | None]:
        """(stand, card): each choice's value with the rest played by `policy`; None when the
        rules close it (7½ and bust stop, SETTE-4.5, 4.6; SETTE-OP-2 C forces a card)."""
        scale = FACT[_size(m)]
        outcome = self._result(hand)[0]
        stand = None if must_hit(hand, self.rules) else Fraction(self._stand_value(outcome, m), scale)
        card = None if outcome >= SIMPLE else Fraction(self._card_value(policy, hand, m), scale)
        return stand, card

    def decide(self, policy: Policy, hand: Hand, m: int) -> bool:
        """Does `policy` take a card with `hand`, the pack being `m`?"""
        return self._decide(policy, hand, m)

    def exchanges(self, policy: Policy, first: int, m: int, times: int = 0) -> bool:
        """Does `policy` exchange the first card `first` (a 3 or 4), the pack being `m`?"""
        return self._exchanges(policy, first, m, times)

    def first_value(self, policy: Policy, first: int, m: int, times: int = 0) -> Fraction:
        """The value of holding `first` as first card, before any exchange."""
        return Fraction(self._first_value(policy, first, m, times), FACT[_size(m)])

    def ev(self, policy: Policy) -> Fraction:
        """The policy's expected result in stakes, before the first card is dealt."""
        found = self._evs.get(policy)
        if found is None:
            total = sum(k * self._first_value(policy, cls, FULL - ONE[cls], 0) for cls, k in _cards(FULL))
            found = self._evs[policy] = Fraction(total, FACT[40])
        return found


@lru_cache(maxsize=16)
def lab(rules: Rules, dealer: DealerPolicy) -> Lab:
    """The shared evaluator for these rules and dealer rule (few distinct ones are ever asked)."""
    return Lab(rules, dealer)


# -- public answers ----------------------------------------------------------------------------------
def policy_ev(rules: Rules, punter_policy: Policy, dealer_policy: DealerPolicy | None = None) -> Fraction:
    """The exact expected result, in stakes, of one hand played by `punter_policy` against a
    dealer who follows `dealer_policy` (the rules' fixed rule, or standing on 5), from a full pack."""
    return lab(rules, dealer_policy or DealerPolicy.for_rules(rules)).ev(punter_policy)


@lru_cache(maxsize=32)
def threshold_evs(rules: Rules, dealer_policy: DealerPolicy) -> dict[int, Fraction]:
    """The EV of standing on each total from ½ to 7½ (keys in half points), each exchanging a
    3 or 4 when that is worth more under its own rule."""
    return {t: policy_ev(rules, StandOn(t), dealer_policy) for t in THRESHOLDS}


def best_threshold(rules: Rules, dealer_policy: DealerPolicy) -> int:
    """The stand-on total (in half points) with the highest EV; the lower one on equal values."""
    evs = threshold_evs(rules, dealer_policy)
    return max(THRESHOLDS, key=lambda t: (evs[t], -t))


@lru_cache(maxsize=16)
def optimal_ev(rules: Rules, dealer_policy: DealerPolicy) -> Fraction:
    """The optimal policy's EV in stakes: every choice the better one, hand by hand."""
    return policy_ev(rules, OPTIMAL, dealer_policy)


def bank_edge(punter_ev: Fraction) -> Fraction:
    """The bank's edge over a punter: what he loses on average, in stakes."""
    return -punter_ev


# -- where the optimal policy and a rule part ------------------------------------------------------------
@dataclass(frozen=True)
class Divergence:
    """A hand where the optimal policy and a rule first choose differently.

    `hand` (value classes, first card first) with its `total` in half points; `exchanged`
    whether its first card came from an exchange; `optimal` and `rule` are each one's choice,
    "card" or "stand", or for a first card alone "exchange" or "keep"; `chance` that a hand
    reaches it (the same for both: they agree until then); `cost` the stakes per hand the rule
    gives up there on average. The costs of all divergences add up to the gap between the EVs.
    """

    hand: Hand
    exchanged: bool
    total: int
    optimal: str
    rule: str
    chance: Fraction
    cost: Fraction


@lru_cache(maxsize=128)
def divergences(rules: Rules, dealer_policy: DealerPolicy, rule: Policy) -> tuple[Divergence, ...]:
    """Every hand where `rule` first leaves the optimal policy, the costliest first."""
    the_lab = lab(rules, dealer_policy)
    found: dict[tuple[Hand, bool, str, str], list[Fraction]] = {}

    def note(key: tuple[Hand, bool, str, str], chance: Fraction, gap: Fraction) -> None:
        entry = found.setdefault(key, [Fraction(0), Fraction(0)])
        entry[0] += chance
        entry[1] += chance * gap

    def walk(hand: Hand, m: int, chance: Fraction, exchanged: bool) -> None:
        best = the_lab.decide(OPTIMAL, hand, m)
        if best != the_lab.decide(rule, hand, m):
            gap = the_lab.value(OPTIMAL, hand, m) - the_lab.value(rule, hand, m)
            names = ("card", "stand") if best else ("stand", "card")
            note((hand, exchanged, *names), chance, gap)
        elif best:
            n = sum(pack_counts(m))
            for cls, k in _cards(m):
                walk(hand_of(hand[0], *hand[1:], cls), m - ONE[cls], chance * Fraction(k, n), exchanged)

    def first(cls: int, m: int, chance: Fraction, times: int) -> None:
        best = the_lab.exchanges(OPTIMAL, cls, m, times)
        if best != the_lab.exchanges(rule, cls, m, times):
            gap = the_lab.first_value(OPTIMAL, cls, m, times) - the_lab.first_value(rule, cls, m, times)
            names = ("exchange", "keep") if best else ("keep", "exchange")
            note(((cls,), times > 0, *names), chance, gap)
        elif best:
            n = sum(pack_counts(m))
            for new, k in _cards(m):
                first(new, m - ONE[new], chance * Fraction(k, n), times + 1)
        else:
            walk((cls,), m, chance, times > 0)

    for cls, k in _cards(FULL):
        first(cls, FULL - ONE[cls], Fraction(k, 40), 0)
    out = [
        Divergence(hand, exchanged, hand_total(hand, rules), optimal, mine, chance, cost)
        for (hand, exchanged, optimal, mine), (chance, cost) in found.items()
    ]
    return tuple(sorted(out, key=lambda d: (-d.cost, d.hand, d.exchanged)))
