"""Fixtures for the whole suite."""
from types import SimpleNamespace

import pytest
from django.core.cache import cache
from django.utils import translation

from tutorials.core import ratelimit
from tutorials.core.catalogue import compile_if_stale
from tutorials.core.templatetags import memo
from tutorials.live.selectors import forget_boards
from tutorials.puzzles.files import read_specs
from tutorials.puzzles.registry import PUZZLE_GAMES


def starter_specs(game: str) -> list:
    """A game's shipped starter puzzles, as its engine's specs."""
    return list(read_specs(PUZZLE_GAMES[game].starter_path))


@pytest.fixture(scope="session")
def shipped_specs() -> list:
    """The shipped Scopa starter puzzles, as the engine's specs."""
    return starter_specs("scopa")


@pytest.fixture(autouse=True)
def english_between_tests():
    """Each test starts and ends in the default language: a request in Italian through the test
    client leaves Italian active in the test's thread, and a later test would read its titles so."""
    translation.deactivate()
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def fresh_cache():
    """Each test starts with empty rate-limit counters, and nothing kept in this process from
    another test: page blocks (tutorials.core.templatetags.memo), live boards."""
    cache.clear()
    memo.forget_all()
    forget_boards()
    yield
    cache.clear()


@pytest.fixture
def rate_limits(settings, monkeypatch):
    """Sets the rate limits for a test (`rate_limits(answer={"session": (2, 60)})`) with the
    counters' clock stopped: a fixed window could otherwise end between a test's posts, and the
    limit the test means to reach would start again."""
    monkeypatch.setattr(ratelimit, "time", SimpleNamespace(time=lambda: 1_000_000.0))

    def limit(**scopes) -> None:
        settings.RATE_LIMITS = scopes

    return limit


@pytest.fixture
def no_rate_limits(settings):
    """For tests that post far more than a person would."""
    settings.RATE_LIMITS = {}


def pytest_configure(config):
    """The Italian catalogue as the .po file has it now (`make test` compiles it too; a bare
    `pytest` after editing the .po must not test yesterday's translations)."""
    compile_if_stale()
