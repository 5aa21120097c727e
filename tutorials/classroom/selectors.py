"""Reads for the classroom: who teaches what, the classes a student is in, a class's students."""
from __future__ import annotations

from typing import Any

from django.db.models import Count, Q, QuerySet

from tutorials.classroom.models import Classroom, Membership, Teacher
from tutorials.core.languages import in_reader_language


def is_teacher(user: Any) -> bool:
    return user.is_authenticated and Teacher.objects.filter(user=user).exists()


def taught_by(user: Any) -> QuerySet[Classroom]:
    """The classes `user` runs or co-teaches."""
    return Classroom.objects.filter(Q(owner=user) | Q(co_teachers=user)).distinct()


def classes_taught(user: Any) -> tuple[list[Classroom], list[Classroom]]:
    """(open classes, archived classes) that `user` teaches, each with its number of students."""
    rows = list(taught_by(user).annotate(students=Count("members", distinct=True)).order_by("name", "pk"))
    return [c for c in rows if not c.is_archived], [c for c in rows if c.is_archived]


def class_taught(user: Any, public_id: str) -> Classroom | None:
    """The class with this id if `user` teaches it, else None (as if it did not exist)."""
    if not user.is_authenticated:
        return None
    return taught_by(user).select_related("owner").filter(public_id=public_id).first()


def memberships_of(user: Any) -> list[Membership]:
    """The classes `user` is a student in (open ones), with their teacher."""
    if not user.is_authenticated:
        return []
    return list(Membership.objects.filter(user=user, classroom__archived__isnull=True)
                .select_related("classroom__owner").order_by("classroom__name"))


def open_class_ids(user: Any) -> list[int]:
    """The open classes `user` is a student in, as ids: one query ([] and none for a visitor)."""
    if not user.is_authenticated:
        return []
    return list(Membership.objects.filter(user=user, classroom__archived__isnull=True)
                .values_list("classroom_id", flat=True))


def open_class_by_code(code: str) -> Classroom | None:
    return Classroom.objects.filter(code=code, archived__isnull=True).select_related("owner").first() if code else None


def students_of(classroom: Classroom) -> list[Membership]:
    return list(classroom.members.select_related("user").order_by("real_name", "user__username"))


def co_teachers_of(classroom: Classroom) -> list[Any]:
    return list(classroom.co_teachers.order_by("username"))


def student_in(classroom: Classroom, student_id: str) -> Membership | None:
    return classroom.members.select_related("user").filter(public_id=student_id).first()


def quick_signin_names(classroom: Classroom) -> list[tuple[str, str]]:
    """(student id, sign-in name) of the students who can use the quick sign-in, by name."""
    if not classroom.quick_signin:
        return []
    return list(classroom.members.filter(managed=True).exclude(code_hash="").order_by("sign_in_name")
                .values_list("public_id", "sign_in_name"))


def other_classes(user: Any, classroom: Classroom) -> list[Classroom]:
    """The open classes `user` teaches besides `classroom` (where a student may move)."""
    return list(taught_by(user).filter(archived__isnull=True).exclude(pk=classroom.pk).order_by("name"))


def student_export(membership: Membership) -> dict[str, Any]:
    """Everything the site holds about one student, for the school (GDPR export): the account,
    the class's record of them, and their learning: lessons, puzzles, ratings, reviews, tables,
    live sessions."""
    from tutorials.classroom.live import live_answers_of
    from tutorials.lessons.models import LessonProgress
    from tutorials.puzzles.models import LearnerRating, PuzzleAttempt, ReviewCard
    from tutorials.tables.models import Table

    user = membership.user
    when = _iso
    return {
        "account": {"username": user.username, "joined": when(user.date_joined), "last_login": when(user.last_login),
                    "made_by_the_teacher": membership.managed},
        "class": {"name": membership.classroom.name, "real_name": membership.real_name,
                  "sign_in_name": membership.sign_in_name, "joined": when(membership.joined)},
        "lessons": [
            {"game": p.lesson.game, "lesson": p.lesson.title, "step": p.step, "completed": p.completed,
             "stars": p.stars, "mistakes": p.mistakes, "updated": when(p.updated)}
            for p in LessonProgress.objects.filter(user=user).select_related("lesson").order_by("updated")],
        "puzzle_attempts": [
            {"game": a.puzzle.game, "puzzle": a.puzzle_id, "attempt": a.number, "answer": a.answer,
             "correct": a.correct, "rating_before": a.rating_before, "rating_after": a.rating_after,
             "when": when(a.created)}
            for a in PuzzleAttempt.objects.filter(user=user).select_related("puzzle").order_by("created", "pk")],
        "puzzle_ratings": [{"game": r.game, "rating": round(r.rating, 1), "deviation": round(r.rd, 1)}
                           for r in LearnerRating.objects.filter(user=user).order_by("game")],
        "puzzle_reviews": [{"puzzle": r.puzzle_id, "due": when(r.due), "reviews": r.reviews, "lapses": r.lapses}
                           for r in ReviewCard.objects.filter(user=user).order_by("due")],
        "practice_tables": [
            {"game": t.game, "started": when(t.created), "last_move": when(t.updated), "finished": t.finished,
             "outcome": in_reader_language(t.outcome)}
            for t in Table.objects.filter(owner=user).defer("state_text", "log").order_by("created")],
        "live_answers": live_answers_of(user),
    }


def export_rows(data: dict[str, Any]) -> list[list[Any]]:
    """The export as the rows of one CSV sheet: (record, number, field, value), one value a row."""
    rows: list[list[Any]] = [["record", "number", "field", "value"]]
    for record, content in data.items():
        items = content if isinstance(content, list) else [content]
        for number, item in enumerate(items, start=1):
            rows.extend([record, number, field, value] for field, value in item.items())
    return rows


def _iso(moment: Any) -> str | None:
    return moment.isoformat() if moment else None
