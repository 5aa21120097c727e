"""A learner plays a whole game of Saltacavallo at the practice table, by clicking, to its end."""
import pytest

from tests.e2e.support import click_and_settle, deal

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def _click(page, testid: str) -> None:
    click_and_settle(page, page.locator(f"[data-testid={testid}]"))


def test_play_a_whole_game_from_three_lives_to_the_last_player(page):
    page.goto("/saltacavallo/play/")
    page.select_option("#id_opponents", "2")
    page.fill("#id_seed", "6")  # with two computer players this deal sends you out before the end
    deal(page)
    assert page.locator("[data-testid=ring] .salta-seat").count() == 3
    assert page.inner_text("[data-testid=your-lives]") == "3"

    went_out = False
    for _ in range(60):
        if page.locator("[data-testid=game-over]").count():
            break
        if page.locator("[data-testid=keep]").count():
            coach = page.locator("[data-testid=coach]")
            coach.locator("summary").click()
            assert "If you keep" in coach.inner_text()
            _click(page, "keep")
        elif page.locator("[data-testid=run]").count():
            went_out = True
            assert "out of lives" in page.inner_text("[data-testid=prompt]")
            page.reload()  # the table is kept on the server: a reload resumes it
            _click(page, "run")
        else:
            _click(page, "next")
    over = page.locator("[data-testid=game-over]")
    assert over.is_visible()
    assert went_out
    lives = [page.locator(f"[data-testid=lives-{s}] .salta-coin:not(.salta-coin--spent)").count() for s in range(3)]
    assert lives.count(0) == 2 and lives[0] == 0  # one player alive: the winner
    winner = max(range(3), key=lambda s: lives[s])
    pot = int(page.inner_text("[data-testid=pot]"))
    assert pot + lives[winner] == 9  # every life lost went into the pot
    assert f"Bot {winner} won the pot of {pot} chips!" in over.inner_text()
    assert page.get_by_role("link", name="New game").first.is_visible()
