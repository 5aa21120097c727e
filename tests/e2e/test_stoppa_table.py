"""A learner plays a whole deal of Stoppa at the practice table, by clicking, to the payments."""
import pytest

from tests.e2e.support import click_and_settle, deal

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

# What the learner clicks, in order of preference: go on after a result, see, open small,
# show, a highlighted card, a group of cards, play the stoppata, pass.
CHOICES = [
    "[data-testid=result] button", 'button[data-action="call"]', 'button[data-action^="open"]',
    'button[data-action="show"]', ".card-button--legal", ".capture-option",
    'button[data-action="decline"]', 'button[data-action="pass"]', "[data-testid=actions] button",
]


def _click_something(page) -> None:
    for css in CHOICES:
        target = page.locator(css)
        if target.count():
            click_and_settle(page, target.first)
            return
    pytest.fail("nothing to click at the Stoppa table")


def test_play_a_whole_deal_to_the_payments(page):
    page.goto("/stoppa/play/")
    page.select_option("#id_players", "4")
    page.select_option("#id_opponent", "quick")
    page.fill("#id_seed", "21")
    deal(page)
    assert "Deal 1 of 4" in page.inner_text(".table-bar__meta")
    assert "Phase I" in page.inner_text("[data-testid=phase]")

    # The coach opens on demand and shows the odds of the punto.
    while not page.locator("[data-testid=coach]").count():
        _click_something(page)
    page.locator("[data-testid=coach] summary").click()
    assert page.locator("[data-testid=coach] .stoppa-coach").is_visible()

    phases = set()
    for _ in range(200):
        phases.add(page.locator("#table").get_attribute("data-phase"))
        if page.locator("[data-testid=ledger]").count():
            break
        _click_something(page)
    assert page.locator("[data-testid=ledger]").is_visible()
    assert {"I", "II", "III"} <= phases  # this deal reaches the stoppata with the learner in it
    nets = [page.inner_text(f"[data-testid=net-{i}]") for i in range(4)]
    assert sum(int(n.replace("\u2212", "-").replace("+", "")) for n in nets) == 0  # chips are conserved
    chips = [int(page.inner_text(f"[data-testid=chips-{i}]")) for i in range(4)]
    assert sum(chips) == 0
    narration = page.inner_text("[data-testid=narration]")
    assert "Stoppata!" in narration or "cancelled" in narration

    # A reload resumes the same table, at the same point.
    page.reload()
    assert page.locator("[data-testid=ledger]").is_visible()

    click_and_settle(page, page.get_by_role("button", name="Next deal"))
    assert "Deal 2 of 4" in page.inner_text(".table-bar__meta")
    assert page.locator("[data-testid=hand] svg.card").count() >= 3
