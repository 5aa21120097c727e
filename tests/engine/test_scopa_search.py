"""The solver, determinization, puzzles and the arena: checked against brute force and by hand."""
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from neapolitan.errors import BadNotation, IllegalAction
from neapolitan.scopa import Play, PlayerView, Rules, deal
from neapolitan.scopa.arena import confidence_interval, make_bot, paired_difference, paired_margins
from neapolitan.scopa.arena import main as arena_main
from neapolitan.scopa.bots import THOUGHTFUL
from neapolitan.scopa.puzzles import PuzzleSpec, generate, judge, verify
from neapolitan.scopa.search import Solver, _ordered, analyse, margin, solve
from tests.engine._support import position

VARIANTS = [("SCOPA_2P", 2), ("SCOPA_3P", 3), ("SCOPONE_SCIENTIFICO", 4), ("QUINDICI", 2), ("ASSI", 2)]


def brute_force(state, side):
    """Plain minimax over HandState.apply: no pruning, no table."""
    if state.is_over:
        return margin(state, side)
    values = [brute_force(state.apply(p), side) for p in state.legal_actions()]
    return max(values) if state.rules.seat_sides[state.to_move] == side else min(values)


def endgame(variant: str, players: int, seed: int, cards_left: int):
    rules = Rules(variant, players=players)
    state = deal(rules, f"endgame:{seed}")
    rng = random.Random(seed)
    while state.cards_left_to_play() > cards_left:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), variant=st.sampled_from(VARIANTS), left=st.integers(2, 7))
def test_the_solver_agrees_with_brute_force_on_small_endgames(seed, variant, left):
    state = endgame(*variant, seed, left)
    side = state.rules.seat_sides[state.to_move]
    exact = solve(state)
    assert exact == {p: brute_force(state.apply(p), side) for p in state.legal_actions()}


@pytest.mark.parametrize(("hand", "table", "first"), [
    ("7D 9C", "7S 2B", ["9Cx7S+2B", "7Dx7S"]),  # the sweep before the settebello's capture
    ("7D 9C 1S", "", ["1S", "9C", "7D"]),  # nothing to sweep: low cards laid first
    ("5C 4S", "1D 3B 5B", ["4Sx1D+3B", "5Cx5B"]),  # no sweep: the bigger capture first
])
def test_the_search_tries_sweeps_first_then_the_most_promising_plays_here(hand, table, first):
    assert [str(p) for p in _ordered(position(hand=hand, table=table), None)] == first


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), variant=st.sampled_from([*VARIANTS, ("SCOPONE", 4), ("QUINDICI", 3)]))
def test_the_search_tries_sweeps_first_then_the_most_promising_plays(seed, variant):
    """Move ordering, as it was first written (a sweep's promise raised by 100, then sorted
    keeping the legal order among equals), in every position of a randomly played hand."""
    rules = Rules(variant[0], players=variant[1])
    rng = random.Random(seed)
    state = deal(rules, seed, dealer=rng.randrange(rules.players))
    while not state.is_over:
        plays = state.legal_actions()
        size = len(state.table)
        assert _ordered(state, None) == sorted(
            plays, key=lambda p: p.promise + (100 if len(p.captured) == size else 0), reverse=True)
        state = state.apply(rng.choice(plays))


def test_a_scopa_is_worth_exactly_one_point_here_SCOPA_6_1():
    """Last deal. You: 5B 9S. Table: 2C 3D. Opponent: 1S.
    5B takes 2C+3D and sweeps; or 9S first, and 5B takes 2C+3D at the end with no sweep.
    Either way you take the same five cards (leftovers go to you, SCOPA-7.1): only the scopa differs."""
    state = position(table="2C 3D", hand="5B 9S", last=True, others=("1S",))
    values = solve(state)
    sweep, trail = Play.parse("5Bx2C+3D"), Play.parse("9S")
    assert set(values) == {sweep, trail}
    assert values[sweep] - values[trail] == 1


def test_the_last_play_never_sweeps_SCOPA_6_2():
    """Last card of the hand: You: 5B. Table: 2C 3D. Taking both is no scopa."""
    state = position(table="2C 3D", hand="5B", last=True)
    (value,) = solve(state).values()
    after = state.apply(Play.parse("5Bx2C+3D"))
    assert after.is_over and after.scope == state.scope
    assert value == margin(after, 0)


def test_the_solver_reuses_its_table_and_counts_nodes():
    state = endgame("SCOPA_2P", 2, 7, 10)
    solver = Solver(state.rules.seat_sides[state.to_move])
    first = solver.play_values(state)
    nodes = solver.nodes
    assert solver.play_values(state) == first
    assert solver.nodes - nodes < nodes  # the second time the table answers most positions


def test_analyse_is_exact_when_every_card_is_known():
    state = endgame("SCOPA_2P", 2, 3, 5)
    view = state.view(state.to_move)
    assert view.stock_size == 0
    analysis = analyse(view)
    assert analysis.exact and analysis.samples == 1
    assert analysis.values == {p: float(v) for p, v in solve(state).items()}
    assert analysis.confidence() == 1.0


def test_analyse_with_hidden_cards_is_reproducible_and_never_peeks():
    state = deal(Rules(), "peek")
    view = state.view(state.to_move)
    once, twice = analyse(view, 6, seed=1), analyse(view, 6, seed=1)
    assert once.values == twice.values and not once.exact
    # The same view over a different deal of the hidden cards gives the same analysis.
    other = view.sample_state(random.Random(99))
    assert analyse(other.view(other.to_move), 6, seed=1).values == once.values
    assert 0.0 <= once.confidence() <= 1.0
    assert set(once.values) == set(view.legal_actions())


@pytest.mark.parametrize("name", ["search-v1:4", "think:3000:8", "search", "greedy"])
def test_the_arena_s_players_play_a_whole_hand_legally(name):
    bot = make_bot(name)
    state = deal(Rules(), "bot")
    while not state.is_over:
        play = bot(state.view(state.to_move))
        assert play in state.legal_actions()
        state = state.apply(play)


# -- puzzles ------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def puzzles():
    return list(generate(Rules(), "tests", 4))


def test_generated_puzzles_have_one_clearly_best_play(puzzles):
    assert len(puzzles) == 4
    for spec in puzzles:
        values = [v.value for v in spec.verdicts]
        assert values == sorted(values, reverse=True)
        assert values[0] - values[1] >= 1.0
        assert spec.solution == spec.verdicts[0].answer and spec.verdicts[0].loss == 0
        view = spec.view()
        assert {str(p) for p in view.legal_actions()} == {v.answer for v in spec.verdicts}
        assert verify(spec)
        assert PuzzleSpec.from_dict(spec.to_dict()) == spec


def test_judge_gives_the_verdict_or_the_rule_broken(puzzles):
    spec = puzzles[0]
    assert judge(spec, spec.solution).loss == 0
    view = PlayerView.from_text(spec.position, spec.rules())
    elsewhere = next(c for c in view.unseen())
    with pytest.raises(IllegalAction, match="not in your hand"):
        judge(spec, str(elsewhere))
    with pytest.raises(BadNotation):
        judge(spec, "11X")


def test_a_tampered_puzzle_fails_verification(puzzles):
    spec = puzzles[0]
    swapped = PuzzleSpec.from_dict({**spec.to_dict(), "solution": spec.verdicts[1].answer})
    assert not verify(swapped)


# -- the arena ----------------------------------------------------------------------------------
def test_confidence_interval_by_hand():
    mean, low, high = confidence_interval([1.0, 3.0, 2.0, 2.0])
    assert mean == 2.0
    assert low == pytest.approx(2.0 - 1.96 * (2 / 3) ** 0.5 / 2)
    assert high == pytest.approx(2.0 + 1.96 * (2 / 3) ** 0.5 / 2)


def test_paired_deals_cancel_the_luck_of_the_cards():
    """The same bot on both sides of every paired deal: exactly zero, deal by deal."""
    greedy = make_bot("greedy")
    assert paired_margins(greedy, greedy, 6, "pairs") == [0.0] * 6


@pytest.mark.parametrize(("name", "budget", "reads"), [
    ("search+nodes=500+to_end_from=12", {"nodes": 500, "to_end_from": 12, "worlds": 128}, True),
    ("search-v2+worlds=16", {"worlds": 16, "nodes": 70_000}, False),
    ("reads:greedy:5:0.1+sure=0", {"sure": 0.0}, True),
])
def test_a_budget_changed_by_name(name, budget, reads):
    """`search+FIELD=VALUE...`: the thoughtful player with those fields of its two-player budgets
    changed, reading the opponent and judging a world's positions as the base player does; other
    table sizes keep theirs."""
    bot = make_bot(name)
    for field, value in budget.items():
        assert getattr(bot.budgets[2], field) == value
    assert bot.budgets[4] == THOUGHTFUL[4]
    assert bool(bot.readers) == reads
    assert bot.judges_worlds == reads  # (search-v2 judged the public facts only)


def test_a_budget_for_another_table_size_changed_by_name():
    """`+players=N`: the fields change the budget for N players; the others keep theirs."""
    bot = make_bot("search+players=4+deepen_from=16+usual=100")
    assert (bot.budgets[4].deepen_from, bot.budgets[4].usual, bot.budgets[4].nodes) == (16, 100, THOUGHTFUL[4].nodes)
    assert bot.budgets[2] == THOUGHTFUL[2] and bot.budgets[3] == THOUGHTFUL[3]


def test_the_arena_writes_the_margins_and_pairs_them_with_another_run(tmp_path, capsys):
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    arena_main(["greedy", "search-v1:2", "--deals", "2", "--seed", "t", "--margins", str(first)])
    arena_main(["greedy", "search-v1:2", "--deals", "2", "--seed", "t", "--margins", str(second),
                "--against", str(first)])
    assert json.loads(first.read_text()) == json.loads(second.read_text()) != [0.0, 0.0]
    assert "paired deal by deal on the first 2 deals: +0.000" in capsys.readouterr().out
    assert paired_difference([1.0, 2.0, 3.0], [0.5, 2.0]) == [0.5, 0.0]


def test_the_arena_on_two_cores_keeps_the_deals_in_order(tmp_path):
    """Shares played in two processes come back as they finish; the margins are written deal by deal."""
    one, two = tmp_path / "one.json", tmp_path / "two.json"
    arena_main(["greedy", "search-v1:2", "--deals", "3", "--seed", "j", "--margins", str(one)])
    arena_main(["greedy", "search-v1:2", "--deals", "3", "--seed", "j", "--jobs", "2", "--margins", str(two)])
    assert json.loads(two.read_text()) == json.loads(one.read_text())
    assert len(json.loads(one.read_text())) == 3



@pytest.mark.parametrize("jobs", ["1", "2"])
def test_the_arena_goes_on_where_another_run_stopped(tmp_path, capsys, jobs):
    """`--start N`: deals N onward of the seed, the margins those deals have in a run from 0."""
    whole, rest = tmp_path / "whole.json", tmp_path / "rest.json"
    arena_main(["greedy", "search-v1:2", "--deals", "3", "--seed", "j", "--margins", str(whole)])
    arena_main(["greedy", "search-v1:2", "--deals", "2", "--start", "1", "--seed", "j", "--jobs", jobs,
                "--margins", str(rest)])
    assert json.loads(rest.read_text()) == json.loads(whole.read_text())[1:]
    assert "deals 1 to 2 of seed j" in capsys.readouterr().out

@pytest.mark.parametrize("name", ["oracle", "search:4", "think:many:8", "search-v1:x", "search+bogus=1"])
def test_unknown_bot_is_refused(name):
    with pytest.raises(SystemExit, match="Unknown bot"):
        make_bot(name)
