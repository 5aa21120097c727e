"""Stoppa's lesson steps: the engine (neapolitan.stoppa) computes every answer and explains every wrong one."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from math import comb
from typing import Any

from django.http import QueryDict
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from neapolitan.cards import PRIMIERA_VALUE, RANK_NAMES, SUIT_NAMES, Card, parse_cards
from neapolitan.errors import BadNotation, IllegalAction
from neapolitan.stoppa import (
    Action,
    DealState,
    Event,
    Rules,
    deal,
    position,
    punto,
    punto_cards,
    shed,
)
from neapolitan.stoppa.odds import beat_odds, break_even
from neapolitan.stoppa.stoppata import (
    Stoppata,
    cancels,
    legal_sheds,
    needed,
    payment,
    played_counts,
)
from tutorials.core.inputs import whole_number
from tutorials.lessons.estimate import Count, EstimateKind, percent_text, whole_text
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

RANK_PLURALS = {1: "Assi", 2: "Due", 3: "Tre", 4: "Quattro", 5: "Cinque", 6: "Sei", 7: "Sette",
                8: "Fanti", 9: "Cavalli", 10: "Re"}
MAX_TURN_PLAYS = 40  # a turn never lays more cards than a hand holds


# -- reading a step's data ------------------------------------------------------------------------
def _hands(data: dict[str, Any], key: str = "hands") -> list[list[Card]]:
    hands = data.get(key)
    if not isinstance(hands, list) or not hands:
        raise BadContent(f"{key}: a list of hands, one per player in seat order")
    try:
        return [parse_cards(str(h)) for h in hands]
    except BadNotation as error:
        raise BadContent(f"{key}: {error}") from None


def _rules(data: dict[str, Any]) -> Rules:
    return rules_field(data, Rules, players=data.get("players", 4), misera=data.get("misera", 1))


def _names(data: dict[str, Any], rules: Rules) -> list[str]:
    names = data.get("names")
    if not isinstance(names, list) or len(names) != rules.players or not all(isinstance(n, str) and n for n in names):
        raise BadContent(f"names: one name per player ({rules.players}), di mano first, the dealer last")
    return names


def _int(data: dict[str, Any], key: str, low: int = 0) -> int:
    value = data.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or value < low:
        raise BadContent(f"{key}: a whole number, at least {low}")
    return value


def _number(answer: QueryDict, message: str, field: str = "value") -> int:
    number = whole_number(answer.get(field), digits=4)
    if number is None:
        raise BadAnswer(message)
    return number


class NumberAnswer:
    """For steps answered by typing the engine's number in the `value` field: a right answer
    posts it, a wrong one the next number up."""

    def answer_fields(self, data: dict[str, Any], right: bool = True) -> dict[str, Any]:
        value = self.expected(data)  # type: ignore[attr-defined]
        return {"value": str(value if right else value + 1)}


def _rank(rank: int) -> str:
    return f"{RANK_NAMES[rank]} ({rank})" if rank >= 8 else RANK_NAMES[rank]


def _card_list(cards: Sequence[Card]) -> str:
    return ", ".join(c.italian_name for c in cards)


def _chips(amount: int) -> str:
    return ngettext("%(n)d chip", "%(n)d chips", amount) % {"n": amount}


# -- the punto ------------------------------------------------------------------------------------
def punto_sum(cards: Sequence[Card]) -> str:
    """"Sette di Denari (21) + Sei di Denari (18) + Asso di Denari (16) = 55": the engine's punto spelled out."""
    best = punto_cards(cards)
    parts = " + ".join(f"{c.italian_name} ({PRIMIERA_VALUE[c.rank]})" for c in best)
    return f"{parts} = {punto(cards)}" if len(best) > 1 else f"{parts}"


class PuntoStep(NumberAnswer):
    """"What is the punto of these cards?": a three-card hand (punto piccolo) or a whole hand (punto grosso)."""

    name = "stoppa_punto"
    interactive = True
    template = "stoppa/steps/_stoppa_punto.html"

    def validate(self, data: dict[str, Any]) -> None:
        require(data, "prompt", "cards", "hint")
        cards = cards_field(data, "cards")
        if not 1 <= len(cards) <= 13:
            raise BadContent("cards: one to thirteen cards")
        distinct_cards(cards)

    def context(self, data: dict[str, Any]) -> dict[str, Any]:
        cards = cards_field(data, "cards")
        return {"cards": cards, "small": len(cards) > 5}

    def check(self, data: dict[str, Any], answer: QueryDict) -> Verdict:
        cards = cards_field(data, "cards")
        value = punto(cards)
        given = _number(answer, _("Type the punto as a number, like 55."))
        best = punto_cards(cards)
        suit = SUIT_NAMES[best[0].suit]
        why = _("The best suit is %(suit)s: %(sum)s.") % {"suit": suit, "sum": punto_sum(cards)}
        same_suit = [c for c in cards if c.suit == best[0].suit]
        left_out = [c for c in same_suit if c not in best]
        if left_out:
            why += " " + _("Only three cards of a suit count, so %(cards)s is left out.") % {
                "cards": _card_list(left_out)}
        if given != value:
            why = self._mistake(cards, best, given) + why
        return Verdict(given == value, why, str(value))

    def _mistake(self, cards: list[Card], best: tuple[Card, ...], given: int) -> str:
        """What the learner probably did, recognised from the number he typed."""
        if given == sum(c.rank for c in best):
            return _("Cards count on the punto scale, not by their number: a 7 is worth 21, a 6 18, "
                     "an Asso 16 and a figure 10. ")
        if len(cards) <= 3 and given == sum(PRIMIERA_VALUE[c.rank] for c in cards) and len({c.suit for c in cards}) > 1:
            return _("Cards of different suits never add up: only one suit counts. ")
        same = [c for c in cards if c.suit == best[0].suit]
        if len(same) > 3 and given == sum(PRIMIERA_VALUE[c.rank] for c in same):
            return _("You added every card of the suit, but only the best three count. ")
        return ""

    def expected(self, data: dict[str, Any]) -> int:
        return punto(cards_field(data, "cards"))


# -- the contest: misere, bets, the showdown ------------------------------------------------------
class MiseraStep(NumberAnswer):
    """How much is paid into the pot, and when (the misere): worked out from the engine's rules and deal."""

    name = "stoppa_misera"
    interactive = True
    template = "stoppa/steps/_stoppa_misera.html"
    ASKS = ("hands", "pot_first_hand", "phase2_each", "per_deal")

    def validate(self, data: dict[str, Any]) -> None:
        require(data, "prompt", "ask", "hint")
        if data["ask"] not in self.ASKS:
            raise BadContent(f"ask: one of {', '.join(self.ASKS)}")
        _rules(data)

    def context(self, data: dict[str, Any]) -> dict[str, Any]:
        rules = _rules(data)
        return {"players": rules.players, "misera": rules.misera, "cards_each": rules.cards_each}

    def value(self, data: dict[str, Any]) -> int:
        rules = _rules(data)
        hands = rules.hands_in_phase1
        return {
            "hands": hands,
            "pot_first_hand": deal(rules, seed="lesson").pot,  # the engine's deal, misere collected
            "phase2_each": rules.misera * hands,
            "per_deal": rules.misera * (hands + 1),
        }[data["ask"]]

    def check(self, data: dict[str, Any], answer: QueryDict) -> Verdict:
        rules = _rules(data)
        value = self.value(data)
        given = _number(answer, _("Type a number of chips (or of hands), like 5."))
        n, m, h = rules.players, rules.misera, rules.hands_in_phase1
        cards = _("With %(n)d players everyone gets %(c)d cards: %(h)s of three cards in the first phase.") % {
            "n": n, "c": rules.cards_each, "h": ngettext("%(h)d hand", "%(h)d hands", h) % {"h": h}}
        why = {
            "hands": cards,
            "pot_first_hand": _("Each of the %(n)d players pays the misera (%(m)s), and the dealer pays one more "
                                "before the first hand: %(n)d × %(m)d + %(m)d = %(v)d.") % {
                "n": n, "m": m, "v": value},
            "phase2_each": cards + " " + _("So everyone but the dealer pays %(m)d × %(h)d = %(v)s when the "
                                           "punto grosso begins.") % {"m": m, "h": h, "v": _chips(value)},
            "per_deal": cards + " " + _("Everyone pays the misera at the start and one more per hand: "
                                        "(%(h)d + 1) × %(m)d = %(v)s. The dealer pays his share hand by "
                                        "hand, the others all at once before the punto grosso.") % {
                "m": m, "h": h, "v": _chips(value)},
        }[data["ask"]]
        return Verdict(given == value, why, str(value))

    def expected(self, data: dict[str, Any]) -> int:
        return self.value(data)


def _contest(data: dict[str, Any]) -> tuple[DealState, list[Event], DealState]:
    """The Phase I contest of the step played by the engine: (the state before the bets, every event,
    the state after them). BadContent when a bet is illegal."""
    rules = _rules(data)
    raw = data.get("hands") or [""] * rules.players
    hands = _hands({"hands": raw})
    if len(hands) != rules.players:
        raise BadContent(f"hands: one per player ({rules.players})")
    distinct_cards(*hands)
    bets = data.get("bets", [])
    if not isinstance(bets, list):
        raise BadContent("bets: a list such as [\"pass\", \"open 2\", \"call\"]")
    start = position(rules, hands, pot=_int(data, "pot", low=0))
    state, events = start, []
    for number, text in enumerate(bets, start=1):
        try:
            state = state.apply(Action.parse(str(text)))
        except (BadNotation, IllegalAction) as error:
            raise BadContent(f"bets #{number} ({text}): {error}") from None
        events += state.events
        if any(e.kind == "award" for e in state.events):
            if number != len(bets):
                raise BadContent(f"bets #{number}: the contest is over after it")
            break
    return start, events, state


def _bet_line(event: Event, names: list[str]) -> str:
    who = names[event.seat]
    return {
        "pass": _("%(who)s passes."),
        "open": _("%(who)s opens with %(amount)s."),
        "call": _("%(who)s sees the bet: %(amount)s."),
        "raise": _("%(who)s raises: pays %(amount)s."),
        "fold": _("%(who)s folds."),
    }[event.kind] % {"who": who, "amount": _chips(event.amount)}


class ShowdownStep:
    """"Who takes the pot?": the engine plays the bets of a Phase I contest and its showdown."""

    name = "stoppa_showdown"
    interactive = True
    template = "stoppa/steps/_stoppa_showdown.html"

    def validate(self, data: dict[str, Any]) -> None:
        require(data, "prompt", "names", "hands", "pot", "bets", "hint")
        _names(data, _rules(data))
        self.play(data)

    def play(self, data: dict[str, Any]) -> list[Event]:
        """Every event of the contest to its award; at the showdown each player shows when he can beat
        the best punto shown so far (STOPPA-6.8)."""
        _start, events, state = _contest(data)
        while not any(e.kind == "award" for e in events):
            contest = state.contest
            if contest is None or contest.stage != "show":
                raise BadContent("bets: the betting is not over; add the missing bets")
            state = state.apply(Action("show"))
            events += state.events
        return events

    def context(self, data: dict[str, Any]) -> dict[str, Any]:
        rules = _rules(data)
        names = _names(data, rules)
        start, events, _state = _contest(data)
        hands = _hands(data)
        roles = {start.di_mano: _("di mano"), start.dealer: _("dealer")}
        players = [(seat, names[seat], roles.get(seat, ""), hands[seat]) for seat in range(rules.players)]
        bets = [_bet_line(e, names) for e in events if e.kind in ("pass", "open", "call", "raise", "fold")]
        return {"players": players, "pot": data["pot"], "bets": bets}

    def winner(self, data: dict[str, Any]) -> tuple[int, int, list[Event]]:
        events = self.play(data)
        award = next(e for e in events if e.kind == "award")
        return award.seat, award.amount, events

    def check(self, data: dict[str, Any], answer: QueryDict) -> Verdict:
        rules = _rules(data)
        names = _names(data, rules)
        chosen = whole_number(answer.get("choice"), digits=1)
        if chosen is None or chosen >= rules.players:
            raise BadAnswer(_("Choose one of the players."))
        seat, amount, events = self.winner(data)
        award = next(e for e in events if e.kind == "award")
        lines = []
        best = -1
        for e in events:
            if e.kind == "show":
                if best < 0:
                    lines.append(_("%(who)s's bet was seen, so %(who)s shows first: %(value)d (%(cards)s).") % {
                        "who": names[e.seat], "value": e.value, "cards": _card_list(e.cards)})
                else:
                    lines.append(_("%(who)s beats it and shows %(value)d (%(cards)s).") % {
                        "who": names[e.seat], "value": e.value, "cards": _card_list(e.cards)})
                best = max(best, e.value)
            elif e.kind == "concede":
                mine = punto(_hands(data)[e.seat])
                word = _("the same") if mine == best else _("less")
                lines.append(_("%(who)s has %(value)d, %(word)s, so says “mi basta”.") % {
                    "who": names[e.seat], "value": mine, "word": word})
        if award.how == "all_pass":
            lines.append(_("Everyone passed, so the dealer, %(who)s, takes the pot: %(amount)s.") % {
                "who": names[seat], "amount": _chips(amount)})
        elif award.how == "uncontested":
            lines.append(_("Nobody else is left in the contest, so %(who)s takes the pot (%(amount)s) "
                           "without showing.") % {"who": names[seat], "amount": _chips(amount)})
        else:
            lines.append(_("%(who)s takes the pot: %(amount)s.") % {"who": names[seat], "amount": _chips(amount)})
        why = " ".join(lines)
        if chosen != seat:
            why = self._mistake(data, names, chosen, seat, events) + why
        return Verdict(chosen == seat, why, names[seat])

    def _mistake(self, data: dict[str, Any], names: list[str], chosen: int, seat: int, events: list[Event]) -> str:
        acted = {e.seat: e.kind for e in events if e.kind in ("pass", "fold")}
        if acted.get(chosen) == "pass" and not (chosen == seat):
            return _("%(who)s passed, and a player who passes is out of the contest. ") % {"who": names[chosen]}
        if acted.get(chosen) == "fold":
            return _("%(who)s folded and lost any claim to the pot. ") % {"who": names[chosen]}
        hands = _hands(data)
        if punto(hands[chosen]) == punto(hands[seat]):
            return _("A tie goes to whoever showed first. ")
        return ""

    def expected(self, data: dict[str, Any]) -> str:
        return _names(data, _rules(data))[self.winner(data)[0]]

    def answer_fields(self, data: dict[str, Any], right: bool = True) -> dict[str, Any]:
        seat = self.winner(data)[0]
        return {"choice": str(seat if right else (seat + 1) % _rules(data).players)}


class BetStep(NumberAnswer):
    """"What is the most (or least) you may open or raise?": the engine's bounds after the bets so far."""

    name = "stoppa_bet"
    interactive = True
    template = "stoppa/steps/_stoppa_bet.html"

    def validate(self, data: dict[str, Any]) -> None:
        require(data, "prompt", "names", "pot", "hint")
        if data.get("ask", "most") not in ("most", "least"):
            raise BadContent("ask: most or least")
        _names(data, _rules(data))
        self.bounds(data)

    def bounds(self, data: dict[str, Any]) -> tuple[str, int, int, int, int]:
        """(open or raise, the seat to act, the lowest, the highest, what he must pay first to see)."""
        _start, _events, state = _contest(data)
        contest = state.contest
        if contest is None or contest.stage not in ("open", "bet") or any(e.kind == "award" for e in _events):
            raise BadContent("bets: the contest must still be in its betting")
        seat = contest.to_act
        if contest.stage == "open":
            found = state.open_bounds(seat)
            to_call = 0
        else:
            found = state.raise_bounds(seat)
            to_call = state.to_call(seat)
        if not found or not found[1]:
            raise BadContent("rules: ask only about a bet with an upper limit")
        return contest.stage, seat, found[0], found[1], to_call

    def context(self, data: dict[str, Any]) -> dict[str, Any]:
        names = _names(data, _rules(data))
        start, events, state = _contest(data)
        stage, seat, *_rest = self.bounds(data)
        bets = [_bet_line(e, names) for e in events]
        return {"pot": data["pot"], "bets": bets, "who": names[seat], "raising": stage == "bet",
                "pot_now": state.pot, "ask": data.get("ask", "most"), "di_mano": names[start.di_mano],
                "dealer": names[start.dealer]}

    def check(self, data: dict[str, Any], answer: QueryDict) -> Verdict:
        rules = _rules(data)
        names = _names(data, rules)
        stage, seat, low, high, to_call = self.bounds(data)
        _start, _events, state = _contest(data)
        value = high if data.get("ask", "most") == "most" else low
        given = _number(answer, _("Type a number of chips, like 3."))
        if stage == "open":
            why = _("Nobody has opened yet and the pot holds %(pot)s. An opening is at least the misera "
                    "(%(m)s) and at most the pot, so %(who)s may open with %(low)d to %(high)d.") % {
                "pot": _chips(state.pot), "m": _chips(rules.misera), "who": names[seat], "low": low, "high": high}
        else:
            why = _("The pot holds %(pot)s. To stay in, %(who)s must first pay %(call)s to see the bet; "
                    "the pot would then hold %(after)d. A raise is at least the misera (%(m)s) and at most "
                    "that pot: from %(low)d to %(high)d.") % {
                "pot": _chips(state.pot), "who": names[seat], "call": _chips(to_call),
                "after": state.pot + to_call, "m": _chips(rules.misera), "low": low, "high": high}
            if given == state.pot and given != value:
                why = _("Count the chips %(who)s pays to see the bet: they are in the pot before the raise. ") % {
                    "who": names[seat]} + why
        return Verdict(given == value, why, str(value))

    def expected(self, data: dict[str, Any]) -> int:
        _stage, _seat, low, high, _call = self.bounds(data)
        return high if data.get("ask", "most") == "most" else low


# -- the stoppata ---------------------------------------------------------------------------------
def _run(data: dict[str, Any], rules: Rules) -> tuple[list[Card], list[Card], Stoppata]:
    """The cards of earlier runs, the current run and the engine's Stoppata for them."""
    table, run = cards_field(data, "table"), cards_field(data, "run")
    distinct_cards(table, run)
    counts = played_counts(tuple(table + run))
    for rank in range(1, 11):
        if counts[rank] > rules.copies(rank):
            raise BadContent(f"table/run: more cards of rank {rank} than the pack holds")
    top = run[-1].rank if run else 0
    stoppata = Stoppata(turn=0, top=top, played=tuple(table + run), run_from=len(table))
    return table, run, stoppata


def _why_needed(top: int, stoppata: Stoppata, rules: Rules) -> str:
    """"The run is at 6; all four Sette are on the table, so it needs a Fante (8).": from `needed`."""
    counts = played_counts(stoppata.played)
    rank = needed(top, counts, rules)
    gone = [r for r in range(top + 1, (rank or 11)) if counts[r] >= rules.copies(r)]
    parts = [_("The run is at %(rank)s.") % {"rank": _rank(top)}]
    for r in gone:
        if rules.copies(r) == 0:
            parts.append(_("There are no Re in the pack with %(n)d players.") % {"n": rules.players})
        else:
            parts.append(_("All %(count)d %(plural)s are already on the table.") % {
                "count": rules.copies(r), "plural": RANK_PLURALS[r]})
    if rank is None:
        parts.append(_("Nothing can go above it: the run is closed, and the same player starts a new one."))
    else:
        parts.append(_("The next card is a %(rank)s, of any suit.") % {"rank": _rank(rank)})
    return " ".join(parts)


class NeededStep:
    """"Which card continues this run?" (a rank, or "the run is closed")."""

    name = "stoppa_needed"
    interactive = True
    template = "stoppa/steps/_stoppa_needed.html"

    def validate(self, data: dict[str, Any]) -> None:
        require(data, "prompt", "run", "hint")
        _run(data, _rules(data))
        if not cards_field(data, "run"):
            raise BadContent("run: at least one card")

    def context(self, data: dict[str, Any]) -> dict[str, Any]:
        table, run, _st = _run(data, _rules(data))
        return {"table": table, "run": run, "players": _rules(data).players}

    def rank(self, data: dict[str, Any]) -> int | None:
        rules = _rules(data)
        _table, _r, st = _run(data, rules)
        return needed(st.top, played_counts(st.played), rules)

    def check(self, data: dict[str, Any], answer: QueryDict) -> Verdict:
        rules = _rules(data)
        _table, _r, st = _run(data, rules)
        rank = self.rank(data)
        why = _why_needed(st.top, st, rules)
        if answer.get("value") == "closed":
            return Verdict(rank is None, why, "closed" if rank is None else str(rank))
        given = _number(answer, _("Type the rank the run needs, from 1 to 10 (8 Fante, 9 Cavallo, 10 Re), "
                                  "or say the run is closed."))
        if not 1 <= given <= 10:
            raise BadAnswer(_("Ranks go from 1 (Asso) to 10 (Re)."))
        return Verdict(given == rank, why, "closed" if rank is None else str(rank))

    def expected(self, data: dict[str, Any]) -> int | str:
        rank = self.rank(data)
        return "closed" if rank is None else rank

    def answer_fields(self, data: dict[str, Any], right: bool = True) -> dict[str, Any]:
        rank = self.rank(data)
        if right:
            return {"value": "closed" if rank is None else str(rank)}
        return {"value": "closed"} if rank is not None else {"value": "10"}


def _play_text(play: Action) -> str:
    return "+".join(str(c) for c in play.cards)


class PlaysStep:
    """"Your turn: which card(s) do you lay?" Any legal play is right; an illegal one is explained."""

    name = "stoppa_plays"
    interactive = True
    template = "stoppa/steps/_stoppa_plays.html"

    def validate(self, data: dict[str, Any]) -> None:
        require(data, "prompt", "hand", "hint")
        rules = _rules(data)
        table, run, _st = _run(data, rules)
        hand = cards_field(data, "hand")
        if not hand:
            raise BadContent("hand: at least one card")
        distinct_cards(table, run, hand)

    def _setup(self, data: dict[str, Any]) -> tuple[Rules, list[Card], list[Card], Stoppata]:
        rules = _rules(data)
        _table, run, st = _run(data, rules)
        return rules, run, cards_field(data, "hand"), st

    def legal(self, data: dict[str, Any]) -> list[Action]:
        rules, _run_cards, hand, st = self._setup(data)
        return legal_sheds(tuple(hand), st, rules)

    def context(self, data: dict[str, Any]) -> dict[str, Any]:
        rules, run, hand, _st = self._setup(data)
        return {"table": cards_field(data, "table"), "run": run, "hand": hand, "players": rules.players}

    def check(self, data: dict[str, Any], answer: QueryDict) -> Verdict:
        rules, run, hand, st = self._setup(data)
        legal = self.legal(data)
        solution = " / ".join(" + ".join(c.italian_name for c in p.cards) for p in legal) or _("no card: the turn passes")
        about = _why_needed(st.top, st, rules) + " " if st.top else ""
        if answer.get("nothing"):
            if not legal:
                return Verdict(True, about + _("You hold none, so you are stopped and the turn passes to the "
                                               "player on your right."), solution)
            return Verdict(False, about + _("You hold %(cards)s, and you must play it.") % {
                "cards": solution}, solution)
        chosen = chosen_cards(answer, hand, _("Choose only cards from your hand, each once."))
        if not chosen:
            raise BadAnswer(_("Tap the card (or the cards) you lay, or say that you cannot play."))
        play = shed(*chosen)
        if play in legal:
            why = _("You may lay %(cards)s.") % {"cards": " + ".join(c.italian_name for c in play.cards)}
            if not st.top and len(play.cards) > 1:
                why += " " + _("Starting a run, you may lay any number of your Assi at once.")
            elif st.top:
                why = about + why
            others = [p for p in legal if p != play]
            if others:
                why += " " + _("You could also lay %(cards)s.") % {
                    "cards": " / ".join(" + ".join(c.italian_name for c in p.cards) for p in others)}
            return Verdict(True, why, solution)
        return Verdict(False, about + self._mistake(play, st), solution)

    def _mistake(self, play: Action, st: Stoppata) -> str:
        cards = play.cards
        aces = [c for c in cards if c.rank == 1]
        others = [c for c in cards if c.rank != 1]
        if len(others) > 1:
            return _("Only one card goes down at a time; only Assi may go down together.")
        if not st.top:
            return _("Starting a run you lay one card, or Assi together; an Asso and another card never "
                     "go down together at the start.")
        if aces and st.top != 1:
            return _("Assi can join a run only when it stands at an Asso, and then only with a 2.")
        if aces:
            return _("On a run that stands at an Asso you may add Assi only together with a 2 of your own.")
        return _("%(card)s does not continue the run.") % {"card": cards[0].italian_name}

    def expected(self, data: dict[str, Any]) -> str:
        return "|".join(sorted(_play_text(p) for p in self.legal(data))) or "none"

    def answer_fields(self, data: dict[str, Any], right: bool = True) -> dict[str, Any]:
        legal = self.legal(data)
        hand = cards_field(data, "hand")
        if right:
            return {"cards": [str(c) for c in legal[0].cards]} if legal else {"nothing": "1"}
        if not legal:
            return {"cards": [str(hand[0])]}
        wrong = [c for c in hand if shed(c) not in legal]
        return {"cards": [str(wrong[0])]} if wrong else {"nothing": "1"}


def _turn_plays(hand: tuple[Card, ...], st: Stoppata, rules: Rules, depth: int = 0) -> list[Action]:
    """The longest sequence of plays one turn can make (the engine's legal plays, tried in turn)."""
    best: list[Action] = []
    if depth > MAX_TURN_PLAYS:
        return best
    # Bigger plays first (all the Assi together), so that among equally long lines the one shown
    # to the learner is the simplest.
    for play in sorted(legal_sheds(hand, st, rules), key=lambda p: -len(p.cards)):
        rest = tuple(c for c in hand if c not in play.cards)
        played = st.played + play.cards
        top = max(c.rank for c in play.cards)
        after = replace(st, played=played, top=top, run_from=st.run_from if st.top else len(st.played))
        line = [play]
        if rest:
            if needed(top, played_counts(played), rules) is None:  # closed: the same player starts again
                after = replace(after, top=0)
            line += _turn_plays(rest, after, rules, depth + 1)
        if sum(len(p.cards) for p in line) > sum(len(p.cards) for p in best):
            best = line
    return best


class TurnStep(NumberAnswer):
    """"How many cards can you lay in this turn, at most?": runs, Assi together, closing runs."""

    name = "stoppa_turn"
    interactive = True
    template = "stoppa/steps/_stoppa_turn.html"

    def validate(self, data: dict[str, Any]) -> None:
        require(data, "prompt", "hand", "hint")
        rules = _rules(data)
        table, run, _st = _run(data, rules)
        hand = cards_field(data, "hand")
        if not 1 <= len(hand) <= 13:
            raise BadContent("hand: one to thirteen cards")
        distinct_cards(table, run, hand)

    def line(self, data: dict[str, Any]) -> list[Action]:
        rules = _rules(data)
        _table, _run_cards, st = _run(data, rules)
        return _turn_plays(tuple(cards_field(data, "hand")), st, rules)

    def context(self, data: dict[str, Any]) -> dict[str, Any]:
        rules = _rules(data)
        table, run, _st = _run(data, rules)
        return {"table": table, "run": run, "hand": cards_field(data, "hand"), "players": rules.players}

    def check(self, data: dict[str, Any], answer: QueryDict) -> Verdict:
        line = self.line(data)
        hand = cards_field(data, "hand")
        value = sum(len(p.cards) for p in line)
        given = _number(answer, _("Type a number of cards, like 4."))
        if not line:
            why = _("You hold nothing that continues the run, so the turn passes at once.")
        else:
            steps = " → ".join(" + ".join(c.italian_name for c in p.cards) for p in line)
            why = _("The best you can do: %(steps)s.") % {"steps": steps}
            if value == len(hand):
                why += " " + _("Your hand is empty: you win the stoppata!")
            else:
                why += " " + _("Then you hold nothing that continues the run, and the turn passes.")
        return Verdict(given == value, why, str(value))

    def expected(self, data: dict[str, Any]) -> int:
        return sum(len(p.cards) for p in self.line(data))


class NextStep:
    """"The player cannot continue: who plays next?" The turn goes right until someone holds the card."""

    name = "stoppa_next"
    interactive = True
    template = "stoppa/steps/_stoppa_next.html"

    def validate(self, data: dict[str, Any]) -> None:
        require(data, "prompt", "names", "hands", "run", "hint")
        rules = _rules(data)
        _names(data, rules)
        table, run, _st = _run(data, rules)
        hands = _hands(data)
        if len(hands) != rules.players:
            raise BadContent(f"hands: one per player ({rules.players})")
        distinct_cards(table, run, *hands)
        last = _int(data, "last")
        if last >= rules.players:
            raise BadContent("last: the seat (from 0) of the player who laid the last card")
        st = _run(data, rules)[2]
        if not run or needed(st.top, played_counts(st.played), rules) is None:
            raise BadContent("run: a run that is not closed")
        if legal_sheds(tuple(hands[last]), st, rules):
            raise BadContent("last: that player can still continue the run")
        if self.next_seat(data) is None:
            raise BadContent("hands: nobody can continue the run; give someone the card it needs")

    def next_seat(self, data: dict[str, Any]) -> int | None:
        rules = _rules(data)
        _table, _run_cards, st = _run(data, rules)
        hands = _hands(data)
        last = data["last"]
        for step in range(1, rules.players):
            seat = (last + step) % rules.players
            if legal_sheds(tuple(hands[seat]), st, rules):
                return seat
        return None

    def context(self, data: dict[str, Any]) -> dict[str, Any]:
        rules = _rules(data)
        names = _names(data, rules)
        table, run, _st = _run(data, rules)
        hands = _hands(data)
        order = [(data["last"] + k) % rules.players for k in range(rules.players)]
        players = [(seat, names[seat], hands[seat], seat == data["last"]) for seat in order]
        return {"table": table, "run": run, "players": players, "last": names[data["last"]]}

    def check(self, data: dict[str, Any], answer: QueryDict) -> Verdict:
        rules = _rules(data)
        names = _names(data, rules)
        _table, _run_cards, st = _run(data, rules)
        chosen = whole_number(answer.get("choice"), digits=1)
        if chosen is None or chosen >= rules.players:
            raise BadAnswer(_("Choose one of the players."))
        seat = self.next_seat(data)
        assert seat is not None
        rank = needed(st.top, played_counts(st.played), rules)
        lines = [_why_needed(st.top, st, rules)]
        hands = _hands(data)
        s = data["last"]
        while True:
            s = (s + 1) % rules.players
            if s == seat:
                break
            lines.append(_("%(who)s holds no %(rank)s and is stopped.") % {"who": names[s], "rank": _rank(rank)})
        card = next(c for c in hands[seat] if c.rank == rank)
        lines.append(_("%(who)s holds %(card)s and goes on with the run.") % {"who": names[seat], "card": card.italian_name})
        why = " ".join(lines)
        if chosen == data["last"]:
            why = _("%(who)s cannot continue: the turn passes to the right. ") % {"who": names[chosen]} + why
        return Verdict(chosen == seat, why, names[seat])

    def expected(self, data: dict[str, Any]) -> str:
        seat = self.next_seat(data)
        return _names(data, _rules(data))[seat] if seat is not None else ""

    def answer_fields(self, data: dict[str, Any], right: bool = True) -> dict[str, Any]:
        seat = self.next_seat(data) or 0
        return {"choice": str(seat if right else data["last"] if data["last"] != seat else (seat + 1) % _rules(data).players)}


class PaymentStep(NumberAnswer):
    """"How many chips does the winner of the stoppata collect?" (or one player's payment)."""

    name = "stoppa_payment"
    interactive = True
    template = "stoppa/steps/_stoppa_payment.html"

    def validate(self, data: dict[str, Any]) -> None:
        require(data, "prompt", "names", "left", "hint")
        _rules(data)
        left, names = data["left"], data["names"]
        if not isinstance(left, list) or not all(isinstance(n, int) and 0 <= n <= 13 for n in left):
            raise BadContent("left: how many cards each other player still holds (0 to 13)")
        if not isinstance(names, list) or len(names) != len(left):
            raise BadContent("names: one name per number in left")
        if not isinstance(data.get("di_mano", False), bool):
            raise BadContent("di_mano: true for a stoppata di mano (won in the first turn)")
        who = data.get("who")
        if who is not None and who not in names:
            raise BadContent("who: one of the names, or leave it out to ask for the winner's total")

    def payments(self, data: dict[str, Any]) -> list[int]:
        rules = _rules(data)
        return [payment(n, rules, bool(data.get("di_mano", False))) for n in data["left"]]

    def value(self, data: dict[str, Any]) -> int:
        pays = self.payments(data)
        who = data.get("who")
        return pays[data["names"].index(who)] if who else sum(pays)

    def context(self, data: dict[str, Any]) -> dict[str, Any]:
        rules = _rules(data)
        losers = [(name, range(n)) for name, n in zip(data["names"], data["left"], strict=True)]
        return {"losers": losers, "misera": rules.misera, "who": data.get("who", ""),
                "di_mano": bool(data.get("di_mano", False))}

    def check(self, data: dict[str, Any], answer: QueryDict) -> Verdict:
        rules = _rules(data)
        double = bool(data.get("di_mano", False))
        given = _number(answer, _("Type a number of chips, like 4."))
        value = self.value(data)
        lines = []
        for name, n, pays in zip(data["names"], data["left"], self.payments(data), strict=True):
            pairs = n // 2
            lines.append(_("%(who)s holds %(n)d: %(pairs)s, pays %(pays)s") % {
                "who": name, "n": n, "pays": _chips(pays),
                "pairs": ngettext("%(k)d pair", "%(k)d pairs", pairs) % {"k": pairs}})
        why = _("The misera (%(m)s) for every two cards still held; an odd card is free.") % {
            "m": _chips(rules.misera)}
        if double:
            why += " " + _("A stoppata di mano doubles every payment.")
        why += " " + "; ".join(lines) + "."
        if not data.get("who"):
            why += " " + _("In all: %(total)s.") % {"total": _chips(value)}
        if not double and given == 2 * value and value:
            why = _("Only a stoppata di mano pays double. ") + why
        return Verdict(given == value, why, str(value))

    def expected(self, data: dict[str, Any]) -> int:
        return self.value(data)


class CancelStep:
    """"Is the stoppata played?": a hand with three 2s and no Re cancels it."""

    name = "stoppa_cancel"
    interactive = True
    template = "stoppa/steps/_stoppa_cancel.html"
    ANSWERS = ("cancelled", "played")

    def validate(self, data: dict[str, Any]) -> None:
        require(data, "prompt", "hand", "hint")
        rules = _rules(data)
        hand = cards_field(data, "hand")
        if not 1 <= len(hand) <= rules.cards_each:
            raise BadContent(f"hand: one to {rules.cards_each} cards")
        distinct_cards(hand)

    def context(self, data: dict[str, Any]) -> dict[str, Any]:
        return {"hand": cards_field(data, "hand"), "players": _rules(data).players}

    def result(self, data: dict[str, Any]) -> str:
        return "cancelled" if cancels(tuple(cards_field(data, "hand")), _rules(data)) else "played"

    def check(self, data: dict[str, Any], answer: QueryDict) -> Verdict:
        given = answer.get("choice", "")
        if given not in self.ANSWERS:
            raise BadAnswer(_("Say whether the stoppata is cancelled or played."))
        rules = _rules(data)
        hand = cards_field(data, "hand")
        twos = [c for c in hand if c.rank == 2]
        kings = [c for c in hand if c.rank == 10]
        result = self.result(data)
        count = ngettext("%(n)d Due", "%(n)d Due", len(twos)) % {"n": len(twos)}
        if result == "cancelled":
            why = _("This hand holds %(count)s (%(cards)s) and no Re, so the stoppata is not played.") % {
                "count": count, "cards": _card_list(twos)}
            if rules.copies(10) == 0:
                why += " " + _("With six players there are no Re at all.")
        elif len(twos) >= 3:
            why = _("Three Due, but also %(kings)s: a Re saves the stoppata, and it is played.") % {
                "kings": _card_list(kings)}
        else:
            why = _("Only %(count)s: it takes at least three to cancel the stoppata, which is played.") % {
                "count": count}
        return Verdict(given == result, why, result)

    def expected(self, data: dict[str, Any]) -> str:
        return self.result(data)

    def answer_fields(self, data: dict[str, Any], right: bool = True) -> dict[str, Any]:
        result = self.result(data)
        return {"choice": result if right else next(a for a in self.ANSWERS if a != result)}


class OddsStep:
    """"In how many hands out of a hundred...?": the break-even chance of seeing a bet, or the chance
    that a three-card punto beats one other hand, counted exactly by the engine (a percent, ±1)."""

    name = "stoppa_odds"
    interactive = True
    template = "stoppa/steps/_stoppa_odds.html"
    ASKS = ("break_even", "beat")

    def validate(self, data: dict[str, Any]) -> None:
        require(data, "prompt", "ask", "hint")
        if data["ask"] not in self.ASKS:
            raise BadContent(f"ask: one of {', '.join(self.ASKS)}")
        if data["ask"] == "break_even":
            _int(data, "pot", low=1)
            _int(data, "to_call", low=1)
        else:
            cards = cards_field(data, "cards")
            if len(cards) != 3:
                raise BadContent("cards: a three-card hand")
            distinct_cards(cards)

    def percent(self, data: dict[str, Any]) -> float:
        if data["ask"] == "break_even":
            return 100 * break_even(data["pot"], data["to_call"])
        cards = cards_field(data, "cards")
        unseen = [c for c in _rules(data).pack() if c not in cards]
        return 100 * beat_odds(punto(cards), 1, unseen, method="exact").win

    def context(self, data: dict[str, Any]) -> dict[str, Any]:
        if data["ask"] == "break_even":
            return {"pot": data["pot"], "to_call": data["to_call"]}
        return {"cards": cards_field(data, "cards")}

    def check(self, data: dict[str, Any], answer: QueryDict) -> Verdict:
        value = self.percent(data)
        given = _number(answer, _("Type a percentage as a whole number, like 25."))
        if given > 100:
            raise BadAnswer(_("A chance is between 0 and 100 percent."))
        if data["ask"] == "break_even":
            pot, call = data["pot"], data["to_call"]
            why = _("You pay %(call)s and the pot then holds %(after)d, all of it yours if you win. Seeing pays "
                    "off when you win more often than %(call_n)d times in %(after)d: %(pct)d%%.") % {
                "call": _chips(call), "call_n": call, "after": pot + call, "pct": round(value)}
        else:
            cards = cards_field(data, "cards")
            unseen = [c for c in _rules(data).pack() if c not in cards]
            odds = beat_odds(punto(cards), 1, unseen, method="exact")
            why = _("Your punto is %(value)d. Of all the three-card hands another player could hold, it beats "
                    "%(win)d%%, ties %(tie)d%% and loses to %(lose)d%%.") % {
                "value": punto(cards), "win": round(100 * odds.win), "tie": round(100 * odds.tie),
                "lose": round(100 * odds.lose)}
        return Verdict(abs(given - value) <= 1, why, str(round(value)))

    def expected(self, data: dict[str, Any]) -> int:
        return round(self.percent(data))

    def answer_fields(self, data: dict[str, Any], right: bool = True) -> dict[str, Any]:
        value = self.expected(data)
        return {"value": str(value) if right else str(value + 5 if value < 90 else value - 5)}


class EstimateStep(EstimateKind):
    """"What is the chance that your three cards beat one other hand (two other hands)?": a guess in
    percent, scored by its distance from the engine's exact count of the hands the others could hold."""

    name = "stoppa_estimate"
    template = "stoppa/steps/_stoppa_estimate.html"
    MOST_OPPONENTS = 2  # beyond two, the count of deals runs to hundreds of billions: no longer readable

    def validate(self, data: dict[str, Any]) -> None:
        require(data, "prompt", "cards", "hint")
        cards = cards_field(data, "cards")
        if len(cards) != 3:
            raise BadContent("cards: a three-card hand")
        distinct_cards(cards)
        rules = _rules(data)
        opponents = _int(data, "opponents", low=1) if "opponents" in data else 1
        if opponents > min(self.MOST_OPPONENTS, rules.players - 1):
            raise BadContent(f"opponents: 1 to {min(self.MOST_OPPONENTS, rules.players - 1)}")
        if any(c not in rules.pack() for c in cards):
            raise BadContent("cards: a card that is not in the pack at this table")

    def _unseen(self, data: dict[str, Any]) -> list[Card]:
        cards = cards_field(data, "cards")
        return [c for c in _rules(data).pack() if c not in cards]

    def context(self, data: dict[str, Any]) -> dict[str, Any]:
        return {"cards": cards_field(data, "cards"), "opponents": data.get("opponents", 1),
                "unseen": len(self._unseen(data))}

    def count(self, data: dict[str, Any]) -> Count:
        value, unseen = punto(cards_field(data, "cards")), self._unseen(data)
        opponents = data.get("opponents", 1)
        odds = beat_odds(value, opponents, unseen, method="exact")
        total = 1  # ordered deals of three cards to each opponent, as the engine counts them
        for k in range(opponents):
            total *= comb(len(unseen) - 3 * k, 3)
        hits, ties = round(odds.win * total), round(odds.tie * total)
        words = {"value": value, "unseen": len(unseen), "total": whole_text(total), "hits": whole_text(hits),
                 "ties": whole_text(ties), "higher": whole_text(total - hits - ties),
                 "pct": percent_text(hits, total)}
        if opponents == 1:
            said = _("Your punto is %(value)d. Another player holds 3 of the %(unseen)d cards you have not seen: "
                     "%(total)s possible hands. %(hits)s of them are lower than yours: %(pct)s. (%(ties)s tie "
                     "it and %(higher)s beat it.)") % words
        else:
            said = _("Your punto is %(value)d. Two other players hold 3 each of the %(unseen)d cards you have "
                     "not seen: %(total)s ways to deal them. In %(hits)s of them both hands are lower than "
                     "yours: %(pct)s. (In %(ties)s the better of the two ties it.)") % words
        return Count(hits, total, said)


for kind in (PuntoStep(), MiseraStep(), ShowdownStep(), BetStep(), NeededStep(), PlaysStep(), TurnStep(),
             NextStep(), PaymentStep(), CancelStep(), OddsStep(), EstimateStep()):
    register(kind)
