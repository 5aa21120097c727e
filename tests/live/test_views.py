"""Live sessions over HTTP: the host's screen and moves (the host's only), joining with a PIN and
a generated name, the players' screens and answers (their own only), polls that cost no query
when nothing changed, no answer or verdict in any page before the reveal, the report and CSV."""
from __future__ import annotations

import csv
import io

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from tests.conftest import starter_specs
from tests.live.support import make_session
from tutorials.live import questions
from tutorials.live.models import FINISHED, QUESTION, REVEAL, LiveAnswer, LiveSession, Player
from tutorials.puzzles.models import Puzzle
from tutorials.puzzles.services import puzzles_store

HTMX = {"HTTP_HX_REQUEST": "true"}


def host_client(host) -> Client:
    client = Client()
    client.force_login(host)
    return client


def url(name: str, session: LiveSession) -> str:
    return reverse(f"live:{name}", args=[session.public_id])


def host_move(client: Client, session: LiveSession, move: str):
    session.refresh_from_db()
    return client.post(url("move", session), {"move": move, "version": session.version}, **HTMX)


def joined(session: LiveSession) -> tuple[Client, Player]:
    """A phone that typed the PIN and picked the first name offered."""
    phone = Client()
    response = phone.post(reverse("live:join"), {"pin": session.pin})
    assert response.status_code == 302
    page = phone.get(response["Location"])
    name = page.context_data["names"][0]
    response = phone.post(response["Location"], {"nickname": name})
    assert response.status_code == 302 and response["Location"] == url("play", session)
    return phone, Player.objects.get(session=session, nickname=name)


def answer(phone: Client, session: LiveSession, text: str, number: int | None = None):
    session.refresh_from_db()
    return phone.post(url("answer", session), {"number": session.current if number is None else number,
                                                 "answer": text}, **HTMX)


# -- hosting ------------------------------------------------------------------------------------------
def test_a_signed_in_account_opens_a_lobby_with_a_pin_and_a_qr_code(host, bank):
    client = host_client(host)
    response = client.post(reverse("live:new"), {
        "title": "Year 9", "game": "stoppa", "theme": "", "rating_min": 0, "rating_max": 4000, "count": 2,
        "numbers": f"{bank['scopa'][0].pk}", "variant": "", "positions": "", "seconds": 20, "scoring": "value"})
    assert response.status_code == 302
    session = LiveSession.objects.get()
    assert (session.title, session.seconds, session.questions.count()) == ("Year 9", 20, 3)
    assert session.questions.get(number=0).puzzle == bank["scopa"][0]
    page = client.get(response["Location"])
    html = page.content.decode()
    assert page.status_code == 200 and f"{session.pin[:3]} {session.pin[3:]}" in html
    assert '<svg role="img"' in html and "QR code" in html


def test_a_typed_position_makes_a_question_and_a_bad_one_is_a_400_that_says_why(host, bank):
    client = host_client(host)
    form = {"game": "stoppa", "rating_min": 0, "rating_max": 4000, "count": 0, "variant": "stoppa:P4",
            "seconds": 30, "scoring": "value"}
    good = bank["stoppa"][0].position
    assert client.post(reverse("live:new"), {**form, "positions": good}).status_code == 302
    assert LiveSession.objects.get().questions.get().puzzle is None
    bad = client.post(reverse("live:new"), {**form, "positions": "7D 6D | two | 5"})
    assert bad.status_code == 400 and "cannot be read" in bad.content.decode()
    none = client.post(reverse("live:new"), {**form, "positions": ""})
    assert none.status_code == 400 and "at least one question" in none.content.decode()
    assert client.post(reverse("live:new"), {**form, "numbers": "12x"}).status_code == 400
    assert LiveSession.objects.count() == 1


def test_hosting_needs_an_account(db):
    response = Client().get(reverse("live:new"))
    assert response.status_code == 302 and "login" in response["Location"]


def test_only_the_host_controls_the_session(session, other_user):
    stranger = host_client(other_user)
    for name in ("host", "report", "report_csv"):
        assert stranger.get(url(name, session)).status_code == 404
    assert host_move(stranger, session, "start").status_code == 404
    assert Client().post(url("move", session), {"move": "start", "version": 0}).status_code == 302  # to log in
    phone, player = joined(session)
    assert phone.post(url("move", session), {"move": "start", "version": 0}).status_code == 302
    assert stranger.post(url("remove", session), {"player": player.pk}).status_code == 404
    session.refresh_from_db()
    assert (session.state, session.version) == ("lobby", 0)
    assert not Player.objects.get(pk=player.pk).removed


def test_the_host_moves_and_a_stale_page_moves_nothing(session, host):
    client = host_client(host)
    assert host_move(client, session, "start").status_code == 200
    session.refresh_from_db()
    assert session.state == QUESTION
    stale = client.post(url("move", session), {"move": "reveal", "version": session.version - 1}, **HTMX)
    assert stale.status_code == 200
    session.refresh_from_db()
    assert session.state == QUESTION
    assert client.post(url("move", session), {"move": "dance", "version": session.version}, **HTMX).status_code == 400
    assert client.post(url("move", session), {"move": "reveal", "version": "x"}, **HTMX).status_code == 400
    refused = host_move(client, session, "start")
    assert refused.status_code == 409 and "already started" in refused.content.decode()


def test_the_host_locks_the_lobby_and_removes_a_name(session, host):
    client = host_client(host)
    phone, player = joined(session)
    assert client.post(url("remove", session), {"player": player.pk}, **HTMX).status_code == 200
    assert Player.objects.get(pk=player.pk).removed
    assert "removed you" in phone.get(url("play", session)).content.decode()
    assert client.post(url("remove", session), {"player": "abc"}, **HTMX).status_code == 400
    host_move(client, session, "lock")
    late = Client()
    page = late.post(reverse("live:join_pin", args=[session.pin]), {"nickname": "Brave Otter"})
    assert page.status_code == 409 and "locked" in page.content.decode()


# -- joining ----------------------------------------------------------------------------------------------
def test_joining_with_a_pin_and_a_generated_name_never_free_text(session):
    phone = Client()
    assert phone.post(reverse("live:join"), {"pin": "0000000" if session.pin != "0000000" else "1111111"}).status_code == 400
    assert phone.post(reverse("live:join"), {"pin": "<script>"}).status_code == 400
    page = phone.post(reverse("live:join_pin", args=[session.pin]), {"nickname": "Mister <b>X</b>"})
    assert page.status_code == 400 and not Player.objects.exists()
    phone, player = joined(session)
    assert phone.get(reverse("live:join_pin", args=[session.pin])).status_code == 302  # already in: back to it


def test_a_reload_or_a_new_connection_rejoins_with_the_same_name_and_points(session, host):
    phone, player = joined(session)
    host_move(host_client(host), session, "start")
    q = session.questions.get(number=0)
    answer(phone, session, q.spec["solution"])
    again = phone.get(url("play", session))
    assert again.context_data["player"].pk == player.pk and "Answer received" in again.content.decode()
    assert Player.objects.get(pk=player.pk).score == 1000
    assert Player.objects.count() == 1


def test_guessing_pins_is_rate_limited(session, rate_limits):
    rate_limits(live_pin={"address": (3, 60)})
    phone = Client()
    codes = [phone.post(reverse("live:join"), {"pin": "9999999"}).status_code for _ in range(4)]
    assert codes == [400, 400, 400, 429]


# -- answering ------------------------------------------------------------------------------------------------
def test_a_player_answers_for_themselves_once_and_bad_input_is_a_400(session, host):
    phone, player = joined(session)
    other, someone = joined(session)
    host_move(host_client(host), session, "start")
    q = session.questions.get(number=0)
    assert answer(phone, session, "").status_code == 400
    assert answer(phone, session, "x" * 65).status_code == 400
    assert answer(phone, session, "11X").status_code == 400
    assert phone.post(url("answer", session), {"number": "one", "answer": q.spec["solution"]}, **HTMX).status_code == 400
    # the form carries no player: a posted "player" field is ignored, the answer is the poster's own
    response = phone.post(url("answer", session), {"number": 0, "answer": q.spec["solution"], "player": someone.pk}, **HTMX)
    assert response.status_code == 200 and "Answer received" in response.content.decode()
    assert answer(phone, session, q.spec["verdicts"][-1]["answer"]).status_code == 200  # a retry
    assert list(LiveAnswer.objects.values_list("player_id", "best")) == [(player.pk, True)]
    assert Client().post(url("answer", session), {"number": 0, "answer": q.spec["solution"]}, **HTMX).status_code == 403
    assert answer(other, session, q.spec["solution"], number=2).status_code == 409  # not the question shown


def test_a_late_answer_is_refused_with_a_message(session, host, settings):
    phone, player = joined(session)
    host_move(host_client(host), session, "start")
    LiveSession.objects.filter(pk=session.pk).update(deadline=LiveSession.objects.get(pk=session.pk).started)
    settings.LIVE_ANSWER_GRACE = 0
    q = session.questions.get(number=0)
    response = answer(phone, session, q.spec["solution"])
    assert response.status_code == 409 and "Time was up" in response.content.decode()
    assert not LiveAnswer.objects.exists()


# -- no answer and no verdict before the reveal --------------------------------------------------------------------
def _secrets(q) -> list[str]:
    """What only the reveal may show: every verdict's explanation, and the words marking the best."""
    return _explanations(q) + ["badge--best", "verdicts", "Best answer"]


def _explanations(q) -> list[str]:
    """Every verdict's explanation, as the engine writes it (in English here) from the spec."""
    spec = questions.game_of(q).spec(q.spec)
    return [spec.explain(v) for v in spec.verdicts]


@pytest.mark.parametrize("number", [0, 1, 2])
def test_the_right_answer_is_in_no_page_before_the_reveal(session, host, number):
    client = host_client(host)
    phone, player = joined(session)
    _other, someone = joined(session)
    host_move(client, session, "start")
    for _ in range(number):
        host_move(client, session, "reveal")
        host_move(client, session, "next")
    q = session.questions.get(number=number)
    answer(_other, session, q.spec["solution"])  # someone has answered: still nothing shows
    pages = [client.get(url("host", session)), phone.get(url("play", session)),
             _other.get(url("play", session)), phone.get(url("play_poll", session) + "?v=-1", **HTMX),
             client.get(url("host_poll", session) + "?v=-1&c=-1", **HTMX)]
    for page in pages:
        html = page.content.decode()
        assert page.status_code == 200
        for secret in _secrets(q):
            assert secret not in html, secret
    buttons = pages[1].context_data["options"]
    assert [o.answer for o in buttons] == sorted(o.answer for o in buttons)  # not best first
    assert q.spec["solution"] in {o.answer for o in buttons}
    host_move(client, session, "reveal")
    revealed = client.get(url("host", session)).content.decode()
    assert all(text.split("(")[0][:40] in revealed for text in _explanations(q)[:1])
    assert "badge--best" in revealed


def test_the_reveal_shows_the_spread_the_verdicts_and_the_leaderboard(session, host):
    client = host_client(host)
    a, pa = joined(session)
    b, pb = joined(session)
    host_move(client, session, "start")
    q = session.questions.get(number=0)
    answer(a, session, q.spec["solution"])
    answer(b, session, q.spec["verdicts"][-1]["answer"])
    host_move(client, session, "reveal")
    page = client.get(url("host", session))
    spread = {row.answer: count for row, count, _w in page.context_data["spread"]}
    assert spread[q.spec["solution"]] == 1 and spread[q.spec["verdicts"][-1]["answer"]] == 1
    assert [s.nickname for s in page.context_data["board"]] == [pa.nickname, pb.nickname]
    mine = a.get(url("play", session))
    assert "Best answer!" in mine.content.decode() and mine.context_data["standing"].rank == 1
    theirs = b.get(url("play", session)).content.decode()
    assert "Not the best answer" in theirs and "number 2 of 2" in theirs


# -- polls ------------------------------------------------------------------------------------------------------------
@pytest.mark.django_db(transaction=True)
def test_a_poll_with_nothing_new_costs_no_query(host, django_assert_num_queries, settings):
    settings.LIVE_SHARED_CACHE = True
    puzzles_store(game="stoppa", specs=starter_specs("stoppa")[:2])
    session = make_session(host, list(Puzzle.objects.all()))
    client = host_client(host)
    phone, player = joined(session)
    first = phone.get(url("play_poll", session) + "?v=-1", **HTMX)  # a screen drawn: its version
    assert first.status_code == 200
    v = first.context_data["session"].version
    with django_assert_num_queries(0):
        assert phone.get(url("play_poll", session) + f"?v={v}", **HTMX).status_code == 204
    host_page = client.get(url("host_poll", session) + "?v=-1&c=-1", **HTMX)
    c = host_page.context_data["crowd"]
    with django_assert_num_queries(0):
        assert client.get(url("host_poll", session) + f"?v={v}&c={c}", **HTMX).status_code == 204
    host_move(client, session, "start")  # a change: the next poll draws the question
    changed = phone.get(url("play_poll", session) + f"?v={v}", **HTMX)
    assert changed.status_code == 200 and changed.context_data["options"]
    v = changed.context_data["session"].version
    answer(phone, session, session.questions.get(number=0).spec["solution"])  # everyone answered: revealed
    revealed = phone.get(url("play_poll", session) + f"?v={v}", **HTMX)
    assert revealed.status_code == 200 and revealed.context_data["session"].state == REVEAL
    host_move(client, session, "finish")
    final = phone.get(url("play_poll", session) + f"?v={revealed.context_data['session'].version}", **HTMX)
    assert final.status_code == 286 and "hx-trigger" not in final.content.decode()  # polling stops


@pytest.mark.django_db(transaction=True)
def test_a_question_past_its_deadline_is_revealed_by_the_next_poll(host, settings):
    settings.LIVE_ANSWER_GRACE = 0
    puzzles_store(game="stoppa", specs=starter_specs("stoppa")[:1])
    session = make_session(host, list(Puzzle.objects.all()))
    client = host_client(host)
    phone, player = joined(session)
    host_move(client, session, "start")
    session.refresh_from_db()
    LiveSession.objects.filter(pk=session.pk).update(deadline=session.started)
    cache.clear()  # the stamp is read again, with the deadline passed
    page = phone.get(url("play_poll", session) + f"?v={session.version}", **HTMX)
    assert page.status_code == 200 and page.context_data["session"].state == REVEAL


# -- after ---------------------------------------------------------------------------------------------------------
def test_the_report_and_its_csv(session, host):
    client = host_client(host)
    a, pa = joined(session)
    b, pb = joined(session)
    host_move(client, session, "start")
    q = session.questions.get(number=0)
    answer(a, session, q.spec["solution"])
    answer(b, session, q.spec["verdicts"][-1]["answer"])
    host_move(client, session, "reveal")
    host_move(client, session, "finish")
    session.refresh_from_db()
    assert session.state == FINISHED
    page = client.get(url("report", session))
    assert page.status_code == 200 and pa.nickname in page.content.decode()
    response = client.get(url("report_csv", session))
    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    assert len(rows) == 2 * 3  # every player, every question
    first = {(r["player"], r["question"]): r for r in rows}
    assert first[(pa.nickname, "1")]["best"] == "1" and first[(pa.nickname, "1")]["points"] == "1000"
    assert float(first[(pb.nickname, "1")]["value lost"]) == q.spec["verdicts"][-1]["loss"]
    assert first[(pb.nickname, "2")]["answer"] == ""  # the session ended before question 2


def test_options_for_every_game_render_on_the_phone(host, bank):
    session = make_session(host, [bank[g][0] for g in bank])
    client = host_client(host)
    phone, _player = joined(session)
    host_move(client, session, "start")
    for number in range(4):
        page = phone.get(url("play", session))
        q = session.questions.get(number=number)
        assert page.status_code == 200 and len(page.context_data["options"]) == len(questions.answer_options(q))
        assert client.get(url("host", session)).status_code == 200
        host_move(client, session, "reveal")
        assert client.get(url("host", session)).status_code == 200
        host_move(client, session, "next")


def test_a_signed_in_player_on_a_second_device_is_back_in_without_choosing_again(session, other_user):
    first = Client()
    first.force_login(other_user)
    page = first.get(reverse("live:join_pin", args=[session.pin]))
    name = page.context_data["names"][0]
    assert first.post(reverse("live:join_pin", args=[session.pin]), {"nickname": name}).status_code == 302
    second = Client()
    second.force_login(other_user)
    back = second.get(reverse("live:join_pin", args=[session.pin]))
    assert back.status_code == 302 and back["Location"] == url("play", session)
    assert name in second.get(url("play", session)).content.decode()
    assert Player.objects.filter(session=session).count() == 1
