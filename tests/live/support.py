"""Helpers for the live tests: a session, players joining, the host's moves at a given time."""
from __future__ import annotations

from datetime import datetime, timedelta

from django.utils import timezone

from tutorials.live import services
from tutorials.live.models import LiveSession, Player
from tutorials.live.questions import from_puzzle

GAMES = ("scopa", "settemezzo", "stoppa", "saltacavallo")
T0 = datetime(2026, 5, 4, 10, 0, tzinfo=timezone.get_fixed_timezone(0))


def make_session(host, puzzles, **options) -> LiveSession:
    return services.session_create(host=host, drafts=[from_puzzle(p) for p in puzzles], **options)


def join(session, nickname: str, anon_key: str = "") -> Player:
    return services.player_join(session=session, nickname=nickname, anon_key=anon_key or nickname.replace(" ", ""))


def move(session, name: str, now: datetime = T0) -> LiveSession:
    session.refresh_from_db()
    return services.host_move(session=session, move=name, seen=session.version, now=now)


def at(seconds: float) -> datetime:
    return T0 + timedelta(seconds=seconds)


def wrong_answer(question) -> str:
    return question.spec["verdicts"][-1]["answer"]
