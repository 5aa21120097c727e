"""The classroom in the browser (issue 15): a teacher signs up, makes a class, sets a lesson and
a puzzle set, adds three students from a list of names and prints their login cards; a student
signs in with the card's quick sign-in on a phone, finds the homework on the home page, does the
lesson and the puzzles; the teacher sees it in the homework table and downloads it as CSV. Every
page on the way is checked with axe."""
import csv
import io
import re
from urllib.parse import urlparse

import pytest
from django.core.management import call_command

from tests.conftest import starter_specs
from tests.e2e.axe import assert_accessible
from tests.e2e.lessons import walk
from tests.e2e.support import answer_puzzle
from tests.e2e.test_lesson import _answer_step
from tests.puzzles.support import needs_choice
from tutorials.lessons.models import Lesson
from tutorials.puzzles.models import Puzzle
from tutorials.puzzles.services import puzzles_store

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
PHONE = {"width": 360, "height": 740}


def _fits_the_screen(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def _content() -> tuple[Lesson, list[Puzzle]]:
    call_command("sync_content", verbosity=0)
    plays = [s for s in starter_specs("scopa") if s.kind in ("sweep", "safe_trail", "best_play")]
    specs = [s for s in plays if not needs_choice(s)][:6]
    puzzles_store(game="scopa", specs=specs)
    return Lesson.objects.filter(game="scopa").order_by("order").first(), list(Puzzle.objects.order_by("pk")[:2])


def test_a_teacher_runs_a_class_and_a_student_does_the_homework(page, browser, live_server):
    lesson, puzzles = _content()

    # The teacher signs up and makes a class with the quick sign-in.
    page.goto("/accounts/signup/")
    page.fill("#id_username", "tina")
    page.fill("#id_password1", "a-long-password-1")
    page.fill("#id_password2", "a-long-password-1")
    page.get_by_label("I am a teacher").check()
    page.get_by_role("button", name="Create the account").click()
    page.wait_for_url("**/classes/")
    assert_accessible(page)
    page.get_by_role("link", name="New class").click()
    page.fill("#id_name", "5B")
    page.get_by_label("Quick sign-in for young children").check()
    page.get_by_role("button", name="Make the class").click()
    page.wait_for_url(re.compile(r"/classes/[\w-]{16}/$"))
    class_url = page.url
    code = page.get_by_test_id("class-code").inner_text()
    assert page.locator(".qr-box svg.qr").count() == 1
    assert_accessible(page)

    # Homework: the first Scopa lesson, and two hand-picked puzzles.
    page.get_by_role("link", name="Set homework").click()
    page.locator("#id_lesson-lesson").select_option(label=f"{lesson.order}. {lesson.title}")
    assert_accessible(page)
    page.get_by_test_id("set-lesson").get_by_role("button", name="Set it").click()
    page.wait_for_url(class_url)
    page.get_by_role("link", name="Set homework").click()
    page.fill("#id_puzzles-picked", ", ".join(str(p.pk) for p in puzzles))
    page.get_by_test_id("set-puzzles").get_by_role("button", name="Set it").click()
    page.wait_for_url(class_url)
    assert page.get_by_test_id("assignments").locator("li").count() == 2

    # Three students from a list of names: their login cards, printed.
    page.get_by_role("link", name="Add students").click()
    page.get_by_label("The students' names, one a line").fill("Anna Bianchi\nMarco Rossi\nGiulia Verdi")
    page.get_by_role("button", name="Make the accounts").click()
    cards = page.get_by_test_id("card")
    cards.first.wait_for()  # the accounts are made on the server: the cards come with its answer
    assert cards.count() == 3
    assert_accessible(page)
    anna = cards.filter(has_text="Anna Bianchi")
    card = {field: anna.get_by_test_id(field).inner_text() for field in ("username", "password", "sign-in-name", "code")}
    assert card["sign-in-name"] == "Anna B."
    page.emulate_media(media="print")  # what the printer gets: the cards, without the site around them
    assert not page.locator(".site-header").is_visible() and not page.get_by_role("button", name="Print the cards").is_visible()
    assert cards.nth(2).is_visible()
    page.emulate_media(media="screen")

    # The student, on a phone: the QR code's link, the name, the code.
    phone = browser.new_context(viewport=PHONE, base_url=live_server.url)
    kid = phone.new_page()
    kid.set_default_timeout(15000)
    kid.goto(f"/join/{code}/")
    assert _fits_the_screen(kid)
    assert_accessible(kid)
    kid.get_by_label("Anna B.").check()
    kid.get_by_label("Your code").fill(card["code"])
    kid.get_by_role("button", name="Sign in").click()
    kid.wait_for_url(live_server.url + "/")
    homework = kid.get_by_test_id("homework")
    assert homework.locator("li").count() == 2 and "Bianchi" not in kid.content()
    assert _fits_the_screen(kid)
    assert_accessible(kid)

    # The lesson, from the homework.
    homework.get_by_role("link", name=f"Lesson: {lesson.title}").click()
    assert_accessible(kid)
    kid.get_by_test_id("homework-go").click()
    walk(kid, lesson, _answer_step)

    # The puzzles, one after the other from the homework page, each one's "next" back to it.
    kid.goto("/")
    kid.get_by_test_id("homework").get_by_role("link", name="Scopa puzzles").click()
    for _ in puzzles:
        kid.get_by_test_id("homework-go").click()
        solved = Puzzle.objects.get(pk=int(urlparse(kid.url).path.rstrip("/").split("/")[-1]))
        answer_puzzle(kid, solved)
        next_link = kid.get_by_test_id("next")
        assert "Back to the homework" in next_link.inner_text()
        next_link.click()
    assert kid.get_by_test_id("homework-go").count() == 0  # every puzzle of the set done
    kid.goto("/")
    assert kid.get_by_test_id("homework").inner_text().count("done ✓") == 2
    phone.close()

    # The teacher sees it in the table, and downloads it.
    page.goto(class_url)
    page.get_by_test_id("open-table").click()
    row = page.get_by_test_id("class-table").locator("tr", has_text="Anna Bianchi")
    assert "done 3★" in row.inner_text() and "done 100%" in row.inner_text()
    assert_accessible(page)
    with page.expect_download() as download:
        page.get_by_test_id("table-csv").click()
    rows = list(csv.reader(io.StringIO(open(download.value.path(), encoding="utf-8-sig").read())))
    anna_row = next(r for r in rows if r[0] == "Anna Bianchi")
    assert anna_row[1] == card["username"] and anna_row[2:5] == ["yes", "3", "no"] and anna_row[6:9] == ["yes", "100%", "no"]

    # Every teacher's page, on a phone too: nothing wider than the screen, nothing axe objects to.
    page.set_viewport_size(PHONE)
    student_url = page.get_by_role("link", name="Anna Bianchi").get_attribute("href")
    for url in [class_url, f"{class_url}table/", f"{class_url}homework/new/", f"{class_url}rules/",
                f"{class_url}teachers/", f"{class_url}edit/", f"{class_url}students/add/", student_url,
                f"{student_url}erase/", "/classes/", "/accounts/you/", "/join/"]:
        page.goto(url)
        assert _fits_the_screen(page), url
        assert_accessible(page)
