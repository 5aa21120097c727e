"""Fixtures for the whole suite."""
import pytest
from django.core.cache import cache

from tutorials.puzzles.files import read_specs, shipped_files


@pytest.fixture(scope="session")
def shipped_specs() -> list:
    """The shipped starter puzzles, as the engine's specs."""
    return [spec for path in shipped_files() for spec in read_specs(path)]


@pytest.fixture(autouse=True)
def fresh_cache():
    """Each test starts with empty rate-limit counters."""
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def no_rate_limits(settings):
    """For tests that post far more than a person would."""
    settings.RATE_LIMITS = {}
