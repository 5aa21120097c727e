"""Numbers written fast (tutorials.core.numbers) read as Django's own functions write them, in both
languages: `number` as `number_format` of the rounded text (the engine's words), `fixed` as the
`floatformat` filter, for a table of values and arguments, and for any float (hypothesis)."""
from __future__ import annotations

import pytest
from django.template.defaultfilters import floatformat
from django.utils import translation
from django.utils.formats import number_format
from hypothesis import given
from hypothesis import strategies as st

from tutorials.core.numbers import fixed, number

LANGUAGES = ("en", "it")
VALUES = (0, 1, -1, 0.125, 0.135, 2.675, -2.675, 0.004, -0.004, -0.005, 0.995, 1.0, 7920, 7920.5, -7920.49,
          1512.345, 1234567.891, 0.5, 1.5, 2.5, -0.5, 1e-7, 99.999, 12.0, 1e21)
ARGUMENTS = (0, 1, 2, 3, -1, -2, "0", "2", "-2", "0g", "2g", "g", "-2g")


def django_number(value: float, places: int) -> str:
    return number_format(f"{value:.{places}f}", places, force_grouping=True)


@pytest.mark.parametrize("language", LANGUAGES)
def test_fixed_writes_what_floatformat_writes(language):
    with translation.override(language):
        for value in VALUES:
            for arg in ARGUMENTS:
                assert fixed(value, arg) == floatformat(value, arg), (value, arg)


@pytest.mark.parametrize("language", LANGUAGES)
def test_number_writes_what_number_format_writes(language):
    with translation.override(language):
        for value in VALUES:
            for places in (0, 1, 2, 3):
                assert number(value, places) == django_number(value, places), (value, places)


def test_the_languages_write_their_own_separators():
    with translation.override("en"):
        assert (number(7920.25, 2), fixed(7920.256, "2g"), fixed(0.125, 2)) == ("7,920.25", "7,920.26", "0.13")
    with translation.override("it"):
        assert (number(7920.25, 2), fixed(7920.256, "2g"), fixed(0.125, 2)) == ("7.920,25", "7.920,26", "0,13")


def test_what_is_not_a_number_is_written_as_floatformat_writes_it():
    for value in (None, "", "abc", float("inf"), float("nan"), "12.5", 3):
        assert fixed(value, 2) == floatformat(value, 2), value


@given(st.floats(allow_nan=False, allow_infinity=False, min_value=-1e12, max_value=1e12),
       st.sampled_from(ARGUMENTS), st.sampled_from(LANGUAGES))
def test_any_float_as_floatformat_and_number_format_write_it(value, arg, language):
    with translation.override(language):
        assert fixed(value, arg) == floatformat(value, arg)
        places = abs(int(str(arg).rstrip("g") or 1))
        assert number(value, places) == django_number(value, places)
