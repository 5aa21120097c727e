"""A live class's phones share what they show alike (tutorials.core.templatetags.memo, the
process's copy of each version's standings): each phone still answers with its own working
CSRF token, sees each question's own options, and its own rank."""
from __future__ import annotations

import re

import pytest
from django.core.cache import cache
from django.test import Client

from tests.live.support import at, join, move
from tests.live.test_views import HTMX, host_client, host_move, joined, url
from tutorials.live import selectors
from tutorials.live.models import Player

pytestmark = pytest.mark.django_db


def _options(html: str) -> list[str]:
    return re.findall(r'data-answer="([^"]+)"', html)


def test_each_phone_answers_with_its_own_token_under_the_strict_check(host, session):
    phones = []
    for _ in range(3):
        phone, _player = joined(session)
        strict = Client(enforce_csrf_checks=True)
        strict.cookies = phone.cookies
        phones.append(strict)
    assert host_move(host_client(host), session, "start").status_code == 200
    session.refresh_from_db()
    for phone in phones:
        screen = phone.get(url("play_poll", session) + "?v=0", **HTMX).content.decode()
        form = re.search(r'<ul class="live-options".*?</form>', screen, re.S)[0]
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form)[1]
        answer = _options(screen)[0]
        response = phone.post(url("answer", session), {"number": session.current, "answer": answer,
                                                       "csrfmiddlewaretoken": token}, **HTMX)
        assert response.status_code == 200 and 'data-testid="received"' in response.content.decode()
    assert session.questions.get(number=0).answers.count() == 3


def test_each_question_shows_its_own_options(host, session):
    phone, _player = joined(session)
    client = host_client(host)
    seen = []
    for step in ("start", "reveal", "next"):
        assert host_move(client, session, step).status_code == 200
        if step != "reveal":
            session.refresh_from_db()
            expected = [o.answer for o in selectors.snapshot(session.pk, None).options]
            shown = _options(phone.get(url("play", session)).content.decode())  # a whole page: read afresh
            assert shown == expected and shown
            seen.append(shown)
    assert seen[0] != seen[1]


def test_each_phone_reads_its_own_rank_from_the_versions_board(session):
    players = [join(session, name) for name in ("Brave Otter", "Calm Tiger", "Brave Tiger")]
    session = move(session, "start")
    Player.objects.filter(pk=players[1].pk).update(score=900)
    Player.objects.filter(pk=players[2].pk).update(score=400)
    session = move(session, "reveal")
    board = selectors.standings(session)
    assert [s.player_id for s in board] == [players[1].pk, players[2].pk, players[0].pk]
    cache.clear()  # the process's copy of this version's board answers without the cache
    for player, rank in zip(players, (3, 1, 2), strict=True):
        assert selectors.standing_of(session, player).rank == rank
    Player.objects.filter(pk=players[0].pk).update(score=2000)
    session = move(session, "next")
    assert selectors.standing_of(session, players[0]).rank == 1  # a new version: read again


def test_the_phones_compiled_reads_give_what_their_querysets_give(session):
    from tests.core.test_prepared import same_as_the_queryset
    from tutorials.live.selectors import _answer_of
    from tutorials.live.views import player_by_token

    players = [join(session, name) for name in ("Brave Otter", "Calm Tiger")]
    session = move(session, "start")
    question = session.questions.get(number=0)
    from tutorials.live import services

    services.answer_record(player=players[0], number=0, answer=question.spec["solution"], now=at(4))
    for player in players:
        assert [p.pk for p in same_as_the_queryset(player_by_token, player.token, session.pk)] == [player.pk]
        assert same_as_the_queryset(player_by_token, player.token, session.pk + 1) == []
        found = same_as_the_queryset(_answer_of, player.pk, question.pk)
        assert len(found) == (1 if player is players[0] else 0)
    assert same_as_the_queryset(player_by_token, "no-such-token", session.pk) == []


def test_the_answers_compiled_reads_give_what_their_querysets_give(session):
    from django.db import transaction

    from tests.core.test_prepared import same_as_the_queryset
    from tutorials.live import services
    from tutorials.live.services import _best_answer_to, _player_locked, _still_to_answer

    players = [join(session, name) for name in ("Brave Otter", "Calm Tiger")]
    session = move(session, "start")
    question = session.questions.get(number=0)
    assert sorted(same_as_the_queryset(_still_to_answer, session.pk, 0)) in ([players[0].pk], [players[1].pk])
    services.answer_record(player=players[0], number=0, answer=question.spec["solution"], now=at(4))
    assert same_as_the_queryset(_still_to_answer, session.pk, 0) == [players[1].pk]
    assert same_as_the_queryset(_best_answer_to, players[0].pk, 0) != []
    assert same_as_the_queryset(_best_answer_to, players[1].pk, 0) == []
    assert same_as_the_queryset(_best_answer_to, players[0].pk, -1) == []
    with transaction.atomic():
        locked = same_as_the_queryset(_player_locked, players[1].pk)
    assert locked[0].session.pk == session.pk
