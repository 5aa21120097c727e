"""The Sette e Mezzo practice table over HTTP: create, play, the coach, and every refused post."""
from fractions import Fraction

import pytest
from django.test import Client
from django.urls import reverse

from neapolitan.settemezzo import Action, DealerPolicy, Game, Rules
from neapolitan.settemezzo.coach import punter_advice
from tests.tables.support import assert_private, assert_redirects_without_htmx, create_table
from tests.tables.support import post_action as _act
from tests.tables.support import refused as _refused
from tutorials.tables.models import Table

pytestmark = pytest.mark.django_db

FORM = {"role": "punter", "players": 3, "opponent": "exact", "dealer_rule": "free", "hands": 5, "seed": "42"}


def _new_table(client: Client, **changes) -> Table:
    return create_table(client, "settemezzo", {**FORM, **changes})


def _game(table: Table) -> Game:
    table.refresh_from_db()
    return Game.from_text(table.state_text, Rules.from_text(table.rules_text))


def _page(client: Client, table: Table, **params) -> str:
    response = client.get(reverse("play_table", args=["settemezzo", table.public_id]), params)
    assert response.status_code == 200
    return response.content.decode()


def test_the_game_home_offers_the_table(client):
    html = client.get("/settemezzo/").content.decode()
    assert reverse("play_new", args=["settemezzo"]) in html
    assert client.get("/settemezzo/play/").status_code == 200


def test_a_new_table_waits_for_the_learner_with_the_coach(client):
    table = _new_table(client)
    game = _game(table)
    assert game.rules.players == 3 and game.hands == 5 and game.dealer == 1
    assert game.hand.to_move == 0  # the bots before the learner have played
    html = _page(client, table)
    assert f'data-card="{game.hand.seats[0].hole}"' in html
    assert 'class="coach"' in html and "exact odds" in html
    assert 'value="hit 1"' in html and 'value="stand 1"' in html
    for word in ("money", "euro", "€", "cash", "gambl"):
        assert word not in html.lower()


def test_other_hole_cards_are_not_on_the_page(client):
    table = _new_table(client)
    game = _game(table)
    html = _page(client, table)
    hidden = [s.hole for s in game.hand.seats[1:] if not s.shown]
    assert hidden  # the dealer's hole card at least
    for card in hidden:
        assert f'data-card="{card}"' not in html and card.italian_name not in html


def test_choosing_a_stake_changes_nothing_but_the_buttons(client):
    table = _new_table(client)
    before = _game(table).to_text()
    html = _page(client, table, stake="5")
    assert 'value="hit 5"' in html and 'value="stand 5"' in html
    assert _game(table).to_text() == before


def test_a_declaration_is_applied_and_the_others_answer(client):
    table = _new_table(client, seed="7")
    response = _act(client, table, "stand 2")
    assert response.status_code == 200
    game = _game(table)
    assert game.hand.seats[0].stake == 2 and game.hand.is_over  # the dealer played after us
    html = response.content.decode()
    assert 'data-testid="hand-end"' in html and "Deal the next hand" in html
    assert "Coach" in html and "stakes" in html  # the review of our decision
    assert any(entry["action"] == "stand 2" and entry["seat"] == 0 for entry in table.log)


def test_without_htmx_a_play_redirects_back_to_the_table(client):
    table = _new_table(client)
    assert_redirects_without_htmx(client, table, "stand 1")


def test_a_whole_game_to_its_end_then_refusals(client):
    table = _new_table(client, seed="end", hands=5)
    assert not table.finished
    for _ in range(60):
        game = _game(table)
        if game.is_over:
            break
        action = "next" if game.hand.is_over else ("stand 1" if game.hand.seats[0].status == "wait"
                                                   else "stand")
        assert _act(client, table, action).status_code == 200
    game = _game(table)
    assert game.is_over and game.hand_no == 5 and sum(game.chips_now) == 300
    table.refresh_from_db()
    assert table.finished  # it leaves the learner's list of unfinished games, for the games played
    best = max(game.chips_now)
    assert table.outcome_text.startswith("Most chips: ") and table.outcome_text.endswith(f"with {best}.")
    html = _page(client, table)
    assert "The game is over" in html and "Most chips" in html
    assert "over" in _refused(client, table, "next")
    assert "over" in _refused(client, table, "hit")


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ("fly", "is not an action"),
        ("", "empty action"),
        ("hit", "SETTE-4.3"),  # no stake with the first choice
        ("hit 11", "SETTE-4.3"),  # above the table limit
        ("hit +2", "SETTE-4.3"),
        ("next", "still being played"),
    ],
)
def test_bad_actions_are_refused_with_a_message(client, action, message):
    table = _new_table(client)
    assert message in _refused(client, table, action)


def test_exchanging_a_card_that_is_not_a_three_or_four_is_refused_SETTE_4_2(client):
    for n in range(40):
        table = _new_table(client, seed=f"x{n}")
        if _game(table).hand.seats[0].hole.rank not in (3, 4):
            break
    assert "SETTE-4.2" in _refused(client, table, "replace")


def test_a_stale_or_garbled_ply_is_refused(client):
    table = _new_table(client)
    assert "moved on" in _refused(client, table, "stand 1", ply=table.ply + 3)
    assert "not understood" in _refused(client, table, "stand 1", ply="x")


def test_other_people_cannot_see_or_play_my_table(client):
    table = _new_table(client)
    assert_private(table, "stand 1")


def test_act_only_accepts_post_and_posts_need_csrf(client):
    table = _new_table(client)
    assert client.get(reverse("play_act", args=["settemezzo", table.public_id])).status_code == 405
    strict = Client(enforce_csrf_checks=True)
    assert strict.post("/settemezzo/play/", FORM).status_code == 403


def test_invalid_form_is_a_400(client):
    response = client.post("/settemezzo/play/", {**FORM, "players": 9})
    assert response.status_code == 400 and "Choose one of the options offered." in response.content.decode()
    response = client.post("/settemezzo/play/", {**FORM, "seed": "a b"})
    assert response.status_code == 400


def test_playing_as_the_dealer(client):
    table = _new_table(client, role="dealer", seed="d1")
    game = _game(table)
    assert game.dealer == 0
    if game.hand.is_over:  # every punter went bust: the dealer had nothing to do
        assert "does not play" in _page(client, table)
        return
    assert game.hand.to_move == 0 and game.hand.phase == "dealer"
    html = _page(client, table)
    assert 'value="hit"' in html and 'value="stand"' in html and "in chips" in html
    assert "SETTE-2.1" in _refused(client, table, "stand 3")  # the dealer puts out no stake
    assert _act(client, table, "stand").status_code == 200
    assert _game(table).hand.is_over


def test_drawing_for_the_first_dealer_and_the_casino_rule(client):
    table = _new_table(client, role="draw", dealer_rule="5", opponent="simple", players=4, seed="dr")
    game = _game(table)
    assert game.rules.dealer_stands_on == 5 and game.rules.players == 4
    assert game.dealer == Game.new(game.rules, "dr").dealer
    html = _page(client, table)
    assert "Cards drawn for the first dealer" in html and "drew the highest and deals" in html


def test_the_same_seed_deals_the_same_cards(client):
    first, second = _new_table(client, seed="same"), _new_table(client, seed="same")
    assert first.state_text == second.state_text


def test_parse_action_accepts_the_engines_text():
    assert str(Action.parse("carta 3")) == "hit 3"


@pytest.mark.parametrize(("dealer_rule", "columns"), [("free", (4, 5, 6)), ("5", ())])
def test_the_coach_values_choices_against_the_tables_own_dealer(client, dealer_rule, columns):
    """SETTE-OP-6: a dealer free to choose keeps to no rule, so the coach shows each choice against
    standing on 4, 5 and 6; a table whose dealer stands on 5 gets that rule alone."""
    table = _new_table(client, dealer_rule=dealer_rule)
    game = _game(table)
    html = _page(client, table)
    view = game.hand.view(0)
    for n in (4, 5, 6):
        assert (f"Dealer stands on {n}" in html) == (n in columns)
        if n in columns:
            for value in punter_advice(view, DealerPolicy(Fraction(n))).options.values():
                assert f"{float(value):+.3f}".replace("-", "−") in html
    assert ("plays as he sees fit" in html) == bool(columns)
    if not columns:
        assert "draws below 5 and stands on 5 or more" in html
