"""The Sette e Mezzo strategy lab over HTTP: the engine's numbers on the page, the htmx fragment,
and bad input answered with a 400 and a message.

Until tutorials/urls.py routes /settemezzo/lab/, this module is its own urlconf: the site's
urls plus the lab's.
"""
from fractions import Fraction

import pytest

from neapolitan.settemezzo import DealerPolicy, Rules
from neapolitan.settemezzo.strategy import (
    StandOn,
    bank_edge,
    divergences,
    optimal_ev,
    threshold_evs,
)
from tutorials.settemezzo.lab import difference_rows, hand_words, parse_stand, per_100

pytestmark = pytest.mark.django_db
URL = "/settemezzo/lab/"


def _page(client, **params) -> str:
    response = client.get(URL, params)
    assert response.status_code == 200
    return response.content.decode()


def test_the_page_shows_the_engines_numbers(client):
    html = _page(client, stand="5.5", dealer="5")
    policy = DealerPolicy(Fraction(5))
    evs = threshold_evs(Rules(), policy)
    optimal = optimal_ev(Rules(), policy)
    assert f'data-testid="ev"><strong>{per_100(evs[11])}</strong>' in html
    assert f'data-testid="optimal">{per_100(optimal)}<' in html
    assert f'data-testid="edge">{per_100(bank_edge(evs[11]))}<' in html
    assert per_100(evs[11]) == "−10.84" and per_100(optimal) == "−9.13"
    for halves, ev in evs.items():  # the table under the chart: every stand-on total
        assert f'<td data-stand="{halves}">{per_100(ev)}</td>' in html
    assert html.count('data-chosen="true"') == 1 and '<g data-stand="11" data-chosen="true">' in html
    assert 'aria-current="true"' in html and "(your rule)" in html


def test_the_defaults_are_stand_on_5_against_the_casino_dealer(client):
    html = _page(client)
    assert '<option value="5" selected>' in html
    assert "Standing on 5 or more, against a dealer who stands on 5" in html


def test_where_the_best_play_differs(client):
    html = _page(client, stand="5.5", dealer="5")
    found = divergences(Rules(), DealerPolicy(Fraction(5)), StandOn(11))
    rows = difference_rows(found)
    assert len(rows) < len(found)  # the same cards reached with or without an exchange: one row
    assert f"part on {len(rows)} kinds of hands" in html
    assert rows[0].cost == f"{float(found[0].cost + found[1].cost) * 100:.2f}"  # the matta alone, twice
    assert "With <strong>7</strong> (the matta alone): the best play is to <strong>take a card</strong>" in html


def test_no_raw_rule_ids_for_learners(client):
    html = _page(client, stand="3", dealer="6")
    visible = html.replace('data-rule="', "")
    for fragment in ("(SETTE-", ">SETTE-"):
        assert fragment not in visible
    assert 'class="rule-ref"' in html


def test_no_money_words(client):
    html = _page(client).lower()
    for word in ("money", "euro", "€", "cash", "gambl"):
        assert word not in html


def test_htmx_gets_the_results_only(client):
    response = client.get(URL, {"stand": "4", "dealer": "7"}, headers={"HX-Request": "true"})
    assert response.status_code == 200
    html = response.content.decode()
    assert "<html" not in html and "<form" not in html
    assert 'hx-swap-oob="innerHTML"' in html and 'id="lab-status"' in html
    evs = threshold_evs(Rules(), DealerPolicy(Fraction(7)))
    assert f'data-testid="ev"><strong>{per_100(evs[8])}</strong>' in html


@pytest.mark.parametrize("params", [
    {"stand": "²"}, {"stand": "99"}, {"stand": "0"}, {"stand": "8"}, {"stand": "-1"}, {"stand": "5.25"},
    {"stand": ""}, {"stand": "1e3"}, {"stand": "5" * 400},
    {"dealer": "x"}, {"dealer": "3"}, {"dealer": "free"}, {"dealer": "⑤"}, {"dealer": ""},
])
def test_bad_input_is_a_400_with_a_message(client, params):
    response = client.get(URL, params)
    assert response.status_code == 400
    html = response.content.decode()
    assert 'data-testid="error"' in html and "<form" in html
    assert "Choose" in html or "fixed rule" in html


def test_bad_input_over_htmx_is_a_400_fragment(client):
    response = client.get(URL, {"stand": "99"}, headers={"HX-Request": "true"})
    assert response.status_code == 400
    assert 'data-testid="error"' in response.content.decode()


def test_the_free_dealer_is_explained(client):
    html = client.get(URL, {"dealer": "free"}).content.decode()
    assert "as he sees fit" in html and 'class="rule-ref"' in html


@pytest.mark.parametrize(("text", "halves"), [("0.5", 1), ("5", 10), ("5.5", 11), ("7.5", 15), (" 7 ", 14)])
def test_stand_totals_are_read_in_halves(text, halves):
    assert parse_stand(text) == halves


@pytest.mark.parametrize("text", ["8", "0", ".5", "5.5.5", "5,5", "½", "7½", "0.0"])
def test_other_stand_texts_are_refused(text):
    assert parse_stand(text) is None


def test_a_post_is_refused(client):
    assert client.post(URL).status_code == 405


def test_a_page_asked_again_is_answered_from_the_cached_figures(client):
    """The exact figures are worked out once per dealer rule and rule asked (the first request
    takes up to a second); asking again computes nothing. (Its speed is `make bench-web`'s to show.)"""
    from neapolitan.settemezzo import strategy

    cached = (strategy.lab, strategy.threshold_evs, strategy.optimal_ev, strategy.divergences)
    strategy.divergences.cache_clear()
    for stand in ("1", "3.5", "5", "6.5", "7.5"):
        before = strategy.divergences.cache_info().misses
        _page(client, stand=stand, dealer="5")
        misses = [f.cache_info().misses for f in cached]
        assert misses[-1] == before + 1  # a new rule's divergences were worked out, through the cache
        _page(client, stand=stand, dealer="5")
        assert [f.cache_info().misses for f in cached] == misses, stand


def test_hands_in_words():
    assert hand_words((8,)) == "the matta alone"
    assert hand_words((4, 0)) == "a 4, then a figure"
    assert hand_words((0, 1, 2, 0)) == "a figure, then an Asso, a 2 and a figure"


def test_the_game_home_leads_to_the_lab(client):
    html = client.get("/settemezzo/").content.decode()
    assert 'href="/settemezzo/lab/"' in html and "Strategy lab" in html
    assert "Strategy lab" not in client.get("/scopa/").content.decode()
