"""The translation catalogues: read a `.po` file and compile it into the `.mo` file Django loads,
in pure Python (no GNU gettext needed), so that `make run` and `make test` work on a machine with
only Python and make.

    python -m tutorials.core.catalogue          # compile every locale/*/LC_MESSAGES/django.po that changed
    python -m tutorials.core.catalogue FILE.po  # compile this one

The compiled files are not kept in git: the Makefile's set-up and the test suite compile them
(`compile_if_stale`). What is compiled matches GNU msgfmt's output for the same file: fuzzy and
untranslated entries are left out (the catalogue test fails on any, and compares with msgfmt where
it is installed). The reading follows the PO format of GNU gettext: comments and flags, msgctxt,
msgid, msgid_plural, msgstr and msgstr[n], each a run of quoted strings with C escapes; obsolete
entries (`#~`) are skipped. The writing follows Python's Tools/i18n/msgfmt.py.
"""
from __future__ import annotations

import ast
import os
import struct
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "locale"


@dataclass
class Entry:
    """One message of a catalogue."""

    msgid: str
    msgstr: list[str]  # one string, or one per plural form
    msgctxt: str | None = None
    msgid_plural: str | None = None
    flags: set[str] = field(default_factory=set)
    references: list[str] = field(default_factory=list)  # "path:line" where the message is used

    @property
    def fuzzy(self) -> bool:
        return "fuzzy" in self.flags

    @property
    def translated(self) -> bool:
        return all(self.msgstr) and bool(self.msgstr)

    @property
    def key(self) -> tuple[str | None, str, str | None]:
        return self.msgctxt, self.msgid, self.msgid_plural


class BadCatalogue(ValueError):
    """A .po file that cannot be read; the message names the line."""


def _unquote(text: str, number: int) -> str:
    text = text.strip()
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise BadCatalogue(f"line {number}: a quoted string was expected")
    try:
        return ast.literal_eval(text)  # the C escapes of a PO string are Python's
    except (SyntaxError, ValueError):
        raise BadCatalogue(f"line {number}: a badly quoted string") from None


def read_po(path: Path) -> list[Entry]:
    """Every live entry of the file, the header (msgid "") first."""
    entries: list[Entry] = []
    fields: dict[str, str] = {}
    flags: set[str] = set()
    references: list[str] = []
    current: str | None = None

    def finish() -> None:
        nonlocal fields, flags, references, current
        if "msgid" in fields:
            plural = [fields[k] for k in sorted((k for k in fields if k.startswith("msgstr[")),
                                                key=lambda k: int(k[7:-1]))]
            entries.append(Entry(fields["msgid"], plural or [fields.get("msgstr", "")], fields.get("msgctxt"),
                                 fields.get("msgid_plural"), flags, references))
        elif fields:
            raise BadCatalogue(f"{path.name}: an entry without a msgid")
        fields, flags, references, current = {}, set(), [], None

    lines = path.read_text(encoding="utf-8").splitlines()
    for number, line in enumerate(lines, start=1):
        line = line.strip()
        if line.startswith("#~"):
            continue  # an obsolete entry
        if line.startswith("#"):
            if current == "msgstr" or (current and current.startswith("msgstr[")):
                finish()
            if line.startswith("#,"):
                flags |= {flag.strip() for flag in line[2:].split(",") if flag.strip()}
            elif line.startswith("#:"):
                references += line[2:].split()
            continue
        if not line:
            continue
        if line.startswith('"'):
            if current is None:
                raise BadCatalogue(f"{path.name} line {number}: a string outside an entry")
            fields[current] += _unquote(line, number)
            continue
        keyword, _space, rest = line.partition(" ")
        if keyword in ("msgctxt", "msgid") and current is not None and current.startswith("msgstr"):
            finish()
        if keyword not in ("msgctxt", "msgid", "msgid_plural", "msgstr") and not keyword.startswith("msgstr["):
            raise BadCatalogue(f"{path.name} line {number}: unknown keyword {keyword!r}")
        current = keyword
        fields[keyword] = _unquote(rest, number)
    finish()
    return entries


def compile_mo(entries: list[Entry]) -> bytes:
    """The .mo file of these entries: the translated ones, fuzzy ones left out (the header is kept)."""
    messages: dict[bytes, bytes] = {}
    for entry in entries:
        if entry.msgid and (entry.fuzzy or not entry.translated):
            continue
        key = entry.msgid if entry.msgid_plural is None else f"{entry.msgid}\0{entry.msgid_plural}"
        if entry.msgctxt is not None:
            key = f"{entry.msgctxt}\x04{key}"
        text = "\0".join(entry.msgstr)
        if not entry.msgid:  # the header, without the date the template was made (as msgfmt does)
            text = "".join(line for line in text.splitlines(keepends=True)
                           if not line.startswith("POT-Creation-Date:"))
        messages[key.encode()] = text.encode()
    keys = sorted(messages)
    ids = strs = b""
    offsets = []
    for key in keys:
        offsets.append((len(ids), len(key), len(strs), len(messages[key])))
        ids += key + b"\0"
        strs += messages[key] + b"\0"
    start_ids = 7 * 4 + 16 * len(keys)  # after the header and the two tables
    start_strs = start_ids + len(ids)
    originals = [n for id_offset, id_length, _s, _l in offsets for n in (id_length, id_offset + start_ids)]
    translations = [n for _i, _l, str_offset, str_length in offsets for n in (str_length, str_offset + start_strs)]
    table = originals + translations
    header = struct.pack("Iiiiiii", 0x950412DE, 0, len(keys), 7 * 4, 7 * 4 + 8 * len(keys), 0, 0)
    return header + struct.pack(f"{len(table)}i", *table) + ids + strs


def po_files() -> list[Path]:
    return sorted(LOCALE.glob("*/LC_MESSAGES/*.po"))


def compile_file(po: Path) -> Path:
    """Write the .mo beside the .po (atomically: test workers may do it at the same time)."""
    mo = po.with_suffix(".mo")
    data = compile_mo(read_po(po))
    handle, temporary = tempfile.mkstemp(dir=mo.parent, prefix=".django-", suffix=".mo")
    with os.fdopen(handle, "wb") as out:
        out.write(data)
    os.chmod(temporary, 0o644)
    os.replace(temporary, mo)
    return mo


def compile_if_stale() -> list[Path]:
    """Compile each catalogue whose .mo is missing or older than its .po; the ones compiled."""
    done = []
    for po in po_files():
        mo = po.with_suffix(".mo")
        if not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime:
            done.append(compile_file(po))
    return done


def main(paths: list[str]) -> int:
    """Compile the .po files named, or else every catalogue whose .mo is out of date."""
    for mo in [compile_file(Path(p)) for p in paths] if paths else compile_if_stale():
        print(f"Compiled {mo.resolve().relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
