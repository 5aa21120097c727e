"""The authorization matrix (issue 15): every classroom URL, with every method, asked by each
kind of visitor; each answer's exact status. Nobody sees or changes what is not theirs: a class
is a 404 to all but its teachers (staff included), what only the class's maker may do is a 403 to
a co-teacher, the homework page is its class's students' alone. The live session URLs of a
class's session too (issue 16): its teachers start one and read its reports, its host alone runs
it, its students alone join it (a 403 with a message to anyone else signed in)."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import timedelta
from types import SimpleNamespace
from urllib.parse import urlencode

import pytest
from django.contrib.auth.models import User
from django.db import transaction
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tests.classroom.support import a_class, learner, student_of, teacher
from tests.conftest import starter_specs
from tutorials.classroom import urls as classroom_urls
from tutorials.classroom.services import assignment_practice, students_create
from tutorials.live.questions import from_puzzle
from tutorials.live.services import session_create
from tutorials.puzzles.models import Puzzle
from tutorials.puzzles.services import puzzles_store

pytestmark = pytest.mark.django_db

ROLES = ("anonymous", "learner", "student", "other_student", "teacher", "co_teacher", "other_teacher", "staff")
METHODS = ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE")
SAFE = frozenset({"GET", "HEAD"})


@pytest.fixture
def world():
    """A class (its maker, a co-teacher, a student whose account the teacher made, a student who
    joined with their own, a second class of the same teacher, homework, the quick sign-in on), and
    another class with its own teacher and student; a plain learner and a staff member."""
    owner, co = teacher("tina"), teacher("cora")
    classroom = a_class(owner, "5B")
    classroom.co_teachers.add(co)
    classroom.quick_signin = True
    classroom.save()
    (card,) = students_create(classroom=classroom, names=["Stella Rossi"])
    joined = student_of(classroom, "jo", "Jo Verdi")
    other = a_class(teacher("otto"), "4A")
    puzzles_store(game="scopa", specs=starter_specs("scopa")[:1])
    puzzle = Puzzle.objects.get()
    return SimpleNamespace(
        classroom=classroom, second=a_class(owner, "5C"), card=card, managed=card.membership,
        joined=classroom.members.get(user=joined), other=other,
        homework=assignment_practice(classroom=classroom, game="scopa", hands=2,
                                     due=timezone.localdate() + timedelta(days=7), by=owner),
        puzzle=puzzle, live=session_create(host=owner, drafts=[from_puzzle(puzzle)], classroom=classroom),
        users={"anonymous": None, "learner": learner("leo"), "student": card.membership.user,
               "other_student": student_of(other, "olga", "Olga Neri"), "teacher": owner, "co_teacher": co,
               "other_teacher": other.owner, "staff": User.objects.create_user("sam", is_staff=True, is_superuser=True)},
    )


def _everyone(status: int, **others: int) -> dict[str, int]:
    return {role: others.get(role, status) for role in ROLES}


def signed_in(status: int, **others: int) -> dict[str, int]:
    return _everyone(status, **{"anonymous": 302, **others})


def teachers(status: int, **others: int) -> dict[str, int]:
    """A class's page: its maker and co-teachers only; a 404 to everyone else signed in."""
    return _everyone(404, **{"anonymous": 302, "teacher": status, "co_teacher": status, **others})


def maker(status: int) -> dict[str, int]:
    return teachers(status, co_teacher=403)


@dataclass(frozen=True)
class Route:
    name: str
    args: Callable[[SimpleNamespace], list[str]]
    expected: dict[str, dict[str, int]]  # method -> role -> status; other methods are refused
    body: Callable[[SimpleNamespace], dict] = lambda w: {}
    login: bool = True  # anonymous visitors are sent to log in before the method is looked at
    query: dict = field(default_factory=dict)
    namespace: str = "classroom"


def _class(w):
    return [w.classroom.public_id]


def _managed(w):
    return [w.classroom.public_id, w.managed.public_id]


def _joined(w):
    return [w.classroom.public_id, w.joined.public_id]


def _live(w):
    return [w.live.public_id]


def _new_live(w) -> dict:
    return {"title": "", "game": "scopa", "theme": "", "rating_min": "0", "rating_max": "4000", "count": "0",
            "numbers": str(w.puzzle.pk), "variant": "", "positions": "", "seconds": "30", "scoring": "value"}


def _due() -> str:
    return str(timezone.localdate() + timedelta(days=7))


ROUTES = [
    Route("account", lambda w: [], {"GET": signed_in(200), "POST": signed_in(302, student=400)},
          lambda w: {"teacher": "on"}),
    Route("classes", lambda w: [], {"GET": signed_in(200)}),
    Route("class_new", lambda w: [], {
        "GET": signed_in(403, teacher=200, co_teacher=200, other_teacher=200),
        "POST": signed_in(403, teacher=302, co_teacher=302, other_teacher=302)}, lambda w: {"name": "New class"}),
    Route("class_show", _class, {"GET": teachers(200)}),
    Route("class_qr", _class, {"GET": teachers(200)}),
    Route("class_edit", _class, {"GET": teachers(200), "POST": teachers(302)}, lambda w: {"name": "5B bis"}),
    Route("class_rules", _class, {"GET": teachers(200), "POST": teachers(302)},
          lambda w: {"game": "scopa", "scopa-variant": "SCOPA_2P", "scopa-opponent": "greedy"}),
    Route("class_teachers", _class, {"GET": maker(200), "POST": maker(302)},
          lambda w: {"username": w.users["other_teacher"].username}),
    Route("class_archive", _class, {"POST": maker(302)}, lambda w: {"archive": "1"}),
    Route("class_table", _class, {"GET": teachers(200)}),
    Route("class_table_csv", _class, {"GET": teachers(200)}),
    Route("students_add", _class, {"GET": teachers(200), "POST": teachers(200)}, lambda w: {"names": "Nina Blu"}),
    Route("student_show", _managed, {"GET": teachers(200)}),
    Route("student_reset", _managed, {"POST": teachers(200)}),
    # the second class is the maker's own: a co-teacher of 5B does not teach it
    Route("student_move", _managed, {"POST": teachers(302, co_teacher=400)}, lambda w: {"to": w.second.public_id}),
    Route("student_remove", _joined, {"POST": teachers(302)}),
    Route("student_erase", _joined, {"GET": teachers(200), "POST": teachers(302)}, lambda w: {"confirm": "jo"}),
    Route("student_report_csv", _managed, {"GET": teachers(200)}),
    Route("student_export_json", _managed, {"GET": teachers(200)}),
    Route("student_export_csv", _managed, {"GET": teachers(200)}),
    Route("assignment_new", _class, {"GET": teachers(200), "POST": teachers(302)},
          lambda w: {"kind": "practice", "practice-game": "stoppa", "practice-hands": "2", "practice-due": _due()}),
    Route("assignment_delete", lambda w: [w.classroom.public_id, w.homework.public_id], {"POST": teachers(302)}),
    Route("review_mistakes", _class, {"POST": teachers(400)}, lambda w: {"game": "scopa"}),  # no mistakes yet
    Route("homework", lambda w: [w.homework.public_id], {"GET": _everyone(404, anonymous=302, student=200)}),
    Route("join", lambda w: [], {"GET": _everyone(200)}, login=False),
    Route("join", lambda w: [], {"GET": _everyone(302)}, login=False, query={"code": "__code__"}),
    Route("join_class", lambda w: [w.classroom.code], {
        "GET": _everyone(200), "POST": _everyone(302, teacher=400, co_teacher=400)}, login=False),
    Route("quick_sign_in", lambda w: [w.classroom.code], {"POST": _everyone(302)},
          lambda w: {"student": w.managed.public_id, "code": w.card.code}, login=False),
]

# A live session started from the class (by its maker), and the form that starts one.
LIVE_ROUTES = [
    Route("new", lambda w: [], {"GET": teachers(200), "POST": teachers(302)}, _new_live,
          query={"class": "__class__"}, namespace="live"),
    Route("join_pin", lambda w: [w.live.pin], {
        "GET": _everyone(403, anonymous=302, student=200), "POST": _everyone(403, anonymous=302, student=302)},
          login=False, namespace="live"),
    Route("host", _live, {"GET": _everyone(404, anonymous=302, teacher=200)}, namespace="live"),
    Route("move", _live, {"POST": _everyone(404, anonymous=302, teacher=302)},
          lambda w: {"move": "lock", "version": "0"}, namespace="live"),
    Route("report", _live, {"GET": teachers(200)}, namespace="live"),
    Route("report_csv", _live, {"GET": teachers(200)}, namespace="live"),
]


def _expected(route: Route, method: str) -> dict[str, int]:
    if method in route.expected:
        return route.expected[method]
    if method == "HEAD" and "GET" in route.expected:
        return route.expected["GET"]
    return _everyone(405, anonymous=302) if route.login else _everyone(405)


def _cases():
    for route in ROUTES + LIVE_ROUTES:
        for method in METHODS:
            suffix = "?" + "&".join(route.query) if route.query else ""
            yield pytest.param(route, method, id=f"{route.namespace}:{route.name}{suffix}-{method}")


def _url(route: Route, w) -> str:
    url = reverse(f"{route.namespace}:{route.name}", args=route.args(w))
    known = {"__code__": w.classroom.code, "__class__": w.classroom.public_id}
    query = {k: known.get(v, v) for k, v in route.query.items()}
    return url + "?" + urlencode(query) if query else url


class _Undo(Exception):
    """Raised to roll back what one visitor's request changed, before the next visitor's."""


@pytest.mark.parametrize(("route", "method"), list(_cases()))
def test_the_authorization_matrix(world, route, method):
    url = _url(route, world)
    statuses = {}
    for role in ROLES:
        try:
            with transaction.atomic():
                client = Client()
                if world.users[role] is not None:
                    client.force_login(world.users[role])
                data = route.body(world) if method == "POST" else {}
                statuses[role] = client.generic(method, url, urlencode(data),
                                                content_type="application/x-www-form-urlencoded").status_code
                raise _Undo
        except _Undo:
            pass
    assert statuses == _expected(route, method)


def test_the_matrix_covers_every_classroom_url():
    names = {pattern.name for pattern in classroom_urls.urlpatterns}
    assert names == {route.name for route in ROUTES}


def test_the_matrix_covers_every_live_url_of_a_class_session():
    """The live URLs a class's session adds or changes; the players' own (their screen, its poll,
    their answer) follow the player in the browser's session, which only joining gives."""
    assert {route.name for route in LIVE_ROUTES} == {"new", "join_pin", "host", "move", "report", "report_csv"}


@pytest.mark.parametrize("route", [r for r in ROUTES + LIVE_ROUTES if "POST" in r.expected],
                         ids=lambda r: f"{r.namespace}:{r.name}")
def test_every_post_needs_the_csrf_token(world, route):
    url = _url(route, world)
    for role in ("anonymous", "teacher", "student"):
        client = Client(enforce_csrf_checks=True)
        if world.users[role] is not None:
            client.force_login(world.users[role])
        assert client.post(url, route.body(world)).status_code == 403, role


def test_ids_in_urls_are_not_primary_keys(world):
    client = Client()
    client.force_login(world.users["teacher"])
    for model in (world.classroom, world.managed, world.homework):
        assert len(model.public_id) >= 16 and model.public_id != str(model.pk)
    assert client.get(reverse("classroom:class_show", args=[str(world.classroom.pk)])).status_code == 404
    student = reverse("classroom:student_show", args=[world.classroom.public_id, str(world.managed.pk)])
    assert client.get(student).status_code == 404
    # a student of one class is not reached through another class of the same teacher
    assert client.get(reverse("classroom:student_show", args=[
        world.second.public_id, world.managed.public_id])).status_code == 404
