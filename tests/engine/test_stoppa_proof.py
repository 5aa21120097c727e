"""Stoppata decisions proven over every way the hidden cards can lie (neapolitan.stoppa.proof): the
ways by ranks, weighted, against every deal of the actual cards; each play's value against every
deal played out through the engine's own state; and decisions whose answer a rule makes plain."""
import itertools
import math
from dataclasses import replace
from fractions import Fraction

import pytest

from neapolitan.stoppa import Rules, position
from neapolitan.stoppa.proof import hidden_ways, prove
from neapolitan.stoppa.puzzles import move_answer, run_after, stoppata_puzzle_from
from neapolitan.stoppa.search import Solver, action_for, solve
from tests.engine.test_stoppa_search import plain_search

RULES = Rules(players=4)


def every_deal(state):
    """Every deal of the cards the player to act has not seen to the other hands (each hand's
    cards as a set), as whole states."""
    seat = state.to_act
    view = state.view(seat)
    others = [s for s in range(state.players) if s != seat]
    known = {s: view.known_in_hand(s) for s in others}
    room = [len(state.hands[s]) - len(known[s]) for s in others]
    unknown = view.unknown()

    def share(i, pool, hands):
        if i == len(others):
            yield replace(state, hands=tuple(hands))
            return
        for combo in itertools.combinations(pool, room[i]):
            rest = [c for c in pool if c not in combo]
            placed = list(hands)
            placed[others[i]] = known[others[i]] + combo
            yield from share(i + 1, rest, placed)

    yield from share(0, unknown, list(state.hands))


def value_by_every_deal(state, move, search):
    """A play's average result over every deal, each deal played through the engine's state."""
    seat = state.to_act
    total = count = 0
    for world in every_deal(state):
        after = world.apply(action_for(move, world.hands[seat]))
        total += after.net()[seat] if after.is_over else search(after)[seat]
        count += 1
    return Fraction(total, count), count


# Positions whose answer a rule makes plain (seat 0 to play, the dealer last; the rest of the pack
# is on the table already).
RULED = [
    # STOPPA-9.13: lay both Aces, and the odd card left is not paid for when someone goes out.
    ("STOPPA-9.13", ["1D 1C 4D", "2D 3D", "2C 3C", "5D"], "", 0, "aces 2"),
    # STOPPA-9.7 (b), 9.14: the King closes at once, the same player starts again and goes out in
    # his first turn.
    ("STOPPA-9.7", ["10D 3C 4C", "5D 6D", "5C", "6C 7C"], "", 0, "lay 10"),
    # STOPPA-9.3: with every King gone the Cavallo closes.
    ("STOPPA-9.3", ["9D 2C 3C", "4D 5D", "4C", "5C 6C"], "10D 10C 10S 10B", 0, "lay 9"),
]


@pytest.mark.parametrize(("rule", "hands", "played", "top", "answer"), RULED)
def test_decisions_a_rule_makes_plain(rule, hands, played, top, answer):
    state = position(RULES, hands, phase="III", played=played, top=top)
    spec = stoppata_puzzle_from(state)
    assert spec is not None and spec.solution == answer, rule
    assert spec.verdicts[1].loss >= 0.5 and spec.share >= 0.7


def test_aces_go_with_the_two_STOPPA_9_9():
    """The sequence tops at an Ace: laying the other Ace with the Two sheds one more card, and here
    goes out (STOPPA-9.9)."""
    hands = ["4D 5D", "1B 2C 3D", "4C", "6C 7C"]
    state = position(RULES, hands, phase="III", played="1S", turn=1, top=1)
    spec = stoppata_puzzle_from(state)
    assert spec is not None and spec.solution == "aces 1 and 2"
    assert {v.answer for v in spec.verdicts} == {"lay 2", "aces 1 and 2"}
    assert "go_out" in spec.themes


@pytest.mark.parametrize(("rule", "hands", "played", "top", "answer"), RULED)
def test_each_play_s_value_is_every_deal_played_through_the_engine(rule, hands, played, top, answer):
    """Every deal of the actual cards (suits and all), each played out by a plain max-n search of
    the engine's own states, against the proof's ways by ranks."""
    state = position(RULES, hands, phase="III", played=played, top=top)
    proof = prove(state.view(0))
    for move in proof.moves:
        value, deals = value_by_every_deal(state, move, lambda s: plain_search(s, Solver(RULES)))
        assert proof.values[move] == value, (rule, move)
        assert proof.deals == deals


def test_a_bigger_position_every_deal_solved_through_the_engine():
    """Seven cards unseen in three hands, every deal solved from the engine's whole state."""
    hands = ["1D 2C 5S 9D", "2D 3C", "4S 5C 8D", "3S 6S"]
    state = position(RULES, hands, phase="III")
    proof = prove(state.view(0))
    assert proof.deals == math.factorial(7) // (2 * 6 * 2) and proof.hidden == 7
    for move in proof.moves:
        value, _ = value_by_every_deal(state, move, lambda s: solve(s).chips)
        assert proof.values[move] == value, move


def test_the_ways_by_ranks_add_up_to_every_deal_of_the_cards():
    hands = ["1D 2C 5S 7B 9D", "2D 3C 2B 6B", "4S 5C 8D", "3S 6S 10C"]
    state = position(RULES, hands, phase="III")
    view = state.view(0)
    ways = list(hidden_ways(view))
    deals = sum(1 for _ in every_deal(state))
    assert sum(w for _, w in ways) == deals == math.factorial(10) // (math.factorial(4) * 6 * 6)
    assert len({packed for packed, _ in ways}) == len(ways) < deals  # each way once; suits folded together


def test_cards_shown_at_a_showdown_stay_with_their_holder_STOPPA_6_11():
    hands = ["1D 2C 5S", "2D 3C 6B", "4S 5C 8D", "3S 6S 10C"]
    state = position(RULES, hands, phase="III")
    shown = list(state.shown)
    shown[2] = tuple(state.hands[2][:2])  # 4S and 5C were shown in Phase II
    state = replace(state, shown=tuple(shown))
    view = state.view(0)
    ways = list(hidden_ways(view))
    assert sum(w for _, w in ways) == math.comb(7, 3) * math.comb(4, 1)
    proof = prove(view)
    for move in proof.moves:
        value, _ = value_by_every_deal(state, move, lambda s: solve(s).chips)
        assert proof.values[move] == value


@pytest.mark.parametrize(("hands", "played", "top", "turn", "move", "ranks", "end"), [
    (["4D 5D 6D 9C", "7D", "8D", "10D"], "", 0, 0, ("open", 4, 0), (4, 5, 6), "passed"),  # STOPPA-9.8
    (["10D 3C", "5D", "5C", "6C"], "", 0, 0, ("open", 10, 0), (10,), "closed"),  # STOPPA-9.7 (b)
    (["3C 4C", "5D", "5C", "6C"], "", 0, 0, ("open", 3, 0), (3, 4), "out"),  # STOPPA-9.12
    (["1D 1C 2D", "3D", "3C", "4C"], "", 0, 0, ("open", 1, 1), (1,), "choice"),  # STOPPA-9.9
])
def test_the_run_a_play_leads_to(hands, played, top, turn, move, ranks, end):
    state = position(RULES, hands, phase="III", played=played, top=top, turn=turn)
    run = run_after(state, move)
    assert (run.ranks, run.end) == (ranks, end)


@pytest.mark.parametrize(("move", "answer"), [
    (("open", 7, 0), "lay 7"), (("open", 1, 3), "aces 3"), (("play", 2, 0), "lay 2"), (("play", 2, 2), "aces 2 and 2"),
])
def test_answers_name_a_play_by_its_ranks(move, answer):
    assert move_answer(move) == answer
