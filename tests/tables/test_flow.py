"""How a practice table moves on: the learner's action is saved at once, then each computer
player moves in a request of its own ("Bot 1 is thinking…"), and without JavaScript every
computer player moves before the page reloads. Shown on Scopone, where three players answer."""
import pytest
from django.test import Client
from django.urls import reverse

from neapolitan.scopa import Match, Rules
from tests.tables.support import THINKING, advance, create_table, post_action
from tutorials.tables.models import Table

pytestmark = pytest.mark.django_db
SCOPONE = {"variant": "SCOPONE_SCIENTIFICO", "opponent": "greedy", "seed": "flow"}


def _match(table: Table) -> Match:
    table.refresh_from_db()
    return Match.from_text(table.state_text, Rules.from_text(table.rules_text))


def _my_turn(client: Client) -> Table:
    table = create_table(client, "scopa", SCOPONE)
    assert _match(table).hand.to_move == 0
    return table


def test_the_learners_play_is_shown_at_once_with_the_next_player_thinking(client):
    table = _my_turn(client)
    play = _match(table).hand.legal_actions()[0]
    before = table.ply
    response = post_action(client, table, str(play), settle=False)
    assert response.status_code == 200
    html = response.content.decode()
    assert table.ply == before + 1 and table.log[-1]["action"] == str(play)  # only the learner's play
    assert _match(table).hand.to_move == 1
    assert THINKING in html and "Bot 1 is thinking…" in html
    advance_url = reverse("play_advance", args=["scopa", table.public_id])
    assert f'hx-post="{advance_url}"' in html and f'name="ply" value="{table.ply}"' in html


def test_each_request_moves_one_computer_player(client):
    table = _my_turn(client)
    post_action(client, table, str(_match(table).hand.legal_actions()[0]), settle=False)
    for seat, next_name in ((1, "Your partner is thinking…"), (2, "Bot 3 is thinking…"), (3, None)):
        before = table.ply
        response = advance(client, table)
        table.refresh_from_db()
        assert response.status_code == 200
        assert table.ply == before + 1 and table.log[-1]["seat"] == seat
        html = response.content.decode()
        if next_name:
            assert next_name in html
        else:
            assert THINKING not in html and _match(table).hand.to_move == 0


def test_asking_again_for_a_move_already_made_changes_nothing(client):
    table = _my_turn(client)
    post_action(client, table, str(_match(table).hand.legal_actions()[0]), settle=False)
    stale = table.ply
    advance(client, table)
    table.refresh_from_db()
    state, ply = table.state_text, table.ply
    response = advance(client, table, ply=stale)  # a second tab, or a retried request
    assert response.status_code == 200 and "Your partner is thinking…" in response.content.decode()
    table.refresh_from_db()
    assert (table.state_text, table.ply) == (state, ply)


def test_without_javascript_every_computer_player_moves_before_the_reload(client):
    table = _my_turn(client)
    play = _match(table).hand.legal_actions()[0]
    response = post_action(client, table, str(play), htmx=False)
    assert response.status_code == 302
    assert response.url == reverse("play_table", args=["scopa", table.public_id])
    assert _match(table).hand.to_move == 0 and [e["seat"] for e in table.log[-4:]] == [0, 1, 2, 3]


def test_a_table_where_the_computer_plays_first_offers_a_button_without_javascript(client):
    for n in range(20):
        table = create_table(client, "scopa", {**SCOPONE, "seed": f"first{n}"}, settle=False)
        if _match(table).hand.to_move != 0:
            break
    else:
        pytest.fail("no deal where a computer player plays first")
    html = client.get(reverse("play_table", args=["scopa", table.public_id])).content.decode()
    assert THINKING in html and "<noscript>" in html and "Let the computer players play" in html
    response = advance(client, table, htmx=False)
    assert response.status_code == 302 and _match(table).hand.to_move == 0


def test_only_the_owner_may_ask_for_a_move_and_only_by_post(client):
    table = _my_turn(client)
    post_action(client, table, str(_match(table).hand.legal_actions()[0]), settle=False)
    table.refresh_from_db()
    url = reverse("play_advance", args=["scopa", table.public_id])
    assert Client().post(url, {"ply": table.ply}, HTTP_HX_REQUEST="true").status_code == 404
    assert client.get(url).status_code == 405
    table.refresh_from_db()
    assert _match(table).hand.to_move == 1


def test_the_new_table_form_posted_twice_gives_the_same_table(client):
    form = client.get(reverse("play_new", args=["scopa"])).content.decode()
    token = form.split('name="token" value="')[1].split('"')[0]
    first = client.post(reverse("play_new", args=["scopa"]), {**SCOPONE, "token": token})
    second = client.post(reverse("play_new", args=["scopa"]), {**SCOPONE, "token": token})
    assert first.status_code == second.status_code == 302 and first.url == second.url
    assert Table.objects.count() == 1
    stranger = Client()
    response = stranger.post(reverse("play_new", args=["scopa"]), {**SCOPONE, "token": token})
    assert response.status_code == 400 and "used already" in response.content.decode()
    assert Table.objects.count() == 1
