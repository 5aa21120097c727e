"""`|elide` (tutorials.core.templatetags.words): Italian pages elide the article before a number
said with a vowel, in the sentences our templates and the engine write; English is untouched."""
from __future__ import annotations

from datetime import date

import pytest
from django.template import engines
from django.utils import translation

SOURCE = ('{% load i18n words %}{% blocktranslate with d=due|date asvar s %}Due {{ d }}.{% endblocktranslate %}'
          '{{ s|elide }}')


@pytest.mark.parametrize(("language", "day", "expected"), [
    ("it", date(2026, 12, 8), "Da fare entro l'08 Dicembre 2026."),  # Django's Italian date: "d F Y"
    ("it", date(2026, 12, 11), "Da fare entro l'11 Dicembre 2026."),
    ("it", date(2026, 12, 18), "Da fare entro il 18 Dicembre 2026."),
    ("en", date(2026, 12, 8), "Due Dec. 8, 2026."),
])
def test_a_due_date_reads_as_the_language_writes_it(language, day, expected):
    with translation.override(language):
        html = engines["django"].from_string(SOURCE).render({"due": day})
    assert html == expected


def test_a_puzzles_explanation_elides_too():
    from neapolitan.puzzles import SpecForm

    class Spec(SpecForm):
        pass

    import sys
    import types

    module = types.ModuleType("fake_puzzles")
    module.explain = lambda spec, verdict: "Vinci nel 8,5% delle distribuzioni, il 18% delle volte."
    sys.modules["fake_puzzles"] = module
    Spec.__module__ = "fake_puzzles"
    try:
        assert Spec().explain(None) == "Vinci nell'8,5% delle distribuzioni, il 18% delle volte."
    finally:
        del sys.modules["fake_puzzles"]
