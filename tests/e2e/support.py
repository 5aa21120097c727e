"""What every browser test of a practice table does: click, then wait for the table to move on
and for the computer players, shown thinking one after the other, to hand the turn back; and
answer a puzzle."""
from neapolitan.scopa import Play


def script_errors(page) -> list[str]:
    """The errors the page's scripts report from now on (htmx's included, e.g. a trigger it cannot
    parse), and any uncaught exception; a refused request's "Failed to load resource" is not one:
    a 400 or 409 with its message is part of the site."""
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text)
            if message.type == "error" and not message.text.startswith("Failed to load resource") else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    return errors


def ply(page) -> str:
    return page.locator("#table").get_attribute("data-ply")


# htmx is done with the page: no request under way, and the content it swapped in is wired up
# (htmx marks new content `htmx-added` and binds its hx- attributes only after the settle delay;
# a click before then is the browser's own, a plain form post or link, not htmx's).
HTMX_IDLE = "() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling, .htmx-added')"


def settle(page) -> None:
    """Wait until no computer player is thinking (the learner's turn, or the table waits) and
    htmx is idle, so that the next click is htmx's and nothing swaps the table after it."""
    page.wait_for_selector("#table")
    page.wait_for_selector("[data-testid=thinking]", state="detached")
    page.wait_for_function(HTMX_IDLE)


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


def answer_puzzle(page, puzzle, *, right: bool = True) -> None:
    """Answer a puzzle as a learner would, by clicking: its solution, or (not `right`) the next
    best answer. A Scopa play is its card, then what it takes when the page asks."""
    answer = puzzle.solution if right else next(
        v["answer"] for v in puzzle.spec["verdicts"] if v["answer"] != puzzle.solution)
    if puzzle.game != "scopa":
        page.locator(f'[data-testid=choices] button[value="{answer}"]').click()
        page.locator("[data-testid=result]").wait_for()
        return
    play = Play.parse(answer)
    card = page.locator(f'[data-testid=hand] .card-button[data-card="{play.card}"]')
    if card.evaluate("el => el.tagName") == "A":  # a card with a choice of captures
        card.click()
        page.locator(".choice-panel").wait_for()
        takes = sorted(str(c) for c in play.captured)
        options = page.locator(".capture-option")
        for index in range(options.count()):
            if sorted(options.nth(index).get_attribute("data-takes").split()) == takes:
                options.nth(index).click()
                break
    else:
        card.click()
    page.locator("[data-testid=result]").wait_for()
