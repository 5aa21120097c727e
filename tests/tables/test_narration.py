"""The line that opens each new hand at the tables that pass the deal round: the learner is told
"you deal", a computer player is named ("Bot 2 deals"). Games played through by their own
computer players, the learner's seat included, from each table form's defaults."""
import re

import pytest
from django.utils import translation

from tutorials.tables.registry import ADAPTERS

pytestmark = pytest.mark.django_db


def _hand_openings(slug: str, seed: str, count: int) -> list[str]:
    adapter = ADAPTERS[slug]
    options = {name: field.initial for name, field in adapter.form_class().fields.items()}
    state, _rules = adapter.new_game(options, seed)
    lines: list[str] = []
    while len(lines) < count and not adapter.is_over(state):
        seat = adapter.seat_to_act(state)
        if seat is not None:
            state = adapter.apply(state, adapter.bot_action(state, seat, options))
            continue
        before, action = state, adapter.parse_action(state, "next")
        state = adapter.apply(state, action)
        line = adapter.narrate(before, 0, action, state).split("\n")[0]
        lines += [line] if line else []  # Stoppa's end of a contest is told before, not here
    return lines


@pytest.mark.parametrize(("slug", "opening"), [
    ("settemezzo", r"Hand \d+: (you deal|Bot \d deals)\."),
    ("saltacavallo", r"Hand \d+: (you deal|Bot \d deals)\."),
    ("stoppa", r"Deal \d of \d: (you deal|Bot \d deals)\."),
])
def test_a_new_hand_says_who_deals_in_words_that_agree(slug, opening):
    lines = _hand_openings(slug, "n1", count=4 if slug != "stoppa" else 3)  # seeds where the learner deals
    assert all(re.fullmatch(opening, line) for line in lines), lines
    assert any("you deal" in line for line in lines) and any("Bot" in line for line in lines), lines


def test_in_italian_the_learner_is_told_to_deal_as_italian_says_it():
    with translation.override("it"):
        lines = _hand_openings("saltacavallo", "n1", count=4)
    assert all(re.fullmatch(r"Mano \d+(: fai tu il mazzo|, mazziere: Bot \d)\.", line) for line in lines), lines
    assert any("fai tu" in line for line in lines), lines
