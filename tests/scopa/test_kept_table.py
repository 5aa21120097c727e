"""The Scopa table's parts are kept by what they show (tutorials.core.templatetags.memo): two
learners whose tables show the same hand (the same deal) still each get a hand that posts to their
own table, at its own ply, with a working CSRF token, and choose a capture on their own table."""
from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.tables.support import create_table, post_action
from tutorials.tables.models import Table
from tutorials.tables.registry import ADAPTERS

pytestmark = pytest.mark.django_db


def _hand(html: str) -> str:
    return re.search(r'<div class="hand".*?</form>', html, re.S)[0]  # the learner's turn: the hand's form


def test_the_same_hand_on_two_tables_posts_to_each_table(db):
    learners = [Client() for _ in range(2)]
    tables = [create_table(client, "scopa", {"variant": "SCOPA_2P", "opponent": "greedy", "seed": "same"})
              for client in learners]
    hands = []
    for client, table in zip(learners, tables, strict=True):
        client.handler.enforce_csrf_checks = True  # the kept form's token must pass the real check
        html = client.get(reverse("play_table", args=["scopa", table.public_id])).content.decode()
        hand = _hand(html)
        hands.append(re.sub(r'[0-9a-f-]{36}|value="[^"]{40,}"', "", hand))  # the hand, but its addresses and token
        act = reverse("play_act", args=["scopa", table.public_id])
        assert f'action="{act}"' in hand and f'name="ply" value="{table.ply}"' in hand
        action = re.search(r'<button type="submit" name="action" value="([^"]+)"', hand)[1]
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', hand)[1]
        response = client.post(act, {"action": action, "ply": table.ply, "csrfmiddlewaretoken": token},
                               HTTP_HX_REQUEST="true")
        assert response.status_code == 200
        assert Table.objects.get(pk=table.pk).ply == table.ply + 1
    assert hands[0] == hands[1]  # the same deal, the same hand: one kept block served both


def test_the_kept_coach_request_asks_about_each_tables_own_ply(db):
    learners = [Client() for _ in range(2)]
    tables = [create_table(client, "scopa", {"variant": "SCOPA_2P", "opponent": "greedy", "seed": "coach"})
              for client in learners]
    first_hand = _hand(learners[0].get(reverse("play_table", args=["scopa", tables[0].public_id])).content.decode())
    action = re.search(r'name="action" value="([^"]+)"', first_hand)[1]
    post_action(learners[0], tables[0], action)  # the first table moves on; the second does not
    for client, table in zip(learners, tables, strict=True):
        table.refresh_from_db()
        html = client.get(reverse("play_table", args=["scopa", table.public_id])).content.decode()
        form = re.search(r'<form class="coach-request".*?</form>', html, re.S)[0]
        assert reverse("play_coach", args=["scopa", table.public_id]) in form
        assert f'name="ply" value="{table.ply}"' in form
    assert tables[0].ply != tables[1].ply


def test_a_state_read_back_is_kept_and_no_move_changes_it(db):
    """The adapter keeps the matches it reads back: playing on from one leaves it, and the next
    read of the same text, as it was (SCOPA-4: every play makes a new state)."""
    adapter = ADAPTERS["scopa"]
    match, rules_text = adapter.new_game({"variant": "SCOPA_2P"}, "kept-state")
    text = adapter.dump(match)
    loaded = adapter.load(rules_text, text)
    assert adapter.load(rules_text, text) is loaded
    for play in loaded.legal_actions():
        adapter.apply(loaded, play)
    assert adapter.dump(adapter.load(rules_text, text)) == text == adapter.dump(loaded)


def _shown(html: str) -> dict:
    """What the page says of the game: the scores, each opponent's cards in hand, the learner's
    hand, the cards taken by each side (counts)."""
    return {
        "scores": [int(s) for s in re.findall(r'data-testid="score-\d">(\d+)<', html)],
        "opponents": [int(n) for n in re.findall(r'class="seat__count">· (\d+) card', html)],
        "hand": re.findall(r'class="hand-card[^"]*"[^>]*data-card="([^"]+)"|<span class="hand-card"><svg[^>]*data-card="([^"]+)"', html),
        "taken": [int(n) for n in re.findall(r'class="pile">[^<]*<strong>(\d+)</strong>', html)],
    }


def _stored(table: Table) -> dict:
    table.refresh_from_db()
    match = ADAPTERS["scopa"].load(table.rules_text, table.state_text)
    hand = match.hand
    return {
        "scores": list(match.scores),
        "opponents": [len(hand.hands[seat]) for seat in range(1, match.rules.players)],
        "hand": sorted(str(c) for c in hand.hands[table.human_seat]),
        "taken": [pile.bit_count() for pile in hand.piles],
    }


def test_over_two_whole_hands_the_kept_parts_show_the_stored_game(db):
    """Two learners play the same deal differently, turn about, in one process: after every move,
    each page shows its own table's scores, hands and piles as stored."""
    learners = [Client() for _ in range(2)]
    tables = [create_table(client, "scopa", {"variant": "SCOPA_2P", "opponent": "greedy", "seed": "whole"})
              for client in learners]
    hands_played = 0
    for move in range(60):
        for which, (client, table) in enumerate(zip(learners, tables, strict=True)):
            html = client.get(reverse("play_table", args=["scopa", table.public_id])).content.decode()
            shown, stored = _shown(html), _stored(table)
            shown["hand"] = sorted(a or b for a, b in shown["hand"])
            assert shown == stored, (move, which)
            if 'data-testid="hand-end"' in html:
                hands_played += which == 0
                post_action(client, table, "next")
                continue
            plays = re.findall(r'<button type="submit" name="action" value="([^"]+)"', html)
            if not plays:  # only cards with a choice of captures: take the first choice
                card = re.search(r'\?choose=([^"]+)"', html)[1]
                choosing = client.get(reverse("play_table", args=["scopa", table.public_id]), {"choose": card})
                plays = re.findall(r'name="action" value="([^"]+)"', choosing.content.decode())
            post_action(client, table, plays[which % len(plays)])  # the two learners play differently
    assert hands_played >= 2
