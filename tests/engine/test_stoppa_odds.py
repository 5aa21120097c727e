"""The odds of the punto: exact counts checked against brute-force enumeration on reduced packs,
sampling within its stated error bound, and the expected value of each betting choice."""
import itertools
import random

import pytest

from neapolitan.cards import DECK, parse_cards
from neapolitan.stoppa import punto
from neapolitan.stoppa.odds import (
    beat_odds,
    break_even,
    ev_open,
    ev_pass,
    ev_raise,
    ev_see,
    hoeffding_error,
    punto_distribution,
    samples_for,
)


def brute_force(value, opponents, unseen, hand_size, known=()):
    """Every ordered deal of the opponents' hands, one by one."""
    known = [tuple(k) for k in known] + [()] * (opponents - len(known))
    counts = [0, 0, 0]

    def deal(i, pool, best):
        if i == opponents:
            counts[0 if best < value else 1 if best == value else 2] += 1
            return
        for combo in itertools.combinations(pool, hand_size - len(known[i])):
            rest = [c for c in pool if c not in combo]
            deal(i + 1, rest, max(best, punto((*known[i], *combo))))

    deal(0, list(unseen), 0)
    total = sum(counts)
    return counts[0] / total, counts[1] / total


REDUCED = [
    # (seed, pack size, value, opponents, hand size, known cards of the first opponent)
    (1, 10, 30, 1, 3, 0), (2, 11, 33, 2, 3, 0), (3, 12, 25, 2, 3, 1), (4, 10, 40, 3, 3, 0),
    (5, 12, 45, 1, 5, 0), (6, 11, 31, 2, 4, 2), (7, 11, 21, 3, 3, 1), (8, 9, 55, 2, 3, 0),
]


@pytest.mark.parametrize(("seed", "size", "value", "opponents", "hand_size", "known"), REDUCED)
def test_exact_odds_match_brute_force_on_reduced_packs(seed, size, value, opponents, hand_size, known):
    rng = random.Random(seed)
    cards = rng.sample(list(DECK), size)
    forced = [cards[:known]] if known else []
    unseen = cards[known:]
    odds = beat_odds(value, opponents, unseen, hand_size, known=forced, method="exact")
    win, tie = brute_force(value, opponents, unseen, hand_size, forced)
    assert odds.exact and odds.error == 0
    assert odds.win == pytest.approx(win, abs=1e-12)
    assert odds.tie == pytest.approx(tie, abs=1e-12)
    assert odds.lose == pytest.approx(1 - win - tie, abs=1e-12)


@pytest.mark.parametrize(("seed", "size", "hand_size", "known"), [(1, 12, 3, 0), (2, 13, 4, 1), (3, 11, 6, 2)])
def test_punto_distribution_matches_brute_force(seed, size, hand_size, known):
    rng = random.Random(seed)
    cards = rng.sample(list(DECK), size)
    forced, unseen = cards[:known], cards[known:]
    dist = punto_distribution(unseen, hand_size, forced)
    hands = list(itertools.combinations(unseen, hand_size - known))
    expected: dict[int, float] = {}
    for combo in hands:
        v = punto((*forced, *combo))
        expected[v] = expected.get(v, 0) + 1 / len(hands)
    assert dist.keys() == expected.keys()
    for v, p in expected.items():
        assert dist[v] == pytest.approx(p, abs=1e-12)


def test_the_whole_pack_against_one_and_two_opponents_is_exact():
    mine = parse_cards("7D 6D 2C")
    unseen = [c for c in DECK if c not in mine]
    one = beat_odds(punto(mine), 1, unseen)
    two = beat_odds(punto(mine), 2, unseen)
    assert one.exact and two.exact
    dist = punto_distribution(unseen, 3)
    assert one.win == pytest.approx(sum(p for v, p in dist.items() if v < 39), abs=1e-12)
    assert two.win < one.win  # beating two hands is harder than beating one


def test_sampling_is_within_its_stated_error():
    rng = random.Random(5)
    cards = rng.sample(list(DECK), 16)
    exact = beat_odds(33, 3, cards, 3, method="exact")
    sampled = beat_odds(33, 3, cards, 3, method="sample", error=0.02, rng=random.Random(1))
    assert not sampled.exact and sampled.samples == samples_for(0.02)
    assert sampled.error == pytest.approx(hoeffding_error(sampled.samples))
    assert sampled.error <= 0.02
    assert abs(sampled.win - exact.win) <= sampled.error
    assert abs(sampled.tie - exact.tie) <= sampled.error


def test_many_opponents_fall_back_to_sampling_with_a_bound():
    mine = parse_cards("7D 6D 1D")
    unseen = [c for c in DECK if c not in mine]
    odds = beat_odds(55, 5, unseen, error=0.03)
    assert odds.win + odds.tie == pytest.approx(1.0)  # 55 is never beaten
    assert odds.exact or odds.error <= 0.03


def test_expected_values_of_the_betting_choices():
    assert ev_pass() == 0
    # Seeing 5 into a pot of 15 needs a quarter of the showdowns to break even.
    assert break_even(15, 5) == pytest.approx(0.25)
    assert ev_see(0.25, 15, 5) == pytest.approx(0)
    assert ev_see(0.5, 15, 5) == pytest.approx(5)
    assert ev_open(0.5, 4, 4, 1) == pytest.approx(0.5 * 12 - 4)
    assert ev_open(0.1, 4, 4, 0) == 4  # nobody sees: the pot is taken without a showdown
    assert ev_raise(0.6, 10, 2, 4, 1) == pytest.approx(0.6 * (10 + 6 + 4) - 6)
