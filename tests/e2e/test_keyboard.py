"""Keyboard only (Tab, Enter and Space, never the mouse), issue 17: a whole hand of Scopa, where
after every move the focus is back where the next action is (the hand, the choice of captures,
"Deal the next hand"), not at the top of the page, and every move of the computer player is read
out from the live region; and puzzles answered, the choice of captures included."""
import pytest

from neapolitan.scopa import Play
from tests.conftest import starter_specs
from tests.e2e.support import settle
from tests.puzzles.support import needs_choice
from tutorials.puzzles.models import Puzzle
from tutorials.puzzles.services import puzzles_store

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

FOCUSED = """() => {
  const el = document.activeElement;
  if (!el || el === document.body) return "none";
  if (el.closest("[data-testid=hand]")) return "hand";
  if (el.closest(".choice-panel")) return "choice";
  return el.textContent.trim() || el.tagName;
}"""


def _focused(page) -> str:
    return page.evaluate(FOCUSED)


def _tab_to(page, matches: str, limit: int = 60) -> int:
    """Press Tab until the focused element matches the CSS selector; how many presses it took."""
    for presses in range(1, limit + 1):
        page.keyboard.press("Tab")
        if page.evaluate(f"() => !!document.activeElement && document.activeElement.matches({matches!r})"):
            return presses
    raise AssertionError(f"Tab never reached {matches}")


def _wait_for_focus(page, where: str) -> None:
    """htmx hands the new content over a moment after the swap: wait for the focus to land
    `where` ("hand", "choice", or the focused control's text); fails if it lands elsewhere."""
    try:
        page.wait_for_function(f"(where) => ({FOCUSED})() === where", arg=where, timeout=5000)
    except Exception:
        raise AssertionError(f"the focus is on {_focused(page)!r}, not {where!r}") from None


def _announced(page) -> list[str]:
    return [line.strip() for line in page.get_by_test_id("announcer").locator("p").all_inner_texts()]


def _wait_until_announced(page, lines: list[str]) -> None:
    """The live region is filled a moment after the swap (and after the focus moves): give it up to
    5 s on a loaded machine; the caller's assertion says what is missing if it never comes."""
    script = ("(lines) => { const said = [...document.querySelectorAll('[data-testid=announcer] p')]"
              ".map(p => p.innerText.trim()); return JSON.stringify(said.slice(-lines.length)) === JSON.stringify(lines); }")
    try:
        page.wait_for_function(script, arg=lines, timeout=5000)
    except Exception:  # noqa: BLE001 (the assertion that follows reports it)
        pass


def _narration(page) -> list[str]:
    return [line.strip() for line in page.locator("[data-testid=narration] li").all_inner_texts()]


def test_a_whole_hand_of_scopa_by_keyboard(page):
    page.goto("/scopa/play/")
    _tab_to(page, "main button[type=submit]")  # the form's defaults: Scopa, two players
    page.keyboard.press("Enter")
    settle(page)
    _tab_to(page, "[data-testid=hand] .card-button")

    for move in range(40):
        if page.locator("[data-testid=hand-end]").count():
            break
        before = page.locator("#table").get_attribute("data-ply")
        link = page.evaluate("() => document.activeElement.tagName === 'A'")  # a card that asks which capture
        page.keyboard.press("Enter" if link or move % 2 else "Space")  # a button takes either key
        page.wait_for_function(
            f"() => document.querySelector('#table').dataset.ply !== '{before}' || document.querySelector('.choice-panel')")
        if page.locator(".choice-panel").count():
            _wait_for_focus(page, "choice")  # the first capture, not the top of the page
            page.keyboard.press("Enter")
            page.wait_for_function(f"() => document.querySelector('#table').dataset.ply !== '{before}'")
        settle(page)
        _wait_for_focus(page, "Deal the next hand" if page.locator("[data-testid=hand-end]").count() else "hand")
        lines = _narration(page)[-6:]
        _wait_until_announced(page, lines)
        assert _announced(page)[-len(lines):] == lines  # every move since ours, read out once each

    assert page.get_by_test_id("hand-end").is_visible()
    page.keyboard.press("Enter")  # on "Deal the next hand"
    page.wait_for_selector("[data-testid=hand-end]", state="detached")
    settle(page)
    _wait_for_focus(page, "hand")
    assert "Hand 2" in page.inner_text(".table-bar__meta")


def test_puzzles_answered_by_keyboard(page):
    specs = starter_specs("scopa")
    choice = next(s for s in specs if needs_choice(s))
    puzzles_store(game="scopa", specs=[choice])
    puzzles_store(game="settemezzo", specs=starter_specs("settemezzo")[:1])
    puzzle = Puzzle.objects.get(game="scopa")
    play = Play.parse(puzzle.solution)

    page.goto(f"/scopa/puzzles/{puzzle.pk}/")
    _tab_to(page, f'[data-testid=hand] .card-button[data-card="{play.card}"]')
    page.keyboard.press("Enter")  # a card that can take different cards: the page asks which
    page.locator(".choice-panel").wait_for()
    _wait_for_focus(page, "choice")
    takes = " ".join(sorted(str(c) for c in play.captured))
    for _ in range(10):
        focused = page.evaluate("() => document.activeElement.dataset.takes || ''")
        if " ".join(sorted(focused.split())) == takes:
            break
        page.keyboard.press("Tab")
    page.keyboard.press("Space")
    page.locator("[data-testid=result]").wait_for()
    assert "Right!" in page.inner_text("[data-testid=verdict]")
    _wait_for_focus(page, "Next puzzle →")
    assert "Right! That is the best answer." in _announced(page)

    other = Puzzle.objects.get(game="settemezzo")
    page.goto(f"/settemezzo/puzzles/{other.pk}/")
    _tab_to(page, f'[data-testid=choices] button[value="{other.solution}"]')
    page.keyboard.press("Enter")
    page.locator("[data-testid=result]").wait_for()
    assert "Right!" in page.inner_text("[data-testid=verdict]")
