"""Puzzle template helpers: `{% has_puzzles %}` and `{% todays_puzzle %}` for the home pages, number filters."""
from datetime import datetime, timedelta

from django import template
from django.utils import timezone
from django.utils.timesince import timesince, timeuntil
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext as _

from neapolitan.i18n import decimal
from neapolitan.i18n import percent as to_percent
from tutorials.core.numbers import fixed
from tutorials.puzzles.registry import KINDS, PUZZLE_GAMES
from tutorials.puzzles.selectors import (
    DailyPuzzle,
    RatingView,
    served,
    standings,
    todays_puzzle_of_any_game,
)
from tutorials.puzzles.selectors import todays_puzzle as pick_todays_puzzle

register = template.Library()


@register.simple_tag
def has_puzzles(game: str) -> bool:
    return game in PUZZLE_GAMES and served(game).exists()


@register.simple_tag
def todays_puzzle(game: str = "") -> DailyPuzzle | None:
    """The game's puzzle of the day; without a game, the home page's (the games take turns)."""
    if not game:
        return todays_puzzle_of_any_game()
    return pick_todays_puzzle(game) if game in PUZZLE_GAMES else None


@register.simple_tag(takes_context=True)
def puzzle_standing(context: template.Context, game: str) -> tuple[RatingView, int] | None:
    """The learner's puzzle rating in `game` and how many failed puzzles are due for review."""
    if game not in PUZZLE_GAMES:
        return None
    return _standings(context["request"])[game]


@register.simple_tag(takes_context=True)
def reviews_due_everywhere(context: template.Context) -> int:
    """How many missed puzzles are due for review, in every game."""
    return sum(due for _rating, due in _standings(context["request"]).values())


def _standings(request) -> dict:
    if not hasattr(request, "_puzzle_standings"):  # one look-up for every game on the page
        request._puzzle_standings = standings(request)
    return request._puzzle_standings


@register.filter
def kind_label(kind: str) -> str:
    return str(KINDS.get(kind, kind))


@register.filter
def signed(value: float | None, places: int = 2) -> str:
    """+1.25 / −0.50 / ±0 (a real minus sign)."""
    if value is None:
        return ""
    text = f"{abs(value):.{int(places)}f}"
    if float(text) == 0:
        return f"±{decimal(0, int(places))}"
    return decimal(value, int(places), signed=True)


@register.filter
def percent(value: float | None) -> str:
    return "" if value is None else to_percent(value)


@register.filter
def percent1(value: float | None) -> str:
    """'12.5%': a probability to a tenth of a percent."""
    return "" if value is None else to_percent(value, 1)


@register.filter
def points(value: float | None, unit: str = "points") -> str:
    """'0.75 points' / '1 point'; with unit "stakes", '0.75 stakes' / '1 stake'."""
    if value is None:
        return ""
    text = fixed(value, -2)  # rounded as the verdict table rounds, "1" rather than "1.00"
    one = 1 if text == "1" else 2
    if unit == "percentage points":
        return _("%(n)s percentage points") % {"n": decimal(100 * value, 1)}
    if unit == "chips":
        return ngettext("%(n)s chip", "%(n)s chips", one) % {"n": text}
    if unit == "stakes":
        return ngettext("%(n)s stake", "%(n)s stakes", one) % {"n": text}
    return ngettext("%(n)s point", "%(n)s points", one) % {"n": text}


@register.filter
def due_in(when: datetime) -> str:
    """'in a minute or less' / 'in 3 days': when a review comes back."""
    if when - timezone.now() < timedelta(minutes=1):
        return gettext("in a minute or less")
    return gettext("in %(time)s") % {"time": timeuntil(when)}


@register.filter
def ago(when: datetime) -> str:
    if timezone.now() - when < timedelta(minutes=1):
        return gettext("just now")
    return gettext("%(time)s ago") % {"time": timesince(when)}
