"""The languages a lesson is written in, and a lesson's texts in one of them.

A lesson file writes every text a learner reads in each of LANGUAGES, side by side
(`title = { en = "…", it = "…" }`); what is not language (cards, answers, house rules) once. The
database keeps both, as the file has them; a page shows the active language's text, and English for
a language the lessons are not written in.
"""
from __future__ import annotations

from typing import Any

from django.utils.translation import get_language

LANGUAGES = ("en", "it")
ENGLISH = "en"
LANGUAGE_NAMES = {"en": "English", "it": "Italian"}

# The fields of a step that a learner reads, in any step kind: a table of one text per language
# (`options` and `explanations`: one list per language, as long as each other).
TEXT_FIELDS = ("title", "text", "prompt", "options", "hint", "explain", "explanations")


def active_language() -> str:
    """The request's language ("it" for it-CH too), or English when the lessons lack it."""
    code = (get_language() or ENGLISH).split("-")[0].lower()
    return code if code in LANGUAGES else ENGLISH


def text_in(value: Any, language: str) -> Any:
    """One text in `language`: its entry of an { en, it } table (English if it has none)."""
    if isinstance(value, dict) and ENGLISH in value:
        return value.get(language) or value[ENGLISH]
    return value


def step_in(data: dict[str, Any], language: str) -> dict[str, Any]:
    """A step's spec with each text in `language`: what the step kinds and templates read."""
    return {key: text_in(value, language) if key in TEXT_FIELDS else value for key, value in data.items()}
