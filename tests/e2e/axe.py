"""axe-core in the browser tests: the serious and critical violations on the page now."""
from axe_playwright_python.sync_playwright import Axe

AXE = Axe()  # the axe-core build packaged with axe-playwright-python: nothing is fetched


def serious_problems(page) -> list[str]:
    violations = AXE.run(page).response["violations"]
    return [
        f"{page.url} {v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:3]}"
        for v in violations if v["impact"] in ("serious", "critical")
    ]


def assert_accessible(page) -> None:
    problems = serious_problems(page)
    assert not problems, "\n".join(problems)
