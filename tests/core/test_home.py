"""The home page says how many players each game's practice table seats (issue 17: it said 3 to
20 for Saltacavallo, whose table seats 3 to 10), counted here from the tables' own forms."""
import re

import pytest

from tutorials.saltacavallo.forms import SaltacavalloTableForm
from tutorials.scopa.forms import TABLE_VARIANTS
from tutorials.settemezzo.forms import SetteTableForm
from tutorials.stoppa.forms import StoppaTableForm

pytestmark = pytest.mark.django_db


def _choices(form, name: str) -> set[int]:
    return {int(value) for value, _label in form.fields[name].choices}


def seats_offered() -> dict[str, set[int]]:
    """Everyone at the table, the learner included, as each new-table form allows."""
    return {
        "scopa": {players for _key, _variant, players, _label in TABLE_VARIANTS},
        "settemezzo": _choices(SetteTableForm(), "players"),
        "stoppa": _choices(StoppaTableForm(), "players"),
        "saltacavallo": {n + 1 for n in _choices(SaltacavalloTableForm(), "opponents")},
    }


def said(text: str) -> set[int]:
    """The numbers a phrase like "2 to 4 players" or "2, 3 or 4 players" covers."""
    numbers = [int(n) for n in re.findall(r"\d+", text)]
    return set(range(numbers[0], numbers[1] + 1)) if " to " in text else set(numbers)


def test_each_tile_says_what_the_table_seats(client):
    html = client.get("/").content.decode()
    tiles = dict(re.findall(r'href="/(\w+)/".*?game-tile__players">([^<]+)<', html, flags=re.S))
    offered = seats_offered()
    assert set(tiles) == set(offered)
    for game, text in tiles.items():
        assert said(text) == offered[game], (game, text)
