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
    WORLD_KEYS,
    Facts,
    Tables,
    WorldFacts,
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


def test_the_facts_of_a_world_say_who_holds_what():
    """Scopone Scientifico, seat 0 to move; seat 1 (next) holds the settebello and 7C, seat 2 (the
    partner) 7S 5D 5C, seat 3 3D; the table's 5 would be swept by a 5: the mover holds one, the
    next player none."""
    rules = Rules("SCOPONE_SCIENTIFICO")
    state = position(rules, table="5B", hand="5S 2D 1D", others=("7D 7C", "7S 5D 5C", "3D"), last=True)
    facts = WorldFacts.of(state, 0)
    assert facts.settebello == 4  # held by the next player
    assert facts.held_sevens == (1, 2) and facts.held_denari == (3 - 2)
    assert facts.sweepers_held == (1, 0) and facts.sweepers == 3
    theirs = WorldFacts.of(state, 1)
    assert theirs.settebello == 4 and theirs.held_sevens == (2, 1) and theirs.held_denari == -1
    public = Facts.of(state, 0)
    assert public.settebello == 3 and (public.sweepers, public.table_sum) == (facts.sweepers, facts.table_sum)


def test_a_world_s_settebello_on_the_table_or_taken_is_where_the_public_facts_put_it():
    rules = Rules("SCOPONE_SCIENTIFICO")
    assert WorldFacts.of(position(rules, table="7D", hand="5S", others=("1S", "2S", "3S"), last=True), 0).settebello == 2
    taken = position(rules, hand="5S", piles=("", "7D"), others=("1S", "2S", "3S"), last=True)
    assert WorldFacts.of(taken, 0).settebello == 1 and WorldFacts.of(taken, 1).settebello == 0


@settings(max_examples=30, deadline=None, database=None)
@given(seed=st.integers(0, 10**6), variant=st.sampled_from([
    ("SCOPA_2P", 2, False), ("SCOPA_3P", 3, False), ("SCOPONE_SCIENTIFICO", 4, False), ("SCOPONE", 4, False),
    ("QUINDICI", 2, False), ("QUINDICI", 3, False), ("SCOPONE_SCIENTIFICO", 4, True),
]), coarse_only=st.booleans())
def test_the_leaf_s_expected_margin_is_the_tables(seed, variant, coarse_only):
    """The search's leaf reads each position as `Tables.expected` does from its `Facts` (exactly),
    or a world's (`WorldFacts`) with world tables: with the shipped tables, and with their coarse
    cells alone (and a point left out)."""
    rules = Rules(variant[0], players=variant[1])
    tables = tables_for(rules, world=variant[2])
    assert tables.world == variant[2]
    if coarse_only:
        tables = Tables({point: {} for point in KEYS}, {**tables.coarse, "denari": {}}, tables.world)
    expected = expected_at(tables)
    facts_of = WorldFacts.of if tables.world else Facts.of
    rng = random.Random(seed)
    state = deal(rules, seed, dealer=rng.randrange(rules.players))
    while not state.is_over:
        for side in range(rules.sides):
            other = _other_side(state.piles, side)
            assert expected(state, side, other) == tables.expected(facts_of(state, side))
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


def test_fit_reads_a_world_s_facts_by_the_world_keys():
    state = position(Rules("SCOPONE_SCIENTIFICO"), table="5B", hand="5S", others=("7D", "5D", "3D"), last=True)
    facts = WorldFacts.of(state, 0)
    zero = dict.fromkeys(KEYS, 0)
    tables = fit([(facts, {**zero, "scope": 1})] * 30, world=True)
    fine, coarse = WORLD_KEYS["scope"](facts)
    assert tables.world and fine != KEYS["scope"](facts)[0] and coarse == KEYS["scope"](facts)[0]
    assert tables.coarse["scope"][coarse] == 1 and tables.fine["scope"][fine] == 1
    assert tables.expected(facts) == 1


def test_each_variant_has_its_tables_and_others_the_classic_games():
    assert tables_for(Rules("SCOPONE_SCIENTIFICO")) is not tables_for(Rules("SCOPA_4P"))
    assert tables_for(Rules("SCOPONE_SCIENTIFICO"), world=True).world
    assert not tables_for(Rules("SCOPONE_SCIENTIFICO")).world
    assert tables_for(Rules("SCOPA_2P"), world=True) is tables_for(Rules("SCOPA_2P"))  # none measured: the public
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


@pytest.mark.parametrize(("variant", "players", "starts"), [("SCOPA_2P", 2, 6), ("SCOPA_4P", 4, 3), ("SCOPONE", 4, 1)])
def test_played_facts_at_deal_starts_only_are_those_with_every_hand_full(variant, players, starts):
    """Two players are dealt three cards six times a hand (SCOPA-3.4), four players three times;
    at Scopone every card is dealt at once: one start a hand."""
    rules = Rules(variant, players=players)
    every = list(played_facts(rules, 2, "starts", greedy))
    pairs = list(played_facts(rules, 2, "starts", greedy, deal_starts=True))
    assert len(pairs) == 2 * starts * rules.sides < len(every)
    assert pairs[0][0].left == 40  # the hand's first position is one
    for i, (facts, _) in enumerate(pairs):  # each side's facts in turn, the dealer's right to move (SCOPA-2.2)
        hand, side = i // (starts * rules.sides), i % rules.sides
        assert facts.my_move == (side == rules.side_of(rules.next_seat[hand % players]))


def _errors_on_unseen_hands(rules: Rules, leaves: list) -> list[float]:
    """The root-mean-square error of each leaf's value of every position of 60 greedy hands dealt
    with seeds no tables were measured on, against each hand's final margin."""
    errors = [0.0] * len(leaves)
    count = 0
    for n in range(60):
        state = deal(rules, f"held-out:{n}", dealer=n % rules.players)
        seen = []
        while not state.is_over:
            seen.append(state)
            state = state.apply(greedy(state.view(state.to_move)))
        totals = score_hand(state.piles, state.scope, rules, state.bonus).totals
        for position_ in seen:
            for i, leaf in enumerate(leaves):
                errors[i] += (totals[0] - totals[1] - leaf(position_, 0)) ** 2
            count += 1
    return [math.sqrt(e / count) for e in errors]


@pytest.mark.parametrize("variant", ["SCOPA_2P", "SCOPONE_SCIENTIFICO"])
def test_on_hands_it_never_saw_the_evaluation_predicts_the_margin(variant):
    """The margin so far plus the expected margin to come is closer to the final margin than the
    margin so far alone."""
    rules = Rules(variant)
    learned, plain = _errors_on_unseen_hands(rules, [leaf_of(tables_for(rules)), lambda s, side: s.scope[0] - s.scope[1]])
    assert learned < 0.9 * plain


def test_knowing_who_holds_what_predicts_the_margin_better():
    """At Scopone Scientifico, every card dealt: the world tables, reading the hands, foretell how
    each hand ends better than the public tables."""
    rules = Rules("SCOPONE_SCIENTIFICO")
    world, public = _errors_on_unseen_hands(rules, [leaf_of(tables_for(rules, world=True)), leaf_of(tables_for(rules))])
    assert world < 0.95 * public
