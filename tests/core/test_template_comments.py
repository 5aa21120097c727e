"""The template language's `{# … #}` comment ends on its own line: one that runs on to the next is
printed as text (it was, once, on every move of a table, piling up above it). Every template's
comments close where they open; longer notes use `{% comment %}`."""
from __future__ import annotations

from pathlib import Path

import pytest
from django.conf import settings

TEMPLATES = sorted(Path(settings.BASE_DIR, "templates").rglob("*.html"))


def test_there_are_templates_to_read():
    assert len(TEMPLATES) > 50


@pytest.mark.parametrize("path", TEMPLATES, ids=lambda p: str(p.relative_to(settings.BASE_DIR)))
def test_each_comment_closes_on_its_own_line(path):
    for number, line in enumerate(path.read_text().splitlines(), start=1):
        rest = line
        while "{#" in rest:
            rest = rest[rest.index("{#") + 2:]
            assert "#}" in rest, f"{path.name}:{number}: a {{# comment #}} must close on its line"
            rest = rest[rest.index("#}") + 2:]
