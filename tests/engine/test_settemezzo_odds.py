"""The exact odds (neapolitan.settemezzo.odds) against brute-force enumeration on reduced packs,
and against figures worked out by hand.

The brute force deals every ordering of a small set of unseen cards and follows the game card by
card; the solvers never enumerate orderings, so agreement on many random packs checks them.
"""
from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest

from neapolitan.cards import DECK, RE_BELLO, parse_cards
from neapolitan.settemezzo import (
    DealerOdds,
    DealerPolicy,
    Punter,
    PunterOdds,
    Rules,
    next_card,
    payoff,
)
from neapolitan.settemezzo.odds import unseen_counts
from neapolitan.settemezzo.values import BUST, SIMPLE, hand_outcome, hand_value

SEVEN_HALF = Fraction(15, 2)


def _must_hit(hand, rules) -> bool:
    return rules.matta_alone == "must_hit" and list(hand) == [RE_BELLO]


# -- brute force ---------------------------------------------------------------------------------------
def dealer_final(cards, rules, stand_on):
    """The dealer's outcome drawing from `cards` in order while below `stand_on`."""
    hand = []
    for card in cards:
        hand.append(card)
        if hand_value(hand, rules) >= stand_on and not _must_hit(hand, rules):
            break
    return hand_outcome(hand, rules)


def brute_punter(hand, unseen, rules, stand_on):
    """(stand, card, replace, final outcome distribution) for a punter, by enumerating every
    ordering: the dealer's hole card is dealt first, the punter draws next, the dealer last."""
    perms = list(itertools.permutations(unseen))

    def stand_value(cards, k, worlds):
        o = hand_outcome(cards, rules)
        if o == BUST:
            return Fraction(-1)
        total = sum(payoff(o, dealer_final((w[0],) + w[1 + k:], rules, stand_on), rules) for w in worlds)
        return Fraction(total, len(worlds))

    def groups(worlds, pos):
        out: dict = {}
        for w in worlds:
            out.setdefault(w[pos], []).append(w)
        return out

    memo: dict = {}

    def best(cards, k, worlds):
        key = tuple(cards)  # the cards drawn so far decide the worlds still possible
        if key not in memo:
            memo[key] = _best(cards, k, worlds)
        return memo[key]

    def _best(cards, k, worlds):
        o = hand_outcome(cards, rules)
        if o == BUST:
            return Fraction(-1), None, None
        stand = stand_value(cards, k, worlds)
        if o >= SIMPLE or 1 + k >= len(unseen):
            return stand, stand, None
        card = sum(Fraction(len(g), len(worlds)) * best(cards + [c], k + 1, g)[0]
                   for c, g in groups(worlds, 1 + k).items())
        value = card if _must_hit(cards, rules) else max(stand, card)
        return value, stand, card

    value, stand, card = best(list(hand), 0, perms)

    def spread(cards, k, worlds, weight, out):
        v, s, c = best(cards, k, worlds)
        hits = c is not None and (_must_hit(cards, rules) or c > s)
        if not hits:
            o = hand_outcome(cards, rules)
            out[o] = out.get(o, 0) + weight
            return
        for nxt, g in groups(worlds, 1 + k).items():
            spread(cards + [nxt], k + 1, g, weight * Fraction(len(g), len(worlds)), out)

    final: dict = {}
    spread(list(hand), 0, perms, Fraction(1), final)
    return stand if not _must_hit(hand, rules) else None, card, final


def brute_dealer(rules, dealer_cards, unseen, punters):
    """(stand, card) values for the dealer, by enumerating every ordering of `unseen` into the
    punters' hidden cards (kept only where consistent with what they did) and the stock."""
    slots = []
    for i, p in enumerate(punters):
        slots += [("replaced", i)] * p.replaced
        if p.hole is None:
            slots.append(("hole", i))
    worlds = []
    for perm in itertools.permutations(unseen):
        holes = {}
        for (kind, i), card in zip(slots, perm, strict=False):
            p = punters[i]
            if kind == "replaced":
                if card.rank not in (3, 4):
                    break
                continue
            outcome = hand_outcome([card, *p.up], rules)
            if p.status == "stood" and (outcome >= SIMPLE or _must_hit([card, *p.up], rules)):
                break
            if p.status == "bust" and outcome != BUST:
                break
            holes[i] = card
        else:
            worlds.append((holes, perm[len(slots):]))

    def stand_value(cards, ws):
        d = hand_outcome(cards, rules)
        total = Fraction(0)
        for holes, _stock in ws:
            for i, p in enumerate(punters):
                if p.status in ("stood", "sette"):
                    hole = p.hole or holes[i]
                    total -= p.stake * payoff(hand_outcome([hole, *p.up], rules), d, rules)
        return total / len(ws)

    def best(cards, k, ws):
        stand = stand_value(cards, ws)
        if hand_value(cards, rules) >= SEVEN_HALF or k >= len(ws[0][1]):
            return stand, stand, None
        groups: dict = {}
        for w in ws:
            groups.setdefault(w[1][k], []).append(w)
        card = sum(Fraction(len(g), len(ws)) * best(cards + [c], k + 1, g)[0] for c, g in groups.items())
        return max(stand, card), stand, card

    if not worlds:
        return None  # what the punters did is impossible with these cards
    _value, stand, card = best(list(dealer_cards), 0, worlds)
    return stand, card, len(slots)


def sample(seed: int, size: int, must: tuple[str, ...] = ()):
    rng = random.Random(seed)
    named = parse_cards(" ".join(must))
    rest = rng.sample([c for c in DECK if c not in named], size - len(named))
    cards = named + rest
    rng.shuffle(cards)
    return cards


# -- worked by hand -------------------------------------------------------------------------------------
def test_seven_of_coppe_one_more_card_twelve_in_thirty_nine():
    """Holding 7C with the other 39 unseen: the 11 figures and the matta (as ½) keep you at 7½."""
    hand = parse_cards("7C")
    unseen = [c for c in DECK if c not in hand]
    odds = next_card(hand, unseen, Rules())
    assert odds.at_or_under == Fraction(12, 39)
    assert odds.seven_half == Fraction(12, 39) and odds.reale == Fraction(12, 39)
    assert odds.bust == Fraction(27, 39)
    assert odds.totals() == {SEVEN_HALF: Fraction(12, 39)}


@pytest.mark.parametrize(
    ("hand", "seen", "bust", "seven_half"),
    [
        ("3C", "", Fraction(12, 39), Fraction(0)),  # 5, 6, 7 bust; the matta makes 7
        ("6C 8D", "", Fraction(23, 38), Fraction(5, 38)),  # 6½: an Ace or the matta (as 1) make 7½
        ("5C 2S", "8D 9S 10S", Fraction(26, 35), Fraction(9, 35)),  # SETTE-EX-3 from 7: 8 figures + matta
        ("10D", "", Fraction(0), Fraction(15, 39)),  # with a figure the matta is 7, with a 7 it is ½
    ],
)
def test_next_card_by_hand(hand, seen, bust, seven_half):
    cards = parse_cards(hand)
    unseen = [c for c in DECK if c not in cards and c not in parse_cards(seen)]
    odds = next_card(cards, unseen, Rules())
    assert odds.bust == bust and odds.seven_half == seven_half
    assert sum(odds.outcomes.values()) == 1


def test_unseen_counts_are_class_counts():
    assert unseen_counts(parse_cards("7C 10D 9S")) == (10, 4, 4, 4, 4, 4, 4, 3, 0)


# -- the punter against brute force -------------------------------------------------------------------
PUNTER_RULES = [
    Rules(),
    Rules(matta="half_steps", reale="any_matta"),
    Rules(reale="natural_only", dealer_double="never", reale_vs_simple="tie"),
    Rules(dealer_stands_on=4),
    Rules(matta_alone="must_hit", matta="integer"),
    Rules(dealer_stands_on=6, bust_pays_single=True, reale_vs_reale="push"),
]


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("rules", PUNTER_RULES, ids=lambda r: r.to_text())
def test_punter_values_match_brute_force(rules, seed):
    cards = sample(seed, 7 + seed % 2, must=("10D",) if seed % 2 else ())
    hand, unseen = cards[:1], cards[1:]
    policy = DealerPolicy.for_rules(rules)
    stand, card, final = brute_punter(hand, unseen, rules, policy.stand_on)
    advice = PunterOdds(rules, policy).advice(hand, unseen)
    assert advice.stand == stand and advice.card == card
    assert PunterOdds(rules, policy).final_outcomes(hand, unseen) == {o: p for o, p in final.items() if p}


@pytest.mark.parametrize("seed", range(4))
def test_two_card_hands_match_brute_force(seed):
    rules = Rules()
    cards = sample(100 + seed, 8)
    hand, unseen = cards[:2], cards[2:]
    stand, card, _final = brute_punter(hand, unseen, rules, 5)
    advice = PunterOdds(rules).advice(hand, unseen)
    assert (advice.stand, advice.card) == (stand, card)


@pytest.mark.parametrize("seed", range(3))
def test_replacing_a_three_matches_brute_force_SETTE_4_2(seed):
    rules = Rules()
    cards = sample(200 + seed, 7, must=("3C",))
    hole = parse_cards("3C")
    unseen = [c for c in cards if c not in hole]
    # Exchanging: the next card is the new hole card; the 3 is then known out of play.
    expected = Fraction(0)
    for new in unseen:
        rest = [c for c in unseen if c is not new]
        stand, card, _ = brute_punter([new], rest, rules, 5)
        expected += Fraction(1, len(unseen)) * (stand if card is None else max(stand, card))
    assert PunterOdds(rules).advice(hole, unseen, can_replace=True).replace == expected


@pytest.mark.parametrize("seed", range(4))
def test_dealer_outcomes_under_a_policy_match_brute_force(seed):
    rules = Rules()
    unseen = sample(300 + seed, 7)
    expected: dict = {}
    for perm in itertools.permutations(unseen):
        o = dealer_final(perm, rules, 5)
        expected[o] = expected.get(o, 0) + Fraction(1, 5040)
    assert PunterOdds(rules).dealer_outcomes(unseen) == expected


# -- the dealer's best response against brute force ------------------------------------------------------
def _position(seed: int):
    """A random dealer's decision that can happen: 1-3 punters who stood, showed 7½, busted or
    sat out, a few unseen cards; with the brute-force values."""
    rng = random.Random(seed)
    rules = Rules()
    while True:
        cards = rng.sample(DECK, 20)
        dealer = cards[:1]
        punters, pos, hidden = [], 1, 0
        for _ in range(rng.randint(1, 3)):
            status = rng.choice(["stood", "stood", "bust", "sette", "out"])
            up = tuple(cards[pos:pos + (rng.randint(1, 2) if status == "bust" else rng.randint(0, 2))])
            pos += len(up)
            replaced = 1 if rng.random() < 0.3 else 0
            hole = None
            if status == "sette":
                hole, pos = cards[pos], pos + 1
                if hand_value([hole, *up], rules) != SEVEN_HALF:
                    status, hole = "stood", None
            punters.append(Punter(status, rng.randint(1, 3), up, hole, replaced))
            hidden += replaced + (hole is None)
        unseen = cards[pos:pos + hidden + rng.randint(2, 4)]
        if len(unseen) <= 8:
            brute = brute_dealer(rules, dealer, unseen, punters)
            if brute is not None:
                return rules, dealer, unseen, punters, brute


@pytest.mark.parametrize("seed", range(10))
def test_dealer_best_response_matches_brute_force_SETTE_5_2(seed):
    rules, dealer, unseen, punters, (stand, card, hidden) = _position(seed)
    advice = DealerOdds(rules, dealer, unseen, punters, stock_size=len(unseen) - hidden).advice()
    assert advice.stand == stand
    assert advice.card == card


def test_the_dealer_reads_the_punters_standing_SETTE_5_2():
    """A punter who stood showing a 6 holds a figure, an Ace or the matta: from 6½ the dealer
    beats or ties none... the exact best response says to draw."""
    rules = Rules()
    punter = Punter("stood", 1, tuple(parse_cards("6C")))
    dealer = parse_cards("6B")
    unseen = [c for c in DECK if c not in (*dealer, *punter.up)]
    odds = DealerOdds(rules, dealer, unseen, [punter])
    holes = odds.hole_odds(punter)
    assert set(holes) == {0, 1, 8} and sum(holes.values()) == 1  # a figure, an Ace or the matta
    assert holes[0] == Fraction(11, 16) and holes[1] == Fraction(4, 16)
    advice = odds.advice()
    assert advice.stand == -1  # 6 loses to 6½ or 7 whatever the hole card
    assert advice.best == "card" and advice.card > advice.stand


# -- the optimal policy from a full pack ----------------------------------------------------------------
def test_optimal_policy_from_a_full_pack():
    solver = PunterOdds(Rules())
    policy = solver.optimal_policy()
    assert policy.action(parse_cards("7C")) == "stand"
    assert policy.action(parse_cards("9C")) == "card"
    assert policy.replace == {3: True, 4: True}
    # The policy's value is the average, over the 40 hole cards, of the best choice with each.
    total = Fraction(0)
    for hole in DECK:
        unseen = [c for c in DECK if c is not hole]
        advice = solver.advice([hole], unseen, can_replace=hole.rank in (3, 4))
        total += Fraction(1, 40) * advice.value
    assert total == policy.value


def test_standing_on_five_is_the_dealers_best_fixed_rule():
    """The default stated policy: against a punter who plays the optimal policy, a dealer who
    stands on 5 does better than one who stands on 4 or on 6."""
    values = {n: PunterOdds(Rules(), DealerPolicy(Fraction(n))).optimal_policy().value for n in (4, 5, 6)}
    assert values[5] < values[4] and values[5] < values[6]


def test_a_made_up_impossible_position_still_gets_an_answer():
    """Standing on a face-up 7 is impossible (any hole card makes 7½ or more): the dealer's
    model then drops what it cannot explain, and still compares his choices."""
    punter = Punter("stood", 2, tuple(parse_cards("7C")))
    dealer = parse_cards("5B")
    unseen = [c for c in DECK if c not in (*dealer, *punter.up)]
    advice = DealerOdds(Rules(), dealer, unseen, [punter]).advice()
    assert advice.stand is not None and advice.card is not None
    assert -4 <= advice.stand <= 4
