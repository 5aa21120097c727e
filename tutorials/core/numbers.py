"""Numbers as the reader writes them (0.25 and 7,920 in English, 0,25 and 7.920 in Italian), written
fast: Django's `number_format`, and the `floatformat` filter through it, look the language's formats
up on every call, some tens of microseconds each, and a page of verdicts writes dozens of numbers.
Here each language's separators are read once; the digits are Python's.

`number` is what the engine's words use (neapolitan.i18n.decimal, installed in tutorials/core/apps.py):
rounded as Python rounds the float. `fixed` writes what Django's `floatformat` writes (half up, on
the number as it is printed), for the templates' `|fixed` (templatetags/numbers.py); the tests hold
both to Django's own functions.
"""
from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from functools import lru_cache

from django.utils.formats import get_format, number_format
from django.utils.translation import get_language


@lru_cache(maxsize=16)
def _separators(language: str | None) -> dict[int, str] | None:
    """Python's separators (',' between thousands, '.' before the decimals) as the language writes
    them, for str.translate; None for a language that does not group digits by threes (Django's
    `number_format` then writes its numbers)."""
    if get_format("NUMBER_GROUPING", language) != 3:
        return None
    return str.maketrans({",": get_format("THOUSAND_SEPARATOR", language),
                          ".": get_format("DECIMAL_SEPARATOR", language)})


def _localized(text: str, places: int, grouped: bool) -> str:
    """Python's `text` of a number as the reader's language writes it."""
    table = _separators(get_language())
    if table is None:
        return number_format(text.replace(",", ""), places, force_grouping=grouped)
    return text.translate(table)


def number(value: float, places: int) -> str:
    """`value` with `places` decimals, its thousands grouped: what Django's
    `number_format(f"{value:.{places}f}", places, force_grouping=True)` writes."""
    return _localized(f"{value:,.{places}f}", places, True)


def fixed(value: object, arg: object = -1) -> str:
    """Django's `floatformat` filter for the arguments the templates give it: a whole number of
    decimals (`2`: always two; `-2`: two, none for a whole number; `0`), `g` after it to group
    the thousands. Rounded half up on the number as printed (0.125 -> 0.13); "" for what is not a
    number."""
    spec = str(arg)
    grouped = spec.endswith("g")
    places = int(spec.rstrip("g") or -1)
    try:
        exact = Decimal(str(value))
    except InvalidOperation:
        try:
            exact = Decimal(str(float(value)))  # type: ignore[arg-type]
        except (TypeError, ValueError, InvalidOperation):
            return ""
    if not exact.is_finite():
        return str(value)
    _sign, digits, exponent = exact.as_tuple()
    if len(digits) + abs(exponent) > 200:  # as Django: written as it came (a long number is a DoS)
        return str(value)
    if places <= 0 and exact == exact.to_integral_value():
        return _localized(f"{int(exact):,}" if grouped else f"{int(exact)}", 0, grouped)
    rounded = exact.quantize(Decimal(1).scaleb(-abs(places)), ROUND_HALF_UP)
    if not rounded:
        rounded = abs(rounded)  # no "-0.00"
    return _localized(format(rounded, ",f" if grouped else "f"), abs(places), grouped)
