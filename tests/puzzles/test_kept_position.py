"""A puzzle's position is drawn once and kept (tutorials.core.templatetags.memo): every learner
still gets their own attempt number, filters and CSRF token in its forms, and the position a
learner is choosing a capture in is drawn for that choice."""
from __future__ import annotations

import re

import pytest
from django.test import Client

from neapolitan.scopa import Play
from tests.puzzles.support import needs_choice, right, wrong
from tutorials.puzzles.registry import puzzle_game

pytestmark = pytest.mark.django_db


def _field(html: str, name: str) -> str:
    return re.search(rf'name="{name}" value="([^"]*)"', html)[1]


def test_each_learner_gets_their_own_attempt_number_and_filters(puzzles):
    puzzle = puzzles[0]
    url = f"/scopa/puzzles/{puzzle.pk}/"
    first, second = Client(), Client()
    assert _field(first.get(url).content.decode(), "number") == "0"
    first.get(url)
    assert first.post(url + "answer", wrong(puzzle)).status_code in (200, 302)
    assert _field(first.get(url).content.decode(), "number") == "1"
    fresh = second.get(url + "?theme=settebello").content.decode()
    assert _field(fresh, "number") == "0"
    assert "theme=settebello" in re.search(r'hx-post="([^"]+)"', fresh)[1]
    assert "theme=settebello" not in re.search(r'hx-post="([^"]+)"', first.get(url).content.decode())[1]


def test_the_kept_forms_token_works_for_each_learner(puzzles):
    puzzle = puzzles[0]
    url = f"/scopa/puzzles/{puzzle.pk}/"
    for _ in range(2):
        client = Client(enforce_csrf_checks=True)
        page = client.get(url).content.decode()
        form = re.search(r'<form[^>]*hx-target="#puzzle".*?</form>', page, re.S)[0]  # in the kept position
        token = _field(form, "csrfmiddlewaretoken")
        response = client.post(url + "answer", {**right(puzzle), "csrfmiddlewaretoken": token})
        assert response.status_code == 302 and "result=0" in response["Location"]


def test_choosing_a_capture_draws_the_choice(puzzles):
    info = puzzle_game("scopa")
    puzzle = next(p for p in puzzles if needs_choice(info.spec(p.spec)))
    url = f"/scopa/puzzles/{puzzle.pk}/"
    card = str(Play.parse(puzzle.solution).card)
    client = Client()
    for _ in range(2):  # drawn, then kept: the same either way
        plain = client.get(url).content.decode()
        assert "card-button--selected" not in plain and "slot--capturable" not in plain
        choosing = client.get(url + f"?choose={card}").content.decode()
        assert re.search(rf'card-button--selected" data-card="{card}"', choosing)
        assert "slot--capturable" in choosing  # the felt shows what the chosen card can take


def test_the_kept_heading_tells_each_learner_their_own_standing(puzzles):
    """The heading is kept too, with the learner's standing in its keys: the note "answered before"
    goes to the learner who did, and not to the next one."""
    puzzle = puzzles[0]
    url = f"/scopa/puzzles/{puzzle.pk}/"
    before = "You have answered this puzzle before"
    answered, fresh = Client(), Client()
    answered.get(url)
    answered.post(url + "answer", wrong(puzzle))
    for _ in range(2):
        assert before in answered.get(url).content.decode()
        assert before not in fresh.get(url).content.decode()


def test_an_answer_leaves_the_felt_on_the_page_and_the_page_without_htmx_draws_it(puzzles):
    """The felt (seats, table, piles) does not change with the answer: htmx's answer sends an empty
    stand-in that keeps the page's own (hx-preserve); the page drawn afresh has it whole."""
    puzzle = puzzles[0]
    url = f"/scopa/puzzles/{puzzle.pk}/"
    client = Client()
    shown = client.get(url).content.decode()
    felt = re.search(r'<div id="puzzle-felt" class="felt puzzle-felt">.*?data-testid="table-cards"', shown, re.S)
    assert felt and 'hx-preserve' not in felt[0]
    answered = client.post(url + "answer", wrong(puzzle), HTTP_HX_REQUEST="true").content.decode()
    assert '<div id="puzzle-felt" class="felt puzzle-felt" hx-preserve="true"></div>' in answered
    assert 'data-testid="table-cards"' not in answered and 'data-testid="result"' in answered
    assert "puzzle--answered" in answered
    again = client.get(url + "?result=0").content.decode()  # the same answer's page, without htmx
    assert 'data-testid="table-cards"' in again and "hx-preserve" not in again and "puzzle--answered" in again
