"""axe-core (packaged with axe-playwright-python, nothing fetched at run time) finds no serious or
critical accessibility violation on any kind of page: home, game homes, rules, lessons and their
steps, puzzles, every practice table, the progress page, the account pages, an error page. (The
pages met later in a flow, a finished lesson, an answered puzzle, the abandon question, are
checked by the browser tests that reach them.)"""
import pytest
from django.core.management import call_command

from tests.e2e.axe import serious_problems
from tests.e2e.support import deal
from tutorials.lessons.models import Step
from tutorials.puzzles.files import read_specs, shipped_files
from tutorials.puzzles.models import Puzzle
from tutorials.puzzles.services import puzzles_store

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
GAMES = ["scopa", "settemezzo", "stoppa", "saltacavallo"]
_problems = serious_problems


@pytest.fixture
def content(db):
    call_command("sync_content", verbosity=0)
    specs = [spec for path in shipped_files() for spec in read_specs(path)][:5]
    puzzles_store(game="scopa", specs=specs)


def _pages() -> list[str]:
    pages = ["/", "/progress/", "/accounts/login/", "/accounts/signup/", "/no/such/page/", "/settemezzo/lab/"]
    for game in GAMES:
        pages += [f"/{game}/", f"/{game}/rules/", f"/{game}/learn/", f"/{game}/play/"]
    for step in Step.objects.select_related("lesson").filter(number=1).order_by("lesson__game", "lesson__order"):
        pages.append(f"/{step.lesson.game}/learn/{step.lesson.slug}/1/")
    puzzle = Puzzle.objects.order_by("pk").first()
    pages += ["/scopa/puzzles/", f"/scopa/puzzles/{puzzle.pk}/", "/scopa/puzzles/dashboard/", "/puzzles/review/"]
    pages += [f"/{game}/puzzles/" for game in GAMES[1:]]
    return pages


def test_no_serious_violation_on_the_site_s_pages(page, content):
    problems = []
    for url in _pages():
        page.goto(url)
        problems += _problems(page)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("game", GAMES)
def test_no_serious_violation_at_a_practice_table(page, content, game):
    page.goto(f"/{game}/play/")
    deal(page)
    assert not (problems := _problems(page)), "\n".join(problems)
