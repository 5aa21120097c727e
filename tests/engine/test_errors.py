"""How the engine's error messages quote what was typed: never a long input in full (issue 17)."""
import pytest

from neapolitan.cards import parse_card
from neapolitan.errors import BadNotation, quoted
from neapolitan.scopa import Play
from neapolitan.settemezzo import Action as SetteAction
from neapolitan.stoppa import Action as StoppaAction


@pytest.mark.parametrize(("value", "shown"), [
    ("11X", "'11X'"),
    ("Q" * 40, repr("Q" * 40)),
    ("Q" * 41, repr("Q" * 40 + "…")),
    (7, "7"),
    (list(range(100)), repr(list(range(100)))[:40] + "…"),
])
def test_quoted(value, shown):
    assert quoted(value) == shown


@pytest.mark.parametrize("parse", [parse_card, Play.parse, SetteAction.parse, StoppaAction.parse])
def test_a_long_input_is_cut_in_the_message(parse):
    with pytest.raises(BadNotation) as error:
        parse("Q" * 10_000)
    message = str(error.value).lower()  # some read actions in any case
    assert "q" * 41 not in message and "q" * 40 + "…" in message and len(message) < 200
