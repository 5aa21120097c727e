"""A learner plays a whole hand of Scopa at the practice table, by clicking, to the score."""
import re

import pytest

from tests.e2e.support import click_and_settle, deal

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def _play_one_card(page) -> None:
    """Click the first card in hand; if it can take different cards, choose the first capture."""
    card = page.locator("[data-testid=hand] .card-button").first
    if card.evaluate("el => el.tagName") == "A":
        card.click()
        page.locator(".choice-panel").wait_for()
        click_and_settle(page, page.locator(".capture-option").first)
    else:
        click_and_settle(page, card)


def test_play_a_whole_hand_to_the_score(page):
    page.goto("/scopa/play/")
    page.select_option("#id_variant", "SCOPA_2P")
    page.select_option("#id_opponent", "greedy")
    page.fill("#id_seed", "7")
    deal(page)
    assert "deal number" in page.inner_text(".table-bar__meta")

    for _ in range(40):  # 18 plays of ours at most in a 2-player hand
        if page.locator("[data-testid=hand-end]").count():
            break
        _play_one_card(page)
    end = page.locator("[data-testid=hand-end]")
    assert end.is_visible()
    assert "End of hand 1" in end.inner_text()
    totals = [int(page.inner_text(f"[data-testid=hand-total-{i}]")) for i in (0, 1)]
    scores = [int(page.inner_text(f"[data-testid=score-{i}]")) for i in (0, 1)]
    assert totals == scores  # the first hand's points are the match score
    assert sum(totals) >= 3  # settebello, primiera or carte always go to someone
    assert re.search(r"Settebello", end.inner_text())

    # A reload resumes the same table, at the same point.
    page.reload()
    assert page.locator("[data-testid=hand-end]").is_visible()

    click_and_settle(page, page.get_by_role("button", name="Deal the next hand"))
    assert "Hand 2" in page.inner_text(".table-bar__meta")
    assert page.locator("[data-testid=hand] svg.card").count() == 3
