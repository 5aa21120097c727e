"""Reads: how far each student is with each piece of homework.

Nothing is copied when a student learns: a result is worked out from the rows the learning
writes anyway (a lesson's progress and stars, the first answer to each puzzle and the hands of the
practice tables since the homework was set) and from when the student first opened the
homework. A whole class's results take the same few queries however many students and
assignments it has (`homework_results`).
"""
from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta
from typing import Any

from django.db.models import Count, Max
from django.utils import timezone
from django.utils.translation import gettext as _

from tutorials.classroom.models import Assignment, Classroom, HomeworkStart, Membership
from tutorials.core.games import GAMES, GAMES_BY_SLUG
from tutorials.lessons.models import Lesson, LessonProgress, Step
from tutorials.puzzles.models import PuzzleAttempt
from tutorials.puzzles.selectors import Tally
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


def _tries_since(since: datetime, **which: Any) -> list[Try]:
    """(user, puzzle, correct, when) of every answer given since `since`, oldest first."""
    return list(PuzzleAttempt.objects.filter(created__gte=since, user__isnull=False, **which)
                .order_by("created", "pk").values_list("user_id", "puzzle_id", "correct", "created"))


Try = tuple[int, int, bool, datetime]  # user, puzzle, correct, when


def _first_tries(tries: list[Try], since: datetime) -> dict[tuple[int, int], tuple[bool, datetime]]:
    """Each (user, puzzle)'s first answer since `since`: a set counts what was answered for it,
    not a try from before it was set (a review of missed puzzles starts undone)."""
    firsts: dict[tuple[int, int], tuple[bool, datetime]] = {}
    for user, puzzle, correct, when in tries:
        if when >= since:
            firsts.setdefault((user, puzzle), (correct, when))
    return firsts


def _puzzle_sets(assignments: list[Assignment], users: list[int], results: dict[Key, Result]) -> None:
    if not assignments:
        return
    sets: dict[int, list[int]] = defaultdict(list)
    for assignment_id, puzzle_id in Assignment.puzzles.through.objects.filter(
            assignment__in=assignments).values_list("assignment_id", "puzzle_id"):
        sets[assignment_id].append(puzzle_id)
    puzzles = {p for ids in sets.values() for p in ids}
    tries = _tries_since(min(a.created for a in assignments), user_id__in=users, puzzle_id__in=puzzles)
    for assignment in assignments:
        ids = sets.get(assignment.pk, [])
        firsts = _first_tries(tries, assignment.created)
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


def homework_of(user: Any, now: datetime | None = None, *, classes: list[int] | None = None) -> list[Homework]:
    """The student's homework in their open classes, soonest due first, each with its result:
    none (and one query) for a learner in no class. `classes`: the ids of those classes when the
    caller knows them (selectors.open_class_ids): none, no query."""
    if not user.is_authenticated or classes == []:
        return []
    now = now or timezone.now()
    since = timezone.localtime(now).date() - timedelta(days=HOMEWORK_DAYS)
    assignments = Assignment.objects.filter(due__gte=since)
    if classes is None:
        assignments = assignments.filter(classroom__members__user=user, classroom__archived__isnull=True)
    else:
        assignments = assignments.filter(classroom_id__in=classes)
    assignments = list(assignments.select_related("classroom").order_by("due", "pk")[:HOMEWORK_SHOWN])
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
    """The set's puzzles, easiest first, each with the student's first try since it was set."""
    puzzles = list(assignment.puzzles.order_by("rating", "pk"))
    firsts = _first_tries(_tries_since(assignment.created, user=user, puzzle__in=puzzles), assignment.created)
    return [SetPuzzle(p, firsts[user.pk, p.pk][0] if (user.pk, p.pk) in firsts else None) for p in puzzles]


# -- the teacher's table ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Cell:
    """One student's result on one assignment, as the table shows it (worked out once here, so
    that a table of 2,000 cells is quick to draw)."""

    result: Result
    text: str  # "done 3★", "done 80%", "4/10", "—"
    css: str

    @classmethod
    def of(cls, result: Result) -> Cell:
        if result.done:
            score = f" {result.stars}★" if result.stars else (f" {result.accuracy}%" if result.accuracy is not None else "")
            text, css = _("done") + score, "cell--done"
        elif result.started:
            text, css = f"{result.count}/{result.total}", "cell--part"
        else:
            text, css = "—", "cell--none"
        if result.late:
            text, css = f"{text} · {_('late')}", f"{css} cell--late"
        return cls(result, text, css)


@dataclass
class TableRow:
    membership: Membership
    cells: list[Cell]

    @property
    def done(self) -> int:
        return sum(1 for cell in self.cells if cell.result.done)


@dataclass
class ClassTable:
    assignments: list[Assignment]
    rows: list[TableRow]

    def done_counts(self) -> list[int]:
        """How many students finished each assignment."""
        return [sum(1 for row in self.rows if row.cells[i].result.done) for i in range(len(self.assignments))]


def class_table(classroom: Classroom, now: datetime | None = None) -> ClassTable:
    """Students × assignments: a fixed number of queries whatever the size of the class."""
    members = list(classroom.members.select_related("user").order_by("real_name", "user__username"))
    assignments = list(classroom.assignments.order_by("due", "pk"))
    found = homework_results(assignments, [m.user_id for m in members], now)
    rows = [TableRow(m, [Cell.of(found[a.pk, m.user_id]) for a in assignments]) for m in members]
    return ClassTable(assignments, rows)


def table_csv_rows(table: ClassTable) -> list[list[Any]]:
    """The table as a spreadsheet: a row per student, four columns per assignment."""
    header: list[Any] = [_("student"), _("username")]
    for a in table.assignments:
        header += [f"{a.title} ({a.due}): {_('done')}", f"{a.title}: {_('score')}", f"{a.title}: {_('late')}",
                   f"{a.title}: {_('finished at')}"]
    rows = [header]
    for row in table.rows:
        line: list[Any] = [row.membership.real_name, row.membership.user.username]
        for cell in row.cells:
            r = cell.result
            score = r.stars if r.stars is not None else (f"{r.accuracy}%" if r.accuracy is not None else
                                                         f"{r.count}/{r.total}")
            line += ["yes" if r.done else "no", score, "yes" if r.late else "no",
                     timezone.localtime(r.done_at).strftime("%Y-%m-%d %H:%M") if r.done_at else ""]
        rows.append(line)
    return rows


# -- one student, drilled down ----------------------------------------------------------------------------
WINDOWS = (7, 30)  # days


@dataclass
class Window:
    days: int
    tried: int = 0
    solved: int = 0
    rating_from: float | None = None  # before the window's first rated attempt
    rating_to: float | None = None  # after its last

    @property
    def rating_change(self) -> float | None:
        return None if self.rating_from is None or self.rating_to is None else self.rating_to - self.rating_from

    @property
    def accuracy(self) -> int | None:
        return round(100 * self.solved / self.tried) if self.tried else None


@dataclass
class GameReport:
    slug: str
    name: str
    lessons_done: int = 0
    lessons: int = 0
    stars: int = 0
    puzzles_tried: int = 0
    puzzles_solved: int = 0
    windows: list[Window] = field(default_factory=list)

    @property
    def active(self) -> bool:
        return bool(self.lessons_done or self.puzzles_tried)


@dataclass
class StudentReport:
    games: list[GameReport]
    last_active: datetime | None
    missed: list[Any]  # first attempts that were wrong, latest first (PuzzleAttempt, puzzle loaded)
    solved_later: set[int]  # of those puzzles, the ones answered right since


def student_report(user: Any, now: datetime | None = None, missed_shown: int = 30) -> StudentReport:
    """Lessons and stars per game, puzzles solved, first-try accuracy and rating change over the
    last 7 and 30 days, when the student was last active, and the puzzles they missed."""
    now = now or timezone.now()
    games = {g.slug: GameReport(g.slug, str(g.name), windows=[Window(d) for d in WINDOWS]) for g in GAMES}
    for game, n in Lesson.objects.filter(retired=False).order_by().values("game").annotate(n=Count("pk")).values_list(
            "game", "n"):
        if game in games:
            games[game].lessons = n
    last: list[datetime] = [user.last_login] if user.last_login else []
    for game, updated, completed, stars in LessonProgress.objects.filter(user=user).values_list(
            "lesson__game", "updated", "completed", "stars"):
        last.append(updated)
        if completed and game in games:
            games[game].lessons_done += 1
            games[game].stars += stars
    firsts = PuzzleAttempt.objects.filter(user=user, number=0).order_by("created", "pk").values_list(
        "puzzle__game", "correct", "created", "rated", "rating_before", "rating_after")
    for game, correct, created, rated, before, after in firsts:
        report = games.get(game)
        if report is None:
            continue
        report.puzzles_tried += 1
        report.puzzles_solved += int(correct)
        for window in report.windows:
            if created < now - timedelta(days=window.days):
                continue
            window.tried += 1
            window.solved += int(correct)
            if rated and before is not None and after is not None:
                if window.rating_from is None:
                    window.rating_from = before
                window.rating_to = after
    for latest in (PuzzleAttempt.objects.filter(user=user).aggregate(latest=Max("created"))["latest"],
                   Table.objects.filter(owner=user).aggregate(latest=Max("updated"))["latest"]):
        if latest:
            last.append(latest)
    missed = list(PuzzleAttempt.objects.filter(user=user, number=0, correct=False).select_related("puzzle")
                  .order_by("-created", "-pk")[:missed_shown])
    solved_later = set(PuzzleAttempt.objects.filter(user=user, correct=True, puzzle_id__in=[a.puzzle_id for a in missed])
                       .values_list("puzzle_id", flat=True)) if missed else set()
    return StudentReport(list(games.values()), max(last) if last else None, missed, solved_later)


def report_csv_rows(report: StudentReport) -> list[list[Any]]:
    """The drill-down as a spreadsheet: a row per game, then the missed puzzles."""
    header = [_("game"), _("lessons done"), _("lessons"), _("stars"), _("puzzles tried"), _("puzzles solved")]
    for days in WINDOWS:
        header += [_("accuracy, last %(n)s days (%%)") % {"n": days}, _("rating change, last %(n)s days") % {"n": days}]
    rows: list[list[Any]] = [header]
    for g in report.games:
        line: list[Any] = [g.name, g.lessons_done, g.lessons, g.stars, g.puzzles_tried, g.puzzles_solved]
        for w in g.windows:
            line += [w.accuracy if w.accuracy is not None else "",
                     round(w.rating_change) if w.rating_change is not None else ""]
        rows.append(line)
    rows += [[], [_("missed puzzle"), _("game"), _("answered"), _("when"), _("solved since")]]
    for a in report.missed:
        rows.append([a.puzzle_id, a.puzzle.game, a.answer, timezone.localtime(a.created).strftime("%Y-%m-%d %H:%M"),
                     "yes" if a.puzzle_id in report.solved_later else "no"])
    return rows


# -- review our mistakes ------------------------------------------------------------------------------
REVIEW_DAYS = 7
REVIEW_MIN_TRIES = 3  # a theme tried fewer times by the class says little
REVIEW_THEMES = 3
REVIEW_PUZZLES = 10


@dataclass
class ReviewPlan:
    """A game's weakest themes in the class over the last week, and the puzzles the class
    failed in them (those most students failed first)."""

    game: str
    game_name: str
    themes: list[Tally]  # a theme's tally: its key is the theme
    puzzles: list[int]


def review_plans(classroom: Classroom, now: datetime | None = None) -> list[ReviewPlan]:
    """For each game: the class's weakest themes over the last week (the lowest share of first
    tries right, among themes tried at least three times, with a miss) and the puzzles missed
    in them. One query."""
    from tutorials.puzzles.registry import PUZZLE_GAMES

    since = (now or timezone.now()) - timedelta(days=REVIEW_DAYS)
    firsts = PuzzleAttempt.objects.filter(
        user__memberships__classroom=classroom, number=0, created__gte=since).values_list(
        "puzzle_id", "puzzle__game", "puzzle__themes", "correct")
    tallies: dict[str, dict[str, Tally]] = defaultdict(dict)
    failed: dict[str, Counter] = defaultdict(Counter)
    themes_of: dict[int, list[str]] = {}
    for puzzle, game, themes, correct in firsts:
        info = PUZZLE_GAMES.get(game)
        if info is None:
            continue
        themes_of[puzzle] = themes or []
        for theme in themes or []:
            tally = tallies[game].setdefault(theme, Tally(theme, str(info.themes.get(theme, theme))))
            tally.tried += 1
            tally.solved += int(correct)
        if not correct:
            failed[game][puzzle] += 1
    plans = []
    for game in PUZZLE_GAMES:
        weak = sorted((t for t in tallies[game].values() if t.tried >= REVIEW_MIN_TRIES and t.solved < t.tried),
                      key=lambda t: (t.solved / t.tried, -t.tried, t.key))[:REVIEW_THEMES]
        if not weak:
            continue
        keys = {t.key for t in weak}
        missed = [p for p, _n in sorted(failed[game].items(), key=lambda item: (-item[1], item[0]))
                  if keys & set(themes_of[p])][:REVIEW_PUZZLES]
        plans.append(ReviewPlan(game, str(GAMES_BY_SLUG[game].name), weak, missed))
    return plans
