"""The Sette e Mezzo strategy lab in a browser: changing the rule redraws the figures in place
(htmx), the address follows, the keyboard reaches every control, the page works without
JavaScript, and axe finds no serious problem.

Until tutorials/urls.py routes /settemezzo/lab/, the test urlconf of tests/settemezzo/test_lab.py
(the site's urls plus the lab's) serves it.
"""
from fractions import Fraction

import pytest

from neapolitan.settemezzo import DealerPolicy, Rules
from neapolitan.settemezzo.strategy import optimal_ev, threshold_evs
from tests.e2e.axe import assert_accessible
from tutorials.settemezzo.lab import per_100

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def _ev(page) -> str:
    return page.inner_text("[data-testid=ev]").strip()


def test_changing_the_threshold_redraws_the_figures(page):
    evs5 = threshold_evs(Rules(), DealerPolicy(Fraction(5)))
    page.goto("/settemezzo/lab/")
    assert _ev(page) == per_100(evs5[10])
    assert page.locator("[data-testid=lab-chart] g[data-chosen=true]").get_attribute("data-stand") == "10"
    assert_accessible(page)

    page.evaluate("() => { window.__same_page = true }")
    page.select_option("#lab-stand", "5.5")
    page.wait_for_function(f"document.querySelector('[data-testid=ev]').textContent.trim() === '{per_100(evs5[11])}'")
    assert page.evaluate("() => window.__same_page === true")  # no reload
    assert "stand=5.5" in page.url
    assert page.locator("[data-testid=lab-chart] g[data-chosen=true]").get_attribute("data-stand") == "11"
    assert per_100(evs5[11]) in page.inner_text("[data-testid=lab-status]")

    page.select_option("#lab-dealer", "7")
    evs7 = threshold_evs(Rules(), DealerPolicy(Fraction(7)))
    page.wait_for_function(f"document.querySelector('[data-testid=ev]').textContent.trim() === '{per_100(evs7[11])}'")
    assert page.inner_text("[data-testid=optimal]").strip() == per_100(optimal_ev(Rules(), DealerPolicy(Fraction(7))))
    assert "dealer=7" in page.url
    page.locator("details.lab-numbers summary").click()
    assert_accessible(page)


def test_by_keyboard(page):
    evs = threshold_evs(Rules(), DealerPolicy(Fraction(5)))
    page.goto("/settemezzo/lab/?stand=3&dealer=5")
    page.locator("#lab-stand").focus()
    page.keyboard.press("ArrowDown")  # a closed select moves to the next option and fires change
    page.wait_for_function(f"document.querySelector('[data-testid=ev]').textContent.trim() === '{per_100(evs[7])}'")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "lab-dealer"


def test_without_javascript_the_form_submits(browser, live_server):
    context = browser.new_context(java_script_enabled=False, base_url=live_server.url,
                                  viewport={"width": 360, "height": 800})
    page = context.new_page()
    try:
        evs = threshold_evs(Rules(), DealerPolicy(Fraction(4)))
        page.goto("/settemezzo/lab/")
        page.select_option("#lab-stand", "6")
        page.select_option("#lab-dealer", "4")
        page.get_by_role("button", name="Work it out").click()
        page.wait_for_url("**/settemezzo/lab/?stand=6&dealer=4")
        assert _ev(page) == per_100(evs[12])
        assert page.evaluate("document.documentElement.scrollWidth") <= 360  # no sideways scrolling
    finally:
        context.close()


def test_bad_input_shows_a_message(page):
    response = page.goto("/settemezzo/lab/?stand=99")
    assert response.status == 400
    assert "Choose one in the list" in page.inner_text("[data-testid=error]")
    assert_accessible(page)
