"""The Saltacavallo rules beyond the worked examples: the deal, views, text, errors, every option."""
from __future__ import annotations

import pytest

from neapolitan.cards import parse_card
from neapolitan.errors import BadNotation, IllegalAction
from neapolitan.saltacavallo import (
    DRAW,
    GIVE,
    KEEP,
    NEXT,
    OPTION_KEYS,
    REFUSE,
    SWAP,
    Action,
    GameState,
    Rules,
    revive,
)


def deal(cards: str, dealer: int, keys: tuple[str, ...] = (), stock: str | None = None,
         lives: tuple[int, ...] | None = None) -> GameState:
    return GameState.from_deal(Rules.with_keys(len(cards.split()), *keys), cards, dealer,
                               stock=stock, lives=lives)


def keep_all(state: GameState) -> GameState:
    while state.phase in ("exchange", "dealer"):
        state = state.apply(KEEP)
    return state


# -- rules and their text ----------------------------------------------------------------------
@pytest.mark.parametrize("key", sorted(OPTION_KEYS))
def test_every_option_key_of_the_reference_sets_a_rule(key):
    rules = Rules.with_keys(5, key)
    field, value = OPTION_KEYS[key]
    assert getattr(rules, field) == value
    assert Rules.from_text(rules.to_text()) == rules


def test_lives_option_SALTA_OP_12():
    rules = Rules.with_keys(6, "SALTA_OPT_LIVES=2")
    assert rules.lives == 2 and rules.to_text() == "saltacavallo players=6 lives=2"
    assert GameState.new(rules, "x").lives == (2,) * 6


@pytest.mark.parametrize("players", [2, 21])
def test_three_to_twenty_players_SALTA_2_1(players):
    with pytest.raises(BadNotation, match="SALTA-2.1"):
        Rules(players=players)


@pytest.mark.parametrize("text", ["", "scopa players=3", "saltacavallo colour=red", "saltacavallo no_cascade=2",
                                  "saltacavallo dealer_draw=sometimes", "saltacavallo players=x"])
def test_bad_rules_text_is_refused(text):
    with pytest.raises(BadNotation):
        Rules.from_text(text)


# -- deal ----------------------------------------------------------------------------------------
def test_a_seeded_deal_is_reproducible_and_uses_the_whole_pack_SALTA_4_1():
    first, again = GameState.new(Rules(players=7), "seed-1"), GameState.new(Rules(players=7), "seed-1")
    assert first == again and first.to_text() == again.to_text()
    assert GameState.new(Rules(players=7), "seed-2").cards != first.cards
    assert len(first.stock) == 33 and not first.out
    # Kings and Cavalli are face up from the start, everything else face down (SALTA-5.1).
    assert all(first.shown[s] == (first.cards[s].rank >= 9) for s in range(7))


def test_the_dealer_receives_the_last_card_and_acts_last_SALTA_4_1():
    state = deal("3C 4S 5D 6B", dealer=1)
    assert state.hand_seats() == (2, 3, 0, 1)
    assert state.to_act == 2


def test_the_deal_passes_right_each_hand_SALTA_10_1():
    state = keep_all(deal("3C 4S 5D 6B", dealer=1))
    assert state.apply(NEXT).dealer == 2


# -- views -----------------------------------------------------------------------------------------
def test_views_hold_only_what_a_player_may_know_SALTA_6_6():
    state = deal("2C 6D 7S 5B 8C", dealer=4).apply(SWAP)  # seat 0 gives 2C to seat 1, takes 6D
    for seat, known in [(0, {0, 1}), (1, {0, 1}), (2, {2}), (4, {4})]:
        view = state.view(seat)
        assert {s for s, c in enumerate(view.cards) if c is not None} == known
    assert "2C" not in state.view(3).to_text()
    assert "2C" in state.view(1).to_text()
    # Seat 1 swaps the 2C on to seat 2: seat 0, who saw it leave, knows where it went.
    state = state.apply(SWAP)
    assert state.view(0).cards[2] == parse_card("2C")
    assert state.view(0).cards[1] is None


def test_everyone_sees_every_card_at_the_dealers_turn_SALTA_7_1():
    state = deal("2C 6D 7S 5B 8C", dealer=4).apply(KEEP).apply(KEEP).apply(KEEP).apply(KEEP)
    assert state.phase == "dealer"
    assert all(c is not None for c in state.view(0).cards)


def test_text_round_trip_of_a_state_in_every_phase():
    state = GameState.new(Rules(players=5), "rt")
    seen = set()
    while not state.is_over and len(seen) < 4:
        seen.add(state.phase)
        assert GameState.from_text(state.to_text(), state.rules) == state
        state = state.apply(state.legal_actions()[-1] if state.phase != "between" else NEXT)


@pytest.mark.parametrize("text", ["", "a|b", "s|1|0|3/3/3|0|exchange|0|1C,2C,3C|1C,2C,3C|000|-|-|-|-|-|0|-|0"])
def test_bad_positions_are_refused(text):
    with pytest.raises(BadNotation):
        GameState.from_text(text, Rules(players=3))


# -- refusals cite the rule -------------------------------------------------------------------------
def test_refusals_cite_the_rule():
    state = deal("2C 9S 6D 10B 3S", dealer=4)
    with pytest.raises(IllegalAction, match="SALTA-7.4"):
        state.apply(DRAW)
    with pytest.raises(IllegalAction, match="SALTA-10.1"):
        state.apply(NEXT)
    with pytest.raises(IllegalAction, match="SALTA-9.2"):
        state.apply(revive(1, 0))
    state = state.apply(KEEP).apply(KEEP)
    assert state.phase == "dealer"
    with pytest.raises(IllegalAction, match="SALTA-7.4"):
        state.apply(SWAP)
    state = state.apply(KEEP)
    with pytest.raises(IllegalAction, match="SALTA-10.1"):
        state.apply(KEEP)


@pytest.mark.parametrize("text", ["", "jump", "keep now", "revive 1", "revive a b"])
def test_bad_action_text_is_refused(text):
    with pytest.raises(BadNotation):
        Action.parse(text)


@pytest.mark.parametrize("text", ["keep", "swap", "draw", "next", "give", "refuse", "revive 2 0"])
def test_action_text_round_trips(text):
    assert str(Action.parse(text)) == text


# -- the options ------------------------------------------------------------------------------------
def test_show_on_demand_cards_turn_up_only_when_a_swap_meets_them_SALTA_OP_6():
    state = deal("2C 9S 6D 10B 3S", dealer=4, keys=("SHOW_ON_DEMAND",))
    assert not any(state.shown)
    assert state.to_act == 0 and SWAP in state.legal_actions()
    state = state.apply(SWAP)  # meets the Cavallo, which turns up, and jumps to seat 2
    assert state.shown[1] and str(state.cards[0]) == "6D"
    assert state.to_act == 2  # the Cavallo, now face up, makes no decision


def test_show_on_demand_a_hidden_re_can_only_be_kept_and_walls_when_met_SALTA_OP_6():
    state = deal("2C 10S 6D 4B 3S", dealer=4, keys=("SHOW_ON_DEMAND",))
    state = state.apply(SWAP)  # the attempt meets the Re: turned up, blocked, seat 0 keeps
    assert state.events[-1].kind == "blocked" and state.shown[1] and str(state.cards[0]) == "2C"
    assert state.to_act == 2  # the Re is now face up: its holder makes no decision
    hidden_re = deal("2C 5S 10D 4B 3S", dealer=4, keys=("SHOW_ON_DEMAND",)).apply(KEEP).apply(KEEP)
    assert hidden_re.to_act == 2 and hidden_re.legal_actions() == [KEEP]


def test_show_on_demand_round_the_table_of_cavalli_finds_no_one_SALTA_OP_4_OP_6():
    state = deal("2C 9S 9B", dealer=2, keys=("SHOW_ON_DEMAND", "WRAP_PAST_DEALER"))
    state = state.apply(SWAP)  # both Cavalli jumped, back to seat 0: no one to swap with, no wall
    blocked = state.events[-1]
    assert (blocked.kind, blocked.jumped, blocked.wall) == ("blocked", (1, 2), None)
    assert str(state.cards[0]) == "2C"
    assert GameState.from_text(state.to_text(), state.rules) == state  # the text form round-trips


@pytest.mark.parametrize(
    ("keys", "phase", "winners", "lives"),
    [((), "between", (), (1, 0, 1)), (("TIE_ELIM_SPLIT",), "over", (0, 2), (0, 0, 0)),
     (("TIE_ELIM_REPLAY",), "between", (), (1, 0, 1))],
    ids=["void", "TIE_ELIM_SPLIT", "TIE_ELIM_REPLAY"],
)
def test_a_tie_that_would_kill_everyone_SALTA_OP_7(keys, phase, winners, lives):
    state = keep_all(deal("4C - 4S", dealer=2, keys=keys, lives=(1, 0, 1)))
    assert state.phase == phase and state.winners == winners and state.lives == lives
    if phase == "between":
        # A void hand passes the deal; the deciding hand of TIE_ELIM_REPLAY keeps the dealer.
        assert state.apply(NEXT).dealer == (2 if "TIE_ELIM_REPLAY" in keys else 0)


def test_no_revival_SALTA_OP_8():
    state = keep_all(deal("8C 5S - 7B", dealer=3, keys=("NO_REVIVAL",), lives=(3, 3, 0, 3)))
    assert state.legal_actions() == [NEXT]
    with pytest.raises(IllegalAction, match="SALTA-OP-8"):
        state.apply(revive(2, 0))


@pytest.mark.parametrize(("answer", "lives"), [(GIVE, (2, 2, 1, 3)), (REFUSE, (3, 2, 0, 3))])
def test_voluntary_revival_SALTA_OP_8(answer, lives):
    state = keep_all(deal("8C 5S - 7B", dealer=3, keys=("REVIVAL_VOLUNTARY",), lives=(3, 3, 0, 3)))
    state = state.apply(revive(2, 0))
    assert state.phase == "reply" and state.to_act == 0 and state.legal_actions() == [GIVE, REFUSE]
    assert state.apply(answer).lives == lives


def test_split_final_two_SALTA_OP_9():
    state = keep_all(deal("8C 5S 7B", dealer=2, keys=("SPLIT_FINAL_TWO",), lives=(3, 1, 2)))
    assert state.is_over and state.winners == (0, 2)


def test_sudden_death_final_SALTA_OP_9():
    state = keep_all(deal("8C - 5B", dealer=2, keys=("SUDDEN_DEATH_FINAL",), lives=(2, 0, 3)))
    assert state.lives == (2, 0, 0) and state.winners == (0,)  # the lower card loses everything


def test_deal_until_stock_short_SALTA_OP_10():
    rules = Rules.with_keys(10, "DEAL_UNTIL_STOCK_SHORT")
    state = GameState.new(rules, "short")
    dealer = state.dealer
    hands = 0
    while state.dealer == dealer and not state.is_over:
        state = keep_all(state)
        if state.is_over:
            break
        assert len(state.out) + len(state.stock) + sum(c is not None for c in state.cards) == 40
        state = state.apply(NEXT)
        hands += 1
    assert hands >= 2  # the same dealer dealt again from the stock before passing the deal


@pytest.mark.parametrize("key", ["DEALER_DRAW_LITERAL", "DEALER_KING_VOID"])
def test_only_the_default_draw_skips_a_cavallo_SALTA_OP_1(key):
    rules = Rules.with_keys(4, key)
    default = GameState.from_deal(Rules(), "6C 4S 7D 2B", 3, stock="9D 5C")
    other = GameState.from_deal(rules, "6C 4S 7D 2B", 3, stock="9D 5C")
    assert str(keep_all_but_draw(default).cards[3]) == "5C"
    assert str(keep_all_but_draw(other).cards[3]) == "9D"


def keep_all_but_draw(state: GameState) -> GameState:
    while state.phase == "exchange":
        state = state.apply(KEEP)
    return state.apply(DRAW)


def test_an_empty_stock_means_the_dealer_keeps_SALTA_7_3():
    state = GameState.from_deal(Rules(), "6C 4S 7D 2B", 3, stock="")
    state = state.apply(KEEP).apply(KEEP).apply(KEEP)
    assert state.legal_actions() == [KEEP]
    with pytest.raises(IllegalAction, match="SALTA-7.3"):
        state.apply(DRAW)
