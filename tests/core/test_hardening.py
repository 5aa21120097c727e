"""What an attacker or a script tries: redirects off the site, pushing puzzle ratings around,
flooding answers and sign-ups; and what operations need: errors logged, production checks clean,
log-in merges in a bounded number of queries."""
from __future__ import annotations

import gzip
import logging
import os
import re
import subprocess
import sys

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import include, path, reverse

from tests.puzzles.support import right, wrong
from tutorials.core.games import GAMES
from tutorials.core.learners import Learner
from tutorials.puzzles.models import LearnerRating, Puzzle, PuzzleAttempt, ReviewCard
from tutorials.puzzles.services import attempt_record, puzzles_store

pytestmark = pytest.mark.django_db
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SIGNUP = {"password1": "a-long-password-1", "password2": "a-long-password-1"}


@pytest.fixture
def puzzles(shipped_specs) -> list[Puzzle]:
    puzzles_store(game="scopa", specs=shipped_specs[:70])
    return list(Puzzle.objects.order_by("pk"))


def _answer(client: Client, puzzle: Puzzle, data: dict, **extra):
    return client.post(reverse("puzzle_answer", args=["scopa", puzzle.pk]), data, **extra)


@pytest.mark.parametrize("target", ["https://evil.example/x", "//evil.example", "///evil.example",
                                    "https:evil.example", "\\\\evil.example", "javascript:alert(1)"])
def test_sign_up_never_redirects_off_the_site(client, target):
    response = client.post(f"/accounts/signup/?next={target}", {"username": "ada", **SIGNUP})
    assert response.status_code == 302 and response.url == reverse("progress")


def test_sign_up_goes_on_to_the_page_asked_for_on_this_site(client):
    response = client.post("/accounts/signup/?next=/scopa/learn/", {"username": "ada", **SIGNUP})
    assert response.status_code == 302 and response.url == "/scopa/learn/"


def test_an_answer_from_a_visitor_without_a_session_is_not_rated(puzzles):
    """Twenty identical first answers, each from a brand-new client (no session cookie): all
    served, none rated, the puzzle's rating unmoved."""
    puzzle = puzzles[0]
    before = puzzle.as_glicko
    for _ in range(20):
        response = _answer(Client(), puzzle, wrong(puzzle), HTTP_HX_REQUEST="true")
        assert response.status_code == 200
    assert PuzzleAttempt.objects.count() == 20 and not PuzzleAttempt.objects.filter(rated=True).exists()
    puzzle.refresh_from_db()
    assert (puzzle.as_glicko, puzzle.plays) == (before, 0)


def test_anonymous_sessions_cannot_move_a_puzzle_but_signed_in_learners_do(puzzles):
    puzzle = puzzles[0]
    before = puzzle.as_glicko
    for _ in range(10):  # scripted sessions that look at the page first, then fail it
        client = Client()
        client.get(reverse("puzzle_show", args=["scopa", puzzle.pk]))
        _answer(client, puzzle, wrong(puzzle))
    assert PuzzleAttempt.objects.filter(rated=True).count() == 10  # each one's own rating moved
    puzzle.refresh_from_db()
    assert (puzzle.as_glicko, puzzle.plays) == (before, 0)
    client = Client()
    client.force_login(User.objects.create_user("ada"))
    _answer(client, puzzle, wrong(puzzle))
    puzzle.refresh_from_db()
    assert puzzle.plays == 1 and puzzle.rating > before.rating  # it beat a learner: it looks harder


def test_answers_are_limited_per_session_and_a_refused_answer_changes_nothing(client, puzzles, rate_limits):
    rate_limits(answer={"session": (3, 60), "address": (100, 60)})
    client.get(reverse("puzzle_show", args=["scopa", puzzles[0].pk]))
    for puzzle in puzzles[:3]:
        assert _answer(client, puzzle, right(puzzle), HTTP_HX_REQUEST="true").status_code == 200
    refused = _answer(client, puzzles[3], right(puzzles[3]), HTTP_HX_REQUEST="true")
    assert refused.status_code == 429 and "Wait a minute" in refused.content.decode()
    assert not PuzzleAttempt.objects.filter(puzzle=puzzles[3]).exists()
    other = Client()  # another learner behind the same address is not held up
    other.get(reverse("puzzle_show", args=["scopa", puzzles[3].pk]))
    assert _answer(other, puzzles[3], right(puzzles[3])).status_code == 302


def test_answers_are_limited_per_address_across_sessions(puzzles, rate_limits):
    rate_limits(answer={"session": (100, 60), "address": (5, 60)})
    codes = [_answer(Client(), puzzles[n], right(puzzles[n])).status_code for n in range(7)]
    assert codes == [302] * 5 + [429] * 2


def test_lesson_answers_share_the_answer_limit(client, rate_limits):
    from django.core.management import call_command

    call_command("sync_content", verbosity=0)
    rate_limits(answer={"session": (2, 60)})
    url = reverse("lesson_answer", args=["scopa", "the-primiera", 1])
    session = client.session  # a learner with a session, as after any earlier answer
    session["learner"] = "k" * 32
    session.save()
    codes = [client.post(url, {"value": "x"}).status_code for _ in range(3)]
    assert codes[2] == 429 and 429 not in codes[:2]


def test_sign_ups_are_limited_per_address(rate_limits):
    rate_limits(signup={"address": (2, 3600)})
    codes = [Client().post("/accounts/signup/", {"username": f"u{n}", **SIGNUP}).status_code for n in range(3)]
    assert codes == [302, 302, 429] and User.objects.count() == 2


def test_log_in_tries_are_limited_per_account_whoever_tries(rate_limits):
    """A made-up student's password is short: guesses at one account are counted across
    sessions and addresses, and once refused the password is not even checked."""
    rate_limits(login={"username": (3, 600), "address": (100, 600)})
    User.objects.create_user("happyotter47", password="brave-tiger-347")

    def tries(password: str, address: str) -> int:
        return Client(REMOTE_ADDR=address).post("/accounts/login/", {"username": "HappyOtter47 ", "password": password}).status_code

    assert [tries("wrong", f"10.0.0.{n}") for n in range(3)] == [200, 200, 200]
    refused = Client(REMOTE_ADDR="10.0.0.9").post("/accounts/login/", {"username": "happyotter47", "password": "brave-tiger-347"})
    assert refused.status_code == 429 and "Too many tries" in refused.content.decode()
    assert "_auth_user_id" not in refused.client.session
    other = Client().post("/accounts/login/", {"username": "someone-else", "password": "x"})
    assert other.status_code == 200  # another account's tries are its own


def test_the_client_address_comes_from_the_configured_proxy_header(puzzles, settings, rate_limits):
    rate_limits(answer={"address": (1, 60)})
    settings.CLIENT_ADDRESS_HEADER = "HTTP_X_REAL_IP"
    first = _answer(Client(), puzzles[0], right(puzzles[0]), HTTP_X_REAL_IP="10.0.0.1")
    second = _answer(Client(), puzzles[1], right(puzzles[1]), HTTP_X_REAL_IP="10.0.0.2")
    third = _answer(Client(), puzzles[2], right(puzzles[2]), HTTP_X_REAL_IP="10.0.0.1")
    assert (first.status_code, second.status_code, third.status_code) == (302, 302, 429)


def _anonymous_work(client: Client, puzzles: list[Puzzle], count: int) -> str:
    """`count` puzzles answered wrongly (rated attempts, review cards), every game rated."""
    client.get(reverse("puzzle_show", args=["scopa", puzzles[0].pk]))
    key = client.session["learner"]
    learner = Learner(None, key)
    for puzzle in puzzles[:count]:
        attempt_record(learner=learner, puzzle=puzzle, answer=puzzle.spec["verdicts"][-1]["answer"], number=0)
    for game in GAMES:
        LearnerRating.objects.get_or_create(game=game.slug, anon_key=key, user=None)
    return key


@pytest.mark.parametrize("count", [5, 60])
def test_log_in_merges_anonymous_work_in_a_bounded_number_of_queries(puzzles, count):
    user = User.objects.create_user("ada", password="a-long-password-1")
    mine = Learner(user)
    for puzzle in puzzles[:3]:  # the account has some of the same puzzles and ratings already
        attempt_record(learner=mine, puzzle=puzzle, answer=puzzle.solution, number=0)
    client = Client()
    _anonymous_work(client, puzzles, count)
    with CaptureQueriesContext(connection) as queries:
        response = client.post("/accounts/login/", {"username": "ada", "password": "a-long-password-1"})
    assert response.status_code == 302
    assert len(queries) <= 40, [q["sql"][:80] for q in queries]
    assert not PuzzleAttempt.objects.filter(user=None).exists() and not ReviewCard.objects.filter(user=None).exists()
    assert PuzzleAttempt.objects.filter(user=user).count() == count + 3
    assert ReviewCard.objects.filter(user=user).count() == count  # three puzzles merged into one card each
    assert LearnerRating.objects.filter(user=user).count() == len(GAMES)


def test_a_server_error_is_logged_with_the_path_and_shown_as_a_page(client, settings, caplog):
    settings.ROOT_URLCONF = __name__
    client.raise_request_exception = False
    with caplog.at_level(logging.ERROR, logger="django.request"):
        response = client.get("/boom/")
    assert response.status_code == 500 and "Something went wrong" in response.content.decode()
    assert any(r.levelno == logging.ERROR and "/boom/" in r.getMessage() for r in caplog.records)


def _boom(request):
    raise RuntimeError("a bug")


urlpatterns = [path("boom/", _boom), path("", include("tutorials.urls"))]


def test_error_pages_are_the_sites_own(client):
    response = client.get("/no/such/page/")
    assert response.status_code == 404 and "Page not found" in response.content.decode()
    assert 'class="site-header"' in response.content.decode()


def test_production_settings_pass_the_deployment_checks():
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "tutorials.settings.prod", "ALLOWED_HOSTS": "carte.example",
           "SECRET_KEY": "k2P9v-" + "x7Qm3Zr8" * 7}
    for name in ("DATABASE_URL", "DJANGO_ALLOW_ASYNC_UNSAFE"):  # the browser tests set the latter
        env.pop(name, None)
    result = subprocess.run([sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
                            cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_pages_are_compressed_for_clients_that_accept_it(client):
    plain = client.get("/")
    packed = client.get("/", HTTP_ACCEPT_ENCODING="gzip, br")
    assert packed["Content-Encoding"] == "gzip" and "Accept-Encoding" in packed["Vary"]
    assert len(packed.content) < len(plain.content) / 2
    assert "Content-Encoding" not in plain


def test_a_compressed_page_is_the_page_and_its_length_varies(client):
    """What the browser unpacks is the page itself (but its CSRF token, masked afresh in every
    response); the random filler in the gzip header makes the same page's compressed length differ
    from response to response (BREACH)."""
    def unmasked(page: bytes) -> bytes:
        return re.sub(rb'(name="csrfmiddlewaretoken" value="|"X-CSRFToken": ")[^"]+"', rb"\1", page)

    plain = client.get("/scopa/rules/").content
    packed = [client.get("/scopa/rules/", HTTP_ACCEPT_ENCODING="gzip") for _ in range(12)]
    assert all(unmasked(gzip.decompress(response.content)) == unmasked(plain) for response in packed)
    assert all(response["Content-Length"] == str(len(response.content)) for response in packed)
    assert len({len(response.content) for response in packed}) > 3
