"""The betting contest of STOPPA-6 (each Phase I hand and Phase II): its state and its pure rules.

Seats run counter-clockwise: `next(p) = (p + 1) % N` is on p's right (rules README §2).
"""
from __future__ import annotations

from dataclasses import dataclass

from neapolitan.cards import Card

# Seat status letters in `Contest.status`.
WAITING = "w"  # has not spoken yet in OPENING
PASSED = "p"  # passed in OPENING: out for good (STOPPA-6.2)
IN = "i"  # live: opened, or in the contest after the opening (STOPPA-6.4)
FOLDED = "f"  # folded, forfeiting what he paid (STOPPA-6.4)


@dataclass(frozen=True)
class Reveal:
    """A punto shown at the showdown: the seat, its value and the cards that make it."""

    seat: int
    value: int
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Contest:
    """One contest. `stage` is "open" (STOPPA-6.1), "bet" (6.4) or "show" (6.8).

    `paid` is what each seat has put in during this contest (`c_p`), `bet` the current bet `B`,
    `aggressor` the last aggressor (-1 before the opening), `dead` the pot before any bet of
    this contest (the misere and anything carried over), `reveals` the puntos shown so far in
    reveal order, `order` the showdown order still to speak, `raises` how many raises followed
    the opening.
    """

    stage: str
    to_act: int
    status: str
    paid: tuple[int, ...]
    bet: int = 0
    aggressor: int = -1
    dead: int = 0
    reveals: tuple[Reveal, ...] = ()
    order: tuple[int, ...] = ()
    raises: int = 0  # raises made since the opening

    def live(self) -> list[int]:
        return [s for s, st in enumerate(self.status) if st == IN]

    def with_status(self, seat: int, letter: str) -> str:
        return self.status[:seat] + letter + self.status[seat + 1:]


@dataclass(frozen=True)
class Pot:
    """A pot or side pot (STOPPA-OP-13 B) and the live seats that may win it."""

    amount: int
    eligible: tuple[int, ...]


def pots(contest: Contest, total: int, table_stakes: bool) -> list[Pot]:
    """The pot, split into side pots when a live player is all-in for less (table stakes).

    With unlimited credit every live player has paid the bet, so there is one pot.
    """
    live = contest.live()
    if not table_stakes:
        return [Pot(total, tuple(live))]
    levels = sorted({contest.paid[s] for s in live})
    out: list[Pot] = []
    previous = 0
    for index, level in enumerate(levels):
        layer = sum(min(p, level) - min(p, previous) for p in contest.paid)
        if index == 0:
            layer += contest.dead  # the misere belong to every live player's pot
        eligible = tuple(s for s in live if contest.paid[s] >= level)
        out.append(Pot(layer, eligible))
        previous = level
    if not out:
        out.append(Pot(total, ()))
    # Anything not matched by a live player (folded chips above the top level) joins the top pot.
    extra = total - sum(p.amount for p in out)
    if extra:
        out[-1] = Pot(out[-1].amount + extra, out[-1].eligible)
    return out


def raise_bounds(*, pot: int, to_call: int, misera: int, limit: str, stack: int | None) -> tuple[int, int] | None:
    """The smallest and largest raise `r` (STOPPA-6.5, STOPPA-OP-4), or None if none is allowed.

    `stack` is the player's chips under table stakes (None: unlimited credit). The largest raise
    under NO_LIMIT with unlimited credit is reported as 0 (no maximum).
    """
    if limit == "fixed":
        low, high = misera, misera
    elif limit == "no_limit":
        low, high = misera, 0
    else:
        low, high = misera, max(misera, pot + to_call)
    if stack is not None:
        room = stack - to_call
        if room <= 0:
            return None
        if room < low:  # all-in for less than a full raise
            return room, room
        high = room if high == 0 else min(high, room)
    return low, high


def open_bounds(*, pot: int, misera: int, stack: int | None) -> tuple[int, int] | None:
    """STOPPA-6.1: an opening is between the misera and the pot (at least the misera).

    Under table stakes a player short of the misera may open all-in; with no chips he cannot open.
    """
    low, high = misera, max(misera, pot)
    if stack is not None:
        if stack <= 0:
            return None
        if stack < low:
            return stack, stack
        high = min(high, stack)
    return low, high
