"""Saltacavallo at the practice table: the adapter the shared table views call, and its presenter."""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from django.http import HttpRequest
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from neapolitan.cards import Card
from neapolitan.errors import IllegalAction
from neapolitan.i18n import percent
from neapolitan.saltacavallo import NEXT, Action, GameState, Odds, Rules, engine_choice, odds
from neapolitan.saltacavallo.rules import CAVALLO, RE
from tutorials.core.links import reverse
from tutorials.saltacavallo.forms import SaltacavalloTableForm
from tutorials.tables.models import Table
from tutorials.tables.registry import register, seat_name, told

HUMAN = 0
RUN_ON = "run"  # the learner is out: the engine's players play the game to its end
MAX_RUN_ACTIONS = 20000


class SaltacavalloAdapter:
    slug = "saltacavallo"
    template = "saltacavallo/table.html"
    form_class = SaltacavalloTableForm

    def new_game(self, options: dict[str, Any], seed: str) -> tuple[GameState, str]:
        rules = Rules(
            players=int(options.get("opponents", 4)) + 1,
            lives=int(options.get("lives", 3)),
            revival="obliged" if options.get("revival", True) else "off",
        )
        return GameState.new(rules, seed), rules.to_text()

    def load(self, rules_text: str, state_text: str) -> GameState:
        return GameState.from_text(state_text, Rules.from_text(rules_text))

    def dump(self, state: GameState) -> str:
        return state.to_text()

    def parse_action(self, state: GameState, text: str) -> Action | str:
        text = text.strip()
        if text == RUN_ON:
            return RUN_ON
        return Action.parse(text)

    def apply(self, state: GameState, action: Action | str) -> GameState:
        if state.is_over:
            raise IllegalAction(_("This game is over. Start a new game to play again."), "SALTA-11.1")
        if action == RUN_ON:
            if state.lives[HUMAN] > 0:
                raise IllegalAction(_("You are still in the game: play your own hands."), "SALTA-2.3")
            if state.phase != "between":
                raise IllegalAction(_("Wait for the end of this hand."), "SALTA-10.1")
            return _ran_on(state.to_text(), state.rules.to_text())[0]
        assert isinstance(action, Action)
        if action.kind == "revive" and action.dead != HUMAN:
            raise IllegalAction(
                _("At this table you may only ask for a life for yourself, when you are out."), "SALTA-9.3"
            )
        return state.apply(action)

    def is_over(self, state: GameState) -> bool:
        return state.is_over

    def hands_done(self, state: GameState) -> int:
        return state.hand_no - 1 + int(state.hand_over)

    def outcome(self, state: GameState) -> str:
        return winner_text(state)

    def seat_to_act(self, state: GameState) -> int | None:
        return state.to_act if state.phase in ("exchange", "dealer", "reply") else None

    def bot_action(self, state: GameState, seat: int, options: dict[str, Any], log: Sequence[dict[str, Any]] = ()) -> Action:
        return engine_choice(state.view(seat))

    def narrate(self, before: GameState, seat: int, action: Action | str, after: GameState) -> str:
        if action == RUN_ON:
            ends = _ran_on(before.to_text(), before.rules.to_text())[1]
            hands = after.hand_no - before.hand_no
            return " ".join([ngettext(
                "The game ran on for %(n)s more hand.", "The game ran on for %(n)s more hands.", hands
            ) % {"n": hands}, *map(hand_note, ends), winner_text(after)])
        assert isinstance(action, Action)
        text = action_text(before, seat, action, after)
        if after.hand_over and (not before.hand_over or after.hand_no != before.hand_no):
            text += " " + result_text(after)  # this action ended the hand
        return text

    def seat_name(self, state: GameState, seat: int) -> str:
        return seat_name(seat)

    def presenter(self, table: Table, state: GameState, request: HttpRequest) -> SaltaTableView:
        return SaltaTableView.build(table, state)


register(SaltacavalloAdapter())


@lru_cache(maxsize=16)
def _ran_on(state_text: str, rules_text: str) -> tuple[GameState, tuple[GameState, ...]]:
    """The game run on to its end from this position, and the state at the end of each hand:
    `apply` plays it and `narrate` tells it, from one run (the hands are deterministic, but long
    at 10 seats)."""
    ends: list[GameState] = []
    end = run_on(GameState.from_text(state_text, Rules.from_text(rules_text)), ends)
    return end, tuple(ends)


def run_on(state: GameState, ends: list[GameState] | None = None) -> GameState:
    """Every remaining hand, played by the engine's players (the learner is out); `ends` gets
    the state at the end of each hand."""
    for _step in range(MAX_RUN_ACTIONS):
        if state.is_over:
            return state
        if state.phase == "between":
            state = state.apply(NEXT)
        else:
            state = state.apply(engine_choice(state.view(state.to_act)))  # type: ignore[arg-type]
        if ends is not None and state.hand_over:
            ends.append(state)
    raise RuntimeError("The game did not end")


def hand_note(end: GameState) -> str:
    """One line for a hand the engine's players played out: `Hand 7: ...`."""
    return _("Hand %(n)s: %(what)s") % {"n": end.hand_no, "what": result_text(end, False)}


# -- words ---------------------------------------------------------------------------------------
def card_name(card: Card | None) -> str:
    return card.italian_name if card is not None else "?"


def action_text(before: GameState, seat: int, action: Action, after: GameState) -> str:
    you = seat == HUMAN
    who = seat_name(seat)
    if action.kind == "next":
        return told(after.dealer, _("Hand %(n)s: you deal."), _("Hand %(n)s: %(who)s deals."), n=after.hand_no)
    if action.kind == "revive":
        giver = seat_name(action.living)  # type: ignore[arg-type]
        if after.phase == "reply":
            return _("You ask %(giver)s for a life.") % {"giver": giver}
        return _("%(giver)s gives you one of his lives: you are back in the game.") % {"giver": giver}
    if action.kind in ("give", "refuse"):
        if action.kind == "give":
            return _("%(who)s gives you a life: you are back in the game.") % {"who": who}
        return _("%(who)s refuses to give you a life.") % {"who": who}
    event = after.events[-1] if len(after.events) > len(before.events) else None
    if before.phase == "dealer":
        return _dealer_text(who, you, action, event)
    if event is None:
        return ""
    if event.kind == "keep":
        found = before.target_of(seat)
        if found.target is None and found.wall is not None:
            wall = wall_text(before, found.wall, found.jumped)
            return (_("You keep: %(wall)s.") if you else _("%(who)s keeps: %(wall)s.")) % {"who": who, "wall": wall}
        return _("You keep your card.") if you else _("%(who)s keeps his card.") % {"who": who}
    if event.kind == "blocked":
        wall = wall_text(after, event.wall, event.jumped)  # type: ignore[arg-type]
        return (_("You try to swap, but %(wall)s.") if you else _("%(who)s tries to swap, but %(wall)s.")) % {
            "who": who, "wall": wall}
    jumped = jumped_text(before, event.jumped)
    target = seat_name(event.target)  # type: ignore[arg-type]
    gave, got = card_name(event.cards[0]), card_name(event.cards[1])
    if you:
        return _("You swap with %(target)s%(jumped)s: you give %(gave)s and get %(got)s.") % {
            "target": target, "jumped": jumped, "gave": gave, "got": got}
    if event.target == HUMAN:
        return _("%(who)s swaps with you%(jumped)s: you give %(got)s and get %(gave)s.") % {
            "who": who, "jumped": jumped, "gave": gave, "got": got}
    return _("%(who)s swaps with %(target)s%(jumped)s.") % {"who": who, "target": target, "jumped": jumped}


def _dealer_text(who: str, you: bool, action: Action, event) -> str:
    if action.kind == "keep":
        if you:
            return _("You (the dealer) see every card and keep your own.")
        return _("%(who)s (the dealer) sees every card and keeps his own.") % {"who": who}
    drawn = ", ".join(card_name(c) for c in event.cards)
    if event.result is None:
        if you:
            return _("You (the dealer) draw %(drawn)s: a Re from the stock is void, so you keep your card.") % {
                "drawn": drawn}
        return _("%(who)s (the dealer) draws %(drawn)s: a Re from the stock is void, so he keeps his card.") % {
            "who": who, "drawn": drawn}
    if you:
        return _("You (the dealer) draw %(drawn)s and now hold %(card)s.") % {
            "drawn": drawn, "card": card_name(event.result)}
    return _("%(who)s (the dealer) draws %(drawn)s and now holds %(card)s.") % {
        "who": who, "drawn": drawn, "card": card_name(event.result)}


def jumped_text(state: GameState, jumped: tuple[int, ...]) -> str:
    if not jumped:
        return ""
    names = ", ".join(seat_name(s) for s in jumped)
    return _(", jumping the Cavallo of %(names)s") % {"names": names} if all(
        state.cards[s].rank == CAVALLO for s in jumped  # type: ignore[union-attr]
    ) else _(", jumping %(names)s") % {"names": names}


def wall_text(state: GameState, wall: int | None, jumped: tuple[int, ...]) -> str:
    if wall is None:  # SALTA-OP-4: round the whole table, every other card a Cavallo
        return _("every other player shows a Cavallo, so there is no one to swap with")
    card = state.cards[wall]
    name = seat_name(wall)
    if card is not None and card.rank == RE:
        return _("the Re of %(name)s is a wall") % {"name": name}
    if wall == state.dealer:
        return _("a swap may not jump the dealer's Cavallo")
    return _("a swap may not jump a second Cavallo (%(name)s)") % {"name": name}


def result_text(state: GameState, with_winner: bool = True) -> str:
    """The end of a hand: who lost, who is out, who won."""
    parts: list[str] = []
    if state.void:
        parts.append(_("Everyone left would lose the last life, so the hand is void: no life is lost."))
    elif not state.losers:
        parts.append(_("Everyone holds a Re or a Cavallo: nobody loses a life."))
    else:
        low = min(state.cards[s].rank for s in state.losers)  # type: ignore[union-attr]
        if list(state.losers) == [HUMAN]:
            parts.append(_("Lowest card %(rank)s: you lose a life.") % {"rank": low})
        else:  # "You, Bot 3 lose a life": with the learner among them, the plural agrees too
            names = ", ".join(seat_name(s) for s in state.losers)
            parts.append(ngettext(
                "Lowest card %(rank)s: %(names)s loses a life.", "Lowest card %(rank)s: %(names)s lose a life.",
                len(state.losers)) % {"rank": low, "names": names})
        out = [s for s in state.losers if state.lives[s] == 0]
        if out == [HUMAN]:
            parts.append(_("You are out of the game."))
        elif out:
            parts.append(_("Out of the game: %(names)s.") % {"names": ", ".join(seat_name(s) for s in out)})
    if state.is_over and with_winner:
        parts.append(winner_text(state))
    return " ".join(parts)


def winner_text(state: GameState) -> str:
    names = ", ".join(seat_name(s) for s in state.winners)
    return _("%(names)s won the pot of %(pot)s chips!") % {"names": names, "pot": state.pot}


# -- the presenter ------------------------------------------------------------------------------------
@dataclass
class SeatView:
    seat: int
    name: str
    lives: int
    max_lives: int
    card: Card | None  # what the learner sees of it
    face_down: bool  # holds a card the learner cannot see
    is_dealer: bool
    to_act: bool
    dead: bool
    wall: bool  # shows a Re
    jump: bool  # shows a Cavallo
    lost: bool  # lost a life in the hand just ended
    x: float  # place round the table, in % of its width and height
    y: float
    swapped_with: list[str] = field(default_factory=list)

    @property
    def coins(self) -> list[bool]:
        return [i < self.lives for i in range(max(self.max_lives, self.lives))]

    @property
    def is_you(self) -> bool:
        return self.seat == HUMAN


@dataclass
class Choice:
    action: str
    label: str
    primary: bool = False
    testid: str = ""


@dataclass
class SaltaTableView:
    """Everything the Saltacavallo table template shows, from the learner's seat."""

    state: GameState
    table: Table
    act_url: str
    seats: list[SeatView]
    choices: list[Choice]
    prompt: str
    narration: list[str]
    swaps: list[str]
    coach: Odds | None
    coach_lines: list[str]
    result: str
    you_are_out: bool
    your_card: Card | None

    @classmethod
    def build(cls, table: Table, state: GameState) -> SaltaTableView:
        view = state.view(HUMAN)
        seats, swaps = ring(state)
        coach = odds(view) if state.to_act == HUMAN and state.phase in ("exchange", "dealer") else None
        self = cls(
            state=state, table=table,
            act_url=reverse("play_act", kwargs={"game": "saltacavallo", "table_id": table.public_id}),
            seats=seats, choices=choices_for(state), prompt=_prompt(state), narration=table.recent_lines(12),
            swaps=swaps, coach=coach, coach_lines=_coach_lines(coach, state) if coach else [],
            result=result_text(state, with_winner=False) if state.hand_over else "",
            you_are_out=state.lives[HUMAN] == 0, your_card=view.cards[HUMAN],
        )
        return self

    @property
    def winners(self) -> str:
        return ", ".join(seat_name(s) for s in self.state.winners)


def ring(state: GameState) -> tuple[list[SeatView], list[str]]:
    """The players round the table as the learner (seat 0) sees them, and the swaps made so far."""
    view = state.view(HUMAN)
    players = state.players
    seats = []
    for seat in range(players):
        card = view.cards[seat]
        shown = card if card is not None else None
        seats.append(SeatView(
            seat=seat, name=seat_name(seat), lives=state.lives[seat], max_lives=state.rules.lives,
            card=shown, face_down=state.cards[seat] is not None and card is None,
            is_dealer=seat == state.dealer, to_act=state.to_act == seat and not state.hand_over,
            dead=state.lives[seat] == 0 and state.cards[seat] is None,
            wall=state.shown[seat] and shown is not None and shown.rank == RE,
            jump=state.shown[seat] and shown is not None and shown.rank == CAVALLO,
            lost=state.hand_over and seat in state.losers, **_place(seat, players),
        ))
    swaps = []
    for event in view.events:
        if event.kind == "swap":
            line = _("%(a)s ⇄ %(b)s") % {"a": seat_name(event.seat), "b": seat_name(event.target)}
            if event.jumped:
                line += " " + _("(jumped %(names)s)") % {"names": ", ".join(seat_name(s) for s in event.jumped)}
            swaps.append(line)
            seats[event.seat].swapped_with.append(seat_name(event.target))
            seats[event.target].swapped_with.append(seat_name(event.seat))
        elif event.kind == "blocked":
            if event.wall is None:
                swaps.append(_("%(a)s found no one to swap with") % {"a": seat_name(event.seat)})
            else:
                swaps.append(_("%(a)s was stopped by %(b)s") % {"a": seat_name(event.seat), "b": seat_name(event.wall)})
    return seats, swaps


def _place(seat: int, players: int) -> dict[str, float]:
    """The learner sits at the bottom; play goes to his right, counter-clockwise on the screen."""
    angle = math.radians(90 - seat * 360 / players)
    return {"x": round(50 + 41 * math.cos(angle), 2), "y": round(50 + 41 * math.sin(angle), 2)}


def _prompt(state: GameState) -> str:
    if state.is_over:
        return ""
    if state.phase == "exchange" and state.to_act == HUMAN:
        found = state.target_of(HUMAN)
        if found.target is None:
            return _("Your turn: no swap is possible from your seat, so you keep your card.")
        return _("Your turn: keep your card, or swap it with %(name)s?") % {"name": seat_name(found.target)}
    if state.phase == "dealer" and state.to_act == HUMAN:
        return _("You are the dealer and see every card: keep yours, or draw from the stock?")
    if state.phase == "reply" and state.to_act == HUMAN:
        return _("%(name)s asks you for a life. Give one?") % {"name": seat_name(state.pending[0])}  # type: ignore[index]
    if state.hand_over and state.lives[HUMAN] == 0:
        return _("You are out of lives.")
    if state.hand_over:
        return _("The hand is over.")
    return _("Waiting for the other players.")


def choices_for(state: GameState) -> list[Choice]:
    """What the learner (seat 0) may do now, as buttons."""
    if state.is_over:
        return []
    # A decision of the game is offered as equal buttons: none is styled as the one to press, which
    # the coach (folded until asked) might not advise. Only moving on (the next hand) is primary.
    if state.to_act == HUMAN and state.phase == "exchange":
        out = [Choice("keep", _("Keep my card"), False, "keep")]
        found = state.target_of(HUMAN)
        if found.target is not None:
            label = _("Swap with %(name)s") % {"name": seat_name(found.target)}
            if found.jumped:
                label += " " + _("(jumping %(names)s)") % {"names": ", ".join(seat_name(s) for s in found.jumped)}
            out.append(Choice("swap", label, False, "swap"))
        return out
    if state.to_act == HUMAN and state.phase == "dealer":
        out = [Choice("keep", _("Keep my card"), False, "keep")]
        if state.stock:
            out.append(Choice("draw", _("Draw from the stock"), False, "draw"))
        return out
    if state.to_act == HUMAN and state.phase == "reply":
        return [Choice("give", _("Give a life"), False, "give"), Choice("refuse", _("Refuse"), False, "refuse")]
    if state.phase != "between":
        return []
    if state.lives[HUMAN] > 0:
        return [Choice("next", _("Deal the next hand"), True, "next")]
    out = [Choice(RUN_ON, _("Let the game run on to the end"), True, "run"),
           Choice("next", _("Watch the next hand"), False, "next")]
    if state.rules.revival_on:
        out += [Choice(f"revive {HUMAN} {s}", _("Ask %(name)s for a life") % {"name": seat_name(s)}, False,
                       f"revive-{s}") for s in state.living()]
    return out


def _coach_lines(result: Odds, state: GameState) -> list[str]:
    lines = [_("If you keep: %(p)s chance of losing a life.") % {"p": _percent(result.keep)}]
    if result.change is not None:
        if result.change_kind == "swap":
            lines.append(_("If you swap: %(p)s.") % {"p": _percent(result.change)})
        else:
            lines.append(_("If you draw: %(p)s.") % {"p": _percent(result.change)})
    if result.exact:
        lines.append(_("Exact: every deal of the cards you cannot see was counted."))
    else:
        lines.append(_("Sampled from %(n)s deals: each figure is within ±%(e)s (95%% confidence).") % {
            "n": result.worlds, "e": _percent(result.error)})
    lines.append(_("The engine's players would: %(what)s.") % {"what": {
        "keep": _("keep"), "swap": _("swap"), "draw": _("draw")}[result.policy_choice]})
    return lines


def _percent(p: float) -> str:
    return percent(p, 1)

