"""Properties of whole Saltacavallo games: lives conserved, 40 cards, termination, one winner."""
from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from neapolitan.saltacavallo import NEXT, OPTION_KEYS, GameState, Rules, engine_choice

FAST = settings(max_examples=60, deadline=None, database=None)
SPLITTING = {"TIE_ELIM_SPLIT", "SPLIT_FINAL_TWO"}
MAX_ACTIONS = 4000


def rules_strategy(max_players: int = 9):
    return st.builds(
        lambda players, keys, lives: Rules.with_keys(players, *keys, f"SALTA_OPT_LIVES={lives}"),
        st.integers(3, max_players),
        st.lists(st.sampled_from(sorted(OPTION_KEYS)), max_size=4, unique=True).filter(_compatible),
        st.sampled_from([2, 3]),
    )


def _compatible(keys: list[str]) -> bool:
    fields = [OPTION_KEYS[k][0] for k in keys]
    return len(fields) == len(set(fields))


def play_randomly(state: GameState, rng: random.Random):
    """Yield every state of the game, each action chosen at random (revivals now and then)."""
    yield state
    for _ in range(MAX_ACTIONS):
        if state.is_over:
            return
        actions = state.legal_actions()
        if state.phase == "between" and rng.random() < 0.9:
            action = NEXT
        else:
            action = rng.choice(actions)
        state = state.apply(action)
        yield state
    raise AssertionError(f"the game did not end in {MAX_ACTIONS} actions")


@FAST
@given(rules=rules_strategy(), seed=st.integers(0, 10**6))
def test_lives_are_conserved_in_the_pot_and_40_cards_accounted_for_SALTA_2_3(rules, seed):
    total = rules.players * rules.lives
    for state in play_randomly(GameState.new(rules, seed), random.Random(seed)):
        assert sum(state.lives) + state.pot == total
        assert all(life >= 0 for life in state.lives)
        state.check()  # every card in exactly one of hands, stock, out of play
        dealt = [c for c in state.cards if c is not None]
        assert len(dealt) + len(state.stock) + len(state.out) == 40


@FAST
@given(rules=rules_strategy(), seed=st.integers(0, 10**6))
def test_every_game_terminates_with_its_winners_SALTA_11_1(rules, seed):
    *_, end = play_randomly(GameState.new(rules, seed), random.Random(seed))
    assert end.is_over and end.winners
    splitting = {k for k, (f, v) in OPTION_KEYS.items() if getattr(rules, f) == v} & SPLITTING
    if not splitting:
        assert len(end.winners) == 1  # exactly one winner: the last player alive
        assert end.living() == list(end.winners)
    elif "TIE_ELIM_SPLIT" in splitting:  # SALTA-OP-7 (B): everyone eliminated together shares
        assert 1 <= len(end.winners) <= rules.players
    else:  # SALTA-OP-9 (B): the last two share
        assert len(end.winners) in (1, 2)
    assert end.legal_actions() == []


def test_a_tie_that_eliminates_three_players_makes_three_winners_SALTA_OP_7_B():
    """Found by the property above: three players on their last life all hold an Ace (COMPARE_ALL),
    so the tie for lowest eliminates every one of them, and with TIE_ELIM_SPLIT they share."""
    rules = Rules.with_keys(5, "COMPARE_ALL", "TIE_ELIM_SPLIT", "SALTA_OPT_LIVES=3")
    *_, before, end = play_randomly(GameState.new(rules, 107), random.Random(107))
    assert sorted(before.living()) == [0, 2, 4]
    assert [end.cards[s].rank for s in (0, 2, 4)] == [1, 1, 1]  # the dealer drew the last Ace
    assert end.is_over and end.winners == (0, 2, 4) and end.living() == []


@FAST
@given(rules=rules_strategy(max_players=6), seed=st.integers(0, 10**6))
def test_text_forms_round_trip_and_views_never_leak(rules, seed):
    for state in play_randomly(GameState.new(rules, seed), random.Random(seed + 1)):
        assert GameState.from_text(state.to_text(), state.rules) == state
        assert Rules.from_text(rules.to_text()) == rules
        for seat in range(rules.players):
            view = state.view(seat)
            known = state.known_seats(seat)
            for s, card in enumerate(view.cards):
                assert card is None or (s in known and card is state.cards[s])
            if state.phase == "exchange":
                hidden = [s for s in range(rules.players) if s != seat and s not in known and state.cards[s]]
                assert all(str(state.cards[s]) not in view.to_text().split("|")[7] for s in hidden)


@settings(max_examples=4, deadline=None, database=None)
@given(players=st.integers(3, 4), seed=st.integers(0, 10**6))
def test_engine_players_finish_a_game_with_one_winner(players, seed):
    state = GameState.new(Rules(players=players), seed)
    for _ in range(MAX_ACTIONS):
        if state.is_over:
            break
        if state.phase == "between":
            state = state.apply(NEXT)
            continue
        action = engine_choice(state.view(state.to_act))
        assert action in state.legal_actions()
        state = state.apply(action)
    assert state.is_over and len(state.winners) == 1
    assert sum(state.lives) + state.pot == 3 * players
