"""Every practice table counts the hands played to their end (homework asks for a number of
hands): checked against the table's own log, where each "next" action starts a new hand."""
import pytest

from tests.tables.support import create_table, post_action
from tutorials.tables.models import NEXT
from tutorials.tables.registry import ADAPTERS

pytestmark = pytest.mark.django_db


def _hands_in_log(table) -> int:
    """Hands ended: one before each "next" by the learner, and the last when the game is over."""
    return sum(1 for entry in table.log if entry["action"] == NEXT) + int(table.finished)


def test_a_sette_e_mezzo_table_counts_its_hands_SETTE_7(client):
    table = create_table(client, "settemezzo", {"role": "punter", "players": 3, "opponent": "simple",
                                                "dealer_rule": "5", "hands": 5, "seed": "hands"})
    adapter = ADAPTERS["settemezzo"]
    for _ in range(80):
        table.refresh_from_db()
        game = adapter.load(table.rules_text, table.state_text)
        assert table.hands == _hands_in_log(table) + int(game.hand.is_over and not game.is_over)
        if game.is_over:
            break
        action = "next" if game.hand.is_over else ("stand 1" if game.hand.seats[0].status == "wait" else "stand")
        assert post_action(client, table, action).status_code == 200
    assert table.finished and table.hands == 5 == _hands_in_log(table)


def test_a_scopa_table_counts_a_hand_when_its_cards_run_out_SCOPA_10(client):
    table = create_table(client, "scopa", {"variant": "SCOPA_2P", "opponent": "greedy", "seed": "hands"})
    adapter = ADAPTERS["scopa"]
    for _ in range(60):
        table.refresh_from_db()
        match = adapter.load(table.rules_text, table.state_text)
        if match.hand_over:
            break
        assert table.hands == 0
        post_action(client, table, str(match.legal_actions()[0]))
    table.refresh_from_db()
    assert table.hands == 1 and not table.finished
    post_action(client, table, NEXT)
    table.refresh_from_db()
    assert table.hands == 1 == _hands_in_log(table)
