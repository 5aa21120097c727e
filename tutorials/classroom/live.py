"""The classroom's side of live sessions (tutorials.live): a session started from a class.

Its teachers (the one who made the class and its co-teachers) start sessions for it and read their
reports; its students join as themselves, under their sign-in name (never their real name, which
only the class's teachers see); nobody else joins. tutorials.live.rosters asks `ClassRoster` who
may do what; this module imports nothing of tutorials.live but its models.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tutorials.classroom.models import Classroom, Membership
from tutorials.classroom.selectors import class_taught
from tutorials.live.models import FINISHED, LiveAnswer, LiveSession, Player

NAME_LENGTH = Player._meta.get_field("nickname").max_length
SESSIONS_SHOWN = 20  # on the class page
LIVE_NOW_SHOWN = 3  # on a student's home page


def teaches(user: Any, classroom: Classroom) -> bool:
    """Does `user` teach `classroom` (its maker or a co-teacher)?"""
    return class_taught(user, classroom.public_id) is not None


@dataclass(frozen=True)
class ClassRoster:
    """Who may host, join and read the report of a session started from `classroom`."""

    classroom: Classroom

    def may_host(self, user: Any) -> bool:
        return teaches(user, self.classroom)

    def joins_as_self(self) -> bool:
        return True

    def may_join(self, user: Any) -> bool:
        return bool(user.is_authenticated) and self.classroom.members.filter(user=user).exists()

    def name_of(self, user: Any) -> str:
        """The sign-in name the class's quick sign-in lists ("Stella R."), or the username of a
        student who joined with an account of their own: what the class already knows them by."""
        membership = Membership.objects.filter(classroom=self.classroom, user=user).only("sign_in_name").first()
        name = membership.sign_in_name if membership is not None and membership.sign_in_name else user.get_username()
        return name[:NAME_LENGTH]

    def may_see_report(self, session: LiveSession, user: Any) -> bool:
        return teaches(user, self.classroom)


def sessions_of(classroom: Classroom) -> list[LiveSession]:
    """The class's live sessions, the latest first, with who hosted each."""
    return list(classroom.live_sessions.select_related("host").order_by("-created", "-pk")[:SESSIONS_SHOWN])


def live_now(classes: list[int]) -> list[LiveSession]:
    """The open live sessions of these classes (a student's open classes: selectors.open_class_ids)."""
    if not classes:
        return []
    return list(LiveSession.objects.filter(classroom_id__in=classes).exclude(state=FINISHED)
                .select_related("classroom").order_by("-created", "-pk")[:LIVE_NOW_SHOWN])


def real_names(session: LiveSession) -> dict[int, str]:
    """user id -> real name of the session's class's students (for its teachers' report only)."""
    if session.classroom_id is None:
        return {}
    return dict(Membership.objects.filter(classroom_id=session.classroom_id).exclude(real_name="")
                .values_list("user_id", "real_name"))


def live_answers_of(user: Any) -> list[dict[str, Any]]:
    """Every answer `user` gave in live sessions (the student's data export)."""
    rows = (LiveAnswer.objects.filter(player__user=user)
            .select_related("player__session", "question").order_by("player__session__created", "question__number"))
    return [{"session": a.player.session.title, "started": a.player.session.created.isoformat(),
             "name": a.player.nickname, "question": a.question.number + 1, "game": a.question.game,
             "puzzle": a.question.puzzle_id, "answer": a.answer, "best": a.best, "value_lost": a.loss,
             "seconds": a.seconds, "points": a.points} for a in rows]


def players_erase(user: Any, classroom: Classroom | None = None) -> None:
    """Erase `user`'s players and answers: in the sessions of `classroom`, or everywhere (None)."""
    players = Player.objects.filter(user=user)
    if classroom is not None:
        players = players.filter(session__classroom=classroom)
    players.delete()
