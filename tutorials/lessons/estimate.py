"""Estimate steps, shared by the games: the learner guesses a chance in percent, the engine counts it.

A game's kind subclasses `EstimateKind` and says, in `count`, how many of how many equally likely
cases (unseen cards, possible hands) do what the step asks, with the sentence that shows the count;
this module reads the guess, scores it and writes the verdict, and
`templates/lessons/steps/_estimate_controls.html` is the slider the game's template includes.

Scoring, by the distance between the guess (a whole percent) and the exact chance, in percentage
points: at most SPOT_ON is "spot on" and counts as right for the lesson's progress; at most CLOSE
is "close", told as such but tried again; further is wrong. Every verdict gives the exact count.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from django.http import QueryDict
from django.utils.formats import number_format
from django.utils.translation import gettext as _

from tutorials.core.inputs import whole_number
from tutorials.lessons.steps import BadAnswer, Verdict

SPOT_ON = 5  # percentage points either way: right
CLOSE = 15  # percentage points either way: "close", but not yet right
FIELD = "guess"  # the slider and the number box beside it post the same field


@dataclass(frozen=True)
class Count:
    """An exact chance: `hits` of `total` equally likely cases, and the sentence that shows them
    (written by the game, with `percent_text` for the figure)."""

    hits: int
    total: int
    said: str

    @property
    def chance(self) -> Fraction:
        """The chance in percent, exactly."""
        return Fraction(100 * self.hits, self.total)


def percent(hits: int, total: int) -> float:
    """The chance in percent rounded to one decimal, as a lesson file writes it in `answer`."""
    return float(round(Fraction(100 * hits, total), 1))


def _decimal(value: Fraction | float) -> str:
    """One decimal, none when it is zero: 51.4, 25 (with the language's decimal mark)."""
    rounded = float(round(Fraction(value), 1))
    return number_format(rounded, 0 if rounded == int(rounded) else 1)


def percent_text(hits: int, total: int) -> str:
    """ "51.4%": the exact chance for a person to read."""
    return f"{_decimal(Fraction(100 * hits, total))}%"


def whole_text(n: int) -> str:
    """A count with thousands grouped: 7,770."""
    return number_format(n, force_grouping=True)


def read_guess(answer: QueryDict) -> int:
    """The learner's guess, a whole percent from 0 to 100. The number box comes after the slider
    in the form, so a typed value, when there is one, is the one meant (without JavaScript the two
    are not kept in step)."""
    given = [value for value in answer.getlist(FIELD) if value.strip()]
    guess = whole_number(given[-1], digits=3) if given else None
    if guess is None or guess > 100:
        raise BadAnswer(_("Give your guess as a whole percent from 0 to 100, like 40: move the slider "
                          "or type the number."))
    return guess


def judge(guess: int, count: Count) -> Verdict:
    """Score a guess by its distance from the exact chance, and show the exact count."""
    chance = count.chance
    distance = abs(guess - chance)
    points = _("%(n)s points") % {"n": _decimal(distance)} if distance != 1 else _("1 point")
    side = _("below") if guess < chance else _("above")
    words = {"guess": guess, "points": points, "side": side, "spot": SPOT_ON}
    if distance == 0:
        head = _("Spot on: %(guess)s%% is exactly the chance.") % words
    elif distance <= SPOT_ON:
        head = _("Spot on: your %(guess)s%% is %(points)s %(side)s the exact chance.") % words
    elif distance <= CLOSE:
        head = _("Close: your %(guess)s%% is %(points)s %(side)s the exact chance. Within %(spot)s points "
                 "counts as right.") % words
    else:
        head = _("Your %(guess)s%% is %(points)s %(side)s the exact chance.") % words
    return Verdict(distance <= SPOT_ON, f"{head} {count.said}", percent_text(count.hits, count.total))


class EstimateKind:
    """The shared part of an estimate kind: a game's subclass sets `name`, `template` and
    `validate`, `context` and `count`."""

    interactive = True
    name: str
    template: str

    def count(self, data: dict[str, Any]) -> Count:
        raise NotImplementedError

    def expected(self, data: dict[str, Any]) -> float:
        count = self.count(data)
        return percent(count.hits, count.total)

    def check(self, data: dict[str, Any], answer: QueryDict) -> Verdict:
        guess = read_guess(answer)
        return judge(guess, self.count(data))

    def answer_fields(self, data: dict[str, Any], right: bool = True) -> dict[str, Any]:
        exact = round(self.count(data).chance)
        if not right:  # far outside even "close"
            exact = exact + 40 if exact < 50 else exact - 40
        return {FIELD: str(exact)}
