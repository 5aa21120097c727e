"""A lesson's steps as questions of a live session: each phone shows the step as the lesson does
(its text, its cards and its own answer controls), and the step's kind judges the answer, as in
the lesson. A step's answer is right or wrong: a right one gives nothing away, a wrong one all a
question's points (`LOSS_WRONG`).

An answer is kept as the form fields the step posted, in a fixed order and URL-encoded
("cards=3C&cards=7D"), so that equal answers are counted together in the spread and a retry is
recognised; the kind judges it again from that text (`QueryDict(answer)`).
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any
from urllib.parse import urlencode

from django.http import QueryDict
from django.utils.translation import gettext as _

from neapolitan.cards import parse_card
from neapolitan.errors import BadNotation
from tutorials.core.games import GAMES_BY_SLUG
from tutorials.lessons.languages import active_language, step_in, text_in
from tutorials.lessons.models import Lesson, Step
from tutorials.lessons.steps import STEP_KINDS, StepKind, Verdict

SOURCE = "lesson"
LOSS_WRONG = 1.0
NOT_ANSWERS = ("csrfmiddlewaretoken", "live_question")  # fields of the live form, not of the step
MAX_ANSWER = 200  # characters of the encoded fields (LiveAnswer.answer's length)


def spec_of(step: Step) -> dict[str, Any]:
    """What a live question keeps of a step: its data in every language (the step's file may
    change later; the session's report must not), and the right answer as the host reads it."""
    kind = STEP_KINDS[step.kind]
    data = step.in_language()
    fields = fields_query(kind.answer_fields(data, right=True))
    spec = {"source": SOURCE, "step_kind": step.kind, "data": step.data,
            "lesson": {"en": step.lesson.title_en, "it": step.lesson.title_it},
            "step": step.number, "rules_text": "", "position": "", "kind": step.kind,
            "question": step.lesson.title_en[:300], "verdicts": []}
    spec["right"] = answer_text(fields)
    spec["solution"] = solution(spec)
    return spec


def solution(spec: dict[str, Any]) -> str:
    """The right answer in words, in the active language."""
    return verdict(spec, spec["right"]).solution or words(spec, spec["right"])


def words(spec: dict[str, Any], answer: str) -> str:
    """An answer in words: the option chosen, the values typed, or the cards tapped by name."""
    text, cards = label(spec, answer)
    return text or " ".join(card.italian_name for card in cards)


def fields_query(fields: dict[str, Any]) -> QueryDict:
    """Form fields as a step kind's `answer_fields` gives them (a value or a list), as posted."""
    query = QueryDict(mutable=True)
    for key, value in fields.items():
        query.setlist(key, value if isinstance(value, list) else [value])
    return query


def interactive_steps(lesson: Lesson) -> list[Step]:
    """The steps of a lesson that ask something, in order (reading steps have no answer)."""
    return [s for s in lesson.steps.order_by("number") if STEP_KINDS[s.kind].interactive]


def is_step(spec: dict[str, Any]) -> bool:
    return spec.get("source") == SOURCE


def kind_of(spec: dict[str, Any]) -> StepKind:
    return STEP_KINDS[spec["step_kind"]]


def data_in(spec: dict[str, Any], language: str | None = None) -> dict[str, Any]:
    """The step's data with its texts in `language` (the active one by default)."""
    return step_in(spec["data"], language or active_language())


def shown(spec: dict[str, Any], game: str) -> dict[str, Any]:
    """What the page reads of the step (never its answer): its title, `data` and `question` as
    the step's template reads them, its kind and the game."""
    data = data_in(spec)
    title = data.get("title") or text_in(spec["lesson"], active_language())
    return {"title": title, "data": data, "question": kind_of(spec).context(data), "kind": kind_of(spec),
            "game": GAMES_BY_SLUG[game]}


def answer_text(posted: QueryDict) -> str:
    """The step's fields of a post, in a fixed order, as one text (empty when there are none)."""
    pairs = sorted((key, value) for key in posted if key not in NOT_ANSWERS for value in posted.getlist(key))
    return urlencode(pairs)


def verdict(spec: dict[str, Any], answer: str) -> Verdict:
    """The step kind's verdict of an answer (in the active language); BadAnswer for one it cannot read."""
    return kind_of(spec).check(data_in(spec), QueryDict(answer))


def judge(spec: dict[str, Any], answer: str) -> tuple[bool, float]:
    """Whether the answer is right, and the value it gives away. ValueError (BadAnswer) when the
    step cannot read it."""
    right = verdict(spec, answer).correct
    return right, 0.0 if right else LOSS_WRONG


def label(spec: dict[str, Any], answer: str) -> tuple[str, tuple]:
    """An answer as people read it: the option chosen, the cards tapped (as cards), or the values
    typed; ("", cards) when every value is a card."""
    query = QueryDict(answer)
    options = data_in(spec).get("options")
    if "choice" in query and isinstance(options, list) and query["choice"].isascii() and query["choice"].isdigit():
        index = int(query["choice"])
        if 0 <= index < len(options):
            return str(options[index]), ()
    values = [v for key in query for v in query.getlist(key) if key not in ("nothing", "nobody")]
    cards = _cards(values)
    if cards and len(cards) == len(values):
        return "", cards
    words = [*values, *([_("nothing")] if "nothing" in query else []), *([_("nobody")] if "nobody" in query else [])]
    return ", ".join(words) or _("(empty)"), ()


def _cards(values: Iterable[str]) -> tuple:
    try:
        return tuple(parse_card(v) for v in values)
    except (BadNotation, ValueError):
        return ()
