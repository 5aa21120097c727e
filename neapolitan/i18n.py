"""The engine's words in the reader's language, without the engine knowing any language but English.

Every sentence the engine writes for a person (an error, a verdict, an explanation) goes through
`_` (or `ngettext` for a count, `pgettext` where English hides a difference the translation needs),
written with `%(name)s` placeholders so that a translation may put the words in another order:

    raise IllegalAction(_("The %(card)s is not in your hand.") % {"card": ...}, "SCOPA-4.1")

Out of the box these return the English text, so the engine needs nothing to run. A program that
speaks other languages installs its own functions once at start-up (`install`); the site installs
Django's, which translate into the language of the request being served (tutorials/core/apps.py).
A text kept in a table at import time is marked with `gettext_noop` and translated where it is
used, in the language of that moment. The site's catalogue (locale/) holds the translations:
`makemessages` finds these calls in the engine as it finds them in the site.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable


def _english(message: str) -> str:
    return message


def _english_plural(singular: str, plural: str, n: int) -> str:
    return singular if n == 1 else plural


def _english_in_context(context: str, message: str) -> str:
    return message


def _english_number(value: float, places: int) -> str:
    return f"{value:,.{places}f}"  # thousands grouped: 7,920


_gettext: Callable[[str], str] = _english
_ngettext: Callable[[str, str, int], str] = _english_plural
_pgettext: Callable[[str, str], str] = _english_in_context
_number: Callable[[float, int], str] = _english_number


def install(gettext: Callable[[str], str], ngettext: Callable[[str, str, int], str],
            pgettext: Callable[[str, str], str], number: Callable[[float, int], str]) -> None:
    """Translate the engine's words with these functions from now on (the site's, at start-up);
    `number(value, places)` writes a number with that many decimals as the reader does."""
    global _gettext, _ngettext, _pgettext, _number
    _gettext, _ngettext, _pgettext, _number = gettext, ngettext, pgettext, number


def uninstall() -> None:
    """Back to English."""
    install(_english, _english_plural, _english_in_context, _english_number)


def gettext(message: str) -> str:
    return _gettext(message)


_ = gettext


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or the plural (as the language counts) of a message about `n` things."""
    return _ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """The message as it reads in this context (the same English may need two translations)."""
    return _pgettext(context, message)


def gettext_noop(message: str) -> str:
    """Marks a message for the catalogue, to be translated later (with `_`) where it is used."""
    return message


def join_words(items: Iterable[str]) -> str:
    """`a`, `a and b`, `a, b and c`, in the reader's language."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return _("%(first)s and %(last)s") % {"first": ", ".join(items[:-1]), "last": items[-1]}


def join_choices(items: Iterable[str]) -> str:
    """`a`, `a or b`, `a, b or c`, in the reader's language."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return _("%(first)s or %(last)s") % {"first": ", ".join(items[:-1]), "last": items[-1]}


def decimal(value: float, places: int, *, signed: bool = False) -> str:
    """A number with `places` decimals as the reader writes it: `0.25` and `7,920` in English,
    `0,25` and `7.920` in Italian; `signed` shows a + or a true minus sign (−)."""
    value = float(value)  # a Fraction, too
    if not signed:
        return _number(value, places)
    return ("−" if value < 0 else "+") + _number(abs(value), places)


def percent(share: float, places: int = 0) -> str:
    """A share (0.3) as a percentage (`30%`, `30.0%`), in the reader's way of writing numbers."""
    return _("%(number)s%%") % {"number": decimal(100 * share, places)}


# Italian articles and articled prepositions before a number, as the number is said: elided before
# a vowel ("nel 8%" is "nell'8%": otto, ottanta, ottocento, uno, undici, and "l'08 dicembre"; "il 18"
# stays: diciotto; "al 1° posto" too: primo, but "all'8° posto": ottavo), "lo" before zero ("nello
# 0,5%"). English has none of these words before a number, so the text needs no language told.
_ARTICLES = r"\b(il|nel|del|al|dal|sul|Il|Nel|Del|Al|Dal|Sul) "
_SAID_WITH_A_VOWEL = re.compile(_ARTICLES + r"(?=(?:0(?=[0-9]))?(?:8|11(?![0-9]|\.[0-9])|1(?![0-9°]|\.[0-9])))")
_ZERO = re.compile(_ARTICLES + r"(?=0(?![0-9]))")
_ELIDED = {"il": "l'", "nel": "nell'", "del": "dell'", "al": "all'", "dal": "dall'", "sul": "sull'"}
_BEFORE_ZERO = {"il": "lo ", "nel": "nello ", "del": "dello ", "al": "allo ", "dal": "dallo ", "sul": "sullo "}


def elide(text: str) -> str:
    """The text with the Italian article as it goes before each number: "nel 8,5%" -> "nell'8,5%",
    "il 11 dicembre" -> "l'11 dicembre", "nel 0,5%" -> "nello 0,5%"; "il 1.000" (mille) stays."""
    def as_said(table: dict[str, str]):
        def replace(match: re.Match) -> str:
            word = match.group(1)
            short = table[word.lower()]
            return short[:1].upper() + short[1:] if word[0].isupper() else short
        return replace
    return _ZERO.sub(as_said(_BEFORE_ZERO), _SAID_WITH_A_VOWEL.sub(as_said(_ELIDED), text))


def capfirst(text: str) -> str:
    """The text with its first letter in capitals (a sentence that opens with "the %(card)s")."""
    return text[:1].upper() + text[1:]
