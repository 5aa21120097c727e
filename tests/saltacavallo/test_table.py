"""The Saltacavallo practice table over HTTP: create, play, and every way a post can be refused."""
import pytest
from django.test import Client
from django.urls import reverse

from neapolitan.saltacavallo import KEEP, NEXT, SWAP, GameState, Rules, engine_choice
from tests.tables.support import assert_private, assert_redirects_without_htmx, create_table
from tests.tables.support import post_action as _act
from tests.tables.support import refused as _refused
from tutorials.saltacavallo.table import HUMAN, result_text
from tutorials.tables.models import Table

pytestmark = pytest.mark.django_db


def _new_table(client: Client, seed: str = "6", opponents: int = 2, **extra) -> Table:
    data = {"opponents": opponents, "lives": 3, "revival": "on", "seed": seed, **extra}
    return create_table(client, "saltacavallo", data)


def _state(table: Table) -> GameState:
    table.refresh_from_db()
    return GameState.from_text(table.state_text, Rules.from_text(table.rules_text))


def _store(table: Table, state: GameState) -> None:
    table.state_text = state.to_text()
    table.rules_text = state.rules.to_text()
    table.save()


def _learner_out(table: Table) -> GameState:
    """Play on (the learner always keeps) until the learner is out, between hands."""
    state = _state(table)
    while not (state.phase == "between" and state.lives[HUMAN] == 0):
        assert not state.is_over
        if state.phase == "between":
            state = state.apply(NEXT)
        elif state.to_act == HUMAN:
            state = state.apply(KEEP)
        else:
            state = state.apply(engine_choice(state.view(state.to_act)))
    return state


def test_new_table_form_and_creation(client):
    assert client.get("/saltacavallo/play/").status_code == 200
    table = _new_table(client)
    state = _state(table)
    assert state.players == 3 and state.lives == (3, 3, 3) and table.seed == "6"
    assert state.to_act == HUMAN or state.hand_over  # the bots played until the learner must act
    html = client.get(reverse("play_table", args=["saltacavallo", table.public_id])).content.decode()
    assert f'data-card="{state.cards[HUMAN]}"' in html
    assert 'data-testid="keep"' in html and "Coach" in html


@pytest.mark.parametrize("opponents", [2, 9])
def test_two_to_nine_engine_players(client, opponents):
    state = _state(_new_table(client, seed="n", opponents=opponents))
    assert state.players == opponents + 1


def test_the_same_seed_deals_the_same_cards(client):
    assert _new_table(client, seed="abc").state_text == _new_table(client, seed="abc").state_text


@pytest.mark.parametrize("data", [{"opponents": 1}, {"opponents": 10}, {"opponents": 3, "lives": 5},
                                  {"opponents": 3, "seed": "no spaces!"}])
def test_invalid_form_is_a_400_with_a_message(client, data):
    response = client.post("/saltacavallo/play/", {"lives": 3, **data})
    assert response.status_code == 400
    assert "field-error" in response.content.decode()


def test_keeping_is_applied_and_the_bots_answer(client):
    table = _new_table(client)
    before = table.ply
    response = _act(client, table, "keep")
    assert response.status_code == 200
    table.refresh_from_db()
    assert table.ply > before
    assert any(entry["seat"] == HUMAN for entry in table.log)
    state = _state(table)
    assert state.to_act == HUMAN or state.hand_over


def test_without_htmx_an_action_redirects_back_to_the_table(client):
    table = _new_table(client)
    assert_redirects_without_htmx(client, table, "keep")


def test_malformed_and_illegal_actions_are_refused_with_the_rule(client):
    table = _new_table(client)
    state = _state(table)
    assert state.to_act == HUMAN
    assert "not a Saltacavallo action" in _refused(client, table, "jump")
    assert "empty action" in _refused(client, table, "")
    assert "not understood" in _refused(client, table, "keep", ply="x")
    assert "SALTA-10.1" in _refused(client, table, "next")
    assert "SALTA-2.3" in _refused(client, table, "run")  # not out yet
    assert "SALTA-9.3" in _refused(client, table, "revive 1 2")
    if state.phase == "exchange":
        assert "SALTA-7.4" in _refused(client, table, "draw")
    else:
        assert "SALTA-7.4" in _refused(client, table, "swap")


def test_a_swap_through_a_wall_is_refused(client):
    table = _new_table(client)
    state = GameState.from_deal(Rules(players=3), "4C 10S 6D", dealer=2, seed="wall")
    _store(table, state)
    assert "SALTA-6.3" in _refused(client, table, "swap")


def test_a_stale_post_is_refused(client):
    table = _new_table(client)
    assert "moved on" in _refused(client, table, "keep", ply=table.ply + 3)


def test_when_out_the_learner_may_ask_for_a_life_or_let_the_game_run_on(client):
    table = _new_table(client)
    state = _learner_out(table)
    _store(table, state)
    html = client.get(reverse("play_table", args=["saltacavallo", table.public_id])).content.decode()
    assert 'data-testid="run"' in html and 'data-testid="revive-' in html
    assert "SALTA-9.3" in _refused(client, table, f"revive {state.living()[0]} {HUMAN}")
    giver = state.living()[0]
    assert _act(client, table, f"revive {HUMAN} {giver}").status_code == 200
    revived = _state(table)
    assert revived.lives[HUMAN] == 1 and revived.lives[giver] == state.lives[giver] - 1
    _store(table, state)  # out again: this time let the bots finish
    assert _act(client, table, "run").status_code == 200
    end = _state(table)
    assert end.is_over and len(end.winners) == 1
    table.refresh_from_db()  # the game played to its end is kept, with its outcome, for the progress page
    assert table.finished and table.outcome_text == f"{'You' if end.winners[0] == HUMAN else f'Bot {end.winners[0]}'} won the pot of {end.pot} chips!"
    assert "won the pot" in client.get(reverse("play_table", args=["saltacavallo", table.public_id])).content.decode()
    assert "over" in _refused(client, table, "next")
    assert "over" in _refused(client, table, "run")


def test_other_people_cannot_see_or_play_my_table(client):
    table = _new_table(client)
    assert_private(table, "keep")


def test_posts_need_the_csrf_token():
    client = Client(enforce_csrf_checks=True)
    assert client.post("/saltacavallo/play/", {"opponents": 2, "lives": 3}).status_code == 403


def test_act_only_accepts_post(client):
    table = _new_table(client)
    assert client.get(reverse("play_act", args=["saltacavallo", table.public_id])).status_code == 405


def test_the_page_shows_walls_jumps_swaps_and_the_coach(client):
    table = _new_table(client)
    # You (seat 0) act first: seat 1 shows a Cavallo, so your swap would jump to seat 2.
    state = GameState.from_deal(Rules(players=4), "3C 9S 6D 10B", dealer=3, seed="look")
    _store(table, state)
    html = client.get(reverse("play_table", args=["saltacavallo", table.public_id])).content.decode()
    assert "Cavallo: jump" in html and "Re: wall" in html
    assert "Swap with Bot 2 (jumping Bot 1)" in html
    assert "If you keep" in html and "If you swap" in html and "Exact" in html
    assert _act(client, table, "swap").status_code == 200
    html = client.get(reverse("play_table", args=["saltacavallo", table.public_id])).content.decode()
    assert "You ⇄ Bot 2" in html
    assert "you give Tre di Coppe and get Sei di Denari" in html


def test_a_swap_round_a_table_of_cavalli_is_shown_as_finding_no_one(client):
    table = _new_table(client)
    rules = Rules.with_keys(3, "SHOW_ON_DEMAND", "WRAP_PAST_DEALER")
    state = GameState.from_deal(rules, "2C 9S 9B", dealer=2, seed="round").apply(SWAP)
    _store(table, state)
    html = client.get(reverse("play_table", args=["saltacavallo", table.public_id])).content.decode()
    assert "found no one to swap with" in html


@pytest.mark.parametrize(("cards", "lives", "said"), [
    ("1D 5C 7S", (3, 3, 3), "Lowest card 1: you lose a life."),  # SALTA: the lowest card loses a life
    ("5C 1D 7S", (3, 3, 3), "Lowest card 1: Bot 1 loses a life."),
    ("1D 1C 7S", (3, 3, 3), "Lowest card 1: You, Bot 1 lose a life."),
    ("1D 5C 7S", (1, 3, 3), "Lowest card 1: you lose a life. You are out of the game."),
    ("5C 1D 7S", (3, 1, 3), "Lowest card 1: Bot 1 loses a life. Out of the game: Bot 1."),
])
def test_the_end_of_a_hand_agrees_with_who_lost(cards, lives, said):
    """Issue 17: never "You loses a life"."""
    state = GameState.from_deal(Rules(players=3), cards, dealer=2, lives=lives)
    while not state.hand_over:
        state = state.apply(KEEP)
    assert result_text(state) == said
