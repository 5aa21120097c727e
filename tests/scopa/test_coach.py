"""The Scopa table's coach over HTTP (tables.views.table_coach): asked for on the learner's turn
only, a value for every legal play, a 400 for anything else, the hidden cards never read, and
the engine thinking with no transaction open."""
import dataclasses
import random
import re
import uuid

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.urls import reverse

from neapolitan.scopa import Match, Rules
from tests.tables.support import THINKING, create_table, post_action
from tutorials.scopa import coach as scopa_coach
from tutorials.tables.models import Table

pytestmark = pytest.mark.django_db
COACH = 'data-testid="coach"'
ASK = 'data-testid="coach-request"'


def _new_table(client: Client, variant: str = "SCOPA_2P", seed: str = "42") -> Table:
    return create_table(client, "scopa", {"variant": variant, "opponent": "greedy", "seed": seed})


def _match(table: Table) -> Match:
    table.refresh_from_db()
    return Match.from_text(table.state_text, Rules.from_text(table.rules_text))


def _coach(client: Client, table: Table, ply=None, htmx: bool = False, **more):
    data = {"ply": table.ply if ply is None else ply, **more}
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    return client.get(reverse("play_coach", args=["scopa", table.public_id]), data, **headers)


def _coach_section(html: str) -> str:
    start = html.index(COACH)
    return html[start:html.index("</section>", start)]


@pytest.mark.parametrize("variant", ["SCOPA_2P", "SCOPONE_SCIENTIFICO", "SCOPA_3P"])
def test_on_the_learners_turn_the_coach_values_every_legal_play(client, variant):
    table = _new_table(client, variant)
    match = _match(table)
    page = client.get(reverse("play_table", args=["scopa", table.public_id])).content.decode()
    assert ASK in page and COACH not in page  # folded away until asked for
    before = (table.state_text, table.ply)
    response = _coach(client, table)
    assert response.status_code == 200
    coach = _coach_section(response.content.decode())
    answers = set(re.findall(r'data-answer="([^"]+)"', coach))
    assert answers == {str(p) for p in match.hand.legal_actions()}
    assert 'data-testid="coach-out"' in coach and 'data-testid="coach-ranks"' in coach
    for card in match.hand.view(0).unseen():  # every card still out, pictured
        assert f'data-card="{card}"' in coach
    assert "This is the best play" in coach
    assert "<form" not in coach  # it never plays for the learner
    table.refresh_from_db()
    assert (table.state_text, table.ply) == before


def test_with_htmx_the_table_comes_back_with_the_coach(client):
    table = _new_table(client)
    html = _coach(client, table, htmx=True).content.decode()
    assert "<html" not in html and 'id="table"' in html and COACH in html and ASK not in html


def test_without_javascript_the_page_reloads_with_the_coach_and_its_links_lead_back_to_the_table(client):
    table = _new_table(client, seed="choice3")
    html = _coach(client, table).content.decode()
    assert "<html" in html and COACH in html
    table_url = reverse("play_table", args=["scopa", table.public_id])
    assert re.findall(r'href="\?choose=', html) == []  # "choose" links never stay on the coach's URL
    assert f'href="{table_url}"' in html  # "Hide the coach"


def test_the_coach_is_not_offered_or_given_when_it_is_not_the_learners_turn(client):
    table = _new_table(client)
    play = _match(table).hand.legal_actions()[0]
    response = post_action(client, table, str(play), settle=False)  # the bot is to move now
    html = response.content.decode()
    assert THINKING in html and ASK not in html
    refused = _coach(client, table)
    assert refused.status_code == 400
    assert "ask again when it is your turn" in refused.content.decode() and COACH not in refused.content.decode()


def test_the_coach_is_not_given_at_the_end_of_a_hand(client):
    table = _new_table(client)
    match = _match(table)
    # Play the hand to its end (the learner's plays: the first legal one).
    for _ in range(40):
        if match.hand_over:
            break
        post_action(client, table, str(match.hand.legal_actions()[0]))
        match = _match(table)
    assert match.hand_over
    html = client.get(reverse("play_table", args=["scopa", table.public_id])).content.decode()
    assert ASK not in html
    assert _coach(client, table).status_code == 400


@pytest.mark.parametrize("ply", ["", "abc", "-1", "1e3", "9" * 40, "²"])
def test_a_malformed_ply_is_a_400_with_a_message(client, ply):
    table = _new_table(client)
    response = _coach(client, table, ply=ply)
    assert response.status_code == 400
    assert "Reload the page" in response.content.decode() and COACH not in response.content.decode()


def test_no_ply_at_all_is_a_400(client):
    table = _new_table(client)
    response = client.get(reverse("play_coach", args=["scopa", table.public_id]))
    assert response.status_code == 400


def test_a_stale_ply_is_a_400_showing_the_current_table(client):
    table = _new_table(client)
    old = table.ply
    post_action(client, table, str(_match(table).hand.legal_actions()[0]))
    response = _coach(client, table, ply=old)
    assert response.status_code == 400
    assert "moved on" in response.content.decode()


def test_only_get_and_only_the_owner(client):
    table = _new_table(client)
    url = reverse("play_coach", args=["scopa", table.public_id])
    assert client.post(url, {"ply": table.ply}).status_code == 405
    assert Client().get(url, {"ply": table.ply}).status_code == 404


def test_games_whose_coach_is_on_the_table_have_no_coach_to_ask(client):
    table = create_table(client, "settemezzo", {"role": "punter", "players": 3, "opponent": "exact",
                                                "dealer_rule": "free", "hands": 5, "seed": "42"})
    response = client.get(reverse("play_coach", args=["settemezzo", table.public_id]), {"ply": table.ply})
    assert response.status_code == 404


def _hide_ids(html: str, table: Table) -> str:
    html = html.replace(str(table.public_id), "TABLE")
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"|"X-CSRFToken": "[^"]+"', "CSRF", html)


@pytest.mark.parametrize("variant", ["SCOPA_2P", "SCOPONE_SCIENTIFICO"])
def test_the_coach_never_reads_the_hidden_cards(client, variant):
    """Two tables the learner cannot tell apart (the same view) but whose hidden cards lie
    elsewhere get the very same page from the coach; and no seat shows a card of its hand."""
    table = _new_table(client, variant, seed="hidden")
    match = _match(table)
    view = match.hand.view(0)
    other_hand = view.sample_state(random.Random("elsewhere"))
    assert other_hand.view(0) == view and other_hand.to_text() != match.hand.to_text()
    twin = Table.objects.get(pk=table.pk)
    twin.pk, twin.public_id = None, uuid.uuid4()
    twin.create_token = None
    twin.state_text = dataclasses.replace(match, hand=other_hand).to_text()
    twin.save()
    twin.refresh_from_db()
    first = _coach(client, table, htmx=True).content.decode()
    second = _coach(client, twin, htmx=True).content.decode()
    assert _hide_ids(first, table) == _hide_ids(second, twin)
    for seat in range(1, match.rules.players):
        start = first.index(f'data-testid="seat-{seat}"')
        seat_html = first[start:first.index('data-testid="table-cards"')]
        assert "data-card=" not in seat_html  # backs only
        hidden = set(match.hand.hands[seat])
        assert not any(f'data-card="{c}"' in seat_html for c in hidden)


@pytest.mark.django_db(transaction=True)  # no test transaction around the request either
def test_the_engine_thinks_with_no_transaction_open(client, monkeypatch):
    table = _new_table(client)
    seen = []
    advise = scopa_coach.advise

    def watched(view, *args, **kwargs):
        seen.append(connection.in_atomic_block)
        return advise(view, *args, **kwargs)

    monkeypatch.setattr(scopa_coach, "advise", watched)
    assert _coach(client, table).status_code == 200
    assert seen == [False]


def test_the_coach_speaks_the_readers_language(client):
    """The advice holds numbers; its words are written when the panel is drawn (issue 17): the
    same table's coach in Italian has the verdict's sentences in Italian and none of the English."""
    table = _new_table(client)
    english = _coach_section(_coach(client, table).content.decode())
    url = reverse("play_coach", args=["scopa", table.public_id])
    italian = _coach_section(client.get(url, {"ply": table.ply}, HTTP_ACCEPT_LANGUAGE="it").content.decode())
    assert "This is the best play" in english and "What each play is worth" in english
    assert "È la giocata migliore" in italian and "Quanto vale ogni giocata" in italian
    assert "This is the best play" not in italian and "against the best play" not in italian
    assert set(re.findall(r'data-answer="([^"]+)"', italian)) == set(re.findall(r'data-answer="([^"]+)"', english))


def test_the_engine_thinks_for_one_visitor_only_so_often(client, rate_limits):
    """The coach and the computer players' moves share the "think" limit: past it, a 429 that
    says so, and the table is as it was (the engine is not asked)."""
    table = _new_table(client, "SCOPONE_SCIENTIFICO")
    rate_limits(think={"session": (1, 60)})
    cache.clear()  # the computer players' moves so far are not counted
    assert _coach(client, table, htmx=True).status_code == 200
    before = (table.state_text, table.ply)
    refused = _coach(client, table, htmx=True)
    assert refused.status_code == 429 and "Wait a minute" in refused.content.decode()
    assert COACH not in refused.content.decode()
    moved = client.post(reverse("play_advance", args=["scopa", table.public_id]), {"ply": table.ply},
                        HTTP_HX_REQUEST="true")
    assert moved.status_code == 429
    table.refresh_from_db()
    assert (table.state_text, table.ply) == before
    other = Client()  # another visitor is not held up
    mine = _new_table(other, "SCOPA_2P")
    assert _coach(other, mine, htmx=True).status_code == 200
