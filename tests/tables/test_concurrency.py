"""The same post arriving several times at once, at every practice-table endpoint: exactly one is
applied, and every response is a success or a refusal with a message, never a server error
(on SQLite and on PostgreSQL, which CI both runs)."""
import pytest
from django.test import Client
from django.urls import reverse

from tests.concurrency import TIMES, assert_no_server_error, post_together
from tests.tables.support import THINKING, create_table
from tutorials.tables.models import NEXT, Table
from tutorials.tables.registry import ADAPTERS

pytestmark = pytest.mark.django_db(transaction=True)
HTMX = {"HTTP_HX_REQUEST": "true"}

NEW_TABLE = {
    "scopa": {"variant": "SCOPA_2P", "opponent": "greedy", "seed": "c1"},
    "settemezzo": {"role": "punter", "players": 3, "opponent": "simple", "dealer_rule": "free", "hands": 5,
                   "seed": "c1"},
    "stoppa": {"players": 4, "opponent": "quick", "misera": 1, "bankroll": 0, "showdown": "concede", "seed": "c1"},
    "saltacavallo": {"opponents": 2, "lives": 3, "revival": "on", "seed": "c1"},
}


def _learners_action(table: Table) -> str:
    """A legal action for the learner now: what an engine player would do in the seat, or go on."""
    adapter = ADAPTERS[table.game]
    state = adapter.load(table.rules_text, table.state_text)
    if adapter.seat_to_act(state) != table.human_seat:
        return NEXT if table.game != "saltacavallo" else "NEXT"
    return str(adapter.bot_action(state, table.human_seat, table.options))


@pytest.mark.parametrize("game", sorted(NEW_TABLE))
def test_the_same_action_posted_at_once_is_applied_once(game):
    client = Client()
    table = create_table(client, game, NEW_TABLE[game])
    before_ply, before_log = table.ply, len(table.log)
    action = _learners_action(table)

    url = reverse("play_act", args=[game, table.public_id])
    responses = post_together(client, url, {"action": action, "ply": table.ply}, **HTMX)

    assert_no_server_error(responses)
    assert sorted(r.status_code for r in responses) == [200] + [400] * (TIMES - 1)
    refused = [r.content.decode() for r in responses if r.status_code == 400]
    assert all("moved on" in html for html in refused)
    table.refresh_from_db()
    assert table.ply == before_ply + 1  # the learner's action, once; the computer players wait
    assert [e["action"] for e in table.log[before_log:]] == [action]


@pytest.mark.parametrize("game", sorted(NEW_TABLE))
def test_the_same_computer_move_asked_for_at_once_is_made_once(game):
    client = Client()
    table = create_table(client, game, NEW_TABLE[game])
    for _ in range(50):  # play until a computer player is to move
        response = client.post(reverse("play_act", args=[game, table.public_id]),
                               {"action": _learners_action(table), "ply": table.ply}, **HTMX)
        assert response.status_code == 200
        table.refresh_from_db()
        if THINKING in response.content.decode():
            break
    else:
        pytest.fail("no computer player's turn came")
    before_ply, before_log = table.ply, len(table.log)

    url = reverse("play_advance", args=[game, table.public_id])
    responses = post_together(client, url, {"ply": table.ply}, **HTMX)

    assert_no_server_error(responses)
    assert all(r.status_code == 200 for r in responses)  # whoever lost the race sees the move made
    table.refresh_from_db()
    assert table.ply == before_ply + 1
    assert len(table.log) == before_log + 1 and table.log[-1]["seat"] != table.human_seat


@pytest.mark.parametrize("game", sorted(NEW_TABLE))
def test_the_new_table_form_posted_at_once_makes_one_table(game):
    client = Client()
    assert client.get(reverse("play_new", args=[game])).status_code == 200  # the form, and a session
    token = "same-form-posted-twice"
    responses = post_together(client, reverse("play_new", args=[game]), {**NEW_TABLE[game], "token": token})

    assert_no_server_error(responses)
    assert {r.status_code for r in responses} == {302}
    assert len({r.url for r in responses}) == 1  # every post is sent to the same table
    assert Table.objects.filter(game=game).count() == 1
