"""Properties of Sette e Mezzo that hold in every game: the 40 cards, the chips, the views."""
from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from neapolitan.settemezzo import Game, HandState, PlayerView, Rules
from neapolitan.settemezzo.rules import (
    BANK,
    DEALER_DOUBLE,
    MATTA,
    MATTA_ALONE,
    REALE,
    REALE_VS_REALE,
    REALE_VS_SIMPLE,
    REPLACE,
    STOCK_OUT,
)

rules_strategy = st.builds(
    Rules,
    players=st.integers(2, 12),
    matta=st.sampled_from(MATTA),
    matta_alone=st.sampled_from(MATTA_ALONE),
    reale=st.sampled_from(REALE),
    replace=st.sampled_from(REPLACE),
    replace_dealer_too=st.booleans(),
    bust_reveal=st.booleans(),
    dealer_stands_on=st.sampled_from((0, 4, 5, 6)),
    dealer_double=st.sampled_from(DEALER_DOUBLE),
    reale_vs_simple=st.sampled_from(REALE_VS_SIMPLE),
    reale_vs_reale=st.sampled_from(REALE_VS_REALE),
    bust_pays_single=st.booleans(),
    bank=st.sampled_from(BANK),
    dealer_draw_by_game_value=st.booleans(),
    continuous_deck=st.booleans(),
    stake_per_card=st.booleans(),
    stock_out=st.sampled_from(STOCK_OUT),
)


def _check(state: HandState, chips_total: int, game: Game) -> None:
    state.check_cards_conserved()  # 40 cards, each in one place (raises otherwise)
    assert sum(state.results()) == 0
    assert sum(game.chips_now) == chips_total
    assert HandState.from_text(state.to_text(), state.rules) == state
    for seat in range(state.players):
        view = state.view(seat)
        for other, s in enumerate(view.seats):
            if other != seat and not state.seats[other].shown:
                assert s.hole is None  # SETTE-2.4
        assert len(view.unseen()) + len(view.seen()) == 40


@settings(deadline=None, max_examples=60)
@given(rules=rules_strategy, seed=st.integers(0, 10**6), hands=st.integers(1, 4))
def test_chips_and_cards_are_conserved_in_every_settlement(rules, seed, hands):
    game = Game.new(rules, seed, hands=hands)
    rng = random.Random(seed)
    total = rules.players * 100
    for _ in range(hands):
        while not game.hand.is_over:
            _check(game.hand, total, game)
            game = game.apply(rng.choice(game.legal_actions()))
        _check(game.hand, total, game)
        assert Game.from_text(game.to_text(), rules) == game
        if game.is_over:
            break
        game = game.next_hand()
    assert sum(game.chips_now) == total


@settings(deadline=None, max_examples=40)
@given(rules=rules_strategy, seed=st.integers(0, 10**6), steps=st.integers(0, 30))
def test_views_round_trip_and_list_the_same_actions(rules, seed, steps):
    game = Game.new(rules, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.hand.is_over:
            break
        game = game.apply(rng.choice(game.legal_actions()))
    for seat in range(rules.players):
        view = game.hand.view(seat)
        assert PlayerView.from_text(view.to_text(), rules) == view
        expected = game.hand.legal_actions() if game.hand.to_move == seat else []
        assert view.legal_actions() == expected
