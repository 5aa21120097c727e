"""The home page, each game's home and rules page."""
import re

import pytest
from django.urls import reverse

from tutorials.core.games import GAMES

pytestmark = pytest.mark.django_db


def test_home_presents_the_four_games(client):
    response = client.get("/")
    assert response.status_code == 200
    html = response.content.decode()
    for name in ("Scopa", "Sette e Mezzo", "Stoppa", "Saltacavallo"):
        assert name in html
    assert 'aria-label="Sette di Denari, settebello"' in html
    assert "htmx" in html and "X-CSRFToken" in html


@pytest.mark.parametrize("slug", [g.slug for g in GAMES])
def test_game_home_and_rules_render(client, slug):
    home = client.get(reverse("game_home", args=[slug]))
    assert home.status_code == 200
    assert reverse("rules", args=[slug]) in home.content.decode()
    rules = client.get(reverse("rules", args=[slug]))
    assert rules.status_code == 200
    html = rules.content.decode()
    assert "<h1" in html and 'class="rule-id"' in html and "svg" in html


def test_scopa_rules_cite_the_rules_reference(client):
    html = client.get("/scopa/rules/").content.decode()
    for rule in ("SCOPA-5.1", "SCOPA-6.2", "SCOPA-9", "SCOPA-14.1", "SCOPA-16.1"):
        assert rule in html


def test_betting_games_never_mention_money(client):
    for slug in ("settemezzo", "stoppa"):
        html = client.get(f"/{slug}/rules/").content.decode().lower()
        for word in ("money", "euro", "€", "cash", "gambl"):
            assert word not in html, f"{slug} rules mention {word}"


def test_unknown_game_is_a_404(client):
    assert client.get("/chess/").status_code == 404
    assert client.get("/chess/rules/").status_code == 404
    assert client.get("/chess/play/").status_code == 404


@pytest.mark.parametrize("slug", [g.slug for g in GAMES])
def test_every_game_home_offers_learn_play_and_rules(client, slug):
    html = client.get(reverse("game_home", args=[slug])).content.decode()
    for name in ("lesson_list", "play_new", "rules"):
        assert reverse(name, args=[slug]) in html
    assert client.get(reverse("play_new", args=[slug])).status_code == 200


def _page_text(client, slug: str) -> str:
    html = client.get(f"/{slug}/rules/").content.decode()
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def test_the_stoppa_page_gives_the_raise_bounds_the_engine_uses_STOPPA_EX_6(client):
    from neapolitan.stoppa.contest import raise_bounds

    assert raise_bounds(pot=8, to_call=3, misera=1, limit="pot", stack=None) == (1, 11)
    assert "with a pot of 8 and 3 to call, up to 11" in _page_text(client, "stoppa")


def test_the_stoppa_page_lets_whoever_starts_a_run_lay_aces_together_STOPPA_9_6(client):
    text = _page_text(client, "stoppa")
    assert "Whoever starts a run (di mano at first, later whoever closed the last one) may instead lay down" in text
    assert "starts a new one, with any card or with several Assi together" in text
    assert "province of Bari" in text and "la stop" in text


def test_the_matta_takes_no_half_values_above_one_half_SETTE_1_3(client):
    from neapolitan.cards import parse_cards
    from neapolitan.settemezzo.values import hand_value, is_reale

    three_and_matta = parse_cards("3D 10D")
    assert hand_value(three_and_matta) == 7 and not is_reale(three_and_matta)
    text = _page_text(client, "settemezzo")
    assert "a 3 and the matta cannot make 7½ (the best they make is 7)" in text
    assert "from one half to 7 suits" not in text
