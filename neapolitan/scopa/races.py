"""Card counting: the races for the carte, the denari, the settebello and the primiera, and
whether the player's side has already won one, can still win it, or can no longer win it.

Every card not yet in a pile (in a hand, on the table or in the stock) may still end up in either
side's pile, and more cards never hurt a side in these four races (SCOPA-8.1 to 8.4, SCOPA-9). So
a race is already won when the side wins it even if every card still out goes to the other side,
and can still be won when it wins it if every card still out comes to it (two sides: two-player
Scopa; `tests/engine/test_scopa_races.py` checks this against every way the cards could go).
"""
from __future__ import annotations

from neapolitan.cards import SETTEBELLO, cards_from_mask
from neapolitan.i18n import _
from neapolitan.scopa.rules import Rules
from neapolitan.scopa.scoring import score_hand
from neapolitan.scopa.state import PlayerView

RACES = ("carte", "denari", "settebello", "primiera")
WON, OPEN, LOST = "won", "open", "lost"
_ALL = (1 << 40) - 1


def still_out(view: PlayerView) -> int:
    """The cards in no pile yet, as a bit mask."""
    taken = 0
    for pile in view.piles:
        taken |= pile
    return _ALL & ~taken


def winner(race: str, ours: int, theirs: int, rules: Rules) -> int | None:
    """Which of two piles (0: ours, 1: theirs) wins `race`, None if neither."""
    return score_hand([ours, theirs], [0, 0], rules).winner_of(race)


def race(view: PlayerView, name: str) -> str:
    """WON, OPEN or LOST for the player's side (two sides only)."""
    if len(view.piles) != 2:
        raise ValueError("Races are counted between two sides")
    side = view.rules.side_of(view.seat)
    ours, theirs, out = view.piles[side], view.piles[1 - side], still_out(view)
    if winner(name, ours, theirs | out, view.rules) == 0:
        return WON
    if winner(name, ours | out, theirs, view.rules) == 0:
        return OPEN
    return LOST


def facts(view: PlayerView, name: str) -> str:
    """What decides the race, in words: the counts that settle it."""
    side = view.rules.side_of(view.seat)
    ours, theirs, out = view.piles[side], view.piles[1 - side], still_out(view)
    if name == "carte":
        return _("You have taken %(ours)s cards and they %(theirs)s; %(out)s are still out. The carte go to "
                 "whoever takes more than half of the 40, 21 at least.") % {
            "ours": ours.bit_count(), "theirs": theirs.bit_count(), "out": out.bit_count()}
    if name == "denari":
        ours_d, theirs_d, out_d = (sum(1 for c in cards_from_mask(m) if c.suit == "D") for m in (ours, theirs, out))
        return _("You have %(ours)s Denari and they %(theirs)s; %(out)s are still out. The denari go to whoever "
                 "takes 6 of the 10.") % {"ours": ours_d, "theirs": theirs_d, "out": out_d}
    if name == "settebello":
        if ours >> SETTEBELLO.index & 1:
            return _("The settebello is in your pile.")
        return _("The settebello is in theirs.") if theirs >> SETTEBELLO.index & 1 else _("The settebello is still out.")
    best = []
    for mask in (ours, theirs, out):
        by_suit = {}
        for card in cards_from_mask(mask):
            if card.suit not in by_suit or card.primiera_value > by_suit[card.suit].primiera_value:
                by_suit[card.suit] = card
        best.append(", ".join(c.italian_name for c in by_suit.values()) or _("none"))
    return _("The best card of each suit: yours %(ours)s; theirs %(theirs)s; still out %(out)s. The primiera "
             "needs a card of every suit (SCOPA-9).") % {"ours": best[0], "theirs": best[1], "out": best[2]}
