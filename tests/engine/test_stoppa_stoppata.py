"""Stoppa Phase III, the stoppata (STOPPA-9): runs, exhausted ranks, closers, Aces, payments.

Seats: P1 = 0 (di mano), then P2, P3, ... and the dealer last, as in the worked examples.
"""
import pytest

from neapolitan.cards import parse_cards
from neapolitan.errors import IllegalAction
from neapolitan.stoppa import Action, Rules, position, shed
from neapolitan.stoppa.actions import PASS
from neapolitan.stoppa.stoppata import cancels, needed, payment, played_counts

EX9 = ["1D 1C 2D 3D 4D 9D", "5D 6D 7D 8D 2C 3C", "4C 5C 6C 7C 8C 9C",
       "1S 2S 3S 4S 5S 6S", "7S 8S 9S 1B 2B 3B", "4B 5B 6B 7B 8B 9B"]


def play(state, *texts):
    for text in texts:
        state = state.apply_text(text)
    return state


def test_no_cancellation_in_ex9_STOPPA_9_1():
    assert not any(cancels(tuple(parse_cards(h)), Rules(players=6)) for h in EX9)


def test_stoppata_di_mano_with_the_cavallo_closing_STOPPA_9_3_STOPPA_9_14_EX_9a():
    state = position(Rules(players=6), EX9, phase="III")
    state = play(state, "9D")
    assert state.stoppata.top == 0 and state.to_act == 0  # closed at once: P1 opens again
    assert [e.kind for e in state.events] == ["shed", "close"]
    state = play(state, "1D+1C", "2D", "3D", "4D")
    assert state.is_over and state.stoppata.winner == 0 and state.stoppata.double
    assert state.net() == (30, -6, -6, -6, -6, -6)


@pytest.mark.parametrize(("option", "net"), [
    ("first_turn", (0, -2, 20, -6, -6, -6)),  # STOPPA-OP-10 (A)
    ("only_leader", (0, -1, 10, -3, -3, -3)),  # STOPPA-OP-10 (B)
])
def test_stoppata_di_mano_in_a_later_players_first_turn_STOPPA_OP_10_EX_9b(option, net):
    state = position(Rules(players=6, di_mano=option), EX9, phase="III")
    state = play(state, "1D+1C", "2D", "3D", "4D")
    assert state.to_act == 1  # needed 5: P1 holds only 9D, the turn passes right
    state = play(state, "5D", "6D", "7D", "8D")
    assert state.to_act == 2  # needed 9: P2 has none
    state = play(state, "9C")
    assert state.stoppata.top == 0 and state.to_act == 2  # the Cavallo closed: P3 opens
    state = play(state, "4C", "5C", "6C", "7C", "8C")
    assert state.is_over and state.stoppata.winner == 2
    assert state.net() == net


def test_exhausted_ranks_are_skipped_STOPPA_9_2_EX_10():
    rules = Rules()
    counts = played_counts(tuple(parse_cards("7D 7C 7S 7B")))
    assert needed(6, counts, rules) == 8
    counts = played_counts(tuple(parse_cards("7D 7C 7S 7B 8D 8C 8S 8B")))
    assert needed(6, counts, rules) == 9
    # At the table: on a 6, with every 7 gone, the holder of an 8 must play it.
    hands = ["6D 8D 3C", "8C 9B", "5D 5C", "2D 1B"]
    state = position(rules, hands, phase="III", played="7D 7C 7S 7B")
    state = play(state, "6D")
    assert state.legal_actions() == [shed(*parse_cards("8D"))]


def test_cavallo_closes_when_the_kings_are_gone_STOPPA_9_3_EX_11():
    hands = ["8D 9D 3C", "9C 2B", "5D 5C", "2D 1B"]
    state = position(Rules(), hands, phase="III", played="10D 10C 10S 10B")
    state = play(state, "8D", "9D")
    assert state.stoppata.top == 0 and state.to_act == 0  # the same player opens again
    assert state.legal_actions() == [shed(*parse_cards("3C"))]


EX12 = ["1S 3S 4S 5S 6S 7S 8S 9S 10S 3D", "1B 2C 3C 4C 5C 6C 7C 8C 9C 10C",
        "2D 2S 2B 4D 5D 6D 7D 8D 9D 10D", "1D 1C 3B 4B 5B 6B 7B 8B 9B 10B"]


def test_a_sequence_topped_by_an_ace_STOPPA_9_9_EX_12():
    state = play(position(Rules(), EX12, phase="III"), "1S")
    assert state.to_act == 1
    assert set(map(str, state.legal_actions())) == {"2C", "1B+2C"}
    with pytest.raises(IllegalAction, match="STOPPA-9.9"):
        state.apply_text("1B")
    # Same position, but P2 has an Ace and no Two: he cannot play, and P3 continues.
    p2 = EX12[1].replace("2C", "4D")
    p3 = EX12[2].replace("4D", "2C")
    state = play(position(Rules(), [EX12[0], p2, p3, EX12[3]], phase="III"), "1S")
    assert state.to_act == 2
    turn = [e for e in state.events if e.kind == "turn"][0]
    assert turn.others == (1,)


def test_any_number_of_aces_when_opening_STOPPA_9_6_OP_8():
    state = position(Rules(), EX12[3:] + EX12[:3], phase="III")
    opening_aces = {str(a) for a in state.legal_actions() if all(c.rank == 1 for c in a.cards)}
    assert opening_aces == {"1D", "1C", "1D+1C"}
    all_aces = position(Rules(all_aces=True), EX12[3:] + EX12[:3], phase="III")
    assert {str(a) for a in all_aces.legal_actions() if all(c.rank == 1 for c in a.cards)} == {"1D+1C"}
    with pytest.raises(IllegalAction, match="STOPPA-OP-8"):
        all_aces.apply_text("1D")


def test_continuing_is_compulsory_STOPPA_9_8():
    state = play(position(Rules(), EX12, phase="III"), "3S")
    assert state.legal_actions() == [shed(*parse_cards("4S"))]
    with pytest.raises(IllegalAction, match="STOPPA-9.8"):
        state.apply_text("7S")
    with pytest.raises(IllegalAction, match="STOPPA-9.8"):
        state.apply(Action("stop"))


def test_optional_continue_STOPPA_OP_9():
    state = play(position(Rules(optional_continue=True), EX12, phase="III"), "3S")
    assert Action("stop") in state.legal_actions()
    state = state.apply(Action("stop"))
    assert state.to_act != 0 and state.stoppata.top == 3
    # Everyone refuses: the turn comes back to P1, the sequence is closed and he opens.
    while state.to_act != 0:
        state = state.apply(Action("stop"))
    assert state.stoppata.top == 0


def test_new_sequence_opens_with_one_card_or_aces_STOPPA_9_6():
    state = position(Rules(), EX12, phase="III")
    with pytest.raises(IllegalAction, match="STOPPA-9.6"):
        state.apply_text("3S+4S")
    with pytest.raises(IllegalAction, match="not in your hand"):
        state.apply_text("2C")
    with pytest.raises(IllegalAction, match="STOPPA-9"):
        state.apply(PASS)


@pytest.mark.parametrize(("hands", "cancelled"), [
    (["2D 2C 2S 5B", "10S 4D"], "twos"),  # EX-13
    (["2D 2C 2S 10S", "4D"], ""),  # EX-13 with a King
    (["2D 2C 5B", "4D"], ""),
])
def test_cancellation_with_three_twos_and_no_king_STOPPA_9_1_EX_13(hands, cancelled):
    assert cancels(tuple(parse_cards(hands[0])), Rules()) == cancelled


def test_a_cancelled_stoppata_ends_the_deal_STOPPA_9_1_EX_13():
    hands = ["4D 5D 10D 10C 10S 10B", "2D 2C 2S", "3D", "6D"]
    state = position(Rules(), hands, phase="II", pot=9)
    state = play(state, "pass", "pass", "pass", "pass")
    assert state.is_over and state.cancelled_by == 1 and state.stoppata is None
    assert [e.kind for e in state.events][-1] == "cancel"
    with_king = ["4D 5D 10D 10C 10B", "2D 2C 2S 10S", "3D", "6D"]
    state = play(position(Rules(), with_king, phase="II", pot=9), "pass", "pass", "pass", "pass")
    assert state.phase == "III"


@pytest.mark.parametrize(("option", "hand", "cancelled"), [
    (dict(cancel_aces=3), "1D 1C 1S 5B", "aces"),
    (dict(cancel_aces=4), "1D 1C 1S 5B", ""),
    (dict(cancel_aces=4), "1D 1C 1S 1B", "aces"),
    (dict(cancel_aces=3), "1D 1C 1S 10B", ""),
])
def test_cancellation_with_aces_STOPPA_OP_7(option, hand, cancelled):
    assert cancels(tuple(parse_cards(hand)), Rules(**option)) == cancelled


def test_cavallo_as_king_with_six_players_STOPPA_OP_7():
    hand = tuple(parse_cards("2D 2C 2S 9B"))
    assert cancels(hand, Rules(players=6)) == "twos"
    assert cancels(hand, Rules(players=6, cancel_cavallo_as_king=True)) == ""
    assert cancels(hand, Rules(players=4, cancel_cavallo_as_king=True)) == "twos"


def test_cancellation_by_claim_STOPPA_OP_7():
    hands = ["4D 5D 10D 10C 10S 10B", "2D 2C 2S", "3D", "6D"]
    state = play(position(Rules(cancel_claim=True), hands, phase="II", pot=9), "pass", "pass", "pass", "pass")
    assert state.phase == "claim" and state.to_act == 1
    assert play(state, "claim").cancelled_by == 1
    declined = play(state, "decline")
    assert declined.phase == "III" and declined.to_act == 0


@pytest.mark.parametrize(("left", "single", "double"), [(5, 4, 8), (1, 0, 0), (4, 4, 8)])
def test_payment_per_pair_of_cards_STOPPA_9_13_EX_14(left, single, double):
    rules = Rules(misera=2)
    assert payment(left, rules, False) == single
    assert payment(left, rules, True) == double


def test_payments_at_the_table_STOPPA_9_13_EX_14():
    # W (P2) goes out in his first turn; the others hold 5, 1 and 4 cards: W +16 with m = 2.
    hands = ["3D 5C 6C 7C 8C", "4D 5D", "9D", "1C 2C 3C 4C"]
    state = position(Rules(misera=2), hands, phase="III", played="10D 10C 10S 10B")
    state = play(state, "3D")  # the turn passes to P2
    assert state.to_act == 1 and state.stoppata.first_now
    state = play(state, "4D", "5D")
    assert state.is_over and state.stoppata.winner == 1
    assert state.stoppata.double  # P2 went out in his first turn
    assert state.net() == (-8, 16, 0, -8)


def test_first_turn_is_spent_when_the_turn_passes_by_STOPPA_9_14():
    hands = ["3D 7C", "5D 6D", "4D 9C", "1C 2C"]
    state = position(Rules(), hands, phase="III", played="10D 10C 10S 10B")
    state = play(state, "3D")
    assert state.to_act == 2  # P2 had no 4: the turn went past him, spending his first turn
    state = play(state, "4D")
    assert state.to_act == 1 and not state.stoppata.first_now
    state = play(state, "5D", "6D")
    assert state.is_over and state.stoppata.winner == 1 and not state.stoppata.double
    assert state.net() == (0, 1, 0, -1)


def test_the_deal_is_over_after_the_stoppata_STOPPA_9_12():
    state = position(Rules(players=6), EX9, phase="III")
    state = play(state, "9D", "1D+1C", "2D", "3D", "4D")
    assert state.legal_actions() == [] and state.to_act is None
    with pytest.raises(IllegalAction, match="STOPPA-10.1"):
        state.apply_text("5D")
