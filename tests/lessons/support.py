"""Helpers for the lesson tests: find a step, answer it right or wrong (answers derived from the
engine, never from the page), walk a learner up to a step."""
from django.test import Client
from django.urls import reverse

from tutorials.lessons.models import Step
from tutorials.lessons.steps import STEP_KINDS


def interactive_step(game: str = "scopa") -> Step:
    return Step.objects.filter(lesson__game=game).exclude(kind="read").select_related("lesson").first()


def right_answer(step: Step) -> dict:
    """An answer the engine accepts, derived from the engine (never from the page)."""
    data, kind = step.data, step.kind
    expected = STEP_KINDS[kind].expected(data)
    if kind == "choice":
        return {"choice": str(expected)}
    if kind == "capture":
        first = expected.split("|")[0]
        return {"cards": first.split("+")} if first else {"nothing": "1"}
    if kind == "sweep":
        return {"card": expected.split()[0]}
    if kind == "primiera":
        return {"value": str(expected)}
    if kind == "points":
        return expected
    raise AssertionError(kind)


def wrong_answer(step: Step) -> dict:
    right = right_answer(step)
    if step.kind == "choice":
        return {"choice": str((int(right["choice"]) + 1) % len(step.data["options"]))}
    if step.kind == "primiera":
        return {"value": "1" if right["value"] != "1" else "2"}
    if step.kind == "points":
        return {k: ("none" if v != "none" else "0") for k, v in right.items()}
    if step.kind == "sweep":
        return {"card": "none"} if right["card"] != "none" else {"card": step.data["hand"].split()[0]}
    return {"nothing": "1"} if "cards" in right else {"cards": step.data["table"].split()[:1]}


def go_to(client: Client, step: Step) -> None:
    """Answer every step before `step` correctly."""
    for earlier in step.lesson.steps.filter(number__lt=step.number):
        url = reverse("lesson_answer", args=[earlier.lesson.game, earlier.lesson.slug, earlier.number])
        client.post(url, right_answer(earlier) if earlier.kind != "read" else {})


def answer(client: Client, step: Step, data: dict, htmx: bool = True):
    url = reverse("lesson_answer", args=[step.lesson.game, step.lesson.slug, step.number])
    return client.post(url, data, **({"HTTP_HX_REQUEST": "true"} if htmx else {}))
