"""Live sessions for the tests: puzzles of every game from the shipped starter files, a host,
a session of three questions."""
from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from tests.conftest import starter_specs
from tests.live.support import GAMES, make_session
from tutorials.classroom.services import teacher_enable
from tutorials.live.models import LiveSession
from tutorials.puzzles.models import Puzzle
from tutorials.puzzles.services import puzzles_store


@pytest.fixture
def bank(db) -> dict[str, list[Puzzle]]:
    """Eight puzzles of each game."""
    for game in GAMES:
        puzzles_store(game=game, specs=starter_specs(game)[:8])
    return {game: list(Puzzle.objects.filter(game=game).order_by("pk")) for game in GAMES}


@pytest.fixture
def host(db):
    """A teacher account: ad-hoc sessions are hosted by teachers."""
    user = get_user_model().objects.create_user("teacher", password="pw-teacher-1")
    teacher_enable(user=user)
    return user


@pytest.fixture
def other_user(db):
    return get_user_model().objects.create_user("someone", password="pw-someone-1")


@pytest.fixture
def session(host, bank) -> LiveSession:
    """Three questions: a Scopa play, a Sette e Mezzo choice and a Stoppa choice."""
    return make_session(host, [bank["scopa"][0], bank["settemezzo"][0], bank["stoppa"][0]])
