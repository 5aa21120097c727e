"""A computer player's thinking with a budget: deals of the hidden cards, searched and judged by
the learned evaluation, all counted in positions searched (never in seconds), so that a seeded
game plays the same on every machine and no decision runs long.

With two players the worlds (deals of the cards the player has not seen) are searched together,
in batches, to the end of the current deal of the stock (`Together`): the player chooses each of
his own plays once for all of them, as he must, and the learned evaluation
(`neapolitan.scopa.evaluation`) judges where each world stands when the stock deals again. With
three or four players each world is searched on its own (alpha-beta), whole rounds of plays ahead,
deeper while its share of the budget lasts. Either way the player stops dealing worlds when the
budget is spent, or early once one play is clearly best (`Budget.sure`).
"""
from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from neapolitan.scopa.actions import Play
from neapolitan.scopa.belief import Belief, TableBelief
from neapolitan.scopa.search import (
    Analysis,
    Leaf,
    OutOfNodes,
    Solver,
    _stderr,
    fully_known,
    margin,
)
from neapolitan.scopa.state import HandState, PlayerView

NO_SHALLOW = 40  # a `Budget.shallow_above` never reached: no hand has more cards left


@dataclass(frozen=True)
class Budget:
    """How much a player may think about one decision."""

    nodes: int  # positions searched in all, at most
    worlds: int  # deals of the hidden cards, at most
    min_worlds: int = 4  # ... and at least, even over the node budget (each is then cut short)
    deepen_from: int = 0  # one world searched alone goes past its first horizons only with this
    # many cards left or fewer (see `horizons`)
    shallow_above: int = NO_SHALLOW  # with four players and more cards left than this, a world is
    # searched only the next two plays ahead (cheap, so many more worlds are dealt)
    sure: float = 0.0  # stop early once the best play leads the next by this many standard errors
    sure_after: int = 16  # ... looked at every this many worlds
    together: bool = False  # search the worlds together, in batches of `sure_after` (see `Together`)
    usual: int = 0  # past this many positions, stop unless the best two plays are within ...
    close: float = 0.0  # ... this many standard errors of each other (0: think to `nodes`)
    to_end_from: int = 0  # searched together, with this many cards left or fewer (hands and
    # stock): to the end of the hand, through the stock's deals (see `Together`)
    soft: float = 0.0  # searched together: an opponent's reply in a world is valued at the soft
    # minimum of his plays' values at this many points (see `soft_minimum`; 0: the minimum)

    def enough(self, used: int, worlds: int, lead: float) -> bool:
        """Whether to stop after `worlds` worlds and `used` positions, the best play `lead`
        standard errors ahead of the next."""
        if self.sure and lead > self.sure:
            return True
        return bool(self.usual) and used >= self.usual and lead >= self.close


def think(view: PlayerView, budget: Budget, leaf: Leaf, seed: int | str = 0,
          belief: Belief | TableBelief | None = None) -> Analysis:
    """The value of every legal play for the player to move in `view`, within `budget`; the
    worlds dealt by `belief` (what the opponent's plays say of his hand), else uniformly."""
    side = view.rules.seat_sides[view.seat]
    if fully_known(view):
        values, used = search_world(view.sample_state(random.Random(0)), side, budget.nodes, leaf, 40)
        best = max(values.values())
        return Analysis(values, 1, False, {p: int(v == best) for p, v in values.items()},
                        dict.fromkeys(values, 0.0), used)
    rng = random.Random(f"{seed}:{view.to_text()}")
    deal_world = view.sample_state if belief is None else belief.deal
    totals: dict[Play, list[float]] = {}
    used = 0 if belief is None else belief.work
    worlds = 0
    while worlds < budget.worlds and (used < budget.nodes or worlds < budget.min_worlds):
        if budget.together:
            batch = [deal_world(rng) for _ in range(min(budget.sure_after, budget.worlds - worlds))]
            to_end = view.cards_left_to_play() <= budget.to_end_from
            found, spent = Together(view.seat, leaf, budget.nodes - used, to_end, budget.soft).values(batch, first=not worlds)
            if found is None:  # a later batch that did not fit: the worlds already searched stand
                used += spent
                break
        else:
            # The first `min_worlds` worlds share the budget evenly; each later one may use what is left.
            share = max(budget.nodes - used, 0) // max(budget.min_worlds - worlds, 1)
            batch = [deal_world(rng)]
            values, spent = search_world(batch[0], side, share, leaf, budget.deepen_from, budget.shallow_above)
            found = {play: [value] for play, value in values.items()}
        used += spent
        worlds += len(batch)
        for play, values_ in found.items():
            totals.setdefault(play, []).extend(values_)
        if worlds % budget.sure_after == 0 and budget.enough(used, worlds, clear_lead(totals)):
            break
    return _analysis(totals, worlds, used)


def _analysis(totals: dict[Play, list[float]], worlds: int, used: int) -> Analysis:
    means = {p: sum(vs) / len(vs) for p, vs in totals.items()}
    wins = dict.fromkeys(totals, 0)
    for index in range(worlds):
        best = max(vs[index] for vs in totals.values())
        for play, vs in totals.items():
            wins[play] += vs[index] == best
    return Analysis(means, worlds, False, wins, {p: _stderr(vs) for p, vs in totals.items()}, used)


class Together:
    """Several worlds searched as one tree, to the end of the current deal (of the hand, when the
    stock is empty): the player to decide chooses each of his plays once for every world, as he
    must, knowing only what he sees; every other player chooses in each world what is best there,
    against him or, for his partner, with him. A world-by-world search would let the player
    choose his later plays as if he saw the hidden cards ("strategy fusion").

    With `to_end` it searches to the end of the hand instead, through the stock's deals: after a
    deal the player sees his new cards, so he chooses once for the worlds that dealt him the same
    ones; a world told apart from the rest, or one whose stock is empty (two players: the unseen
    cards are the other hand), is searched alone by alpha-beta to the end (`Solver`).

    Positions are counted per world; past `nodes`, the search stops (OutOfNodes)."""

    def __init__(self, seat: int, leaf: Leaf, nodes: int, to_end: bool = False, soft: float = 0.0) -> None:
        self.seat = seat
        # what an opponent's replies in one world are worth to the player: the worst for him, or
        # with `soft`, their soft minimum
        self.reply: Callable[[list[float]], float] = partial(soft_minimum, temperature=soft) if soft else min
        self.leaf = leaf
        self.limit = nodes
        self.nodes = 0
        self.side = -1
        self.stop_stock = 0
        self.horizon = 0  # the search stops when the stock is shorter than this (-1: never)
        self.to_end = to_end
        self.solvers: dict[tuple, Solver] = {}  # to the end: one per world's stock (see `exact`)

    def values(self, worlds: list[HandState], first: bool) -> tuple[dict[Play, list[float]] | None, int]:
        """Each legal play's value in each world; None (and the positions spent) if the budget ran
        out, unless this is the `first` batch: then each play is judged by the position it leads to."""
        start = worlds[0]
        self.side = start.rules.seat_sides[self.seat]
        self.stop_stock = len(start.stock)  # the deal ends when the stock deals again
        self.horizon = -1 if self.to_end else self.stop_stock
        found: dict[Play, list[float]] = {}
        try:
            for play in start.legal_actions():
                found[play] = self.vector([w.apply_legal(play) for w in worlds])
        except OutOfNodes:
            if not first:
                return None, self.nodes
            found = {play: [self._judge(w.apply(play)) for w in worlds] for play in start.legal_actions()}
            self.nodes += len(found) * len(worlds)
        return found, self.nodes

    def _judge(self, state: HandState) -> float:
        return margin(state, self.side) if state.is_over else self.leaf(state, self.side)

    def vector(self, states: list[HandState]) -> list[float]:
        """The value of each of these worlds (which have seen the same plays so far)."""
        if self.to_end:
            return self.vector_to_end(states)
        if len(states) == 1:  # the other hands have told one world apart from the rest
            return [self.alone(states[0])]
        return self.grouped(states)

    def vector_to_end(self, states: list[HandState]) -> list[float]:
        """`vector` to the end of the hand: a world alone, or past the last deal of two players'
        stock, solved exactly; the player's choices grouped by the hand he holds."""
        first = states[0]
        if len(states) == 1:
            return [self.exact(first)]
        if first.is_over:
            return [margin(s, self.side) for s in states]
        if not first.stock and first.players == 2:
            return [self.exact(s) for s in states]
        if first.to_move == self.seat and len(first.stock) != self.stop_stock:
            # Dealt new cards: he chooses once for each hand he may hold.
            groups: dict[tuple, list[int]] = {}
            for index, state in enumerate(states):
                groups.setdefault(state.hands[self.seat], []).append(index)
            if len(groups) > 1:
                result = [0.0] * len(states)
                for indices in groups.values():
                    for i, value in zip(indices, self.vector_to_end([states[i] for i in indices]), strict=True):
                        result[i] = value
                return result
        return self.grouped(states)

    def exact(self, state: HandState) -> float:
        """One world's value to the end of the hand, by alpha-beta (every card of it known): one
        solver, and so one table of positions, per stock (the table's keys leave the stock out)."""
        solver = self.solvers.get(state.stock)
        if solver is None:
            solver = self.solvers[state.stock] = Solver(self.side)
            solver.start(state)
        solver.nodes = 0
        solver.max_nodes = self.limit - self.nodes
        try:
            return solver.value(state)
        finally:
            self.nodes += solver.nodes

    def alone(self, state: HandState) -> float:
        """`grouped([state])`'s one value: the same positions, counted and searched in the same
        order, without grouping plays by world."""
        self.nodes += 1
        if self.nodes > self.limit:
            raise OutOfNodes()
        if state.is_over:
            return margin(state, self.side)
        if len(state.stock) < self.horizon:
            return self.leaf(state, self.side)
        alone = self.alone
        # The player (his one choice for all the worlds is this one's best) and his partner choose
        # the best for their side, the others the worst.
        if state.rules.seat_sides[state.to_move] == self.side:
            best = -math.inf
            for play in state.legal_actions():
                value = alone(state.apply_legal(play))
                if value > best:
                    best = value
        else:
            best = self.reply([alone(state.apply_legal(play)) for play in state.legal_actions()])
        return best

    def grouped(self, states: list[HandState]) -> list[float]:
        """`vector` for any number of worlds: each play of the player to decide tried in all of
        them at once; the others' plays grouped by the worlds they are legal in."""
        self.nodes += len(states)
        if self.nodes > self.limit:
            raise OutOfNodes()
        first = states[0]
        if first.is_over or len(first.stock) < self.horizon:  # (never shorter than no stock)
            side, leaf = self.side, self.leaf
            return [margin(s, side) if s.is_over else leaf(s, side) for s in states]
        mover = first.to_move
        vector = self.vector
        if mover == self.seat:  # his own hand is the same in every world: one choice for all
            best: list[float] = []
            best_total = -math.inf
            for play in first.legal_actions():
                values = vector([s.apply_legal(play) for s in states])
                total = sum(values)
                if total > best_total:
                    best, best_total = values, total
            return best
        ours = first.rules.seat_sides[mover] == self.side
        # Each play with the worlds it is legal in, in the order first met; by the play's key, an
        # int (a Play hashes in Python).
        by_play: dict[int, tuple[Play, list[int]]] = {}
        for index, state in enumerate(states):
            for play in state.legal_actions():
                found = by_play.get(play._key)
                if found is None:
                    by_play[play._key] = (play, [index])
                else:
                    found[1].append(index)
        by_world: list[list[float]] = [[] for _ in states]  # each world's plays' values
        for play, indices in by_play.values():
            for i, value in zip(indices, vector([states[i].apply_legal(play) for i in indices]), strict=True):
                by_world[i].append(value)
        return [max(values) for values in by_world] if ours else [self.reply(values) for values in by_world]


def soft_minimum(values: list[float], temperature: float) -> float:
    """The values' mean weighted by a softmax of their opposites at `temperature`: the minimum as
    a player who chooses well, but not as one who sees every card, would reach it."""
    if len(values) == 1:  # (what the sums below give for one value)
        return values[0]
    low = min(values)
    exp = math.exp
    total = weights = 0.0
    for value in values:  # both sums in one pass, each added in order
        weight = exp((low - value) / temperature)
        total += weight * value
        weights += weight
    return total / weights


def clear_lead(totals: dict[Play, list[float]]) -> float:
    """How many standard errors the best play on average leads the second by, world by world
    (the same deals of the cards judge both)."""
    if len(totals) < 2:
        return math.inf
    ranked = sorted(totals, key=lambda p: sum(totals[p]), reverse=True)
    lead = [a - b for a, b in zip(totals[ranked[0]], totals[ranked[1]], strict=True)]
    error = _stderr(lead)
    return math.inf if error == 0 else sum(lead) / len(lead) / error


def horizons(state: HandState, deepen_from: int, shallow_above: int = NO_SHALLOW) -> list[int | None]:
    """How many plays ahead to search, shallowest first; None is to the end of the hand."""
    left = state.cards_left_to_play()
    players = state.players
    if state.stock and players == 2:
        first = sum(len(h) for h in state.hands)  # the end of the current deal
        step = players * state.rules.hand_size  # one more deal
    else:
        first = step = players  # whole rounds: a deal of three or four players is too long to search
    depths: list[int | None] = [2] if players == 4 and left > 2 else []  # the next two plays first
    if depths and left > shallow_above:  # early with four players: no further
        return depths
    depth = first
    while depth < left:
        depths.append(depth)
        if left > deepen_from:
            return depths
        depth += step
    depths.append(None)
    return depths


def search_world(world: HandState, side: int, nodes: int, leaf: Leaf, deepen_from: int,
                 shallow_above: int = NO_SHALLOW) -> tuple[dict[Play, float], int]:
    """Every legal play's value in one world, searched as deep as `nodes` allows; and the nodes used.

    Each deeper search replaces the one before only if it finishes. When not even the shallowest
    finishes, each play is judged by the position it leads to."""
    values: dict[Play, float] | None = None
    used = 0
    for plies in horizons(world, deepen_from, shallow_above):
        solver = Solver(side, plies=plies, leaf=leaf, max_nodes=nodes - used, memo=plies is None or plies > 6)
        try:
            found = solver.play_values(world)
        except OutOfNodes:
            used += solver.nodes
            break
        used += solver.nodes
        values = found
    if values is None:
        values = {}
        for play in world.legal_actions():
            after = world.apply(play)
            values[play] = margin(after, side) if after.is_over else leaf(after, side)
        used += len(values)
    return values, used
