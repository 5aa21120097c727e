"""Every game's rules as one line of text: `HEAD name=value ...`, options that differ from the default.

A game's frozen `Rules` dataclass inherits `RulesText`; the line lives in database rows and URLs.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import fields, replace
from typing import Any

from neapolitan.errors import BadNotation, quoted
from neapolitan.i18n import _


class RulesText:
    """`to_text()` / `from_text()` for a frozen dataclass of rules.

    `TEXT_HEAD` opens the line (e.g. "SETTE"); or, with `TEXT_HEAD_FIELD`, the value of that field
    does (Scopa's variant), and the default to compare with is the rules of that head. Fields in
    `TEXT_ALWAYS` are written even at their default.
    """

    __slots__ = ()  # a game's Rules may be slotted (Scopa's are)
    TEXT_HEAD = ""
    TEXT_HEAD_FIELD: str | None = None
    TEXT_ALWAYS: tuple[str, ...] = ()

    def with_options(self, **changes: object) -> Any:
        """These rules with some options changed (checked again)."""
        return replace(self, **changes)  # type: ignore[type-var]

    def check_choices(self, choices: Mapping[str, Sequence[object]]) -> None:
        """Raise BadNotation unless each named option has one of its allowed values."""
        for name, allowed in choices.items():
            value = getattr(self, name)
            if value not in allowed:
                raise BadNotation(_("%(name)s must be one of %(allowed)s, not %(value)s") % {
                    "name": name, "allowed": ", ".join(map(str, allowed)), "value": quoted(value)})

    def to_text(self) -> str:
        head = getattr(self, self.TEXT_HEAD_FIELD) if self.TEXT_HEAD_FIELD else self.TEXT_HEAD
        default = type(self)(head) if self.TEXT_HEAD_FIELD else type(self)()
        parts = [head]
        for f in fields(self):  # type: ignore[arg-type]
            if not f.init or f.name == self.TEXT_HEAD_FIELD:
                continue
            value = getattr(self, f.name)
            if f.name in self.TEXT_ALWAYS or value != getattr(default, f.name):
                parts.append(f"{f.name}={format_option(value)}")
        return " ".join(parts)

    @classmethod
    def from_text(cls, text: str) -> Any:
        tokens = text.split()
        if not tokens:
            raise BadNotation(_("Empty rules text"))
        if not cls.TEXT_HEAD_FIELD and tokens[0] != cls.TEXT_HEAD:
            raise BadNotation(_("These rules start with %(head)s, like '%(head)s players=4'") % {"head": cls.TEXT_HEAD})
        kinds = {f.name: str(f.type) for f in fields(cls) if f.init and f.name != cls.TEXT_HEAD_FIELD}  # type: ignore[arg-type]
        options: dict[str, object] = {}
        for token in tokens[1:]:
            name, sep, raw = token.partition("=")
            if not sep or name not in kinds:
                raise BadNotation(_("Unknown rules option %(option)s") % {"option": quoted(token)})
            options[name] = parse_option(name, raw, kinds[name])
        return cls(tokens[0], **options) if cls.TEXT_HEAD_FIELD else cls(**options)


def format_option(value: object) -> str:
    if isinstance(value, bool):
        return "1" if value else "0"
    return str(value)


def parse_option(name: str, raw: str, kind: str) -> object:
    """An option's value from text, by its annotated type (bool as 0/1, int, else text)."""
    if "bool" in kind:
        if raw not in ("0", "1"):
            raise BadNotation(_("Option %(name)s takes 0 or 1, not %(raw)s") % {"name": name, "raw": quoted(raw)})
        return raw == "1"
    if "int" in kind:
        try:
            return int(raw)
        except ValueError:
            raise BadNotation(_("Option %(name)s takes a whole number, not %(raw)s") % {"name": name, "raw": quoted(raw)}) from None
    return raw
