"""What every browser test of a practice table does: click, then wait for the table to move on
and for the computer players, shown thinking one after the other, to hand the turn back."""


def ply(page) -> str:
    return page.locator("#table").get_attribute("data-ply")


def settle(page) -> None:
    """Wait until no computer player is thinking: the learner's turn, or the table waits."""
    page.wait_for_selector("#table")
    page.wait_for_selector("[data-testid=thinking]", state="detached")


def click_and_settle(page, locator) -> None:
    """Click something that posts an action, and wait for every reply to it."""
    before = ply(page)
    locator.click()
    page.wait_for_selector(f'#table:not([data-ply="{before}"])')
    settle(page)


def deal(page) -> None:
    """Submit the new-table form and wait for the learner's turn."""
    page.get_by_role("button", name="Deal the cards").click()
    settle(page)
