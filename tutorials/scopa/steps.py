"""Scopa's lesson steps: the engine computes every answer and explains every wrong one."""
from __future__ import annotations

from typing import Any

from django.http import QueryDict
from django.utils.translation import gettext as _

from neapolitan.cards import Card, parse_card, parse_cards
from neapolitan.errors import BadNotation
from neapolitan.scopa import Rules, capture_options, primiera, score_hand, why_not_capture
from neapolitan.scopa.scoring import primiera_best_cards
from tutorials.core.inputs import whole_number
from tutorials.lessons.steps import (
    BadAnswer,
    BadContent,
    Verdict,
    cards_field,
    chosen_cards,
    distinct_cards,
    register,
    require,
    rules_field,
)

SIDES = ("0", "1", "none")
CATEGORIES = ("carte", "denari", "settebello", "primiera")


def _rules(data: dict[str, Any]) -> Rules:
    return rules_field(data, Rules, variant=data.get("variant", "SCOPA_2P"))


def _text(cards: frozenset[Card] | list[Card]) -> str:
    return "+".join(str(c) for c in sorted(cards, key=lambda c: c.by_rank))


def _names(cards: frozenset[Card] | list[Card]) -> str:
    return ", ".join(c.italian_name for c in sorted(cards, key=lambda c: c.by_rank))


def _italian(card: Card) -> str:
    return card.italian_name


class CaptureStep:
    """"Tap the cards this card captures": every legal capture is accepted, each illegal one explained."""

    name = "capture"
    interactive = True
    template = "scopa/steps/_capture.html"

    def validate(self, data: dict[str, Any]) -> None:
        require(data, "prompt", "play", "hint")
        distinct_cards([self._played(data)], cards_field(data, "table"))
        _rules(data)

    def _played(self, data: dict[str, Any]) -> Card:
        cards = cards_field(data, "play")
        if len(cards) != 1:
            raise BadContent("play: exactly one card")
        return cards[0]

    def context(self, data: dict[str, Any]) -> dict[str, Any]:
        return {"table": cards_field(data, "table"), "played": self._played(data)}

    def check(self, data: dict[str, Any], answer: QueryDict) -> Verdict:
        table, played, rules = cards_field(data, "table"), self._played(data), _rules(data)
        chosen = [] if answer.get("nothing") else chosen_cards(
            answer, table, _("Choose only cards that are on the table, each once."))
        legal = [o for o in capture_options(played, table, rules) if o]
        solution = " / ".join(_names(o) for o in legal) or _("nothing: it is laid on the table")
        reason = why_not_capture(played, table, chosen, rules, name=_italian)
        if reason is None:
            done = _("%(card)s takes %(cards)s.") % {"card": played.italian_name, "cards": _names(chosen)} if chosen \
                else _("%(card)s takes nothing: it is laid on the table.") % {"card": played.italian_name}
            others = [o for o in legal if o != frozenset(chosen)]
            if others:
                done += " " + _("It could also take %(cards)s: the choice is yours.") % {
                    "cards": " / ".join(_names(o) for o in others)}
            return Verdict(True, done, solution)
        return Verdict(False, reason[0], solution)

    def expected(self, data: dict[str, Any]) -> str:
        legal = capture_options(self._played(data), cards_field(data, "table"), _rules(data))
        return "|".join(sorted(_text(o) for o in legal if o))

    def answer_fields(self, data: dict[str, Any], right: bool = True) -> dict[str, Any]:
        first = self.expected(data).split("|")[0]
        takes = {"cards": first.split("+")} if first else {"nothing": "1"}
        if right:
            return takes
        return {"nothing": "1"} if first else {"cards": [str(cards_field(data, "table")[0])]}


class SweepStep:
    """"Which card in your hand sweeps the table?" (or none of them)."""

    name = "sweep"
    interactive = True
    template = "scopa/steps/_sweep.html"

    def validate(self, data: dict[str, Any]) -> None:
        require(data, "prompt", "hand", "table", "hint")
        distinct_cards(cards_field(data, "hand"), cards_field(data, "table"))
        _rules(data)

    def context(self, data: dict[str, Any]) -> dict[str, Any]:
        return {"hand": cards_field(data, "hand"), "table": cards_field(data, "table")}

    def sweepers(self, data: dict[str, Any]) -> list[Card]:
        table, rules = cards_field(data, "table"), _rules(data)
        whole = frozenset(table)
        return [c for c in cards_field(data, "hand") if whole in capture_options(c, table, rules)]

    def check(self, data: dict[str, Any], answer: QueryDict) -> Verdict:
        hand, table, rules = cards_field(data, "hand"), cards_field(data, "table"), _rules(data)
        choice = answer.get("card", "")
        sweepers = self.sweepers(data)
        solution = _names(sweepers) if sweepers else _("none of them")
        if choice == "none":
            if not sweepers:
                return Verdict(True, _("No card in your hand takes every card on the table."), solution)
            return Verdict(False, _("%(card)s takes the whole table.") % {"card": _names(sweepers)}, solution)
        try:
            card = parse_card(choice)
        except BadNotation:
            raise BadAnswer(_("Choose a card from your hand, or “none of them”.")) from None
        if card not in hand:
            raise BadAnswer(_("That card is not in your hand."))
        if card in sweepers:
            return Verdict(True, _("%(card)s takes every card on the table: a scopa!") % {
                "card": card.italian_name}, solution)
        options = [o for o in capture_options(card, table, rules) if o]
        if not options:
            why = _("%(card)s captures nothing here.") % {"card": card.italian_name}
        else:
            left = [c for c in table if c not in options[0]]
            why = _("%(card)s takes %(taken)s but leaves %(left)s.") % {
                "card": card.italian_name, "taken": _names(options[0]), "left": _names(left)}
        return Verdict(False, why, solution)

    def expected(self, data: dict[str, Any]) -> str:
        return " ".join(str(c) for c in self.sweepers(data)) or "none"

    def answer_fields(self, data: dict[str, Any], right: bool = True) -> dict[str, Any]:
        sweeper = self.expected(data).split()[0]
        if right:
            return {"card": sweeper}
        return {"card": "none"} if sweeper != "none" else {"card": str(cards_field(data, "hand")[0])}


class PrimieraStep:
    """"Count this pile's primiera" (a number, or "a suit is missing")."""

    name = "primiera"
    interactive = True
    template = "scopa/steps/_primiera.html"

    def validate(self, data: dict[str, Any]) -> None:
        require(data, "prompt", "pile", "hint")
        distinct_cards(cards_field(data, "pile"))

    def context(self, data: dict[str, Any]) -> dict[str, Any]:
        return {"pile": cards_field(data, "pile")}

    def check(self, data: dict[str, Any], answer: QueryDict) -> Verdict:
        pile = cards_field(data, "pile")
        value = primiera(pile)
        best = primiera_best_cards(pile)
        sum_text = " + ".join(f"{c.italian_name} ({c.primiera_value})" for c in best)
        given = answer.get("value", "").strip()
        if value is None:
            solution = _("incomplete: a suit is missing")
            why = _("The pile has no card of one suit, so its primiera is incomplete (SCOPA-9.2).")
            return Verdict(given == "incomplete", why, solution)
        solution = str(value)
        why = _("Best card of each suit: %(cards)s = %(total)s.") % {"cards": sum_text, "total": value}
        if given == "incomplete":
            return Verdict(False, _("Every suit is in the pile. ") + why, solution)
        number = whole_number(given, digits=3)
        if number is None:
            raise BadAnswer(_("Type the primiera as a number, like 76."))
        return Verdict(number == value, why, solution)

    def expected(self, data: dict[str, Any]) -> int | str:
        value = primiera(cards_field(data, "pile"))
        return "incomplete" if value is None else value

    def answer_fields(self, data: dict[str, Any], right: bool = True) -> dict[str, Any]:
        value = str(self.expected(data))
        return {"value": value if right else ("1" if value != "1" else "2")}


class PointsStep:
    """"Who wins each point of this hand?": carte, denari, settebello and primiera for two piles."""

    name = "points"
    interactive = True
    template = "scopa/steps/_points.html"

    def validate(self, data: dict[str, Any]) -> None:
        require(data, "prompt", "piles", "hint")
        piles = data["piles"]
        if not isinstance(piles, list) or len(piles) != 2:
            raise BadContent("piles: two piles, yours then your opponent's")
        distinct_cards(*[parse_cards(p) for p in piles])

    def _piles(self, data: dict[str, Any]) -> list[list[Card]]:
        return [parse_cards(p) for p in data["piles"]]

    def context(self, data: dict[str, Any]) -> dict[str, Any]:
        piles = self._piles(data)
        names = [_("Your pile"), _("Your opponent's pile")]
        return {"piles": list(zip(names, piles, strict=True)), "categories": self._labels()}

    def _labels(self) -> list[tuple[str, str]]:
        return [("carte", _("Carte")), ("denari", _("Denari")), ("settebello", _("Settebello")),
                ("primiera", _("Primiera"))]

    def winners(self, data: dict[str, Any]) -> dict[str, str]:
        score = score_hand(self._piles(data), rules=Rules())
        found = {}
        for category in CATEGORIES:
            winner = score.winner_of(category)
            found[category] = "none" if winner is None else str(winner)
        return found

    def check(self, data: dict[str, Any], answer: QueryDict) -> Verdict:
        given = {c: answer.get(c, "") for c in CATEGORIES}
        if any(v not in SIDES for v in given.values()):
            raise BadAnswer(_("Choose who wins each of the four points."))
        right = self.winners(data)
        piles = self._piles(data)
        score = score_hand(piles, rules=Rules())
        who = {"0": _("you"), "1": _("your opponent"), "none": _("nobody")}
        lines = []
        for category, label in self._labels():
            a, b = score.sides
            detail = {
                "carte": f"{a.cards}–{b.cards}", "denari": f"{a.denari}–{b.denari}",
                "settebello": "", "primiera": f"{a.primiera or '—'}–{b.primiera or '—'}",
            }[category]
            mark = "✓" if given[category] == right[category] else "✗"
            lines.append(f"{mark} {label}: {who[right[category]]}" + (f" ({detail})" if detail else ""))
        correct = given == right
        return Verdict(correct, "; ".join(lines) + ".", "; ".join(
            f"{label}: {who[right[c]]}" for c, label in self._labels()))

    def expected(self, data: dict[str, Any]) -> dict[str, str]:
        return self.winners(data)

    def answer_fields(self, data: dict[str, Any], right: bool = True) -> dict[str, Any]:
        winners = self.winners(data)
        return winners if right else {c: ("none" if w != "none" else "0") for c, w in winners.items()}


for kind in (CaptureStep(), SweepStep(), PrimieraStep(), PointsStep()):
    register(kind)
