"""A learner plays hands of Sette e Mezzo at the practice table, by clicking: as a punter with
the coach open, and as the dealer."""
import re

import pytest

from tests.e2e.support import click_and_settle, deal, ply

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def _chips(page) -> list[int]:
    return [int(t) for t in page.locator("[data-testid^=chips-]").all_inner_texts()]


def _new_table(page, role: str, seed: str) -> None:
    page.goto("/settemezzo/play/")
    page.select_option("#id_role", role)
    page.select_option("#id_players", "3")
    page.fill("#id_seed", seed)
    deal(page)


def test_play_a_hand_as_a_punter_with_the_coach(page):
    _new_table(page, "punter", "7")
    assert "Hand 1 of 10" in page.inner_text(".table-bar__meta")

    # Choose a stake of 2 chips: the buttons now say so, and nothing else moved.
    before = ply(page)
    page.locator(".sette-chip[data-stake='2']").click()
    page.wait_for_selector(".sette-chip--on[data-stake='2']")
    assert ply(page) == before
    assert "2 chips" in page.get_by_role("button", name=re.compile("Card")).inner_text()

    # The coach, folded away, shows the exact odds of each choice when opened.
    coach = page.locator("[data-testid=coach]")
    assert not coach.get_attribute("open")
    coach.locator("summary").click()
    options = page.locator("[data-testid=coach-options]")
    assert options.is_visible() and "best" in options.inner_text().lower()
    assert re.search(r"Bust: \d+ of \d+ cards", page.inner_text("[data-testid=coach-next]"))

    click_and_settle(page, page.get_by_role("button", name=re.compile("Card")))
    for _ in range(12):
        if page.locator("[data-testid=hand-end]").count():
            break
        click_and_settle(page, page.get_by_role("button", name=re.compile("Stand")))
    end = page.locator("[data-testid=hand-end]")
    assert end.is_visible() and "End of hand 1" in end.inner_text()
    assert sum(_chips(page)) == 300  # play chips only move between players

    review = page.locator("[data-testid=review]")
    review.locator("summary").click()
    assert "you chose" in review.inner_text()

    page.reload()  # the table is on the server: a reload resumes it
    assert page.locator("[data-testid=hand-end]").is_visible()

    click_and_settle(page, page.get_by_role("button", name="Deal the next hand"))
    assert "Hand 2 of 10" in page.inner_text(".table-bar__meta")


def test_play_a_hand_as_the_dealer(page):
    _new_table(page, "dealer", "21")
    for _ in range(10):
        if page.locator("[data-testid=hand-end]").count():
            break
        assert "dealer" in page.inner_text(".hand__prompt")
        click_and_settle(page, page.get_by_role("button", name=re.compile("Stand")))
    end = page.locator("[data-testid=hand-end]")
    assert end.is_visible()
    assert sum(_chips(page)) == 300
    assert "mazziere" in end.inner_text().lower()
