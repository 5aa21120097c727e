"""axe-core (packaged with axe-playwright-python, nothing fetched at run time) finds no serious or
critical accessibility violation, and no skipped heading level, on any kind of page (issue 17):
home, the glossary, every game's home, rules, lesson list, a step of every step kind (unanswered, answered
wrong, answered right), a finished lesson, the puzzles' home, a puzzle, its result (right and
wrong), the dashboard and the reviews, progress, the account pages with and without their errors,
the error pages and the Sette e Mezzo lab. Every folded part (coach, hint) is opened first.
The practice tables, at many moments of a game, are in test_accessibility_tables.py."""
import re

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import SuspiciousOperation
from django.core.management import call_command
from django.test import RequestFactory
from django.views import defaults
from django.views.csrf import csrf_failure

from tests.conftest import starter_specs
from tests.e2e.axe import serious_problems
from tests.e2e.support import answer_puzzle
from tutorials.lessons.models import Lesson, LessonProgress, Step
from tutorials.puzzles.models import Puzzle
from tutorials.puzzles.services import puzzles_store

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
GAMES = ["scopa", "settemezzo", "stoppa", "saltacavallo"]
PASSWORD = "a long enough password 17"


@pytest.fixture
def content(db):
    call_command("sync_content", verbosity=0)
    for game in GAMES:
        puzzles_store(game=game, specs=starter_specs(game)[:4])


class Audit:
    """Visits pages and keeps every problem axe reports, so one run lists them all."""

    def __init__(self, page) -> None:
        self.page, self.problems, self.pages = page, [], 0

    def check(self, url: str | None = None) -> None:
        if url is not None:
            self.page.goto(url)
        self.problems += serious_problems(self.page, unfold=True)
        self.pages += 1

    def report(self) -> str:
        return f"{len(self.problems)} problems on {self.pages} pages:\n" + "\n".join(self.problems)


def _one_step_of_each_kind() -> list[Step]:
    steps: dict[tuple[str, str], Step] = {}
    for step in Step.objects.select_related("lesson").order_by("lesson__game", "lesson__order", "number"):
        steps.setdefault((step.lesson.game, step.kind), step)
    return list(steps.values())


def _log_in_as_one_who_finished_every_lesson(page) -> None:
    """Every step can then be opened directly; the finished-lesson pages exist."""
    user = User.objects.create_user("finisher", password=PASSWORD)
    for lesson in Lesson.objects.all():
        LessonProgress.objects.create(user=user, lesson=lesson, step=lesson.step_total, completed=True,
                                      stars=2, mistakes=1)
    page.goto("/accounts/login/")
    page.fill("#id_username", "finisher")
    page.fill("#id_password", PASSWORD)
    page.locator("main").get_by_role("button", name="Log in").click()
    page.get_by_role("button", name=re.compile("Log out")).wait_for()


def _error_pages(page) -> list[str]:
    """400, 403 (the CSRF failure) and 500 as Django's handlers render them, served at addresses
    of the live server so that the stylesheet loads; the 404 is a real one."""
    factory = RequestFactory()
    pages = {
        "400": defaults.bad_request(factory.get("/"), SuspiciousOperation()),
        "403": csrf_failure(factory.post("/")),
        "500": defaults.server_error(factory.get("/")),
    }
    for code, response in pages.items():
        page.route(f"**/error-page/{code}/", _serve(response))
    return [f"/error-page/{code}/" for code in pages] + ["/no/such/page/"]


def _serve(response):
    def fulfil(route, request) -> None:
        route.fulfill(status=response.status_code, body=response.content, content_type=response["Content-Type"])
    return fulfil


def test_no_serious_violation_on_any_kind_of_page(page, content):
    audit = Audit(page)
    for url in ["/", "/progress/", "/glossary/", "/settemezzo/lab/", "/settemezzo/lab/?stand=99", "/puzzles/review/",
                *_error_pages(page)]:
        audit.check(url)
    for game in GAMES:
        for path in ["", "rules/", "learn/", "play/", "puzzles/", "puzzles/dashboard/", "puzzles/review/"]:
            audit.check(f"/{game}/{path}")

    page.goto("/accounts/signup/")
    audit.check()
    page.fill("#id_username", "x" * 200)
    page.fill("#id_password1", "short")
    page.fill("#id_password2", "different")
    page.locator("main").get_by_role("button", name="Create the account").click()
    page.locator(".field-error").first.wait_for()
    audit.check()  # the errors under their fields
    page.goto("/accounts/login/")
    audit.check()
    page.fill("#id_username", "nobody")
    page.fill("#id_password", "wrong")
    page.locator("main").get_by_role("button", name="Log in").click()
    page.locator(".alert").wait_for()
    audit.check()

    _log_in_as_one_who_finished_every_lesson(page)
    audit.check("/progress/")  # with every game's lessons
    for step in _one_step_of_each_kind():
        audit.check(f"/{step.lesson.game}/learn/{step.lesson.slug}/{step.number}/")
    for game in GAMES:
        audit.check(f"/{game}/learn/{Lesson.objects.filter(game=game).first().slug}/done/")
        audit.check(f"/{game}/learn/")

    choice = Step.objects.filter(kind="choice").select_related("lesson").first()
    page.goto(f"/{choice.lesson.game}/learn/{choice.lesson.slug}/{choice.number}/")
    for index in [choice.data["answer"] + 1, choice.data["answer"]]:  # wrong, then right
        page.locator(f'input[name=choice][value="{index % len(choice.data["options"])}"]').check()
        page.get_by_role("button", name="Check").click()
        page.locator(".feedback--wrong" if index != choice.data["answer"] else ".feedback--right").wait_for()
        audit.check()

    for game in GAMES:  # a wrong answer to the first puzzle, then the right one to the next
        puzzles = list(Puzzle.objects.filter(game=game).order_by("pk")[:2])
        for puzzle, right in zip(puzzles, [False, True], strict=True):
            audit.check(f"/{game}/puzzles/{puzzle.pk}/")
            answer_puzzle(page, puzzle, right=right)
            audit.check()
        audit.check(f"/{game}/puzzles/dashboard/")
        audit.check(f"/{game}/puzzles/review/")
    audit.check("/puzzles/review/")
    assert re.search(r"\d", page.inner_text("main"))  # the review lists the missed puzzles
    assert not audit.problems, audit.report()
