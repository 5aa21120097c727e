"""Who may host a session, who may join it and under what name: the one place where a session
started from a class differs from an ad-hoc one.

An ad-hoc session is hosted by a teacher account; players join with the PIN under a nickname chosen
from generated ones, and the host alone reads its report. A session started from a class
(tutorials.classroom.live.ClassRoster) is hosted by one of the class's teachers; its students join
as themselves, under their sign-in name, nobody else joins, and all its teachers read its report.
"""
from __future__ import annotations

from typing import Any, Protocol

from tutorials.classroom.live import ClassRoster
from tutorials.classroom.models import Classroom
from tutorials.live.models import LiveSession


class Roster(Protocol):
    def may_host(self, user: Any) -> bool:
        """May this account start such a session?"""

    def joins_as_self(self) -> bool:
        """Do players join as their own account (no nickname to choose)?"""

    def may_join(self, user: Any) -> bool:
        """May this visitor (an account, or AnonymousUser) join?"""

    def name_of(self, user: Any) -> str:
        """The name a player who joins as themselves appears under (joins_as_self only)."""

    def may_see_report(self, session: LiveSession, user: Any) -> bool:
        """May this account read the session's report?"""


class AdHocRoster:
    """A PIN, a QR code, guests under generated nicknames; the host alone sees the report."""

    def may_host(self, user: Any) -> bool:
        """A teacher account (the classroom's Teacher: chosen at sign-up or in the account page)."""
        return bool(user.is_authenticated) and hasattr(user, "teacher")

    def joins_as_self(self) -> bool:
        return False

    def may_join(self, user: Any) -> bool:
        return True

    def name_of(self, user: Any) -> str:
        return ""

    def may_see_report(self, session: LiveSession, user: Any) -> bool:
        return user.is_authenticated and session.host_id == user.pk


AD_HOC = AdHocRoster()


def roster_for(classroom: Classroom | None) -> Roster:
    """The roster of a session started from `classroom`, or of an ad-hoc one (None)."""
    return ClassRoster(classroom) if classroom is not None else AD_HOC


def roster_of(session: LiveSession | None) -> Roster:
    """The session's roster (roster_of(None): who may host an ad-hoc session)."""
    return roster_for(session.classroom if session is not None and session.classroom_id is not None else None)
