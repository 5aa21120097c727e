"""axe-core at every practice table, at every kind of moment of a hand (issue 17): the deal, a
choice of captures, each betting phase, the stake chips, the pauses after a contest, the end of the
hand with its score; on a phone's 360-pixel screen, with the coach unfolded. The table is played by
taking, each time, the action the keyboard focus lands on next, and after each the focus must be
on a control of the table, not back at the top of the page."""
import pytest

from tests.e2e.axe import serious_problems
from tests.e2e.support import ply, settle

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

# The form's choices for each table (select id -> value), in the order the page shows them.
SETUPS = {
    "scopa-2p": ("scopa", {"variant": "SCOPA_2P", "opponent": "greedy"}),
    "scopa-quindici": ("scopa", {"variant": "QUINDICI", "opponent": "greedy"}),
    "scopone": ("scopa", {"variant": "SCOPONE_SCIENTIFICO", "opponent": "greedy"}),
    "settemezzo-punter": ("settemezzo", {"role": "punter", "opponent": "simple"}),
    "settemezzo-dealer": ("settemezzo", {"role": "dealer", "opponent": "simple"}),
    "settemezzo-draw": ("settemezzo", {"role": "draw", "opponent": "simple"}),
    "stoppa": ("stoppa", {"players": "4", "opponent": "quick"}),
    "saltacavallo": ("saltacavallo", {"opponents": "4"}),
}
# Where the focus goes after a move (static/js/site.js, NEXT_ACTION), first match wins.
NEXT_ACTION = ["[data-next-action]", "[autofocus]", ".capture-option", "[data-testid=hand] .card-button",
               "form:not(.thinking) button:not([disabled])"]
FOCUS_ON_A_CONTROL = """() => {
  const t = document.getElementById("table"), el = document.activeElement;
  return !!t && t.contains(el) && (el.matches("button, a, select, input") || !t.querySelector("button:not([disabled])"));
}"""
MOMENT = """() => {
  const t = document.getElementById("table");
  const has = (s) => t.querySelector(s) ? s : "";
  const verbs = [...t.querySelectorAll("[data-action], [data-testid]")]
    .map((e) => (e.dataset.action || e.dataset.testid).split(/[ \\d-]/)[0]);
  return [t.dataset.phase || "", has(".choice-panel"), has("[data-testid=hand-end]"), has("[data-testid=result]"),
          has(".sette-stakes"), ...new Set(verbs)].join("|");
}"""


def _next_action(page):
    choosing = page.locator("#table [data-testid=hand] a.card-button")  # a card with a choice of captures
    if choosing.count() and not page.locator("#table .choice-panel").count():
        return choosing.first
    for selector in NEXT_ACTION:
        found = page.locator(f"#table {selector}")
        if found.count():
            return found.first
    return None


def _act(page, locator) -> None:
    """Take one action and wait until the table has answered it (a choice of captures opens a
    panel without moving the table on)."""
    before = ply(page)
    locator.click()
    page.wait_for_function(f"""() => {{
        const t = document.getElementById("table");
        return t && (t.dataset.ply !== "{before}" || t.querySelector(".choice-panel"));
    }}""")
    settle(page)


@pytest.mark.parametrize("setup", list(SETUPS))
def test_no_serious_violation_at_any_moment_of_a_table(page, setup):
    game, choices = SETUPS[setup]
    page.set_viewport_size({"width": 360, "height": 800})
    page.goto(f"/{game}/play/")
    for name, value in choices.items():
        page.select_option(f"#id_{name}", value)
    page.fill("#id_seed", "17")
    page.get_by_role("button", name="Deal the cards").click()
    settle(page)

    problems, moments = [], set()
    for _ in range(80):
        moment = page.evaluate(MOMENT)
        if moment not in moments:
            moments.add(moment)
            problems += [f"{setup} at {moment}: {p}" for p in serious_problems(page, unfold=True)]
        if page.locator("#table [data-testid=hand-end]").count():
            break
        action = _next_action(page)
        if action is None:
            break
        _act(page, action)
        # the keyboard stays at the table, on what to do next, not at the top of the page
        page.wait_for_function(FOCUS_ON_A_CONTROL)
    assert len(moments) >= 2, moments
    assert not problems, "\n".join(problems)
