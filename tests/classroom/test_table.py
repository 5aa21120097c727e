"""The teacher's table (issue 15): students × homework (done, stars, accuracy, late), each
student drilled down (lessons and stars per game, puzzles solved, first-try accuracy and rating
change over 7 and 30 days, last active, the puzzles missed), both as CSV; a class of 100
students with 20 pieces of homework in a fixed number of queries."""
from __future__ import annotations

import csv
import io
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone

from tests.classroom.support import a_class, client_of, student_of, teacher
from tests.classroom.test_homework import _finish
from tests.puzzles.support import right, wrong
from tutorials.classroom.models import Assignment, Membership
from tutorials.classroom.results import class_table, student_report
from tutorials.classroom.services import assignment_lesson, assignment_practice, assignment_puzzles
from tutorials.core.webbench import big_class
from tutorials.lessons.models import Lesson
from tutorials.puzzles import glicko
from tutorials.puzzles.models import LearnerRating, Puzzle, PuzzleAttempt
from tutorials.puzzles.services import puzzles_store

pytestmark = pytest.mark.django_db


@pytest.fixture
def content(shipped_specs):
    call_command("sync_content", verbosity=0)
    puzzles_store(game="scopa", specs=shipped_specs[:60])


def _due(days: int = 7):
    return timezone.localdate() + timedelta(days=days)


def _csv(response) -> list[list[str]]:
    assert response["Content-Type"].startswith("text/csv")
    return list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))


def test_the_table_shows_each_students_result_and_downloads_as_csv(content, no_rate_limits):
    classroom = a_class()
    ada, bo = student_of(classroom, "ada", "Ada Rossi"), student_of(classroom, "bo", "Bo Verdi")
    lesson = Lesson.objects.filter(game="scopa").order_by("order").first()
    assignment_lesson(classroom=classroom, lesson=lesson, due=_due(), by=None)
    puzzle_work = assignment_puzzles(classroom=classroom, game="scopa", count=2, due=_due(), by=None)
    old = assignment_practice(classroom=classroom, game="scopa", hands=2, due=_due(), by=None)
    Assignment.objects.filter(pk=old.pk).update(due=timezone.localdate() - timedelta(days=1))
    _finish(client_of(ada), lesson)
    one, two = puzzle_work.puzzles.order_by("rating", "pk")
    client = client_of(bo)
    client.post(reverse("puzzle_answer", args=["scopa", one.pk]), right(one))
    client.post(reverse("puzzle_answer", args=["scopa", two.pk]), wrong(two))
    table = client_of(classroom.owner).get(reverse("classroom:class_table", args=[classroom.public_id]))
    page = table.content.decode()
    assert table.status_code == 200
    ada_row = page.split("Ada Rossi")[1].split("</tr>")[0]
    bo_row = page.split("Bo Verdi")[1].split("</tr>")[0]
    assert ada_row.count("<td") == 4 and "done 3★" in ada_row and "— · late" in ada_row and "1/3" in ada_row
    assert "done 50%" in bo_row and "—</td>" in bo_row and "1/3" in bo_row
    rows = _csv(client_of(classroom.owner).get(reverse("classroom:class_table_csv", args=[classroom.public_id])))
    assert rows[0][:2] == ["student", "username"] and len(rows[0]) == 2 + 4 * 3
    by_name = {row[0]: row for row in rows[1:]}
    # the columns go by due date: the practice (due yesterday), the lesson, the puzzles
    assert by_name["Ada Rossi"][2:5] == ["no", "0/2", "yes"] and by_name["Ada Rossi"][6:9] == ["yes", "3", "no"]
    assert by_name["Bo Verdi"][10:13] == ["yes", "50%", "no"] and by_name["Bo Verdi"][13]


def test_a_class_of_100_with_20_pieces_of_homework_in_a_fixed_number_of_queries(
        content, django_assert_max_num_queries, django_assert_num_queries):
    small, big = big_class(teacher("small"), 3, 3, "3A"), big_class(teacher("big"), 100, 20, "5B")
    client = client_of(big.owner)
    with django_assert_max_num_queries(12) as captured:
        page = client.get(reverse("classroom:class_table", args=[big.public_id]))
    assert page.status_code == 200 and page.content.decode().count("<tr>") == 101
    other = client_of(small.owner)
    with django_assert_num_queries(len(captured)):  # the same queries for a class of 3 with 3 pieces
        other.get(reverse("classroom:class_table", args=[small.public_id]))
    with django_assert_max_num_queries(12):
        rows = _csv(client.get(reverse("classroom:class_table_csv", args=[big.public_id])))
    assert len(rows) == 101 and len(rows[0]) == 2 + 4 * 20
    table = class_table(big)
    assert table.done_counts()[0] == 50  # every other student finished the first lesson


def test_drilling_down_into_a_student(content, no_rate_limits):
    classroom = a_class()
    student = student_of(classroom)
    client = client_of(student)
    lesson = Lesson.objects.filter(game="scopa").order_by("order").first()
    _finish(client, lesson)
    puzzles = list(Puzzle.objects.order_by("pk")[:6])
    for n, puzzle in enumerate(puzzles):
        client.post(reverse("puzzle_answer", args=["scopa", puzzle.pk]), right(puzzle) if n % 3 else wrong(puzzle))
    client.post(reverse("puzzle_answer", args=["scopa", puzzles[0].pk]), right(puzzles[0], number=1))
    report = student_report(student)
    scopa = next(g for g in report.games if g.slug == "scopa")
    assert (scopa.lessons_done, scopa.stars, scopa.puzzles_tried, scopa.puzzles_solved) == (1, 3, 6, 4)
    rating = LearnerRating.objects.get(user=student, game="scopa").rating
    for window in scopa.windows:  # every answer was today: both windows hold them all
        assert (window.tried, window.solved, window.accuracy) == (6, 4, 67)
        assert window.rating_change == pytest.approx(rating - glicko.DEFAULT_RATING)  # read from the rating itself
    assert {a.puzzle_id for a in report.missed} == {puzzles[0].pk, puzzles[3].pk}
    assert report.solved_later == {puzzles[0].pk}
    assert report.last_active == max(PuzzleAttempt.objects.filter(user=student).values_list("created", flat=True))
    membership = Membership.objects.get(user=student)
    page = client_of(classroom.owner).get(
        reverse("classroom:student_show", args=[classroom.public_id, membership.public_id])).content.decode()
    assert "1/" in page and "3★" in page and "4/6" in page and "67%" in page and "solved since" in page
    rows = _csv(client_of(classroom.owner).get(
        reverse("classroom:student_report_csv", args=[classroom.public_id, membership.public_id])))
    scopa_row = next(r for r in rows if r and r[0] == "Scopa")
    assert scopa_row[1] == "1" and scopa_row[3:6] == ["3", "6", "4"] and scopa_row[6] == "67"


def test_older_answers_leave_the_seven_day_window(content):
    classroom = a_class()
    student = student_of(classroom)
    puzzles = list(Puzzle.objects.order_by("pk")[:4])
    now = timezone.now()
    for n, (puzzle, days) in enumerate(zip(puzzles, [20, 20, 2, 1], strict=True)):
        attempt = PuzzleAttempt.objects.create(user=student, puzzle=puzzle, answer="x", correct=n != 2, loss=0,
                                               rated=True, rating_before=1500 + 10 * n, rating_after=1510 + 10 * n)
        PuzzleAttempt.objects.filter(pk=attempt.pk).update(created=now - timedelta(days=days))
    scopa = next(g for g in student_report(student, now=now).games if g.slug == "scopa")
    week, month = scopa.windows
    assert (week.tried, week.solved, week.rating_change) == (2, 1, 1540 - 1520)
    assert (month.tried, month.solved, month.rating_change) == (4, 3, 1540 - 1500)
