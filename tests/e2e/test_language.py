"""Two languages in a real browser (issue 17): an Italian browser gets the site in Italian; the
header's switch, worked by keyboard alone, turns it to English and the choice stays; a table's
htmx moves keep the language."""
import pytest

from tests.e2e.axe import assert_accessible
from tests.e2e.support import click_and_settle

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def italian_page(browser, live_server):
    context = browser.new_context(viewport={"width": 1000, "height": 900}, base_url=live_server.url,
                                  locale="it-IT")
    page = context.new_page()
    page.set_default_timeout(15000)
    yield page
    context.close()


def _tab_to(page, name: str, limit: int = 30) -> None:
    """Press Tab until the focused element is the button called `name`."""
    for _press in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.textContent.trim()") == name:
            return
    raise AssertionError(f"{name} cannot be reached with the keyboard")


def test_an_italian_browser_then_the_switch_by_keyboard(italian_page):
    page = italian_page
    page.goto("/stoppa/rules/")
    assert page.locator("html").get_attribute("lang") == "it"
    page.get_by_role("heading", name="Come si gioca a Stoppa", level=1).wait_for()
    assert_accessible(page)

    _tab_to(page, "English")
    page.keyboard.press("Enter")
    page.get_by_role("heading", name="How to play Stoppa", level=1).wait_for()  # the same page, in English
    assert page.url.endswith("/stoppa/rules/") and page.locator("html").get_attribute("lang") == "en"
    assert_accessible(page)

    page.goto("/")  # remembered on every page, whatever the browser says
    page.get_by_role("heading", name="Learn the Neapolitan card games").wait_for()
    _tab_to(page, "Italiano")
    page.keyboard.press("Enter")
    page.get_by_role("heading", name="Impara i giochi di carte napoletane").wait_for()


def test_a_table_keeps_its_language_through_htmx_moves(italian_page):
    page = italian_page
    page.goto("/scopa/play/")
    page.select_option("#id_variant", "SCOPA_2P")
    page.select_option("#id_opponent", "greedy")
    page.fill("#id_seed", "11")
    page.get_by_role("button", name="Distribuisci le carte").click()
    page.get_by_text("Tocca a te: gioca una carta.").wait_for()
    card = page.locator("[data-testid=hand] .card-button").first
    if card.evaluate("el => el.tagName") == "A":  # a card with a choice of captures: take the first
        card.click()
        page.locator(".choice-panel").wait_for()
        card = page.locator(".capture-option").first
    click_and_settle(page, card)
    page.get_by_text("Tocca a te: gioca una carta.").wait_for()  # the swapped-in table, still Italian
    assert "Your turn" not in page.locator("#table").inner_text()
    assert_accessible(page)
