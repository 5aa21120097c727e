"""The coach (advice from a view, the review of a hand) and the computer players."""
from __future__ import annotations

import random

import pytest

from neapolitan.cards import DECK, parse_card, parse_cards
from neapolitan.settemezzo import Action, Game, PunterOdds, Rules, deal_from
from neapolitan.settemezzo.bench import figures
from neapolitan.settemezzo.bots import BOTS, exact, random_player, simple, stake_for
from neapolitan.settemezzo.coach import advice, dealer_advice, punter_advice, review


def stacked(rules: Rules, holes: dict[int, str], draws: str = "", dealer: int = 0):
    order = [(dealer + k) % rules.players for k in range(1, rules.players + 1)]
    named = [parse_card(holes[s]) for s in order] + parse_cards(draws)
    return deal_from(rules, named + [c for c in DECK if c not in named], dealer)


def test_punter_advice_from_a_view_is_the_solvers():
    state = stacked(Rules(players=3), {0: "5C", 1: "9B", 2: "2S"}, draws="4D")
    state = state.apply(Action.parse("hit 1")).apply(Action.parse("stand"))  # seat 1: 4 face up
    view = state.view(2)
    figures_now = punter_advice(view)
    unseen = [c for c in DECK if c not in parse_cards("2S 4D")]
    expected = PunterOdds(Rules(players=3)).advice(parse_cards("2S"), unseen)
    assert (figures_now.stand, figures_now.card) == (expected.stand, expected.card)
    assert advice(state.view(1)) is None  # not his turn


def test_the_coach_offers_the_exchange_of_a_three_SETTE_4_2():
    state = stacked(Rules(players=2), {0: "5C", 1: "3S"})
    figures_now = punter_advice(state.view(1))
    assert set(figures_now.options) == {"replace", "stand", "card"}
    assert figures_now.best in figures_now.options


def test_review_finds_the_decisions_that_lost_value():
    rules = Rules(players=2)
    opening = stacked(rules, {0: "5C", 1: "8S"}, draws="9D 10B")
    # Standing on ½ is the worst thing a punter can do; then the dealer plays.
    state = opening.apply(Action.parse("stand 1"))
    best_dealer = dealer_advice(state.view(0)).best
    state = state.apply(Action.parse("hit" if best_dealer == "card" else "stand"))
    if not state.is_over:
        state = state.apply(Action.parse("stand"))
    decisions = review(opening, state, 1)
    assert len(decisions) == 1
    d = decisions[0]
    assert d.choice == "stand" and d.best == "card" and d.lost_value and d.loss > 0
    dealer_decisions = review(opening, state, 0)
    assert dealer_decisions[0].choice == dealer_decisions[0].best and not dealer_decisions[0].lost_value
    with pytest.raises(ValueError):
        review(state, opening, 0)


@pytest.mark.parametrize("bot", [exact, simple, random_player], ids=["exact", "simple", "random"])
@pytest.mark.parametrize("players", [2, 4])
def test_bots_play_legal_actions_through_whole_hands(bot, players):
    game = Game.new(Rules(players=players), f"bots{players}")
    rng = random.Random(1)
    for _ in range(3):
        while not game.hand.is_over:
            view = game.hand.view(game.hand.to_move)
            action = bot(view, rng)
            assert action in view.legal_actions()
            game = game.apply(action)
        game = game.next_hand()
    assert sum(game.chips_now) == 100 * players


def test_the_exact_punter_stands_on_seven_and_draws_on_a_figure():
    state = stacked(Rules(players=2), {0: "5C", 1: "7S"})
    assert exact(state.view(1)).kind == "stand"
    state = stacked(Rules(players=2), {0: "5C", 1: "9S"})
    assert exact(state.view(1)).kind == "hit"


def test_stakes_follow_the_value_of_the_hand():
    view = stacked(Rules(players=2), {0: "5C", 1: "7S"}).view(1)
    assert stake_for(view, punter_advice(view).value) >= stake_for(view, -punter_advice(view).value)
    assert stake_for(view, -1) == view.rules.min_stake
    assert set(BOTS) == {"exact", "simple"}


def test_bench_figures_are_labelled():
    rows = figures()
    assert rows[0][0].startswith("Sette e Mezzo: optimal punter policy")
    assert all(isinstance(label, str) and value.strip() for label, value in rows)
