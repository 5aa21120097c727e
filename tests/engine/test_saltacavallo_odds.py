"""The odds of keeping, swapping and drawing, checked against brute force on reduced packs.

A reduced pack is a hand where most cards are already out of play (face up), so that every
arrangement of the cards a player cannot see can be played out with the real engine: the
players after him choosing with the engine's policy, the dealer drawing from the real stock.
"""
from __future__ import annotations

import importlib
from itertools import permutations

import pytest

from neapolitan.saltacavallo import DRAW, KEEP, SWAP, GameState, Rules, engine_choice, odds
from neapolitan.saltacavallo.odds import Policy, layout_of, policy_for
from neapolitan.sampling import hoeffding_error

odds_module = importlib.import_module("neapolitan.saltacavallo.odds")


def brute_force(state: GameState, seat: int, first: str) -> float:
    """The probability that `seat` loses a life if he plays `first` now: every arrangement of
    the cards he has not seen (consistent with what he sees) played out with the engine."""
    view = state.view(seat)
    unseen_seats = [s for s in state.hand_seats() if view.cards[s] is None]
    unseen = [state.cards[s] for s in unseen_seats] + list(state.stock)
    losses = arrangements = 0
    for order in permutations(unseen):
        hands, stock = order[:len(unseen_seats)], order[len(unseen_seats):]
        if any(c.rank >= 9 and not state.rules.show_on_demand for c in hands):
            continue  # a Re or Cavallo in a hand would be face up: not this position
        cards = list(state.cards)
        for s, c in zip(unseen_seats, hands, strict=True):
            cards[s] = c
        world = _replace(state, tuple(cards), tuple(stock))
        world = world.apply(KEEP if first == "keep" else SWAP if first == "swap" else DRAW)
        while world.phase in ("exchange", "dealer"):
            world = world.apply(engine_choice(world.view(world.to_act)))
        arrangements += 1
        losses += seat in world.losers
    return losses / arrangements


def _replace(state: GameState, cards, stock) -> GameState:
    from dataclasses import replace

    dealt = list(state.dealt)
    for s, c in enumerate(cards):
        if state.dealt[s] is not None and state.dealt[s] is state.cards[s]:
            dealt[s] = c
    return replace(state, cards=cards, dealt=tuple(dealt), stock=stock)


# (players' cards, dealer seat, stock, lives, moves before the decision)
POSITIONS = [
    ("5C 3S 7D", 2, "1B 8C 10S", None, ""),
    ("2C 6S 4D", 2, "9B 1S 7C", None, ""),
    ("4B 6C 2S 7D", 3, "1C 9S", None, ""),
    ("3B 1C 6S 5D", 3, "8S 10B", None, "swap"),  # seat 1 decides on the 3B he was given
    ("6B 9C 2S 4D", 3, "1C 3S 7B", None, ""),  # a Cavallo to jump
    ("4C 5S 3B", 0, "1D 7S", (1, 1, 1), ""),  # one life each: void hands count
    ("2D 10C 6S 5B", 3, "3C 8D", None, ""),  # a Re walls seat 0
]


@pytest.mark.parametrize(("cards", "dealer", "stock", "lives", "before"), POSITIONS)
def test_exact_odds_equal_brute_force_on_a_reduced_pack(cards, dealer, stock, lives, before):
    n = len(cards.split())
    state = GameState.from_deal(Rules(players=n), cards, dealer, stock=stock, lives=lives)
    for move in before.split():
        state = state.apply(SWAP if move == "swap" else KEEP)
    seat = state.to_act
    result = odds(state.view(seat))
    assert result is not None and result.exact and result.error == 0
    assert result.keep == pytest.approx(brute_force(state, seat, "keep"), abs=1e-9)
    if SWAP in state.legal_actions():
        assert result.change == pytest.approx(brute_force(state, seat, "swap"), abs=1e-9)
    else:
        assert result.change is None


def test_the_engine_players_decide_from_the_odds():
    for cards, dealer, stock, lives, before in POSITIONS:
        n = len(cards.split())
        state = GameState.from_deal(Rules(players=n), cards, dealer, stock=stock, lives=lives)
        for move in before.split():
            state = state.apply(SWAP if move == "swap" else KEEP)
        view = state.view(state.to_act)
        result = odds(view)
        chosen = engine_choice(view)
        assert str(chosen) == result.policy_choice == result.best


@pytest.mark.parametrize(
    ("cards", "stock", "keep", "draw"),
    [
        ("5C 6S 2D", "1B 8C 10S", 1.0, 2 / 3),  # the Ace loses; the Re is void, so he keeps his 2
        ("5C 6S 2D", "9B 1S 7C", 1.0, 1 / 2),  # the Cavallo is thrown away and drawn again
        ("5C 6S 7D", "1B 8C", 0.0, 1 / 2),  # not the lowest: keeping is safe
    ],
)
def test_dealer_odds_SALTA_7_3(cards, stock, keep, draw):
    state = GameState.from_deal(Rules(players=3), cards, 2, stock=stock)
    state = state.apply(KEEP).apply(KEEP)
    view = state.view(2)
    result = odds(view)
    assert result.change_kind == "draw" and result.exact
    assert result.keep == pytest.approx(keep) and result.change == pytest.approx(draw)
    assert result.keep == pytest.approx(brute_force(state, 2, "keep"))
    assert result.change == pytest.approx(brute_force(state, 2, "draw"))
    assert engine_choice(view) == (DRAW if draw < keep else KEEP)


def test_sampled_odds_stay_within_their_error_bound(monkeypatch):
    """With enumeration switched off the odds are sampled; the engine's players then follow the
    sampled policy, and brute force over that policy lands inside the stated bound."""
    monkeypatch.setattr(odds_module, "EXACT_WORLDS", 0)
    policy_for.cache_clear()
    try:
        state = GameState.from_deal(Rules(players=4), "4B 6C 2S 7D", 3, stock="1C 9S")
        result = odds(state.view(0))
        assert not result.exact and result.worlds == odds_module.ODDS_SAMPLES
        assert result.error == pytest.approx(hoeffding_error(odds_module.ODDS_SAMPLES))
        assert abs(result.keep - brute_force(state, 0, "keep")) <= result.error
        assert abs(result.change - brute_force(state, 0, "swap")) <= result.error
    finally:
        policy_for.cache_clear()


def test_big_tables_are_sampled_with_a_bound_and_small_ones_exact():
    small = GameState.new(Rules(players=3), "odds-small")
    big = GameState.new(Rules(players=10), "odds-big")
    for state, exact in ((small, True), (big, False)):
        while state.phase != "exchange":
            state = GameState.new(state.rules, state.seed + "x")
        result = odds(state.view(state.to_act))
        assert result.exact is exact
        assert 0 <= result.keep <= 1
        assert (result.error == 0) is exact
        assert result.error < 0.03 or exact


def test_no_odds_for_a_player_who_is_not_to_act():
    state = GameState.from_deal(Rules(players=3), "5C 3S 7D", 2)
    assert odds(state.view(1)) is None


@pytest.mark.parametrize(
    ("keys", "cards", "dealer", "stock", "lives"),
    [
        (("DEALER_DRAW_LITERAL",), "4B 6C 2S 7D", 3, "1C 9S", None),
        (("DEALER_KING_VOID",), "4B 6C 2S 7D", 3, "9C 10S", None),
        (("WRAP_PAST_DEALER",), "3B 5C 6S 9D", 3, "1C 8S", None),
        (("COMPARE_ALL",), "2B 10C 9S 5D", 3, "1C 4S", None),
        (("NO_CASCADE",), "2B 9C 9S 5D", 3, "1C 4S", None),
        (("KING_WALL_ADJACENT_ONLY",), "2B 9C 10S 5D 6C", 4, "1C", None),
        (("TIE_ELIM_SPLIT",), "4C 5S 3B", 0, "1D 7S", (1, 1, 1)),
        (("SUDDEN_DEATH_FINAL",), "4C - 3B", 2, "1D 7S 5B", (2, 0, 1)),
        (("SHOW_ON_DEMAND",), "4C 6S 3B", 2, "1D", None),
    ],
    ids=lambda v: "-".join(v) if isinstance(v, tuple) and v and isinstance(v[0], str) else None,
)
def test_exact_odds_equal_brute_force_under_every_option(keys, cards, dealer, stock, lives):
    n = len(cards.split())
    state = GameState.from_deal(Rules.with_keys(n, *keys), cards, dealer, stock=stock, lives=lives)
    seat = state.to_act
    result = odds(state.view(seat))
    assert result.keep == pytest.approx(brute_force(state, seat, "keep"), abs=1e-9)
    if SWAP in state.legal_actions():
        assert result.change == pytest.approx(brute_force(state, seat, "swap"), abs=1e-9)


@pytest.mark.parametrize("players", [4, 5])
def test_sampled_deals_give_the_face_down_hands_what_the_pack_would(players):
    """The sampler against the enumeration (SALTA-5.1): over many sampled deals, each face-down
    hand holds each rank, two hands hold the same rank, and the dealer draws each rank as often as
    the exactly weighted deals say, within a 99.9% Hoeffding bound."""
    state = GameState.new(Rules(players=players), "sampler")
    while state.phase != "exchange":
        state = GameState.new(state.rules, state.seed + "x")
    policy = Policy(layout_of(state.view(state.to_act)))
    count = 20000
    exact, sampled = policy._enumerate(), policy._sample(count)
    assert len(policy.hidden) >= 3 and len(exact) > 100

    def share(worlds, event):
        return sum(weight * event(cards, dict(draws[0])) for cards, weight, draws in worlds)

    first, second = policy.hidden[:2]
    events = [lambda cards, draws, p=p, r=r: cards[p] == r for p in policy.hidden for r in policy.ranks]
    events.append(lambda cards, draws: cards[first] == cards[second])
    events += [lambda cards, draws, r=r: draws.get(r, 0.0) for r in range(11)]
    for event in events:
        assert abs(share(sampled, event) - share(exact, event)) <= hoeffding_error(count, 0.999)
