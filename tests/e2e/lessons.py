"""What every browser test of a lesson does: open the lesson from its game's list, press Continue
on read steps, give the right answer on the others (each game's test knows its own controls), see
"Right!" and go on with Next."""
from collections.abc import Callable

from tutorials.lessons.models import Lesson, Step
from tutorials.lessons.steps import STEP_KINDS

Answer = Callable[[object, Step], None]  # gives the right answer to one step by clicking and typing


def choose(page, step: Step) -> None:
    """The generic multiple-choice step, the same in every game."""
    index = STEP_KINDS["choice"].expected(step.in_language())
    option = step.in_language()["options"][index]
    if "[[" in option:  # an option with pictured cards: its label names them, not the markup
        page.locator(f'input[name=choice][value="{index}"]').check()
    else:
        page.get_by_label(option, exact=True).check()
    page.get_by_role("button", name="Check").click()


def take_step(page, step: Step, answer: Answer) -> None:
    """One step: Continue past a read step; otherwise answer it, see "Right!" and press Next."""
    if step.kind == "read":
        page.get_by_role("button", name="Continue").click()
        return
    (choose if step.kind == "choice" else answer)(page, step)
    page.locator(".feedback--right").wait_for()
    page.get_by_test_id("next").click()


def open_lesson(page, lesson: Lesson) -> None:
    page.goto(f"/{lesson.game}/learn/")
    page.get_by_role("link", name=lesson.title).click()


def walk(page, lesson: Lesson, answer: Answer, *, until: int | None = None,
         on_arrival: Callable[[object, Step], None] | None = None) -> None:
    """Take every step from where the page is (or only those before step `until`), waiting for
    each step's page; `on_arrival(page, step)` runs first on each (a reload, a wrong answer)."""
    for step in lesson.steps.order_by("number"):
        if until is not None and step.number >= until:
            page.wait_for_url(f"**/{lesson.slug}/{until}/")
            return
        page.wait_for_url(f"**/{lesson.slug}/{step.number}/")
        if on_arrival is not None:
            on_arrival(page, step)
        take_step(page, step, answer)
    page.wait_for_url(f"**/{lesson.slug}/done/")


def stars(page) -> str:
    return page.get_by_test_id("stars").get_attribute("aria-label")
