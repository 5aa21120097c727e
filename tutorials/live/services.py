"""Writes for live sessions: start one, join it, the host's moves, the players' answers.

Each is one transaction; the change counters (changes.py) move only once it has committed. Every
move of the host carries the version its page showed, so a double click (or two tabs) never moves
a session twice. An answer is recorded at most once per player and question, under a lock on the
player's row: a retry returns the answer already recorded and counts nothing.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tutorials.core.prepared import prepared
from tutorials.live import changes, codes, questions, scoring, selectors
from tutorials.live.models import (
    FINISHED,
    LOBBY,
    QUESTION,
    REVEAL,
    SPEED,
    LiveAnswer,
    LiveQuestion,
    LiveSession,
    Player,
)
from tutorials.live.questions import MAX_QUESTIONS, BadQuestions, Draft, worst_loss
from tutorials.live.rosters import roster_for, roster_of
from tutorials.puzzles.services import reviews_missed

MOVES = ("start", "reveal", "next", "finish", "lock", "unlock")


class LiveError(ValueError):
    """A request that cannot be done; the message says why, for the person who made it."""

    status = 400


class Refused(LiveError):
    """Understood, but too late or not allowed now (the question closed, the lobby locked...)."""

    status = 409


NOT_IN_THE_CLASS = gettext_lazy("This live session is for the students of one class, and you are not one of them. "
                                 "Check the PIN, or ask your teacher.")


class NotInTheClass(LiveError):
    """A session of a class that the visitor is not a student of."""

    status = 403


@dataclass
class AnswerResult:
    answer: LiveAnswer
    counted: bool  # False: a retry of an answer already recorded, nothing changed


def _bump(session: LiveSession, fields: Sequence[str]) -> LiveSession:
    session.version += 1
    session.save(update_fields=[*fields, "version"])
    changes.state_changed(session)
    return session


# -- starting and joining ----------------------------------------------------------------------
@transaction.atomic
def session_create(*, host: Any, drafts: list[Draft], title: str = "", seconds: int = 30,
                   scoring_mode: str = "value", streak_bonus: bool = False, classroom: Any = None) -> LiveSession:
    """A session in its lobby, with these questions, under a PIN no other open session has;
    started from `classroom` (its students join as themselves) or ad hoc (None)."""
    if not roster_for(classroom).may_host(host):
        raise PermissionDenied(_("Only a teacher of the class can start its live session.") if classroom is not None
                               else _("Turn on the teacher account in your account page to host a live session."))
    if classroom is not None and classroom.is_archived:
        raise LiveError(_("This class is archived. Restore it to start a live session."))
    if not drafts:
        raise BadQuestions(_("Choose at least one question."))
    if len(drafts) > MAX_QUESTIONS:
        raise BadQuestions(_("A session has at most %(n)d questions.") % {"n": MAX_QUESTIONS})
    for _attempt in range(10):
        try:
            with transaction.atomic():
                session = LiveSession.objects.create(host=host, pin=codes.pin(), title=title, seconds=seconds,
                                                     scoring=scoring_mode, streak_bonus=streak_bonus,
                                                     classroom=classroom)
            break
        except IntegrityError:  # that PIN is in use by an open session: draw another
            continue
    else:
        raise LiveError(_("No free PIN was found. Try again."))
    LiveQuestion.objects.bulk_create([draft.question(session, n) for n, draft in enumerate(drafts)])
    return session


def _joinable(session: LiveSession) -> LiveSession:
    """The session as it is now (the lobby may have been locked), if one may still join it."""
    session = LiveSession.objects.select_related("classroom").get(pk=session.pk)
    if not session.is_open:
        raise Refused(_("This session has ended."))
    if session.locked:
        raise Refused(_("The host has locked this session: no one new can join. Ask the host to unlock it."))
    return session


@transaction.atomic
def player_join(*, session: LiveSession, nickname: str, user: Any = None, anon_key: str = "") -> Player:
    """A new player under a generated nickname (never free text); a signed-in account already in
    the session is back in as itself."""
    account = user if user is not None and user.is_authenticated else None
    if account is not None and (mine := player_of(session, account)) is not None:
        return mine
    session = _joinable(session)
    if roster_of(session).joins_as_self():
        raise Refused(_("The students of this session's class join as themselves, without choosing a name."))
    if not codes.is_nickname(nickname):
        raise LiveError(_("Choose one of the names offered."))
    try:
        with transaction.atomic():
            player = Player.objects.create(session=session, nickname=nickname, anon_key=anon_key, user=account)
    except IntegrityError:
        if account is not None and (mine := player_of(session, account)) is not None:
            return mine  # the same account joined from two pages at once
        raise Refused(_("Someone has just taken that name: choose another.")) from None
    changes.crowd_changed(session.pk)
    return player


@transaction.atomic
def player_join_as_self(*, session: LiveSession, user: Any) -> Player:
    """A student of the session's class joins under their sign-in name (numbered should another
    player have it); back in as themselves if they are in already (a second device, a double tap)."""
    if (mine := player_of(session, user)) is not None:
        return mine
    session = _joinable(session)
    roster = roster_of(session)
    if not roster.joins_as_self() or not roster.may_join(user):
        raise NotInTheClass(NOT_IN_THE_CLASS)
    name = roster.name_of(user)
    for n in range(1, 100):
        shown = name if n == 1 else f"{name[:Player._meta.get_field('nickname').max_length - 4]} {n}"
        try:
            with transaction.atomic():
                player = Player.objects.create(session=session, nickname=shown, user=user)
        except IntegrityError:
            if (mine := player_of(session, user)) is not None:
                return mine  # joined from two pages at once
            continue  # another player has that name
        changes.crowd_changed(session.pk)
        return player
    raise LiveError(_("No free name was found. Try again."))


def player_of(session: LiveSession, user: Any) -> Player | None:
    """The account's player in the session, if it has joined."""
    return Player.objects.filter(session=session, user=user).first()


# -- the host's moves --------------------------------------------------------------------------
@transaction.atomic
def host_move(*, session: LiveSession, move: str, seen: int, now: datetime | None = None) -> LiveSession:
    """Start, reveal, next question, finish, lock or unlock the lobby. `seen` is the version the
    host's page showed: a move from an out-of-date page changes nothing (the page then catches up)."""
    if move not in MOVES:
        raise LiveError(_("That is not something the host can do."))
    now = now or timezone.now()
    session = LiveSession.objects.select_for_update().get(pk=session.pk)
    if seen != session.version:
        return session
    if move in ("lock", "unlock"):
        if not session.is_open:
            raise Refused(_("This session has ended."))
        session.locked = move == "lock"
        return _bump(session, ["locked"])
    if move == "start":
        if session.state != LOBBY:
            raise Refused(_("The session has already started."))
        return _show(session, 0, now)
    if move == "reveal":
        if session.state != QUESTION:
            raise Refused(_("There is no question to reveal."))
        return _reveal(session, now)
    if move == "next":
        if session.state != REVEAL:
            raise Refused(_("Reveal the answers first."))
        if session.current + 1 >= session.questions.count():
            return _finish(session, now)
        return _show(session, session.current + 1, now)
    if not session.is_open:  # finish
        return session
    if session.state == QUESTION:
        _close_question(session, now)
    return _finish(session, now)


def _show(session: LiveSession, number: int, now: datetime) -> LiveSession:
    session.state, session.current = QUESTION, number
    session.started, session.deadline = now, now + timedelta(seconds=session.seconds)
    return _bump(session, ["state", "current", "started", "deadline"])


def _reveal(session: LiveSession, now: datetime) -> LiveSession:
    _close_question(session, now)
    session.state = REVEAL
    session.deadline = min(session.deadline or now, now)
    return _bump(session, ["state", "deadline"])


def _finish(session: LiveSession, now: datetime) -> LiveSession:
    session.state, session.finished = FINISHED, now
    return _bump(session, ["state", "finished"])


def _close_question(session: LiveSession, now: datetime) -> None:
    """The question's answers are in: each player's miss of a puzzle of the bank joins their
    review queue (not before: a review card appearing would tell them their answer was wrong)."""
    question = LiveQuestion.objects.get(session=session, number=session.current)
    if question.puzzle_id is None:
        return  # a typed position is no puzzle of the bank: there is nothing to review
    missed = list(LiveAnswer.objects.filter(question=question, best=False, player__removed=False)
                  .values_list("player__user_id", "player__anon_key"))
    reviews_missed(puzzle=question.puzzle, missed_by=missed, now=now)


def close_if_due(session_id: int, now: datetime | None = None) -> None:
    """Reveal the question shown if its time is up (a poll found it so)."""
    now = now or timezone.now()
    with transaction.atomic():
        session = LiveSession.objects.select_for_update().filter(pk=session_id, state=QUESTION).first()
        if session is not None and now > session.deadline + timedelta(seconds=settings.LIVE_ANSWER_GRACE):
            _reveal(session, now)


def reveal_if_all_answered(session_id: int, number: int) -> None:
    """Everyone still in has answered the question shown: reveal it now."""
    if _still_to_answer(session_id, number):
        return
    with transaction.atomic():
        session = (LiveSession.objects.select_for_update()
                   .filter(pk=session_id, state=QUESTION, current=number).first())
        if session is not None:
            _reveal(session, timezone.now())


@prepared(int, int)
def _still_to_answer(session_id: int, number: int) -> QuerySet[Player]:
    """One player still in who has not answered question `number`, if any (after every answer:
    compiled once)."""
    return (Player.objects.filter(session_id=session_id, removed=False)
            .exclude(answers__question__in=LiveQuestion.objects.filter(session_id=session_id, number=number))
            .values_list("pk", flat=True)[:1])


@prepared(int)
def _player_locked(player_id: int) -> QuerySet[Player]:
    """A player with their session, locked until the answer's transaction ends."""
    return Player.objects.select_for_update().select_related("session").filter(pk=player_id)


@prepared(int, int)
def _best_answer_to(player_id: int, number: int) -> QuerySet[LiveAnswer]:
    """The player's answer to question `number` if it was the best one (a streak goes on)."""
    return LiveAnswer.objects.filter(player_id=player_id, question__number=number, best=True).values_list("pk", flat=True)[:1]


@transaction.atomic
def player_remove(*, session: LiveSession, player_id: int) -> Player:
    """The host removes a name: it leaves the leaderboard, may not answer, and cannot join again."""
    player = Player.objects.select_for_update().filter(session=session, pk=player_id).first()
    if player is None:
        raise LiveError(_("There is no such player in this session."))
    if not player.removed:
        player.removed = True
        player.save(update_fields=["removed"])
        _bump(LiveSession.objects.select_for_update().get(pk=session.pk), [])
        changes.crowd_changed(session.pk)
    return player


# -- answering ---------------------------------------------------------------------------------
@transaction.atomic
def answer_record(*, player: Player, number: int, answer: str, now: datetime | None = None) -> AnswerResult:
    """Judge and record a player's answer to question `number` (the one their page showed).

    A retry returns the answer recorded first and changes nothing. Refused when the question is
    no longer open (revealed, or past its deadline: LIVE_ANSWER_GRACE seconds are allowed for the
    network); LiveError for an answer that is not one of the question's."""
    now = now or timezone.now()
    player = _player_locked(player.pk)[0]
    session = player.session
    if player.removed:
        raise Refused(_("The host has removed you from this session."))
    shown = selectors.snapshot(session.pk, session.version)  # the question shown, without a query
    if shown is not None and shown.question is not None and shown.question.number == number:
        question = shown.question
    else:
        question = LiveQuestion.objects.filter(session=session, number=number).first()
    if question is None:
        raise LiveError(_("There is no such question in this session."))
    recorded = selectors.answer_of(player, question)
    if recorded is not None:
        return AnswerResult(recorded, counted=False)
    if session.state != QUESTION or session.current != number:
        raise Refused(_("This question is closed: your answer was not counted."))
    if now > session.deadline + timedelta(seconds=settings.LIVE_ANSWER_GRACE):
        raise Refused(_("Time was up: your answer came after the deadline and does not count."))
    try:
        answer, loss = questions.judge(question, answer)
    except ValueError as error:
        raise LiveError(str(error)) from None
    best = loss <= scoring.BEST
    ms = max(int((now - session.started).total_seconds() * 1000), 0)
    streak = 0
    if best:
        before = bool(_best_answer_to(player.pk, number - 1))
        streak = player.streak + 1 if before else 1
    won = scoring.points(loss=loss, worst=worst_loss(question), ms=ms, limit_ms=session.seconds * 1000,
                         speed=session.scoring == SPEED, streak=streak, streak_bonus=session.streak_bonus)
    recorded = LiveAnswer.objects.create(player=player, question=question, answer=answer, best=best,
                                         loss=loss, ms=ms, points=won)
    player.score += won
    player.time_ms += ms
    player.streak = streak
    player.save(update_fields=["score", "time_ms", "streak"])
    changes.crowd_changed(session.pk)
    session_id = session.pk
    transaction.on_commit(lambda: reveal_if_all_answered(session_id, number))
    return AnswerResult(recorded, counted=True)
