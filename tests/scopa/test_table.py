"""The Scopa practice table over HTTP: create, play, and every way a post can be refused."""
import pytest
from django.test import Client
from django.urls import reverse

from neapolitan.cards import DECK
from neapolitan.scopa import Match, Play, Rules
from neapolitan.scopa.state import Seen, deal_history, history_after
from tests.engine._support import position
from tests.tables.support import assert_private, assert_redirects_without_htmx, create_table
from tests.tables.support import post_action as _act
from tests.tables.support import refused as _refused
from tutorials.scopa.table import NEXT_HAND, ScopaAdapter, hand_plays
from tutorials.tables.models import Table

pytestmark = pytest.mark.django_db


def _new_table(client: Client, variant: str = "SCOPA_2P", seed: str = "42", opponent: str = "greedy") -> Table:
    return create_table(client, "scopa", {"variant": variant, "opponent": opponent, "seed": seed})


def _match(table: Table) -> Match:
    table.refresh_from_db()
    return Match.from_text(table.state_text, Rules.from_text(table.rules_text))


def test_new_table_form_and_creation(client):
    assert client.get("/scopa/play/").status_code == 200
    table = _new_table(client)
    match = _match(table)
    assert table.seed == "42" and match.seed == "42"
    assert match.hand.to_move == 0  # the bots have played until it is the learner's turn
    page = client.get(reverse("play_table", args=["scopa", table.public_id]))
    assert page.status_code == 200
    html = page.content.decode()
    assert "42" in html
    for card in match.hand.hands[0]:
        assert f'data-card="{card}"' in html


def test_the_same_seed_deals_the_same_cards(client):
    first, second = _new_table(client, seed="abc"), _new_table(client, seed="abc")
    assert first.state_text == second.state_text


def test_invalid_form_is_a_400_with_a_message(client):
    response = client.post("/scopa/play/", {"variant": "CHESS", "opponent": "greedy"})
    assert response.status_code == 400
    assert "Choose one of the options offered." in response.content.decode()


def test_a_legal_play_is_applied_and_the_bot_answers(client):
    table = _new_table(client)
    before = _match(table)
    play = before.hand.legal_actions()[0]
    response = _act(client, table, str(play))
    assert response.status_code == 200
    after = _match(table)
    assert play.card not in after.hand.hands[0]
    assert table.ply >= 2  # ours and the bot's reply
    assert table.log[-2]["action"] == str(play) or table.log[-1]["action"] == str(play)
    assert after.hand.to_move == 0 or after.hand_over


def test_without_htmx_a_play_redirects_back_to_the_table(client):
    table = _new_table(client)
    assert_redirects_without_htmx(client, table, str(_match(table).hand.legal_actions()[0]))


def test_a_card_not_in_hand_is_refused(client):
    table = _new_table(client)
    match = _match(table)
    elsewhere = next(c for c in DECK if c not in match.hand.hands[0] and c not in match.hand.table)
    html = _refused(client, table, str(elsewhere))
    assert "is not in your hand" in html


def test_an_illegal_capture_is_refused_with_the_rule(client):
    table = _new_table(client)
    hand = _match(table).hand
    card = hand.hands[0][0]
    illegal = next(
        Play(card, frozenset({t})) for t in DECK
        if t not in hand.hands[0] and Play(card, frozenset({t})) not in hand.legal_actions()
    )
    html = _refused(client, table, str(illegal))
    assert "SCOPA-5" in html


def test_malformed_and_empty_actions_are_refused(client):
    table = _new_table(client)
    assert "is not a card" in _refused(client, table, "11X")
    assert "empty action" in _refused(client, table, "")
    assert "not understood" in _refused(client, table, "7D", ply="x")


def test_a_stale_post_is_refused(client):
    table = _new_table(client)
    play = _match(table).hand.legal_actions()[0]
    html = _refused(client, table, str(play), ply=table.ply + 5)
    assert "moved on" in html


def test_moves_after_the_game_are_refused(client):
    table = _new_table(client, seed="end")
    match = _match(table)
    rules = match.rules
    # Finish the match quickly with random legal plays by both sides, then store it.
    import random

    rng = random.Random(0)
    while not match.is_over:
        match = match.next_hand() if match.hand_over else match.apply(rng.choice(match.legal_actions()))
    table.state_text = match.to_text()
    table.save()
    assert "over" in _refused(client, table, "next")
    assert rules.target <= max(match.scores)
    page = client.get(reverse("play_table", args=["scopa", table.public_id])).content.decode()
    assert "won the game" in page


def test_next_hand_only_when_the_hand_is_over(client):
    table = _new_table(client)
    assert "still being played" in _refused(client, table, "next")


def test_other_people_cannot_see_or_play_my_table(client):
    table = _new_table(client)
    assert_private(table, str(_match(table).hand.legal_actions()[0]))


def test_posts_need_the_csrf_token():
    client = Client(enforce_csrf_checks=True)
    response = client.post("/scopa/play/", {"variant": "SCOPA_2P", "opponent": "greedy"})
    assert response.status_code == 403


def test_act_only_accepts_post(client):
    table = _new_table(client)
    assert client.get(reverse("play_act", args=["scopa", table.public_id])).status_code == 405


def test_choosing_among_captures_shows_every_option_without_changing_the_game(client):
    # Find a seed where the learner holds a card with more than one capture.
    for n in range(200):
        table = _new_table(client, seed=f"choice{n}")
        hand = _match(table).hand
        multi = [c for c in hand.hands[0] if len([p for p in hand.legal_actions() if p.card is c]) > 1]
        if multi:
            break
    else:
        pytest.fail("no position with a choice of captures in 200 deals")
    card = multi[0]
    url = reverse("play_table", args=["scopa", table.public_id])
    html = client.get(url, {"choose": str(card)}).content.decode()
    for play in [p for p in hand.legal_actions() if p.card is card]:
        assert f'value="{play}"' in html
    assert _match(table).hand.to_text() == hand.to_text()


@pytest.mark.parametrize("variant", ["SCOPONE_SCIENTIFICO", "SCOPA_3P", "QUINDICI", "ASSI"])
def test_other_variants_get_a_table(client, variant):
    table = _new_table(client, variant=variant, seed="v1")
    match = _match(table)
    assert match.rules.variant == variant
    assert client.get(reverse("play_table", args=["scopa", table.public_id])).status_code == 200
    response = _act(client, table, str(match.hand.legal_actions()[0]))
    assert response.status_code == 200


@pytest.mark.parametrize(("players", "mover", "last_capturer", "table", "play", "said"), [
    # Bot 1 trails the hand's last card; the learner captured last: all three are the learner's
    (2, 1, 0, "2C 5S", "8B", "The cards left on the table (Due di Coppe, Cinque di Spade, Fante di Bastoni) "
                             "go to you: you made the last capture."),
    (2, 0, 1, "2C 5S", "8B", "go to Bot 1, who made the last capture."),
    # the last play captures and leaves a card: its player made the last capture
    (2, 0, 1, "2C 5S", "5Bx5S", "The cards left on the table (Due di Coppe) go to you"),
    (2, 0, None, "1S 4C", "9S", "Nobody captured in this hand, so the cards left on the table "
                                "(Asso di Spade, Quattro di Coppe, Cavallo di Spade) go to no one."),
    (4, 0, 2, "2C", "8B", "go to your side: your partner made the last capture."),
    (2, 0, 1, "3C 5S", "8Bx3C+5S", ""),  # nothing left: nothing to say
])
def test_the_end_of_a_hand_says_who_takes_the_cards_left_SCOPA_7(players, mover, last_capturer, table, play, said):
    """Issue 17: the narration of the hand's last play says where the table's cards go."""
    rules = Rules("SCOPA_2P" if players == 2 else "SCOPONE_SCIENTIFICO")
    hand = position(rules, table=table, hand=play.split("x")[0], seat=mover, last=True,
                    last_capturer=last_capturer)
    before = Match(rules, "s", 1, (0, 0), hand)
    action = next(p for p in hand.legal_actions() if str(p) == play)
    after = before.apply(action)
    text = ScopaAdapter().narrate(before, mover, action, after)
    assert "The hand is over." in text
    if said:
        assert said in text
    else:
        assert "left on the table" not in text


def test_the_computer_players_see_the_deal_so_far_from_the_tables_log(client):
    # The log, replayed from the deal, keeps the same deal history as the arena (history_after).
    table = _new_table(client, seed="history", opponent="search")
    for _ in range(4):
        match = _match(table)
        _act(client, table, str(match.hand.legal_actions()[0]))
    table.refresh_from_db()
    adapter = ScopaAdapter()
    replay = adapter.load(table.rules_text, table.state_text)
    replay = Match.new(replay.rules, replay.seed)
    kept: tuple[Seen, ...] = ()
    for entry in table.log:
        action = adapter.parse_action(replay, entry["action"])
        after = adapter.apply(replay, action)
        if action != NEXT_HAND:
            kept = history_after(kept, replay.hand, action, after.hand)
        replay = after
    match = _match(table)
    assert replay.hand == match.hand
    assert deal_history(match.hand, hand_plays(table.log)) == kept
    assert any(seen.seat != table.human_seat for seen in kept)  # the bot has played in this deal


def test_the_coach_reads_the_deal_so_far_as_the_computer_players_do(client, monkeypatch):
    import tutorials.scopa.coach as site_coach

    table = _new_table(client, seed="history", opponent="search")
    for _ in range(4):
        _act(client, table, str(_match(table).hand.legal_actions()[0]))
    table.refresh_from_db()
    seen = []
    real_advise = site_coach.advise
    monkeypatch.setattr(site_coach, "advise", lambda view: seen.append(view) or real_advise(view))
    match = _match(table)
    ScopaAdapter().coach(table, match)
    assert seen[0].history == deal_history(match.hand, hand_plays(table.log)) != ()
