"""axe-core in the browser tests: the serious and critical violations on the page now, and any
skipped heading level (axe calls that one moderate, issue 17 counts it as a barrier)."""
from axe_playwright_python.sync_playwright import Axe

AXE = Axe()  # the axe-core build packaged with axe-playwright-python: nothing is fetched
ALSO_FAILS = {"heading-order"}


def serious_problems(page, *, unfold: bool = False) -> list[str]:
    """What axe finds on the page as it is; with `unfold`, after opening every folded part
    (coach, hint, piles), whose contents axe skips while they are hidden."""
    if unfold:
        page.evaluate("() => document.querySelectorAll('details').forEach(d => { d.open = true; })")
    violations = AXE.run(page).response["violations"]
    return [
        f"{page.url} {v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:3]}"
        for v in violations if v["impact"] in ("serious", "critical") or v["id"] in ALSO_FAILS
    ]


def assert_accessible(page, *, unfold: bool = False) -> None:
    problems = serious_problems(page, unfold=unfold)
    assert not problems, "\n".join(problems)
