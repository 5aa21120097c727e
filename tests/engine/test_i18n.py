"""The engine's words go through neapolitan.i18n (issue 17): English by default, in whatever
language a program installs; every message an engine exception carries is marked for the
catalogue, with named placeholders."""
import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

from neapolitan import i18n
from neapolitan.cards import Card
from neapolitan.errors import IllegalAction
from neapolitan.scopa import HandState, Play, Rules
from neapolitan.scopa.puzzles import PuzzleSpec

ENGINE = Path(__file__).resolve().parents[2] / "neapolitan"
TRANSLATORS = {"_", "gettext", "ngettext", "pgettext", "capfirst"}


def shout(message: str) -> str:
    """A made-up language: the message in capitals, its placeholders as they are."""
    return "".join(part if part.startswith("%(") else part.upper()
                   for part in re.split(r"(%\(\w+\)[sdr])", message))


@pytest.fixture
def shouting():
    """Install the made-up language, with numbers written with a comma."""
    saved = (i18n._gettext, i18n._ngettext, i18n._pgettext, i18n._number)
    i18n.install(shout, lambda one, many, n: shout(one if n == 1 else many),
                 lambda context, message: f"{context.upper()}: {shout(message)}",
                 lambda value, places: f"{value:.{places}f}".replace(".", ","))
    yield
    i18n.install(*saved)


def test_without_a_translator_the_engine_speaks_english():
    code = ("from neapolitan import i18n\n"
            "print(i18n._('Hello'), i18n.ngettext('a card', 'cards', 2), i18n.decimal(-0.5, 2, signed=True),"
            " i18n.percent(0.305, 1), i18n.join_words(['a', 'b', 'c']), i18n.join_choices(['x', 'y']))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=ENGINE.parent).stdout.strip()
    assert out == "Hello cards −0.50 30.5% a, b and c x or y"


def test_an_installed_translator_writes_the_engines_refusals(shouting):
    state = HandState.from_text("1D,2D,3D/4D,5D,6D 7C - -/- 0/0 0/0 0 1 - 0", Rules("SCOPA_2P"))
    with pytest.raises(IllegalAction) as refusal:
        state.apply(Play(Card(9, "S"), frozenset()))
    assert str(refusal.value) == "9S IS NOT IN YOUR HAND (SCOPA-4.1)."  # the rule ID stays as it is
    assert Rules("QUINDICI", players=3).name == "SCOPA A QUINDICI (3 PLAYERS)"


def test_the_article_of_a_card_is_the_translators(shouting):
    assert Card(1, "C").the == "BEFORE ASSO: THE Asso di Coppe"  # "l'Asso" in Italian, "il Sette"
    assert Card(7, "D").the == "THE Sette di Denari"


def test_numbers_follow_the_installed_writing(shouting):
    assert i18n.decimal(0.25, 2) == "0,25" and i18n.decimal(-1.5, 1, signed=True) == "−1,5"


def test_a_puzzle_explanation_is_written_when_asked_in_the_language_of_that_moment(shipped_specs):
    spec: PuzzleSpec = shipped_specs[0]  # the Sei di Spade laid down, 2.0 points ahead
    english = spec.explain(spec.verdicts[0])
    assert english.startswith("Lays the Sei di Spade on the table.") and "2.0 points better" in english
    saved = (i18n._gettext, i18n._ngettext, i18n._pgettext, i18n._number)
    i18n.install(shout, lambda one, many, n: shout(one if n == 1 else many), lambda c, m: shout(m),
                 lambda value, places: f"{value:.{places}f}".replace(".", ","))
    try:
        shouted = spec.explain(spec.verdicts[0])
    finally:
        i18n.install(*saved)
    assert shouted.startswith("LAYS THE Sei di Spade ON THE TABLE.") and "2,0 POINTS BETTER" in shouted


def test_a_spec_holds_numbers_not_sentences(shipped_specs):
    data = shipped_specs[0].to_dict()
    assert all(set(v) == {"answer", "value", "loss", "scopa_risk"} for v in data["verdicts"])
    old = {**data, "verdicts": [{**v, "explanation": "An English sentence."} for v in data["verdicts"]]}
    assert PuzzleSpec.from_dict(old) == shipped_specs[0]  # a row stored before is read as it was


def _template(node: ast.AST) -> ast.AST:
    """The message's text before its values: `x` of `x % {...}`."""
    return node.left if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod) else node


def _calls_a_translator(node: ast.AST) -> bool:
    """A message made by a translation call: `_(...)`, `_(...) % {...}`, `ngettext(...) % {...}`, or
    one a function made that way (a variable: `why_illegal`'s reason)."""
    node = _template(node)
    if isinstance(node, ast.Name):
        return True
    if isinstance(node, ast.IfExp):
        return _calls_a_translator(node.body) and _calls_a_translator(node.orelse)
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in TRANSLATORS


def _exception_messages() -> list[tuple[str, int, ast.AST]]:
    found = []
    for path in sorted(ENGINE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in ("BadNotation", "IllegalAction") and node.args
                    and not isinstance(node.args[0], ast.Starred)):
                found.append((path.name, node.lineno, node.args[0]))
    return found


def test_every_engine_exception_message_is_translated():
    messages = _exception_messages()
    assert len(messages) > 150
    assert [(name, line) for name, line, arg in messages if not _calls_a_translator(arg)] == []


def test_engine_messages_use_named_placeholders_not_f_strings():
    """An f-string can be neither found by xgettext nor reordered by a translation."""
    assert [(name, line) for name, line, arg in _exception_messages()
            if any(isinstance(n, ast.JoinedStr) for n in ast.walk(_template(arg)))] == []


@pytest.mark.parametrize(("text", "expected"), [
    ("nel 8,5% delle distribuzioni", "nell'8,5% delle distribuzioni"),  # otto
    ("Nel 80% dei casi", "Nell'80% dei casi"),  # ottanta
    ("il 11 dicembre", "l'11 dicembre"),  # undici
    ("nel 1% e nel 1,5%", "nell'1% e nell'1,5%"),  # uno
    ("dal 8 al 11", "dall'8 all'11"),
    ("sul 800", "sull'800"),  # ottocento
    ("il 8.000", "l'8.000"),  # ottomila
    ("all'8° posto", "all'8° posto"),  # elided already
    ("al 8° posto", "all'8° posto"),  # ottavo
    ("al 1° posto", "al 1° posto"),  # primo
    ("il 18%", "il 18%"),  # diciotto
    ("nel 12%", "nel 12%"),
    ("il 1.000", "il 1.000"),  # mille
    ("il 110", "il 110"),  # centodieci
    ("nel 100%", "nel 100%"),
    ("in 8% of the deals", "in 8% of the deals"),  # English has none of these words
    ("il Sette di Denari", "il Sette di Denari"),
    ("entro il 08 Dicembre", "entro l'08 Dicembre"),  # a date's day, zero first: otto
    ("il 01 marzo", "l'01 marzo"),
    ("nel 0,5% e il 0", "nello 0,5% e lo 0"),  # zero
    ("nel 05%", "nel 05%"),  # cinque
])
def test_italian_articles_are_elided_before_a_number_said_with_a_vowel(text, expected):
    assert i18n.elide(text) == expected
