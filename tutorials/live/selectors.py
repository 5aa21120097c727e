"""Reads for live sessions: the players' standings (computed once per change and kept in the
cache, since every phone asks for its rank at the same moment), the answer spread, the report."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from django.core.cache import cache
from django.db.models import Count, Prefetch, QuerySet

from tutorials.core.bounded import forget_oldest
from tutorials.core.prepared import prepared
from tutorials.live.models import QUESTION, REVEAL, LiveAnswer, LiveQuestion, LiveSession, Player
from tutorials.live.questions import AnswerOption, answer_options, answer_words

BOARD_SECONDS = 600


@dataclass(frozen=True)
class Snapshot:
    """What every player's screen shows of one version of a session: read once, kept in the
    cache, so that a whole class asking at the same moment costs one read."""

    session: LiveSession
    total: int  # questions
    question: LiveQuestion | None  # the one shown or revealed
    options: tuple[AnswerOption, ...] = ()  # its answers, in the order of their text

    def option(self, answer: str) -> AnswerOption | None:
        return next((o for o in self.options if o.answer == answer), None)


def snapshot(session_id: int, version: int | None) -> Snapshot | None:
    """The session as of `version` (the cache's stamp), read afresh when the cache has none."""
    key = f"live:{session_id}:snap:{version}"
    found = cache.get(key) if version is not None else None
    if found is not None:
        return found
    session = LiveSession.objects.filter(pk=session_id).first()
    if session is None:
        return None
    question = current_question(session) if session.state in (QUESTION, REVEAL) else None
    found = Snapshot(session, session.questions.count(), question,
                     tuple(answer_options(question)) if question else ())
    cache.set(f"live:{session_id}:snap:{session.version}", found, timeout=BOARD_SECONDS)
    return found


@dataclass(frozen=True)
class Standing:
    player_id: int
    nickname: str
    score: int
    time_ms: int
    rank: int


def standings(session: LiveSession) -> list[Standing]:
    """Every player still in, best first: by score, then by the time taken (speed breaks ties
    only); equal on both, equal rank. One query per version of the session."""
    return _board(session).ranked


@dataclass(frozen=True)
class _Board:
    ranked: list[Standing]
    by_player: dict[int, Standing]


_boards: dict[tuple[int, int], _Board] = {}  # this process's copies of the latest boards
_BOARDS_KEPT = 64


def _board(session: LiveSession) -> _Board:
    """The standings of this version of the session: from this process's copy, else the cache
    (shared by the servers), else the database. A version's board never changes, and every phone
    asks for it at the same moment: each process unpickles it once, not once per phone."""
    key = (session.pk, session.version)
    board = _boards.get(key)
    if board is None:
        ranked = _ranked(session)
        board = _Board(ranked, {s.player_id: s for s in ranked})
        if len(_boards) >= _BOARDS_KEPT:
            forget_oldest(_boards)
        _boards[key] = board
    return board


def forget_boards() -> None:
    """Drop this process's copies of the boards (tests: a new database may number sessions again)."""
    _boards.clear()


def _ranked(session: LiveSession) -> list[Standing]:
    key = f"live:{session.pk}:board:{session.version}"
    found = cache.get(key)
    if found is not None:
        return found
    rows = (Player.objects.filter(session=session, removed=False).order_by("-score", "time_ms", "pk")
            .values_list("pk", "nickname", "score", "time_ms"))
    board: list[Standing] = []
    for pk, nickname, score, time_ms in rows:
        tied = board and (board[-1].score, board[-1].time_ms) == (score, time_ms)
        board.append(Standing(pk, nickname, score, time_ms, board[-1].rank if tied else len(board) + 1))
    cache.set(key, board, timeout=BOARD_SECONDS)
    return board


def standing_of(session: LiveSession, player: Player) -> Standing | None:
    return _board(session).by_player.get(player.pk)


def players_in(session: LiveSession) -> list[Player]:
    return list(Player.objects.filter(session=session, removed=False).order_by("joined", "pk"))


def current_question(session: LiveSession) -> LiveQuestion | None:
    return LiveQuestion.objects.filter(session=session, number=session.current).first()


def answered_count(question: LiveQuestion) -> int:
    return LiveAnswer.objects.filter(question=question, player__removed=False).count()


def spread(question: LiveQuestion) -> Counter:
    """How many chose each answer (for the reveal only)."""
    rows = (LiveAnswer.objects.filter(question=question, player__removed=False).order_by()
            .values("answer").annotate(n=Count("pk")).values_list("answer", "n"))
    return Counter(dict(rows))


def answer_of(player: Player, question: LiveQuestion) -> LiveAnswer | None:
    return _answer_of.first(player.pk, question.pk)


@prepared(int, int)
def _answer_of(player_id: int, question_id: int) -> QuerySet[LiveAnswer]:
    """A player's answer to a question (read by every phone's screen: compiled once)."""
    return LiveAnswer.objects.filter(player_id=player_id, question_id=question_id).order_by("pk")[:1]


@dataclass
class ReportRow:
    player: str
    removed: bool
    number: int
    game: str
    puzzle: int | None
    answer: str
    best_answer: str
    best: bool
    loss: float
    seconds: float
    points: int
    user_id: int | None = None  # a signed-in player's account


def report(session: LiveSession) -> tuple[list[LiveQuestion], list[Player], dict[tuple[int, int], LiveAnswer]]:
    """The questions, the players (best first) and every answer keyed by (player, question)."""
    questions = list(session.questions.order_by("number"))
    players = list(Player.objects.filter(session=session).order_by("removed", "-score", "time_ms", "pk")
                   .prefetch_related(Prefetch("answers", queryset=LiveAnswer.objects.order_by())))
    answers = {(a.player_id, a.question_id): a for p in players for a in p.answers.all()}
    return questions, players, answers


def report_rows(session: LiveSession) -> list[ReportRow]:
    """One row per player and question (an unanswered question too: answer empty)."""
    questions, players, answers = report(session)
    rows = []
    for player in players:
        for q in questions:
            a = answers.get((player.pk, q.pk))
            rows.append(ReportRow(player.nickname, player.removed, q.number + 1, q.game, q.puzzle_id,
                                  answer_words(q, a.answer) if a else "", q.spec["solution"], bool(a and a.best),
                                  a.loss if a else 0.0, round(a.ms / 1000, 2) if a else 0.0, a.points if a else 0,
                                  player.user_id))
    return rows
