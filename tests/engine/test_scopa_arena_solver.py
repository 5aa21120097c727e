"""The arena's compiled solver for the Scopone games: the Python solver's values, play for play.

Without a C compiler these tests are skipped with the reason, unless REQUIRE_C_COMPILER is set
(CI), where a missing compiler is a failure.
"""
import os
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from neapolitan.scopa import Rules, deal
from neapolitan.scopa.arena import make_bot
from neapolitan.scopa.arena_solver import NoCompiler, compiled_values, covers, library, play_values
from neapolitan.scopa.bots import SearchBot
from neapolitan.scopa.search import searched_values


@pytest.fixture(scope="module", autouse=True)
def compiled():
    try:
        library()
    except NoCompiler as error:
        if os.environ.get("REQUIRE_C_COMPILER"):
            pytest.fail(f"The compiled solver is required here, but {error}")
        pytest.skip(f"{error}; the arena then searches the Scopone games in Python")


def position(variant: str, seed: int, cards_left: int):
    """A deal played at random down to `cards_left` cards."""
    state = deal(Rules(variant), f"compiled:{seed}", dealer=seed % 4)
    rng = random.Random(seed)
    while state.cards_left_to_play() > cards_left:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), variant=st.sampled_from(["SCOPONE_SCIENTIFICO", "SCOPONE"]),
       left=st.integers(1, 11), side=st.integers(0, 1))
def test_exact_values_are_the_python_solvers(seed, variant, left, side):
    """To the end of the hand: every legal play's margin, as whole points (SCOPA-5 to SCOPA-9)."""
    state = position(variant, seed, left)
    values = compiled_values(state, side)
    assert values == searched_values(state, side)
    assert list(values) == state.legal_actions()
    assert all(type(v) is int for v in values.values())


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), variant=st.sampled_from(["SCOPONE_SCIENTIFICO", "SCOPONE"]),
       left=st.integers(12, 40), plies=st.integers(1, 4), side=st.integers(0, 1))
def test_values_at_a_horizon_are_the_python_solvers(seed, variant, left, plies, side):
    """A few plays on, where `estimate` judges the piles: the same floating-point values."""
    state = position(variant, seed, left)
    assert compiled_values(state, side, plies) == searched_values(state, side, plies)


@pytest.mark.parametrize(("rules", "covered"), [
    (Rules("SCOPONE_SCIENTIFICO"), True),
    (Rules("SCOPONE"), True),
    (Rules("SCOPA_4P"), False),  # a stock, re-dealt every three cards
    (Rules("SCOPA_2P"), False),
    (Rules("SCOPONE_SCIENTIFICO", re_bello=True), False),  # SCOPA-17
    (Rules("SCOPONE_SCIENTIFICO", last_sweep="counts"), False),  # SCOPA-OP-5
    (Rules("SCOPONE_SCIENTIFICO", min_cards=True), False),  # SCOPA-OP-6
    (Rules("SCOPONE_SCIENTIFICO", primiera_missing="partial_compare"), False),  # SCOPA-OP-3
])
def test_it_covers_only_the_scopone_games_with_default_options(rules, covered):
    assert covers(rules) is covered


def test_rules_it_does_not_cover_are_searched_in_python():
    state = position("SCOPONE_SCIENTIFICO", 3, 8)
    other = deal(Rules("SCOPA_4P"), "compiled:4p")
    assert play_values(other, 0, 2) == searched_values(other, 0, 2)
    with pytest.raises(ValueError, match="does not cover"):
        compiled_values(other, 0)
    assert play_values(state, 1) == searched_values(state, 1)


def test_the_arenas_search_v1_plays_as_the_python_one():
    """The same decisions from the same views and random numbers, over a Scopone Scientifico hand."""
    arena, python = make_bot("search-v1:3"), SearchBot(samples=3)
    state = position("SCOPONE_SCIENTIFICO", 11, 14)
    while not state.is_over:
        view = state.view(state.to_move)
        chosen = arena(view, random.Random(state.cards_left_to_play()))
        assert chosen == python(view, random.Random(state.cards_left_to_play()))
        state = state.apply(chosen)


def test_without_a_compiler_the_arena_searches_in_python_and_says_so(monkeypatch, capsys):
    from neapolitan.scopa import arena_solver

    def no_compiler():
        raise NoCompiler("no C compiler here")

    monkeypatch.setattr(arena_solver, "library", no_compiler)
    arena_solver._buildable.cache_clear()
    try:
        state = position("SCOPONE_SCIENTIFICO", 5, 8)
        assert play_values(state, 0) == searched_values(state, 0)
        assert "no C compiler here: searching in Python instead" in capsys.readouterr().err
    finally:
        arena_solver._buildable.cache_clear()
