"""Who may host a session, who may join it and under what name: the one place where a session
started from a class will differ from an ad-hoc one.

Today every session is ad hoc: any signed-in account may host one (there is no teacher flag yet),
and players join with the PIN under a nickname chosen from generated ones. A session started from
a class (issue 15's classroom) plugs in here: its students join as themselves and its report is
seen by the class's teachers. See `ClassRoster` below for what is left to connect.
"""
from __future__ import annotations

from typing import Any, Protocol

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
        return bool(user.is_authenticated)

    def joins_as_self(self) -> bool:
        return False

    def may_join(self, user: Any) -> bool:
        return True

    def name_of(self, user: Any) -> str:
        return ""

    def may_see_report(self, session: LiveSession, user: Any) -> bool:
        return user.is_authenticated and session.host_id == user.pk


AD_HOC = AdHocRoster()

# What is left to connect once the classroom (tutorials/classroom) is merged:
# 1. LiveSession gets `classroom = models.ForeignKey("classroom.Classroom", null=True, blank=True,
#    on_delete=models.SET_NULL, related_name="live_sessions")` (one migration; ad-hoc sessions keep None).
# 2. tutorials/classroom/live.py implements ClassRoster(classroom): may_host = the user teaches the
#    class (classroom.access / selectors.class_taught), joins_as_self = True, may_join = the user is a
#    member (Membership), name_of = the member's sign-in name (never the real name, which only
#    teachers see), may_see_report = the user teaches the class; and sets CLASS_ROSTER to it.
# 3. roster_of() below returns CLASS_ROSTER(session.classroom) when session.classroom_id is set; the
#    class page links to "Start a live session" (live:new?class=<public_id>) and to the reports;
#    AdHocRoster.may_host becomes "the user is a teacher" (hasattr(user, "teacher")).
CLASS_ROSTER: Any = None


def roster_of(session: LiveSession | None) -> Roster:
    classroom = getattr(session, "classroom", None)
    if classroom is not None and CLASS_ROSTER is not None:
        return CLASS_ROSTER(classroom)
    return AD_HOC
