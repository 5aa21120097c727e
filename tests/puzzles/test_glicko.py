"""Glicko-2 against the worked example of Glickman's "Example of the Glicko-2 system" (2012)."""
import math

import pytest

from tutorials.puzzles import glicko
from tutorials.puzzles.glicko import Rating, combine, expected_score, g, rate

PLAYER = Rating(1500, 200, 0.06)
OPPONENTS = [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)]


@pytest.mark.parametrize(("opponent", "g_value", "e_value"), [
    (Rating(1400, 30), 0.9955, 0.639),
    (Rating(1550, 100), 0.9531, 0.432),
    (Rating(1700, 300), 0.7242, 0.303),
])
def test_g_and_expected_score_of_the_worked_example(opponent, g_value, e_value):
    assert g(opponent.phi) == pytest.approx(g_value, abs=1e-4)
    assert expected_score(PLAYER, opponent) == pytest.approx(e_value, abs=1e-3)


def test_the_worked_example_step_by_step():
    after = rate(PLAYER, OPPONENTS, tau=0.5, clamp=False)
    assert after.volatility == pytest.approx(0.05999, abs=1e-5)
    assert after.mu == pytest.approx(-0.2069, abs=1e-4)
    assert after.phi == pytest.approx(0.8722, abs=1e-4)
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.rd == pytest.approx(151.52, abs=0.01)


def test_a_period_without_games_only_widens_the_deviation():
    after = rate(PLAYER, [], clamp=False)
    assert after.rating == PLAYER.rating
    assert after.rd == pytest.approx(math.sqrt((200 / glicko.SCALE) ** 2 + 0.06 ** 2) * glicko.SCALE)


def test_a_win_raises_and_a_loss_lowers_by_the_same_amount_between_equals():
    win = rate(Rating(), [(Rating(), 1.0)])
    loss = rate(Rating(), [(Rating(), 0.0)])
    assert win.rating - 1500 == pytest.approx(1500 - loss.rating)
    assert win.rating > 1500 > loss.rating and win.rd < 350


def test_the_deviation_is_clamped_for_the_site():
    sure = Rating(1500, 46, 0.06)
    for _ in range(30):
        sure = rate(sure, [(Rating(1500, 50), 1.0)])
    assert sure.rd >= glicko.MIN_RD
    assert rate(Rating(1500, 350), []).rd == glicko.MAX_RD


def test_combining_with_a_fresh_rating_changes_nothing():
    known = Rating(1650, 90, 0.059)
    assert combine(known, Rating()) == known
    assert combine(Rating(), known) == known


def test_combining_two_estimates_is_symmetric_and_surer():
    a, b = Rating(1600, 100), Rating(1400, 100)
    both = combine(a, b)
    assert both == combine(b, a)
    assert both.rating == pytest.approx(1500, abs=1e-6)
    assert both.rd < 100
    lopsided = combine(Rating(1600, 60), Rating(1400, 200))
    assert 1500 < lopsided.rating < 1600  # the surer estimate weighs more
