"""Stoppa: the misera, Phase I hands and Phase II, and the betting contest (STOPPA-3, 4, 6, 7, 8).

Seats for four players: P1 = 0 (di mano), P2 = 1, P3 = 2, D = 3 (the dealer), as in the
worked examples of the rules reference.
"""
import pytest

from neapolitan.errors import IllegalAction
from neapolitan.stoppa import Rules, deal, position, punto
from neapolitan.stoppa.actions import CALL, FOLD, PASS, SHOW, Action

P1, P2, P3, D = 0, 1, 2, 3
OTHERS = "3B 4S 5D"  # a punto of 15, for players whose hand does not matter


def act(state, *texts):
    for text in texts:
        state = state.apply_text(text)
    return state


def test_ante_flow_of_a_deal_STOPPA_3_2_to_3_4_EX_4():
    state = deal(Rules(), "ex4", dealer=D)
    assert state.pot == 5  # everyone 1, then the dealer 1 for hand 1
    assert [e.how for e in state.events if e.kind == "misera"] == ["STOPPA-3.2"] * 4 + ["STOPPA-3.3"]
    state = act(state, "pass", "pass", "pass", "pass")  # D takes 5
    assert state.hand_no == 2 and state.pot == 1
    assert [a for a in state.legal_actions() if a.kind == "open"] == [Action("open", 1)]
    state = act(state, "pass", "pass", "pass", "pass")
    assert state.hand_no == 3 and state.pot == 1
    state = act(state, "pass", "pass", "pass", "pass")
    assert state.phase == "II"
    assert state.pot == 9  # P1, P2 and P3 pay 3 each
    assert [row[0] for row in state.ledger] == [4, 4, 4, 4]  # everyone paid (H + 1) m


@pytest.mark.parametrize(("ante", "start_pot", "phase2_pot", "paid"), [
    ("all_per_hand", 4, 0, [3, 3, 3, 3]),  # STOPPA-OP-2 (B): m from everyone per hand only
    ("initial_plus_catchup", 4, 9, [4, 4, 4, 1]),  # STOPPA-OP-2 (C): the dealer pays 1 only
])
def test_other_ante_models_STOPPA_OP_2(ante, start_pot, phase2_pot, paid):
    state = deal(Rules(ante=ante), "ante", dealer=D)
    assert state.pot == start_pot
    while state.phase == "I":
        state = state.apply(PASS)
    assert state.pot == phase2_pot
    assert [row[0] for row in state.ledger] == paid


@pytest.mark.parametrize(("option", "sizes", "rest"), [
    ("floor", (3, 3, 3), 1),  # STOPPA-OP-1 (A)
    ("ceil", (3, 3, 3, 1), 0),  # STOPPA-OP-1 (B): the short last hand is contested
    ("one", (3,), 7),  # STOPPA-OP-1 (C)
])
def test_phase1_hands_STOPPA_4_1_OP_1(option, sizes, rest):
    state = deal(Rules(phase1_hands=option), "hands", dealer=D)
    seen = []
    while state.phase == "I":
        seen.append(len(state.hands[P1]))
        assert all(len(h) == seen[-1] for h in state.hands)
        state = act(state, "pass", "pass", "pass", "pass")
    assert tuple(seen) == sizes
    rests = [e.count for e in state.events if e.kind == "rest"]
    assert rests == ([rest] if rest else [])
    assert all(len(h) == 10 for h in state.hands)  # STOPPA-4.5


def test_used_pile_is_hidden_in_phase1_STOPPA_4_3():
    state = act(deal(Rules(), "used", dealer=D), "pass", "pass", "pass", "pass")
    view = state.view(P1)
    assert view.hand == state.hands[P1] and len(view.hand) == 3
    assert view.used_sizes[P1] == 3
    assert not any(c in view.hand for c in state.used[P1])
    assert "used" not in vars(view)


def test_contest_with_a_tie_going_to_the_bettor_STOPPA_6_9_EX_5():
    hands = [OTHERS, "7D 2D 7C", "4C 6B 9S", "7S 2S 10C"]  # P2 33, D 33
    for tie in ("reveal_order", "seat_priority"):
        state = position(Rules(tie=tie), hands, pot=5)
        state = act(state, "pass", "open 5")
        assert state.pot == 10 and state.contest.bet == 5
        state = act(state, "fold", "call")
        assert state.hand_no == 2  # the contest is over: D could not beat 33 and conceded
        assert state.prev.awards == ((P2, 15),)
        assert [(r.seat, r.value) for r in state.prev.reveals] == [(P2, 33)]
        assert state.ledger[P2][1] == 5 and state.ledger[D][1] == 5


def test_opening_and_raise_bounds_STOPPA_6_1_STOPPA_6_5_EX_6():
    state = position(Rules(), [OTHERS] * 4, pot=5)
    with pytest.raises(IllegalAction, match="STOPPA-6.1"):
        state.apply(Action("open", 6))
    assert [a.amount for a in state.legal_actions() if a.kind == "open"] == [1, 2, 3, 4, 5]
    state = act(state, "open 3")
    assert state.pot == 8 and state.contest.bet == 3
    assert state.raise_bounds(P2) == (1, 11)
    with pytest.raises(IllegalAction, match="STOPPA-6.5"):
        state.apply(Action("raise", 12))
    state = act(state, "raise 11")
    assert state.chips[P2] == -14 and state.contest.bet == 14


EX7_HANDS = ["7C 1C 9C", OTHERS, "5C 10C 2S", "7D 1D 8D"]  # P1 47, P3 25, D 47


def _ex7(rules):
    # P1 opens, P2 sees, P3 raises (last aggressor), D and P1 see, P2 folds.
    return act(position(rules, EX7_HANDS, pot=4), "open 1", "call", "raise 1", "call", "call", "fold")


def test_tie_default_reveal_order_STOPPA_6_9_EX_7():
    state = _ex7(Rules())
    assert punto(state.hands[P3]) == 25
    assert state.contest.stage == "show" and state.to_act == D
    state = state.apply(SHOW)  # D shows 47; P1's 47 is not higher: he concedes
    assert state.prev.awards == ((D, 4 + 2 * 4 - 1),)
    assert [r.seat for r in state.prev.reveals] == [P3, D]


def test_tie_seat_priority_STOPPA_OP_3_EX_7():
    state = _ex7(Rules(tie="seat_priority")).apply(SHOW)
    assert state.to_act == P1  # P1 comes first from di mano, so his 47 may be shown
    state = state.apply(SHOW)
    assert state.prev.awards[0][0] == P1


def test_tie_split_shares_the_pot_STOPPA_OP_3():
    state = _ex7(Rules(tie="split")).apply(SHOW).apply(SHOW)
    pot = state.prev.pot
    assert dict(state.prev.awards) == {P1: pot // 2 + pot % 2, D: pot // 2}


def test_conceding_a_higher_punto_STOPPA_6_8_OP_14():
    state = _ex7(Rules()).apply(Action("concede"))  # D concedes with 47
    assert state.to_act == P1 and state.contest.stage == "show"
    state = state.apply(SHOW)
    assert state.prev.awards[0][0] == P1  # P1 shows 47 over P3's 25 and wins (A)
    auto = _ex7(Rules(showdown="auto_reveal"))
    assert auto.hand_no == 2  # no showdown decisions: the highest punto wins (B)
    assert auto.prev.awards[0][0] == D


def test_concession_reveals_nothing_STOPPA_6_11():
    state = _ex7(Rules()).apply(SHOW)
    shown = {r.seat for r in state.prev.reveals}
    assert P1 not in shown
    assert state.view(P2).shown[P1] == ()
    assert state.view(P2).shown[D] == next(r.cards for r in state.prev.reveals if r.seat == D)


def test_everyone_passes_and_the_dealer_takes_the_pot_STOPPA_6_3_EX_8():
    state = act(position(Rules(), [OTHERS] * 4, pot=6), "pass", "pass", "pass", "pass")
    assert state.prev.how == "all_pass" and state.prev.awards == ((D, 6),)


def test_uncontested_win_without_showing_STOPPA_6_7_EX_8():
    state = act(position(Rules(), [OTHERS] * 4, pot=6), "open 2", "fold", "fold", "fold")
    assert state.prev.how == "uncontested" and state.prev.awards == ((P1, 8),)
    assert state.prev.reveals == ()
    dealer = act(position(Rules(), [OTHERS] * 4, pot=6), "pass", "pass", "pass", "open 1")
    assert dealer.prev.how == "uncontested" and dealer.prev.awards == ((D, 7),)


def test_passed_players_are_out_and_later_ones_play_STOPPA_6_2_STOPPA_6_4():
    state = act(position(Rules(), [OTHERS] * 4, pot=4), "pass", "open 1")
    assert state.to_act == P3  # P3 had not spoken: he takes part
    state = act(state, "call")
    assert state.to_act == D
    state = act(state, "call")  # back to P2: the showdown, and P1 never spoke again
    assert state.prev.how == "showdown" and state.prev.pot == 7
    assert P1 not in {r.seat for r in state.prev.reveals} and state.ledger[P1][1] == 0
    with pytest.raises(IllegalAction, match="STOPPA-6.4"):
        act(position(Rules(), [OTHERS] * 4, pot=4), "open 1", "pass")


@pytest.mark.parametrize(("limit", "bounds"), [("pot", (1, 11)), ("no_limit", (1, 0)), ("fixed", (1, 1))])
def test_raise_limits_STOPPA_OP_4(limit, bounds):
    state = act(position(Rules(raise_limit=limit), [OTHERS] * 4, pot=5), "open 3")
    assert state.raise_bounds(P2) == bounds
    if limit == "no_limit":
        assert state.is_legal(Action("raise", 500))
    if limit == "fixed":
        with pytest.raises(IllegalAction, match="STOPPA-OP-4"):
            state.apply(Action("raise", 2))


@pytest.mark.parametrize(("option", "after_pot", "dealer_won"), [("dealer", 0, True), ("carry_over", 13, False)])
def test_everyone_passes_in_phase2_STOPPA_8_3_OP_5(option, after_pot, dealer_won):
    state = position(Rules(all_pass_phase2=option), [], phase="II", pot=13)
    state = act(state, "pass", "pass", "pass", "pass")
    assert state.contest is None and state.pot == after_pot
    assert (state.chips[D] == 13) is dealer_won


def test_phase2_shows_the_three_cards_of_the_punto_grosso_STOPPA_8_4():
    hands = ["7C 6C 5C 1C 2S 3S 10D 9B 4B 8D", "7S 5S 4S 2S 7B 6B 10B 9D 8C 3C"]
    state = act(position(Rules(), hands, phase="II", pot=9), "open 1", "call", "fold", "fold")
    reveal = state.prev.reveals[0]
    assert (reveal.seat, reveal.value) == (P1, 55)
    assert set(reveal.cards) == {c for c in state.hands[P1] if c.suit == "C" and c.rank in (7, 6, 1)}


def test_table_stakes_side_pot_STOPPA_OP_13():
    # P1 has 2 chips and goes all-in; P2 and D bet on; P1's 55 wins only the main pot.
    rules = Rules(bankroll=20)
    hands = ["7D 6D 1D", "7C 6C 2B", "3S 4S 5B", "7B 6B 8S"]  # 55, 39, -, 39
    state = position(rules, hands, pot=4, chips=(2, 20, 20, 20))
    state = act(state, "open 2")
    assert state.chips[P1] == 0
    state = act(state, "raise 6", "fold", "call")
    assert state.contest.stage == "show"
    state = state.apply(SHOW) if state.to_act is not None and state.contest else state
    won = dict(state.prev.awards)
    assert won[P1] == 4 + 2 * 3  # the misere and 2 from each of the three who put chips in
    assert won[P1] + won.get(P2, 0) + won.get(D, 0) == state.prev.pot
    assert sum(state.chips) + state.pot == 2 + 20 * 3 + 4


def test_table_stakes_cannot_bet_more_than_you_have_STOPPA_OP_13():
    rules = Rules(bankroll=20)
    state = position(rules, [OTHERS] * 4, pot=10, chips=(3, 20, 20, 0))
    assert state.open_bounds(P1) == (1, 3)
    state = act(state, "pass", "pass", "pass")
    assert state.legal_actions() == [PASS]  # the dealer has no chips to open with
    with pytest.raises(IllegalAction, match="STOPPA-OP-13"):
        state.apply(Action("open", 1))


def test_illegal_bets_cite_the_rule():
    state = position(Rules(), [OTHERS] * 4, pot=5)
    for action, rule in [(CALL, "STOPPA-6.1"), (FOLD, "STOPPA-6.1"), (SHOW, "STOPPA-6.6"),
                         (Action("open", 0), "STOPPA-6.1")]:
        with pytest.raises(IllegalAction, match=rule):
            state.apply(action)
