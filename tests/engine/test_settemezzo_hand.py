"""A hand of Sette e Mezzo step by step: the worked examples SETTE-EX-1..13 and every rule of the
turn (SETTE-2 to SETTE-7), on stacked decks: `holes` are the face-down cards by seat and `draws`
the first cards of the stock, in order."""
from __future__ import annotations

import pytest

from neapolitan.cards import DECK, parse_card, parse_cards
from neapolitan.errors import BadNotation, IllegalAction
from neapolitan.settemezzo import (
    Action,
    Game,
    HandState,
    PlayerView,
    Rules,
    deal,
    deal_from,
    first_dealer,
)
from neapolitan.settemezzo.state import BUST_, DEALER, OUT, OVER, SETTE

DEFAULT = Rules()


def stacked(rules: Rules, holes: dict[int, str], draws: str = "", dealer: int = 0) -> HandState:
    players = rules.players
    order = [(dealer + k) % players for k in range(1, players + 1)]
    named = [parse_card(holes[s]) for s in order] + parse_cards(draws)
    rest = [c for c in DECK if c not in named]
    return deal_from(rules, named + rest, dealer)


def play(state: HandState, *actions: str) -> HandState:
    for text in actions:
        state = state.apply(Action.parse(text))
    return state


def game_of(state: HandState) -> Game:
    return Game(state.rules, "t", 1, (100,) * state.rules.players, state, state, 0)


# -- SETTE-2: dealing and the first dealer ---------------------------------------------------------
def test_deal_one_face_down_card_each_from_the_dealers_right_SETTE_2_3():
    rules = Rules(players=4)
    deck = list(DECK)
    state = deal_from(rules, deck, dealer=2)
    assert [state.seats[s].hole for s in (3, 0, 1, 2)] == deck[:4]  # the dealer's own card last
    assert state.stock == tuple(deck[4:]) and state.to_move == 3
    assert all(not s.up and s.stake == 0 for s in state.seats)


def test_first_dealer_draw_with_a_tie_SETTE_EX_12():
    deck = parse_cards("5C 10S 9B 10B 2D 7C") + [c for c in DECK if str(c) not in "5C 10S 9B 10B 2D 7C".split()]
    dealer, rounds = first_dealer(Rules(players=4), deck)
    assert dealer == 3
    assert [[str(c) for _, c in r] for r in rounds] == [["5C", "10S", "9B", "10B"], ["2D", "7C"]]
    assert [seat for seat, _ in rounds[1]] == [1, 3]


def test_first_dealer_by_game_value_SETTE_OP_12():
    deck = parse_cards("5C 10S 7B 9B") + [c for c in DECK if str(c) not in ("5C", "10S", "7B", "9B")]
    assert first_dealer(Rules(players=4), deck)[0] == 1  # rank: the Re is highest
    assert first_dealer(Rules(players=4, dealer_draw_by_game_value=True), deck)[0] == 2  # value: 7


def test_the_same_seed_deals_the_same_hand_SETTE_2_5():
    assert deal(DEFAULT, "abc").to_text() == deal(DEFAULT, "abc").to_text()
    assert deal(DEFAULT, "abc").to_text() != deal(DEFAULT, "abd").to_text()


# -- SETTE-4: the punter's turn ---------------------------------------------------------------------
def test_a_natural_reale_is_paid_double_and_takes_the_bank_SETTE_EX_1():
    state = stacked(Rules(players=2), {0: "6C", 1: "7S"}, draws="10C")
    state = play(state, "hit 1")
    p1 = state.seats[1]
    assert p1.status == SETTE and p1.shown  # SETTE-4.6: the hole card is shown at once
    assert state.phase == DEALER and state.to_move == 0
    state = play(state, "stand")
    assert state.is_over and state.results() == (-2, 2)
    assert game_of(state).next_dealer() == 1  # SETTE-7.1


def test_replacing_a_three_then_a_tie_SETTE_EX_2():
    state = stacked(Rules(players=2), {0: "2C", 1: "3D"}, draws="6B 4S")
    assert Action.parse("replace") in state.legal_actions()
    state = play(state, "replace")
    p2 = state.seats[1]
    assert p2.hole == parse_card("6B") and p2.replaced == (parse_card("3D"),)
    assert parse_card("3D") in state.discards  # SETTE-4.2: out of play, face down
    assert Action.parse("replace") not in state.legal_actions()  # once (SETTE-OP-4 A)
    assert parse_card("3D") not in state.view(0).seen()  # nobody else saw it
    state = play(state, "stand 4", "hit", "stand")
    assert state.seats[0].cards == tuple(parse_cards("2C 4S"))
    assert state.results() == (4, -4)  # SETTE-6.2: equal totals go to the dealer


def test_a_simple_seven_and_a_half_against_the_dealers_SETTE_EX_3():
    state = stacked(Rules(players=2), {0: "3B", 1: "5C"}, draws="2S 8D 4C 9S")
    state = play(state, "hit 1", "hit")
    assert state.seats[1].status == SETTE and state.to_move == 0
    state = play(state, "hit", "hit")  # the dealer: 3 + 4 + ½, 7½ ends his turn
    assert state.is_over and state.results() == (1, -1)  # not doubled (SETTE-6.3)


def test_a_bust_is_paid_at_once_and_stands_SETTE_EX_4():
    state = stacked(Rules(players=3), {0: "6B", 1: "4C", 2: "2D"}, draws="5S 3C 9C 7S")
    state = play(state, "hit 1")
    p4 = state.seats[1]
    assert p4.status == BUST_ and p4.delta == -1 and state.seats[0].delta == 1  # paid at once
    assert not p4.shown and parse_card("4C") not in state.view(2).seen()  # hole card hidden (SETTE-4.5)
    assert parse_card("5S") in state.view(2).seen()  # the face-up card was seen
    state = play(state, "hit 1", "stand", "hit", "hit")  # seat 2 stands on 5; the dealer busts
    assert state.is_over and state.outcome(0) > 15
    assert state.results() == (0, -1, 1)


def test_a_bust_shown_under_BUST_REVEAL_SETTE_OP_5():
    state = stacked(Rules(players=3, bust_reveal=True), {0: "6B", 1: "4C", 2: "2D"}, draws="5S")
    state = play(state, "hit 1")
    assert state.seats[1].shown and parse_card("4C") in state.view(2).seen()


def test_the_dealer_busts_SETTE_EX_8():
    rules = Rules(players=4)
    # seat 1 stands on 2, seat 2 makes a reale, seat 3 busts, the dealer draws to 9.
    state = stacked(rules, {0: "4B", 1: "2C", 2: "7S", 3: "6D"}, draws="9C 3S 5B")
    state = play(state, "stand 1", "hit 1", "hit 1", "hit")
    assert state.is_over and state.results() == (-2, 1, 2, -1)
    assert game_of(state).next_dealer() == 2  # the reale takes the bank


def test_the_dealer_makes_a_simple_seven_and_a_half_SETTE_EX_9():
    # seat 1 stands on 6, seat 2 makes a simple 7½, seat 3 a reale; the dealer 2 + 5 + ½.
    holes = {0: "2B", 1: "6C", 2: "5S", 3: "7C"}
    draws = "2S 8S 10C 5D 9D"
    state = play(stacked(Rules(players=4), holes, draws), "stand 1", "hit 1", "hit", "hit 1", "hit", "hit")
    assert state.is_over and state.outcome(0) == 15
    assert state.results()[1:] == (-2, -1, 2) and game_of(state).next_dealer() == 3
    single = Rules(players=4, reale_vs_simple="single")
    state = play(stacked(single, holes, draws), "stand 1", "hit 1", "hit", "hit 1", "hit", "hit")
    assert state.results()[1:] == (-2, -1, 1) and game_of(state).next_dealer() == 3


def test_the_dealer_makes_a_reale_SETTE_EX_10():
    state = stacked(Rules(players=3), {0: "7C", 1: "7S", 2: "5B"}, draws="8D 9D")
    state = play(state, "hit 1", "stand 1", "hit")
    assert state.is_over and state.results() == (3, -1, -2)
    assert game_of(state).next_dealer() == 0  # the bank stays


def test_two_winning_reali_the_first_takes_the_bank_SETTE_EX_11():
    state = stacked(Rules(players=4), {0: "6C", 1: "7S", 2: "3B", 3: "7B"}, draws="10C 9B")
    state = play(state, "hit 1", "stand 1", "hit 1", "stand")
    assert state.results() == (-3, 2, -1, 2)
    assert game_of(state).next_dealer() == 1  # earlier in turn order (SETTE-7.1)


def test_standing_on_the_matta_SETTE_EX_13():
    state = stacked(Rules(players=2), {0: "7C", 1: "10D"})
    state = play(state, "stand 1", "stand")
    assert state.results() == (1, -1)  # the matta counts 7; a tie goes to the dealer
    must = stacked(Rules(players=2, matta_alone="must_hit"), {0: "7C", 1: "10D"})
    assert all(a.kind == "hit" for a in must.legal_actions())  # SETTE-OP-2 (C)
    with pytest.raises(IllegalAction, match="SETTE-OP-2"):
        must.apply(Action.parse("stand 1"))


def test_the_matta_reale_SETTE_EX_5():
    state = play(stacked(Rules(players=2), {0: "6C", 1: "10D"}, draws="9S"), "hit 1")
    assert state.seats[1].status == SETTE
    assert play(state, "stand").results() == (-2, 2)
    natural = play(stacked(Rules(players=2, reale="natural_only"), {0: "6C", 1: "10D"}, draws="9S"), "hit 1")
    assert play(natural, "stand").results() == (-1, 1)


def test_if_every_punter_busts_the_dealer_does_not_play_SETTE_5_1():
    state = stacked(Rules(players=3), {0: "2C", 1: "6C", 2: "7C"}, draws="5S 6S")
    state = play(state, "hit 1", "hit 2")
    assert state.phase == OVER and state.results() == (3, -1, -2)
    assert not state.seats[0].shown  # nothing to show
    assert game_of(state).next_dealer() == 0


def test_a_shown_hand_only_after_the_dealer_SETTE_5_4():
    state = stacked(Rules(players=3), {0: "5C", 1: "6C", 2: "7C"}, draws="1S")
    state = play(state, "stand 1")
    assert not state.seats[1].shown and parse_card("6C") not in state.view(2).seen()  # SETTE-4.7
    state = play(state, "stand 1", "stand")
    assert state.seats[1].shown and state.seats[2].shown and state.seats[0].shown
    assert state.results() == (-2, 1, 1)


def test_the_dealer_may_not_replace_SETTE_5_3_unless_REPLACE_DEALER_TOO():
    state = play(stacked(Rules(players=2), {0: "3C", 1: "7C"}), "stand 1")
    assert Action.parse("replace") not in state.legal_actions()
    with pytest.raises(IllegalAction, match="SETTE-5.3"):
        state.apply(Action.parse("replace"))
    too = play(stacked(Rules(players=2, replace_dealer_too=True), {0: "3C", 1: "7C"}, draws="8B"), "stand 1")
    assert Action.parse("replace") in too.legal_actions()
    assert play(too, "replace").seats[0].hole == parse_card("8B")


@pytest.mark.parametrize(
    ("options", "draws", "replaces"),
    [({}, "4B", 1), ({"replace": "repeat"}, "4B 3S 6C", 3), ({"replace": "off"}, "", 0)],
    ids=["once", "REPLACE_REPEAT", "REPLACE_OFF"],
)
def test_replacing_options_SETTE_OP_4(options, draws, replaces):
    state = stacked(Rules(players=2, **options), {0: "2C", 1: "3D"}, draws=draws)
    done = 0
    while Action.parse("replace") in state.legal_actions():
        state = play(state, "replace")
        done += 1
    assert done == replaces


def test_the_dealer_stands_on_five_SETTE_OP_6():
    rules = Rules(players=2, dealer_stands_on=5)
    state = play(stacked(rules, {0: "2C", 1: "7C"}, draws="2B 1S"), "stand 1")
    assert state.legal_actions() == [Action.parse("hit")]
    with pytest.raises(IllegalAction, match="SETTE-OP-6"):
        state.apply(Action.parse("stand"))
    state = play(state, "hit", "hit")
    assert state.legal_actions() == [Action.parse("stand")]  # 5: he must stand


def test_stake_per_card_SETTE_OP_14():
    state = play(stacked(Rules(players=2), {0: "2C", 1: "1C"}, draws="1S 1B"), "hit 2")
    with pytest.raises(IllegalAction, match="SETTE-OP-14"):
        state.apply(Action.parse("hit +3"))
    raising = play(stacked(Rules(players=2, stake_per_card=True), {0: "2C", 1: "1C"}, draws="1S 1B"),
                   "hit 2", "hit +3")
    assert raising.seats[1].stake == 5
    with pytest.raises(IllegalAction, match="SETTE-4.3"):
        raising.apply(Action.parse("hit +6"))


@pytest.mark.parametrize(
    ("action", "rule"),
    [("hit", "SETTE-4.3"), ("stand 11", "SETTE-4.3"), ("stand 0", None), ("replace", "SETTE-4.2")],
)
def test_illegal_declarations_cite_the_rule(action, rule):
    state = stacked(DEFAULT, {0: "2C", 1: "7C", 2: "5B", 3: "6B"})
    if rule is None:
        with pytest.raises(BadNotation):
            Action.parse(action)
        return
    with pytest.raises(IllegalAction, match=rule):
        state.apply(Action.parse(action))
    assert state.to_text() == stacked(DEFAULT, {0: "2C", 1: "7C", 2: "5B", 3: "6B"}).to_text()


def test_no_stake_after_the_declaration_and_none_for_the_dealer_SETTE_4_3():
    state = play(stacked(Rules(players=2), {0: "2C", 1: "1C"}, draws="1S 1B"), "hit 2")
    with pytest.raises(IllegalAction, match="SETTE-4.3"):
        state.apply(Action.parse("hit 3"))
    state = play(state, "stand")
    with pytest.raises(IllegalAction, match="SETTE-2.1"):
        state.apply(Action.parse("hit 3"))
    over = play(state, "stand")
    with pytest.raises(IllegalAction, match="SETTE-6"):
        over.apply(Action.parse("hit"))


# -- SETTE-7.3 / OP-15: the stock runs out ------------------------------------------------------------
def _low_stock(rules: Rules, holes: dict[int, str], stock: str) -> HandState:
    """A position whose stock is `stock`; every other card is out of play (discards)."""
    state = stacked(rules, holes)
    kept = set(parse_cards(stock)) | set(parse_cards(" ".join(holes.values())))
    return HandState(rules, "t", state.dealer, state.seats, tuple(parse_cards(stock)),
                     tuple(c for c in DECK if c not in kept), (), state.to_move)


def test_the_discards_are_reshuffled_when_the_stock_runs_out_SETTE_7_3():
    state = _low_stock(Rules(players=3), {0: "2C", 1: "1C", 2: "1D"}, "1S")
    out_of_play = set(state.discards)
    state = play(state, "hit 1")
    assert not state.stock and state.ran_out
    state = play(state, "hit")
    drawn = state.seats[1].up[1]
    assert state.reshuffles == 1 and drawn in out_of_play
    assert len(state.stock) == len(out_of_play) - 1  # the 36 discards, less the card dealt
    state.check_cards_conserved()


def test_the_hand_ends_when_the_stock_runs_out_SETTE_OP_15_B():
    rules = Rules(players=3, stock_out="end_hand")
    state = play(_low_stock(rules, {0: "2C", 1: "1C", 2: "1D"}, "1S"), "hit 1")
    assert state.seats[2].status == OUT  # had not played: sits out, no stake
    assert state.legal_actions() == [Action.parse("stand")]
    state = play(state, "stand")
    assert state.to_move == 0 and state.legal_actions() == [Action.parse("stand")]
    state = play(state, "stand")
    assert state.is_over and state.seats[2].delta == 0 and sum(state.results()) == 0


def test_bank_options_SETTE_OP_11():
    holes = {0: "6C", 1: "7S", 2: "2B"}
    rot = play(stacked(Rules(players=3, bank="rotates"), holes, draws="1B"), "stand 1", "stand 1", "stand")
    assert game_of(rot).next_dealer() == 1
    keep = play(stacked(Rules(players=3, bank="until_deck_empty"), holes, draws="1B"), "stand 1", "stand 1",
                "stand")
    assert game_of(keep).next_dealer() == 0


def test_continuous_deck_SETTE_OP_13():
    rules = Rules(players=3, continuous_deck=True)
    game = Game.new(rules, "c", dealer=0)
    while not game.hand.is_over:
        game = game.apply(game.legal_actions()[-1])
    left = game.hand.stock
    game = game.next_hand()
    assert game.hand.stock == left[3:]  # the next hand is dealt from where the stock stopped
    assert len(game.hand.discards) == 40 - len(left)
    game.hand.check_cards_conserved()


# -- the player's view and the text forms ----------------------------------------------------------------
def test_a_view_hides_the_other_hole_cards_SETTE_2_4():
    state = play(stacked(DEFAULT, {0: "2C", 1: "7C", 2: "5B", 3: "6B"}, draws="1S"), "hit 1")
    view = state.view(2)
    assert view.seats[2].hole == parse_card("5B")
    assert view.seats[1].hole is None and view.seats[1].up == (parse_card("1S"),)
    assert view.seats[0].hole is None
    assert parse_card("7C") in view.unseen() and parse_card("1S") not in view.unseen()
    text = view.to_text()
    assert "7C" not in text and "2C" not in text and PlayerView.from_text(text, DEFAULT) == view


def test_positions_round_trip_and_bad_texts_are_refused():
    state = play(stacked(DEFAULT, {0: "2C", 1: "3C", 2: "5B", 3: "6B"}, draws="1S 2S"), "replace", "hit 3")
    assert HandState.from_text(state.to_text(), DEFAULT) == state
    text = state.to_text()
    for bad in (text.replace("punters", "lunch"), text + " x", text.replace("5B", "3C"), "1 2 3"):
        with pytest.raises(BadNotation):
            HandState.from_text(bad, DEFAULT)
    game = Game.new(DEFAULT, "g")
    assert Game.from_text(game.to_text(), DEFAULT) == game
    with pytest.raises(BadNotation):
        Game.from_text("g|1|0|1/2|x|y", DEFAULT)


def test_actions_text_forms():
    assert [str(Action.parse(t)) for t in ("carta 5", "STO", "cambia", "hit +2", " stand ")] == [
        "hit 5", "stand", "replace", "hit +2", "stand"]
    for bad in ("", "fly", "hit five", "replace 2", "stand +2", "hit 1 2", "hit -1"):
        with pytest.raises(BadNotation):
            Action.parse(bad)


def test_game_hands_chips_and_the_end():
    game = Game.new(Rules(players=3), "end", hands=2)
    assert game.hand.dealer in range(3)
    for _ in range(2):
        while not game.hand.is_over:
            game = game.apply(game.legal_actions()[0])
        if not game.is_over:
            with pytest.raises(IllegalAction):
                game.apply(Action.parse("hit"))
            game = game.next_hand()
    assert game.is_over and sum(game.chips_now) == 300
    with pytest.raises(IllegalAction, match="over"):
        game.next_hand()
    fresh = Game.new(Rules(players=3), "x", dealer=1)
    with pytest.raises(IllegalAction, match="still being played"):
        fresh.next_hand()
