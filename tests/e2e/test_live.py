"""A live class in one browser: the host's screen (a projector, 1280×720) and three phones (360
px). They join with the PIN and a generated name, answer three questions (Scopa, Sette e Mezzo,
Stoppa), see the reveal and the leaderboard; the host opens the report and its CSV. A session
started from a class: its students join as themselves. Every screen passes axe."""
from __future__ import annotations

import os
import re

import pytest
from django.contrib.auth import get_user_model

from tests.conftest import starter_specs
from tests.e2e.axe import assert_accessible
from tests.e2e.support import script_errors
from tests.live.support import make_session
from tutorials.classroom.services import classroom_create, students_create, teacher_enable
from tutorials.live.models import LiveQuestion
from tutorials.puzzles.models import Puzzle
from tutorials.puzzles.services import puzzles_store

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
ANSWERED = "[data-testid=received], [data-testid=outcome]"
SHOTS = os.environ.get("LIVE_SCREENSHOTS", "")  # a folder: keep pictures of the screens to look at


def _shot(page, name: str) -> None:
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"{name}.png"), full_page=False)


def _session(settings):
    settings.LIVE_POLL_MS = 300
    for game in ("scopa", "settemezzo", "stoppa"):
        puzzles_store(game=game, specs=starter_specs(game)[:1])
    host = get_user_model().objects.create_user("teacher", password="pw-teacher-1")
    teacher_enable(user=host)
    puzzles = [Puzzle.objects.get(game=g) for g in ("scopa", "settemezzo", "stoppa")]
    return make_session(host, puzzles, title="Year 9", seconds=120)


def test_a_live_class_of_three(browser, live_server, settings):
    session = _session(settings)
    projector = browser.new_context(viewport={"width": 1280, "height": 720}, base_url=live_server.url)
    host = projector.new_page()
    host.set_default_timeout(15000)
    errors = script_errors(host)  # htmx's complaints, e.g. a polling trigger it cannot read
    host.goto("/accounts/login/")
    host.fill("input[name=username]", "teacher")
    host.fill("input[name=password]", "pw-teacher-1")
    host.locator("form button[type=submit]").last.click()
    host.goto(f"/live/h/{session.public_id}/")
    pin = host.get_by_test_id("pin").inner_text().replace(" ", "")
    assert pin == session.pin
    assert host.locator(".live-qr svg[role=img]").count() == 1
    assert_accessible(host)

    phones = []
    for n in range(3):
        context = browser.new_context(viewport={"width": 360, "height": 740}, base_url=live_server.url)
        phone = context.new_page()
        phone.set_default_timeout(15000)
        errors += script_errors(phone) if n == 0 else []
        phone.goto("/live/join/")
        phone.fill("#pin", pin)
        phone.get_by_role("button", name="Join").click()
        if n == 0:
            assert_accessible(phone)
        phone.locator(".live-name").first.click()
        phone.get_by_test_id("waiting").wait_for()
        phones.append(phone)
    assert_accessible(phones[0])
    host.locator("[data-testid=players] li").nth(2).wait_for()
    _shot(host, "host-lobby-1280")
    host.get_by_role("button", name="Start").click()

    for number, question in enumerate(session.questions.order_by("number")):
        verdicts = question.spec["verdicts"]
        choices = [question.spec["solution"], verdicts[-1]["answer"], verdicts[-1]["answer"]]
        host.get_by_test_id("countdown").wait_for()
        for n, phone in enumerate(phones):
            phone.get_by_test_id("options").wait_for()
            if n == 0 and number == 0:
                assert_accessible(phone)
                _shot(phone, "phone-question-360")
            phone.locator(f'button.live-option[data-answer="{choices[n]}"]').click()
            phone.locator(ANSWERED).first.wait_for()  # the last to answer sees the reveal at once
        if number == 0:
            assert_accessible(host)  # the question on the projector (the reveal may come any moment)
        host.get_by_test_id("spread").wait_for()  # everyone answered: revealed at once
        assert host.locator(f'[data-testid=spread] li[data-answer="{question.spec["solution"]}"]').get_attribute("data-count") == "1"
        assert host.locator("[data-testid=verdicts]").count() == 1
        for phone in phones:
            phone.get_by_test_id("outcome").wait_for()
        assert "Best answer!" in phones[0].get_by_test_id("outcome").inner_text()
        assert "You are number 1 of 3" in phones[0].get_by_test_id("rank").inner_text()
        if number == 0:
            assert_accessible(host)
            assert_accessible(phones[1])
            _shot(host, "host-reveal-1280")
            _shot(phones[1], "phone-reveal-360")
        host.get_by_role("button", name=re.compile("Next question|Final results")).click()

    host.get_by_role("heading", name="Final leaderboard").wait_for()
    board = host.get_by_test_id("board").inner_text()
    assert board.index("3000") < board.index("0")
    for phone in phones:
        phone.get_by_test_id("finished").wait_for()
    assert "3000 points: number 1 of 3" in phones[0].get_by_test_id("rank").inner_text()
    assert_accessible(phones[0])
    host.get_by_role("link", name="The report").click()
    host.get_by_test_id("report").wait_for()
    assert_accessible(host)
    csv = host.request.get(f"/live/h/{session.public_id}/report.csv")
    assert csv.ok and len(csv.text().strip().splitlines()) == 1 + 3 * 3
    assert not errors, errors
    projector.close()
    for phone in phones:
        phone.context.close()


def test_the_projector_at_1920_and_a_phone_that_reloads(browser, live_server, settings):
    session = _session(settings)
    projector = browser.new_context(viewport={"width": 1920, "height": 1080}, base_url=live_server.url)
    host = projector.new_page()
    host.goto("/accounts/login/")
    host.fill("input[name=username]", "teacher")
    host.fill("input[name=password]", "pw-teacher-1")
    host.locator("form button[type=submit]").last.click()
    host.goto(f"/live/h/{session.public_id}/")
    phone = browser.new_context(viewport={"width": 360, "height": 740}, base_url=live_server.url).new_page()
    phone.goto(f"/live/join/{session.pin}/")
    phone.locator(".live-name").first.click()
    name = phone.locator(".live-play__who strong").inner_text()
    host.locator("[data-testid=players] li").first.wait_for()
    host.get_by_role("button", name="Start").click()
    host.get_by_test_id("countdown").wait_for()
    _shot(host, "host-question-1920")
    assert_accessible(host)
    phone.get_by_test_id("options").wait_for()
    phone.locator("button.live-option").first.click()
    host.get_by_test_id("spread").wait_for()  # the only player answered: revealed at once
    phone.get_by_test_id("outcome").wait_for()
    before = phone.locator(".live-play__who").inner_text()
    phone.reload()  # back in under the same name, with the same points
    phone.get_by_test_id("outcome").wait_for()
    assert phone.locator(".live-play__who strong").inner_text() == name
    assert phone.locator(".live-play__who").inner_text() == before
    projector.close()
    phone.context.close()


def _projector_signed_in(browser, live_server):
    """The teacher's projector (1280×720), signed in."""
    projector = browser.new_context(viewport={"width": 1280, "height": 720}, base_url=live_server.url)
    host = projector.new_page()
    host.set_default_timeout(15000)
    host.goto("/accounts/login/")
    _log_in(host, "teacher", "pw-teacher-1")
    return projector, host


def _log_in(page, username: str, password: str) -> None:
    """Fill in the log-in form the page shows, and send it."""
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", password)
    page.locator("form button[type=submit]").last.click()


def test_a_class_joins_its_teachers_session_as_itself(browser, live_server, settings):
    """The teacher starts a session from the class page; one student finds it on her home page,
    another opens the PIN's link signed out, signs in and joins as himself; neither picks a name
    and no real name reaches the projector; a plain learner is refused; the report, read from the
    class page, names the students for their teacher."""
    settings.LIVE_POLL_MS = 300
    puzzles_store(game="scopa", specs=starter_specs("scopa")[:1])
    puzzle = Puzzle.objects.get()
    owner = get_user_model().objects.create_user("teacher", password="pw-teacher-1")
    teacher_enable(user=owner)
    classroom = classroom_create(owner=owner, name="5B")
    stella, marco = students_create(classroom=classroom, names=["Stella Rossi", "Marco Bianchi"])
    get_user_model().objects.create_user("leo", password="pw-leo-12345")

    projector, host = _projector_signed_in(browser, live_server)
    host.goto(f"/classes/{classroom.public_id}/")
    host.get_by_test_id("start-live").click()
    host.get_by_role("heading", name="New live session for 5B").wait_for()
    assert_accessible(host)
    host.fill("#id_count", "0")
    host.fill("#id_numbers", str(puzzle.pk))
    host.get_by_role("button", name="Open the lobby").click()
    host.get_by_test_id("class-session").wait_for()
    _shot(host, "host-class-lobby-1280")
    pin = host.get_by_test_id("pin").inner_text().replace(" ", "")

    phones = {}
    for card in (stella, marco):
        context = browser.new_context(viewport={"width": 360, "height": 740}, base_url=live_server.url)
        phone = context.new_page()
        phone.set_default_timeout(15000)
        phones[card.membership.sign_in_name] = phone
    her, him = phones["Stella R."], phones["Marco B."]
    her.goto("/accounts/login/")
    _log_in(her, stella.username, stella.password)
    her.get_by_test_id("live-now").wait_for()  # the home page: live now
    assert_accessible(her)
    _shot(her, "phone-live-now-360")
    her.get_by_test_id("live-now").get_by_role("button", name=re.compile("^Join")).click()
    her.get_by_test_id("waiting").wait_for()
    assert her.locator(".live-play__who strong").inner_text() == "Stella R."

    him.goto(f"/live/join/{pin}/")  # the QR code's link, signed out: log in first, then back
    _log_in(him, marco.username, marco.password)
    him.get_by_test_id("join-as-self").wait_for()
    assert him.locator("button[name=nickname]").count() == 0  # no names to pick
    assert_accessible(him)
    _shot(him, "phone-join-as-self-360")
    him.get_by_test_id("join-as-self").click()
    him.get_by_test_id("waiting").wait_for()
    assert him.locator(".live-play__who strong").inner_text() == "Marco B."

    stranger = browser.new_context(viewport={"width": 360, "height": 740}, base_url=live_server.url).new_page()
    stranger.goto("/accounts/login/")
    _log_in(stranger, "leo", "pw-leo-12345")
    stranger.wait_for_url(f"{live_server.url}/")
    refused = stranger.goto(f"/live/join/{pin}/")
    assert refused.status == 403 and "for the students of one class" in stranger.content()
    assert_accessible(stranger)
    _shot(stranger, "phone-not-in-the-class-360")
    stranger.context.close()

    host.locator("[data-testid=players] li").nth(1).wait_for()
    names = host.get_by_test_id("players").inner_text()
    assert "Stella R." in names and "Marco B." in names
    host.get_by_role("button", name="Start").click()
    question = LiveQuestion.objects.get(session__pin=pin)
    choices = {her: question.spec["solution"], him: question.spec["verdicts"][-1]["answer"]}
    for phone, choice in choices.items():
        phone.get_by_test_id("options").wait_for()
        phone.locator(f'button.live-option[data-answer="{choice}"]').click()
        phone.locator(ANSWERED).first.wait_for()
    host.get_by_test_id("spread").wait_for()  # both answered: revealed at once
    assert "Best answer!" in her.get_by_test_id("outcome").inner_text()
    host.get_by_role("button", name=re.compile("Final results")).click()
    host.get_by_role("heading", name="Final leaderboard").wait_for()
    for page in (host, her, him):
        for real in ("Rossi", "Bianchi"):
            assert real not in page.content(), real
    host.goto(f"/classes/{classroom.public_id}/")
    host.get_by_test_id("live-sessions").scroll_into_view_if_needed()
    _shot(host, "class-page-live-sessions-1280")
    host.get_by_test_id("live-sessions").get_by_role("link", name="report").click()
    host.get_by_test_id("report").wait_for()
    report = host.get_by_test_id("report").inner_text()
    assert "Stella Rossi" in report and "Marco Bianchi" in report  # the class's teachers know them by name
    assert_accessible(host)
    projector.close()
    for phone in (her, him):
        phone.context.close()


def _answer_step(phone, fields: dict) -> None:
    """Tap the cards of a capture step's answer and take them, or say it takes nothing."""
    if fields.get("nothing"):
        phone.get_by_role("button", name="It takes nothing").click()
        return
    for card in fields["cards"]:
        phone.locator(f'input[name=cards][value="{card}"]').check(force=True)
    phone.get_by_role("button", name="Take these cards").click()


def test_a_lessons_step_asked_live(browser, live_server, settings):
    """A step of a Scopa lesson: the phones tap cards as in the lesson, one right and one wrong;
    the projector shows the step with its controls shut, then every answer given and the right one."""
    from django.core.management import call_command

    from tutorials.lessons.models import Step
    from tutorials.live import lesson_steps, questions, services

    call_command("sync_content", verbosity=0)
    settings.LIVE_POLL_MS = 300
    step = Step.objects.filter(lesson__game="scopa", kind="capture").order_by("lesson__order", "number").first()
    host_user = get_user_model().objects.create_user("teacher", password="pw-teacher-1")
    teacher_enable(user=host_user)
    session = services.session_create(host=host_user, drafts=[questions.Draft("scopa", lesson_steps.spec_of(step))],
                                      seconds=120)
    right = lesson_steps.kind_of(session.questions.get().spec).answer_fields(step.in_language("en"), right=True)
    assert set(right) <= {"cards", "nothing"}
    projector, host = _projector_signed_in(browser, live_server)
    host.goto(f"/live/h/{session.public_id}/")
    phones = []
    for _n in range(2):
        phone = browser.new_context(viewport={"width": 360, "height": 740}, base_url=live_server.url).new_page()
        phone.set_default_timeout(15000)
        phone.goto(f"/live/join/{session.pin}/")
        phone.locator(".live-name").first.click()
        phone.get_by_test_id("waiting").wait_for()
        phones.append(phone)
    host.locator("[data-testid=players] li").nth(1).wait_for()
    host.get_by_role("button", name="Start").click()
    host.get_by_test_id("countdown").wait_for()
    assert host.locator(".live-step--shown input[name=cards]").first.is_disabled()
    assert_accessible(host)
    for phone in phones:
        phone.get_by_test_id("step").wait_for()
    assert_accessible(phones[0])
    _shot(phones[0], "phone-step-360")
    _answer_step(phones[0], right)
    phones[0].locator(ANSWERED).first.wait_for()
    _answer_step(phones[1], lesson_steps.kind_of(session.questions.get().spec).answer_fields(
        step.in_language("en"), right=False))
    host.get_by_test_id("spread").wait_for()
    assert host.locator("[data-testid=spread] li").count() == 2
    assert host.locator("[data-testid=spread] li.live-spread--best").get_attribute("data-count") == "1"
    assert host.get_by_test_id("solution").inner_text().strip()
    assert_accessible(host)
    _shot(host, "host-step-reveal-1280")
    phones[0].get_by_test_id("outcome").wait_for()
    assert "Best answer!" in phones[0].get_by_test_id("outcome").inner_text()
    assert "Not the best answer" in phones[1].get_by_test_id("outcome").inner_text()
    assert_accessible(phones[1])
    projector.close()
    for phone in phones:
        phone.context.close()
