"""Scopa's template helpers.

`{% play_rows options re_bello=... testid=... %}`: every legal play with its value, best first
(tutorials/scopa/plays.py `Option` rows), for a puzzle's verdicts and the table coach's advice.
Written in one go rather than by a template loop: a row is a score of small parts (the cards, the
badges, three numbers, the explanation), and each tag of a template loop costs its own rendering,
several times what the text costs here (the verdicts were the larger part of answering a puzzle).

`{% proof_note puzzle %}`: how the verdicts' values were found (and, for a play, what a value
is), in the same words the template's translate and blocktranslate tags wrote, written in one go.

`{% shown_hand position_key %}`: a puzzle's hand once it is answered (nothing to click), read from
the position's text (kept per process) without drawing the whole position; `|re_bello`: whether
rules in their text form count the Re bello."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from django import template
from django.utils.html import conditional_escape, escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from neapolitan.cards import by_rank
from neapolitan.scopa import Rules
from neapolitan.scopa.puzzles import position_view
from tutorials.core.numbers import fixed
from tutorials.core.templatetags.cards import card, cards
from tutorials.core.templatetags.rules import rule_links
from tutorials.puzzles.templatetags.puzzle_tags import percent, signed
from tutorials.scopa.plays import Option
from tutorials.scopa.puzzles import RACE_KIND

register = template.Library()


@dataclass(frozen=True)
class _Words:
    """The row's words in the reader's language, escaped, translated once per list."""

    takes: str
    to_table: str
    best: str
    chosen: str
    value: str
    loss: str
    risk: str

    @classmethod
    def now(cls) -> _Words:
        return _words_in(get_language())


@lru_cache(maxsize=8)
def _words_in(language: str | None) -> _Words:
    """The words in `language`, the active one (the catalogue does not change while the site runs)."""
    return _Words(*(conditional_escape(word) for word in (
        _("takes"), _("to the table"), _("best"), _("your answer"), _("Value"), _("Loss"), _("Scopa risk"))))


@register.simple_tag
def play_rows(options: Iterable[Option], re_bello: bool = False, testid: str = "") -> SafeString:
    words = _Words.now()
    rows = "".join(_row(option, bool(re_bello), words) for option in options)
    return mark_safe(f'<ol class="verdicts" data-testid="{escape(testid or "verdicts")}">{rows}</ol>')


@register.filter
def re_bello(rules_text: str) -> bool:
    """Whether the rules (in their text form) count the Re bello: its card is drawn with a crown."""
    return _rules(rules_text).re_bello


@lru_cache(maxsize=64)
def _rules(rules_text: str) -> Rules:
    return Rules.from_text(rules_text)


@register.simple_tag
def shown_hand(position_key: tuple[str, str, str, str]) -> SafeString:
    """The solver's cards, in rank order, as pictures: `position_key` is (rules, position, card
    chosen, kind), as the puzzle pages give it."""
    rules_text, position = position_key[0], position_key[1]
    view = position_view(position, rules_text)
    return mark_safe("".join(f'<span class="hand-card">{card(c, re_bello=view.rules.re_bello)}</span>'
                             for c in sorted(view.hand, key=by_rank)))


def _row(o: Option, re_bello: bool, w: _Words) -> str:
    kind = "verdicts__item" + (" verdicts__item--best" if o.best else "") + (" verdicts__item--chosen" if o.chosen else "")
    if o.takes:
        takes = f'<span class="verdicts__takes">{w.takes}</span>{cards(o.takes, css="card--tiny", re_bello=re_bello)}'
    else:
        takes = f'<span class="verdicts__takes">{w.to_table}</span>'
    badges = (f'<span class="badge badge--best">{w.best}</span>' if o.best else "") + (
        f'<span class="badge badge--chosen">{w.chosen}</span>' if o.chosen else "")
    error = f' <span class="verdicts__error">± {escape(fixed(o.error, 2))}</span>' if o.error else ""
    return (
        f'<li class="{kind}" data-answer="{escape(o.answer)}">'
        f'<div class="verdicts__play">{card(o.card, css="card--small", re_bello=re_bello)}{takes}</div>'
        f'<div class="verdicts__text"><p class="verdicts__labels">{badges}</p><dl class="verdicts__numbers">'
        f'<div><dt>{w.value}</dt><dd>{escape(signed(o.value, 2))}{error}</dd></div>'
        f'<div><dt>{w.loss}</dt><dd>{escape(fixed(o.loss, 2))}</dd></div>'
        f'<div><dt>{w.risk}</dt><dd>{escape(percent(o.scopa_risk))}</dd></div></dl>'
        f'<p class="verdicts__why">{rule_links(o.explanation)}</p></div></li>'
    )


@register.simple_tag
def proof_note(puzzle: Any) -> SafeString:
    """A Scopa puzzle's (or live question's) note under its verdicts: how its values were proven."""
    proof = puzzle.spec
    race = puzzle.kind.startswith(RACE_KIND)
    method = proof.get("method")
    if race:
        note = _("Counted from the piles: every card still out could yet go to either side, and no way they go can "
                 "change this answer.")
    elif method == "sampled":
        note = _("Values are averages over %(n)s random deals of the cards you have not seen (of %(total)s possible), "
                 "each played out to the end of the hand with open cards; the best play was best in %(c)s of them, and "
                 "with 99%% confidence it leads the next by at least %(low)s points.") % {
            "n": escape(fixed(proof.get("samples"), "0g")), "total": escape(fixed(proof.get("deals"), "0g")),
            "c": escape(percent(puzzle.confidence)), "low": escape(fixed(proof.get("gap_bound"), 2))}
    elif method == "all_deals":
        note = _("Proven over all %(total)s ways the cards you have not seen can lie, each played out to the end of "
                 "the hand with open cards: the values are their exact averages, and the best play was best in %(c)s "
                 "of them.") % {"total": escape(fixed(proof.get("deals"), "0g")), "c": escape(percent(puzzle.confidence))}
    elif method == "known":
        note = _("Every card is known here: the values are exact, played out to the end of the hand.")
    else:
        note = _("Values are averages over a small sample of deals of the cards you have not seen, from before every "
                 "puzzle was proven over all of them; this puzzle is no longer given as a new one.")
    if not race:
        note += " " + _("Value: the points you can expect to win in this hand, less the other side's.")
    return mark_safe(note)  # the catalogue's words, as the translate tags print them; the numbers escaped
