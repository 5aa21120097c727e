"""The strategy lab's engine (neapolitan.settemezzo.strategy) against an independent brute force.

The brute force below shares no code with the engine beyond `Rules`: it has its own hand values
(SETTE-1.2, 1.3, 3.1), its own settlement table (SETTE-6) and its own dealer; it follows every
sequence of cards the punter and then the dealer can draw, one card at a time, each weighted by
the number of cards of its value left in the pack (the cards of one value are interchangeable).
The engine instead memoizes over hands and takes the dealer's outcomes from the exact odds.
"""
from __future__ import annotations

from fractions import Fraction
from functools import cache
from math import factorial

import pytest

from neapolitan.settemezzo import DealerPolicy, PunterOdds, Rules
from neapolitan.settemezzo.strategy import (
    OPTIMAL,
    HandPolicy,
    StandOn,
    bank_edge,
    best_threshold,
    divergences,
    hand_of,
    optimal_ev,
    policy_ev,
    threshold_evs,
)

RULES = Rules()
DEALER_5 = DealerPolicy(Fraction(5))

# -- brute force ------------------------------------------------------------------------------------------
# Cards by value: 0 a figure (worth ½), 1..7 the number cards, 8 the matta (SETTE-1.1 to 1.3).
PACK = (11, 4, 4, 4, 4, 4, 4, 4, 1)
FIGURE, MATTA = 0, 8
MATTA_VALUES = (1, 2, 4, 6, 8, 10, 12, 14)  # ½, 1..7 in half points (SETTE-1.3)


def total(hand: tuple[int, ...]) -> int:
    """SETTE-3.1, in half points: the matta takes the largest value keeping 7½ or under; alone, 7."""
    base = sum(1 if c == FIGURE else 2 * c for c in hand if c != MATTA)
    if MATTA not in hand:
        return base
    if len(hand) == 1:
        return 14  # SETTE-4.8
    fitting = [v for v in MATTA_VALUES if base + v <= 15]
    return base + (max(fitting) if fitting else 1)


def settle(punter: tuple[int, ...], dealer_total: int, dealer_cards: int) -> int:
    """SETTE-6's table, read straight from the reference, for a punter who did not bust."""
    p = total(punter)
    p_reale = p == 15 and len(punter) == 2  # SETTE-3.4
    d_reale = dealer_total == 15 and dealer_cards == 2
    if dealer_total > 15:
        return 2 if p_reale else 1  # SETTE-6.6
    if p_reale:
        return -1 if d_reale else 2  # SETTE-6.4, 6.5
    if p == 15:
        return -1 if dealer_total == 15 else 1  # SETTE-6.1, 6.3
    if dealer_total == 15:
        return -2  # SETTE-6.3
    return 1 if p > dealer_total else -1  # SETTE-6.1, 6.2: ties go to the dealer


def drawn(pack: tuple[int, ...], c: int) -> tuple[int, ...]:
    return pack[:c] + (pack[c] - 1,) + pack[c + 1:]


@cache
def dealer_finals(pack: tuple[int, ...], stand_on: int) -> tuple[tuple[int, int, int], ...]:
    """Every way the dealer's hand can end, as (total, cards counted up to 3, ways): his hole
    card and his draws come from `pack`, and he draws while under `stand_on` half points
    (SETTE-OP-6 B). A sequence of L cards with k1, k2, ... cards of its values left at each
    draw has the chance k1 k2 ... / (n (n-1) ... (n-L+1)); `ways` adds up k1 k2 ... (n-L)!,
    the chances times n! (the orderings of the whole pack that start with that sequence)."""
    n = sum(pack)
    ways: dict[tuple[int, int], int] = {}

    def go(hand: tuple[int, ...], pack: list[int], weight: int) -> None:
        if hand and total(hand) >= stand_on:
            key = (total(hand), min(len(hand), 3))
            ways[key] = ways.get(key, 0) + weight * factorial(n - len(hand))
            return
        for c in range(9):
            k = pack[c]
            if k:
                pack[c] -= 1
                go(hand + (c,), pack, weight * k)
                pack[c] += 1

    go((), list(pack), 1)
    return tuple((t, cards, w) for (t, cards), w in ways.items())


def brute_first(draw, stand_on: int) -> dict[int, tuple[Fraction, Fraction | None]]:
    """For each first card: (keep, exchange), the punter's expected result playing `draw(hand)`,
    keeping it or exchanging it (a 3 or 4, once: SETTE-4.2); his draws come one by one, each
    card of the pack as likely as any other."""

    def play(hand: tuple[int, ...], pack: tuple[int, ...]) -> int:
        """The expected result times n! (n the cards left), following every sequence of draws."""
        n = sum(pack)
        t = total(hand)
        if t > 15:
            return -factorial(n)  # SETTE-4.5: paid at once, whatever the dealer does
        if t < 15 and draw(hand):
            return sum(k * play(hand + (c,), drawn(pack, c)) for c, k in enumerate(pack) if k)
        return sum(w * settle(hand, d, cards) for d, cards, w in dealer_finals(pack, stand_on))

    out = {}
    for first in range(9):
        pack = drawn(PACK, first)
        keep = Fraction(play((first,), pack), factorial(39))
        exchange = None
        if first in (3, 4):
            rest = sum(k * play((c,), drawn(pack, c)) for c, k in enumerate(pack) if k)
            exchange = Fraction(rest, factorial(39))
        out[first] = (keep, exchange)
    return out


@cache
def brute_stand_on(halves: int, stand_on: int) -> dict[int, tuple[Fraction, Fraction | None]]:
    return brute_first(stands_on(halves), stand_on)


def brute_ev(firsts: dict[int, tuple[Fraction, Fraction | None]], exchange: frozenset[int] | None = None) -> Fraction:
    """The EV from a full pack; `exchange` the first cards exchanged, None for the better choice."""
    ev = Fraction(0)
    for first, (keep, swap) in firsts.items():
        if swap is None:
            value = keep
        elif exchange is None:
            value = max(keep, swap)
        else:
            value = swap if first in exchange else keep
        ev += Fraction(PACK[first], 40) * value
    return ev


def stands_on(halves: int):
    return lambda hand: total(hand) < halves


# -- the table: EV per 100 stakes of each stand-on rule against a dealer who stands on 5 -------------------
# Worked out by the engine and checked exactly against the brute force; rounded here to read.
STAND_ON_AGAINST_DEALER_5 = {
    1: -36.945, 2: -22.383, 3: -19.802, 4: -17.437, 5: -16.082, 6: -14.151, 7: -13.880, 8: -12.702,
    9: -12.821, 10: -11.864, 11: -10.842, 12: -13.061, 13: -22.165, 14: -31.170, 15: -48.079,
}


@pytest.mark.parametrize("halves", sorted(STAND_ON_AGAINST_DEALER_5))
def test_stand_on_rules_against_brute_force_SETTE_6(halves):
    engine = policy_ev(RULES, StandOn(halves), DEALER_5)
    assert engine == brute_ev(brute_stand_on(halves, 10))
    assert round(float(engine) * 100, 3) == STAND_ON_AGAINST_DEALER_5[halves]
    assert threshold_evs(RULES, DEALER_5)[halves] == engine


@pytest.mark.parametrize("halves", [4, 10, 14])
@pytest.mark.parametrize("exchange", [frozenset(), frozenset({3, 4}), frozenset({4})])
def test_the_exchange_of_a_3_or_4_SETTE_4_2(halves, exchange):
    assert policy_ev(RULES, StandOn(halves, exchange), DEALER_5) == brute_ev(brute_stand_on(halves, 10), exchange)


@pytest.mark.parametrize(("dealer", "halves"), [(4, 3), (4, 10), (6, 3), (6, 10), (7, 3)])
def test_other_dealer_rules_SETTE_OP_6(dealer, halves):
    assert policy_ev(RULES, StandOn(halves), DealerPolicy(Fraction(dealer))) == brute_ev(brute_stand_on(halves, 2 * dealer))


def test_a_hand_by_hand_policy():
    """Not a threshold: draw under 5, but under 6 when a figure is among the cards, never on the matta alone."""
    def draw(hand):
        if hand == (MATTA,):
            return False
        return total(hand) < (12 if FIGURE in hand else 10)

    policy = HandPolicy(lambda hand, _total: draw(hand), lambda first, times: first == 3)
    assert policy_ev(RULES, policy, DEALER_5) == brute_ev(brute_first(draw, 10), frozenset({3}))


def test_the_engine_reads_hands_like_the_brute_force_SETTE_3_1():
    from neapolitan.settemezzo.strategy import hand_total

    for hand in [(8,), (3, 8), (6, 8, 0), (7, 0), (8, 0), (7, 6), (1, 1, 1, 1, 0, 0, 0)]:
        assert hand_total(hand_of(*hand), RULES) == total(hand)


# -- the optimal policy, the edge, where they part ---------------------------------------------------------
@pytest.mark.parametrize("dealer", [4, 5, 6, 7])
def test_optimal_is_the_odds_solvers_value_and_beats_every_threshold(dealer):
    policy = DealerPolicy(Fraction(dealer))
    optimal = optimal_ev(RULES, policy)
    assert optimal == PunterOdds(RULES, policy).optimal_policy().value  # a different recursion
    evs = threshold_evs(RULES, policy)
    assert all(optimal >= ev for ev in evs.values())
    assert all(-2 <= ev <= 2 for ev in (*evs.values(), optimal))
    best = best_threshold(RULES, policy)
    assert evs[best] == max(evs.values())
    assert bank_edge(optimal) == -optimal


def test_against_a_dealer_on_5_the_bank_keeps_an_edge():
    assert optimal_ev(RULES, DEALER_5) == policy_ev(RULES, OPTIMAL, DEALER_5)
    assert round(float(bank_edge(optimal_ev(RULES, DEALER_5))) * 100, 3) == 9.135
    assert best_threshold(RULES, DEALER_5) == 11  # stand on 5½


@pytest.mark.parametrize("dealer", [4, 5, 6])
@pytest.mark.parametrize("halves", [3, 10, 11, 14])
def test_the_divergences_add_up_to_the_gap(dealer, halves):
    policy = DealerPolicy(Fraction(dealer))
    found = divergences(RULES, policy, StandOn(halves))
    gap = optimal_ev(RULES, policy) - policy_ev(RULES, StandOn(halves), policy)
    assert sum(d.cost for d in found) == gap
    assert all(d.cost >= 0 and 0 < d.chance <= 1 for d in found)


def test_the_matta_alone_draws_whatever_the_threshold_SETTE_4_8():
    """Alone the matta counts 7 (SETTE-4.8), but no second card can bust it: a number card
    leaves 7 and a figure or a 7 makes a reale (SETTE-3.1, 3.4). The optimal policy draws, a
    rule that stands on 7 or less stands, and that is its costliest difference."""
    found = divergences(RULES, DEALER_5, StandOn(11))
    top = found[0]
    assert top.hand == (MATTA,) and not top.exchanged and top.total == 14
    assert (top.optimal, top.rule) == ("card", "stand") and top.chance == Fraction(1, 40)
    # By the brute force: drawing once and then standing already beats standing on it.
    keep_stand = brute_first(lambda hand: total(hand) < 11, 10)[MATTA][0]
    keep_draw = brute_first(lambda hand: total(hand) < 11 or hand == (MATTA,), 10)[MATTA][0]
    assert keep_draw > keep_stand
    assert top.cost >= Fraction(1, 40) * (keep_draw - keep_stand) > 0


def test_a_rule_equal_to_the_optimal_policy_has_no_divergence():
    assert divergences(RULES, DEALER_5, OPTIMAL) == ()
