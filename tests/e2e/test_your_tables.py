"""A learner leaves a game half played and finds it again from the progress page, where it
resumes as it was; abandoning it there asks first."""
import pytest

from tests.e2e.axe import assert_accessible
from tests.e2e.support import click_and_settle, deal, ply

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_resume_a_saved_table_from_the_progress_page_then_abandon_it(page):
    page.goto("/scopa/play/")
    page.select_option("#id_variant", "SCOPA_2P")
    page.select_option("#id_opponent", "greedy")
    page.fill("#id_seed", "11")
    deal(page)
    card = page.locator("[data-testid=hand] .card-button").first
    if card.evaluate("el => el.tagName") == "A":  # a card with a choice of captures: take the first
        card.click()
        page.locator(".choice-panel").wait_for()
        card = page.locator(".capture-option").first
    click_and_settle(page, card)
    table_url, moved = page.url, ply(page)

    page.goto("/")
    page.get_by_role("link", name="Progress").click()
    games = page.get_by_test_id("your-tables")
    games.get_by_role("link", name="Scopa: Scopa, you against one opponent").click()
    page.wait_for_url(table_url)
    assert ply(page) == moved  # the same table, where it was left

    page.get_by_role("link", name="Progress").click()
    page.get_by_test_id("your-tables").get_by_role("link", name="Abandon Scopa").click()
    page.get_by_role("heading", name="Abandon this game?").wait_for()
    assert_accessible(page)
    page.get_by_role("button", name="Abandon it").click()
    page.wait_for_url("**/progress/")
    assert page.get_by_test_id("your-tables").count() == 0
