"""Browser tests: Playwright driving Debian's Chromium against Django's live server.

Without Chromium they are skipped with the reason, unless REQUIRE_BROWSER is set (CI), where a
missing browser is a failure.
"""
import os
import shutil
from collections.abc import Iterator

import pytest

from tests.e2e.support import script_errors

CHROMIUM = os.environ.get("CHROMIUM_PATH") or shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
# Playwright's sync API runs an event loop in this thread; the ORM calls made by the test itself are safe.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


def _missing(reason: str) -> None:
    if os.environ.get("REQUIRE_BROWSER"):
        pytest.fail(f"Browser tests are required here, but {reason}")
    pytest.skip(f"{reason}; install Debian's chromium to run the browser tests")


@pytest.fixture(scope="session")
def browser() -> Iterator:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("the playwright package is not installed")
    if not os.path.exists(CHROMIUM):
        _missing(f"no Chromium at {CHROMIUM}")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def page(browser, live_server) -> Iterator:
    # An English-speaking browser whatever the machine's locale (the site follows Accept-Language).
    context = browser.new_context(viewport={"width": 1000, "height": 900}, base_url=live_server.url, locale="en-GB")
    page = context.new_page()
    page.set_default_timeout(15000)
    errors = script_errors(page)
    yield page
    context.close()
    assert not errors, f"the page's scripts reported errors: {errors[:5]}"
