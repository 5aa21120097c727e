"""Reads: how far each student is with each piece of homework.

Nothing is copied when a student learns: a result is worked out from the rows the learning
writes anyway (a lesson's progress and stars, the first attempt at each puzzle, the hands of the
practice tables started since the homework was set) and from when the student first opened the
homework. A whole class's results take the same few queries however many students and
assignments it has (`homework_results`).
"""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from typing import Any

from django.db.models import Count
from django.utils import timezone

from tutorials.classroom.models import Assignment, HomeworkStart
from tutorials.lessons.models import LessonProgress, Step
from tutorials.puzzles.models import PuzzleAttempt
from tutorials.tables.models import Table

Key = tuple[int, int]  # (assignment pk, user pk)


@dataclass
class Result:
    """One student's result on one assignment."""

    kind: str = ""
    count: int = 0  # lesson steps passed, puzzles tried, hands played
    total: int = 0
    done_at: datetime | None = None
    stars: int | None = None  # a lesson's stars, once done
    solved: int = 0  # puzzles right at the first try
    opened: datetime | None = None
    late: bool = False

    @property
    def done(self) -> bool:
        return self.done_at is not None

    @property
    def percent(self) -> int:
        if self.done:
            return 100
        return min(99, round(100 * self.count / self.total)) if self.total else 0

    @property
    def accuracy(self) -> int | None:
        """First-try accuracy on a puzzle set, in percent (None before any try)."""
        return round(100 * self.solved / self.count) if self.count and self.kind == Assignment.PUZZLES else None

    @property
    def seconds(self) -> int | None:
        """Time from first opening the homework to finishing it (None if not known)."""
        if self.done_at is None or self.opened is None or self.done_at < self.opened:
            return None
        return int((self.done_at - self.opened).total_seconds())

    @property
    def started(self) -> bool:
        return self.count > 0 or self.done


def deadline(due: date) -> datetime:
    """The end of the due day, in the site's time zone."""
    return timezone.make_aware(datetime.combine(due + timedelta(days=1), time.min))


def homework_results(assignments: Iterable[Assignment], user_ids: Iterable[int],
                     now: datetime | None = None) -> dict[Key, Result]:
    """Every (assignment, student) result, in at most six queries."""
    assignments, users = list(assignments), list(user_ids)
    now = now or timezone.now()
    results: dict[Key, Result] = {(a.pk, u): Result(a.kind) for a in assignments for u in users}
    if not assignments or not users:
        return results
    by_kind: dict[str, list[Assignment]] = defaultdict(list)
    for assignment in assignments:
        by_kind[assignment.kind].append(assignment)
    _lessons(by_kind[Assignment.LESSON], users, results)
    _puzzle_sets(by_kind[Assignment.PUZZLES], users, results)
    _practice(by_kind[Assignment.PRACTICE], users, results)
    for assignment_id, user_id, opened in HomeworkStart.objects.filter(
            assignment__in=assignments, user_id__in=users).values_list("assignment_id", "user_id", "opened"):
        results[assignment_id, user_id].opened = opened
    for assignment in assignments:
        end = deadline(assignment.due)
        for user_id in users:
            result = results[assignment.pk, user_id]
            result.late = (result.done_at or now) > end
    return results


def _lessons(assignments: list[Assignment], users: list[int], results: dict[Key, Result]) -> None:
    lessons = {a.lesson_id for a in assignments if a.lesson_id}
    if not lessons:
        return
    steps = dict(Step.objects.filter(lesson_id__in=lessons).order_by().values("lesson_id")
                 .annotate(n=Count("pk")).values_list("lesson_id", "n"))
    progress = {(user, lesson): (step, completed, stars, updated)
                for user, lesson, step, completed, stars, updated in LessonProgress.objects.filter(
                    user_id__in=users, lesson_id__in=lessons).values_list(
                    "user_id", "lesson_id", "step", "completed", "stars", "updated")}
    for assignment in assignments:
        total = steps.get(assignment.lesson_id, 0)
        for user in users:
            result = results[assignment.pk, user]
            result.total = total
            found = progress.get((user, assignment.lesson_id))
            if found is None:
                continue
            step, completed, stars, updated = found
            result.count = total if completed else step - 1
            if completed:
                result.done_at, result.stars = updated, stars


def _puzzle_sets(assignments: list[Assignment], users: list[int], results: dict[Key, Result]) -> None:
    if not assignments:
        return
    sets: dict[int, list[int]] = defaultdict(list)
    for assignment_id, puzzle_id in Assignment.puzzles.through.objects.filter(
            assignment__in=assignments).values_list("assignment_id", "puzzle_id"):
        sets[assignment_id].append(puzzle_id)
    puzzles = {p for ids in sets.values() for p in ids}
    firsts = {(user, puzzle): (correct, created) for user, puzzle, correct, created in PuzzleAttempt.objects.filter(
        user_id__in=users, puzzle_id__in=puzzles, number=0).values_list("user_id", "puzzle_id", "correct", "created")}
    for assignment in assignments:
        ids = sets.get(assignment.pk, [])
        for user in users:
            result = results[assignment.pk, user]
            tried = [firsts[user, p] for p in ids if (user, p) in firsts]
            result.total, result.count = len(ids), len(tried)
            result.solved = sum(1 for correct, _when in tried if correct)
            if ids and len(tried) == len(ids):
                result.done_at = max(when for _correct, when in tried)


def _practice(assignments: list[Assignment], users: list[int], results: dict[Key, Result]) -> None:
    """Hands played at practice tables of the game started since the homework was set."""
    if not assignments:
        return
    tables = Table.objects.filter(owner_id__in=users, game__in={a.game for a in assignments},
                                  created__gte=min(a.created for a in assignments), hands__gt=0)
    played: dict[tuple[int, str], list[tuple[Any, int, Any]]] = defaultdict(list)
    for owner, game, hands, created, updated in tables.order_by("updated", "pk").values_list(
            "owner_id", "game", "hands", "created", "updated"):
        played[owner, game].append((created, hands, updated))
    for assignment in assignments:
        for user in users:
            result = results[assignment.pk, user]
            result.total = assignment.hands
            for created, hands, updated in played.get((user, assignment.game), []):
                if created < assignment.created:
                    continue
                result.count += hands
                if result.count >= assignment.hands and result.done_at is None:
                    result.done_at = updated
            result.count = min(result.count, assignment.hands)


# -- a student's homework ---------------------------------------------------------------------------
HOMEWORK_DAYS = 30  # homework due longer ago than this leaves the home page
HOMEWORK_SHOWN = 20


@dataclass
class Homework:
    assignment: Assignment
    result: Result


def homework_of(user: Any, now: datetime | None = None) -> list[Homework]:
    """The student's homework in their open classes, soonest due first, each with its result:
    none (and one query) for a learner in no class."""
    if not user.is_authenticated:
        return []
    now = now or timezone.now()
    since = timezone.localtime(now).date() - timedelta(days=HOMEWORK_DAYS)
    assignments = list(Assignment.objects.filter(
        classroom__members__user=user, classroom__archived__isnull=True, due__gte=since)
        .select_related("classroom").order_by("due", "pk")[:HOMEWORK_SHOWN])
    results = homework_results(assignments, [user.pk], now)
    return [Homework(a, results[a.pk, user.pk]) for a in assignments]


def assignment_for_student(user: Any, assignment_id: str) -> Assignment | None:
    """The assignment if it is homework of an open class `user` is a student in."""
    if not user.is_authenticated:
        return None
    return (Assignment.objects.filter(public_id=assignment_id, classroom__members__user=user,
                                      classroom__archived__isnull=True)
            .select_related("classroom", "lesson").first())


@dataclass
class SetPuzzle:
    puzzle: Any
    correct: bool | None  # the first try's verdict; None before any


def puzzle_set_of(assignment: Assignment, user: Any) -> list[SetPuzzle]:
    """The set's puzzles, easiest first, each with the student's first try."""
    puzzles = list(assignment.puzzles.order_by("rating", "pk"))
    firsts = dict(PuzzleAttempt.objects.filter(user=user, puzzle__in=puzzles, number=0)
                  .values_list("puzzle_id", "correct"))
    return [SetPuzzle(p, firsts.get(p.pk)) for p in puzzles]
