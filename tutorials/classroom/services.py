"""Writes for the classroom: teachers, classes, co-teachers, house rules, students joining.

Every refusal a person can cause is a ClassroomError whose message says what to do; the views
answer it with a 400 and the page again."""
from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tutorials.classroom import codes
from tutorials.classroom.models import MAX_CO_TEACHERS, Classroom, Membership, Teacher


class ClassroomError(ValueError):
    """Something a teacher or a student asked for that cannot be done; the message says why."""


def teacher_enable(*, user: Any) -> Teacher:
    if _is_managed(user):
        raise ClassroomError(_("An account made by a teacher for a class cannot run classes."))
    teacher, _created = Teacher.objects.get_or_create(user=user)
    return teacher


def _is_managed(user: Any) -> bool:
    return Membership.objects.filter(user=user, managed=True).exists()


@transaction.atomic
def classroom_create(*, owner: Any, name: str, description: str = "") -> Classroom:
    if not Teacher.objects.filter(user=owner).exists():
        raise ClassroomError(_("Turn on the teacher account in your account page first."))
    for _attempt in range(5):  # a class code already taken (rare): draw another
        try:
            with transaction.atomic():
                return Classroom.objects.create(owner=owner, name=name.strip(), description=description.strip(),
                                                code=codes.class_code())
        except IntegrityError:
            continue
    raise ClassroomError(_("No free class code was found. Try again."))


def classroom_update(*, classroom: Classroom, name: str, description: str) -> Classroom:
    classroom.name, classroom.description = name.strip(), description.strip()
    classroom.save(update_fields=["name", "description"])
    return classroom


def classroom_archive(*, classroom: Classroom, archived: bool) -> Classroom:
    """Archive (students no longer see its homework, nobody can join) or restore a class."""
    classroom.archived = timezone.now() if archived else None
    classroom.save(update_fields=["archived"])
    return classroom


@transaction.atomic
def co_teacher_add(*, classroom: Classroom, username: str) -> Any:
    user = get_user_model().objects.filter(username=username.strip()).first()
    if user is None or not Teacher.objects.filter(user=user).exists():
        raise ClassroomError(_("No teacher has the username “%(name)s”. A co-teacher needs a teacher account "
                               "of their own first.") % {"name": username.strip()})
    if user.pk == classroom.owner_id:
        raise ClassroomError(_("You run this class already."))
    if classroom.co_teachers.filter(pk=user.pk).exists():
        return user
    if classroom.co_teachers.count() >= MAX_CO_TEACHERS:
        raise ClassroomError(_("A class has at most %(n)s co-teachers.") % {"n": MAX_CO_TEACHERS})
    if classroom.members.filter(user=user).exists():
        raise ClassroomError(_("%(name)s is a student of this class.") % {"name": user.username})
    classroom.co_teachers.add(user)
    return user


def co_teacher_remove(*, classroom: Classroom, username: str) -> None:
    classroom.co_teachers.remove(*classroom.co_teachers.filter(username=username.strip()))


def house_rules_set(*, classroom: Classroom, game: str, options: dict[str, Any]) -> Classroom:
    """The options of the game's practice table the class plays with (already validated by the
    game's own table form)."""
    classroom.house_rules = {**classroom.house_rules, game: options}
    classroom.save(update_fields=["house_rules"])
    return classroom


@transaction.atomic
def membership_join(*, classroom: Classroom, user: Any, real_name: str = "") -> Membership:
    """A learner with an account of their own joins a class (twice is once)."""
    if classroom.is_archived:
        raise ClassroomError(_("This class is archived: nobody can join it now."))
    if user.pk == classroom.owner_id or classroom.co_teachers.filter(pk=user.pk).exists():
        raise ClassroomError(_("You teach this class: a teacher cannot join it as a student."))
    if _is_managed(user) and not classroom.members.filter(user=user).exists():
        raise ClassroomError(_("Your account was made for another class. Ask your teacher to move you."))
    membership, created = Membership.objects.get_or_create(
        classroom=classroom, user=user, defaults={"real_name": real_name.strip()})
    return membership
