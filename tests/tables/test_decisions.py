"""At a practice table no choice of the game is styled as the one to press (issue 17: "Keep my
card" and "Open 1" looked like the main choice even when the coach advised another): only moving
on (the next hand, Continue) is a primary button. Every table is played over HTTP, taking the
first action offered, and every page is read."""
import re

import pytest

from tests.tables.support import create_table, post_action

pytestmark = pytest.mark.django_db

# an action posted to the table, and the class of the button that posts it
POSTED = re.compile(r'name="action" value="([^"]+)">\s*<button type="submit" class="([^"]*)"')
MOVING_ON = {"next", "run"}  # the next hand or deal, Continue; letting the game run on

TABLES = {
    "settemezzo": {"role": "punter", "players": 3, "opponent": "simple", "dealer_rule": "5", "hands": 5},
    "stoppa": {"players": 4, "opponent": "quick", "misera": 1, "bankroll": 0, "showdown": "concede"},
    "saltacavallo": {"opponents": 3, "lives": 2},
}


@pytest.mark.parametrize("game", list(TABLES))
def test_only_moving_on_is_a_primary_button(client, game):
    table = create_table(client, game, {**TABLES[game], "seed": "17"})
    html = client.get(f"/{game}/play/{table.public_id}/", HTTP_HX_REQUEST="true").content.decode()
    decisions = 0
    for _ in range(60):
        posted = POSTED.findall(html)
        if not posted:
            break
        for action, css in posted:
            if action.split()[0] not in MOVING_ON:
                decisions += 1
                assert "button--primary" not in css, action
        html = post_action(client, table, posted[0][0]).content.decode()
    assert decisions >= 3
