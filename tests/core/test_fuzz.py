"""Odd input at every URL and form never gives a 5xx: malformed cards, Unicode digits, control
characters, odd charsets, huge bodies, numbers out of any range. Each request is answered with a
page or a 4xx, and a refused post changes nothing."""
from __future__ import annotations

import re

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from tests.tables.support import create_table
from tutorials.core.games import GAMES
from tutorials.lessons.models import LessonProgress, Step
from tutorials.puzzles.models import Puzzle, PuzzleAttempt
from tutorials.tables.models import Table
from tutorials.tables.registry import ADAPTERS

pytestmark = pytest.mark.django_db

ODD_VALUES = [
    "", " ", "²", "⑤", "٣", "-1", "1e3", "9" * 40, "1" * 5000, "0x10", "NaN", "\x00", "\u202e7D",
    "11X", "7D" * 300, "7Dx7D", "ⅦD", "7d x 3c", "<script>alert(1)</script>", "' OR 1=1 --", "%00",
    "../../etc/passwd", "😀",
]
FIELDS = [  # every field name a form or an htmx endpoint of the site reads
    "action", "ply", "card", "take", "cards", "number", "value", "choice", "theme", "stake", "choose",
    "variant", "opponent", "opponents", "players", "role", "dealer_rule", "hands", "misera",
    "bankroll", "showdown", "lives", "revival", "re_bello", "seed", "token", "next",
    "username", "password", "password1", "password2",
]
QUERIES = ["", "?stake=²", "?stake=⑤", "?stand=²&dealer=free", "?stand=7.5&dealer=7", "?choose=%00", "?choose=11X", "?theme=%ff%fe", "?result=²",
           "?result=99999999999999999999", "?review=1", "?next=//evil.example", "?seed=²"]
HUGE = 3 * 1024 * 1024  # over Django's 2.5 MB limit on a form body


def _form_defaults(game: str) -> dict:
    form = ADAPTERS[game].form_class()
    return {name: field.initial for name, field in form.fields.items()
            if field.initial is not None and name != "token"}


@pytest.fixture
def site(client: Client, shipped_specs):
    """A learner with a table of every game, every lesson open, and some puzzles."""
    call_command("sync_content", verbosity=0)
    from tutorials.puzzles.services import puzzles_store

    puzzles_store(game="scopa", specs=shipped_specs[:3])
    tables = [create_table(client, game, _form_defaults(game)) for game in ADAPTERS]  # the learner's turn
    key = client.session["learner"]
    steps = {}  # one step of each kind: every kind's answer checking is fuzzed
    for step in Step.objects.select_related("lesson").order_by("lesson__order", "number"):
        steps.setdefault((step.lesson.game, step.kind), step)
    for step in steps.values():
        LessonProgress.objects.update_or_create(
            lesson=step.lesson, anon_key=key, user=None,
            defaults={"completed": True, "step": step.lesson.steps.count()},
        )
    return tables, list(steps.values()), list(Puzzle.objects.all())


def _gets(tables: list[Table], steps: list[Step], puzzles: list[Puzzle]) -> list[str]:
    urls = ["/", "/progress/", "/glossary/", "/accounts/login/", "/accounts/signup/", "/no/such/page/", "/settemezzo/lab/",
            "/scopa/puzzles/99999999999999999999999/", "/scopa/learn/x/99999999999999999999999/"]
    for game in GAMES:
        urls += [reverse("game_home", args=[game.slug]), reverse("rules", args=[game.slug]),
                 reverse("play_new", args=[game.slug]), reverse("lesson_list", args=[game.slug]),
                 reverse("puzzle_home", args=[game.slug]), reverse("puzzle_next", args=[game.slug]),
                 reverse("puzzle_dashboard", args=[game.slug]), reverse("puzzle_review", args=[game.slug])]
    urls += [reverse("play_table", args=[t.game, t.public_id]) for t in tables]
    urls += [reverse("play_abandon", args=[t.game, t.public_id]) for t in tables]  # the question only
    urls += [reverse("lesson_step", args=[s.lesson.game, s.lesson.slug, s.number]) for s in steps]
    urls += [reverse("puzzle_show", args=[p.game, p.pk]) for p in puzzles]
    return urls


def _posts(tables: list[Table], steps: list[Step], puzzles: list[Puzzle]) -> list[str]:
    urls = ["/accounts/signup/", "/accounts/login/"]
    urls += [reverse("play_new", args=[game]) for game in ADAPTERS]
    for t in tables:
        urls += [reverse("play_act", args=[t.game, t.public_id]), reverse("play_advance", args=[t.game, t.public_id])]
    urls += [reverse("lesson_answer", args=[s.lesson.game, s.lesson.slug, s.number]) for s in steps]
    urls += [reverse("puzzle_answer", args=[p.game, p.pk]) for p in puzzles]
    return urls


def _check(failures: list, label: str, response) -> None:
    if response.status_code >= 500:
        failures.append(f"{response.status_code} {label}")


def test_no_page_answers_odd_queries_or_methods_with_a_server_error(client, site):
    client.raise_request_exception = False
    failures: list[str] = []
    for url in _gets(*site):
        for query in QUERIES:
            _check(failures, f"GET {url}{query}", client.get(url + query))
        for htmx in ({}, {"HTTP_HX_REQUEST": "true"}):
            _check(failures, f"GET {url} {htmx}", client.get(url, **htmx))
        response = client.head(url)
        _check(failures, f"HEAD {url}", response)
        assert response.status_code != 405, f"HEAD {url}"
    assert not failures, "\n".join(failures)


@pytest.mark.usefixtures("no_rate_limits")
def test_no_form_answers_odd_values_with_a_server_error(client, site):
    client.raise_request_exception = False
    tables, _steps, _puzzles = site
    failures: list[str] = []
    for url in _posts(*site):
        for value in ODD_VALUES:
            data = {name: value for name in FIELDS}
            for htmx in ({}, {"HTTP_HX_REQUEST": "true"}):
                _check(failures, f"POST {url} all={value[:20]!r} {htmx}", client.post(url, data, **htmx))
            _check(failures, f"POST {url} take=[{value[:20]!r}]*3", client.post(url, {"take": [value] * 3}))
    assert not failures, "\n".join(failures)
    for table in tables:  # every action above was refused: the tables are as they were dealt
        before = table.ply
        table.refresh_from_db()
        assert table.ply == before, table.game


@pytest.mark.parametrize("body, content_type, unreadable", [
    ("a=1".encode("utf-16"), "application/x-www-form-urlencoded; charset=utf-16", True),
    (b"a=1", "application/x-www-form-urlencoded; charset=x-no-such-charset", False),
    (b"card=\xff\xfe7D&number=0", "application/x-www-form-urlencoded", False),
    (b"--xx\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1", "multipart/form-data; boundary=xx", False),
    (b"garbage", "multipart/form-data", True),
    (b"a=" + b"7" * HUGE, "application/x-www-form-urlencoded", True),
    (b"&".join(b"f%d=1" % i for i in range(1500)), "application/x-www-form-urlencoded", True),
    (b'{"card": "7D"}', "application/json", False),
], ids=["utf-16", "unknown-charset", "bad-bytes", "multipart-cut", "multipart-no-boundary", "huge",
        "too-many-fields", "json"])
def test_unreadable_bodies_are_refused_with_a_400_not_a_500(site, body, content_type, unreadable):
    """With the CSRF check on, as in production: the check reads the form first. A body that
    cannot be read at all is a 400 that says so; the others meet the forms' own checks."""
    client = Client(enforce_csrf_checks=True, raise_request_exception=False)
    client.get("/accounts/login/")
    token = client.cookies["csrftoken"].value
    tables, _steps, puzzles = site
    urls = ["/accounts/signup/", "/accounts/login/", reverse("puzzle_answer", args=["scopa", puzzles[0].pk]),
            reverse("play_act", args=[tables[0].game, tables[0].public_id])]
    for url in urls:
        response = client.generic("POST", url, body, content_type=content_type, HTTP_X_CSRFTOKEN=token)
        assert response.status_code < 500, (url, response.status_code)
        if unreadable:
            assert response.status_code == 400 and "could not be read" in response.content.decode(), url
    assert not PuzzleAttempt.objects.exists()


LONG = "Q" * 10_000  # a long input: no message may echo it in full (issue 17)
ECHO = re.compile("Q{41,}")
TAGS = re.compile(r"<[^>]*>")  # a field showing back what was typed, a link keeping the query: no echo
ENGINE_FIELDS = ["action", "card", "take", "cards", "choice", "value", "number", "theme", "choose", "seed"]


def _echo(response) -> str:
    """The text around a long run of the input in what a person reads (the page without its
    tags), or ""."""
    text = TAGS.sub(" ", response.content.decode(errors="replace"))
    found = ECHO.search(text)
    return " ".join(text[max(0, found.start() - 80):found.start()].split()) if found else ""


@pytest.mark.usefixtures("no_rate_limits")
def test_no_message_echoes_a_long_input_in_full(client, site):
    client.raise_request_exception = False
    tables, _steps, _puzzles = site
    plies = {reverse(view, args=[t.game, t.public_id]): t.ply for t in tables for view in ("play_act", "play_advance")}
    echoes: list[str] = []
    for url in _posts(*site):
        ply = str(plies.get(url, 0))
        tries = [{name: LONG for name in FIELDS}] + [{name: LONG, "ply": ply} for name in ENGINE_FIELDS]
        for data in tries:
            said = _echo(client.post(url, data, HTTP_HX_REQUEST="true"))
            if said:
                echoes.append(f"POST {url} {sorted(data)[:3]}: {said}")
    for url in _gets(*site):
        for query in ["stake", "choose", "theme", "stand", "dealer", "result"]:
            said = _echo(client.get(f"{url}?{query}={LONG}"))
            if said:
                echoes.append(f"GET {url}?{query}=…: {said}")
    assert not echoes, "\n".join(sorted(set(echoes)))
