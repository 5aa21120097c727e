"""Step kinds: how a step is validated, shown (without its answer), and checked on the server.

Generic kinds live here; each game registers its own (e.g. tutorials/scopa/steps.py), whose
answers the rules engine computes, so content can never drift from the rules.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from django.http import QueryDict
from django.utils.translation import gettext as _

from neapolitan.cards import Card, parse_card, parse_cards
from neapolitan.errors import BadNotation

R = TypeVar("R")


class BadContent(ValueError):
    """A lesson file that cannot be used; the message says which field is wrong."""


class BadAnswer(ValueError):
    """A malformed or tampered answer: a 400, and progress is unchanged."""


# A right answer's explanation that opens with its own "Right:" (as many lesson files write them).
_SAYS_RIGHT = re.compile(r"\s*(right|correct)\s*[:!.,]\s*", re.IGNORECASE)


@dataclass(frozen=True)
class Verdict:
    correct: bool
    explanation: str
    solution: str = ""  # shown only after answering

    @property
    def why(self) -> str:
        """The explanation as the page shows it under its heading "Right!": without a "Right:"
        of its own, which would say it twice ("Right! Right: the Cavallo is worth 9.")."""
        if not self.correct or not (said := _SAYS_RIGHT.match(self.explanation)):
            return self.explanation
        rest = self.explanation[said.end():]
        return rest[:1].upper() + rest[1:]


class StepKind(Protocol):
    name: str
    interactive: bool
    template: str  # shows the question and the answer controls

    def validate(self, data: dict[str, Any]) -> None:
        """Raise BadContent if the step's data is unusable."""

    def context(self, data: dict[str, Any]) -> dict[str, Any]:
        """What the template shows: never the answer."""

    def check(self, data: dict[str, Any], answer: QueryDict) -> Verdict:
        """Judge the learner's answer; BadAnswer for a malformed one."""

    def expected(self, data: dict[str, Any]) -> Any:
        """The right answer, as the content file writes it in `answer` (for the content test)."""

    def answer_fields(self, data: dict[str, Any], right: bool = True) -> dict[str, Any]:
        """The form fields a learner posts for a right answer (or, with `right` False, a wrong
        one), worked out by the engine: for the tests and `make bench-web`, never for a page."""


STEP_KINDS: dict[str, StepKind] = {}


def register(kind: StepKind) -> StepKind:
    STEP_KINDS[kind.name] = kind
    return kind


def require(data: dict[str, Any], *fields: str) -> None:
    missing = [f for f in fields if f not in data or data[f] in ("", None)]
    if missing:
        raise BadContent(f"missing {', '.join(missing)}")


# -- reading a step's content and a learner's cards, for every game's kinds ----------------------
def cards_field(data: dict[str, Any], key: str) -> list[Card]:
    """The cards a content field writes ("7D 3C"); BadContent naming the field if one is not a card."""
    try:
        return parse_cards(str(data.get(key, "")))
    except BadNotation as error:
        raise BadContent(f"{key}: {error}") from None


def distinct_cards(*groups: Sequence[Card]) -> None:
    cards = [c for group in groups for c in group]
    if len(set(cards)) != len(cards):
        raise BadContent("a card appears twice in the position")


def rules_field(data: dict[str, Any], build: Callable[..., R], **fixed: Any) -> R:
    """The game's rules for a step: `build(**fixed, **data["rules"])`, the content's house-rule
    options (a TOML table) beside what the step itself fixes; BadContent if they are not usable."""
    options = data.get("rules", {})
    if not isinstance(options, dict):
        raise BadContent("rules: a table of options, like { name = value }")
    try:
        return build(**fixed, **options)
    except (BadNotation, TypeError, ValueError) as error:
        raise BadContent(f"rules: {error}") from None


def chosen_cards(answer: QueryDict, allowed: Sequence[Card], refusal: str) -> list[Card]:
    """The cards a learner tapped (`cards` fields), each once and each among `allowed`; else
    BadAnswer (`refusal` says which cards may be chosen)."""
    try:
        chosen = [parse_card(text) for text in answer.getlist("cards")]
    except BadNotation as error:
        raise BadAnswer(str(error)) from None
    if any(card not in allowed for card in chosen) or len(set(chosen)) != len(chosen):
        raise BadAnswer(refusal)
    return chosen


class ReadStep:
    """Text (and cards) to read; "Continue" moves on."""

    name = "read"
    interactive = False
    template = "lessons/steps/_read.html"

    def validate(self, data: dict[str, Any]) -> None:
        require(data, "text")

    def context(self, data: dict[str, Any]) -> dict[str, Any]:
        return {}

    def check(self, data: dict[str, Any], answer: QueryDict) -> Verdict:
        return Verdict(True, "")

    def expected(self, data: dict[str, Any]) -> Any:
        return None

    def answer_fields(self, data: dict[str, Any], right: bool = True) -> dict[str, Any]:
        return {}


class ChoiceStep:
    """Multiple choice: `options`, the index of the right one in `answer`, an explanation per option."""

    name = "choice"
    interactive = True
    template = "lessons/steps/_choice.html"

    def validate(self, data: dict[str, Any]) -> None:
        require(data, "prompt", "options", "hint", "explanations")
        options = data["options"]
        if not isinstance(options, list) or len(options) < 2:
            raise BadContent("a choice needs at least two options")
        if len(data["explanations"]) != len(options):
            raise BadContent("one explanation per option")
        if not isinstance(data.get("answer"), int) or not 0 <= data["answer"] < len(options):
            raise BadContent("answer must be the index of the right option")

    def context(self, data: dict[str, Any]) -> dict[str, Any]:
        return {"options": list(enumerate(data["options"]))}

    def check(self, data: dict[str, Any], answer: QueryDict) -> Verdict:
        try:
            chosen = int(answer.get("choice", ""))
        except ValueError:
            raise BadAnswer(_("Choose one of the answers.")) from None
        if not 0 <= chosen < len(data["options"]):
            raise BadAnswer(_("That answer is not one of the choices."))
        return Verdict(chosen == data["answer"], data["explanations"][chosen], data["options"][data["answer"]])

    def expected(self, data: dict[str, Any]) -> Any:
        return data["answer"]

    def answer_fields(self, data: dict[str, Any], right: bool = True) -> dict[str, Any]:
        chosen = data["answer"] if right else (data["answer"] + 1) % len(data["options"])
        return {"choice": str(chosen)}


register(ReadStep())
register(ChoiceStep())
