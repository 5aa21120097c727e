"""A learner completes the first Saltacavallo lesson in the browser, by clicking, as a learner would."""
import pytest
from django.core.management import call_command

from tests.e2e.lessons import open_lesson, stars, take_step, walk
from tutorials.lessons.models import Lesson
from tutorials.lessons.steps import STEP_KINDS

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def give_answer(page, step) -> None:
    """Give the engine's answer to a Saltacavallo step by clicking."""
    expected = STEP_KINDS[step.kind].expected(step.in_language())
    check = page.get_by_role("button", name="Check")

    def tap(field: str, value: str) -> None:  # tap the card (or the words) of a choice, as a finger would
        page.locator(f'label:has(> input[name="{field}"][value="{value}"])').click()
        assert page.locator(f'input[name="{field}"][value="{value}"]').is_checked()

    if step.kind == "salta_loser":
        if expected == "none":
            page.get_by_role("button", name="Nobody loses").click()
        else:
            for code in expected.split():
                tap("seats", code)
            page.get_by_role("button", name="These players lose a life").click()
    elif step.kind in ("salta_target", "salta_first_dealer"):
        tap("seat", expected)
        check.click()
    elif step.kind in ("salta_after", "salta_draw"):
        tap("card", expected)
        check.click()
    elif step.kind == "salta_decide":
        page.locator(f'button[name="decision"][value="{expected}"]').click()
    elif step.kind == "salta_lives":
        page.fill('input[name="value"]', str(expected))
        check.click()
    else:
        raise AssertionError(f"no way to answer a {step.kind} step")


def test_complete_the_first_saltacavallo_lesson(page):
    call_command("sync_content", verbosity=0)
    lesson = Lesson.objects.filter(game="saltacavallo").order_by("order").first()
    assert any(s.kind.startswith("salta_") for s in lesson.steps.all())
    open_lesson(page, lesson)
    walk(page, lesson, give_answer)
    assert stars(page) == "3 stars"


def test_a_wrong_answer_is_explained_and_can_be_corrected(page):
    """On the first "who loses" step: choose nobody, read why, then answer right."""
    call_command("sync_content", verbosity=0)
    lesson = Lesson.objects.filter(game="saltacavallo").order_by("order").first()
    first = lesson.steps.filter(kind="salta_loser").order_by("number").first()
    page.goto(f"/saltacavallo/learn/{lesson.slug}/")
    walk(page, lesson, give_answer, until=first.number)
    page.get_by_role("button", name="Nobody loses").click()
    wrong = page.locator(".feedback--wrong")
    wrong.wait_for()
    assert "The lowest card is" in wrong.inner_text()
    take_step(page, first, give_answer)
    page.wait_for_url(f"**/{lesson.slug}/{first.number + 1}/")
