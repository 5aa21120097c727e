"""What a stoppata decision is worth, proven over every way the cards the player has not seen can lie.

In the stoppata suits play no part (STOPPA-9), so a way the hidden cards can lie is how many
cards of each rank each other player holds; it stands for every deal of the actual cards that
gives those counts (for each rank, the ways to share its hidden cards out among the players), so
each is weighted by that number, and the weights add up to every deal of the hidden cards. Cards
a player has shown at a showdown and not yet laid stay in his hand (STOPPA-6.11). Each way is
played out to the end with every hand open, each player choosing what is best for himself
(`search.Solver`, max-n, no horizon), and a play's value is the weighted average of its result.
"""
from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction

from neapolitan.stoppa.search import ONE, Move, Position, Solver, pack_hand
from neapolitan.stoppa.state import PlayerView

NODE_LIMIT = 400_000  # positions the search may visit for one decision, over all the ways


@dataclass(frozen=True)
class Proof:
    """Every play's value in chips, averaged over every way the hidden cards can lie (`deals` deals
    of the actual cards, `ways` by ranks); `best_in` is the share of the deals in which the play
    is best or as good as the best."""

    moves: tuple[Move, ...]
    values: dict[Move, Fraction]
    best_in: dict[Move, Fraction]
    deals: int
    ways: int
    hidden: int

    @property
    def ranking(self) -> list[Move]:
        return sorted(self.moves, key=lambda m: -self.values[m])


def hidden_ways(view: PlayerView) -> Iterator[tuple[tuple[int, ...], int]]:
    """Every way the cards `view`'s player has not seen can lie, by ranks: the other players'
    packed hands (seat order, his own left out), and how many deals of the cards give it."""
    others = [s for s in range(view.players) if s != view.seat]
    known = [view.known_in_hand(s) for s in others]
    room = [view.hand_sizes[s] - len(k) for s, k in zip(others, known, strict=True)]
    left = [0] * 11
    for card in view.unknown():
        left[card.rank] += 1
    if sum(left) != sum(room):
        raise ValueError("The hidden cards do not fill the other hands")
    ranks = [r for r in range(1, 11) if left[r]]

    def place(i: int, room: list[int], hands: list[int], weight: int) -> Iterator[tuple[tuple[int, ...], int]]:
        if i == len(ranks):
            yield tuple(hands), weight
            return
        rank = ranks[i]
        for shares in _splits(left[rank], room):
            ways = math.factorial(left[rank])
            for n in shares:
                ways //= math.factorial(n)
            yield from place(i + 1, [r - n for r, n in zip(room, shares, strict=True)],
                             [h + n * ONE[rank] for h, n in zip(hands, shares, strict=True)], weight * ways)

    yield from place(0, room, [pack_hand(k) for k in known], 1)


def _splits(n: int, room: list[int]) -> Iterator[tuple[int, ...]]:
    """Ways to share n cards of one rank among players with `room` free places each."""
    if len(room) == 1:
        if n <= room[0]:
            yield (n,)
        return
    for first in range(min(n, room[0]) + 1):
        for rest in _splits(n - first, room[1:]):
            yield (first, *rest)


def prove(view: PlayerView, limit: int = NODE_LIMIT) -> Proof:
    """Every play open to `view`'s player (by ranks), valued over every way the hidden cards can
    lie. Raises search.SearchTooLarge past `limit` positions."""
    st = view.stoppata
    if st is None or view.to_act != view.seat:
        raise ValueError("Not this player's turn in the stoppata")
    seat = view.seat
    solver = Solver(view.rules, limit)
    others = [s for s in range(view.players) if s != seat]
    mine = pack_hand(view.hand)
    moves: tuple[Move, ...] = ()
    totals: dict[Move, int] = {}
    best: dict[Move, int] = {}
    deals = ways = 0
    for packed, weight in hidden_ways(view):
        hands = [mine] * view.players
        for s, h in zip(others, packed, strict=True):
            hands[s] = h
        pos = Position(tuple(hands), view.hand_sizes, st.top, st.turn, st.first_done, st.first_now,
                       view.di_mano, st.last)
        if not moves:
            moves = tuple(solver.moves(pos))  # the same in every way: they depend on his hand only
            totals = dict.fromkeys(moves, 0)
            best = dict.fromkeys(moves, 0)
        results = {}
        for move in moves:
            child, end = solver.apply(pos, move)
            results[move] = (end if end is not None else solver.value(child))[seat]
        top = max(results.values())
        for move in moves:
            totals[move] += weight * results[move]
            best[move] += weight * (results[move] == top)
        deals += weight
        ways += 1
    m = view.rules.misera
    return Proof(moves, {mv: Fraction(m * totals[mv], deals) for mv in moves},
                 {mv: Fraction(best[mv], deals) for mv in moves}, deals, ways, len(view.unknown()))
