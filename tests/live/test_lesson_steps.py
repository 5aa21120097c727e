"""A lesson's steps as live questions (issue 16): the host picks a lesson, each step that asks
something becomes a question; the phones show it as the lesson does, its own kind judges the
answer (right: full points; wrong: none), the reveal lists every answer given with the lesson's
verdict, and the report says each answer in words."""
from __future__ import annotations

import csv
import io

import pytest
from django.core.management import call_command
from django.urls import reverse

from tests.live.test_views import HTMX, host_client, host_move, joined, url
from tutorials.lessons.models import Lesson, Step
from tutorials.lessons.steps import STEP_KINDS
from tutorials.live import lesson_steps, questions, services
from tutorials.live.models import LiveAnswer, LiveQuestion, LiveSession


@pytest.fixture
def lessons(db) -> None:
    call_command("sync_content", verbosity=0)


def _lesson(game: str, slug_part: str) -> Lesson:
    return Lesson.objects.get(game=game, slug__contains=slug_part)


def _fields(question: LiveQuestion, right: bool) -> dict:
    """The step's form fields for a right (or a wrong) answer, as the step kind works them out."""
    data = lesson_steps.data_in(question.spec, "en")
    return lesson_steps.kind_of(question.spec).answer_fields(data, right=right)


def _post(phone, session: LiveSession, fields: dict):
    session.refresh_from_db()
    return phone.post(url("answer", session), {"live_question": session.current, **fields}, **HTMX)


def _session_of(client, lesson: Lesson) -> LiveSession:
    response = client.post(reverse("live:new"), {
        "game": "scopa", "rating_min": 0, "rating_max": 4000, "count": 0, "lesson": str(lesson.pk),
        "seconds": 30, "scoring": "value"})
    assert response.status_code == 302, response.content.decode()[:2000]
    return LiveSession.objects.get(public_id=response["Location"].rstrip("/").split("/")[-1])


def _one_step_of_each_kind(game: str) -> dict[str, Step]:
    """The first step of each asking kind in the game's lessons."""
    kinds: dict[str, Step] = {}
    for step in Step.objects.filter(lesson__game=game).order_by("lesson__order", "number"):
        if STEP_KINDS[step.kind].interactive:
            kinds.setdefault(step.kind, step)
    return kinds


# -- every step of every lesson ------------------------------------------------------------------
def test_every_asking_step_of_every_lesson_makes_a_question_its_kind_judges(lessons):
    """Right fields score as right and wrong ones as wrong, judged from the text kept for them."""
    steps = [s for s in Step.objects.select_related("lesson") if STEP_KINDS[s.kind].interactive]
    assert len(steps) > 200
    for step in steps:
        spec = lesson_steps.spec_of(step)
        kind = STEP_KINDS[step.kind]
        data = step.in_language("en")
        for right in (True, False):
            text = lesson_steps.answer_text(lesson_steps.fields_query(kind.answer_fields(data, right=right)))
            assert 0 < len(text) <= lesson_steps.MAX_ANSWER, step
            assert lesson_steps.judge(spec, text) == (right, 0.0 if right else lesson_steps.LOSS_WRONG), step
        assert spec["solution"], step


def test_a_lesson_asks_its_asking_steps_in_order_and_only_those(lessons):
    lesson = _lesson("scopa", "capturing-a-single")
    drafts = questions.from_lesson(lesson)
    asking = [s.number for s in lesson.steps.order_by("number") if STEP_KINDS[s.kind].interactive]
    assert [d.spec["step"] for d in drafts] == asking and len(asking) < lesson.steps.count()
    assert {d.game for d in drafts} == {"scopa"}


# -- a session of a lesson's steps ---------------------------------------------------------------
def test_a_lessons_session_right_and_wrong_answers_the_reveal_and_the_report(lessons, host):
    client = host_client(host)
    session = _session_of(client, _lesson("scopa", "capturing-a-single"))
    first = session.questions.get(number=0)
    assert lesson_steps.is_step(first.spec) and session.questions.count() == len(
        questions.from_lesson(_lesson("scopa", "capturing-a-single")))
    a, pa = joined(session)
    b, pb = joined(session)
    c, pc = joined(session)
    host_move(client, session, "start")

    phone = a.get(url("play", session))
    html = phone.content.decode()
    assert phone.status_code == 200 and 'data-testid="step"' in html and 'name="live_question"' in html
    right_why = lesson_steps.verdict(first.spec, lesson_steps.answer_text(
        lesson_steps.fields_query(_fields(first, right=True)))).why
    for page in (html, client.get(url("host", session)).content.decode()):
        assert right_why not in page  # nothing of the verdict before the reveal

    assert _post(a, session, _fields(first, right=True)).status_code == 200
    assert _post(a, session, _fields(first, right=False)).status_code == 200  # a retry: the first answer stands
    assert _post(b, session, _fields(first, right=False)).status_code == 200
    bad = _post(c, session, {"cards": "ZZ"})
    assert bad.status_code == 400 and "not understood" not in bad.content.decode()
    assert not LiveAnswer.objects.filter(player=pc).exists()

    mine = {x.player_id: x for x in LiveAnswer.objects.filter(question=first)}
    assert (mine[pa.pk].best, mine[pa.pk].points, mine[pb.pk].best, mine[pb.pk].points) == (True, 1000, False, 0)
    assert mine[pb.pk].loss == lesson_steps.LOSS_WRONG

    host_move(client, session, "reveal")
    page = client.get(url("host", session))
    given = page.context_data["given"]
    assert [(g.right, g.count) for g in given] == [(True, 1), (False, 1)]
    revealed = page.content.decode()
    assert 'data-testid="solution"' in revealed and right_why.split(".")[0] in revealed
    assert "Best answer!" in a.get(url("play", session)).content.decode()
    theirs = b.get(url("play", session)).content.decode()
    assert "Not the best answer" in theirs and "gave away" not in theirs  # right or wrong: no unit

    host_move(client, session, "finish")
    report = client.get(url("report", session)).content.decode()
    assert "cards=" not in report  # answers in words or card names, not form fields
    rows = list(csv.DictReader(io.StringIO(client.get(url("report_csv", session)).content.decode())))
    row = next(r for r in rows if r["player"] == pa.nickname and r["question"] == "1")
    assert row["best"] == "1" and row["answer"] and "=" not in row["answer"] and row["best answer"]


@pytest.mark.parametrize("game", ["scopa", "settemezzo", "stoppa", "saltacavallo"])
def test_every_step_kind_of_a_game_shows_on_the_phone_and_the_projector(lessons, host, game):
    """One step of each kind the game's lessons use, through question, answer and reveal."""
    kinds = _one_step_of_each_kind(game)
    drafts = [questions.Draft(game, lesson_steps.spec_of(s)) for s in kinds.values()]
    session = services.session_create(host=host, drafts=drafts)
    client = host_client(host)
    phone, player = joined(session)
    host_move(client, session, "start")
    for number, step in enumerate(kinds.values()):
        question = session.questions.get(number=number)
        assert client.get(url("host", session)).status_code == 200
        shown = phone.get(url("play", session))
        assert shown.status_code == 200 and 'data-testid="step"' in shown.content.decode(), step
        given = lesson_steps.fields_query(_fields(question, right=number % 2 == 0))
        services.answer_record(player=player, number=number, answer=lesson_steps.answer_text(given))
        host_move(client, session, "reveal")
        page = client.get(url("host", session))
        assert page.status_code == 200 and page.context_data["given"][0].right == (number % 2 == 0), step
        host_move(client, session, "next")


def test_the_form_refuses_a_lesson_that_is_not_there(lessons, host):
    client = host_client(host)
    response = client.post(reverse("live:new"), {
        "game": "scopa", "rating_min": 0, "rating_max": 4000, "count": 0, "lesson": "999999",
        "seconds": 30, "scoring": "value"})
    assert response.status_code == 400 and not LiveSession.objects.exists()


@pytest.mark.parametrize("game", ["scopa", "settemezzo", "stoppa", "saltacavallo"])
def test_odd_answers_to_every_step_kind_are_4xx_and_record_nothing(lessons, host, game):
    """The fuzz of issue 12 at the live answer: each step kind's fields, each odd value."""
    from tests.core.test_fuzz import ODD_VALUES

    kinds = _one_step_of_each_kind(game)
    drafts = [questions.Draft(game, lesson_steps.spec_of(s)) for s in kinds.values()]
    session = services.session_create(host=host, drafts=drafts, seconds=300)
    client = host_client(host)
    phone, player = joined(session)
    joined(session)  # who never answers: no question is revealed before the host moves on
    host_move(client, session, "start")
    for number, step in enumerate(kinds.values()):
        fields = {*STEP_KINDS[step.kind].answer_fields(step.in_language("en")), "cards", "choice", "number"}
        for field in sorted(fields):
            for value in ODD_VALUES:
                before = LiveAnswer.objects.filter(player=player).count()
                response = phone.post(url("answer", session), {"live_question": number, field: value}, **HTMX)
                assert response.status_code < 500, (number, field, value)
                if response.status_code >= 400:
                    assert LiveAnswer.objects.filter(player=player).count() == before
                LiveAnswer.objects.filter(player=player).delete()  # some odd values are answers: try on
        host_move(client, session, "reveal")
        host_move(client, session, "next")
