"""Filters of the classroom's pages: time spent on homework, a rating change with its sign."""
from __future__ import annotations

from typing import Any

from django import template
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

register = template.Library()


@register.filter
def time_spent(seconds: int | None) -> str:
    """ "under a minute", "12 min", "1 h 05 min", "3 days" (from opening the homework to done)."""
    if seconds is None:
        return "—"
    minutes = int(seconds) // 60
    if minutes < 1:
        return _("under a minute")
    if minutes < 60:
        return _("%(m)s min") % {"m": minutes}
    if minutes < 48 * 60:
        return _("%(h)s h %(m)02d min") % {"h": minutes // 60, "m": minutes % 60}
    return _("%(d)s days") % {"d": minutes // (24 * 60)}


@register.filter
def signed(value: str | float | int) -> str:
    """ "+12", "−5", "0": a change, with its sign."""
    try:
        number = round(float(value))
    except (TypeError, ValueError):
        return str(value)
    return f"+{number}" if number > 0 else (f"−{-number}" if number < 0 else "0")


@register.simple_tag(takes_context=True)
def table_cells(context: Any, row: Any) -> str:
    """A table row's result cells, escaped and joined in one go: a class of 100 students with 20
    pieces of homework is 2,000 cells, which a template loop draws several times slower. Cells
    repeat ("—", "done 3★"): each different one is escaped once per page."""
    drawn = context.render_context.setdefault("classroom_cells", {})
    html = []
    for cell in row.cells:
        key = (cell.css, cell.text)
        if key not in drawn:
            drawn[key] = format_html('<td class="{}">{}</td>', cell.css, cell.text)
        html.append(drawn[key])
    return mark_safe("".join(html))  # noqa: S308 (each piece escaped by format_html)
