"""Homework (issue 15): a lesson, a puzzle set (theme, count, rating range, or hand-picked) or
practice hands, with a due date; students see it on their home page with their progress, and
each result (stars, first-try accuracy, time spent, when done, late) is read from what the
learning itself stored."""
from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone

from tests.classroom.support import a_class, client_of, learner, student_of, teacher
from tests.lessons.support import answer, go_to, right_answer
from tests.puzzles.support import right, wrong
from tests.tables.support import create_table, post_action
from tutorials.classroom.models import Assignment, HomeworkStart
from tutorials.classroom.results import deadline, homework_results
from tutorials.classroom.services import assignment_lesson, assignment_practice, assignment_puzzles
from tutorials.lessons.models import Lesson
from tutorials.puzzles.models import Puzzle
from tutorials.puzzles.services import puzzles_store
from tutorials.tables.models import Table

pytestmark = pytest.mark.django_db


@pytest.fixture
def content(shipped_specs):
    call_command("sync_content", verbosity=0)
    puzzles_store(game="scopa", specs=shipped_specs[:40])


def _due(days: int = 7):
    return timezone.localdate() + timedelta(days=days)


def _form(kind: str, **fields) -> dict:
    return {"kind": kind, **{f"{kind}-{name}": value for name, value in fields.items()}}


def _finish(client, lesson: Lesson) -> None:
    """Every step of the lesson answered right (the answers worked out by the engine)."""
    last = lesson.steps.order_by("number").last()
    go_to(client, last)
    answer(client, last, right_answer(last) if last.kind != "read" else {})


# -- setting homework ----------------------------------------------------------------------------
def test_a_teacher_sets_each_kind_of_homework(content):
    classroom = a_class()
    client = client_of(classroom.owner)
    url = reverse("classroom:assignment_new", args=[classroom.public_id])
    page = client.get(url).content.decode()
    assert "A lesson" in page and "A puzzle set" in page and "Practice hands" in page
    lesson = Lesson.objects.filter(game="stoppa").order_by("order").first()
    assert client.post(url, _form("lesson", lesson=lesson.pk, due=_due())).status_code == 302
    assert client.post(url, _form("puzzles", game="scopa", theme="", count=5, due=_due())).status_code == 302
    assert client.post(url, _form("practice", game="settemezzo", hands=3, due=_due())).status_code == 302
    lesson_work, puzzles, practice = Assignment.objects.order_by("pk")
    assert (lesson_work.kind, lesson_work.lesson, lesson_work.game) == ("lesson", lesson, "stoppa")
    assert puzzles.puzzles.count() == 5 and {p.game for p in puzzles.puzzles.all()} == {"scopa"}
    assert (practice.game, practice.hands) == ("settemezzo", 3)
    page = client.get(reverse("classroom:class_show", args=[classroom.public_id])).content.decode()
    assert lesson.title in page and "Scopa puzzles" in page and "play 3 hands" in page


def test_a_puzzle_set_by_theme_and_rating_or_hand_picked(content):
    classroom = a_class()
    theme = next(t for p in Puzzle.objects.all() for t in p.themes)
    rated = sorted(Puzzle.objects.values_list("rating", flat=True))
    low, high = rated[5], rated[-5]
    drawn = assignment_puzzles(classroom=classroom, game="scopa", theme=theme, count=3, rating_min=low,
                               rating_max=high, due=_due(), by=classroom.owner)
    for puzzle in drawn.puzzles.all():
        assert theme in puzzle.themes and low <= puzzle.rating <= high
    every = assignment_puzzles(classroom=classroom, game="scopa", count=30, due=_due(), by=None)
    assert every.puzzles.count() == 30
    picks = list(Puzzle.objects.order_by("-pk").values_list("pk", flat=True)[:3])
    picked = assignment_puzzles(classroom=classroom, game="scopa", picked=picks, due=_due(), by=None)
    assert sorted(picked.puzzles.values_list("pk", flat=True)) == sorted(picks)


@pytest.mark.parametrize("fields, message", [
    ({"kind": "essay"}, "Choose what kind"),
    (_form("lesson", lesson=999999, due="2099-01-01"), "Select a valid choice"),
    (_form("lesson", lesson="x", due="tomorrow"), "Enter a valid date"),
    (_form("puzzles", game="scopa", count=5, due="2000-01-01"), "That day has passed"),
    (_form("puzzles", game="scopa", count=31, due="2099-01-01"), "less than or equal to 30"),
    (_form("puzzles", game="scopa", count=5, rating_min=1900, rating_max=1200, due="__due__"), "lowest rating is above"),
    (_form("puzzles", game="scopa", count=5, rating_min=3900, due="__due__"), "Widen the range"),
    (_form("puzzles", game="scopa", picked="12, x", due="__due__"), "puzzle numbers only"),
    (_form("puzzles", game="scopa", picked="999999", due="__due__"), "not puzzles of this game"),
    (_form("puzzles", game="chess", count=5, due="__due__"), "Select a valid choice"),
    (_form("practice", game="scopa", hands=0, due="__due__"), "greater than or equal to 1"),
])
def test_bad_homework_is_a_400_with_a_message(content, fields, message):
    classroom = a_class()
    fields = {k: (str(_due()) if v == "__due__" else v) for k, v in fields.items()}
    response = client_of(classroom.owner).post(reverse("classroom:assignment_new", args=[classroom.public_id]), fields)
    assert response.status_code == 400 and message in response.content.decode()
    assert not Assignment.objects.exists()


def test_withdrawing_homework_keeps_what_students_did(content):
    classroom = a_class()
    student = student_of(classroom)
    lesson = Lesson.objects.filter(game="scopa").order_by("order").first()
    work = assignment_lesson(classroom=classroom, lesson=lesson, due=_due(), by=None)
    _finish(client_of(student), lesson)
    client_of(classroom.owner).post(reverse("classroom:assignment_delete", args=[classroom.public_id, work.public_id]))
    assert not Assignment.objects.exists()
    assert student.lesson_progress.get(lesson=lesson).completed


# -- a student's homework ------------------------------------------------------------------------
def test_a_lesson_as_homework_from_the_home_page_to_done_with_stars_and_time(content):
    classroom = a_class()
    student = student_of(classroom)
    lesson = Lesson.objects.filter(game="scopa").order_by("order").first()
    work = assignment_lesson(classroom=classroom, lesson=lesson, due=_due(), by=classroom.owner)
    client = client_of(student)
    home = client.get("/").content.decode()
    assert 'data-testid="homework"' in home and lesson.title in home and "0 / " in home
    page = client.get(reverse("classroom:homework", args=[work.public_id]))
    assert page.status_code == 200 and "Start the lesson" in page.content.decode()
    opened = HomeworkStart.objects.get(user=student).opened
    client.get(reverse("classroom:homework", args=[work.public_id]))
    assert HomeworkStart.objects.get(user=student).opened == opened  # the first opening counts
    _finish(client, lesson)
    result = homework_results([work], [student.pk])[work.pk, student.pk]
    progress = student.lesson_progress.get(lesson=lesson)
    assert result.done and result.stars == progress.stars == 3 and result.percent == 100
    assert result.done_at == progress.updated and result.seconds == int((progress.updated - opened).total_seconds())
    assert not result.late
    assert "done ✓" in client.get("/").content.decode()


def test_a_puzzle_set_counts_first_tries_only(content, no_rate_limits):
    classroom = a_class()
    student = student_of(classroom)
    work = assignment_puzzles(classroom=classroom, game="scopa", count=4, due=_due(), by=None)
    first, second, third, fourth = work.puzzles.order_by("rating", "pk")
    client = client_of(student)
    answer_url = lambda p: reverse("puzzle_answer", args=["scopa", p.pk])  # noqa: E731
    client.post(answer_url(first), right(first))
    client.post(answer_url(second), wrong(second))
    client.post(answer_url(second), right(second, number=1))  # a second try: not first-try accuracy
    client.post(answer_url(third), right(third))
    result = homework_results([work], [student.pk])[work.pk, student.pk]
    assert (result.count, result.total, result.solved, result.accuracy, result.done) == (3, 4, 2, 67, False)
    page = client.get(reverse("classroom:homework", args=[work.public_id])).content.decode()
    assert page.count("right ✓") == 2 and page.count("missed") == 1 and "not tried yet" in page
    assert f"/scopa/puzzles/{fourth.pk}/" in page.split('data-testid="homework-go"')[1][:200]  # next: the untried
    client.post(answer_url(fourth), wrong(fourth))
    result = homework_results([work], [student.pk])[work.pk, student.pk]
    assert result.done and result.accuracy == 50 and result.percent == 100


def test_practice_hands_count_tables_started_after_the_homework(content):
    classroom = a_class()
    student = student_of(classroom)
    client = client_of(student)
    before = create_table(client, "settemezzo", {"role": "punter", "players": 2, "opponent": "simple",
                                                 "dealer_rule": "5", "hands": 5, "seed": "old"})
    Table.objects.filter(pk=before.pk).update(hands=5, created=timezone.now() - timedelta(days=1))
    work = assignment_practice(classroom=classroom, game="settemezzo", hands=3, due=_due(), by=None)
    table = create_table(client, "settemezzo", {"role": "punter", "players": 2, "opponent": "simple",
                                                "dealer_rule": "5", "hands": 5, "seed": "new"})
    counts = []
    for _ in range(40):
        result = homework_results([work], [student.pk])[work.pk, student.pk]
        counts.append(result.count)
        if result.done:
            break
        _play_a_settemezzo_move(client, table)
    table.refresh_from_db()
    assert result.done and table.hands >= 3 and result.count == 3 and result.done_at == table.updated
    assert counts == sorted(counts) and set(range(4)) <= set(counts)  # one hand at a time, from 0


def _play_a_settemezzo_move(client, table) -> None:
    from tutorials.tables.registry import ADAPTERS

    table.refresh_from_db()
    game = ADAPTERS["settemezzo"].load(table.rules_text, table.state_text)
    action = "next" if game.hand.is_over else ("stand 1" if game.hand.seats[0].status == "wait" else "stand")
    assert post_action(client, table, action).status_code == 200


def test_the_practice_link_opens_the_table_with_the_class_house_rules(content):
    classroom = a_class()
    classroom.house_rules = {"scopa": {"variant": "SCOPA_3P", "opponent": "greedy", "re_bello": True}}
    classroom.save()
    student = student_of(classroom)
    work = assignment_practice(classroom=classroom, game="scopa", hands=2, due=_due(), by=None)
    client = client_of(student)
    page = client.get(reverse("classroom:homework", args=[work.public_id])).content.decode()
    link = page.split('data-testid="homework-go" href="')[1].split('"')[0].replace("&amp;", "&")
    form = client.get(link).content.decode()
    assert 'value="SCOPA_3P" selected' in form and 'value="greedy" selected' in form
    box = re.search(r'<input[^>]*name="re_bello"[^>]*>', form).group(0)
    assert "checked" in box


def test_late_is_after_the_end_of_the_due_day(content):
    classroom = a_class()
    student = student_of(classroom)
    lesson = Lesson.objects.filter(game="scopa").order_by("order").first()
    work = assignment_lesson(classroom=classroom, lesson=lesson, due=timezone.localdate(), by=None)
    end = deadline(work.due)
    assert homework_results([work], [student.pk], now=end - timedelta(seconds=1))[work.pk, student.pk].late is False
    assert homework_results([work], [student.pk], now=end + timedelta(seconds=1))[work.pk, student.pk].late is True
    _finish(client_of(student), lesson)
    student.lesson_progress.filter(lesson=lesson).update(updated=end + timedelta(hours=1))
    result = homework_results([work], [student.pk])[work.pk, student.pk]
    assert result.done and result.late


def test_homework_is_only_its_class_students(content):
    classroom = a_class()
    student_of(classroom)
    lesson = Lesson.objects.filter(game="scopa").order_by("order").first()
    work = assignment_lesson(classroom=classroom, lesson=lesson, due=_due(), by=None)
    other = a_class(teacher("otto"), name="4A")
    outsider = student_of(other, "olga")
    url = reverse("classroom:homework", args=[work.public_id])
    for user in (outsider, learner("leo"), classroom.owner):
        assert client_of(user).get(url).status_code == 404
    assert lesson.title not in client_of(outsider).get("/").content.decode()
    classroom.archived = timezone.now()
    classroom.save()
    assert client_of(classroom.members.get().user).get(url).status_code == 404


def test_a_students_home_page_with_every_kind_of_homework_takes_a_few_queries(content, django_assert_max_num_queries):
    classroom = a_class()
    student = student_of(classroom)
    for lesson in Lesson.objects.filter(game="scopa").order_by("order")[:3]:
        assignment_lesson(classroom=classroom, lesson=lesson, due=_due(), by=None)
    for _ in range(3):
        assignment_puzzles(classroom=classroom, game="scopa", count=5, due=_due(), by=None)
        assignment_practice(classroom=classroom, game="stoppa", hands=2, due=_due(), by=None)
    client = client_of(student)
    client.get("/")
    with django_assert_max_num_queries(13):  # the page's own 6, the homework's 7 however much there is
        page = client.get("/")
    assert page.content.decode().count('<li class="homework-item') == 9


def test_a_homework_puzzle_leads_back_to_its_homework_not_to_another_puzzle(content):
    """Opened from the homework page, a puzzle's "next" goes back to the homework (which shows
    how far the student is and the next puzzle of the set); opened elsewhere, to the next puzzle."""
    classroom = a_class()
    student = student_of(classroom)
    work = assignment_puzzles(classroom=classroom, game="scopa", count=3, due=_due(), by=None)
    client = client_of(student)
    page = client.get(reverse("classroom:homework", args=[work.public_id])).content.decode()
    first = re.search(r'data-testid="homework-go" href="([^"]+)"', page).group(1)
    assert f"homework={work.public_id}" in first
    puzzle = Puzzle.objects.get(pk=int(re.search(r"/(\d+)/", first).group(1)))
    shown = client.get(first).content.decode()
    answer_url = re.search(r'hx-post="([^"]+)"', shown).group(1).replace("&amp;", "&")
    assert f"homework={work.public_id}" in answer_url
    result = client.post(answer_url, right(puzzle), HTTP_HX_REQUEST="true")
    assert result.context_data["next_url"] == reverse("classroom:homework", args=[work.public_id])
    assert "Back to the homework" in result.content.decode()
    back = client.get(result.context_data["next_url"]).content.decode()
    following = re.search(r'data-testid="homework-go" href="([^"]+)"', back).group(1)
    assert f"/{puzzle.pk}/" not in following  # the next puzzle of the set, not the one just solved
    elsewhere = client.post(reverse("puzzle_answer", args=["scopa", following.split("/")[-2]]),
                            right(Puzzle.objects.get(pk=int(following.split("/")[-2]))), HTTP_HX_REQUEST="true")
    assert elsewhere.context_data["next_url"] == reverse("puzzle_next", args=["scopa"])
