"""Every endpoint answers in a small, fixed number of database queries, whoever asks and however
much they have done: counted for a new visitor and for a signed-in learner with history."""
from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.lessons.support import answer, go_to, right_answer
from tests.puzzles.support import right
from tests.tables.support import create_table
from tutorials.lessons.models import Lesson, Step
from tutorials.puzzles.models import Puzzle
from tutorials.puzzles.services import puzzles_store

pytestmark = pytest.mark.django_db

# The most queries each endpoint may make: the session, the user, the page's own rows; an answer
# also takes its locks and writes its rows (a savepoint counts as a query here). The home page
# looks for the homework of a signed-in learner's classes (one query when there is none).
LIMITS = {
    "home": 6, "game home": 4, "rules": 2, "glossary": 2, "progress": 9, "lesson list": 4, "lesson step": 4,
    "lesson answer": 11, "puzzle home": 8, "puzzle show": 5, "puzzle answer": 14,
    "puzzle dashboard": 6, "puzzle review": 4, "new table form": 2, "table show": 3, "table coach": 3,
    "table action": 4, "table advance": 4,
}


@pytest.fixture
def site(shipped_specs):
    call_command("sync_content", verbosity=0)
    puzzles_store(game="scopa", specs=shipped_specs[:40])


def _history(client: Client) -> None:
    """Lessons, puzzles and a table played before the counted requests."""
    lesson = Lesson.objects.filter(game="scopa").order_by("order").first()
    go_to(client, lesson.steps.order_by("number")[3])
    for puzzle in Puzzle.objects.order_by("pk")[:15]:
        client.get(reverse("puzzle_show", args=["scopa", puzzle.pk]))
        client.post(reverse("puzzle_answer", args=["scopa", puzzle.pk]), right(puzzle))


def _requests(client: Client):
    """(endpoint, request) for every endpoint kind, in the order a learner meets them."""
    lesson = Lesson.objects.filter(game="scopa").order_by("order").last()
    step = Step.objects.get(lesson=lesson, number=1)
    puzzle = Puzzle.objects.order_by("-pk").first()
    table = create_table(client, "scopa", {"variant": "SCOPA_2P", "opponent": "greedy", "seed": "q"})
    play = reverse("play_table", args=["scopa", table.public_id])
    yield "home", lambda: client.get("/")
    yield "game home", lambda: client.get("/scopa/")
    yield "rules", lambda: client.get("/scopa/rules/")
    yield "glossary", lambda: client.get("/glossary/?game=scopa")
    yield "progress", lambda: client.get("/progress/")
    yield "lesson list", lambda: client.get(reverse("lesson_list", args=["scopa"]))
    yield "lesson step", lambda: client.get(reverse("lesson_step", args=["scopa", lesson.slug, 1]))
    yield "lesson answer", lambda: answer(client, step, right_answer(step) if step.kind != "read" else {})
    yield "puzzle home", lambda: client.get(reverse("puzzle_home", args=["scopa"]))
    yield "puzzle show", lambda: client.get(reverse("puzzle_show", args=["scopa", puzzle.pk]))
    yield "puzzle answer", lambda: client.post(reverse("puzzle_answer", args=["scopa", puzzle.pk]), right(puzzle),
                                               HTTP_HX_REQUEST="true")
    yield "puzzle dashboard", lambda: client.get(reverse("puzzle_dashboard", args=["scopa"]))
    yield "puzzle review", lambda: client.get(reverse("puzzle_review", args=["scopa"]))
    yield "new table form", lambda: client.get(reverse("play_new", args=["scopa"]))
    yield "table show", lambda: client.get(play)
    table.refresh_from_db()
    yield "table coach", lambda: client.get(reverse("play_coach", args=["scopa", table.public_id]), {"ply": table.ply})
    yield "table action", lambda: client.post(
        reverse("play_act", args=["scopa", table.public_id]),
        {"action": _a_legal_play(table), "ply": table.ply}, HTTP_HX_REQUEST="true")
    table.refresh_from_db()
    yield "table advance", lambda: client.post(
        reverse("play_advance", args=["scopa", table.public_id]), {"ply": table.ply}, HTTP_HX_REQUEST="true")


def _a_legal_play(table) -> str:
    from tutorials.tables.registry import ADAPTERS

    adapter = ADAPTERS["scopa"]
    state = adapter.load(table.rules_text, table.state_text)
    return str(state.legal_actions()[0])


@pytest.mark.parametrize("who", ["new visitor", "signed-in learner with history"])
def test_every_endpoint_makes_a_bounded_number_of_queries(site, who):
    client = Client()
    if who != "new visitor":
        client.force_login(User.objects.create_user("ada"))
        _history(client)
    counts, queries = {}, {}
    for endpoint, request in _requests(client):
        with CaptureQueriesContext(connection) as captured:
            response = request()
        assert response.status_code in (200, 302), (endpoint, response.status_code)
        counts[endpoint], queries[endpoint] = len(captured), [q["sql"][:90] for q in captured]
    over = {e: n for e, n in counts.items() if n > LIMITS[e]}
    assert not over, (counts, {e: queries[e] for e in over})
    assert set(counts) == set(LIMITS)
