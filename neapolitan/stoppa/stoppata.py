"""Phase III, the stoppata (STOPPA-9): runs, exhausted ranks, closers, Aces, the end and payments."""
from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from neapolitan.cards import Card
from neapolitan.stoppa.actions import STOP, Action, shed
from neapolitan.stoppa.rules import Rules


@dataclass(frozen=True)
class Stoppata:
    """The stoppata under way. `top` is the top rank of the current sequence, 0 when the turn
    holder must open a new one (STOPPA-9.4). `played` holds every card laid, in order;
    `run_from` is where the current sequence starts in it. `first_done` is a bit mask of the
    seats the turn has reached and `first_now` says whether the holder is in his first turn
    (STOPPA-9.14). `last` is the seat that made the last play.
    """

    turn: int
    top: int = 0
    played: tuple[Card, ...] = ()
    run_from: int = 0
    first_done: int = 0
    first_now: bool = True
    last: int = -1
    winner: int = -1
    double: bool = False

    @property
    def run(self) -> tuple[Card, ...]:
        """The cards of the current sequence (empty when a new one is to be opened)."""
        return self.played[self.run_from:] if self.top else ()


def played_counts(played: tuple[Card, ...]) -> list[int]:
    counts = [0] * 11
    for card in played:
        counts[card.rank] += 1
    return counts


def needed(top: int, counts: list[int], rules: Rules) -> int | None:
    """`needed(t)` of STOPPA-9.2: the smallest rank above `top` not yet exhausted; None: closed.

    Removed Kings count as exhausted from the start, so without Kings the Cavallo closes (9.3).
    """
    for rank in range(top + 1, 11):
        if counts[rank] < rules.copies(rank):
            return rank
    return None


def legal_sheds(hand: tuple[Card, ...], st: Stoppata, rules: Rules) -> list[Action]:
    """The plays of the turn holder holding `hand` (STOPPA-9.6, 9.8, 9.9, OP-8, OP-9).

    An empty list means he cannot play and the turn passes.
    """
    aces = [c for c in hand if c.rank == 1]
    if not st.top:  # OPEN: any one card, or several Aces together
        plays = [shed(c) for c in hand if c.rank != 1]
        if rules.all_aces and aces:
            plays.append(shed(*aces))
        else:
            for size in range(1, len(aces) + 1):
                plays.extend(shed(*group) for group in combinations(aces, size))
        return plays
    rank = needed(st.top, played_counts(st.played), rules)
    if rank is None:  # cannot happen: a closed sequence sends the holder back to OPEN
        return []
    plays = [shed(c) for c in hand if c.rank == rank]
    if st.top == 1 and rank == 2 and plays and aces:  # STOPPA-9.9: Aces only with a Two
        twos = [c for c in hand if c.rank == 2]
        for size in range(1, len(aces) + 1):
            for group in combinations(aces, size):
                plays.extend(shed(*group, two) for two in twos)
    if plays and rules.optional_continue:
        plays.append(STOP)
    return plays


def payment(cards_left: int, rules: Rules, double: bool) -> int:
    """STOPPA-9.13/9.14: the misera for every two cards still held, doubled for a stoppata di mano."""
    return rules.misera * (cards_left // 2) * (2 if double else 1)


def cancels(hand: tuple[Card, ...], rules: Rules) -> str:
    """Why this hand cancels the stoppata (STOPPA-9.1, OP-7), or "" if it does not.

    Three or more Twos and no King; with `cancel_aces` also three (or four) Aces and no King.
    With `cancel_cavallo_as_king` and no Kings in the pack, a Cavallo counts as a King.
    """
    blockers = {10}
    if rules.cancel_cavallo_as_king and rules.copies(10) == 0:
        blockers.add(9)
    if any(c.rank in blockers for c in hand):
        return ""
    if sum(1 for c in hand if c.rank == 2) >= 3:
        return "twos"
    if rules.cancel_aces and sum(1 for c in hand if c.rank == 1) >= rules.cancel_aces:
        return "aces"
    return ""
