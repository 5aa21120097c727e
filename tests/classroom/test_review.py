"""Review our mistakes (issue 15): the class's weakest themes over the last week, and one click
sets the puzzles the class failed in them as homework."""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.classroom.support import a_class, client_of, student_of
from tests.puzzles.support import right as right_answer
from tutorials.classroom.models import Assignment
from tutorials.classroom.results import homework_results, review_plans
from tutorials.puzzles.models import Puzzle, PuzzleAttempt, theme_key
from tutorials.puzzles.registry import PUZZLE_GAMES
from tutorials.puzzles.services import puzzles_store

pytestmark = pytest.mark.django_db


@pytest.fixture
def week(shipped_specs):
    """A class whose students tried puzzles of three themes this week (and one long ago):
    theme A 1 of 5 right, theme B 3 of 4, theme C 0 of 2 (too few tries to judge)."""
    puzzles_store(game="scopa", specs=shipped_specs[:12])
    a, b, c = list(PUZZLE_GAMES["scopa"].themes)[:3]
    puzzles = list(Puzzle.objects.order_by("pk"))
    themes = {0: [a], 1: [a], 2: [a, b], 3: [b], 4: [b], 5: [c], 6: [c], 7: [a]}
    for index, keys in themes.items():
        Puzzle.objects.filter(pk=puzzles[index].pk).update(themes=keys, theme_key=theme_key(keys))
    classroom = a_class()
    ada, bo, cy = (student_of(classroom, name, name.title()) for name in ("ada", "bo", "cy"))
    outsider = student_of(a_class(name="4A"), "otto")  # another class's mistakes are not this class's
    tries = [  # (student, puzzle index, right)
        (ada, 0, False), (bo, 0, False), (cy, 0, True), (ada, 1, False), (bo, 2, False),
        (ada, 3, True), (bo, 3, True), (cy, 4, True),
        (ada, 5, False), (bo, 6, False),
        (outsider, 1, False), (outsider, 7, False),
    ]
    for user, index, right in tries:
        PuzzleAttempt.objects.create(user=user, puzzle=puzzles[index], answer="-", correct=right, loss=0 if right else 1)
    old = PuzzleAttempt.objects.create(user=cy, puzzle=puzzles[7], answer="-", correct=False, loss=1)
    PuzzleAttempt.objects.filter(pk=old.pk).update(created=timezone.now() - timedelta(days=8))
    return classroom, puzzles, (a, b, c)


def test_the_weakest_themes_of_the_week_and_the_puzzles_missed_in_them(week):
    classroom, puzzles, (a, b, _c) = week
    (plan,) = review_plans(classroom)
    assert [(t.key, t.solved, t.tried) for t in plan.themes] == [(a, 1, 5), (b, 3, 4)]
    # failed by two students first, then by one, in the order of the puzzles
    assert plan.puzzles == [puzzles[0].pk, puzzles[1].pk, puzzles[2].pk]


def test_one_click_sets_the_review_as_homework(week):
    classroom, puzzles, _themes = week
    client = client_of(classroom.owner)
    page = client.get(reverse("classroom:class_show", args=[classroom.public_id])).content.decode()
    assert 'data-testid="review"' in page and "Review our mistakes: 3 Scopa puzzles" in page
    response = client.post(reverse("classroom:review_mistakes", args=[classroom.public_id]), {"game": "scopa"})
    assert response.status_code == 302
    work = Assignment.objects.get()
    assert work.title.startswith("Review our mistakes: Scopa")
    assert sorted(work.puzzles.values_list("pk", flat=True)) == sorted(p.pk for p in puzzles[:3])
    assert work.due == timezone.localdate() + timedelta(days=7)
    assert "Review our mistakes" in client_of(classroom.members.first().user).get("/").content.decode()


@pytest.mark.parametrize("game", ["settemezzo", "chess", ""])
def test_nothing_to_review_is_a_400_with_a_message(week, game):
    classroom, _p, _t = week
    response = client_of(classroom.owner).post(reverse("classroom:review_mistakes", args=[classroom.public_id]),
                                               {"game": game})
    assert response.status_code == 400 and b"nothing to review" in response.content
    assert not Assignment.objects.exists()


def test_a_class_without_mistakes_this_week_has_no_review(week):
    classroom, _p, _t = week
    PuzzleAttempt.objects.update(created=timezone.now() - timedelta(days=8))
    assert review_plans(classroom) == []
    page = client_of(classroom.owner).get(reverse("classroom:class_show", args=[classroom.public_id]))
    assert b'data-testid="review"' not in page.content


def test_a_review_of_missed_puzzles_starts_undone_and_counts_the_retries(week, no_rate_limits):
    """The puzzles of a review were all answered (wrongly) before it was set: it counts only what
    the students answer for it, as a practice homework counts only the hands played after it."""
    classroom, puzzles, _themes = week
    client_of(classroom.owner).post(reverse("classroom:review_mistakes", args=[classroom.public_id]), {"game": "scopa"})
    work = Assignment.objects.get()
    PuzzleAttempt.objects.update(created=timezone.now() - timedelta(days=1))  # the week's tries, before the review
    ada = classroom.members.get(user__username="ada").user
    result = homework_results([work], [ada.pk])[work.pk, ada.pk]
    assert (result.count, result.total, result.done) == (0, 3, False)
    client = client_of(ada)
    assert client.get(reverse("classroom:homework", args=[work.public_id])).content.decode().count("not tried yet") == 3
    retried = puzzles[0]  # missed before: her second answer, right this time
    client.post(reverse("puzzle_answer", args=["scopa", retried.pk]), right_answer(retried, number=1))
    result = homework_results([work], [ada.pk])[work.pk, ada.pk]
    assert (result.count, result.solved, result.done) == (1, 1, False)
    page = client.get(reverse("classroom:homework", args=[work.public_id])).content.decode()
    assert page.count("right ✓") == 1 and page.count("not tried yet") == 2
