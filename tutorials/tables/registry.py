"""How a game plugs into the practice table: one adapter per game, one set of views for all."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from django import forms
from django.utils.translation import gettext as _

# Where the other seats sit around the learner's (seat 0, at the bottom), by number of players:
# seats run counter-clockwise, so the next seat is on the learner's right.
SEAT_PLACES = {2: {1: "top"}, 3: {1: "right", 2: "left"}, 4: {1: "right", 2: "top", 3: "left"}}


class GameAdapter(Protocol):
    """What the shared table views need from a game. Engine errors (BadNotation,
    IllegalAction) raised by `parse_action` or `apply` become a 400 with their message."""

    slug: str
    template: str  # the game's table template; "…html#table" is its swappable fragment
    form_class: type[forms.Form]

    def new_game(self, options: dict[str, Any], seed: str) -> tuple[Any, str]:
        """The first state and the rules text for a new table."""

    def load(self, rules_text: str, state_text: str) -> Any: ...

    def dump(self, state: Any) -> str: ...

    def parse_action(self, state: Any, text: str) -> Any: ...

    def apply(self, state: Any, action: Any) -> Any: ...

    def seat_to_act(self, state: Any) -> int | None:
        """The seat whose move it is, or None while the game waits (between hands, or over)."""

    def is_over(self, state: Any) -> bool:
        """Has the whole game (match, giro, last hand) ended?"""

    def hands_done(self, state: Any) -> int:
        """How many hands (deals) have been played to their end (homework counts them)."""

    def outcome(self, state: Any) -> str:
        """How a finished game ended, in one line ("You won, 11–7")."""

    def bot_action(self, state: Any, seat: int, options: dict[str, Any], log: Sequence[dict[str, Any]] = ()) -> Any:
        """The computer player's move at `seat`; `log` is the table's log (each entry's seat and
        action as text, oldest first), for a player that reads what the others did."""

    def narrate(self, state_before: Any, seat: int, action: Any, state_after: Any) -> str: ...

    def seat_name(self, state: Any, seat: int) -> str:
        """What the table calls the player at `seat` ("You", "Bot 2", ...)."""

    def presenter(self, table: Any, state: Any, request: Any) -> Any: ...


class CoachOnRequest(Protocol):
    """A game whose coach searches (within a budget of work, like its computer players) and so
    speaks only when the learner asks: the shared view `table_coach` calls `coach` on the
    learner's turn, with no transaction open, and the game's template shows what it returns as
    `coach` (the page offers it with templates/tables/_coach_request.html). The coach must work
    from the learner's view only. Games whose coach is exact and cheap show it on every turn,
    inside their presenter, without this."""

    def coach(self, table: Any, state: Any) -> Any: ...


def coached_on_request(adapter: GameAdapter) -> CoachOnRequest | None:
    return adapter if callable(getattr(adapter, "coach", None)) else None  # type: ignore[return-value]


def seat_name(seat: int) -> str:
    """The learner is "You" (seat 0); the computer players are numbered by seat."""
    return _("You") if seat == 0 else _("Bot %(n)s") % {"n": seat}


def told(seat: int, you: str, other: str, **values: object) -> str:
    """A sentence in the second person for the learner (seat 0), in the third for a computer
    player, named as `%(who)s`: "You deal." / "Bot 2 deals." """
    if seat == 0:
        return you % values
    return other % {"who": seat_name(seat), **values}


def most_chips(chips: Sequence[int]) -> str:
    """ "Most chips: You, with 312." (ties name every leader)."""
    best = max(chips)
    leaders = ", ".join(seat_name(s) for s, c in enumerate(chips) if c == best)
    return _("Most chips: %(who)s, with %(n)s.") % {"who": leaders, "n": best}


ADAPTERS: dict[str, GameAdapter] = {}


def register(adapter: GameAdapter) -> GameAdapter:
    ADAPTERS[adapter.slug] = adapter
    return adapter
