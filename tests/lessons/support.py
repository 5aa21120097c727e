"""Helpers for the lesson tests: find a step, answer it right or wrong (answers derived from the
engine, never from the page), walk a learner up to a step."""
from django.test import Client
from django.urls import reverse

from tutorials.lessons.models import Step
from tutorials.lessons.steps import STEP_KINDS


def interactive_step(game: str = "scopa") -> Step:
    return Step.objects.filter(lesson__game=game).exclude(kind="read").select_related("lesson").first()


def right_answer(step: Step) -> dict:
    """An answer the engine accepts, worked out by the engine (never read from the page)."""
    return STEP_KINDS[step.kind].answer_fields(step.in_language(), right=True)


def wrong_answer(step: Step) -> dict:
    return STEP_KINDS[step.kind].answer_fields(step.in_language(), right=False)


def go_to(client: Client, step: Step) -> None:
    """Answer every step before `step` correctly."""
    for earlier in step.lesson.steps.filter(number__lt=step.number):
        url = reverse("lesson_answer", args=[earlier.lesson.game, earlier.lesson.slug, earlier.number])
        client.post(url, right_answer(earlier) if earlier.kind != "read" else {})


def answer(client: Client, step: Step, data: dict, htmx: bool = True):
    url = reverse("lesson_answer", args=[step.lesson.game, step.lesson.slug, step.number])
    return client.post(url, data, **({"HTTP_HX_REQUEST": "true"} if htmx else {}))
