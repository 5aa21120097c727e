"""The Sette e Mezzo strategy lab: a stand-on rule's exact EV beside the optimal policy's, a chart
of the EV by stand-on total, and the hands where the optimal policy plays otherwise.

The numbers come from `neapolitan.settemezzo.strategy`, cached per dealer rule there."""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from django.http import HttpRequest
from django.template.response import TemplateResponse
from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from neapolitan.i18n import decimal
from neapolitan.settemezzo import DealerPolicy, Rules
from neapolitan.settemezzo.strategy import (
    THRESHOLDS,
    Divergence,
    StandOn,
    bank_edge,
    best_threshold,
    divergences,
    optimal_ev,
    threshold_evs,
)
from neapolitan.settemezzo.values import halves_text
from tutorials.core.games import GAMES_BY_SLUG
from tutorials.core.inputs import whole_number

RULES = Rules()  # the rules reference's defaults; the dealer's rule is the lab's own choice
DEALER_RULES = (4, 5, 6, 7)  # whole totals he stands on; 5 is the casino rule (SETTE-OP-6 B)
DEFAULT_STAND = 10  # stand on 5 or more, in half points
DEFAULT_DEALER = 5
SHOWN_DIVERGENCES = 6


def parse_stand(text: str | None) -> int | None:
    """A stand-on total as written in the form ("5", "5.5", "0.5"), in half points 1..15; else None."""
    text = (text or "").strip()
    whole, half = (text[:-2], 1) if text.endswith(".5") else (text, 0)
    number = whole_number(whole, digits=2)
    if number is None:
        return None
    halves = 2 * number + half
    return halves if halves in THRESHOLDS else None


def stand_value(halves: int) -> str:
    """The form's value for a stand-on total in half points: 11 -> "5.5"."""
    whole, half = divmod(halves, 2)
    return f"{whole}.5" if half else str(whole)


def per_100(value: Fraction) -> str:
    """Stakes per 100 stakes played, to two decimals, with a real minus sign."""
    return decimal(value * 100, 2, signed=True)


def _card_words(cls: int) -> str:
    if cls == 0:
        return _("a figure")
    if cls == 1:
        return _("an Asso")
    if cls == 8:
        return _("the matta")
    return _("a %(n)s") % {"n": cls}


def hand_words(hand: tuple[int, ...]) -> str:
    """`(4, 0)` -> "a 4, then a figure"; `(0, 1, 2)` -> "a figure, then an Asso and a 2"."""
    first = _card_words(hand[0])
    if len(hand) == 1:
        return _("%(card)s alone") % {"card": first}
    words = [_card_words(c) for c in hand[1:]]
    drawn = words[0] if len(words) == 1 else _("%(some)s and %(last)s") % {
        "some": ", ".join(words[:-1]), "last": words[-1]}
    return _("%(first)s, then %(drawn)s") % {"first": first, "drawn": drawn}


def _choice_words(choice: str) -> str:
    return {"card": _("take a card"), "stand": _("stand"), "exchange": _("exchange it"),
            "keep": _("keep it")}[choice]


@dataclass(frozen=True)
class Bar:
    """One bar of the chart: a stand-on total and its EV. Places are in percent of the chart's
    width, written out here (a template would localize a float's decimal point)."""

    halves: int
    label: str
    value: str
    x: str
    width: str
    y: int
    chosen: bool
    best: bool
    negative: bool

    @property
    def bar_y(self) -> int:
        return self.y + 4

    @property
    def text_y(self) -> int:
        return self.y + 17


@dataclass(frozen=True)
class DifferenceRow:
    total: str
    hand: str
    optimal: str
    rule: str
    chance: str
    cost: str


CHART_LEFT, CHART_RIGHT = 12.0, 80.0  # the bars' area, in percent of the chart's width
ROW = 26  # pixels per bar


def _percent(x: float) -> str:
    return f"{x:.2f}"


def chart(evs: dict[int, Fraction], optimal: Fraction, chosen: int, best: int) -> dict:
    """Bars for every stand-on total, a zero line and the optimal policy's line, in percent."""
    low = min(Fraction(0), *evs.values(), optimal)
    high = max(Fraction(0), *evs.values(), optimal)
    span = (high - low) or Fraction(1)

    def at(v: Fraction) -> float:
        return CHART_LEFT + float((v - low) / span) * (CHART_RIGHT - CHART_LEFT)

    zero = at(Fraction(0))
    bars = []
    for i, t in enumerate(THRESHOLDS):
        end = at(evs[t])
        bars.append(Bar(
            halves=t, label=halves_text(t), value=per_100(evs[t]), x=_percent(min(zero, end)),
            width=_percent(max(abs(end - zero), 0.3)), y=4 + i * ROW, chosen=t == chosen, best=t == best,
            negative=evs[t] < 0,
        ))
    return {
        "bars": bars, "zero": _percent(zero), "optimal_x": _percent(at(optimal)),
        "label_x": _percent(CHART_LEFT - 2), "height": 8 + len(THRESHOLDS) * ROW, "bottom": 4 + len(THRESHOLDS) * ROW,
    }


def cost_text(cost: Fraction) -> str:
    """A divergence's cost per 100 stakes: two decimals, or "less than 0.01"."""
    if cost * 100 < Fraction(1, 200):
        return _("less than 0.01")
    return decimal(cost * 100, 2)


def difference_rows(found: tuple[Divergence, ...]) -> list[DifferenceRow]:
    """The divergences in words, the costliest first; a hand reached with or without an exchange
    of the first card is one row (the learner sees the same cards)."""
    merged: dict[tuple, list[Fraction]] = {}
    for d in found:
        entry = merged.setdefault((d.hand, d.total, d.optimal, d.rule), [Fraction(0), Fraction(0)])
        entry[0] += d.chance
        entry[1] += d.cost
    rows = sorted(merged.items(), key=lambda item: (-item[1][1], item[0][0]))
    return [
        DifferenceRow(
            total=halves_text(total), hand=hand_words(hand), optimal=_choice_words(optimal),
            rule=_choice_words(rule),
            chance=_("1 hand in %(n)s") % {"n": number_format(round(1 / chance), force_grouping=True)},
            cost=cost_text(cost),
        )
        for (hand, total, optimal, rule), (chance, cost) in rows
    ]


def lab_context(stand: int, dealer: int) -> dict:
    """Everything the page shows for a stand-on total (half points) and the dealer's total."""
    policy = DealerPolicy(Fraction(dealer))
    evs = threshold_evs(RULES, policy)
    optimal = optimal_ev(RULES, policy)
    best = best_threshold(RULES, policy)
    rows = difference_rows(divergences(RULES, policy, StandOn(stand)))
    return {
        "stand": stand, "stand_text": halves_text(stand), "dealer": dealer,
        "ev": evs[stand], "ev_text": per_100(evs[stand]),
        "optimal": optimal, "optimal_text": per_100(optimal),
        "edge_text": per_100(bank_edge(evs[stand])), "optimal_edge_text": per_100(bank_edge(optimal)),
        "gap_text": per_100(optimal - evs[stand]).lstrip("+"),
        "best": best, "best_text": halves_text(best), "best_ev_text": per_100(evs[best]),
        "chart": chart(evs, optimal, stand, best),
        "differences": rows[:SHOWN_DIVERGENCES],
        "difference_count": len(rows),
    }


def _form_choices() -> dict:
    return {
        "stand_choices": [(stand_value(t), halves_text(t)) for t in THRESHOLDS],
        "dealer_choices": [str(n) for n in DEALER_RULES],
    }


@require_safe
def lab_page(request: HttpRequest) -> TemplateResponse:
    """GET /settemezzo/lab/?stand=5.5&dealer=5: bookmarkable; htmx asks for the results only."""
    context: dict = {"game": GAMES_BY_SLUG["settemezzo"], **_form_choices()}
    stand = parse_stand(request.GET.get("stand", stand_value(DEFAULT_STAND)))
    dealer_text = request.GET.get("dealer", str(DEFAULT_DEALER))
    dealer = whole_number(dealer_text, digits=1)
    error = ""
    if stand is None:
        error = _("The stand-on total must be one of ½, 1, 1½ … 7½. Choose one in the list.")
    elif dealer_text.strip() == "free":
        error = _("The lab cannot value a dealer who draws as he sees fit (SETTE-5.2): choose a fixed rule for him.")
    elif dealer not in DEALER_RULES:
        error = _("The dealer's rule must be to stand on 4, 5, 6 or 7. Choose one in the list.")
    if error:
        context.update(error=error, stand_selected=stand_value(stand or DEFAULT_STAND),
                       dealer=dealer if dealer in DEALER_RULES else DEFAULT_DEALER)
        template = "settemezzo/lab.html#results" if request.htmx else "settemezzo/lab.html"
        return TemplateResponse(request, template, context, status=400)
    assert stand is not None and dealer is not None
    context.update(lab_context(stand, dealer), stand_selected=stand_value(stand))
    template = "settemezzo/lab.html#results" if request.htmx else "settemezzo/lab.html"
    return TemplateResponse(request, template, context)
