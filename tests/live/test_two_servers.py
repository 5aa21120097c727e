"""Two app servers, one session: two gunicorn processes on two ports, against the same database
and the same Redis (a database and a key prefix of the test's own), the players split between
them; every answer a phone was told it made is in the database, none counted twice."""
from __future__ import annotations

import asyncio
import os
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.contrib.auth import get_user_model
from django.db import connection

from tests.conftest import starter_specs
from tests.live.support import make_session
from tutorials.classroom.services import teacher_enable
from tutorials.live.loadclient import run_session
from tutorials.live.loadtest import (
    count_answers,
    free_port,
    redis_answers,
    server_env,
    start_servers,
    stop,
)
from tutorials.puzzles.models import Puzzle
from tutorials.puzzles.services import puzzles_store

REDIS = "redis://127.0.0.1:6379/15"


def database_url() -> str:
    """The test database, as a URL the servers can open."""
    db = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{db['NAME']}"
    password = f":{db['PASSWORD']}" if db.get("PASSWORD") else ""
    return f"postgres://{db['USER']}{password}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"


@pytest.mark.django_db(transaction=True)
def test_two_servers_serve_one_session_and_nothing_is_lost(settings):
    if not redis_answers(REDIS):
        pytest.skip("no Redis answers at 127.0.0.1:6379")
    prefix = f"live-two-servers-{os.getpid()}"
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": REDIS,
                                   "KEY_PREFIX": prefix}}
    settings.LIVE_SHARED_CACHE = True
    puzzles_store(game="stoppa", specs=starter_specs("stoppa")[:2])
    puzzles_store(game="settemezzo", specs=starter_specs("settemezzo")[:1])
    host = get_user_model().objects.create_user("two-servers-host", password="two-servers-pw")
    teacher_enable(user=host)
    session = make_session(host, list(Puzzle.objects.order_by("pk")), seconds=20)
    env = server_env(database_url(), REDIS, prefix)
    env["DJANGO_SETTINGS_MODULE"] = "tutorials.settings.test"
    ports = [free_port(), free_port()]
    servers = start_servers(env, ports, workers=2, threads=2)
    try:
        session_run = run_session(ports=ports, pin=session.pin, public_id=session.public_id,
                                  username="two-servers-host", password="two-servers-pw", players=6,
                                  seconds_budget=150, poll_ms=300, ramp_seconds=1)
        with ThreadPoolExecutor(1) as thread:  # its own event loop (a browser test may hold this thread's)
            stats = thread.submit(asyncio.run, session_run).result()
    finally:
        stop(servers)
    answers, lost, doubled = count_answers(session, stats.accepted)
    session.refresh_from_db()
    assert stats.errors == []
    assert all(stats.by_port.get(p, 0) > 20 for p in ports)  # both servers took their share
    assert (stats.joined, stats.finished, session.state) == (6, 6, "finished")
    assert (answers, lost, doubled) == (len(stats.accepted), 0, 0)
    assert answers == 6 * 3  # each answers within six seconds of twenty: every answer is in time
