"""Stoppa: the pack, the punto, the dealer, the giro, the rules' options and the text forms."""
import pytest

from neapolitan.cards import DECK, Card, by_index, parse_cards
from neapolitan.errors import BadNotation, IllegalAction
from neapolitan.stoppa import (
    Action,
    DealState,
    Giro,
    Rules,
    deal,
    draw_for_dealer,
    punto,
    punto_cards,
)
from neapolitan.stoppa.actions import PASS


@pytest.mark.parametrize(("players", "pack", "removed", "cards_each", "hands", "rest"), [
    (3, 39, "10B", 13, 4, 1),
    (4, 40, "", 10, 3, 1),
    (5, 40, "", 8, 2, 2),
    (6, 36, "10D 10C 10S 10B", 6, 2, 0),
])
def test_pack_by_players_STOPPA_1_2_EX_1(players, pack, removed, cards_each, hands, rest):
    rules = Rules(players=players)
    assert len(rules.pack()) == pack
    assert set(rules.removed_cards()) == set(parse_cards(removed))
    assert rules.cards_each == cards_each
    assert rules.hands_in_phase1 == hands
    assert cards_each - 3 * hands == rest
    state = deal(rules, "ex1")
    every = [*state.stock, *state.removed, *(c for h in state.hands for c in h)]
    assert sorted(every, key=by_index) == list(DECK)  # every card of the pack is dealt (STOPPA-1.3)


def test_copies_of_the_king_STOPPA_9_2():
    assert Rules(players=3).copies(10) == 3
    assert Rules(players=4).copies(10) == 4
    assert Rules(players=6).copies(10) == 0
    assert all(Rules(players=6).copies(r) == 4 for r in range(1, 10))


@pytest.mark.parametrize("players", [2, 7, 0])
def test_three_to_six_players_STOPPA_1_1(players):
    with pytest.raises(BadNotation, match="STOPPA-1.1"):
        Rules(players=players)


@pytest.mark.parametrize(("hand", "value"), [
    ("7D 6D 1D", 55),
    ("7D 2D 7C", 33),
    ("10C 9S 8D", 10),
    ("5B 4B 7S", 29),
    ("1S 6C 3C", 31),
])
def test_punto_piccolo_STOPPA_5_2_EX_2(hand, value):
    assert punto(parse_cards(hand)) == value


@pytest.mark.parametrize(("hand", "value", "cards"), [
    ("7C 6C 5C 1C 2S 3S 10D 9B 4B 8D", 55, "7C 6C 1C"),
    ("7S 5S 4S 2S 7B 6B 10B 9D 8C 3C", 50, "7S 5S 4S"),
])
def test_punto_grosso_STOPPA_5_3_EX_3(hand, value, cards):
    assert punto(parse_cards(hand)) == value
    assert set(punto_cards(parse_cards(hand))) == set(parse_cards(cards))


def test_punto_ranges_from_10_to_55_STOPPA_5_1():
    assert punto([]) == 0
    assert punto(parse_cards("8D")) == 10
    assert punto(parse_cards("2D")) == 12
    assert max(punto([a, b, c]) for a in DECK[:10] for b in DECK[:10] for c in DECK[:10]
               if len({a, b, c}) == 3) == 55


def test_first_dealer_is_who_receives_the_asso_di_denari_STOPPA_2_2():
    for seed in range(20):
        dealer, fell = draw_for_dealer(4, seed)
        assert fell[-1] == (dealer, Card(1, "D"))
        assert all(card != Card(1, "D") for _, card in fell[:-1])
        assert [seat for seat, _ in fell] == [k % 4 for k in range(len(fell))]
        assert Giro.new(Rules(), seed).first_dealer == dealer


def test_di_mano_is_on_the_dealers_right_and_gets_the_first_card_STOPPA_2_3_STOPPA_4_2():
    rules = Rules()
    state = deal(rules, "order", dealer=2)
    assert state.di_mano == 3
    assert state.to_act == 3  # di mano speaks first (STOPPA-6.1)
    from neapolitan.cards import shuffled_deck

    deck = shuffled_deck("order")
    assert state.hands[3][0] == deck[0] and state.hands[0][0] == deck[1]
    assert state.hands[2][0] == deck[3]  # the dealer receives last


@pytest.mark.parametrize(("giro", "deals"), [("n", 4), ("n_minus_1", 3)])
def test_dealer_rotation_and_giro_length_STOPPA_2_5_EX_15(giro, deals):
    rules = Rules(giro=giro)
    g = Giro.new(rules, "rot", first_dealer=0)
    dealers = []
    while True:
        dealers.append((g.deal.dealer, g.deal.di_mano))
        while not g.deal.is_over:
            g = g.apply(PASS if PASS in g.legal_actions() else g.legal_actions()[0])
        if g.is_over:
            break
        g = g.next_deal()
    assert dealers == [(0, 1), (1, 2), (2, 3), (3, 0)][:deals]
    assert g.deal_no == deals
    with pytest.raises(IllegalAction, match="STOPPA-2.6"):
        g.next_deal()


def test_next_deal_only_after_the_deal_STOPPA_10_1():
    g = Giro.new(Rules(), "x")
    with pytest.raises(IllegalAction, match="STOPPA-10.1"):
        g.next_deal()


def test_rules_text_round_trips_and_names_every_option():
    rules = Rules(players=3, misera=2, phase1_hands="ceil", ante="all_per_hand", tie="split",
                  raise_limit="no_limit", all_pass_phase2="carry_over", giro="n_minus_1",
                  cancel_aces=3, cancel_claim=True, cancel_cavallo_as_king=True, all_aces=True,
                  optional_continue=True, di_mano="only_leader", king_removal="dealer",
                  removed_king="10C", bankroll=50, showdown="auto_reveal")
    assert Rules.from_text(rules.to_text()) == rules
    assert Rules.from_text(Rules().to_text()) == Rules()
    assert Rules().to_text() == "STOPPA players=4 misera=1"


@pytest.mark.parametrize("text", ["", "SCOPA players=4", "STOPPA players=x", "STOPPA colour=red",
                                  "STOPPA tie=coin", "STOPPA removed_king=7D", "STOPPA all_aces=2"])
def test_bad_rules_text_is_refused(text):
    with pytest.raises(BadNotation):
        Rules.from_text(text)


def test_state_text_round_trips_through_a_whole_giro():
    rules = Rules(players=5)
    g = Giro.new(rules, "text")
    seen = 0
    while not g.is_over:
        if g.deal.is_over:
            g = g.next_deal()
            continue
        assert DealState.from_text(g.deal.to_text(), rules) == g.deal
        assert Giro.from_text(g.to_text(), rules) == g
        actions = g.legal_actions()
        g = g.apply(actions[seen % len(actions)] if actions[0].kind == "shed" else actions[0])
        seen += 1
    assert Giro.from_text(g.to_text(), rules) == g


@pytest.mark.parametrize("text", [
    "", "d=0", "d=9 ph=I h=1 pot=0 chips=0/0/0/0 start=0/0/0/0 led=0.0.0.0/0.0.0.0/0.0.0.0/0.0.0.0 "
    "hands=-/-/-/- used=-/-/-/- stock=- out=- shown=-/-/-/- c=- st=- claims=- x=-1 prev=-",
])
def test_bad_state_text_is_refused(text):
    with pytest.raises(BadNotation):
        DealState.from_text(text, Rules())


def test_a_position_with_a_card_twice_is_refused():
    state = deal(Rules(), "dup")
    text = state.to_text().replace(str(state.hands[1][0]), str(state.hands[0][0]), 1)
    with pytest.raises(BadNotation):
        DealState.from_text(text, Rules())


@pytest.mark.parametrize(("text", "action"), [
    ("pass", Action("pass")), ("passo", Action("pass")), ("open 3", Action("open", 3)),
    ("call", Action("call")), ("vedo", Action("call")), ("see", Action("call")),
    ("raise 5", Action("raise", 5)), ("fold", Action("fold")), ("show", Action("show")),
    ("mi basta", Action("concede")), ("concede", Action("concede")),
    ("7d", Action("shed", cards=(Card(7, "D"),))), ("1B+2C", Action("shed", cards=(Card(1, "B"), Card(2, "C")))),
    ("stop", Action("stop")), ("remove 10C", Action("remove", cards=(Card(10, "C"),))),
    ("claim", Action("claim")), ("decline", Action("decline")),
])
def test_action_text_forms_round_trip(text, action):
    assert Action.parse(text) == action
    assert Action.parse(str(action)) == action


@pytest.mark.parametrize("text", ["", "open", "open x", "raise", "fold 3", "11X", "7D+7D", "remove"])
def test_bad_action_text_is_refused(text):
    with pytest.raises(BadNotation):
        Action.parse(text)
