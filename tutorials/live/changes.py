"""Change counters in the cache, so that a poll with nothing new costs no database query.

Two counters per session: `state` (the session's `version`, with the current deadline: a
question shown, the reveal, a name removed...) that every screen follows, and `crowd` (joins and
answers) that only the host's screen follows: a player's screen does not change when someone
else answers.

The database is the truth: `state` is refilled from it when the cache has lost it, and is kept
for a short while only (LIVE_STATE_SECONDS), so that a value written out of order, or a worker
whose cache is its own (local memory, without REDIS_URL), is put right within seconds.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.conf import settings
from django.core.cache import cache
from django.db import transaction

from tutorials.live.models import QUESTION, LiveSession

CROWD_SECONDS = 6 * 3600


@dataclass(frozen=True)
class Stamp:
    """What a poll needs to know: the session's version, and when the question shown closes."""

    version: int
    deadline: float | None = None  # a POSIX timestamp, while a question is open

    def due(self, now: datetime) -> bool:
        return self.deadline is not None and now.timestamp() > self.deadline + settings.LIVE_ANSWER_GRACE


def _state_key(session_id: int) -> str:
    return f"live:{session_id}:state"


def _crowd_key(session_id: int) -> str:
    return f"live:{session_id}:crowd"


def state_seconds() -> int:
    return settings.LIVE_STATE_SECONDS if settings.LIVE_SHARED_CACHE else settings.LIVE_LOCAL_STATE_SECONDS


def stamp_of(session: LiveSession) -> Stamp:
    open_until = session.deadline.timestamp() if session.state == QUESTION and session.deadline else None
    return Stamp(session.version, open_until)


def state_stamp(session_id: int) -> Stamp | None:
    """The session's stamp from the cache, or from the database when the cache has lost it
    (None: no such session)."""
    found = cache.get(_state_key(session_id))
    if found is not None:
        return Stamp(*found)
    session = LiveSession.objects.filter(pk=session_id).only("version", "state", "deadline").first()
    if session is None:
        return None
    stamp = stamp_of(session)
    cache.set(_state_key(session_id), (stamp.version, stamp.deadline), timeout=state_seconds())
    return stamp


def pid_key(public_id: str) -> str:
    """Where the cache keeps a session's primary key under its public id (immutable)."""
    return f"live:pid:{public_id}"


def unchanged_in_cache(public_id: str, version: str, crowd: str | None = None) -> bool:
    """Whether the cache alone says that the screen showing `version` (and, for the host's,
    `crowd`) is up to date: the session's stamp says so and no deadline has passed. False when
    the cache cannot tell (a key lost or never set): the view then asks the database."""
    session_id = cache.get(pid_key(public_id))
    if session_id is None:
        return False
    found = cache.get(_state_key(session_id))
    if found is None:
        return False
    stamp = Stamp(*found)
    if str(stamp.version) != version or stamp.due(datetime.now().astimezone()):
        return False
    return crowd is None or crowd == str(crowd_count(session_id))


def state_changed(session: LiveSession) -> None:
    """After the transaction that bumped `session.version` commits, every screen hears of it."""
    key, stamp = _state_key(session.pk), stamp_of(session)
    transaction.on_commit(lambda: cache.set(key, (stamp.version, stamp.deadline), timeout=state_seconds()))


def first_to_close(session_id: int, version: int) -> bool:
    """Of the polls that find a question past its deadline, only the first closes it."""
    return cache.add(f"live:{session_id}:closing:{version}", 1, timeout=30)


def crowd_count(session_id: int) -> int:
    """A number that changes whenever someone joins or answers (0 when the cache has none)."""
    return cache.get(_crowd_key(session_id)) or 0


def crowd_changed(session_id: int) -> None:
    def bump() -> None:
        key = _crowd_key(session_id)
        if cache.add(key, 1, timeout=CROWD_SECONDS):
            return
        try:
            cache.incr(key)
        except ValueError:  # expired between add and incr
            cache.set(key, 1, timeout=CROWD_SECONDS)

    transaction.on_commit(bump)
