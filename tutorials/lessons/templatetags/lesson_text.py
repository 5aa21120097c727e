"""`{{ text|lesson_text }}`: our lesson markup (paragraphs, **strong**, *em*, [[7D 3C]] cards) as HTML,
cited rules as small links to the rules page."""
import re

from django import template
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from neapolitan.errors import BadNotation
from tutorials.core.templatetags.cards import card as card_svg
from tutorials.core.templatetags.rules import rule_links

register = template.Library()

_CARDS = re.compile(r"\[\[([0-9DCSBdcsb ,]+)\]\]")
_STRONG = re.compile(r"\*\*(.+?)\*\*")
_EM = re.compile(r"\*(.+?)\*")


def _cards_html(match: re.Match) -> str:
    try:
        pictures = "".join(card_svg(token, css="card--inline") for token in match.group(1).replace(",", " ").split())
    except BadNotation:
        return match.group(0)
    return f'<span class="inline-cards">{pictures}</span>'


@register.filter
def lesson_text(text: str) -> SafeString:
    paragraphs = []
    for block in re.split(r"\n\s*\n", str(text).strip()):
        html = escape(" ".join(line.strip() for line in block.splitlines()))
        html = _CARDS.sub(_cards_html, html)
        html = _STRONG.sub(r"<strong>\1</strong>", html)
        html = _EM.sub(r"<em>\1</em>", html)
        paragraphs.append(f"<p>{html}</p>")
    return rule_links(mark_safe("".join(paragraphs)))
