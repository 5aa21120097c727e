"""Search for Scopa: an exact solver when every card is known, and determinization when some are hidden.

Values are point margins of the hand for one side: its points minus the best other side's
(carte, denari, settebello, primiera, scope and the variant's extras, SCOPA-8), as `hand_totals`
scores them when the hand is over. The solver plays through `HandState.apply_legal` (`apply`
without its check of the play), so it follows exactly the rules the table plays by.
"""
from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from operator import attrgetter

from neapolitan.cards import SETTEBELLO
from neapolitan.scopa.actions import Play
from neapolitan.scopa.scoring import _SUIT_BEST as _BEST_BY_SCALE
from neapolitan.scopa.scoring import hand_totals
from neapolitan.scopa.state import HandState, PlayerView

_EXACT, _LOWER, _UPPER = 0, 1, 2
_NEVER = -1  # a horizon never reached: no stock is shorter, and at least 0 cards are left
MAX_PLIES = 8  # a sampled deal is searched this many plays ahead at most (two rounds of Scopone)
_SUIT_BEST = _BEST_BY_SCALE[0]


def margin(state: HandState, side: int) -> int:
    """The finished hand's points for `side` minus the best other side's."""
    totals = hand_totals(state.piles, state.scope, state.rules, state.bonus)
    return totals[side] - max(t for i, t in enumerate(totals) if i != side)


class OutOfNodes(Exception):
    """The search used up the nodes it was given."""


Leaf = Callable[[HandState, int], float]


class Solver:
    """Alpha-beta over `HandState`s with a transposition table, for one side's margin.

    Other sides are assumed to play against that side (exact for two sides; "paranoid" for three
    players). Reuse one Solver for positions of the same hand to share its table.

    With `until_redeal` the search stops when the current deal is played out (the stock deals
    again) and `leaf` (by default `estimate`) judges the position there; with `plies` it stops
    after that many plays. Without either it is exact: it plays to the end of the hand.
    With `max_nodes` it raises OutOfNodes once it has visited that many positions.
    With `alone` (a seat of `side`) only that seat plays for the side: his partner plays against him.
    """

    def __init__(self, side: int, *, until_redeal: bool = False, plies: int | None = None,
                 leaf: Leaf | None = None, max_nodes: float = math.inf, memo: bool = True,
                 alone: int | None = None) -> None:
        self.side = side
        self.alone = alone
        self.memo = memo  # a transposition table: worth its keys when positions recur (deep searches)
        self.until_redeal = until_redeal
        self.plies = plies
        self.leaf = leaf or estimate
        self.max_nodes = max_nodes
        self.table: dict[tuple, tuple[int, float, Play | None]] = {}
        self.nodes = 0
        self._stop_stock = self._stop_left = _NEVER  # the horizon (set by `start`)
        self._maximizing: tuple[bool, ...] = ()  # per seat: plays for `side` (set by `start`)

    def start(self, state: HandState) -> None:
        """Fix the horizon relative to the root position (a new horizon forgets the old values)."""
        horizon = (
            len(state.stock) if self.until_redeal and state.stock else _NEVER,
            state.cards_left_to_play() - self.plies if self.plies else _NEVER,
        )
        if horizon != (self._stop_stock, self._stop_left):
            self.table.clear()
        self._stop_stock, self._stop_left = horizon
        self._maximizing = tuple(
            seat == self.alone if self.alone is not None else side == self.side
            for seat, side in enumerate(state.rules.seat_sides)
        )

    def value(self, state: HandState, alpha: float = -math.inf, beta: float = math.inf) -> float:
        self.nodes = nodes = self.nodes + 1
        if nodes > self.max_nodes:
            raise OutOfNodes()
        if state.is_over:
            return margin(state, self.side)
        if len(state.stock) < self._stop_stock or state._left <= self._stop_left:  # the horizon
            return self.leaf(state, self.side)
        memo = self.memo
        best_first = None
        if memo:
            key = _key(state)
            hit = self.table.get(key)
            if hit is not None:
                flag, stored, best_first = hit
                if flag == _EXACT:
                    return stored
                if flag == _LOWER and stored >= beta:
                    return stored
                if flag == _UPPER and stored <= alpha:
                    return stored
        maximizing = self._maximizing[state.to_move]
        start_alpha, start_beta = alpha, beta
        best = -math.inf if maximizing else math.inf
        best_play = None
        value = self.value
        # A better value moves the bound on its side (and may cut off the rest); one no better
        # than `best` is no better than that bound either.
        for play in _ordered(state, best_first):
            v = value(state.apply_legal(play), alpha, beta)
            if maximizing:
                if v > best:
                    best, best_play = v, play
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            elif v < best:
                best, best_play = v, play
                if v < beta:
                    beta = v
                    if alpha >= beta:
                        break
        if best <= start_alpha:
            flag = _UPPER
        elif best >= start_beta:
            flag = _LOWER
        else:
            flag = _EXACT
        if memo:
            self.table[key] = (flag, best, best_play)
        return best

    def play_values(self, state: HandState) -> dict[Play, float]:
        """The value of every legal play of the player to move (no pruning between them)."""
        self.start(state)
        return {play: self.value(state.apply_legal(play)) for play in state.legal_actions()}


def solve(state: HandState, side: int | None = None) -> dict[Play, int]:
    """Exact value of every legal play, when every card (and the stock's order) is known."""
    if side is None:
        side = state.rules.seat_sides[state.to_move]
    return {play: int(v) for play, v in Solver(side).play_values(state).items()}


def estimate(state: HandState, side: int) -> float:
    """A margin estimate for an unfinished hand: scope and the settebello as they stand, and the
    carte, denari and primiera leads scaled by how safe they look."""
    piles = state.piles
    best_other = max((i for i in range(len(piles)) if i != side), key=lambda i: piles[i].bit_count())
    mine, theirs = piles[side], piles[best_other]
    value = float(state.scope[side] - state.scope[best_other])
    value += (mine >> SETTEBELLO.index & 1) - (theirs >> SETTEBELLO.index & 1)
    value += _clip((mine.bit_count() - theirs.bit_count()) / 8)
    value += _clip(((mine & _DENARI).bit_count() - (theirs & _DENARI).bit_count()) / 3)
    value += _clip((_primiera_partial(mine) - _primiera_partial(theirs)) / 30)
    return value


def _clip(x: float) -> float:
    return -1.0 if x < -1 else 1.0 if x > 1 else x


_DENARI = (1 << 10) - 1


def _primiera_partial(mask: int) -> int:
    return sum(_SUIT_BEST[mask >> (10 * s) & 1023] for s in range(4))


def _key(state: HandState) -> tuple:
    return (
        state._left, state.to_move, state.hands, state.table, len(state.stock), state.piles, state.scope,
        state.bonus, state.last_capturer, state.last_was_scopa,
    )


_PROMISE = attrgetter("promise")


def _ordered(state: HandState, first: Play | None) -> list[Play]:
    """Likely best plays first: the remembered best, then scope, the settebello, big captures."""
    plays = state.legal_actions()
    if len(plays) < 2:
        return plays
    ranked = sorted(plays, key=_PROMISE, reverse=True)
    size = len(state.table)
    if size:  # sweeps first, then the rest: a play's promise lies between -50 and 90 (`_promise`)
        sweeps = [p for p in ranked if len(p.captured) == size]
        if sweeps and len(sweeps) < len(ranked):
            ranked = sweeps + [p for p in ranked if len(p.captured) != size]
    if first is not None and first is not ranked[0] and first in ranked:
        ranked.remove(first)
        ranked.insert(0, first)
    return ranked


# -- hidden cards: determinization -------------------------------------------------------------
@dataclass
class Analysis:
    """What each legal play is worth to the player to move, averaged over deals of the hidden cards."""

    values: dict[Play, float]
    samples: int
    exact: bool  # no hidden card: the values are exact
    wins: dict[Play, int] = field(default_factory=dict)  # deals in which the play was (joint) best
    spread: dict[Play, float] = field(default_factory=dict)  # standard error of each mean
    nodes: int = 0  # positions searched

    @property
    def ranking(self) -> list[Play]:
        return sorted(self.values, key=lambda p: self.values[p], reverse=True)

    @property
    def best(self) -> Play:
        return self.ranking[0]

    def confidence(self) -> float:
        """Share of the deals in which the best play on average was also best in that deal."""
        return self.wins.get(self.best, 0) / self.samples if self.samples else 1.0


PlayValues = Callable[[HandState, int, int | None], dict[Play, float]]


def searched_values(state: HandState, side: int, plies: int | None = None) -> dict[Play, float]:
    """The value for `side` of every legal play: exact to the end of the hand, or with `plies`, to
    the end of the current deal or that many plays on, where `estimate` judges the piles."""
    solver = Solver(side) if plies is None else Solver(side, until_redeal=True, plies=plies)
    return solver.play_values(state)


def analyse(
    view: PlayerView, samples: int = 24, seed: int | str = 0, *, exact_from: int = 20,
    plies: int | None = None, values_of: PlayValues = searched_values,
) -> Analysis:
    """Value every legal play from this player's point of view.

    When no card is hidden in a way that matters (the last deal of a two-player hand: the
    opponent holds exactly the unseen cards), the values are exact. Otherwise the unseen cards
    are dealt at random `samples` times consistently with what the player saw, each deal is
    searched, and the values are averaged. Deals with at most `exact_from` cards left are solved
    to the end of the hand; longer ones to the end of the current deal, or `plies` plays
    (MAX_PLIES at most), where `estimate` judges the piles. `values_of` searches each deal (the
    arena passes a compiled solver giving the same values).
    """
    side = view.rules.seat_sides[view.seat]
    if fully_known(view):
        state = view.sample_state(random.Random(0))
        values = solve(state, side)
        best = max(values.values())
        return Analysis({p: float(v) for p, v in values.items()}, 1, True,
                        {p: int(v == best) for p, v in values.items()}, dict.fromkeys(values, 0.0))
    rng = random.Random(f"{seed}:{view.to_text()}")
    totals: dict[Play, list[float]] = {}
    wins: dict[Play, int] = {}
    horizon = None if view.cards_left_to_play() <= exact_from else plies or min(sum(view.hand_sizes), MAX_PLIES)
    for _ in range(samples):
        values = values_of(view.sample_state(rng), side, horizon)
        best = max(values.values())
        for play, v in values.items():
            totals.setdefault(play, []).append(v)
            wins[play] = wins.get(play, 0) + (v == best)
    means = {p: sum(vs) / len(vs) for p, vs in totals.items()}
    spread = {p: _stderr(vs) for p, vs in totals.items()}
    return Analysis(means, samples, False, wins, spread)


def fully_known(view: PlayerView) -> bool:
    """Every unseen card is in one known place: one other hand, and no stock."""
    holders = [s for i, s in enumerate(view.hand_sizes) if i != view.seat and s]
    return view.stock_size == 0 and len(holders) <= 1


def _stderr(values: Iterable[float]) -> float:
    values = list(values)
    n = len(values)
    if n < 2:
        return 0.0
    mean = sum(values) / n
    return math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1) / n)
