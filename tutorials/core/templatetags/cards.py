"""`{% card %}`: one card picture from the shared SVG sprite, with its Italian name for screen readers;
`{% cards %}`: a row of them."""
from collections.abc import Iterable
from functools import cache

from django import template
from django.templatetags.static import static
from django.utils.html import format_html
from django.utils.safestring import SafeData, SafeString, mark_safe
from django.utils.translation import gettext as _

from neapolitan.cards import Card, nickname, parse_card

register = template.Library()

SPRITE = "cards/cards.svg"


def card_label(card: Card, game: str = "scopa", re_bello: bool = False) -> str:
    """ "Sette di Denari, settebello": the card's accessible name in the given game."""
    nick = None
    if game == "scopa":
        nick = nickname(card, re_bello=re_bello)
    elif game == "settemezzo":
        nick = nickname(card, matta=True) if card.rank == 10 else None
    return f"{card.italian_name}, {nick}" if nick else card.italian_name


@register.simple_tag
def card(value: Card | str, game: str = "scopa", re_bello: bool = False, css: str = "") -> str:
    return card_svg(str(value).strip().upper(), game, bool(re_bello), css)


@register.simple_tag
def cards(values: Iterable[Card | str] | None, game: str = "scopa", re_bello: bool = False, css: str = "") -> SafeString:
    """The pictures of several cards, side by side: what `{% card %}` in a loop writes, in one tag
    (a pile or the unseen cards are dozens of cards, and each tag in a loop costs its own rendering)."""
    return mark_safe("".join(card(value, game, re_bello, css) for value in values or ()))


@cache
def card_svg(code: str, game: str, re_bello: bool, css: str) -> str:
    """The picture's markup: the same for the same card every time, so made once per process."""
    the_card = parse_card(code)
    label = card_label(the_card, game, re_bello)
    return format_html(
        '<svg class="card {}" viewBox="0 0 60 96" role="img" aria-label="{}" data-card="{}">'
        '<title>{}</title><use href="{}#card-{}"></use></svg>',
        css, label, the_card, label, static(SPRITE), the_card,
    )


@register.simple_tag
def card_back(css: str = "", label: str | None = None) -> str:
    """A face-down card; `label=""` for one that only decorates (a count beside it says it all),
    which screen readers then skip."""
    label = _("A face-down card") if label is None else label
    return card_back_svg(css, label, isinstance(label, SafeData))


@cache
def card_back_svg(css: str, label: str, safe: bool) -> str:
    """The markup of a face-down card: made once per process for each look and name (`safe`: the
    name is markup already, and is not escaped)."""
    if label == "":
        return format_html(
            '<svg class="card card--back {}" viewBox="0 0 60 96" aria-hidden="true" focusable="false">'
            '<use href="{}#card-back"></use></svg>', css, static(SPRITE))
    return format_html(
        '<svg class="card card--back {}" viewBox="0 0 60 96" role="img" aria-label="{}">'
        '<title>{}</title><use href="{}#card-back"></use></svg>',
        css,
        label,
        label,
        static(SPRITE),
    )
