"""Polls answered before Django (tutorials/live/polls.py): a poll that the cache says changes
nothing is a 204 without Django and without a query; every other request, and every poll the
cache cannot settle (a key lost, a deadline passed, another version, the crowd moved), goes on
to Django, whose view decides as before."""
from __future__ import annotations

from io import BytesIO

import pytest
from django.core.cache import cache
from django.utils import timezone

from tests.live.support import join, move
from tutorials.live import changes
from tutorials.live.polls import NothingNewPolls

pytestmark = pytest.mark.django_db


class Django:
    """Stands in for Django's application: counts the requests that reach it."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, environ, start_response):
        self.calls += 1
        start_response("200 OK", [("Content-Type", "text/html")])
        return [b"django"]


def _request(app, path: str, query: str = "", method: str = "GET") -> tuple[str, int]:
    seen = {}

    def start_response(status, headers):
        seen["status"] = status

    inner = app.application
    before = inner.calls
    body = b"".join(app({"REQUEST_METHOD": method, "PATH_INFO": path, "QUERY_STRING": query,
                         "wsgi.input": BytesIO()}, start_response))
    assert body in (b"", b"django")
    return seen["status"], inner.calls - before


@pytest.fixture
def shown(session):
    """A session with its question shown, its keys in the cache as the first poll leaves them."""
    cache.clear()
    join(session, "Brave Otter")
    move(session, "start", now=timezone.now())  # its question open for the next 30 seconds
    session.refresh_from_db()
    cache.set(changes.pid_key(session.public_id), session.pk)
    changes.state_stamp(session.pk)  # read from the database into the cache
    return session


def test_a_poll_with_nothing_new_never_reaches_django_nor_the_database(shown, django_assert_num_queries):
    app = NothingNewPolls(Django())
    with django_assert_num_queries(0):
        assert _request(app, f"/live/p/{shown.public_id}/poll", f"v={shown.version}") == ("204 No Content", 0)


@pytest.mark.parametrize("path, query, method", [
    ("/live/p/{pid}/poll", "v={old}", "GET"),  # the screen is out of date
    ("/live/p/{pid}/poll", "", "GET"),  # no version at all
    ("/live/p/{pid}/poll", "v={v}", "POST"),
    ("/live/p/{pid}/", "v={v}", "GET"),  # not a poll
    ("/live/p/unknown-session/poll", "v={v}", "GET"),  # no key in the cache: the view says 404
    ("/live/h/{pid}/poll", "v={v}&c=0", "GET"),  # a host's poll, with the crowd only in this process
])
def test_anything_else_goes_to_django(shown, path, query, method):
    app = NothingNewPolls(Django())
    old = shown.version - 1
    status, reached = _request(app, path.format(pid=shown.public_id),
                               query.format(v=shown.version, old=old), method)
    assert (status, reached) == ("200 OK", 1)


def test_a_lost_stamp_or_a_passed_deadline_goes_to_django(shown, settings):
    app = NothingNewPolls(Django())
    poll = f"/live/p/{shown.public_id}/poll"
    cache.delete(f"live:{shown.pk}:state")
    assert _request(app, poll, f"v={shown.version}") == ("200 OK", 1)  # the view reads the database
    changes.state_stamp(shown.pk)
    settings.LIVE_ANSWER_GRACE = -10_000  # as if the question's time were long up
    assert _request(app, poll, f"v={shown.version}") == ("200 OK", 1)  # the view closes the question


def test_a_hosts_poll_with_a_shared_cache_is_answered_while_the_crowd_is_still(shown, settings):
    settings.LIVE_SHARED_CACHE = True
    app = NothingNewPolls(Django())
    poll = f"/live/h/{shown.public_id}/poll"
    crowd = changes.crowd_count(shown.pk)
    assert _request(app, poll, f"v={shown.version}&c={crowd}") == ("204 No Content", 0)
    assert _request(app, poll, f"v={shown.version}&c={crowd + 1}") == ("200 OK", 1)


def test_the_servers_application_answers_polls_first():
    from tutorials import wsgi

    assert isinstance(wsgi.application, NothingNewPolls)
