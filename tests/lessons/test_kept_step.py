"""A lesson step's page keeps the part every learner sees alike (tutorials.core.templatetags.memo):
it changes with the step's content and the language, and its form's CSRF token is each
learner's own."""
from __future__ import annotations

import re

import pytest
from django.test import Client

from tutorials.core.webbench import answer_url, right_answer, step_url
from tutorials.lessons.models import Step
from tutorials.lessons.steps import STEP_KINDS


def _first_read_step() -> Step:
    return next(s for s in Step.objects.select_related("lesson").order_by("lesson__game", "lesson__order", "number")
                if not STEP_KINDS[s.kind].interactive)


def test_content_loaded_again_shows_at_once(content, client):
    step = _first_read_step()
    assert "A sentence added while the site runs" not in client.get(step_url(step)).content.decode()
    step.data["text"] = {"en": "A sentence added while the site runs.", "it": "Una frase aggiunta."}
    step.save()
    assert "A sentence added while the site runs" in client.get(step_url(step)).content.decode()


def test_each_step_shows_its_own_text(content, client):
    steps = list(Step.objects.select_related("lesson").order_by("pk")[:6])
    pages = [client.get(step_url(step)).content.decode() for step in steps if step.number == 1]
    assert len(set(pages)) == len(pages)


@pytest.mark.parametrize("learner", ["first", "second"])
def test_the_kept_forms_token_works_for_each_learner(content, learner):
    """Two learners in turn read the first step (the second one's form comes from the kept part)
    and continue with the token in their own page, under the strict CSRF check."""
    step = _first_read_step()
    for _ in range(2):
        client = Client(enforce_csrf_checks=True)
        page = client.get(step_url(step)).content.decode()
        token = re.search(r'class="step__form".*?name="csrfmiddlewaretoken" value="([^"]+)"', page, re.S)[1]
        response = client.post(answer_url(step), {**right_answer(step), "csrfmiddlewaretoken": token})
        assert response.status_code == 302, learner
