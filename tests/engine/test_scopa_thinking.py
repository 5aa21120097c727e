"""The thoughtful player's search: horizons, the budget kept, reproducible, exact when every card
is known (checked against the exact solver), and legal in every variant."""
import math
import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from neapolitan.scopa import Play, PlayerView, Rules, deal
from neapolitan.scopa.bots import THOUGHTFUL, Thinker
from neapolitan.scopa.evaluation import leaf_of, tables_for
from neapolitan.scopa.search import Solver, estimate, solve
from neapolitan.scopa.thinking import (
    NO_SHALLOW,
    Budget,
    Together,
    clear_lead,
    horizons,
    search_world,
    soft_minimum,
    think,
)
from tests.engine._support import position

VARIANTS = [("SCOPA_2P", 2), ("SCOPA_3P", 3), ("SCOPA_4P", 4), ("SCOPONE_SCIENTIFICO", 4), ("SCOPONE", 4),
            ("QUINDICI", 2), ("QUINDICI_NAPOLETANA", 3), ("ASSI", 4)]


def played(variant: str, players: int, seed: int, plays: int):
    rules = Rules(variant, players=players)
    state = deal(rules, f"thinking:{seed}")
    rng = random.Random(seed)
    for _ in range(min(plays, 40 - rules.table_size - 1)):
        state = state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize(("variant", "players", "plays", "deepen_from", "expected"), [
    # Two players, first play of the hand: the deal ends after 6 plays; the hand after 36.
    ("SCOPA_2P", 2, 0, 20, [6]),
    ("SCOPA_2P", 2, 0, 40, [6, 12, 18, 24, 30, None]),
    # After two plays: 4 to the end of the deal.
    ("SCOPA_2P", 2, 2, 40, [4, 10, 16, 22, 28, None]),
    # 12 cards left (two deals), within deepen_from: every deal's end, then the hand's.
    ("SCOPA_2P", 2, 24, 20, [6, None]),
    # Three or four players: whole rounds (a deal is too long to search); with four, the next
    # two plays first.
    ("SCOPA_4P", 4, 0, 40, [2, 4, 8, 12, 16, 20, 24, 28, 32, None]),
    ("SCOPA_3P", 3, 0, 20, [3]),
    # Scopone has no stock: whole rounds of four plays.
    ("SCOPONE_SCIENTIFICO", 4, 0, 20, [2, 4]),
    ("SCOPONE_SCIENTIFICO", 4, 32, 20, [2, 4, None]),
    ("SCOPONE", 4, 30, 20, [2, 4, None]),
    ("SCOPONE", 4, 38, 20, [None]),  # two cards left: to the end
])
def test_horizons(variant, players, plays, deepen_from, expected):
    state = played(variant, players, 1, plays)
    assert horizons(state, deepen_from) == expected


@pytest.mark.parametrize(("variant", "players", "plays", "expected"), [
    # With more than 24 cards left, four players search only the next two plays ahead ...
    ("SCOPONE_SCIENTIFICO", 4, 0, [2]),
    ("SCOPONE_SCIENTIFICO", 4, 15, [2]),  # 25 left
    # ... and from 24 cards left, whole rounds again, deeper from 12.
    ("SCOPONE_SCIENTIFICO", 4, 16, [2, 4]),
    ("SCOPONE_SCIENTIFICO", 4, 28, [2, 4, 8, None]),
    ("SCOPONE", 4, 0, [2]),
    ("SCOPA_4P", 4, 0, [2]),  # 36 left, the stock's too
    ("SCOPA_4P", 4, 12, [2, 4]),
    # Two and three players have no such first searches.
    ("SCOPA_2P", 2, 0, [6]),
    ("SCOPA_3P", 3, 0, [3]),
])
def test_horizons_shallow_early(variant, players, plays, expected):
    state = played(variant, players, 1, plays)
    assert horizons(state, 12, shallow_above=24) == expected


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_early_a_world_of_four_players_is_searched_two_plays_ahead(seed):
    """With 32 cards left, each play is valued as a search of the next two plays alone values it;
    a round ahead costs more positions; and for the same budget the Thoughtful player deals more
    worlds than it would searching a round ahead."""
    state = played("SCOPONE_SCIENTIFICO", 4, seed, 8)
    side = state.rules.seat_sides[state.to_move]
    leaf = leaf_of(tables_for(state.rules))
    values, used = search_world(state, side, 10**6, leaf, 12, shallow_above=24)
    assert values == Solver(side, plies=2, leaf=leaf, memo=False).play_values(state)
    assert search_world(state, side, 10**6, leaf, 12)[1] > 3 * used
    view = state.view(state.to_move)
    budget = replace(THOUGHTFUL[4], sure=0.0, usual=0)  # no early stop: the whole budget is spent
    shallow = think(view, budget, leaf, seed)
    rounds = think(view, replace(budget, shallow_above=NO_SHALLOW), leaf, seed)
    assert shallow.samples == budget.worlds > rounds.samples


def test_clear_lead_by_hand():
    a, b, c = object(), object(), object()
    # a - b per world: 1, 2, 3: mean 2, standard error 1 / sqrt(3)
    assert clear_lead({a: [1.0, 2.0, 3.0], b: [0.0, 0.0, 0.0], c: [-1.0, -1.0, -1.0]}) == pytest.approx(2 * math.sqrt(3))
    assert clear_lead({a: [1.0, 1.0], b: [0.0, 0.0]}) == math.inf  # always ahead by the same
    assert clear_lead({a: [1.0]}) == math.inf  # one play: nothing to choose


@settings(max_examples=30, deadline=None, database=None)
@given(seed=st.integers(0, 10**6), variant=st.sampled_from(VARIANTS), plays=st.integers(0, 36),
       nodes=st.sampled_from([1, 300, 5000]))
def test_the_budget_is_kept(seed, variant, plays, nodes):
    """Positions searched stay within the budget, give or take one position and the plays'
    own positions per world that had to be cut short."""
    state = played(*variant, seed, plays)
    view = state.view(state.to_move)
    budget = Budget(nodes=nodes, worlds=64, min_worlds=3)
    analysis = think(view, budget, estimate, seed)
    slack = budget.min_worlds * (1 + len(view.legal_actions()))
    assert analysis.nodes <= budget.nodes + slack
    assert set(analysis.values) == set(view.legal_actions())
    assert 1 <= analysis.samples <= budget.worlds


def test_a_small_budget_still_deals_the_least_number_of_worlds():
    view = played("SCOPONE_SCIENTIFICO", 4, 3, 0).view(1)
    analysis = think(view, Budget(nodes=1, worlds=64, min_worlds=5), estimate, 0)
    assert analysis.samples == 5


@settings(max_examples=15, deadline=None, database=None)
@given(seed=st.integers(0, 10**6), left=st.integers(2, 6))
def test_with_every_card_known_the_values_are_the_exact_solvers(seed, left):
    """Two players, last deal: the unseen cards are the other hand: exact, like `solve`."""
    state = played("SCOPA_2P", 2, seed, 36 - left)
    view = state.view(state.to_move)
    analysis = think(view, Budget(nodes=10**6, worlds=8), estimate, seed)
    assert analysis.values == pytest.approx({p: float(v) for p, v in solve(state).items()})


def test_the_same_position_and_seed_think_alike():
    state = played("SCOPA_2P", 2, 5, 7)
    view = state.view(state.to_move)
    leaf = leaf_of(tables_for(state.rules))
    first, second = think(view, THOUGHTFUL[2], leaf, "s"), think(view, THOUGHTFUL[2], leaf, "s")
    assert first.values == second.values and first.nodes == second.nodes
    again = PlayerView.from_text(view.to_text(), state.rules)  # only what the player may know
    assert think(again, THOUGHTFUL[2], leaf, "s").values == first.values


def test_a_certain_scopa_is_played():
    """You hold 5B; the table is 2C 3D: taking both sweeps the table (a point) and nothing
    you could trail instead is worth as much."""
    state = position(table="2C 3D", hand="5B 9S 10C")
    play = Thinker(THOUGHTFUL)(state.view(0), random.Random(0))
    assert play == Play.parse("5Bx2C+3D")


@settings(max_examples=16, deadline=None, database=None)
@given(seed=st.integers(0, 10**6), variant=st.sampled_from(VARIANTS), plays=st.integers(0, 39))
def test_the_thoughtful_player_plays_legally_in_every_variant(seed, variant, plays):
    state = played(*variant, seed, plays)
    small = Thinker({n: Budget(nodes=2000, worlds=8, min_worlds=2) for n in (2, 3, 4)})
    assert small(state.view(state.to_move), random.Random(seed)) in state.legal_actions()


# -- the worlds searched together --------------------------------------------------------------
def _deal_end(state) -> int:
    return sum(len(h) for h in state.hands)


@settings(max_examples=20, deadline=None, database=None)
@given(seed=st.integers(0, 10**6), plays=st.integers(0, 33))
def test_one_world_searched_together_is_the_alpha_beta_search(seed, plays):
    """Alone, a world's values are plain minimax to the end of the deal (checked against the
    alpha-beta solver with the same horizon and evaluation)."""
    state = played("SCOPA_2P", 2, seed, plays)
    side = state.rules.seat_sides[state.to_move]
    found, _nodes = Together(state.to_move, estimate, 10**7).values([state], first=True)
    solver = Solver(side, plies=_deal_end(state) if state.stock else None)
    assert {p: v[0] for p, v in found.items()} == pytest.approx(solver.play_values(state))


@settings(max_examples=20, deadline=None, database=None)
@given(seed=st.integers(0, 10**6), plays=st.integers(0, 33))
def test_choosing_once_for_every_world_is_never_worth_more_than_choosing_in_each(seed, plays):
    """Searched together, the player may not adapt his later plays to each world's hidden cards:
    each play's average is at most the world-by-world search's ("strategy fusion" removed)."""
    state = played("SCOPA_2P", 2, seed, plays)
    view = state.view(state.to_move)
    rng = random.Random(seed)
    worlds = [view.sample_state(rng) for _ in range(6)]
    together, _nodes = Together(view.seat, estimate, 10**7).values(worlds, first=True)
    side = state.rules.seat_sides[view.seat]
    for play, values in together.items():
        apart = [Solver(side, plies=_deal_end(w) if w.stock else None).play_values(w)[play] for w in worlds]
        assert sum(values) <= sum(apart) + 1e-9


class _AlwaysGrouped(Together):
    """Together without its shortcut for a world alone (`Together.alone`)."""

    def vector(self, states):
        return self.grouped(states)


@settings(max_examples=25, deadline=None, database=None)
@given(seed=st.integers(0, 10**6), plays=st.integers(0, 33), worlds=st.integers(1, 8),
       variant=st.sampled_from([("SCOPA_2P", 2), ("QUINDICI", 2), ("ASSI", 2)]),
       limit=st.sampled_from([50, 400, 10**6]), soft=st.sampled_from([0.0, 0.5]))
def test_a_world_searched_alone_is_valued_as_in_a_group(seed, plays, worlds, variant, limit, soft):
    """Once the others' plays tell a world apart, Together searches it alone: the same values,
    positions counted and budget run out as when every world stays in a group."""
    state = played(*variant, seed, plays)
    view = state.view(state.to_move)
    rng = random.Random(seed)
    batch = [view.sample_state(rng) for _ in range(worlds)]
    leaf = leaf_of(tables_for(state.rules))
    found = [kind(view.seat, leaf, limit, soft=soft).values(batch, first=False) for kind in (Together, _AlwaysGrouped)]
    assert found[0] == found[1]


@pytest.mark.parametrize(("values", "temperature", "expected"), [
    ([1.0, 2.0, 3.0], 1e-9, 1.0),  # as cold as can be: the minimum
    ([2.0, 2.0], 0.5, 2.0),  # plays worth the same: their value
    ([0.0, 1.0], 1.0, 1 / (math.e + 1)),  # the worse play for him chosen e times less often
    ([0.0, 1.0], 1e9, 0.5),  # as hot as can be: the mean
    ([-1.0], 0.5, -1.0),  # one play
])
def test_soft_minimum(values, temperature, expected):
    assert soft_minimum(values, temperature) == pytest.approx(expected)


@settings(max_examples=20, deadline=None, database=None)
@given(seed=st.integers(0, 10**6), plays=st.integers(0, 33), worlds=st.integers(1, 5))
def test_an_opponent_who_cannot_see_every_card_is_never_worth_less_to_the_player(seed, plays, worlds):
    """The soft minimum of an opponent's replies lies between their minimum and their mean, so in
    one world each play is worth at least what it is worth against an opponent who sees every card;
    and as cold as can be, just that, in any number of worlds. (Searched together, several worlds
    share the player's later choices, made for their sum: a softer opponent can change that choice
    and so lower one world's value while raising the sum, seed 1, 6 plays, 3 worlds: the first
    claim is for one world only.)"""
    state = played("SCOPA_2P", 2, seed, plays)
    view = state.view(state.to_move)
    rng = random.Random(seed)
    batch = [view.sample_state(rng) for _ in range(worlds)]
    hard, _ = Together(view.seat, estimate, 10**7).values(batch, first=True)
    cold, _ = Together(view.seat, estimate, 10**7, soft=1e-9).values(batch, first=True)
    for play, values in hard.items():
        assert cold[play] == pytest.approx(values)
    one_hard, _ = Together(view.seat, estimate, 10**7).values(batch[:1], first=True)
    one_soft, _ = Together(view.seat, estimate, 10**7, soft=0.5).values(batch[:1], first=True)
    for play, (value,) in one_hard.items():
        assert one_soft[play][0] >= value - 1e-9


def test_worlds_searched_together_keep_the_budget():
    view = played("SCOPA_2P", 2, 8, 3).view(played("SCOPA_2P", 2, 8, 3).to_move)
    for nodes in (1, 500, 20_000):
        budget = Budget(nodes=nodes, worlds=64, min_worlds=16, sure_after=16, together=True)
        analysis = think(view, budget, estimate, 0)
        assert analysis.nodes <= nodes + 16 * (1 + len(view.legal_actions()))
        assert analysis.samples % 16 == 0 and analysis.samples >= 16


# -- to the end of the hand, through the stock's deals -----------------------------------------
@settings(max_examples=20, deadline=None, database=None)
@given(seed=st.integers(0, 10**6), plays=st.integers(18, 33),
       variant=st.sampled_from([("SCOPA_2P", 2), ("QUINDICI", 2), ("ASSI", 2)]))
def test_one_world_searched_to_the_end_is_the_exact_solver(seed, plays, variant):
    """Alone, a world searched to the end of the hand is worth what the exact solver says, the
    stock's later deals included."""
    state = played(*variant, seed, plays)
    side = state.rules.seat_sides[state.to_move]
    found, _nodes = Together(state.to_move, estimate, 10**7, to_end=True).values([state], first=True)
    assert {p: v[0] for p, v in found.items()} == pytest.approx(solve(state, side))


@settings(max_examples=15, deadline=None, database=None)
@given(seed=st.integers(0, 10**6), plays=st.integers(20, 31), worlds=st.integers(2, 6))
def test_to_the_end_choosing_once_is_never_worth_more_than_seeing_every_card(seed, plays, worlds):
    """Searched together to the end, each play's total over the worlds is at most what a player
    seeing every card would make of them (the exact solver, world by world): no strategy fusion."""
    state = played("SCOPA_2P", 2, seed, plays)
    view = state.view(state.to_move)
    rng = random.Random(seed)
    batch = [view.sample_state(rng) for _ in range(worlds)]
    together, _nodes = Together(view.seat, estimate, 10**7, to_end=True).values(batch, first=True)
    side = state.rules.seat_sides[view.seat]
    for play, values in together.items():
        apart = [solve(w, side)[play] for w in batch]
        assert sum(values) <= sum(apart) + 1e-9


@settings(max_examples=15, deadline=None, database=None)
@given(seed=st.integers(0, 10**6), plays=st.integers(20, 31), copies=st.integers(2, 4))
def test_copies_of_one_world_searched_together_to_the_end_are_that_world_solved(seed, plays, copies):
    """Worlds that are all the same look the same to the player after every deal, so choosing
    once for all of them loses nothing: each copy is worth the exact solver's value."""
    state = played("SCOPA_2P", 2, seed, plays)
    side = state.rules.seat_sides[state.to_move]
    found, _nodes = Together(state.to_move, estimate, 10**7, to_end=True).values([state] * copies, first=True)
    for play, value in solve(state, side).items():
        assert found[play] == pytest.approx([value] * copies)


@pytest.mark.parametrize(("variant", "players", "differs"), [("SCOPONE_SCIENTIFICO", 4, True), ("SCOPA_2P", 2, False)])
def test_the_thoughtful_player_judges_a_world_by_its_hands_where_tables_were_measured_so(variant, players, differs):
    """At Scopone Scientifico (every card dealt) the Thoughtful player judges each world's positions
    by what its hands hold, so it values the plays otherwise than the player before (`search-v8`);
    with two players there are no such tables, and the two are the same player."""
    from neapolitan.scopa.bots import ARENA_BOTS, THOUGHTFUL_PLAYER

    state = played(variant, players, 5, 6)
    view = state.view(state.to_move)
    now, before = (bot.analyse(view, random.Random(1)) for bot in (THOUGHTFUL_PLAYER, ARENA_BOTS["search-v8"]))
    assert (now.values != before.values) == differs
    assert set(now.values) == set(before.values) == set(view.legal_actions())
