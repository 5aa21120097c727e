"""Test helpers shared by every game's practice-table tests: create a table, post an action,
let the computer players move as the page asks them to, check that a post is refused and
changes nothing."""
from django.test import Client
from django.urls import reverse

from tutorials.tables.models import Table

THINKING = 'data-testid="thinking"'  # the page waits for a computer player's move
MAX_MOVES = 300


def create_table(client: Client, game: str, data: dict, settle: bool = True) -> Table:
    """Submit the new-table form; the redirect names the table. With `settle`, the computer
    players then move until the learner's turn, as the table page asks them to."""
    response = client.post(f"/{game}/play/", data)
    assert response.status_code == 302, response.content.decode()[:500]
    table = Table.objects.get(public_id=response.url.rstrip("/").split("/")[-1])
    if settle:
        settle_bots(client, table, client.get(response.url, HTTP_HX_REQUEST="true"))
    return table


def post_action(client: Client, table: Table, action: str, ply: int | None = None, htmx: bool = True,
                settle: bool = True):
    """Post an action for the table's current ply (or the given one), as htmx does by default.
    With `settle` (and htmx), the computer players' moves follow, one request each, as the page
    asks for them; the response returned is the last one, the table back at the learner's turn."""
    data = {"action": action, "ply": table.ply if ply is None else ply}
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    response = client.post(reverse("play_act", args=[table.game, table.public_id]), data, **headers)
    if htmx and settle and response.status_code == 200:
        response = settle_bots(client, table, response)
    table.refresh_from_db()
    return response


def advance(client: Client, table: Table, ply: int | None = None, htmx: bool = True):
    """What the "thinking" form posts: the move of the computer player whose turn it is."""
    table.refresh_from_db()
    data = {"ply": table.ply if ply is None else ply}
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    return client.post(reverse("play_advance", args=[table.game, table.public_id]), data, **headers)


def settle_bots(client: Client, table: Table, response):
    """While the page shows a computer player thinking, post its move, as htmx does; each
    request makes exactly one move. Returns the last response."""
    for _ in range(MAX_MOVES):
        table.refresh_from_db()
        if THINKING not in response.content.decode():
            return response
        before = table.ply
        response = advance(client, table)
        assert response.status_code == 200, response.content.decode()[:500]
        table.refresh_from_db()
        assert table.ply == before + 1, "one request, one move"
    raise AssertionError("the computer players never handed the turn back")


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
