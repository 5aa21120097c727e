"""`{{ text|lesson_text }}`: our lesson markup (paragraphs, **strong**, *em*, [[7D 3C]] cards) as HTML,
cited rules as small links to the rules page; `{{ text|lesson_line }}` the same within one line
(a verdict's why, inside its own paragraph)."""
import re

from django import template
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe

from neapolitan.errors import BadNotation
from tutorials.core.templatetags.cards import card as card_svg
from tutorials.core.templatetags.rules import rule_links

register = template.Library()

_CARDS = re.compile(r"\[\[([0-9DCSBdcsb ,]+)\]\]")
_STRONG = re.compile(r"\*\*(.+?)\*\*")
_EM = re.compile(r"\*(.+?)\*")


def _cards_html(match: re.Match, game: str) -> str:
    try:
        pictures = "".join(card_svg(token, game=game, css="card--inline")
                           for token in match.group(1).replace(",", " ").split())
    except BadNotation:
        return match.group(0)
    return f'<span class="inline-cards">{pictures}</span>'


def _inline(text: object, game: str) -> str:
    html = str(conditional_escape(text))
    html = _CARDS.sub(lambda match: _cards_html(match, game), html)
    html = _STRONG.sub(r"<strong>\1</strong>", html)
    return _EM.sub(r"<em>\1</em>", html)


@register.filter
def lesson_text(text: str, game: str = "scopa") -> SafeString:
    """The text as HTML; cards are named as `game` names them (the settebello is Scopa's)."""
    paragraphs = [f"<p>{_inline(' '.join(line.strip() for line in block.splitlines()), game)}</p>"
                  for block in re.split(r"\n\s*\n", str(text).strip())]
    return rule_links(mark_safe("".join(paragraphs)))


@register.filter
def lesson_line(text: object, game: str = "scopa") -> SafeString:
    """One line of lesson markup as HTML, without a paragraph of its own."""
    return rule_links(mark_safe(_inline(text, game)))
