"""The learned evaluation: the facts it reads, how tables are fitted, the shipped tables chosen
per variant, and a check on hands it never saw that it predicts how a hand ends."""
import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from neapolitan.scopa import Rules
from neapolitan.scopa.bots import greedy
from neapolitan.scopa.evaluation import (
    KEYS,
    Facts,
    Tables,
    _other_side,
    expected_at,
    fit,
    leaf_of,
    outcomes,
    played_facts,
    tables_for,
)
from neapolitan.scopa.scoring import score_hand
from neapolitan.scopa.state import deal
from tests.engine._support import position


def test_the_facts_of_a_position():
    """You (seat 0) took 1D 2D 7C 6S, the opponent 3S 4S; the table holds 7D 3C."""
    state = position(table="7D 3C", hand="5B", piles=("1D 2D 7C 6S", "3S 4S"))
    facts = Facts.of(state, 0)
    assert facts.cards == (4, 2) and facts.denari == (2, 0) and facts.sevens == (1, 0)
    assert facts.primiera == (16 + 21 + 18) - 14  # best of each suit: 1D 7C 6S against 4S
    assert facts.settebello == 2  # on the table
    assert (facts.table_sum, facts.table_cards, facts.my_move, facts.left) == (10, 2, True, 34)
    theirs = Facts.of(state, 1)
    assert theirs.cards == (2, 4) and theirs.primiera == -facts.primiera and not theirs.my_move


def test_where_the_settebello_is():
    assert Facts.of(position(hand="5B", piles=("7D", "")), 0).settebello == 0
    assert Facts.of(position(hand="5B", piles=("", "7D")), 0).settebello == 1
    assert Facts.of(position(hand="5B"), 0).settebello == 3  # in a hand or the stock


@settings(max_examples=30, deadline=None, database=None)
@given(seed=st.integers(0, 10**6), variant=st.sampled_from([
    ("SCOPA_2P", 2), ("SCOPA_3P", 3), ("SCOPONE_SCIENTIFICO", 4), ("SCOPONE", 4), ("QUINDICI", 2), ("QUINDICI", 3),
]), coarse_only=st.booleans())
def test_the_leaf_s_expected_margin_is_the_tables(seed, variant, coarse_only):
    """The search's leaf reads each position as `Tables.expected` does from its `Facts` (exactly):
    with the shipped tables, and with their coarse cells alone (and a point left out)."""
    rules = Rules(variant[0], players=variant[1])
    tables = tables_for(rules)
    if coarse_only:
        tables = Tables({point: {} for point in KEYS}, {**tables.coarse, "denari": {}})
    expected = expected_at(tables)
    rng = random.Random(seed)
    state = deal(rules, seed, dealer=rng.randrange(rules.players))
    while not state.is_over:
        for side in range(rules.sides):
            other = _other_side(state.piles, side)
            assert expected(state, side, other) == tables.expected(Facts.of(state, side))
        state = state.apply(rng.choice(state.legal_actions()))


def test_fit_averages_each_cell_by_hand():
    """16 positions won the carte and 8 lost it in one fine cell; one more won it in another.
    All have one card more taken and 37 to 39 cards left: one coarse cell."""
    a = Facts.of(position(hand="5B", piles=("1D", "")), 0)
    b = Facts.of(position(hand="5B", piles=("2D", "")), 0)  # the same fine cell as `a` for the carte
    rare = Facts.of(position(hand="5B", piles=("1D 2D", "3D")), 0)
    zero = dict.fromkeys(KEYS, 0)
    tables = fit([(a, {**zero, "carte": 1})] * 16 + [(b, {**zero, "carte": -1})] * 8
                 + [(rare, {**zero, "carte": 1})])
    fine, coarse = KEYS["carte"](a)
    rare_fine, rare_coarse = KEYS["carte"](rare)
    assert coarse == rare_coarse and tables.coarse["carte"][coarse] == pytest.approx(9 / 25, abs=1e-4)
    # its own mean 8/24, seen 24 times, shrunk toward 9/25 with the weight of 40 positions
    assert tables.fine["carte"][fine] == pytest.approx((8 + 9 / 25 * 40) / (24 + 40), abs=1e-4)
    assert rare_fine not in tables.fine["carte"]  # seen once: left to its coarse cell
    assert tables.expected(rare) == pytest.approx(9 / 25, abs=1e-4)  # the other points: never seen, 0


def test_outcomes_count_only_the_scope_still_to_come():
    final = {"carte": 1, "denari": 0, "settebello": 1, "primiera": 1, "scope": 3}
    other = {"carte": 0, "denari": 1, "settebello": 0, "primiera": 0, "scope": 1}
    assert outcomes(final, other, (2, 1)) == {"carte": 1, "denari": -1, "settebello": 1, "primiera": 1, "scope": 1}


def test_each_variant_has_its_tables_and_others_the_classic_games():
    assert tables_for(Rules("SCOPONE_SCIENTIFICO")) is not tables_for(Rules("SCOPA_4P"))
    assert tables_for(Rules("QUINDICI", players=3)) is tables_for(Rules("SCOPA_3P"))
    assert tables_for(Rules("ASSI", players=4)) is tables_for(Rules("SCOPA_4P"))


def test_played_facts_pair_every_position_with_its_hand_s_end():
    rules = Rules()
    pairs = list(played_facts(rules, 1, "one", greedy))
    state = deal(rules, "one:0", dealer=0)
    rng, plays = random.Random("one:0"), 0
    while not state.is_over:
        state = state.apply(greedy(state.view(state.to_move), rng))
        plays += 1
    assert len(pairs) == plays * 2  # each position, for each side
    sides = score_hand(state.piles, state.scope, rules, state.bonus).sides
    first_facts, first_result = pairs[0]
    assert first_facts.left == 40 and first_result == outcomes(sides[0].points, sides[1].points, (0, 0))


@pytest.mark.parametrize("variant", ["SCOPA_2P", "SCOPONE_SCIENTIFICO"])
def test_on_hands_it_never_saw_the_evaluation_predicts_the_margin(variant):
    """Greedy hands dealt with seeds the tables were not measured on: the margin so far plus the
    expected margin to come is closer to the final margin than the margin so far alone."""
    rules = Rules(variant)
    leaf = leaf_of(tables_for(rules))
    learned = plain = 0.0
    count = 0
    for n in range(60):
        state = deal(rules, f"held-out:{n}", dealer=n % rules.players)
        seen = []
        while not state.is_over:
            seen.append(state)
            state = state.apply(greedy(state.view(state.to_move)))
        totals = score_hand(state.piles, state.scope, rules, state.bonus).totals
        for position_ in seen:
            final = totals[0] - totals[1]
            learned += (final - leaf(position_, 0)) ** 2
            plain += (final - (position_.scope[0] - position_.scope[1])) ** 2
            count += 1
    assert math.sqrt(learned / count) < 0.9 * math.sqrt(plain / count)
