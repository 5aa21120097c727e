"""For puzzles whose answers are named choices (card or stand, keep or swap, see or fold): the
answer read from the form, and the verdicts as rows for `puzzles/_choice_list.html`."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.http import QueryDict

from tutorials.lessons.steps import BadAnswer


@dataclass
class ChoiceOption:
    answer: str
    label: str
    value: float
    loss: float
    explanation: str
    best: bool
    chosen: bool


def choice_answer(post: QueryDict, labels: Mapping[str, Any], message: str) -> str:
    """The posted `choice` if it is one of `labels`; BadAnswer(message) (a 400) otherwise."""
    choice = post.get("choice", "").strip().lower()
    if choice not in labels:
        raise BadAnswer(message)
    return choice


def choice_options(spec: Any, chosen: str, labels: Mapping[str, Any]) -> list[ChoiceOption]:
    return [ChoiceOption(v.answer, str(labels[v.answer]), v.value, v.loss, spec.explain(v),
                         v.answer == spec.solution, v.answer == chosen) for v in spec.verdicts]
