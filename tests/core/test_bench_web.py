"""`make bench-web` still runs: every endpoint kind answers as it should (no timing is asserted)."""
import pytest
from django.core.handlers.wsgi import WSGIHandler
from django.db import connection

from tutorials.core import webbench

pytestmark = pytest.mark.django_db


def test_every_endpoint_kind_answers_with_time_and_queries():
    figures = webbench.measure_endpoints(requests=3, warmup=1)
    assert [f.endpoint.name for f in figures] == [
        "floor", "home page", "lesson step", "lesson answer", "puzzle show", "puzzle answer",
        "table show", "table action", "table advance", "class table",
    ]
    for figure in figures:
        assert figure.statuses == {figure.endpoint.status: 3}, figure.endpoint.name
        assert len(figure.seconds) == 3 and min(figure.seconds) > 0
        if figure.endpoint.kind != webbench.FLOOR:
            assert min(figure.queries) > 0, figure.endpoint.name
    assert {f.endpoint.kind for f in figures} == {webbench.FLOOR, webbench.READ, webbench.ANSWER, webbench.ENGINE}


def test_the_benchmark_browser_is_held_to_the_csrf_check():
    browser = webbench.Browser(WSGIHandler())
    with webbench.bench_settings():
        assert browser.post("/scopa/play/", webbench.TABLE_OPTIONS, htmx=False).send().status == 403
        assert browser.get("/scopa/play/").send().status == 200  # the page sets the CSRF cookie
        assert browser.post("/scopa/play/", webbench.TABLE_OPTIONS, htmx=False).send().status == 302


def test_queries_are_counted_however_full_the_query_log_is():
    connection.queries_log.extend({"sql": "SELECT 1", "time": "0"} for _ in range(connection.queries_limit))
    with webbench.bench_settings():
        assert webbench.Browser(WSGIHandler()).get("/").send().queries
