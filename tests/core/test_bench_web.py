"""`make bench-web` still runs: every endpoint kind answers as it should (no timing is asserted)."""
import pytest
from django.core.handlers.wsgi import WSGIHandler
from django.db import connection

from tutorials.core import webbench

pytestmark = pytest.mark.django_db


def test_every_endpoint_kind_answers_with_time_and_queries():
    with webbench.bench_settings():
        webbench.load_content()
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
    assert {f.endpoint.kind for f in figures} == {webbench.FLOOR, webbench.READ, webbench.ANSWER, webbench.ENGINE,
                                                  webbench.REPORT}


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


@pytest.mark.django_db(transaction=True)  # the server reads the database from another process
def test_requests_are_timed_over_http_by_the_workers_cpu():
    from tutorials.core import httpbench

    if httpbench.measurable():
        pytest.skip(httpbench.measurable())
    browser = webbench.Browser(WSGIHandler())
    with httpbench.gunicorn_server() as server:
        floor = server.send(browser.get(webbench.FLOOR_PATH))
        assert (floor.status, floor.body) == (200, b"ok")
        assert 0 < floor.cpu_seconds < floor.seconds
        refused = server.send(browser.post("/scopa/play/", webbench.TABLE_OPTIONS, htmx=False))
        assert refused.status == 403  # no CSRF cookie yet: the server's own check, over HTTP
        assert server.send(browser.get("/scopa/play/")).status == 200
        assert "csrftoken" in browser.cookies  # kept from the server's Set-Cookie
        made = server.send(browser.post("/scopa/play/", webbench.TABLE_OPTIONS, htmx=False))
        assert made.status == 302 and "/scopa/play/" in made.location


def test_the_untimed_requests_go_where_the_timed_ones_go():
    """Over HTTP the learner opens the puzzle at the server that then times his answer, as a
    browser would (what a server keeps between requests is what a real learner leaves there)."""
    seen = []

    def server(request):
        seen.append((request.method, request.path))
        return request.browser.send(request)  # served here, but through `server`

    with webbench.bench_settings():
        webbench.load_content()
        answers = webbench.PuzzleAnswers(WSGIHandler())
        with webbench.sending_to(server):
            answer = answers.next_answer()
        assert answer.method == "POST" and seen == [("GET", answer.path.removesuffix("answer"))]
        webbench.Browser(WSGIHandler()).get("/").send()  # and afterwards in this process again
    assert len(seen) == 1
