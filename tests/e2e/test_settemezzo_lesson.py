"""A learner completes the first Sette e Mezzo lesson in the browser, by clicking and typing."""
import pytest
from django.core.management import call_command

from tutorials.lessons.models import Lesson
from tutorials.lessons.steps import STEP_KINDS

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

RADIOS = {"sette_outcome": "outcome", "sette_payoff": "result", "sette_bank": "seat"}


def _answer_step(page, step) -> None:
    """Give the engine's answer as a learner would: typing totals, choosing, pressing buttons."""
    kind = STEP_KINDS[step.kind]
    expected = kind.expected(step.data)
    if step.kind == "choice":
        page.get_by_label(step.data["options"][expected], exact=True).check()
        page.get_by_role("button", name="Check").click()
    elif step.kind == "sette_value" and expected == "bust":
        page.get_by_role("button", name="Bust").click()
    elif step.kind in ("sette_value", "sette_matta"):
        # halves typed the way a phone keyboard gives them: 5½ as 5.5
        page.fill("input[name=value]", expected.replace("½", ".5") if expected != "½" else "0.5")
        page.get_by_role("button", name="Check").click()
    elif step.kind == "sette_odds":
        page.fill("input[name=number]", str(expected))
        page.get_by_role("button", name="Check").click()
    elif step.kind == "sette_dealer":
        page.get_by_role("button", name="He draws" if expected == "draw" else "He stands").click()
    else:
        value = kind.answer_fields(step.data, right=True)[RADIOS[step.kind]]
        page.locator(f'input[name="{RADIOS[step.kind]}"][value="{value}"]').check()
        page.get_by_role("button", name="Check").click()
    page.locator(".feedback--right").wait_for()
    page.get_by_test_id("next").click()


def test_complete_the_first_sette_e_mezzo_lesson(page):
    call_command("sync_content", verbosity=0)
    lesson = Lesson.objects.filter(game="settemezzo").order_by("order").first()
    steps = list(lesson.steps.order_by("number"))
    assert any(s.kind.startswith("sette_") for s in steps)
    page.goto("/settemezzo/learn/")
    page.get_by_role("link", name=lesson.title).click()
    for step in steps:
        page.wait_for_url(f"**/{lesson.slug}/{step.number}/")
        if step.kind == "read":
            page.get_by_role("button", name="Continue").click()
            continue
        if step.number == 4:  # a wrong answer first: explained, and the learner tries again
            page.get_by_role("button", name="Bust").click()
            page.locator(".feedback--wrong").wait_for()
            assert "½" in page.get_by_test_id("feedback").inner_text()
        _answer_step(page, step)
    page.wait_for_url(f"**/{lesson.slug}/done/")
    assert page.get_by_test_id("stars").get_attribute("aria-label") == "2 stars"
