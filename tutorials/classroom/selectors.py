"""Reads for the classroom: who teaches what, the classes a student is in, a class's students."""
from __future__ import annotations

from typing import Any

from django.db.models import Count, Q, QuerySet

from tutorials.classroom.models import Classroom, Membership, Teacher


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


def open_class_by_code(code: str) -> Classroom | None:
    return Classroom.objects.filter(code=code, archived__isnull=True).select_related("owner").first() if code else None


def students_of(classroom: Classroom) -> list[Membership]:
    return list(classroom.members.select_related("user").order_by("real_name", "user__username"))


def co_teachers_of(classroom: Classroom) -> list[Any]:
    return list(classroom.co_teachers.order_by("username"))
