"""A learner plays a whole hand of Scopa at the practice table, by clicking, to the score; and
asks the coach, with JavaScript and without."""
import re

import pytest

from tests.e2e.axe import assert_accessible
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


def _legal_plays(page) -> set[str]:
    from neapolitan.scopa import Match, Rules
    from tutorials.tables.models import Table

    table_id = re.search(r"/scopa/play/([0-9a-f-]{36})/", page.url).group(1)
    table = Table.objects.get(public_id=table_id)
    match = Match.from_text(table.state_text, Rules.from_text(table.rules_text))
    return {str(p) for p in match.hand.legal_actions()}


def test_the_coach_on_request_values_every_play_and_leaves_the_play_to_the_learner(page):
    page.set_viewport_size({"width": 360, "height": 800})  # a phone
    page.goto("/scopa/play/")
    page.select_option("#id_variant", "SCOPA_2P")
    page.select_option("#id_opponent", "greedy")
    page.fill("#id_seed", "coach")
    deal(page)
    assert page.locator("[data-testid=coach]").count() == 0  # folded away until asked for
    legal = _legal_plays(page)
    table_url = page.url

    page.get_by_role("button", name="Ask the coach").click()
    coach = page.locator("[data-testid=coach]")
    coach.wait_for()
    assert page.url == table_url  # htmx swapped the table in: still the table's page
    rows = coach.locator("[data-testid=coach-plays] li")
    assert {rows.nth(i).get_attribute("data-answer") for i in range(rows.count())} == legal
    assert "best" in rows.first.inner_text().lower() and "This is the best play" in rows.first.inner_text()
    assert coach.locator("[data-testid=coach-out] svg.card").count() >= 1
    assert page.evaluate("document.activeElement.id") == "coach-title"  # keyboard users land on it
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")  # no sideways scroll
    assert_accessible(page)

    # The coach does not play: the learner still does, and the coach folds away again.
    _play_one_card(page)
    assert page.locator("[data-testid=coach]").count() == 0
    assert page.get_by_role("button", name="Ask the coach").count() == 1 or page.locator("[data-testid=hand-end]").count()


def test_the_coach_without_javascript(browser, live_server):
    context = browser.new_context(java_script_enabled=False, base_url=live_server.url)
    page = context.new_page()
    page.set_default_timeout(15000)
    try:
        page.goto("/scopa/play/")
        page.select_option("#id_opponent", "greedy")
        page.fill("#id_seed", "coach")
        page.get_by_role("button", name="Deal the cards").click()
        noscript_bots = page.get_by_role("button", name="Let the computer players play")
        if noscript_bots.count():
            noscript_bots.click()
        page.get_by_role("button", name="Ask the coach").click()
        assert "/coach?ply=" in page.url  # the whole page, reloaded with the coach
        rows = page.locator("[data-testid=coach-plays] li")
        assert {rows.nth(i).get_attribute("data-answer") for i in range(rows.count())} == _legal_plays(page)
        coach_url = page.url
        page.get_by_role("link", name="Hide the coach").click()
        assert "/coach" not in page.url and page.locator("[data-testid=coach]").count() == 0
        # axe runs in the page's JavaScript: the same page, opened by the same learner with it on.
        checker = browser.new_context(storage_state=context.storage_state(), base_url=live_server.url)
        try:
            checked = checker.new_page()
            checked.goto(coach_url)
            assert checked.locator("[data-testid=coach]").count() == 1
            assert_accessible(checked)
        finally:
            checker.close()
    finally:
        context.close()
