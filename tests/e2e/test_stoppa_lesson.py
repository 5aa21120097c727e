"""A learner completes Stoppa's first lesson in the browser, by clicking and typing, and a reload
mid-lesson resumes at the same step."""
import pytest
from django.core.management import call_command

from tests.e2e.lessons import open_lesson, stars, walk
from tutorials.lessons.models import Lesson
from tutorials.lessons.steps import STEP_KINDS

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def _answer_step(page, step) -> None:
    """Give the engine's answer as a learner would (worked out by the engine, never read from the page)."""
    expected = STEP_KINDS[step.kind].expected(step.in_language())
    if step.kind == "stoppa_cancel":
        name = "No stoppata this deal" if expected == "cancelled" else "The stoppata is played"
        page.get_by_role("button", name=name).click()
    elif step.kind == "stoppa_plays":
        if expected == "none":
            page.get_by_role("button", name="I cannot play").click()
        else:
            for card in expected.split("|")[0].split("+"):
                page.locator(f'.pick:has(input[value="{card}"])').click()  # a tap on the card
            page.get_by_role("button", name="Lay these cards").click()
    elif step.kind == "stoppa_needed" and expected == "closed":
        page.get_by_role("button", name="The run is closed").click()
    elif step.kind in ("stoppa_showdown", "stoppa_next"):
        page.get_by_label(expected, exact=True).check()
        page.get_by_role("button", name="Check").click()
    elif step.kind == "stoppa_estimate":  # a guess typed beside the slider, which follows it
        page.get_by_role("spinbutton", name="Percent").fill(str(round(expected)))
        assert page.get_by_role("slider", name="Your guess").input_value() == str(round(expected))
        page.get_by_role("button", name="Check").click()
    else:  # a number: the punto, chips, a rank, cards laid
        page.fill("input[name=value]", str(expected))
        page.get_by_role("button", name="Check").click()


def test_complete_the_first_stoppa_lesson_and_resume_after_reload(page):
    call_command("sync_content", verbosity=0)
    lesson = Lesson.objects.filter(game="stoppa").order_by("order").first()

    def reload_at_step_3(page, step) -> None:  # a reload mid-lesson resumes at the same step
        if step.number == 3:
            page.reload()
            page.goto(f"/stoppa/learn/{lesson.slug}/")
            page.wait_for_url(f"**/{lesson.slug}/{step.number}/")

    open_lesson(page, lesson)
    walk(page, lesson, _answer_step, on_arrival=reload_at_step_3)
    assert stars(page) == "3 stars"


def test_a_wrong_punto_is_explained_in_the_page(page):
    call_command("sync_content", verbosity=0)
    lesson = Lesson.objects.get(game="stoppa", slug="the-punto")
    page.goto(f"/stoppa/learn/{lesson.slug}/")
    page.get_by_role("button", name="Continue").click()
    page.get_by_role("button", name="Continue").click()
    page.fill("input[name=value]", "1")  # the Asso by its number, not its punto value
    page.get_by_role("button", name="Check").click()
    feedback = page.locator(".feedback--wrong")
    feedback.wait_for()
    assert "punto scale" in feedback.inner_text()


@pytest.mark.parametrize("slug", ["who-wins-the-pot", "the-re-and-the-assi", "stopped", "three-twos",
                                  "is-it-worth-seeing"])
def test_lessons_with_every_kind_of_answer_control(page, slug):
    """Radio buttons of players, cards to tap, "cannot play", "the run is closed", two buttons, a
    percent beside a slider."""
    call_command("sync_content", verbosity=0)
    lesson = Lesson.objects.get(game="stoppa", slug=slug)
    page.goto(f"/stoppa/learn/{slug}/")
    walk(page, lesson, _answer_step)
