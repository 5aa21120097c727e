"""The stoppata search and the computer players: the exact outcome against a plain search of the
engine itself, the own-hand plan, sampled estimates, and bots that only ever play legally."""
import random

import pytest

from neapolitan.cards import DECK
from neapolitan.stoppa import Giro, Rules, deal, position
from neapolitan.stoppa.actions import PASS
from neapolitan.stoppa.bots import BOTS, Bot, read
from neapolitan.stoppa.search import Position, Solver, evaluate, move_of, plan, solve

EX9 = ["1D 1C 2D 3D 4D 9D", "5D 6D 7D 8D 2C 3C", "4C 5C 6C 7C 8C 9C",
       "1S 2S 3S 4S 5S 6S", "7S 8S 9S 1B 2B 3B", "4B 5B 6B 7B 8B 9B"]


def plain_search(state, solver):
    """Max-n over the engine's own legal actions, one action per rank move, in the solver's
    order of moves (so that equal choices are broken the same way)."""
    if state.is_over:
        return state.net()
    seat = state.to_act
    by_move = {}
    for action in state.legal_actions():
        by_move.setdefault(move_of(action, state.stoppata.top), action)
    order = solver.moves(Position.of(state))
    best = None
    for move in order:
        result = plain_search(state.apply(by_move[move]), solver)
        if best is None or result[seat] > best[seat]:
            best = result
    return best


def random_small_stoppata(seed, players=3, cards=3):
    rng = random.Random(seed)
    rules = Rules(players=players, optional_continue=seed % 3 == 0, all_aces=seed % 4 == 0,
                  di_mano="only_leader" if seed % 5 == 0 else "first_turn")
    pack = list(rules.pack())
    rng.shuffle(pack)
    hands = [pack[k * cards:(k + 1) * cards] for k in range(players)]
    return position(rules, hands, phase="III")


@pytest.mark.parametrize("seed", range(12))
def test_exact_solution_matches_a_plain_search_of_the_engine(seed):
    state = random_small_stoppata(seed)
    solution = solve(state)
    assert solution.chips == plain_search(state, Solver(state.rules))
    end = state
    for seat, action in solution.line:
        assert end.to_act == seat
        end = end.apply(action)
    assert end.is_over and end.net() == solution.chips
    assert sum(solution.chips) == 0


def test_exact_solution_of_ex9_is_the_stoppata_di_mano_STOPPA_9_14():
    state = position(Rules(players=6), EX9, phase="III")
    solution = solve(state)
    assert solution.chips == (30, -6, -6, -6, -6, -6)
    assert [str(a) for _, a in solution.line][-1] == "4D"


def test_a_whole_deal_is_solved_exactly():
    state = deal(Rules(players=6), "solve")
    while state.phase in ("I", "II"):
        state = state.apply(PASS)
    assert state.phase == "III"
    before = state.chips
    solution = solve(state)
    assert solution.nodes > 0
    end = state
    for _, action in solution.line:
        end = end.apply(action)
    assert tuple(a - b for a, b in zip(end.chips, before, strict=True)) == solution.chips


def test_plan_finds_the_order_that_goes_out_EX_9a():
    state = position(Rules(players=6), EX9, phase="III")
    own = plan(state.view(0))
    assert own.goes_out and own.shed == 6
    assert [str(a) for a in own.plays] == ["9D", "1D+1C", "2D", "3D", "4D"]


def test_plan_keeps_the_turn_as_long_as_possible():
    # P1 holds 3 4 5 and a King: 3-4-5 then the turn passes (someone else holds the 6);
    # opening with the King first closes at once and lets him run 3-4-5 afterwards.
    hands = ["3D 4D 5D 10D", "6D 7D", "8D 9D", "2D 1C"]
    state = position(Rules(), hands, phase="III", played="10C 10S 10B")
    own = plan(state.view(0))
    assert str(own.plays[0]) == "10D"
    assert own.shed == 4 and own.goes_out


def test_sampled_estimates_cover_every_legal_play():
    state = position(Rules(players=6), EX9, phase="III")
    estimates = evaluate(state.view(0), samples=3, rng=random.Random(1))
    assert {e.action for e in estimates} == set(state.legal_actions())
    best = max(estimates, key=lambda e: e.chips)
    assert best.chips == 30  # opening with 9D goes out at once, whatever the others hold


@pytest.mark.parametrize("name", ["search", "quick"])
@pytest.mark.parametrize("players", [3, 6])
def test_bots_play_a_whole_giro_legally(name, players):
    rules = Rules(players=players, cancel_claim=True, king_removal="dealer", optional_continue=players == 6)
    g = Giro.new(rules, f"bots{players}")
    bot = BOTS[name]
    actions = 0
    while not g.is_over:
        if g.deal.is_over:
            g = g.next_deal()
            continue
        seat = g.to_act
        action = bot(g.deal.view(seat), random.Random(actions))
        assert g.deal.is_legal(action)
        g = g.apply(action)
        actions += 1
    assert sum(g.chips) == 0


def test_a_bot_opens_with_the_best_punto_and_folds_the_worst():
    hands = ["7D 6D 1D", "10C 9S 8B", "3B 4S 5C", "2C 3S 4B"]
    state = position(Rules(), hands, pot=5)
    bot = Bot(samples=0, bluff=0)
    opening = bot(state.view(0), random.Random(0))
    assert opening.kind == "open" and opening.amount >= 3
    state = state.apply(opening)
    assert read(state.view(1)).win == 0
    assert bot(state.view(1), random.Random(0)).kind == "fold"


def test_the_bot_never_sees_hidden_cards():
    state = deal(Rules(), "hidden")
    view = state.view(state.to_act)
    assert not set(view.unknown()) & set(view.hand)
    assert len(view.unknown()) == len(DECK) - 3
