"""What every game's puzzle spec shares: its dict form (for JSON files and the database), its
rules from their text form, the verdict of an answer and its explanation.

A game's `PuzzleSpec` is a frozen dataclass with at least `rules_text`, `themes` (a tuple of
strings) and `verdicts` (a tuple of its `Verdict` dataclass, each with an `answer`); it names
those two classes in `RULES` and `VERDICT` and inherits this mixin; its module defines
`explain(spec, verdict)`.

A spec holds numbers, never sentences: a verdict's explanation is written from the spec when it is
shown, in the reader's language (neapolitan.i18n). Its `question` is kept in English and marked
for translation where it is defined; pages translate it.
"""
from __future__ import annotations

import sys
from dataclasses import asdict
from typing import Any, ClassVar

from neapolitan.i18n import elide


class SpecForm:
    RULES: ClassVar[Any]  # the game's Rules class (from_text)
    VERDICT: ClassVar[type]  # the game's Verdict dataclass

    def to_dict(self) -> dict:
        data = asdict(self)  # type: ignore[call-overload]
        data["themes"] = list(data["themes"])
        data["verdicts"] = list(data["verdicts"])
        return data

    @classmethod
    def from_dict(cls, data: dict) -> Any:
        fields = dict(data)
        fields["themes"] = tuple(fields["themes"])
        fields["verdicts"] = tuple(cls.VERDICT(**_without_text(v)) for v in fields["verdicts"])
        return cls(**fields)

    def rules(self) -> Any:
        return self.RULES.from_text(self.rules_text)  # type: ignore[attr-defined]

    def explain(self, verdict: Any) -> str:
        """Why this verdict, in words, in the reader's language."""
        return elide(sys.modules[type(self).__module__].explain(self, verdict))

    def verdict_of(self, answer: str) -> Any:
        """The verdict of this answer (in its text form), or None when it is not one of them."""
        return next((v for v in self.verdicts if v.answer == answer), None)  # type: ignore[attr-defined]


def _without_text(verdict: dict) -> dict:
    """A verdict's fields without an English `explanation`, which puzzles stored before their
    explanations were written on display still carry."""
    return {key: value for key, value in verdict.items() if key != "explanation"}
