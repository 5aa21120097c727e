"""A learner completes a whole lesson in the browser, and a reload mid-lesson resumes at the same step."""
import pytest
from django.core.management import call_command

from tests.e2e.axe import assert_accessible
from tests.e2e.lessons import open_lesson, stars, walk
from tutorials.lessons.models import Lesson, Step
from tutorials.lessons.steps import STEP_KINDS

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def _answer_step(page, step) -> None:
    """Give the engine's answer by clicking, as a learner would."""
    expected = STEP_KINDS[step.kind].expected(step.in_language())
    if step.kind == "capture":
        first = expected.split("|")[0]
        if not first:
            page.get_by_role("button", name="It takes nothing").click()
        else:
            for card in first.split("+"):
                page.locator(f'.pick input[value="{card}"]').check()
            page.get_by_role("button", name="Take these cards").click()
    elif step.kind == "sweep":
        page.locator(f'.pick input[value="{expected.split()[0]}"]').check()
        page.get_by_role("button", name="Check").click()
    elif step.kind == "primiera":
        if expected == "incomplete":
            page.get_by_role("button", name="A suit is missing").click()
        else:
            page.fill("input[name=value]", str(expected))
            page.get_by_role("button", name="Check").click()
    elif step.kind == "points":
        for category, side in expected.items():
            page.locator(f'input[name="{category}"][value="{side}"]').check()
        page.get_by_role("button", name="Check").click()


def test_complete_a_whole_lesson_and_resume_after_reload(page):
    call_command("sync_content", verbosity=0)
    lesson = Lesson.objects.filter(game="scopa").order_by("order").first()

    def reload_at_step_3(page, step) -> None:  # a reload mid-lesson resumes at the same step
        if step.number == 3:
            page.reload()
            page.goto(f"/scopa/learn/{lesson.slug}/")
            page.wait_for_url(f"**/{lesson.slug}/{step.number}/")

    open_lesson(page, lesson)
    walk(page, lesson, _answer_step, on_arrival=reload_at_step_3)
    assert stars(page) == "3 stars"
    assert_accessible(page)  # the finished lesson's page


def test_an_italian_browser_reads_the_lesson_in_italian(browser, live_server):
    """A browser set to Italian (Accept-Language: it-IT) sees the lesson, its choices and their
    explanations in Italian."""
    call_command("sync_content", verbosity=0)
    lesson = Lesson.objects.filter(game="scopa").order_by("order").first()
    choice = lesson.steps.filter(kind="choice").order_by("number").first().in_language("it")
    context = browser.new_context(locale="it-IT", base_url=live_server.url)
    page = context.new_page()
    page.set_default_timeout(15000)
    try:
        page.goto("/scopa/learn/")
        page.get_by_role("link", name=lesson.title_it).click()
        page.wait_for_url(f"**/{lesson.slug}/1/")
        first = lesson.steps.get(number=1).in_language("it")["title"]
        assert page.get_by_role("heading", level=1).inner_text() == first
        while choice["prompt"] not in page.content():
            page.locator(".step__form button[type=submit]").click()  # "Continue", in whatever words
            page.wait_for_load_state()
        wrong = (choice["answer"] + 2) % len(choice["options"])
        page.get_by_label(choice["options"][wrong], exact=True).check()
        page.locator(".step__form button[type=submit]").click()
        page.locator(".feedback--wrong").get_by_text(choice["explanations"][wrong]).wait_for()
        page.get_by_label(choice["options"][choice["answer"]], exact=True).check()
        page.locator(".step__form button[type=submit]").click()
        page.locator(".feedback--right").get_by_text(choice["explanations"][choice["answer"]]).wait_for()
        assert_accessible(page)
    finally:
        context.close()


@pytest.mark.parametrize("debug", [True, False])
def test_an_answer_refused_with_a_400_shows_its_message_in_the_page_even_on_the_quick_start_server(
        page, settings, debug):
    """`make run` serves with DEBUG on: django-htmx's debug script would take the 400 for Django's
    error page and put its bare fragment in place of the whole page."""
    settings.DEBUG = debug
    call_command("sync_content", verbosity=0)
    step = Step.objects.filter(kind="sette_value").select_related("lesson").order_by("lesson__order", "number").first()
    open_lesson(page, step.lesson)
    walk(page, step.lesson, _answer_step, until=step.number)  # the steps before it need no typing
    page.fill("input[name=value]", "abc")
    page.get_by_role("button", name="Check").click()
    page.get_by_role("alert").filter(has_text="as a number").wait_for()
    assert page.locator(".site-header nav").count() == 2  # the page around it is still there
    assert page.locator(".step svg.card").count() >= 2  # and so are the cards to add up
