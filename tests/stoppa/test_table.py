"""The Stoppa practice table over HTTP: create, play a whole deal, and every way a post is refused."""
import re
from collections import Counter

import pytest
from django.test import Client
from django.urls import reverse

from neapolitan.cards import DECK
from neapolitan.stoppa import Giro, Rules
from tests.tables.support import (
    assert_private,
    assert_redirects_without_htmx,
    create_table,
    post_action,
)
from tests.tables.support import refused as _refused
from tutorials.stoppa.table import NEXT, StoppaAdapter, TableGame
from tutorials.tables.models import Table

pytestmark = pytest.mark.django_db

ADAPTER = StoppaAdapter()
FORM = {"players": 4, "opponent": "quick", "misera": 1, "bankroll": 0, "showdown": "concede"}


def _new_table(client: Client, seed: str = "42", **changes) -> Table:
    return create_table(client, "stoppa", {**FORM, "seed": seed, **changes})


def _game(table: Table) -> TableGame:
    table.refresh_from_db()
    return ADAPTER.load(table.rules_text, table.state_text)


def _act(client: Client, table: Table, action: str, ply=None, htmx: bool = True):
    table.refresh_from_db()
    return post_action(client, table, action, ply, htmx)


def _page(client: Client, table: Table) -> str:
    return client.get(reverse("play_table", args=["stoppa", table.public_id])).content.decode()


def _my_choice(game: TableGame) -> str:
    """A sensible action for the learner: go on, see, open small, show, or the first play."""
    if game.paused or game.giro.deal.is_over:
        return NEXT
    actions = game.giro.legal_actions()
    for kind in ("show", "call", "decline"):
        if any(a.kind == kind for a in actions):
            return kind
    opens = [a for a in actions if a.kind == "open"]
    return str(opens[0] if opens else actions[0])


def _drive(client: Client, table: Table, until, limit: int = 400) -> TableGame:
    for _ in range(limit):
        game = _game(table)
        if until(game):
            return game
        assert _act(client, table, _my_choice(game)).status_code == 200
    pytest.fail("the table never reached the wanted point")


def test_new_table_form_and_creation(client):
    assert client.get("/stoppa/play/").status_code == 200
    table = _new_table(client)
    game = _game(table)
    assert table.seed == "42" and game.giro.seed == "42"
    assert ADAPTER.seat_to_act(game) in (0, None)  # the bots have played up to the learner
    html = _page(client, table)
    assert "Phase I" in html and "deal number" in html
    for card in game.giro.deal.hands[0]:
        assert f'data-card="{card}"' in html
    assert "Asso di Denari" in html  # how the first dealer was drawn (STOPPA-2.2)
    assert "misera" in html


def test_the_same_seed_deals_the_same_cards(client):
    assert _new_table(client, seed="abc").state_text == _new_table(client, seed="abc").state_text


@pytest.mark.parametrize("players", [3, 5, 6])
def test_every_table_size_gets_a_table(client, players):
    table = _new_table(client, seed="size", players=players)
    game = _game(table)
    assert game.giro.rules.players == players
    assert _page(client, table).count('data-testid="seat-') == players - 1


def test_invalid_form_is_a_400_with_a_message(client):
    response = client.post("/stoppa/play/", {**FORM, "players": 9})
    assert response.status_code == 400
    assert "Choose one of the options offered." in response.content.decode()


def test_the_punto_and_the_coach_are_shown(client):
    table = _new_table(client, seed="coach")
    game = _drive(client, table, lambda g: not g.paused and g.giro.to_act == 0 and g.giro.deal.phase == "I")
    html = _page(client, table)
    from neapolitan.stoppa import punto
    from neapolitan.stoppa.punto import punto_cards

    assert f"<strong>{punto(game.giro.deal.hands[0])}</strong>" in html
    named = " + ".join(card.italian_name for card in punto_cards(game.giro.deal.hands[0]))
    assert f"({named})" in html  # the cards it counts by name, as everywhere else on the page
    assert 'class="coach"' in html and "Every other hand is lower" in html
    assert "chips on average" in html


def test_a_legal_bet_is_applied_and_the_bots_answer(client):
    table = _new_table(client, seed="bet")
    game = _drive(client, table, lambda g: not g.paused and g.giro.to_act == 0 and g.giro.deal.phase == "I")
    ply = table.ply
    action = _my_choice(game)
    assert _act(client, table, action).status_code == 200
    table.refresh_from_db()
    assert table.ply > ply
    assert table.log[ply]["seat"] == 0 and table.log[ply]["action"] == action
    after = _game(table)
    assert ADAPTER.seat_to_act(after) in (0, None)


def test_without_htmx_an_action_redirects_back_to_the_table(client):
    table = _new_table(client, seed="redirect")
    assert_redirects_without_htmx(client, table, _my_choice(_game(table)))


def test_a_whole_deal_then_the_next_dealer(client):
    table = _new_table(client, seed="whole")
    first = _game(table).giro.deal.dealer
    game = _drive(client, table, lambda g: g.giro.deal.is_over)
    html = _page(client, table)
    assert 'data-testid="ledger"' in html and "Next deal" in html
    assert sum(game.giro.chips) + game.giro.deal.pot == 0
    text = "\n".join(e["text"]["en"] for e in table.log)
    assert "pot" in text and ("Stoppata!" in text or "cancelled" in text)
    if "Stoppata!" in text:
        assert "pays" in text or "nothing to pay" in text  # every payment is explained
    assert _act(client, table, NEXT).status_code == 200
    game = _game(table)
    assert game.giro.deal_no == 2 and game.giro.deal.dealer == (first + 1) % 4  # STOPPA-2.5


def test_the_stoppata_highlights_the_legal_plays(client):
    table = _new_table(client, seed="legal")
    game = _drive(client, table, lambda g: not g.paused and g.giro.deal.phase == "III" and g.giro.to_act == 0)
    html = _page(client, table)
    legal = {str(a) for a in game.giro.legal_actions()}
    buttons = set(re.findall(r'class="card-button card-button--legal" data-card="([^"]+)"', html))
    assert buttons == {a for a in legal if "+" not in a}
    for multi in (a for a in legal if "+" in a):
        assert f'data-action="{multi}"' in html


def test_the_rank_tracker_has_a_legend_and_says_each_count(client):
    """Issue 17: the counts of cards played per rank (STOPPA-9.2) are explained on the page, and
    read out in words ("2 of 4 played, none left"), not as "2/4"."""
    table = _new_table(client, seed="legal")
    game = _drive(client, table, lambda g: not g.paused and g.giro.deal.phase == "III" and g.giro.to_act == 0)
    html = _page(client, table)
    assert 'data-testid="ranks-legend"' in html and 'aria-labelledby="ranks-legend"' in html
    played = Counter(card.rank for card in game.giro.deal.stoppata.played)
    rules = game.giro.rules
    for rank in range(1, 11):
        if rules.copies(rank):
            said = f"{played[rank]} of {rules.copies(rank)} played"
            if played[rank] >= rules.copies(rank):
                said += ", none left"
            assert f'<strong>{rank}</strong> <span aria-hidden="true">{played[rank]}/{rules.copies(rank)}</span>' \
                   f'<span class="visually-hidden">: {said}</span>' in html


def _my_bet_turn(client, seed="refuse"):
    table = _new_table(client, seed=seed)
    _drive(client, table, lambda g: not g.paused and g.giro.to_act == 0 and g.giro.deal.phase == "I"
           and g.giro.deal.contest.stage == "open")
    return table


def test_malformed_and_empty_actions_are_refused(client):
    table = _my_bet_turn(client)
    assert "is not a card" in _refused(client, table, "11X")
    assert "empty action" in _refused(client, table, "")
    assert "not understood" in _refused(client, table, "pass", ply="x")


def test_illegal_actions_are_refused_with_the_rule(client):
    table = _my_bet_turn(client)
    game = _game(table)
    assert "STOPPA-6.1" in _refused(client, table, f"open {game.giro.deal.pot + 1}")
    assert "STOPPA-6" in _refused(client, table, str(game.giro.deal.hands[0][0]))
    assert "STOPPA-6.6" in _refused(client, table, "show")
    assert "STOPPA-6.1" in _refused(client, table, "call")
    elsewhere = next(c for c in DECK if c not in game.giro.deal.hands[0])
    assert _refused(client, table, f"{elsewhere}+{elsewhere}")
    assert "your turn" in _refused(client, table, NEXT)


def test_betting_during_the_pause_is_refused(client):
    table = _new_table(client, seed="pause")
    _drive(client, table, lambda g: g.paused)
    assert "Continue" in _refused(client, table, "pass")
    assert _act(client, table, NEXT).status_code == 200
    assert not _game(table).paused


def test_a_stale_post_is_refused(client):
    table = _my_bet_turn(client)
    html = _refused(client, table, "pass", ply=table.ply + 5)
    assert "moved on" in html


def test_moves_after_the_giro_are_refused(client):
    table = _new_table(client, seed="end")
    rules = Rules.from_text(table.rules_text)
    giro = Giro.new(rules, "end")
    while not giro.is_over:  # finish a giro quickly: everyone passes and plays the first card
        if giro.deal.is_over:
            giro = giro.next_deal()
            continue
        actions = giro.legal_actions()
        giro = giro.apply(next((a for a in actions if a.kind == "pass"), actions[0]))
    table.state_text = ADAPTER.dump(TableGame(giro))
    table.save()
    assert "over" in _refused(client, table, NEXT)
    assert "over" in _refused(client, table, "pass")
    page = _page(client, table)
    assert "End of the giro" in page and 'data-testid="standings"' in page


def test_other_people_cannot_see_or_play_my_table(client):
    table = _new_table(client)
    assert_private(table, "pass")


def test_posts_need_the_csrf_token():
    client = Client(enforce_csrf_checks=True)
    assert client.post("/stoppa/play/", FORM).status_code == 403


def test_a_reload_resumes_the_same_table(client):
    table = _my_bet_turn(client, seed="reload")

    def section(html: str) -> str:
        html = html[html.index('<section id="table"'):html.index("</section>")]
        return re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", html)

    assert section(_page(client, table)) == section(_page(client, table))


def test_table_stakes_table(client):
    table = _new_table(client, seed="stakes", bankroll=100)
    game = _game(table)
    assert game.giro.rules.table_stakes
    assert sum(game.giro.chips) + game.giro.deal.pot == 400
    assert "side pots" in _page(client, table)


def test_a_whole_giro_of_deals(client):
    table = _new_table(client, seed="giro", players=3)
    dealers = []

    def over(game: TableGame) -> bool:
        if game.giro.deal.is_over and (not dealers or dealers[-1] != (game.giro.deal_no, game.giro.deal.dealer)):
            dealers.append((game.giro.deal_no, game.giro.deal.dealer))
        return game.giro.is_over

    game = _drive(client, table, over, limit=1500)
    assert [n for n, _d in dealers] == [1, 2, 3]
    assert len({d for _n, d in dealers}) == 3  # every player dealt once (STOPPA-2.6)
    assert sum(game.giro.chips) == 0
    html = _page(client, table)
    assert "End of the giro" in html and "New game" in html


def test_the_leftover_pot_at_the_end_of_a_giro_is_told_as_this_table_s_choice_STOPPA_10_1():
    """Issue 18, item 8: a pot still carried over when the giro ends goes to the last dealer at this
    table (the reference leaves it open); the narration says so instead of stating it as a rule."""
    from neapolitan.stoppa.state import Event
    from tutorials.stoppa.narration import describe

    line = describe([Event("award", 2, 7, how="giro_end")], Rules(players=4), dealer=2)[0]
    assert "7" in line and "at this table it goes to the last dealer" in line
    assert "left over goes to" not in line


@pytest.mark.parametrize("seed", ["legal", "42"])
def test_the_draw_for_the_first_dealer_names_the_learner_as_you_STOPPA_2_2(client, seed):
    table = _new_table(client, seed=seed)
    html = _page(client, table)
    first = _game(table).giro.first_dealer
    if first == 0:
        assert "it went to you, so you deal first." in html
    else:
        assert f"it went to Bot {first}, who deals first." in html
    assert "to You" not in html
