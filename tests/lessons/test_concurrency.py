"""The same lesson answer posted several times at once counts once, and no response is a server
error (on SQLite and on PostgreSQL, which CI both runs)."""
import pytest
from django.test import Client
from django.urls import reverse

from tests.concurrency import assert_no_server_error, post_together
from tests.lessons.support import go_to, interactive_step, right_answer, wrong_answer
from tutorials.lessons.models import LessonProgress

pytestmark = pytest.mark.django_db(transaction=True)


def _url(step) -> str:
    return reverse("lesson_answer", args=[step.lesson.game, step.lesson.slug, step.number])


def test_a_wrong_answer_posted_at_once_is_one_mistake(content):
    client = Client()
    step = interactive_step()
    go_to(client, step)
    responses = post_together(client, _url(step), wrong_answer(step), HTTP_HX_REQUEST="true")
    assert_no_server_error(responses)
    assert all("Not quite" in r.content.decode() for r in responses)
    progress = LessonProgress.objects.get(lesson=step.lesson)
    assert (progress.step, progress.mistakes) == (step.number, 1)


def test_a_right_answer_posted_at_once_moves_on_one_step(content):
    client = Client()
    step = interactive_step()
    go_to(client, step)
    responses = post_together(client, _url(step), right_answer(step), HTTP_HX_REQUEST="true")
    assert_no_server_error(responses)
    assert all("Right!" in r.content.decode() for r in responses)
    progress = LessonProgress.objects.get(lesson=step.lesson)
    assert (progress.step, progress.mistakes) == (step.number + 1, 0)
