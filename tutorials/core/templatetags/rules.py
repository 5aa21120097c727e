"""Rule IDs for people: `{% rule_id "SCOPA-5.1" %}` marks a rule on a rules page (its first mention
is the anchor), and `|rule_links` turns a "(SCOPA-5.1, SCOPA-5.5)" in a lesson, an explanation or
a message into a small link to the rule on the game's rules page (or to the page, where it does
not show that rule), so that a beginner never reads raw IDs. The IDs stay in the content files, the engine and the tests."""
from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from django import template
from django.conf import settings
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from tutorials.core.links import reverse

register = template.Library()

GAME_OF_PREFIX = {"SCOPA": "scopa", "SETTE": "settemezzo", "STOPPA": "stoppa", "SALTA": "saltacavallo"}
_ID = r"(?:SCOPA|SETTE|STOPPA|SALTA)-[A-Z0-9]+(?:[.-][A-Z0-9]+)*"
_CITED = re.compile(rf"\s*\(({_ID}(?:(?:,\s*|\s+and\s+){_ID})*)\)")
_ONE = re.compile(_ID)
_ON_PAGE = re.compile(r'{%\s*rule_id\s+"([^"]+)"\s*%}')


@register.simple_tag(takes_context=True)
def rule_id(context: template.Context, rule: str) -> SafeString:
    """The rule's ID on its rules page; the first mention carries the anchor links point to."""
    seen = context.render_context.setdefault("rule_ids", set())
    first = rule not in seen
    seen.add(rule)
    if first:
        return format_html('<span class="rule-id" id="{}">{}</span>', rule, rule)
    return format_html('<span class="rule-id">{}</span>', rule)


@cache
def rules_on_page(game: str) -> frozenset[str]:
    """The rule IDs the game's rules page marks (read once from its template)."""
    for folder in settings.TEMPLATES[0]["DIRS"]:
        page = Path(folder) / game / "rules.html"
        if page.exists():
            return frozenset(_ON_PAGE.findall(page.read_text(encoding="utf-8")))
    return frozenset()


def _link(match: re.Match) -> str:
    """One small link for a group of cited rules: to the first the rules page shows, or else to
    the page itself; the IDs stay in `data-rule` (for tests and curious readers' tools)."""
    rules = _ONE.findall(match.group(1))
    game = GAME_OF_PREFIX[rules[0].split("-")[0]]
    shown = next((r for r in rules if r in rules_on_page(game)), "")
    return format_html(
        ' <a class="rule-ref" href="{}{}" data-rule="{}" title="{}">{}</a>',
        reverse("rules", args=[game]), f"#{shown}" if shown else "", " ".join(rules),
        _("See this rule on the rules page"), _("rule"),
    )


@register.filter
def rule_links(text: object) -> SafeString:
    """Cited rule IDs as small links to the rules page; other text escaped unless already safe."""
    html = conditional_escape(text)
    return mark_safe(_CITED.sub(_link, str(html)))
