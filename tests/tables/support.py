"""Test helpers shared by every game's practice-table tests: create a table, post an action,
check that a post is refused and changes nothing."""
from django.test import Client
from django.urls import reverse

from tutorials.tables.models import Table


def create_table(client: Client, game: str, data: dict) -> Table:
    """Submit the new-table form; the redirect names the table."""
    response = client.post(f"/{game}/play/", data)
    assert response.status_code == 302, response.content.decode()[:500]
    return Table.objects.get(public_id=response.url.rstrip("/").split("/")[-1])


def post_action(client: Client, table: Table, action: str, ply: int | None = None, htmx: bool = True):
    """Post an action for the table's current ply (or the given one), as htmx does by default."""
    data = {"action": action, "ply": table.ply if ply is None else ply}
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    return client.post(reverse("play_act", args=[table.game, table.public_id]), data, **headers)


def refused(client: Client, table: Table, action: str, ply: int | None = None) -> str:
    """Post an action that must be refused: a 400, and the table's state and ply unchanged.
    Returns the page's text (the message)."""
    table.refresh_from_db()
    before_state, before_ply = table.state_text, table.ply
    response = post_action(client, table, action, ply)
    assert response.status_code == 400
    table.refresh_from_db()
    assert table.state_text == before_state and table.ply == before_ply
    return response.content.decode()


def assert_redirects_without_htmx(client: Client, table: Table, action: str) -> None:
    """Without htmx (no JavaScript), an action is a plain form post that redirects to the table."""
    response = post_action(client, table, action, htmx=False)
    assert response.status_code == 302
    assert response.url == reverse("play_table", args=[table.game, table.public_id])


def assert_private(table: Table, action: str) -> None:
    """Someone else can neither see the table nor post to it: both are a 404."""
    stranger = Client()
    assert stranger.get(reverse("play_table", args=[table.game, table.public_id])).status_code == 404
    assert post_action(stranger, table, action, htmx=False).status_code == 404
