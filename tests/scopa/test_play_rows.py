"""`{% play_rows %}` (tutorials/scopa/templatetags/scopa_tags.py): every play of a puzzle's verdicts
or the coach's advice as a row, in both languages, its text escaped."""
import re

import pytest
from django.template import Context, Template
from django.utils import translation

from neapolitan.cards import parse_card
from tutorials.scopa.plays import Option

ROWS = Template("{% load scopa_tags %}{% play_rows options re_bello=re_bello testid=testid %}")


def option(answer, value, loss, *, best=False, chosen=False, error=None, risk=0.125, why="A plain play."):
    card, *taken = re.split(r"[x+]", answer)
    return Option(answer, parse_card(card), [parse_card(c) for c in taken], value, loss, why, risk, best, chosen, error)


def draw(options, lang="en", **context):
    with translation.override(lang):
        return ROWS.render(Context({"options": options, "re_bello": False, "testid": "", **context}))


def items(html):
    return re.findall(r'<li class="([^"]*)" data-answer="([^"]*)">(.*?)</li>', html)


def test_each_play_is_a_row_with_its_cards_numbers_and_badges():
    html = draw([option("7Dx3C+4B", 1.25, 0.0, best=True, why="Takes the settebello (SCOPA-8.3)."),
                 option("5S", -0.5, 1.75, chosen=True, error=0.04, risk=0.5)])
    assert html.startswith('<ol class="verdicts" data-testid="verdicts">')
    (best_class, best_answer, best), (chosen_class, chosen_answer, chosen) = items(html)
    assert (best_class, best_answer) == ("verdicts__item verdicts__item--best", "7Dx3C+4B")
    assert (chosen_class, chosen_answer) == ("verdicts__item verdicts__item--chosen", "5S")
    assert 'data-card="7D"' in best and 'data-card="3C"' in best and 'data-card="4B"' in best and ">takes<" in best
    assert "to the table" in chosen and ">takes<" not in chosen
    assert "badge--best" in best and "badge--chosen" not in best and "badge--chosen" in chosen
    assert "<dd>+1.25</dd>" in best and "<dd>0.00</dd>" in best and "<dd>12%</dd>" in best
    assert "<dd>−0.50 <span" in chosen and "± 0.04" in chosen and "<dd>1.75</dd>" in chosen and "<dd>50%</dd>" in chosen
    assert 'class="rule-ref"' in best and 'data-rule="SCOPA-8.3"' in best and "(SCOPA-8.3)" not in best
    assert "verdicts__error" not in best  # no error given: none shown


def test_the_words_are_the_readers_language():
    html = draw([option("1D", 0.0, 0.0, best=True, chosen=True)], lang="it")
    for english in (">takes<", ">to the table<", ">best<", ">your answer<", ">Value<", ">Loss<", ">Scopa risk<"):
        assert english not in html
    assert ">in tavola<" in html and ">Valore<" in html
    assert "badge--best" in html and "badge--chosen" in html


@pytest.mark.parametrize("testid", ["coach-plays", 'x"><script>'])
def test_the_list_is_named_as_asked_and_everything_is_escaped(testid):
    html = draw([option("2C", 0.1, 0.0, best=True, why='<script>alert("x")</script>')], testid=testid)
    assert "<script>" not in html and "&lt;script&gt;" in html
    assert html.startswith('<ol class="verdicts" data-testid="') and ('data-testid="coach-plays"' in html) == (testid == "coach-plays")
