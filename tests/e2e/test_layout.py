"""What the issue-17 walk saw on the screen, measured in the browser at a phone's 360 pixels and a
desktop's 1280: password fields as tall as the other inputs, "Progress" and "Log out" on one line,
a raised (selected) card clear of the label above it."""
import pytest
from django.contrib.auth.models import User
from django.core.management import call_command

from tests.e2e.support import deal
from tutorials.lessons.models import Step

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
WIDTHS = [360, 1280]


def _box(page, selector: str) -> dict:
    box = page.locator(selector).first.bounding_box()
    assert box, selector
    return box


@pytest.mark.parametrize("width", WIDTHS)
def test_password_fields_are_styled_like_the_username(page, width):
    page.set_viewport_size({"width": width, "height": 800})
    page.goto("/accounts/signup/")
    username, password = _box(page, "#id_username"), _box(page, "#id_password1")
    assert password["height"] == username["height"] >= 36
    assert password["width"] == username["width"]


@pytest.mark.parametrize("width", WIDTHS)
def test_progress_and_log_out_line_up_in_the_header(page, width):
    User.objects.create_user("ada", password="a long enough password 17")
    page.set_viewport_size({"width": width, "height": 800})
    page.goto("/accounts/login/")
    page.fill("#id_username", "ada")
    page.fill("#id_password", "a long enough password 17")
    page.locator("main").get_by_role("button", name="Log in").click()
    log_out = page.locator(".account-nav button")
    log_out.wait_for()
    progress = _box(page, ".account-nav a")
    button = log_out.bounding_box()
    assert (progress["y"], progress["height"]) == (button["y"], button["height"])


@pytest.mark.parametrize("width", WIDTHS)
def test_a_picked_card_rises_clear_of_the_label_above(page, width):
    call_command("sync_content", verbosity=0)
    step = Step.objects.filter(kind="capture", lesson__slug="capturing-a-single-card").order_by("number").first()
    assert all(s.kind == "read" for s in step.lesson.steps.filter(number__lt=step.number))
    page.set_viewport_size({"width": width, "height": 900})
    page.emulate_media(reduced_motion="reduce")  # no transition: the card is raised at once
    page.goto(f"/scopa/learn/{step.lesson.slug}/1/")
    for number in range(2, step.number + 1):  # Continue past the read steps, as a learner does
        page.get_by_role("button", name="Continue").click()
        page.wait_for_url(f"**/{number}/")
    label = _box(page, "fieldset.position__row legend.position__label")
    for pick in page.locator(".pick").all():
        pick.click()  # every card of the table raised in turn: ring included, none covers the label
        ring = pick.locator("svg.card").bounding_box()
        assert ring["y"] - 4 >= label["y"] + label["height"], (ring, label)
        pick.click()


def test_a_selected_card_of_the_hand_rises_clear_of_the_prompt(page):
    """Scopa a Quindici on a phone: a card that can take different cards is raised while the
    panel above asks which; it must not cover the line that says whose turn it is."""
    page.set_viewport_size({"width": 360, "height": 800})
    page.emulate_media(reduced_motion="reduce")
    page.goto("/scopa/play/")
    page.select_option("#id_variant", "QUINDICI")
    page.select_option("#id_opponent", "greedy")
    page.fill("#id_seed", "1")
    deal(page)
    page.locator("[data-testid=hand] a.card-button").first.click()  # this deal has such a card
    page.locator(".choice-panel").wait_for()
    selected = _box(page, "[data-testid=hand] .card-button--selected")
    prompt = _box(page, "[data-testid=hand] .hand__prompt")
    assert selected["y"] - 3 >= prompt["y"] + prompt["height"], (selected, prompt)


def test_a_teacher_s_pages_fit_a_phone_whatever_the_class_is_called(page):
    """A class name typed with no spaces breaks instead of widening the page; a long option of a
    list stays inside the screen."""
    from tutorials.classroom.models import Membership
    from tutorials.classroom.services import classroom_create, students_create, teacher_enable

    teacher = User.objects.create_user("teacher", password="a long enough password 17")
    teacher_enable(user=teacher)
    classroom = classroom_create(owner=teacher, name="Theclassofthethirdyearwithnospacesatallinitsname")
    students_create(classroom=classroom, names=["Anna Bianchi"])
    student = Membership.objects.filter(classroom=classroom).exclude(user=teacher).get()
    page.set_viewport_size({"width": 360, "height": 800})
    page.goto("/accounts/login/")
    page.fill("#id_username", "teacher")
    page.fill("#id_password", "a long enough password 17")
    page.locator("main").get_by_role("button", name="Log in").click()
    page.locator(".account-nav button").wait_for()
    base = f"/classes/{classroom.public_id}/"
    for url in ["/classes/", base, f"{base}students/{student.public_id}/", f"{base}table/", "/live/new/"]:
        page.goto(url)
        assert page.evaluate("document.documentElement.scrollWidth") <= 360, url
