"""The Scopa table's coach (neapolitan.scopa.coach): it reads the learner's view only (positions
that look the same to him get the same advice, whatever the hidden cards), values every legal
play within the Thoughtful player's budget of work, and says why in a puzzle verdict's words."""
import random

import pytest

from neapolitan.scopa import Play, Rules, deal
from neapolitan.scopa.coach import advise, coach_budget
from neapolitan.scopa.puzzles import _in_words
from neapolitan.scopa.search import solve
from neapolitan.scopa.state import PlayerView
from neapolitan.scopa.thinking import Budget

TABLES = [("SCOPA_2P", 2), ("SCOPONE_SCIENTIFICO", 4), ("SCOPA_3P", 3), ("QUINDICI", 2)]


def played(variant: str, players: int, seed: int, plays: int):
    """A position of a hand played at random for `plays` plays (fewer if the hand ends first)."""
    state = deal(Rules(variant, players=players), f"coach:{seed}")
    rng = random.Random(seed)
    for _ in range(plays):
        if state.cards_left_to_play() <= 1:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def slack(budget: Budget, plays: int) -> int:
    """How far past its node budget a search may go: the last batch of worlds (or the worlds it
    must search however short of budget), each play judged where its search was cut short."""
    return max(budget.sure_after, budget.min_worlds) * (plays + 2)


@pytest.mark.parametrize(("variant", "players"), TABLES)
@pytest.mark.parametrize("plays", [0, 5, 13])
def test_two_positions_that_look_the_same_get_the_same_advice(variant, players, plays):
    state = played(variant, players, plays, plays)
    seat = state.to_move
    view = state.view(seat)
    other = view.sample_state(random.Random("other hidden cards"))  # the hidden cards dealt anew
    assert other.view(seat) == view
    if view.unseen() and len(view.unseen()) > max(view.hand_sizes):
        assert other.to_text() != state.to_text()  # the hidden cards lie elsewhere
    assert advise(other.view(seat)) == advise(view)


def test_the_order_of_the_hand_is_not_news():
    state = played("SCOPA_2P", 2, 3, 4)
    view = state.view(state.to_move)
    shuffled = PlayerView(
        rules=view.rules, seat=view.seat, hand=tuple(reversed(view.hand)), table=view.table, piles=view.piles,
        scope=view.scope, bonus=view.bonus, hand_sizes=view.hand_sizes, stock_size=view.stock_size,
        to_move=view.to_move, dealer=view.dealer, last_capturer=view.last_capturer,
        last_was_scopa=view.last_was_scopa)
    assert advise(shuffled) == advise(view)


@pytest.mark.parametrize(("variant", "players"), TABLES)
@pytest.mark.parametrize("plays", [1, 8, 20])
def test_every_legal_play_is_valued_within_the_coachs_budget(variant, players, plays):
    state = played(variant, players, 100 + plays, plays)
    view = state.view(state.to_move)
    legal = view.legal_actions()
    advice = advise(view)
    assert sorted(v.answer for v in advice.verdicts) == sorted(str(p) for p in legal)
    assert set(advice.errors) == {str(p) for p in legal}
    values = [v.value for v in advice.verdicts]
    assert values == sorted(values, reverse=True)  # best first
    assert all(v.loss == pytest.approx(values[0] - v.value, abs=2e-3) for v in advice.verdicts)
    budget = coach_budget(view.rules)  # the Thoughtful player's
    assert advice.nodes <= budget.nodes + slack(budget, len(legal))
    assert 1 <= advice.worlds <= budget.worlds
    assert list(advice.unseen) == sorted(view.unseen(), key=lambda c: c.index)


@pytest.mark.parametrize(("variant", "players"), TABLES)
def test_a_small_budget_is_kept_and_still_values_every_play(variant, players):
    view = (state := played(variant, players, 7, 2)).view(state.to_move)
    small = Budget(nodes=300, worlds=8, min_worlds=2, sure_after=4, together=players == 2)
    advice = advise(view, small)
    assert advice.nodes <= small.nodes + slack(small, len(view.legal_actions()))
    assert {v.answer for v in advice.verdicts} == {str(p) for p in view.legal_actions()}


def test_the_best_play_is_explained_as_a_puzzle_verdict_explains_it():
    """The same sentences as a puzzle verdict: what the play takes, then why it is best (naming
    the next best play) or what it gives away."""
    state = played("SCOPA_2P", 2, 11, 6)
    view = state.view(state.to_move)
    advice = advise(view)
    best, second = advice.verdicts[0], advice.verdicts[1]
    named = _in_words(Play.parse(second.answer))
    words = advice.explain(best)
    assert f"the next best, {named}" in words
    assert "This is the best play" in words and "of the deals of the cards you have not seen" in words
    for verdict in advice.verdicts[1:]:
        words = advice.explain(verdict)
        assert "against the best play" in words or "as good as the best play" in words


def last_deal_positions(count: int):
    """Two-player positions of the last deal, the opponent holding every card still out."""
    found = []
    for seed in range(200):
        state = deal(Rules("SCOPA_2P"), f"known:{seed}")
        rng = random.Random(seed)
        while state.stock or state.cards_left_to_play() > 6:
            state = state.apply(rng.choice(state.legal_actions()))
        if len(state.legal_actions()) > 1 and state.cards_left_to_play() > 2:
            found.append(state)
        if len(found) == count:
            return found
    raise AssertionError("too few last-deal positions")


@pytest.mark.parametrize("state", last_deal_positions(8))
def test_with_every_card_known_the_values_are_the_exact_solvers(state):
    """The last deal of two players, the opponent holding exactly the cards still out: nothing is
    dealt at random, and the values agree with the exact solver (a different search)."""
    view = state.view(state.to_move)
    advice = advise(view)
    assert advice.known and advice.worlds == 1
    exact = solve(state)
    assert {v.answer: v.value for v in advice.verdicts} == {str(p): float(v) for p, v in exact.items()}
    assert "deals" not in " ".join(advice.explain(v) for v in advice.verdicts)


def test_one_legal_play_is_said_to_be_the_only_one():
    for seed in range(300):
        state = played("SCOPA_2P", 2, seed, 35)
        if not state.is_over and len(state.legal_actions()) == 1:
            break
    else:
        pytest.fail("no position with a single legal play")
    advice = advise(state.view(state.to_move))
    assert len(advice.verdicts) == 1 and advice.explain(advice.best).endswith("It is the only play you can make.")


def test_the_coach_is_only_for_the_player_to_move():
    state = played("SCOPA_2P", 2, 5, 3)
    with pytest.raises(ValueError, match="not this player's turn"):
        advise(state.view(1 - state.to_move))


@pytest.mark.parametrize(("variant", "players"), TABLES)
@pytest.mark.parametrize("plays", [0, 9])
def test_the_coach_values_the_plays_as_the_thoughtful_player_would(variant, players, plays):
    """At every table, four players too, the coach thinks with the Thoughtful player's budget: its
    values are that player's analysis of the same view, seed, reading of the others' plays and
    judgement of a world's positions."""
    from neapolitan.scopa.bots import THOUGHTFUL, THOUGHTFUL_PLAYER, budget_for
    from neapolitan.scopa.coach import SEED, _canonical
    from neapolitan.scopa.thinking import think

    state = played(variant, players, 40 + plays, plays)
    view = _canonical(state.view(state.to_move))
    budget = budget_for(THOUGHTFUL, view.rules)
    analysis = think(view, budget, THOUGHTFUL_PLAYER.leaf(view.rules), SEED, THOUGHTFUL_PLAYER.belief(view))
    advice = advise(view)
    assert coach_budget(view.rules) == budget
    assert (advice.nodes, advice.worlds) == (analysis.nodes, analysis.samples)
    assert {v.answer: v.value for v in advice.verdicts} == {str(p): round(x, 3) for p, x in analysis.values.items()}
