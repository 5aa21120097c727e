"""A learner solves puzzles in the browser: picks the card, chooses the capture, sees every option."""
import re

import pytest
from playwright.sync_api import expect

from tests.conftest import starter_specs
from tests.e2e.axe import assert_accessible
from tests.e2e.support import answer_puzzle
from tests.puzzles.support import needs_choice
from tutorials.puzzles.files import read_specs, shipped_files
from tutorials.puzzles.models import Puzzle
from tutorials.puzzles.services import puzzles_store

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def _store_puzzles() -> Puzzle:
    """A few shipped puzzles; returns one whose answer needs a choice of capture."""
    specs = list(read_specs(shipped_files()[0]))
    choice = next(s for s in specs if needs_choice(s))
    specs = [s for s in specs if s is not choice]
    puzzles_store(game="scopa", specs=[*specs[:7], choice])
    # Rated far away, so that "next puzzle" (near the learner's rating) never picks it first.
    Puzzle.objects.filter(position=choice.position).update(rating=2200)
    return Puzzle.objects.get(position=choice.position)


def test_solve_puzzles_by_clicking(page):
    choice = _store_puzzles()
    page.goto("/scopa/")
    page.get_by_role("link", name=re.compile("Puzzles")).click()
    page.get_by_test_id("start").click()
    page.wait_for_url(re.compile(r"/scopa/puzzles/\d+/$"))
    first = Puzzle.objects.get(pk=int(page.url.rstrip("/").split("/")[-1]))
    assert page.locator("[data-testid=result]").count() == 0
    felt = page.inner_html("#puzzle-felt")

    answer_puzzle(page, first)
    assert "Right!" in page.inner_text("[data-testid=verdict]")
    # the answer's response leaves the felt on the page as it was (not sent again), once
    assert page.locator("#puzzle-felt").count() == 1 and page.inner_html("#puzzle-felt") == felt
    assert re.search(r"1500 → \d+ \(\+\d+\)", page.inner_text("[data-testid=rating-change]"))
    items = page.locator("[data-testid=verdicts] li")
    assert items.count() == len(first.spec["verdicts"])
    assert items.first.get_attribute("data-answer") == first.solution
    assert "verdicts__item--chosen" in items.first.get_attribute("class")
    assert_accessible(page)  # the answered puzzle, every option's verdict shown

    page.get_by_test_id("next").click()
    page.wait_for_url(re.compile(r"/scopa/puzzles/\d+/$"))
    assert int(page.url.rstrip("/").split("/")[-1]) != first.pk

    page.goto(f"/scopa/puzzles/{choice.pk}/")
    answer_puzzle(page, choice)
    assert "Right!" in page.inner_text("[data-testid=verdict]")
    # the cards the chosen card could take were raised while choosing; answered, they lie flat again
    raised = page.locator("#puzzle-felt .slot--capturable")
    assert raised.count() > 0
    for i in range(raised.count()):
        expect(raised.nth(i)).to_have_css("transform", "none")  # (after the lowering's short transition)
    page.reload()  # a reload shows the puzzle again, now as an unrated try
    assert "not rated" in page.inner_text("#puzzle")

    page.goto("/scopa/puzzles/dashboard/")
    assert page.inner_text("[data-testid=solved]") == "2 / 2"


@pytest.mark.parametrize("game", ["settemezzo", "stoppa", "saltacavallo"])
def test_solve_a_puzzle_of_the_other_games_by_choosing(page, game):
    """Card or stand, see or fold, keep or swap: one click on the engine's answer, every choice
    then shown with its value, the page accessible before and after."""
    puzzles_store(game=game, specs=starter_specs(game)[:3])
    page.goto(f"/{game}/")
    page.get_by_role("link", name=re.compile("Puzzles")).click()
    page.get_by_test_id("start").click()
    page.wait_for_url(re.compile(rf"/{game}/puzzles/\d+/$"))
    assert_accessible(page)
    puzzle = Puzzle.objects.get(pk=int(page.url.rstrip("/").split("/")[-1]))
    page.locator(f'[data-testid=choices] button[value="{puzzle.solution}"]').click()
    page.locator("[data-testid=result]").wait_for()
    assert "Right!" in page.inner_text("[data-testid=verdict]")
    items = page.locator("[data-testid=verdicts] li")
    assert items.count() == len(puzzle.spec["verdicts"]) >= 2
    assert items.first.get_attribute("data-answer") == puzzle.solution
    assert_accessible(page)


@pytest.mark.parametrize("kind", ["bet_size", "stoppata"])
def test_solve_a_stoppa_bet_and_a_stoppata_puzzle(page, kind):
    """How much to bet, which card to lay: the buttons name the amount or show the cards, one click
    answers, every choice is then shown with its value, the page accessible before and after."""
    spec = next(s for s in starter_specs("stoppa") if s.kind == kind)
    puzzles_store(game="stoppa", specs=[spec])
    puzzle = Puzzle.objects.get(game="stoppa", position=spec.position)
    page.goto(f"/stoppa/puzzles/{puzzle.pk}/")
    assert_accessible(page)
    page.locator(f'[data-testid=choices] button[value="{puzzle.solution}"]').click()
    page.locator("[data-testid=result]").wait_for()
    assert "Right!" in page.inner_text("[data-testid=verdict]")
    items = page.locator("[data-testid=verdicts] li")
    assert items.count() == len(spec.verdicts) >= 2
    assert items.first.get_attribute("data-answer") == puzzle.solution
    assert_accessible(page)


def test_filter_the_puzzles_by_variant(page):
    """A learner chooses Scopone Scientifico on the puzzles page: the puzzles he is given, this
    one and the next, are of that game; the page with its filters is accessible."""
    puzzles_store(game="scopa", specs=starter_specs("scopa"))
    page.goto("/scopa/puzzles/")
    assert_accessible(page)
    page.get_by_role("link", name=re.compile("Scopone Scientifico")).click()
    page.wait_for_url(re.compile(r"variant=SCOPONE_SCIENTIFICO"))
    assert page.locator("[data-variant=SCOPONE_SCIENTIFICO]").get_attribute("aria-current") == "true"
    page.get_by_test_id("start").click()
    page.wait_for_url(re.compile(r"/scopa/puzzles/\d+/\?variant=SCOPONE_SCIENTIFICO$"))
    puzzle = Puzzle.objects.get(pk=int(re.search(r"/puzzles/(\d+)/", page.url).group(1)))
    assert puzzle.rules_text == "SCOPONE_SCIENTIFICO"
    answer_puzzle(page, puzzle)
    page.get_by_test_id("next").click()
    page.wait_for_url(re.compile(r"/scopa/puzzles/\d+/\?variant=SCOPONE_SCIENTIFICO$"))
    following = Puzzle.objects.get(pk=int(re.search(r"/puzzles/(\d+)/", page.url).group(1)))
    assert following.rules_text == "SCOPONE_SCIENTIFICO" and following.pk != puzzle.pk
