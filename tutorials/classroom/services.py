"""Writes for the classroom: teachers, classes, co-teachers, house rules, students joining.

Every refusal a person can cause is a ClassroomError whose message says what to do; the views
answer it with a 400 and the page again."""
from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import date
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import check_password, make_password
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tutorials.classroom import codes
from tutorials.classroom.live import players_erase
from tutorials.classroom.models import (
    MAX_CO_TEACHERS,
    Assignment,
    Classroom,
    HomeworkStart,
    Membership,
    Teacher,
)
from tutorials.core.games import GAMES_BY_SLUG
from tutorials.lessons.models import Lesson
from tutorials.puzzles.models import Puzzle
from tutorials.puzzles.registry import PUZZLE_GAMES
from tutorials.puzzles.selectors import puzzles_of
from tutorials.tables.registry import ADAPTERS


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
def classroom_create(*, owner: Any, name: str, description: str = "", quick_signin: bool = False) -> Classroom:
    if not Teacher.objects.filter(user=owner).exists():
        raise ClassroomError(_("Turn on the teacher account in your account page first."))
    for _attempt in range(5):  # a class code already taken (rare): draw another
        try:
            with transaction.atomic():
                return Classroom.objects.create(owner=owner, name=name.strip(), description=description.strip(),
                                                quick_signin=quick_signin, code=codes.class_code())
        except IntegrityError:
            continue
    raise ClassroomError(_("No free class code was found. Try again."))


def classroom_update(*, classroom: Classroom, name: str, description: str, quick_signin: bool) -> Classroom:
    classroom.name, classroom.description = name.strip(), description.strip()
    classroom.quick_signin = quick_signin
    classroom.save(update_fields=["name", "description", "quick_signin"])
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


# -- students whose accounts the teacher makes -----------------------------------------------------
MAX_NEW_STUDENTS = 60  # names in one list


@dataclass(frozen=True)
class Credentials:
    """What goes on a login card: shown once, right after it is made (only hashes are kept)."""

    membership: Membership
    username: str
    password: str
    code: str


def names_from_list(text: str) -> list[str]:
    """One name a line (blank lines skipped, spaces tidied); ClassroomError for a list that is
    empty, too long, or has a name too long."""
    names = [" ".join(line.split()) for line in (text or "").splitlines()]
    names = [name for name in names if name]
    if not names:
        raise ClassroomError(_("Write the students' names, one a line."))
    if len(names) > MAX_NEW_STUDENTS:
        raise ClassroomError(_("At most %(n)s students at a time: split the list.") % {"n": MAX_NEW_STUDENTS})
    long = [name for name in names if len(name) > 120]
    if long:
        raise ClassroomError(_("This name is longer than 120 characters: %(name)s…") % {"name": long[0][:40]})
    return names


def sign_in_name_for(real_name: str, taken: set[str]) -> str:
    """What the quick sign-in lists: the first name and the last name's initial ("Stella R."),
    numbered if the class has it already ("Stella R. 2")."""
    words = real_name.split()
    base = f"{words[0]} {words[-1][0].upper()}." if len(words) > 1 else words[0]
    base = base[:34]
    name, n = base, 1
    while name.casefold() in taken:
        n += 1
        name = f"{base} {n}"
    taken.add(name.casefold())
    return name


def _free_username() -> str:
    User = get_user_model()
    for _attempt in range(50):
        name = codes.username()
        if not User.objects.filter(username__iexact=name).exists():
            return name
    raise ClassroomError(_("No free username was found. Try again."))


@transaction.atomic
def students_create(*, classroom: Classroom, names: list[str]) -> list[Credentials]:
    """An account for each name (a generated username, an easy password, a personal code; no
    email), each a managed student of `classroom`. Returns the login cards' contents."""
    if classroom.is_archived:
        raise ClassroomError(_("This class is archived. Restore it to add students."))
    taken = {n.casefold() for n in classroom.members.values_list("sign_in_name", flat=True) if n}
    made = []
    for name in names:
        password, code = codes.easy_password(), codes.personal_code()
        user = get_user_model().objects.create_user(_free_username(), password=password)
        membership = Membership.objects.create(
            classroom=classroom, user=user, real_name=name, managed=True,
            sign_in_name=sign_in_name_for(name, taken), code_hash=make_password(code))
        made.append(Credentials(membership, user.username, password, code))
    return made


@transaction.atomic
def student_reset(*, membership: Membership) -> Credentials:
    """A new password and personal code for a student whose account the teacher made (this also
    unlocks a quick sign-in locked by wrong codes)."""
    if not membership.managed:
        raise ClassroomError(_("This student made their own account: only they can change its password."))
    password, code = codes.easy_password(), codes.personal_code()
    user = membership.user
    user.set_password(password)
    user.save(update_fields=["password"])
    membership.code_hash, membership.failed_codes = make_password(code), 0
    membership.save(update_fields=["code_hash", "failed_codes"])
    return Credentials(membership, user.username, password, code)


def student_remove(*, membership: Membership) -> None:
    """A student who joined with their own account leaves the class; their progress stays theirs."""
    if membership.managed:
        raise ClassroomError(_("This account was made for the class: move the student to another class, "
                               "or erase their data."))
    membership.delete()


@transaction.atomic
def student_move(*, membership: Membership, to: Classroom) -> Membership:
    """Move a student to another class; what they did stays with their account."""
    if to.pk == membership.classroom_id:
        raise ClassroomError(_("The student is in this class already."))
    if to.is_archived:
        raise ClassroomError(_("That class is archived. Restore it first."))
    if to.members.filter(user_id=membership.user_id).exists():
        raise ClassroomError(_("The student is in that class already."))
    if membership.sign_in_name:
        taken = {n.casefold() for n in to.members.values_list("sign_in_name", flat=True) if n}
        membership.sign_in_name = sign_in_name_for(membership.real_name or membership.sign_in_name, taken)
    membership.classroom = to
    membership.save(update_fields=["classroom", "sign_in_name"])
    return membership


@transaction.atomic
def student_erase(*, membership: Membership) -> None:
    """Erase a student's data (the school is the controller). An account the teacher made goes
    entirely, with everything it did; a student with an account of their own leaves the class,
    and what the class kept about them (their name for the teacher, their homework, their answers
    in its live sessions) goes."""
    if membership.managed:
        players_erase(membership.user)  # a guest's row would outlive the account, under its name
        membership.user.delete()
    else:
        HomeworkStart.objects.filter(user=membership.user, assignment__classroom=membership.classroom).delete()
        players_erase(membership.user, membership.classroom)
        membership.delete()


def quick_sign_in(*, classroom: Classroom, student_id: str, code: str) -> Any:
    """The account of the class's student `student_id` if `code` is their personal code.
    Ten wrong codes in a row lock the quick sign-in until the teacher gives a new code."""
    wrong = ClassroomError(_("That name and code do not match. Try again, or ask your teacher."))
    if not classroom.quick_signin:
        raise ClassroomError(_("This class does not use the quick sign-in. Log in with your username."))
    membership = classroom.members.filter(public_id=student_id, managed=True).select_related("user").first()
    if membership is None or not membership.code_hash:
        raise wrong
    if membership.quick_signin_locked:
        raise ClassroomError(_("Too many wrong codes: ask your teacher for a new card."))
    if not check_password(codes.normal_personal_code(code), membership.code_hash):
        Membership.objects.filter(pk=membership.pk).update(failed_codes=F("failed_codes") + 1)
        raise wrong
    if membership.failed_codes:
        Membership.objects.filter(pk=membership.pk).update(failed_codes=0)
    return membership.user


# -- homework -----------------------------------------------------------------------------------
MAX_SET = 30  # puzzles in one set
MAX_HANDS = 50


def _assignment(classroom: Classroom, by: Any, **fields: Any) -> Assignment:
    if classroom.is_archived:
        raise ClassroomError(_("This class is archived. Restore it to set homework."))
    return Assignment.objects.create(classroom=classroom, made_by=by, **fields)


def assignment_lesson(*, classroom: Classroom, lesson: Lesson, due: date, by: Any) -> Assignment:
    if lesson.retired:
        raise ClassroomError(_("This lesson is no longer offered. Choose another."))
    return _assignment(classroom, by, kind=Assignment.LESSON, game=lesson.game, lesson=lesson,
                       title=_("Lesson: %(title)s") % {"title": lesson.title}, due=due)


@transaction.atomic
def assignment_puzzles(*, classroom: Classroom, game: str, due: date, by: Any, theme: str = "", count: int = 10,
                       rating_min: int | None = None, rating_max: int | None = None,
                       picked: list[int] | None = None, title: str = "") -> Assignment:
    """A set of the game's puzzles: hand-picked (by number), or `count` drawn at random among
    those of the theme and the rating range. Everyone in the class gets the same set."""
    info = PUZZLE_GAMES.get(game)
    if info is None:
        raise ClassroomError(_("This game has no puzzles yet."))
    if theme and theme not in info.themes:
        raise ClassroomError(_("Choose one of the game's themes."))
    if picked:
        chosen = _picked_puzzles(game, picked)
        how: dict[str, Any] = {"picked": sorted(p.pk for p in chosen)}
    else:
        chosen = _drawn_puzzles(game, theme, count, rating_min, rating_max)
        how = {"theme": theme, "count": count, "rating_min": rating_min, "rating_max": rating_max}
    if not title:
        name = GAMES_BY_SLUG[game].name
        label = str(info.themes[theme]) if theme else ""
        title = (_("%(game)s puzzles: %(theme)s") % {"game": name, "theme": label} if label
                 else _("%(game)s puzzles") % {"game": name})
    assignment = _assignment(classroom, by, kind=Assignment.PUZZLES, game=game, title=title, how=how, due=due)
    assignment.puzzles.set(chosen)
    return assignment


def _picked_puzzles(game: str, picked: list[int]) -> list[Puzzle]:
    wanted = list(dict.fromkeys(picked))
    if len(wanted) > MAX_SET:
        raise ClassroomError(_("A set has at most %(n)s puzzles.") % {"n": MAX_SET})
    found = {p.pk: p for p in Puzzle.objects.filter(game=game, retired=False, pk__in=wanted)}
    missing = [str(n) for n in wanted if n not in found]
    if missing:
        raise ClassroomError(_("These numbers are not puzzles of this game: %(numbers)s.") % {
            "numbers": ", ".join(missing)})
    return [found[n] for n in wanted]


def _drawn_puzzles(game: str, theme: str, count: int, low: int | None, high: int | None) -> list[Puzzle]:
    if not 1 <= count <= MAX_SET:
        raise ClassroomError(_("A set has from 1 to %(n)s puzzles.") % {"n": MAX_SET})
    if low is not None and high is not None and low > high:
        raise ClassroomError(_("The lowest rating is above the highest."))
    candidates = puzzles_of(game, theme)
    if low is not None:
        candidates = candidates.filter(rating__gte=low)
    if high is not None:
        candidates = candidates.filter(rating__lte=high)
    ids = list(candidates.values_list("pk", flat=True))
    if not ids:
        raise ClassroomError(_("No puzzle of this game has that theme and rating. Widen the range."))
    return list(Puzzle.objects.filter(pk__in=random.sample(ids, min(count, len(ids)))).order_by("rating", "pk"))


def assignment_practice(*, classroom: Classroom, game: str, hands: int, due: date, by: Any) -> Assignment:
    if game not in ADAPTERS:
        raise ClassroomError(_("This game has no practice table yet."))
    if not 1 <= hands <= MAX_HANDS:
        raise ClassroomError(_("Ask for 1 to %(n)s hands.") % {"n": MAX_HANDS})
    title = ngettext("%(game)s: play %(n)s hand", "%(game)s: play %(n)s hands", hands) % {
        "game": GAMES_BY_SLUG[game].name, "n": hands}
    return _assignment(classroom, by, kind=Assignment.PRACTICE, game=game, hands=hands, title=title, due=due)


def assignment_delete(*, assignment: Assignment) -> None:
    """Homework withdrawn: what the students did stays theirs (it was never copied here)."""
    assignment.delete()


def homework_open(*, assignment: Assignment, user: Any) -> HomeworkStart:
    """The student opens the homework: the first time is kept (time spent counts from it)."""
    start, _created = HomeworkStart.objects.get_or_create(assignment=assignment, user=user)
    return start


def assignment_review(*, classroom: Classroom, game: str, due: date, by: Any, now: Any = None) -> Assignment:
    """"Review our mistakes": a puzzle set of what the class missed this week in its weakest
    themes of `game` (worked out again here, never taken from the page)."""
    from tutorials.classroom.results import review_plans

    plan = next((p for p in review_plans(classroom, now) if p.game == game), None)
    if plan is None or not plan.puzzles:
        raise ClassroomError(_("The class missed no puzzle of this game this week: nothing to review."))
    themes = ", ".join(t.label for t in plan.themes)
    title = _("Review our mistakes: %(game)s (%(themes)s)") % {"game": plan.game_name, "themes": themes}
    assignment = assignment_puzzles(classroom=classroom, game=game, picked=plan.puzzles, due=due, by=by,
                                    title=title[:160])
    assignment.how = {"review": [t.key for t in plan.themes], "picked": plan.puzzles}
    assignment.save(update_fields=["how"])
    return assignment
