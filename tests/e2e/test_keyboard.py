"""A keyboard player at a practice table: after each move the focus is back on the hand, not at
the top of the page, and what the computer players did is read out from a live region."""
import pytest

from tests.e2e.support import deal, settle

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def _focused(page) -> str:
    return page.evaluate("""() => {
        const el = document.activeElement, hand = document.querySelector("[data-testid=hand]");
        if (hand && hand.contains(el)) return "hand";
        if (el && el.closest(".capture-option, .choice-panel")) return "choice";
        return el ? el.tagName : "none";
    }""")


def test_the_keyboard_stays_on_the_hand_and_the_moves_are_announced(page):
    page.goto("/scopa/play/")
    page.select_option("#id_variant", "SCOPA_2P")
    page.select_option("#id_opponent", "greedy")
    page.fill("#id_seed", "5")
    deal(page)
    for _ in range(3):  # three moves of ours, each answered by the computer player
        page.locator("[data-testid=hand] .card-button").first.focus()
        before = page.locator("#table").get_attribute("data-ply")
        page.keyboard.press("Enter")
        page.wait_for_selector(f'#table:not([data-ply="{before}"])')
        if _focused(page) == "choice":  # a card with several captures: choose one by keyboard too
            page.keyboard.press("Enter")
        settle(page)
        # htmx hands the new table over a moment after the swap: wait for the focus to land
        page.wait_for_function("() => document.activeElement && document.activeElement !== document.body")
        assert _focused(page) in ("hand", "choice"), _focused(page)
        last = page.locator("[data-testid=narration] li").last.inner_text().strip()
        assert page.get_by_test_id("announcer").inner_text().strip() == last
