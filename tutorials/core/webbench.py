"""What `make bench-web` measures (tutorials/bench_web.py prints it): the server's time and SQL
queries per request, for each kind of page, beside a view that does nothing (the floor).

Requests go to Django's WSGI handler as gunicorn hands them over: a realistic environ, the whole
MIDDLEWARE, the CSRF check enforced (each browser sends back its CSRF cookie in the X-CSRFToken
header, with an Origin header, as the site's htmx does). The clock runs from the handler's call
to the end of the response body, `close()` included (where Django's request_finished runs).

Every answer is a real first attempt: lesson answers are the right answers of the real steps,
worked out by the engine, by learners walking the whole curriculum (a new learner when one is
done); puzzle answers are one learner's first answer to each shipped puzzle in turn (a new
learner when they run out), right and wrong in turn; the table action is the learner's legal
move at a two-player Scopa table against Quick (greedy). The class table is a teacher's table of a
class of 100 students with 20 pieces of homework (lessons, puzzle sets, practice), each student
with some of it done (issue 15). Whatever must happen before a request
(reading a page to get its cookie, opening a puzzle before answering it, the computer players'
moves before the learner's next move) happens before the clock starts and is not counted; it is
sent where the timed requests go (`sending_to`), as a learner's browser sends all its requests
to one site.
"""
from __future__ import annotations

import cProfile
import http.cookies
import io
import math
import pstats
import random
import re
import statistics
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from django.contrib.auth.models import User
from django.core.handlers.wsgi import WSGIHandler
from django.core.management import call_command
from django.core.signals import request_finished, request_started
from django.db import close_old_connections, connection, reset_queries
from django.template.base import Template
from django.test.utils import CaptureQueriesContext, override_settings
from template_partials.templatetags.partials import TemplateProxy

from neapolitan.scopa import Play
from tutorials.bench_urls import FLOOR_PATH
from tutorials.lessons.models import Step
from tutorials.lessons.steps import STEP_KINDS
from tutorials.puzzles.models import Puzzle
from tutorials.scopa.table import NEXT_HAND
from tutorials.settings.bench import BENCH_SETTINGS
from tutorials.tables.models import Table
from tutorials.tables.registry import ADAPTERS

FLOOR, READ, ANSWER, ENGINE, REPORT = "floor", "read", "answer", "engine", "report"
TARGETS = {READ: 40, ANSWER: 25}  # % of the floor's throughput (issue 12, for its kinds of page)
GAME = "scopa"
HOST = "localhost"
TABLE_OPTIONS = {"variant": "SCOPA_2P", "opponent": "greedy"}
MAX_MOVES = 200  # a safety net while a table is brought to the turn a request needs


@contextmanager
def bench_settings() -> Iterator[None]:
    """BENCH_SETTINGS for the time being (the urlconf with the floor, no rate limits)."""
    with override_settings(**BENCH_SETTINGS):
        yield


# -- a browser talking to the WSGI handler --------------------------------------------------------
@dataclass(frozen=True)
class Response:
    status: int
    headers: list[tuple[str, str]]
    body: bytes
    seconds: float  # wall-clock time
    cpu_seconds: float  # this process's CPU time (not a database server's): a busy machine barely moves it
    queries: list[str]

    @property
    def location(self) -> str:
        return next((value for name, value in self.headers if name.lower() == "location"), "")


@dataclass(frozen=True)
class Request:
    browser: Browser
    method: str
    path: str
    data: dict[str, Any] | None = None
    htmx: bool = False

    def send(self) -> Response:
        """Send this request the way the run sends every request (`sending_to`): by default to
        this process's WSGI handler."""
        server = _server
        return server(self) if server is not None else self.browser.send(self)


_server: Callable[[Request], Response] | None = None  # where every request goes (None: this process)


@contextmanager
def sending_to(server: Callable[[Request], Response] | None) -> Iterator[None]:
    """Every request of every learner goes to `server` for the time being, the untimed ones too
    (a learner opens a puzzle before answering it, and the server that answers has served that
    page, as one does in production), so what a server keeps from request to request is what a
    real learner's requests leave there."""
    global _server
    before, _server = _server, server
    try:
        yield
    finally:
        _server = before


class Browser:
    """One visitor's browser: keeps its cookies and sends back the CSRF token, as htmx does."""

    def __init__(self, handler: WSGIHandler) -> None:
        self.handler = handler
        self.cookies: dict[str, str] = {}

    def get(self, path: str, htmx: bool = False) -> Request:
        return Request(self, "GET", path, htmx=htmx)

    def post(self, path: str, data: dict[str, Any], htmx: bool = True) -> Request:
        return Request(self, "POST", path, data, htmx)

    def send(self, request: Request) -> Response:
        """Serve one request; its time and queries are the server's alone."""
        environ = self._environ(request)
        started: list[str] = []
        reset_queries()  # the query log keeps 9000 at most: the count must start from an empty one
        with _connection_kept(), CaptureQueriesContext(connection) as queries:
            start, cpu_start = time.perf_counter(), time.process_time()
            result = self.handler(environ, lambda status, headers, *_: started.extend([status, headers]))
            try:
                body = b"".join(result)
            finally:
                result.close()
            seconds, cpu_seconds = time.perf_counter() - start, time.process_time() - cpu_start
        status, headers = int(started[0].split()[0]), started[1]
        self._keep_cookies(headers)
        return Response(status, headers, body, seconds, cpu_seconds, [q["sql"] for q in queries.captured_queries])

    def _environ(self, request: Request) -> dict[str, Any]:
        body = urlencode(request.data or {}, doseq=True).encode()
        environ = {
            "REQUEST_METHOD": request.method, "SCRIPT_NAME": "", "PATH_INFO": request.path,
            "QUERY_STRING": "", "SERVER_NAME": HOST, "SERVER_PORT": "80", "SERVER_PROTOCOL": "HTTP/1.1",
            "REMOTE_ADDR": "127.0.0.1", "HTTP_HOST": HOST,
            "HTTP_USER_AGENT": "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0",
            "HTTP_ACCEPT": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
            "HTTP_ACCEPT_LANGUAGE": "en-GB,en;q=0.9,it;q=0.8", "HTTP_ACCEPT_ENCODING": "gzip, deflate, br",
            "HTTP_COOKIE": "; ".join(f"{name}={value}" for name, value in self.cookies.items()),
            "wsgi.version": (1, 0), "wsgi.url_scheme": "http", "wsgi.input": io.BytesIO(body),
            "wsgi.errors": sys.stderr, "wsgi.multithread": False, "wsgi.multiprocess": True,
            "wsgi.run_once": False,
        }
        if request.method == "POST":
            environ.update(CONTENT_TYPE="application/x-www-form-urlencoded", CONTENT_LENGTH=str(len(body)),
                           HTTP_ORIGIN=f"http://{HOST}")
            if "csrftoken" in self.cookies:
                environ["HTTP_X_CSRFTOKEN"] = self.cookies["csrftoken"]
        if request.htmx:
            environ.update(HTTP_HX_REQUEST="true", HTTP_HX_CURRENT_URL=f"http://{HOST}{request.path}")
        return environ

    def _keep_cookies(self, headers: list[tuple[str, str]]) -> None:
        for name, value in headers:
            if name.lower() != "set-cookie":
                continue
            for morsel in http.cookies.SimpleCookie(value).values():
                if morsel["max-age"] == "0":
                    self.cookies.pop(morsel.key, None)
                else:
                    self.cookies[morsel.key] = morsel.value


@contextmanager
def _connection_kept() -> Iterator[None]:
    """Inside an outer transaction (the test suite's), a request must not close the connection at
    its start or end, as Django's test client also ensures; outside one, requests close or keep it
    as on a real server (CONN_MAX_AGE)."""
    if not connection.in_atomic_block:
        yield
        return
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    try:
        yield
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)


def _expect(response: Response, status: int, what: str) -> Response:
    if response.status != status:
        raise RuntimeError(f"{what}: expected {status}, got {response.status}: {response.body[:300]!r}")
    return response


# -- the learners ---------------------------------------------------------------------------------


def right_answer(step: Step) -> dict[str, Any]:
    """The right answer to a step, from the engine; a read step is answered by "Continue"."""
    return STEP_KINDS[step.kind].answer_fields(step.in_language(), right=True)


def answer_url(step: Step) -> str:
    return f"/{step.lesson.game}/learn/{step.lesson.slug}/{step.number}/answer"


def step_url(step: Step) -> str:
    return f"/{step.lesson.game}/learn/{step.lesson.slug}/{step.number}/"


def curriculum() -> list[Step]:
    return list(Step.objects.filter(lesson__game=GAME, lesson__retired=False)
                .select_related("lesson").order_by("lesson__order", "number"))


class LessonAnswers:
    """Learners walking the whole curriculum: each interactive step's right answer is a request
    to time; "Continue" on a read step is not timed."""

    def __init__(self, handler: WSGIHandler) -> None:
        self.handler = handler
        self.steps = self._walk()

    def next_answer(self) -> Request:
        return next(self.steps)

    def _walk(self) -> Iterator[Request]:
        steps = curriculum()
        while True:
            learner = Browser(self.handler)
            _expect(learner.get(step_url(steps[0])).send(), 200, "the first lesson step")
            for step in steps:
                if STEP_KINDS[step.kind].interactive:
                    yield learner.post(answer_url(step), right_answer(step))
                else:
                    _expect(learner.post(answer_url(step), {}, htmx=False).send(), 302, f"continue after {step}")


def puzzle_answer(puzzle: Puzzle, right: bool) -> dict[str, Any]:
    """The form fields of the solution, or of the engine's worst verdict, as a first attempt."""
    play = Play.parse(puzzle.solution if right else puzzle.spec["verdicts"][-1]["answer"])
    return {"card": str(play.card), "take": [str(card) for card in play.captured], "number": "0"}


class PuzzleAnswers:
    """A learner opens each puzzle in turn (not timed) and answers it once (timed), right and
    wrong in turn; when the puzzles run out a new learner starts."""

    def __init__(self, handler: WSGIHandler) -> None:
        self.handler = handler
        self.answers = self._walk()

    def next_answer(self) -> Request:
        return next(self.answers)

    def _walk(self) -> Iterator[Request]:
        # The puzzles answered with a play (card-counting questions are answered with a choice).
        puzzles = list(Puzzle.objects.filter(game=GAME).exclude(kind__startswith="race_").order_by("pk"))
        answered = 0
        while True:
            learner = Browser(self.handler)
            for puzzle in puzzles:
                _expect(learner.get(f"/{GAME}/puzzles/{puzzle.pk}/").send(), 200, f"puzzle {puzzle.pk}")
                yield learner.post(f"/{GAME}/puzzles/{puzzle.pk}/answer", puzzle_answer(puzzle, answered % 2 == 0))
                answered += 1


class PracticeTable:
    """One learner's two-player Scopa table against Quick. The learner's moves are legal moves
    from the engine, chosen at random (seeded); a finished game makes way for a new table."""

    adapter = ADAPTERS[GAME]

    def __init__(self, browser: Browser, seed: str) -> None:
        self.browser, self.seed, self.games = browser, seed, 0
        self.rng = random.Random(seed)
        _expect(browser.get(f"/{GAME}/play/").send(), 200, "the new-table form")
        self.public_id = self._new_table()

    @property
    def url(self) -> str:
        return f"/{GAME}/play/{self.public_id}/"

    def learner_move(self) -> Request:
        """The learner's move (timed), after whatever brings the table to the learner's turn."""
        table, state = self._when(lambda table, seat: seat == table.human_seat)
        return self._act(table, str(self.rng.choice(state.legal_actions())))

    def bot_move(self) -> Request:
        """A computer player's move (timed), after whatever brings the table to a bot's turn."""
        table, _state = self._when(lambda table, seat: seat is not None and seat != table.human_seat)
        return self._advance(table)

    def settle(self) -> None:
        """Bring the table to the learner's turn."""
        self._when(lambda table, seat: seat == table.human_seat)

    def _when(self, wanted: Callable[[Table, int | None], bool]) -> tuple[Table, Any]:
        for _ in range(MAX_MOVES):
            table = Table.objects.get(public_id=self.public_id)
            state = self.adapter.load(table.rules_text, table.state_text)
            seat = self.adapter.seat_to_act(state)
            if wanted(table, seat):
                return table, state
            self._move_on(table, state, seat)
        raise RuntimeError(f"table {self.public_id} never reached the turn wanted")

    def _move_on(self, table: Table, state: Any, seat: int | None) -> None:
        """One step of the game, not timed: a new table, the next hand, or whoever's move it is."""
        if state.is_over:
            self.public_id = self._new_table()
        elif seat is None:
            _expect(self._act(table, NEXT_HAND).send(), 200, "the next hand")
        elif seat == table.human_seat:
            _expect(self._act(table, str(self.rng.choice(state.legal_actions()))).send(), 200, "a move")
        else:
            _expect(self._advance(table).send(), 200, "a bot's move")

    def _act(self, table: Table, action: str) -> Request:
        return self.browser.post(self.url + "act", {"action": action, "ply": table.ply})

    def _advance(self, table: Table) -> Request:
        return self.browser.post(self.url + "advance", {"ply": table.ply})

    def _new_table(self) -> str:
        self.games += 1
        data = {**TABLE_OPTIONS, "seed": f"{self.seed}{self.games}"}
        response = _expect(self.browser.post(f"/{GAME}/play/", data, htmx=False).send(), 302, "a new table")
        return response.location.rstrip("/").split("/")[-1]


class Visitor:
    """A returning learner reading pages: partway through a lesson, a puzzle open, a table where
    a few moves were played; each read is the same page again."""

    def __init__(self, handler: WSGIHandler) -> None:
        self.browser = Browser(handler)
        _expect(self.browser.get("/").send(), 200, "the home page")
        self.step = self._reach_a_step()
        self.puzzle = Puzzle.objects.filter(game=GAME).order_by("pk").first()
        self.table = PracticeTable(self.browser, "bench-show")
        for _ in range(3):
            _expect(self.table.learner_move().send(), 200, "a move")
        self.table.settle()

    def _reach_a_step(self) -> Step:
        """The first interactive step of the middle lesson, its earlier steps answered."""
        steps = curriculum()
        lesson = steps[len(steps) // 2].lesson
        mine = [step for step in steps if step.lesson_id == lesson.pk]
        target = next(step for step in mine if STEP_KINDS[step.kind].interactive)
        for step in mine[:mine.index(target)]:
            _expect(self.browser.post(answer_url(step), right_answer(step), htmx=False).send(), 302, "continue")
        return target

    def floor(self) -> Request:
        return self.browser.get(FLOOR_PATH)

    def home(self) -> Request:
        return self.browser.get("/")

    def lesson_step(self) -> Request:
        return self.browser.get(step_url(self.step))

    def puzzle_show(self) -> Request:
        return self.browser.get(f"/{GAME}/puzzles/{self.puzzle.pk}/")

    def table_show(self) -> Request:
        return self.browser.get(self.table.url)


class ClassTeacher:
    """A teacher reading the homework table of a class of 100 students with 20 pieces of homework."""

    STUDENTS, ASSIGNMENTS = 100, 20
    TEACHER, PASSWORD = "bench-teacher", "bench-password-1"

    def __init__(self, handler: WSGIHandler) -> None:
        from tutorials.classroom.models import Classroom
        from tutorials.classroom.services import teacher_enable

        self.browser = Browser(handler)
        teacher = User.objects.filter(username=self.TEACHER).first()
        if teacher is None:  # the class is made once, for the handler's run and the HTTP run alike
            teacher = User.objects.create_user(self.TEACHER, password=self.PASSWORD)
            teacher_enable(user=teacher)
            big_class(teacher, self.STUDENTS, self.ASSIGNMENTS, "bench")
        classroom = Classroom.objects.get(owner=teacher)
        _expect(self.browser.get("/accounts/login/").send(), 200, "the log-in page")
        _expect(self.browser.post("/accounts/login/", {"username": self.TEACHER, "password": self.PASSWORD},
                                  htmx=False).send(), 302, "logging in")
        self.url = f"/classes/{classroom.public_id}/table/"

    def table(self) -> Request:
        return self.browser.get(self.url)


def big_class(teacher: Any, students: int, assignments: int, name: str) -> Any:
    """A class of `teacher` with `students` students and `assignments` pieces of homework (a
    lesson, a puzzle set of ten, practice hands, in turn), every other student having finished the
    first lesson, each having tried seven puzzles and a third of them having played practice hands:
    rows made in bulk, as the learning would have written them. For the bench and the tests."""
    from datetime import timedelta

    from django.utils import timezone

    from tutorials.classroom.models import Membership
    from tutorials.classroom.services import (
        assignment_lesson,
        assignment_practice,
        assignment_puzzles,
        classroom_create,
    )
    from tutorials.lessons.models import Lesson, LessonProgress
    from tutorials.puzzles.models import PuzzleAttempt

    classroom = classroom_create(owner=teacher, name=name)
    users = User.objects.bulk_create([User(username=f"{name}-{n:03}") for n in range(students)])
    Membership.objects.bulk_create([Membership(classroom=classroom, user=u, real_name=f"Student {n:03}")
                                    for n, u in enumerate(users)])
    lessons = list(Lesson.objects.filter(retired=False).order_by("game", "order"))
    puzzles = list(Puzzle.objects.filter(game=GAME, retired=False).order_by("pk"))
    due = timezone.localdate() + timedelta(days=7)
    for n in range(assignments):
        if n % 3 == 0:
            assignment_lesson(classroom=classroom, lesson=lessons[n % len(lessons)], due=due, by=teacher)
        elif n % 3 == 1:
            picked = [p.pk for p in puzzles[n:n + 10]]
            assignment_puzzles(classroom=classroom, game=GAME, picked=picked, due=due, by=teacher)
        else:
            assignment_practice(classroom=classroom, game="stoppa", hands=3, due=due, by=teacher)
    LessonProgress.objects.bulk_create([LessonProgress(user=u, lesson=lessons[0], completed=True, stars=2)
                                        for u in users[::2]])
    PuzzleAttempt.objects.bulk_create([
        PuzzleAttempt(user=u, puzzle=p, number=0, answer="-", correct=i % 2 == 0, loss=0.0)
        for u in users for i, p in enumerate(puzzles[1:8])])
    Table.objects.bulk_create([Table(game="stoppa", owner=u, rules_text="-", seed="-", state_text="-", hands=2)
                               for u in users[::3]])
    return classroom


# -- the endpoints and the measuring loop ---------------------------------------------------------
@dataclass(frozen=True)
class Endpoint:
    name: str
    kind: str  # FLOOR, READ, ANSWER, ENGINE or REPORT
    what: str  # the request, in words
    next_request: Callable[[], Request]  # does the untimed preparation, returns the request to time
    status: int = 200


def endpoint_table(handler: WSGIHandler) -> list[Endpoint]:
    visitor, table = Visitor(handler), PracticeTable(Browser(handler), "bench-play")
    lessons, puzzles = LessonAnswers(handler), PuzzleAnswers(handler)
    return [
        Endpoint("floor", FLOOR, "GET, a view: HttpResponse('ok')", visitor.floor),
        Endpoint("home page", READ, "GET /", visitor.home),
        Endpoint("lesson step", READ, "GET, an interactive step", visitor.lesson_step),
        Endpoint("lesson answer", ANSWER, "POST (htmx), a right answer", lessons.next_answer),
        Endpoint("puzzle show", READ, "GET, a puzzle not answered yet", visitor.puzzle_show),
        Endpoint("puzzle answer", ANSWER, "POST (htmx), a first attempt", puzzles.next_answer),
        Endpoint("table show", READ, "GET, Scopa 2p at your turn", visitor.table_show),
        Endpoint("table action", ANSWER, "POST (htmx) act, your move only", table.learner_move),
        Endpoint("table advance", ENGINE, "POST (htmx) advance, Quick thinks", table.bot_move),
        # a teacher's report (issue 15), read by one teacher at a time: not one of issue 12's kinds
        Endpoint("class table", REPORT, "GET, 100 students × 20 homework", ClassTeacher(handler).table),
    ]


@dataclass
class Figures:
    endpoint: Endpoint
    seconds: list[float] = field(default_factory=list)
    cpu_seconds: list[float] = field(default_factory=list)
    queries: list[int] = field(default_factory=list)
    statuses: Counter = field(default_factory=Counter)

    def add(self, response: Response) -> None:
        self.seconds.append(response.seconds)
        self.cpu_seconds.append(response.cpu_seconds)
        self.queries.append(len(response.queries))
        self.statuses[response.status] += 1

    @property
    def unexpected(self) -> int:
        return sum(n for status, n in self.statuses.items() if status != self.endpoint.status)

    def median_ms(self) -> float:
        return statistics.median(self.seconds) * 1e3

    def median_cpu_ms(self) -> float:
        return statistics.median(self.cpu_seconds) * 1e3

    def p95_ms(self) -> float:
        return percentile(self.seconds, 95) * 1e3

    def median_queries(self) -> float:
        return statistics.median(self.queries)

    def p95_queries(self) -> int:
        return percentile(self.queries, 95)


def percentile(values: list, pct: float) -> Any:
    """Nearest rank: the smallest value at least `pct`% of the values do not exceed."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(len(ordered) * pct / 100) - 1)]


def load_content() -> None:
    """The lessons (`sync_content`) and the shipped puzzles, as `make content` loads them."""
    call_command("sync_content", verbosity=0)
    call_command("load_puzzles", verbosity=0)


def measure_endpoints(requests: int, warmup: int, send: Callable[[Request], Response] = Request.send) -> list[Figures]:
    """Warm every endpoint up, then time `requests` of each, each sent by `send` (by default to
    this process's WSGI handler). The endpoints take turns, one request each per round, so a
    machine that slows down for a while slows them all alike. What must happen before a request
    goes where the requests go, untimed."""
    with bench_settings(), sending_to(None if send is Request.send else send):
        endpoints = endpoint_table(WSGIHandler())
        for _ in range(warmup):
            for endpoint in endpoints:
                send(endpoint.next_request())
        figures = [Figures(endpoint) for endpoint in endpoints]
        for _ in range(requests):
            for figure in figures:
                figure.add(send(figure.endpoint.next_request()))
    return figures


# -- looking closer: repeated queries, profiles ---------------------------------------------------
_LITERALS = re.compile(r"'(?:[^']|'')*'|\b\d+(?:\.\d+)?(?:e[+-]?\d+)?\b")
_TABLE = re.compile(r'\b(?:FROM|INTO|UPDATE)\s+"?(\w+)', re.IGNORECASE)


_COLUMNS = re.compile(r"^SELECT (.*?) FROM ")


@dataclass(frozen=True)
class Repeat:
    what: str  # the statement's verb and its first table: "SELECT lessons_step"
    count: int
    statements: list[tuple[int, str]]  # each different statement (literals as ?, columns as …), how often


def repeated_queries(endpoint: Endpoint) -> list[Repeat]:
    """What one request of `endpoint` reads or writes more than once: statements grouped by verb
    and table, most first."""
    with bench_settings():
        statements = [_short(sql) for sql in endpoint.next_request().send().queries]
    groups: dict[str, Counter] = defaultdict(Counter)
    for sql in statements:
        table = _TABLE.search(sql)
        groups[f"{sql.split(None, 1)[0].upper()} {table.group(1) if table else ''}".strip()][sql] += 1
    repeats = [Repeat(what, sum(sqls.values()), [(n, sql) for sql, n in sqls.most_common()])
               for what, sqls in groups.items() if sum(sqls.values()) > 1]
    return sorted(repeats, key=lambda r: r.count, reverse=True)


def _short(sql: str) -> str:
    """A statement with its literals as ? and a long column list as …"""
    sql = _LITERALS.sub("?", sql)
    return _COLUMNS.sub(lambda m: "SELECT … FROM " if m.group(1).count(",") > 1 else m.group(0), sql)


# The project's code, and the parts of Django's template engine that are tags and filters (its
# recursive plumbing, NodeList.render and the like, would only repeat the whole page's time).
PROFILED = re.compile(r"[/\\](tutorials|neapolitan|template_partials|django[/\\]template[/\\]"
                      r"(?:defaulttags|loader_tags|library|defaultfilters|context)\.py)")
_OWN_FILES = {Path(__file__).resolve(), Path(sys.modules["tutorials.bench_urls"].__file__).resolve()}


@dataclass(frozen=True)
class ProfileLine:
    cumulative_ms: float  # per request
    own_ms: float  # per request
    calls: float  # per request
    where: str


def profile_endpoint(endpoint: Endpoint, requests: int, limit: int = 15) -> list[ProfileLine]:
    """The project's functions and Django's template tags that take the most time (cumulative)
    over `requests` requests of `endpoint`, per request (cProfile)."""
    profiler = cProfile.Profile()
    with bench_settings():
        for _ in range(requests):
            request = endpoint.next_request()
            profiler.enable()
            request.send()
            profiler.disable()
    lines = [
        ProfileLine(cumulative * 1e3 / requests, own * 1e3 / requests, calls / requests, _where(file, line, name))
        for (file, line, name), (_primitive, calls, own, cumulative, _callers) in pstats.Stats(profiler).stats.items()
        if PROFILED.search(file) and Path(file).resolve() not in _OWN_FILES
    ]
    return sorted(lines, key=lambda p: p.cumulative_ms, reverse=True)[:limit]


def _where(file: str, line: int, name: str) -> str:
    match = PROFILED.search(file)
    return f"{file[match.start() + 1:]}:{line} {name}"


@dataclass(frozen=True)
class TemplateLine:
    name: str
    calls: float  # per request
    ms: float  # per request, inclusive: what it includes or extends is counted in


def template_times(endpoint: Endpoint, requests: int, limit: int = 8) -> list[TemplateLine]:
    """Each template's rendering time per request over `requests` requests of `endpoint`
    (no profiler running), inclusive, most first."""
    spent: dict[str, list] = defaultdict(lambda: [0, 0.0])
    with bench_settings():
        for _ in range(requests):
            request = endpoint.next_request()
            with _template_clock(spent):
                request.send()
    lines = [TemplateLine(name, calls / requests, seconds * 1e3 / requests) for name, (calls, seconds) in spent.items()]
    return sorted(lines, key=lambda t: t.ms, reverse=True)[:limit]


@contextmanager
def _template_clock(spent: dict[str, list]) -> Iterator[None]:
    """Time every template render (and template_partials' partials) into `spent`:
    name -> [calls, seconds]."""
    originals = {cls: cls._render for cls in (Template, TemplateProxy)}

    def timed(original: Callable) -> Callable:
        def _render(template: Any, context: Any) -> Any:
            start = time.perf_counter()
            try:
                return original(template, context)
            finally:
                entry = spent[_template_name(template)]
                entry[0] += 1
                entry[1] += time.perf_counter() - start
        return _render

    for cls, original in originals.items():
        cls._render = timed(original)
    try:
        yield
    finally:
        for cls, original in originals.items():
            cls._render = original


def _template_name(template: Any) -> str:
    if isinstance(template, TemplateProxy):
        return f"{template.origin.template_name}#{template.name}"
    return str(template.origin.template_name or template.name)
