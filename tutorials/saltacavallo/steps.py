"""Saltacavallo's lesson steps: the engine (neapolitan.saltacavallo) works out every answer and
explains every wrong one, in the players' words.

A position is written in play order: `cards = "2C 9S 6D 10B 3S"` gives Player 1 (the dealer's
right-hand neighbour, who acts first) the 2C, and so on round the table to the dealer, who is
last. A `-` is a player who is out. In answers, players are `P1`, `P2`, … and the dealer `D`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.http import QueryDict
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from neapolitan.cards import Card, parse_card, parse_cards
from neapolitan.errors import BadNotation, IllegalAction
from neapolitan.i18n import percent
from neapolitan.saltacavallo import (
    KEEP,
    Action,
    GameState,
    Rules,
    first_dealer_from,
    odds,
    resolve,
    revive,
)
from neapolitan.saltacavallo.play import draw_sequence
from neapolitan.saltacavallo.rules import CAVALLO, RE
from tutorials.core.inputs import whole_number
from tutorials.lessons.steps import BadAnswer, BadContent, Verdict, register, require, rules_field

NOBODY = "none"
DECISIONS = ("keep", "swap", "draw")
MIN_ODDS_GAP = 0.05  # a keep-or-swap question needs a clear answer


# -- reading a position --------------------------------------------------------------------------
@dataclass(frozen=True)
class Seats:
    """The players of a lesson position, in play order: seat i is position i, the dealer last."""

    rules: Rules
    cards: tuple[Card | None, ...]
    lives: tuple[int, ...]
    you: int | None = None

    @property
    def n(self) -> int:
        return len(self.cards)

    @property
    def dealer(self) -> int:
        return self.n - 1

    def alive(self) -> list[int]:
        return [s for s in range(self.n) if self.cards[s] is not None]

    def code(self, seat: int) -> str:
        return "D" if seat == self.dealer else f"P{seat + 1}"

    def seat_of(self, code: str) -> int | None:
        for seat in range(self.n):
            if self.code(seat) == code.strip().upper():
                return seat
        return None

    def name(self, seat: int) -> str:
        if seat == self.you:  # named only as the one someone swapped with (Italian: "te", not "tu")
            return pgettext("the learner, swapped with", "you")
        if seat == self.dealer:
            return _("the dealer")
        return _("Player %(n)s") % {"n": seat + 1}

    def label(self, seat: int) -> str:
        """The name under a seat on the page."""
        if seat == self.you:
            return _("You (the dealer)") if seat == self.dealer else _("You")
        return _cap(self.name(seat))

    def holding(self, seat: int) -> str:
        """ "Player 3's Due di Coppe"."""
        card = self.cards[seat]
        assert card is not None
        if seat == self.you:
            return _("your %(card)s") % {"card": _card(card)}
        return _("%(name)s's %(card)s") % {"name": self.name(seat), "card": _card(card)}

    def names(self, seats: list[int] | tuple[int, ...]) -> str:
        return _and([self.name(s) for s in seats])

    def state(self, stock: str | None = None) -> GameState:
        text = " ".join("-" if c is None else str(c) for c in self.cards)
        return GameState.from_deal(self.rules, text, dealer=self.dealer, stock=stock, lives=self.lives)

    def show(self, face_up: set[int] | None = None) -> list[dict[str, Any]]:
        """What the page shows of each seat; `face_up` None shows every card."""
        seats = []
        for seat, card in enumerate(self.cards):
            up = card is not None and (face_up is None or seat in face_up)
            seats.append({
                "code": self.code(seat), "label": self.label(seat), "card": card if up else None,
                "face_down": card is not None and not up, "out": card is None,
                "lives": self.lives[seat], "you": seat == self.you,
                "coins": [i < self.lives[seat] for i in range(max(self.rules.lives, self.lives[seat]))],
                "wall": up and card is not None and card.rank == RE,
                "jump": up and card is not None and card.rank == CAVALLO,
            })
        return seats


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _card(card: Card) -> str:
    return f"{card.italian_name} ({card.rank})"


def _the_card(card: Card) -> str:
    """ "the Sette di Denari (7)", with the article the reader's language gives the card."""
    return f"{card.the} ({card.rank})"


def _and(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return _("%(some)s and %(last)s") % {"some": ", ".join(items[:-1]), "last": items[-1]}


def _rules(data: dict[str, Any], players: int) -> Rules:
    return rules_field(data, Rules, players=players)


def _seats(data: dict[str, Any], you: bool = False) -> Seats:
    """The `cards` of a step (and its `lives`, `rules`, and with `you` the learner's seat `who`)."""
    require(data, "cards")
    tokens = str(data["cards"]).split()
    try:
        cards = tuple(None if t == "-" else parse_card(t) for t in tokens)
    except BadNotation as error:
        raise BadContent(f"cards: {error}") from None
    held = [c for c in cards if c is not None]
    if len(set(held)) != len(held):
        raise BadContent("cards: a card appears twice")
    if len(held) < 2 or cards[-1] is None:
        raise BadContent("cards: at least two players in the hand, the dealer (last) among them")
    rules = _rules(data, len(cards))
    if "lives" in data:
        try:
            lives = tuple(int(v) for v in str(data["lives"]).split())
        except ValueError:
            raise BadContent("lives: whole numbers, one per player") from None
        if len(lives) != len(cards) or any((c is None) != (life == 0) for c, life in zip(cards, lives, strict=True)):
            raise BadContent("lives: one number per player, 0 exactly for the players marked -")
        if any(life < 0 or life > rules.lives * len(cards) for life in lives):
            raise BadContent("lives: out of range")
    else:
        lives = tuple(0 if c is None else rules.lives for c in cards)
    table = Seats(rules, cards, lives)
    if you:
        require(data, "who")
        seat = table.seat_of(str(data["who"]))
        if seat is None or cards[seat] is None:
            raise BadContent("who: P1, P2, … or D, a player in the hand")
        table = Seats(rules, cards, lives, seat)
    return table


def _code(data: dict[str, Any], field: str, table: Seats) -> int:
    require(data, field)
    seat = table.seat_of(str(data[field]))
    if seat is None or table.cards[seat] is None:
        raise BadContent(f"{field}: P1, P2, … or D, a player in the hand")
    return seat


def _actions(data: dict[str, Any]) -> list[Action]:
    words = str(data.get("actions", "")).split()
    try:
        return [Action.parse(w) for w in words]
    except BadNotation as error:
        raise BadContent(f"actions: {error}") from None


def _play(state: GameState, actions: list[Action]) -> GameState:
    """Each decision in turn, in play order (the players showing a Re or Cavallo make none)."""
    for number, action in enumerate(actions, start=1):
        try:
            state = state.apply(action)
        except IllegalAction as error:
            raise BadContent(f"actions: decision {number} ({action}): {error}") from None
    return state


def _choose_seat(answer: QueryDict, table: Seats, field: str = "seat") -> int | str:
    given = answer.get(field, "").strip()
    if given == NOBODY:
        return NOBODY
    seat = table.seat_of(given) if given.isascii() else None
    if seat is None or table.cards[seat] is None:
        raise BadAnswer(_("Choose one of the players at the table."))
    return seat


def _choose_card(answer: QueryDict, allowed: list[Card]) -> Card:
    try:
        card = parse_card(answer.get("card", ""))
    except BadNotation:
        raise BadAnswer(_("Choose one of the cards shown.")) from None
    if card not in allowed:
        raise BadAnswer(_("Choose one of the cards shown."))
    return card


def _decisions(table: Seats, state: GameState) -> list[str]:
    """What everyone saw happen so far: who kept and who swapped with whom (not the cards)."""
    lines = []
    for event in state.events:
        who = table.label(event.seat)
        if event.kind == "keep":
            lines.append(_("%(who)s kept.") % {"who": who})
        elif event.kind == "swap":
            lines.append(_("%(who)s swapped with %(target)s.") % {"who": who, "target": table.name(event.target)})  # type: ignore[arg-type]
    return lines


# -- who loses a life ----------------------------------------------------------------------------
class LoserStep:
    """ "Who loses a life?": the final cards of a hand; tap every player who loses, or "nobody"."""

    name = "salta_loser"
    interactive = True
    template = "saltacavallo/steps/_loser.html"

    def validate(self, data: dict[str, Any]) -> None:
        require(data, "prompt", "hint")
        _seats(data)

    def context(self, data: dict[str, Any]) -> dict[str, Any]:
        return {"seats": _seats(data).show(), "show_lives": "lives" in data}

    def outcome(self, data: dict[str, Any]) -> tuple[Seats, list[int], bool]:
        table = _seats(data)
        alive = table.alive()
        result = resolve([table.cards[s].rank for s in alive], [table.lives[s] for s in alive],  # type: ignore[union-attr]
                         table.rules)
        return table, [alive[p] for p in result.losers], result.void

    def why(self, data: dict[str, Any]) -> str:
        table, losers, void = self.outcome(data)
        alive = table.alive()
        safe = [s for s in alive if table.rules.is_immune(table.cards[s].rank)]  # type: ignore[union-attr]
        parts = []
        if safe:
            parts.append(ngettext(
                "%(names)s shows a Re or a Cavallo and is safe.",
                "%(names)s show a Re or a Cavallo and are safe.", len(safe)) % {"names": _cap(table.names(safe))})
        others = [s for s in alive if s not in safe]
        if not others:
            parts.append(_("Nobody else is left to compare, so nobody loses a life."))
            return " ".join(parts)
        low = min(table.cards[s].rank for s in others)  # type: ignore[union-attr]
        lowest = [s for s in others if table.cards[s].rank == low]  # type: ignore[union-attr]
        holdings = _and([table.holding(s) for s in lowest])
        if void:
            parts.append(ngettext(
                "The lowest card is %(cards)s, but losing would leave nobody alive: the hand is void and "
                "nobody loses a life.",
                "The lowest cards are %(cards)s, but losing would leave nobody alive: the hand is void and "
                "nobody loses a life.", len(lowest)) % {"cards": holdings})
        elif len(lowest) == 1:
            parts.append(_("The lowest card is %(cards)s: %(name)s loses a life.") % {
                "cards": holdings, "name": table.name(lowest[0])})
        else:
            parts.append(_("%(cards)s tie for the lowest card: each of them loses a life.") % {
                "cards": _cap(holdings)})
        return " ".join(parts)

    def check(self, data: dict[str, Any], answer: QueryDict) -> Verdict:
        table, losers, _void = self.outcome(data)
        if answer.get("nobody"):
            chosen: list[int] = []
        else:
            chosen = []
            for code in answer.getlist("seats"):
                seat = table.seat_of(code) if code.isascii() else None
                if seat is None or table.cards[seat] is None or seat in chosen:
                    raise BadAnswer(_("Choose only players at the table, each once."))
                chosen.append(seat)
            if not chosen:
                raise BadAnswer(_("Tap the players who lose a life, or choose “Nobody loses”."))
        solution = _cap(table.names(losers)) if losers else _("nobody")
        why = self.why(data)
        if sorted(chosen) == sorted(losers):
            return Verdict(True, why, solution)
        lead = ""
        for seat in chosen:
            card = table.cards[seat]
            assert card is not None
            if table.rules.is_immune(card.rank):
                lead = _("%(name)s holds a %(kind)s, and a Re or a Cavallo never loses a life.") % {
                    "name": _cap(table.name(seat)), "kind": "Re" if card.rank == RE else "Cavallo"}
                break
        if not lead and [s for s in losers if s not in chosen] and chosen:
            lead = _("Everyone tied for the lowest card loses a life, not just one of them.")
        return Verdict(False, f"{lead} {why}".strip(), solution)

    def expected(self, data: dict[str, Any]) -> str:
        table, losers, _void = self.outcome(data)
        return " ".join(table.code(s) for s in losers) or NOBODY

    def answer_fields(self, data: dict[str, Any], right: bool = True) -> dict[str, Any]:
        table, losers, _void = self.outcome(data)
        if right:
            return {"seats": [table.code(s) for s in losers]} if losers else {"nobody": "1"}
        if losers:
            return {"nobody": "1"}
        return {"seats": [table.code(table.alive()[0])]}


# -- where a swap goes: the next player, the wall, the jump ----------------------------------------
class TargetStep:
    """ "Player 1 wants to swap: with whom?": the next player on the right, jumping Cavalli; a Re
    is a wall; a jump never passes the dealer; the dealer never swaps."""

    name = "salta_target"
    interactive = True
    template = "saltacavallo/steps/_target.html"

    def validate(self, data: dict[str, Any]) -> None:
        require(data, "prompt", "hint")
        table = _seats(data)
        seat = _code(data, "who", table)
        if table.cards[seat].rank >= CAVALLO:  # type: ignore[union-attr]
            raise BadContent("who: a player showing a Re or a Cavallo makes no decision")

    def _found(self, data: dict[str, Any]):
        table = _seats(data)
        seat = _code(data, "who", table)
        state = table.state()
        return table, seat, state.target_of(seat)

    def _face_up(self, table: Seats, seat: int) -> set[int]:
        """His own card, and the Re and Cavalli every player turns up at once."""
        return {seat} | {s for s in table.alive() if table.cards[s].rank >= CAVALLO}  # type: ignore[union-attr]

    def context(self, data: dict[str, Any]) -> dict[str, Any]:
        table = _seats(data)
        seat = _code(data, "who", table)
        return {"seats": table.show(self._face_up(table, seat)), "who": table.label(seat), "who_code": table.code(seat),
                "choices": [(table.code(s), table.label(s)) for s in table.alive() if s != seat]}

    def why(self, data: dict[str, Any]) -> str:
        table, seat, found = self._found(data)
        who = _cap(table.name(seat))
        if seat == table.dealer:
            return _("The dealer never swaps with a player: his privilege is to draw from the stock instead.")
        jumped = ""
        if found.jumped:
            jumped = ngettext(
                "%(names)s shows a Cavallo, so the swap jumps over him. ",
                "%(names)s show Cavalli, so the swap jumps over each of them. ",
                len(found.jumped)) % {"names": _cap(table.names(found.jumped))}
        if found.target is not None:
            if found.jumped:
                return jumped + _("It lands on %(target)s, who must accept it.") % {"target": table.name(found.target)}
            return _("%(target)s is the next player on %(who)s's right and has no Re or Cavallo showing: "
                     "the swap goes to him, and he must accept it.") % {
                "target": _cap(table.name(found.target)), "who": table.name(seat)}
        if found.wall is not None and table.cards[found.wall].rank == RE:  # type: ignore[union-attr]
            return jumped + _("%(holding)s is a wall: the swap is refused, and %(who)s keeps his card.") % {
                "holding": _cap(table.holding(found.wall)), "who": table.name(seat)}
        if found.wall == table.dealer:
            return jumped + _("The next card is the dealer's Cavallo, and a swap never jumps past the dealer: "
                              "%(who)s cannot swap and keeps his card.") % {"who": table.name(seat)}
        if found.wall is not None:  # a house rule: only one Cavallo is jumped
            return jumped + _("With this house rule a swap jumps one Cavallo only, and %(name)s shows a second "
                              "one: %(who)s keeps his card.") % {"name": table.name(found.wall), "who": table.name(seat)}
        return _("Every other player shows a Cavallo: there is nobody to swap with. %(who)s keeps his card.") % {
            "who": who}

    def check(self, data: dict[str, Any], answer: QueryDict) -> Verdict:
        table, seat, found = self._found(data)
        chosen = _choose_seat(answer, table)
        if chosen == seat:
            raise BadAnswer(_("Choose another player, or “nobody”."))
        right = NOBODY if found.target is None else found.target
        solution = _("nobody: no swap") if found.target is None else _cap(table.name(found.target))
        why = self.why(data)
        if chosen == right:
            return Verdict(True, why, solution)
        lead = ""
        if chosen != NOBODY:
            card = table.cards[chosen]  # type: ignore[index]
            assert card is not None
            if card.rank == CAVALLO:
                lead = _("A Cavallo is never taken in a swap: it is jumped.")
            elif card.rank == RE:
                lead = _("A Re is never taken in a swap: it is a wall.")
        return Verdict(False, f"{lead} {why}".strip(), solution)

    def expected(self, data: dict[str, Any]) -> str:
        table, _seat, found = self._found(data)
        return NOBODY if found.target is None else table.code(found.target)

    def answer_fields(self, data: dict[str, Any], right: bool = True) -> dict[str, Any]:
        table, seat, found = self._found(data)
        if right:
            return {"seat": self.expected(data)}
        if found.target is not None:
            return {"seat": NOBODY}
        return {"seat": table.code(next(s for s in table.alive() if s != seat))}


# -- what a swap does: who holds which card ---------------------------------------------------------
class AfterStep:
    """ "After these decisions, which card does Player 3 hold?": every card shown, the decisions
    (keep or swap) given in play order; the engine plays them."""

    name = "salta_after"
    interactive = True
    template = "saltacavallo/steps/_after.html"

    def validate(self, data: dict[str, Any]) -> None:
        require(data, "prompt", "hint", "actions")
        table = _seats(data)
        _code(data, "ask", table)
        actions = _actions(data)
        if any(a.kind not in ("keep", "swap") for a in actions):
            raise BadContent("actions: keep or swap, one per player who decides")
        _play(table.state(), actions)

    def _after(self, data: dict[str, Any]) -> tuple[Seats, GameState, GameState]:
        table = _seats(data)
        before = table.state()
        return table, before, _play(before, _actions(data))

    def context(self, data: dict[str, Any]) -> dict[str, Any]:
        table, before, after = self._after(data)
        decisions = [_("%(who)s: swap") % {"who": table.label(e.seat)} if e.kind == "swap" else
                     _("%(who)s: keep") % {"who": table.label(e.seat)} for e in after.events if e.kind in ("keep", "swap")]
        return {"seats": table.show(), "decisions": decisions, "ask": table.label(_code(data, "ask", table)),
                "cards": [c for c in table.cards if c is not None]}

    def story(self, table: Seats, after: GameState) -> list[str]:
        lines = []
        for event in after.events:
            who = _cap(table.name(event.seat))
            if event.kind == "keep":
                lines.append(_("%(who)s keeps.") % {"who": who})
            elif event.kind == "swap":
                jumped = ""
                if event.jumped:
                    jumped = _(", jumping the Cavallo of %(names)s") % {"names": table.names(event.jumped)}
                lines.append(_("%(who)s swaps with %(target)s%(jumped)s, giving %(gave)s and getting %(got)s.") % {
                    "who": who, "target": table.name(event.target), "jumped": jumped,  # type: ignore[arg-type]
                    "gave": _the_card(event.cards[0]), "got": _the_card(event.cards[1])})
        return lines

    def check(self, data: dict[str, Any], answer: QueryDict) -> Verdict:
        table, before, after = self._after(data)
        seat = _code(data, "ask", table)
        chosen = _choose_card(answer, [c for c in table.cards if c is not None])
        held = after.cards[seat]
        assert held is not None
        story = " ".join(self.story(table, after))
        ending = _("So %(name)s now holds %(card)s.") % {"name": table.name(seat), "card": _the_card(held)}
        solution = held.italian_name
        if chosen is held:
            return Verdict(True, f"{story} {ending}", solution)
        lead = _("Not %(card)s.") % {"card": chosen.the}
        return Verdict(False, f"{lead} {story} {ending}", solution)

    def expected(self, data: dict[str, Any]) -> str:
        table, _before, after = self._after(data)
        return str(after.cards[_code(data, "ask", table)])

    def answer_fields(self, data: dict[str, Any], right: bool = True) -> dict[str, Any]:
        table = _seats(data)
        held = self.expected(data)
        if right:
            return {"card": held}
        return {"card": next(str(c) for c in table.cards if c is not None and str(c) != held)}


# -- the dealer's draw ---------------------------------------------------------------------------------
class DrawStep:
    """ "The dealer draws: which card does he end up with?": his card and the top of the stock."""

    name = "salta_draw"
    interactive = True
    template = "saltacavallo/steps/_draw.html"

    def validate(self, data: dict[str, Any]) -> None:
        require(data, "prompt", "hint", "card", "stock")
        own, stock = self._cards(data)
        _rules(data, 3)
        used, index = draw_sequence(stock, _rules(data, 3))
        if index is None and stock[used - 1].rank != RE:
            raise BadContent("stock: the draw does not end within the cards listed")

    def _cards(self, data: dict[str, Any]) -> tuple[Card, list[Card]]:
        try:
            own = parse_cards(str(data.get("card", "")))
            stock = parse_cards(str(data.get("stock", "")))
        except BadNotation as error:
            raise BadContent(f"card or stock: {error}") from None
        if len(own) != 1 or not stock:
            raise BadContent("card: the dealer's one card; stock: the top cards, top first")
        if own[0] in stock or len(set(stock)) != len(stock):
            raise BadContent("stock: a card appears twice")
        if own[0].rank >= CAVALLO:
            raise BadContent("card: a dealer showing a Re or a Cavallo does not draw")
        return own[0], stock

    def result(self, data: dict[str, Any]) -> tuple[Card, list[Card], Card, list[Card]]:
        """His card, the stock, what he holds after drawing, and the cards turned."""
        own, stock = self._cards(data)
        used, index = draw_sequence(stock, _rules(data, 3))
        return own, stock, own if index is None else stock[index], stock[:used]

    def context(self, data: dict[str, Any]) -> dict[str, Any]:
        own, stock = self._cards(data)
        return {"own": own, "stock": stock}

    def story(self, data: dict[str, Any]) -> str:
        own, _stock, held, turned = self.result(data)
        rules = _rules(data, 3)
        lines = []
        for card in turned:
            if card.rank == RE and rules.dealer_draw != "literal":
                lines.append(_("He turns %(card)s: a Re from the stock is void, so he keeps his %(own)s.") % {
                    "card": _the_card(card), "own": _card(own)})
            elif card.rank == CAVALLO and rules.dealer_draw == "king_void_cavallo_again":
                lines.append(_("He turns %(card)s: a Cavallo is jumped, so it is thrown away and he draws "
                               "again.") % {"card": _the_card(card)})
            else:
                lines.append(_("He turns %(card)s: it replaces his %(own)s.") % {
                    "card": _the_card(card), "own": _card(own)})
        return " ".join(lines)

    def check(self, data: dict[str, Any], answer: QueryDict) -> Verdict:
        own, stock, held, _turned = self.result(data)
        chosen = _choose_card(answer, [own, *stock])
        solution = held.italian_name
        story = self.story(data)
        if chosen is held:
            return Verdict(True, story, solution)
        return Verdict(False, _("Not %(card)s. %(story)s") % {"card": chosen.the, "story": story},
                       solution)

    def expected(self, data: dict[str, Any]) -> str:
        return str(self.result(data)[2])

    def answer_fields(self, data: dict[str, Any], right: bool = True) -> dict[str, Any]:
        own, stock, held, _turned = self.result(data)
        if right:
            return {"card": str(held)}
        return {"card": str(next(c for c in [own, *stock] if c is not held))}


# -- keep or swap (or, for the dealer, keep or draw), by the exact odds ---------------------------
class DecideStep:
    """ "Keep or swap?": the learner's seat, what he sees, and the engine's odds of losing a life."""

    name = "salta_decide"
    interactive = True
    template = "saltacavallo/steps/_decide.html"

    def validate(self, data: dict[str, Any]) -> None:
        require(data, "prompt", "hint")
        table, state, result = self._odds(data)
        if result.change is None:
            raise BadContent("who: this player has no choice to make here")
        if abs(result.keep - result.change) < MIN_ODDS_GAP + 2 * result.error:
            raise BadContent(
                f"the odds are too close for a lesson (keep {result.keep:.3f}, {result.change_kind} {result.change:.3f})")

    def _odds(self, data: dict[str, Any]):
        table = _seats(data, you=True)
        state = _play(table.state(), _actions(data))
        if state.to_act != table.you or state.phase not in ("exchange", "dealer"):
            raise BadContent("who: after the actions listed it must be this player's turn")
        result = odds(state.view(table.you))
        if result is None:
            raise BadContent("who: this player has no choice to make here")
        return table, state, result

    def context(self, data: dict[str, Any]) -> dict[str, Any]:
        table, state, result = self._odds(data)
        view = state.view(table.you)  # type: ignore[arg-type]
        known = {s for s in range(table.n) if view.cards[s] is not None}
        seats = Seats(table.rules, state.cards, table.lives, table.you).show(known)
        change = "draw" if state.phase == "dealer" else "swap"
        labels = {"swap": _("Swap"), "draw": _("Draw from the stock")}
        return {"seats": seats, "change": change, "change_label": labels[change],
                "decisions": _decisions(table, state)}

    def _percent(self, p: float) -> str:
        return percent(p) if abs(p * 100 - round(p * 100)) < 0.05 else percent(p, 1)

    def check(self, data: dict[str, Any], answer: QueryDict) -> Verdict:
        table, state, result = self._odds(data)
        chosen = answer.get("decision", "")
        if chosen not in ("keep", result.change_kind):
            raise BadAnswer(_("Choose to keep your card or to change it."))
        best = result.best
        change = result.change or 0.0
        draw = result.change_kind == "draw"
        values = {"keep": self._percent(result.keep), "change": self._percent(change)}
        if result.keep == 0:
            odds_text = (_("If you keep, you cannot lose a life; if you draw, you lose one in %(change)s of the "
                           "ways the stock can lie.") if draw else
                         _("If you keep, you cannot lose a life; if you swap, you lose one in %(change)s of the "
                           "ways the cards you cannot see can lie.")) % values
        elif result.keep == 1:
            odds_text = (_("If you keep, you are sure to lose a life; if you draw, you lose one in only %(change)s "
                           "of the ways the stock can lie.") if draw else
                         _("If you keep, you are sure to lose a life; if you swap, you lose one in only %(change)s "
                           "of the ways the cards you cannot see can lie.")) % values
        else:
            odds_text = (_("If you keep, you lose a life in %(keep)s of the ways the stock can lie; if you draw, "
                           "in %(change)s.") if draw else
                         _("If you keep, you lose a life in %(keep)s of the ways the cards you cannot see can "
                           "lie; if you swap, in %(change)s.")) % values
        known = self.known(table, state)
        if known:
            odds_text = f"{known} {odds_text}"
        advice = {"keep": _("Keep your card."), "swap": _("Swap."), "draw": _("Draw.")}[best]
        solution = {"keep": _("keep"), "swap": _("swap"), "draw": _("draw")}[best]
        return Verdict(chosen == best, f"{odds_text} {advice}", solution)

    def known(self, table: Seats, state: GameState) -> str:
        """What a swap with you taught you: who holds the card you gave away."""
        for event in state.events:
            if event.kind == "swap" and table.you in (event.seat, event.target):
                other = event.target if event.seat == table.you else event.seat
                card = state.cards[other]  # type: ignore[index]
                if card is not None:
                    return _("You know %(name)s now holds %(card)s.") % {
                        "name": table.name(other), "card": _the_card(card)}  # type: ignore[arg-type]
        return ""

    def expected(self, data: dict[str, Any]) -> str:
        return self._odds(data)[2].best

    def answer_fields(self, data: dict[str, Any], right: bool = True) -> dict[str, Any]:
        result = self._odds(data)[2]
        best = result.best
        return {"decision": best if right else ("keep" if best != "keep" else result.change_kind)}


# -- lives, the pot and the revival ------------------------------------------------------------------
class LivesStep:
    """ "How many lives does Player 2 have now?" (or how many chips are in the pot): the hand is
    played (everyone keeps unless `actions` says otherwise), then any revival in `revive`."""

    name = "salta_lives"
    interactive = True
    template = "saltacavallo/steps/_lives.html"

    def validate(self, data: dict[str, Any]) -> None:
        require(data, "prompt", "hint", "ask")
        self._end(data)
        ask = str(data["ask"])
        if ask != "pot" and _seats(data).seat_of(ask) is None:
            raise BadContent("ask: pot, or a player: P1, P2, … or D")

    def _revivals(self, data: dict[str, Any], table: Seats) -> list[tuple[int, int]]:
        words = str(data.get("revive", "")).split()
        if len(words) % 2:
            raise BadContent("revive: pairs of players, the one out then the one asked (P3 P1)")
        pairs = []
        for dead, living in zip(words[::2], words[1::2], strict=True):
            d, a = table.seat_of(dead), table.seat_of(living)
            if d is None or a is None:
                raise BadContent("revive: P1, P2, … or D")
            pairs.append((d, a))
        return pairs

    def _end(self, data: dict[str, Any]) -> tuple[Seats, GameState, GameState]:
        """The seats, the state at the end of the hand, and after the revivals."""
        table = _seats(data)
        state = _play(table.state(), _actions(data))
        while not state.hand_over:
            state = state.apply(KEEP)
        end = state
        for dead, living in self._revivals(data, table):
            try:
                state = state.apply(revive(dead, living))
            except IllegalAction as error:
                raise BadContent(f"revive: {error}") from None
        return table, end, state

    def context(self, data: dict[str, Any]) -> dict[str, Any]:
        table = _seats(data)
        pot = table.rules.lives * table.n - sum(table.lives)
        ask = str(data["ask"])
        label = _("Chips in the pot") if ask == "pot" else _("Lives of %(name)s") % {
            "name": table.name(table.seat_of(ask))}  # type: ignore[arg-type]
        return {"seats": table.show(), "pot": pot, "label": label}

    def story(self, data: dict[str, Any]) -> str:
        table, end, after = self._end(data)
        lines = [LoserStep().why({**data, "cards": " ".join(
            "-" if c is None else str(c) for c in end.cards), "lives": " ".join(map(str, table.lives))})]
        if end.losers:
            lines.append(ngettext("The pot now holds %(pot)s chip.", "The pot now holds %(pot)s chips.", end.pot) % {
                "pot": end.pot})
            out = [s for s in end.losers if end.lives[s] == 0]
            if out:
                lines.append(ngettext("%(names)s has no lives left and is out.",
                                      "%(names)s have no lives left and are out.", len(out)) % {
                    "names": _cap(table.names(out))})
        for dead, living in self._revivals(data, table):
            lines.append(_("%(giver)s gives one of his lives to %(dead)s, who is back in the game.") % {
                "giver": _cap(table.name(living)), "dead": table.name(dead)})
            if after.lives[living] == 0:
                lines.append(_("It was %(giver)s's last life, so now %(giver)s is out.") % {"giver": table.name(living)})
        ask = str(data["ask"])
        if ask != "pot":
            seat = table.seat_of(ask)
            assert seat is not None
            lives = after.lives[seat]
            lines.append(ngettext("%(name)s now has %(n)s life.", "%(name)s now has %(n)s lives.", lives) % {
                "name": _cap(table.name(seat)), "n": lives})
        if after.is_over:
            lines.append(_("Only %(name)s is left: the game is over and the pot of %(pot)s chips is his.") % {
                "name": table.names(after.winners), "pot": after.pot})
        return " ".join(lines)

    def value(self, data: dict[str, Any]) -> int:
        table, _end, after = self._end(data)
        ask = str(data["ask"])
        return after.pot if ask == "pot" else after.lives[table.seat_of(ask)]  # type: ignore[index]

    def check(self, data: dict[str, Any], answer: QueryDict) -> Verdict:
        number = whole_number(answer.get("value", ""), digits=3)
        if number is None:
            raise BadAnswer(_("Type a whole number, like 2."))
        value = self.value(data)
        return Verdict(number == value, self.story(data), str(value))

    def expected(self, data: dict[str, Any]) -> int:
        return self.value(data)

    def answer_fields(self, data: dict[str, Any], right: bool = True) -> dict[str, Any]:
        value = self.value(data)
        return {"value": str(value if right else value + 1)}


# -- the first dealer ----------------------------------------------------------------------------------
class FirstDealerStep:
    """ "Who deals first?": cards dealt face up round the table until the second Denari."""

    name = "salta_first_dealer"
    interactive = True
    template = "saltacavallo/steps/_first_dealer.html"

    def validate(self, data: dict[str, Any]) -> None:
        require(data, "prompt", "hint", "deal", "players")
        self.result(data)

    def _players(self, data: dict[str, Any]) -> int:
        players = data.get("players")
        if not isinstance(players, int) or not 3 <= players <= 8:
            raise BadContent("players: a whole number from 3 to 8")
        return players

    def _deal(self, data: dict[str, Any]) -> list[Card]:
        try:
            cards = parse_cards(str(data.get("deal", "")))
        except BadNotation as error:
            raise BadContent(f"deal: {error}") from None
        if len(set(cards)) != len(cards):
            raise BadContent("deal: a card appears twice")
        return cards

    def result(self, data: dict[str, Any]) -> tuple[int, tuple[tuple[int, Card], ...]]:
        players = self._players(data)
        try:
            dealer, shown = first_dealer_from(_rules(data, players), self._deal(data))
        except BadNotation as error:
            raise BadContent(f"deal: {error}") from None
        if len(shown) != len(self._deal(data)):
            raise BadContent("deal: list the cards up to the one that chooses the dealer, no further")
        return dealer, shown

    def context(self, data: dict[str, Any]) -> dict[str, Any]:
        players = self._players(data)
        dealt = [(seat, card) for seat, card in enumerate(self._deal(data))]
        rows = [{"code": f"P{p + 1}", "label": _("Player %(n)s") % {"n": p + 1},
                 "cards": [c for i, c in dealt if i % players == p]} for p in range(players)]
        return {"rows": rows}

    def check(self, data: dict[str, Any], answer: QueryDict) -> Verdict:
        players = self._players(data)
        given = answer.get("seat", "").strip().upper()
        codes = [f"P{p + 1}" for p in range(players)]
        if given not in codes:
            raise BadAnswer(_("Choose one of the players at the table."))
        dealer, shown = self.result(data)
        denari = [(seat, card) for seat, card in shown if card.suit == "D"]
        rules = _rules(data, players)
        if rules.first_dealer == "10D":
            why = _("The Re di Denari went to Player %(n)s, so Player %(n)s deals first.") % {"n": dealer + 1}
        else:
            why = _("The first Denari card, %(first)s, went to Player %(a)s; the second, %(second)s, "
                    "went to Player %(b)s: Player %(b)s deals first.") % {
                "first": denari[0][1].the, "a": denari[0][0] + 1,
                "second": denari[1][1].the, "b": dealer + 1}
        return Verdict(codes.index(given) == dealer, why, _("Player %(n)s") % {"n": dealer + 1})

    def expected(self, data: dict[str, Any]) -> str:
        return f"P{self.result(data)[0] + 1}"

    def answer_fields(self, data: dict[str, Any], right: bool = True) -> dict[str, Any]:
        dealer = self.result(data)[0]
        return {"seat": f"P{(dealer if right else dealer + 1) % self._players(data) + 1}"}


for kind in (LoserStep(), TargetStep(), AfterStep(), DrawStep(), DecideStep(), LivesStep(), FirstDealerStep()):
    register(kind)
