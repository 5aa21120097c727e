"""Text written now and read later, in whichever of the site's languages the reader has chosen.

A practice table's narration is written when a move is made and shown on later pages, perhaps
after the learner has switched language: it is written in every language of the site at once
(`in_every_language`) and read in the reader's (`in_reader_language`). Text stored before this
(a plain string) is shown as it is.
"""
from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.utils import translation

Stored = str | dict[str, str]  # a text, or a text per language code


def in_every_language(write: Callable[[], str]) -> dict[str, str]:
    """What `write` writes in each of the site's languages: {"en": ..., "it": ...}."""
    texts = {}
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            texts[code] = write()
    return texts


def in_reader_language(text: Stored) -> str:
    """The stored text in the language of the request being served (else the site's default)."""
    if isinstance(text, str):
        return text
    return text.get(translation.get_language() or "") or text.get(settings.LANGUAGE_CODE, "")
