"""The worked examples SALTA-EX-1..14 of the Saltacavallo rules reference, as test tables.

Seats are numbered from 0 in counter-clockwise order (seat p+1 is on p's right), so the
reference's P1, P2, ... are seats 0, 1, ... and the dealer D is the last seat named.
"""
from __future__ import annotations

import pytest

from neapolitan.cards import parse_cards
from neapolitan.errors import IllegalAction
from neapolitan.saltacavallo import (
    DRAW,
    KEEP,
    NEXT,
    SWAP,
    GameState,
    Rules,
    first_dealer_from,
    revive,
)


def deal(cards: str, dealer: int, players: int | None = None, keys: tuple[str, ...] = (),
         stock: str | None = None, lives: tuple[int, ...] | None = None) -> GameState:
    n = players or len(cards.split())
    return GameState.from_deal(Rules.with_keys(n, *keys), cards, dealer, stock=stock, lives=lives)


def held(state: GameState) -> list[str]:
    return ["-" if c is None else str(c) for c in state.cards]


def test_a_jump_then_a_wall_SALTA_EX_1():
    """P1 2C, P2 9S (shown), P3 6D, P4 10B (shown), D 3S."""
    state = deal("2C 9S 6D 10B 3S", dealer=4)
    assert state.shown == (False, True, False, True, False)  # SALTA-5.1
    assert state.to_act == 0
    state = state.apply(SWAP)  # the swap jumps P2's Cavallo and lands on P3 (SALTA-6.3)
    assert held(state)[:3] == ["6D", "9S", "2C"]
    assert state.events[-1].jumped == (1,)
    assert state.to_act == 2  # P2 shows a Cavallo: no action (SALTA-5.1)
    assert state.legal_actions() == [KEEP]  # P4's Re is a wall: SWAP is not offered
    with pytest.raises(IllegalAction, match="SALTA-6.3"):
        state.apply(SWAP)
    state = state.apply(KEEP)
    assert state.phase == "dealer" and all(state.shown)  # SALTA-7.1: every card revealed
    state = state.apply(KEEP)
    assert state.losers == (2,) and state.lives == (3, 3, 2, 3, 3) and state.pot == 1  # SALTA-8.2


@pytest.mark.parametrize(
    ("keys", "target"),
    [((), None), (("KING_WALL_ADJACENT_ONLY",), 3)],
    ids=["default-blocked", "KING_WALL_ADJACENT_ONLY"],
)
def test_a_re_two_seats_away_SALTA_EX_2_OP_2(keys, target):
    """P1 1D, P2 9C, P3 10S, P4 5B, D 6C: the jump over P2 lands on P3's Re."""
    state = deal("1D 9C 10S 5B 6C", dealer=4, keys=keys)
    assert state.target_of(0).target == target
    assert (SWAP in state.legal_actions()) is (target is not None)


@pytest.mark.parametrize(
    ("keys", "after"),
    [((), ["5S", "9C", "9B", "2D"]), (("NO_CASCADE",), None)],
    ids=["default-cascade", "NO_CASCADE"],
)
def test_a_cascade_SALTA_EX_3_OP_3(keys, after):
    """P1 2D, P2 9C, P3 9B, P4 5S, D 7C."""
    state = deal("2D 9C 9B 5S 7C", dealer=4, keys=keys)
    if after is None:
        assert state.legal_actions() == [KEEP]
        assert state.target_of(0).rule == "SALTA-OP-3"
        return
    state = state.apply(SWAP)
    assert held(state)[:4] == after
    assert state.events[-1].jumped == (1, 2)


@pytest.mark.parametrize(
    ("keys", "target"),
    [((), None), (("WRAP_PAST_DEALER",), 0)],
    ids=["default-no-wrap", "WRAP_PAST_DEALER"],
)
def test_no_wrap_past_the_dealer_SALTA_EX_4_OP_4(keys, target):
    """P1 4B, P2 6S, P3 1C, D 9S: P3's swap would jump the dealer's Cavallo."""
    state = deal("4B 6S 1C 9S", dealer=3, keys=keys)
    state = state.apply(KEEP).apply(KEEP)
    assert state.to_act == 2
    assert state.target_of(2).target == target
    if target is not None:
        state = state.apply(SWAP)
        assert held(state)[0] == "1C" and held(state)[2] == "4B"


@pytest.mark.parametrize(
    ("keys", "dealer_holds", "losers"),
    [((), "1S", (3,)), (("DEALER_DRAW_LITERAL",), "10C", (0,)), (("DEALER_KING_VOID",), "1S", (3,))],
    ids=["default-king-void", "DEALER_DRAW_LITERAL", "DEALER_KING_VOID"],
)
def test_the_dealer_draws_a_re_SALTA_EX_5_OP_1(keys, dealer_holds, losers):
    """P1 4C, P2 6B, P3 9D (shown), D 1S; the stock's top card is 10C."""
    state = deal("4C 6B 9D 1S", dealer=3, keys=keys, stock="10C 5D 7B")
    state = state.apply(KEEP).apply(KEEP)
    assert state.phase == "dealer"
    state = state.apply(DRAW)
    assert str(state.cards[3]) == dealer_holds
    assert state.losers == losers  # SALTA-7.3, SALTA-8.1


@pytest.mark.parametrize(
    ("keys", "dealer_holds", "stock_left"),
    [((), "5C", 1), (("DEALER_DRAW_LITERAL",), "9D", 2), (("DEALER_KING_VOID",), "9D", 2)],
    ids=["default-draw-again", "DEALER_DRAW_LITERAL", "DEALER_KING_VOID"],
)
def test_the_dealer_draws_a_cavallo_SALTA_EX_6_OP_1(keys, dealer_holds, stock_left):
    """D holds 2B and draws 9D, then 5C."""
    state = deal("6C 4S 7D 2B", dealer=3, keys=keys, stock="9D 5C 1B")
    state = state.apply(KEEP).apply(KEEP).apply(KEEP).apply(DRAW)
    assert str(state.cards[3]) == dealer_holds
    assert len(state.stock) == stock_left
    assert parse_cards("2B")[0] in state.out  # his old card is discarded, face up


def test_a_tie_for_lowest_SALTA_EX_7():
    """P1 3D, P2 3C, P3 7S, D 8B: everyone tied for the lowest loses (SALTA-8.2)."""
    state = deal("3D 3C 7S 8B", dealer=3)
    state = state.apply(KEEP).apply(KEEP).apply(KEEP).apply(KEEP)
    assert state.losers == (0, 1)
    assert state.lives == (2, 2, 3, 3) and state.pot == 2


@pytest.mark.parametrize(
    ("keys", "losers"),
    [((), ()), (("COMPARE_ALL",), (0, 2))],
    ids=["default-immune", "COMPARE_ALL"],
)
def test_everyone_immune_SALTA_EX_8_OP_5(keys, losers):
    """P1 9C, P2 10S, P3 9B, D 10D: every card is shown, nobody decides."""
    state = deal("9C 10S 9B 10D", dealer=3, keys=keys)
    assert state.phase == "between"  # nothing to decide: the hand resolves at once
    assert state.losers == losers


def test_elimination_and_the_pot_SALTA_EX_9():
    """Five players; P2 (seat 1) is on his last life and holds the lowest card."""
    state = deal("6C 1S 7D 5B 8S", dealer=4, lives=(3, 1, 3, 3, 3))
    assert state.pot == 2
    state = state.apply(KEEP).apply(KEEP).apply(KEEP).apply(KEEP).apply(KEEP)
    assert state.losers == (1,) and state.lives[1] == 0 and state.pot == 3  # SALTA-2.3
    state = state.apply(NEXT)
    assert state.cards[1] is None and len(state.hand_seats()) == 4
    order = state.hand_seats()
    assert order[(order.index(0) + 1) % 4] == 2  # P1's right neighbour is now P3


def test_a_void_hand_SALTA_EX_10():
    """Only A (seat 0) and B (seat 2, the dealer) are alive, with one life each; both hold a 4."""
    state = deal("4C - 4S", dealer=2, lives=(1, 0, 1))
    state = state.apply(KEEP).apply(KEEP)
    assert state.void and state.losers == () and state.lives == (1, 0, 1)  # SALTA-8.3
    assert state.apply(NEXT).dealer == 0  # the next dealer is A


@pytest.mark.parametrize(("giver_lives", "giver_after", "giver_dead"), [(2, 1, False), (1, 0, True)])
def test_the_naples_revival_SALTA_EX_11(giver_lives, giver_after, giver_dead):
    """C (seat 2) is dead; A (seat 0) revives him with one of his own coins (SALTA-9.2)."""
    state = deal("8C 5S - 7B", dealer=3, lives=(giver_lives, 3, 0, 3))
    state = state.apply(KEEP).apply(KEEP).apply(KEEP)
    assert revive(2, 0) in state.legal_actions()
    state = state.apply(revive(2, 0))
    assert state.lives[0] == giver_after and state.lives[2] == 1
    assert (state.lives[0] == 0) is giver_dead
    state = state.apply(NEXT)
    assert state.cards[2] is not None  # dealt in again, at his own seat


def test_two_players_and_the_final_pot_SALTA_EX_12():
    """Five players started with 3 coins each; A (2 lives) and B (1 life, dealer) remain."""
    state = deal("7C 2S - - -", dealer=1, lives=(2, 1, 0, 0, 0))
    assert state.pot == 12
    state = state.apply(KEEP).apply(KEEP)
    assert state.losers == (1,) and state.pot == 13
    assert state.is_over and state.winners == (0,) and state.lives[0] == 2  # SALTA-11.1
    with pytest.raises(IllegalAction, match="SALTA-11.1"):
        state.apply(NEXT)


def test_the_two_player_exchange_SALTA_EX_13():
    """A (seat 0, next(D)) holds 2C, B (seat 2, dealer) 5D; seat 1 is dead."""
    state = deal("2C - 5D", dealer=2, lives=(3, 0, 3), stock="7S 3B")
    state = state.apply(SWAP)
    assert held(state) == ["5D", "-", "2C"]  # SALTA-11.2: the non-dealer may swap with the dealer
    state = state.apply(DRAW)
    assert str(state.cards[2]) == "7S"
    assert state.losers == (0,)


@pytest.mark.parametrize(
    ("keys", "pack", "dealer"),
    [
        ((), "5C 6S 4D 7B 1D 2C", 0),
        (("FIRST_DEALER_10D",), "5C 6S 4D 7B 1D 2C 3C 10D", 3),
    ],
    ids=["second-denari", "FIRST_DEALER_10D"],
)
def test_choosing_the_first_dealer_SALTA_EX_14_OP_11(keys, pack, dealer):
    """Four players: P3 (seat 2) gets 4D, the first Denari; P1 (seat 0) gets 1D, the second."""
    chosen, shown = first_dealer_from(Rules.with_keys(4, *keys), parse_cards(pack))
    assert chosen == dealer
    assert shown[-1][0] == dealer
