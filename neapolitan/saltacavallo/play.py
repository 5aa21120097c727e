"""The rule functions shared by the engine and the odds: a swap's target, the dealer's draw, who loses.

They work on *positions* in play order: position 0 is the dealer's right-hand neighbour `next(D)`,
and the dealer is the last position `n - 1` (SALTA-4.1, SALTA-6). A rank of 0 stands for a card
that is not known (it is treated as an ordinary card, 1 to 8).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from neapolitan.saltacavallo.rules import CAVALLO, RE, Rules


@dataclass(frozen=True)
class Target:
    """Where a swap from `position` lands (SALTA-6.3)."""

    target: int | None  # None: no swap is possible
    jumped: tuple[int, ...]  # the Cavalli (or, under KING_WALL_ADJACENT_ONLY, Re) jumped over
    wall: int | None  # the position whose card stopped the swap, if any
    rule: str  # the rule that decided it


def swap_target(position: int, ranks: Sequence[int], rules: Rules) -> Target:
    """SALTA-6.3: the right-hand neighbour, jumping Cavalli; a Re is a wall; never past the dealer."""
    n = len(ranks)
    dealer = n - 1
    jumped: list[int] = []
    t = (position + 1) % n
    if position == dealer and not rules.wrap_past_dealer:
        return Target(None, (), None, "SALTA-7.4")  # the dealer never swaps with a player
    while True:
        if t == position:  # only reachable under WRAP_PAST_DEALER: round the whole table
            return Target(None, tuple(jumped), None, "SALTA-OP-4")
        rank = ranks[t]
        if rank == RE:
            if jumped and rules.king_wall_adjacent_only:  # SALTA-OP-2 (B): only a neighbour's Re walls
                if t == dealer and not rules.wrap_past_dealer:
                    return Target(None, tuple(jumped), t, "SALTA-OP-4")
                jumped.append(t)
                t = (t + 1) % n
                continue
            return Target(None, tuple(jumped), t, "SALTA-6.3" if not jumped else "SALTA-OP-2")
        if rank == CAVALLO:
            if jumped and rules.no_cascade:  # SALTA-OP-3 (B)
                return Target(None, tuple(jumped), t, "SALTA-OP-3")
            if t == dealer and not rules.wrap_past_dealer:  # SALTA-OP-4 (A)
                return Target(None, tuple(jumped), t, "SALTA-OP-4")
            jumped.append(t)
            t = (t + 1) % n
            continue
        return Target(t, tuple(jumped), None, "SALTA-6.3")


def draw_outcomes(stock_counts: Sequence[int], rules: Rules) -> list[tuple[int, float]]:
    """SALTA-7.3: the dealer's possible results of drawing, as (rank, probability); rank 0 means he
    keeps his own card. `stock_counts[r]` is the number of cards of rank r (1..10) in the stock,
    whose order is unknown."""
    size = sum(stock_counts)
    if size == 0:
        return [(0, 1.0)]
    mode = rules.dealer_draw
    if mode == "king_void_cavallo_again":  # SALTA-OP-1 (C): Cavalli are thrown away, draw again
        useful = size - stock_counts[CAVALLO]
        if useful == 0:
            return [(0, 1.0)]
        out = [(r, stock_counts[r] / useful) for r in range(1, 9) if stock_counts[r]]
        if stock_counts[RE]:
            out.append((0, stock_counts[RE] / useful))
        return out
    out = [(r, stock_counts[r] / size) for r in range(1, 10) if stock_counts[r]]
    if stock_counts[RE]:
        if mode == "king_void":  # SALTA-OP-1 (B): a Re drawn is void
            out.append((0, stock_counts[RE] / size))
        else:  # SALTA-OP-1 (A), literal: the Re replaces his card
            out.append((RE, stock_counts[RE] / size))
    return out


def draw_sequence(stock: Sequence, rules: Rules) -> tuple[int, int | None]:
    """SALTA-7.3 on a real stock (objects with `.rank`, top first): (cards used, index of the card
    the dealer now holds, or None if he keeps his own)."""
    used = 0
    for i, card in enumerate(stock):
        used = i + 1
        if card.rank == RE and rules.dealer_draw != "literal":
            return used, None  # the King is void
        if card.rank == CAVALLO and rules.dealer_draw == "king_void_cavallo_again":
            continue  # the Cavallo is jumped: draw again
        return used, i
    return used, None  # the stock ran out: he keeps his card


@dataclass(frozen=True)
class Outcome:
    """The resolution of a hand (SALTA-8, SALTA-OP-7, SALTA-OP-9)."""

    losers: tuple[int, ...]  # positions that lose
    all_lives: bool  # SUDDEN_DEATH_FINAL: each loser loses every life he has, not one
    void: bool  # SALTA-8.3: nobody loses because the losses would leave nobody alive
    eliminated_together: bool  # TIE_ELIM_SPLIT: the losers all die and share the pot


def resolve(ranks: Sequence[int], lives: Sequence[int], rules: Rules) -> Outcome:
    """SALTA-8: every candidate holding the lowest rank loses; `lives` per position before the hand."""
    candidates = [i for i, r in enumerate(ranks) if not rules.is_immune(r)]
    if not candidates:  # SALTA-8.1 / SALTA-OP-5: everyone immune, nobody loses
        return Outcome((), False, False, False)
    low = min(ranks[i] for i in candidates)
    losers = tuple(i for i in candidates if ranks[i] == low)
    # SALTA-OP-9 (C): with two players left the lower card loses everything.
    sudden = rules.final_two == "sudden_death" and len(ranks) == 2
    loss_of = [lives[i] if sudden else 1 for i in losers]
    survivors = len(ranks) - sum(1 for i, loss in zip(losers, loss_of, strict=True) if lives[i] <= loss)
    if survivors == 0:
        if rules.tie_elimination == "split":  # SALTA-OP-7 (B)
            return Outcome(losers, sudden, False, True)
        return Outcome((), False, True, False)  # SALTA-8.3 / SALTA-OP-7 (A, C)
    return Outcome(losers, sudden, False, False)
