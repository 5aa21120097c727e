"""The Italian catalogue (issue 17): every message translated, none fuzzy, none missing, each
translation keeping its placeholders and markup; the project's compiler agrees with GNU msgfmt.

The parts that need GNU gettext (xgettext to find the marked strings, msgfmt to compare) are
skipped where it is not installed, unless REQUIRE_GETTEXT is set (CI), where they must run.
"""
from __future__ import annotations

import gettext
import io
import os
import re
import shutil
import subprocess
import sys
from collections import defaultdict

import pytest

from tutorials.core.catalogue import ROOT, Entry, compile_mo, read_po

PO = ROOT / "locale" / "it" / "LC_MESSAGES" / "django.po"
PLACEHOLDER = re.compile(r"%\((\w+)\)[-#0 +]*\d*(?:\.\d+)?[sdirfg]")
TAG = re.compile(r"</?([a-z]+)[^>]*>")


def _need(tool: str) -> str:
    path = shutil.which(tool)
    if path:
        return path
    if os.environ.get("REQUIRE_GETTEXT"):
        pytest.fail(f"GNU gettext's {tool} is required here (apt-get install gettext)")
    pytest.skip(f"GNU gettext's {tool} is not installed")


@pytest.fixture(scope="module")
def entries() -> list[Entry]:
    return read_po(PO)[1:]  # the header aside


def _name(entry: Entry) -> str:
    return f"{entry.msgid[:70]!r} ({', '.join(entry.references[:1])})"


def test_the_catalogue_is_italian_and_complete(entries):
    header = read_po(PO)[0]
    assert "Language: it\n" in header.msgstr[0] and "nplurals=2" in header.msgstr[0] and not header.fuzzy
    assert len(entries) > 1500
    untranslated = [_name(e) for e in entries if not e.translated]
    fuzzy = [_name(e) for e in entries if e.fuzzy]
    assert untranslated == [], f"{len(untranslated)} untranslated, e.g. {untranslated[:5]}"
    assert fuzzy == [], f"{len(fuzzy)} fuzzy, e.g. {fuzzy[:5]}"


def test_plural_entries_have_both_italian_forms(entries):
    assert [_name(e) for e in entries if e.msgid_plural is not None and len(e.msgstr) != 2] == []


def test_every_translation_keeps_its_placeholders(entries):
    """A placeholder the translation invents would fail at run time (KeyError), one it loses
    would drop a number; only a plural's singular may leave its count implicit ("una vita")."""
    wrong = []
    for e in entries:
        wanted = set(PLACEHOLDER.findall(e.msgid)) | set(PLACEHOLDER.findall(e.msgid_plural or ""))
        for k, text in enumerate(e.msgstr):
            found = set(PLACEHOLDER.findall(text))
            singular_of_plural = e.msgid_plural is not None and k == 0
            if not found <= wanted or (not singular_of_plural and found != wanted):
                wrong.append((_name(e), sorted(wanted), sorted(found)))
    assert wrong == []


def test_every_python_format_translation_formats(entries):
    """Formatted as the code formats it (a dict of values): no stray %, no bad conversion."""
    values = defaultdict(lambda: 3)
    broken = []
    for e in entries:
        if "python-format" not in e.flags:
            continue
        for text in e.msgstr:
            try:
                text % values
            except (ValueError, TypeError, KeyError) as error:
                broken.append((_name(e), str(error)))
    assert broken == []


def test_every_translation_keeps_its_markup(entries):
    """The same HTML tags as the English (links, <strong>, <dfn lang="it">, <code>), same count."""
    def tags(text: str) -> list[str]:
        return sorted(TAG.findall(text))

    assert [_name(e) for e in entries if any(tags(t) != tags(e.msgid) for t in e.msgstr)] == []


def test_no_message_is_written_with_an_escape_xgettext_cannot_read(entries):
    """xgettext keeps a Python `\\u201c` as six characters, so such a message is never found."""
    assert [_name(e) for e in entries if "\\u" in e.msgid or "\\u" in (e.msgid_plural or "")] == []


def test_the_compiled_catalogue_translates_as_the_site_shows_it(entries):
    catalog = gettext.GNUTranslations(io.BytesIO(compile_mo(read_po(PO))))
    assert catalog.gettext("Log in") == "Accedi"
    assert catalog.ngettext("%(n)s chip", "%(n)s chips", 1) == "%(n)s fiche"
    assert catalog.ngettext("%(n)s chip", "%(n)s chips", 3) == "%(n)s fiche"
    assert catalog.pgettext("before Asso", "the %(card)s") == "l'%(card)s"
    assert catalog.gettext("the %(card)s") == "il %(card)s"
    assert catalog.gettext("An Ace played here takes every card on the table: %(choices)s.").startswith("Un Asso")


def test_the_compiler_agrees_with_msgfmt(tmp_path):
    """The pure-Python compiler, checked by a different method: GNU msgfmt on the same file."""
    msgfmt = _need("msgfmt")
    reference = tmp_path / "django.mo"
    subprocess.run([msgfmt, "--check", "-o", str(reference), str(PO)], check=True)
    ours = gettext.GNUTranslations(io.BytesIO(compile_mo(read_po(PO))))._catalog
    theirs = gettext.GNUTranslations(reference.open("rb"))._catalog
    assert ours == theirs


def test_every_string_marked_in_the_code_and_templates_is_in_the_catalogue(tmp_path):
    """makemessages, run on a copy of the code with no catalogue, finds no message the
    catalogue lacks, and the catalogue keeps none the code no longer marks."""
    _need("xgettext")
    _need("msguniq")
    for folder in ("neapolitan", "tutorials", "templates"):
        shutil.copytree(ROOT / folder, tmp_path / folder, ignore=shutil.ignore_patterns("__pycache__", "*.jsonl"))
    shutil.copy(ROOT / "manage.py", tmp_path / "manage.py")
    (tmp_path / "locale").mkdir()
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "tutorials.settings.test", "PYTHONPATH": str(tmp_path)}
    subprocess.run([sys.executable, "manage.py", "makemessages", "-l", "it", "--no-obsolete", "-v", "0"],
                   cwd=tmp_path, env=env, check=True, capture_output=True)
    marked = {e.key for e in read_po(tmp_path / "locale" / "it" / "LC_MESSAGES" / "django.po")[1:]}
    kept = {e.key for e in read_po(PO)[1:]}
    assert sorted(marked - kept, key=str) == [], "marked in the code but missing from the catalogue: run make messages"
    assert sorted(kept - marked, key=str) == [], "in the catalogue but no longer marked: run make messages"
