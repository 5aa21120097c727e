"""`{{ value|fixed:2 }}`: what Django's `floatformat` writes (`2`, `-2`, `0`, `0g`...), written fast
(tutorials/core/numbers.py): a page of verdicts writes dozens of numbers."""
from __future__ import annotations

from django import template

from tutorials.core.numbers import fixed as fixed_number

register = template.Library()


@register.filter(is_safe=True)
def fixed(value: object, arg: object = -1) -> str:
    return fixed_number(value, arg)
