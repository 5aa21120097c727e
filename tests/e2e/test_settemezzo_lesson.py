"""A learner completes Sette e Mezzo lessons in the browser, by clicking, typing and sliding."""
import pytest
from django.core.management import call_command

from tests.e2e.lessons import open_lesson, stars, walk
from tutorials.lessons.models import Lesson
from tutorials.lessons.steps import STEP_KINDS

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

RADIOS = {"sette_outcome": "outcome", "sette_payoff": "result", "sette_bank": "seat"}


def _answer_step(page, step) -> None:
    """Give the engine's answer as a learner would: typing totals, choosing, pressing buttons."""
    kind = STEP_KINDS[step.kind]
    expected = kind.expected(step.in_language())
    if step.kind == "sette_value" and expected == "bust":
        page.get_by_role("button", name="Bust").click()
    elif step.kind in ("sette_value", "sette_matta"):
        # halves typed the way a phone keyboard gives them: 5½ as 5.5
        page.fill("input[name=value]", expected.replace("½", ".5") if expected != "½" else "0.5")
        page.get_by_role("button", name="Check").click()
    elif step.kind == "sette_odds":
        page.fill("input[name=number]", str(expected))
        page.get_by_role("button", name="Check").click()
    elif step.kind == "sette_estimate":
        # the slider by keyboard alone: Home goes to 0, each arrow press one point up
        guess = round(expected)
        slider = page.get_by_role("slider", name="Your guess")
        slider.focus()
        slider.press("Home")
        for _ in range(guess):
            slider.press("ArrowRight")
        assert page.get_by_role("spinbutton", name="Percent").input_value() == str(guess)  # the live value beside it
        page.get_by_role("button", name="Check").click()
    elif step.kind == "sette_dealer":
        page.get_by_role("button", name="He draws" if expected == "draw" else "He stands").click()
    else:
        value = kind.answer_fields(step.in_language(), right=True)[RADIOS[step.kind]]
        page.locator(f'input[name="{RADIOS[step.kind]}"][value="{value}"]').check()
        page.get_by_role("button", name="Check").click()


def test_complete_the_first_sette_e_mezzo_lesson(page):
    call_command("sync_content", verbosity=0)
    lesson = Lesson.objects.filter(game="settemezzo").order_by("order").first()
    assert any(s.kind.startswith("sette_") for s in lesson.steps.all())

    def wrong_first_at_step_4(page, step) -> None:  # a wrong answer first: explained, then tried again
        if step.number == 4:
            page.get_by_role("button", name="Bust").click()
            page.locator(".feedback--wrong").wait_for()
            assert "½" in page.get_by_test_id("feedback").inner_text()

    open_lesson(page, lesson)
    walk(page, lesson, _answer_step, on_arrival=wrong_first_at_step_4)
    assert stars(page) == "2 stars"


def test_estimate_the_chance_of_the_next_card_with_the_slider(page):
    """The counting lesson: exact counts typed, chances guessed with the slider; a guess far off is
    explained with the exact count, and one within five points moves on."""
    call_command("sync_content", verbosity=0)
    lesson = Lesson.objects.get(game="settemezzo", slug="counting-the-cards")
    assert lesson.steps.filter(kind="sette_estimate").count() >= 3
    first = lesson.steps.filter(kind="sette_estimate").order_by("number").first()

    def far_off_first(page, step) -> None:
        if step.number == first.number:
            page.get_by_role("spinbutton", name="Percent").fill("5")  # typed: the slider follows
            assert page.get_by_role("slider", name="Your guess").input_value() == "5"
            page.get_by_role("button", name="Check").click()
            feedback = page.locator(".feedback--wrong")
            feedback.wait_for()
            assert "19 of the 39 cards you have not seen bust you" in feedback.inner_text()

    open_lesson(page, lesson)
    walk(page, lesson, _answer_step, on_arrival=far_off_first)
