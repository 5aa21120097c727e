"""Stoppa puzzles: see or fold, from the exact odds of the punto; the shipped set, the odds against
deals drawn at random, the page and the answer checked on the server."""
import random

import pytest
from django.urls import reverse

from neapolitan.errors import BadNotation
from neapolitan.stoppa.punto import punto
from neapolitan.stoppa.puzzles import MIN_GAP, Position, judge, verify
from tests.conftest import starter_specs
from tutorials.puzzles.models import Puzzle, PuzzleAttempt
from tutorials.puzzles.registry import PUZZLE_GAMES
from tutorials.puzzles.services import puzzles_store

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture(scope="module")
def specs():
    return starter_specs("stoppa")


def test_the_starter_set_is_verified_and_clear_cut(specs):
    assert len(specs) >= 200 and len({s.position for s in specs}) == len(specs)
    assert [s.position for s in specs if not verify(s)] == []
    for spec in specs:
        pay = Position.from_text(spec.position).to_pay
        assert spec.verdicts[1].loss >= MIN_GAP * pay - 1e-4 and spec.themes
    assert {s.solution for s in specs} == {"see", "fold"}


def test_the_exact_chance_of_winning_agrees_with_random_deals(specs):
    """Deal the rivals' three cards at random and compare puntos: a tie goes to the bettor."""
    rng = random.Random(3)
    for spec in specs[:4]:
        position = Position.from_text(spec.position)
        mine, unseen, n = punto(position.hand), position.unseen(), 6000
        wins = 0
        for _ in range(n):
            cards = rng.sample(unseen, 3 * position.rivals)
            wins += all(punto(cards[3 * i:3 * i + 3]) < mine for i in range(position.rivals))
        sd = max(spec.win * (1 - spec.win), 0.01) ** 0.5
        assert abs(wins / n - spec.win) <= 4 * sd / n ** 0.5
        see = next(v for v in spec.verdicts if v.answer == "see")
        assert see.value == pytest.approx(spec.win * (position.pot + position.to_pay) - position.to_pay, abs=1e-3)


@pytest.mark.parametrize("text", ["7D 6D | 2 | 6 | 2", "7D 6D 1D | 4 | 6 | 2", "7D 6D 1D | 2 | 1 | 2", "7D 7D 1D | 2 | 6 | 2"])
def test_bad_positions_are_refused(text):
    with pytest.raises(BadNotation):
        Position.from_text(text)


def test_judge_knows_see_and_fold_only(specs):
    assert judge(specs[0], specs[0].solution).loss == 0
    with pytest.raises(BadNotation):
        judge(specs[0], "raise")


@pytest.fixture
def stored(db, specs):
    puzzles_store(game="stoppa", specs=specs[:2])
    return list(Puzzle.objects.filter(game="stoppa").order_by("pk"))


def test_the_page_and_an_answer(client, stored):
    assert reverse("puzzle_home", args=["stoppa"]) in client.get("/stoppa/").content.decode()
    puzzle = stored[0]
    spec = PUZZLE_GAMES["stoppa"].spec(puzzle.spec)
    html = client.get(reverse("puzzle_show", args=["stoppa", puzzle.pk])).content.decode()
    assert 'name="choice" value="see"' in html and 'name="choice" value="fold"' in html
    assert all(spec.explain(v) not in html for v in spec.verdicts) and "data-answer" not in html
    url = reverse("puzzle_answer", args=["stoppa", puzzle.pk])
    refused = client.post(url, {"choice": "raise", "number": "0"}, **HTMX)
    assert refused.status_code == 400 and "see the bet, or fold" in refused.content.decode()
    response = client.post(url, {"choice": spec.solution, "number": "0"}, **HTMX)
    html = response.content.decode()
    assert response.status_code == 200 and "Right!" in html
    assert all(spec.explain(v) in html for v in spec.verdicts) and "counted" in html
    assert PuzzleAttempt.objects.get().correct
