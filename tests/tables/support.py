"""Test helpers shared by every game's practice-table tests: create a table, post an action."""
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
