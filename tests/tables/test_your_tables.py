"""A learner finds the games they started: unfinished tables on each game's home and on the
progress page, resumed with one click, abandoned after a question; nobody else sees them."""
import pytest
from django.test import Client
from django.urls import reverse

from tests.tables.support import create_table
from tutorials.tables.models import Table

pytestmark = pytest.mark.django_db
SCOPA = {"variant": "SCOPA_2P", "opponent": "greedy", "seed": "mine"}
STOPPA = {"players": 4, "opponent": "quick", "misera": 1, "bankroll": 0, "showdown": "concede", "seed": "s"}


@pytest.fixture
def tables(client):
    scopa = create_table(client, "scopa", SCOPA)
    stoppa = create_table(client, "stoppa", STOPPA)
    done = create_table(client, "scopa", {**SCOPA, "seed": "done"})
    Table.objects.filter(pk=done.pk).update(finished=True)
    return scopa, stoppa, done


def _listed(html: str, table: Table) -> bool:
    return reverse("play_table", args=[table.game, table.public_id]) in html


def test_each_game_home_lists_its_unfinished_tables_with_their_options(client, tables):
    scopa, stoppa, done = tables
    html = client.get("/scopa/").content.decode()
    assert 'data-testid="your-tables"' in html
    assert _listed(html, scopa) and not _listed(html, stoppa) and not _listed(html, done)
    assert "Scopa, you against one opponent · Quick" in html  # the options, in the form's words
    assert not _listed(client.get("/stoppa/").content.decode(), scopa)
    assert _listed(client.get("/stoppa/").content.decode(), stoppa)


def _section(html: str, testid: str) -> str:
    start = html.index(f'data-testid="{testid}"')
    return html[start:html.index("</section>", start)]


def test_the_progress_page_lists_every_game_started_and_every_game_played(client, tables):
    scopa, stoppa, done = tables
    Table.objects.filter(pk=done.pk).update(outcome="You won, 11–7.")
    html = client.get("/progress/").content.decode()
    started, played = _section(html, "your-tables"), _section(html, "games-played")
    assert _listed(started, scopa) and _listed(started, stoppa) and not _listed(started, done)
    assert _listed(played, done) and "You won, 11–7." in played and not _listed(played, scopa)


def test_nobody_else_sees_or_abandons_them(client, tables):
    scopa, _stoppa, _done = tables
    other = Client()
    assert 'data-testid="your-tables"' not in other.get("/scopa/").content.decode()
    assert 'data-testid="your-tables"' not in other.get("/progress/").content.decode()
    url = reverse("play_abandon", args=["scopa", scopa.public_id])
    assert other.get(url).status_code == 404 and other.post(url).status_code == 404
    assert Table.objects.filter(pk=scopa.pk).exists()


def test_abandoning_asks_first_then_deletes_and_goes_back(client, tables):
    scopa, stoppa, _done = tables
    url = reverse("play_abandon", args=["scopa", scopa.public_id]) + "?next=/progress/"
    question = client.get(url)
    assert question.status_code == 200 and "Abandon this game?" in question.content.decode()
    assert Table.objects.filter(pk=scopa.pk).exists()  # asking changes nothing
    response = client.post(url, {"next": "/progress/"})
    assert response.status_code == 302 and response.url == "/progress/"
    assert not Table.objects.filter(pk=scopa.pk).exists()
    assert Table.objects.filter(pk=stoppa.pk).exists()


def test_abandoning_never_redirects_off_the_site(client, tables):
    _scopa, stoppa, _done = tables
    url = reverse("play_abandon", args=["stoppa", stoppa.public_id])
    response = client.post(url, {"next": "https://evil.example/"})
    assert response.status_code == 302 and response.url == "/stoppa/"
