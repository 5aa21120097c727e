"""Searching the stoppata (STOPPA-9): the exact outcome when every card is known, the best order
of play for a player who knows only his own hand, and a sampling search between the two.

Suits play no part in the stoppata, and every card is dealt (STOPPA-1.3), so a position is
the count of each rank in each hand: a rank is exhausted exactly when nobody holds it. The
only real decisions are which rank opens a sequence (and how many Aces), how many Aces go
with a Two (STOPPA-9.9), and, under STOPPA-OP-9 (B), whether to continue. Everything else is
forced, so the search follows forced plays without branching.

Outcomes are in misere: what each player wins (+) or pays (-) at the end of the stoppata.
With several players "best" means each player choosing what is best for himself (max-n);
among equal choices the first in the order of `moves` is taken.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, replace

from neapolitan.cards import Card
from neapolitan.stoppa.actions import STOP, Action, shed
from neapolitan.stoppa.rules import Rules
from neapolitan.stoppa.state import PHASE3, DealState, PlayerView

SHIFT = [0] + [3 * (r - 1) for r in range(1, 11)]  # 3 bits per rank count (0..4)
ONE = [0] + [1 << SHIFT[r] for r in range(1, 11)]


def pack_hand(cards) -> int:
    packed = 0
    for card in cards:
        packed += ONE[card.rank]
    return packed


def count(hand: int, rank: int) -> int:
    return (hand >> SHIFT[rank]) & 7


@dataclass(frozen=True)
class Position:
    """A stoppata position by ranks: packed hands (3 bits per rank), the sequence top (0: the
    turn holder opens), the turn, the seats the turn has reached and whether the holder is in
    his first turn (STOPPA-9.14)."""

    hands: tuple[int, ...]
    sizes: tuple[int, ...]
    top: int
    turn: int
    first_done: int
    first_now: bool
    lead: int
    last: int = -1  # who made the last play (matters only under STOPPA-OP-9 B)

    @classmethod
    def of(cls, state: DealState) -> Position:
        st = state.stoppata
        if state.phase != PHASE3 or st is None:
            raise ValueError("The stoppata is not being played")
        return cls(tuple(pack_hand(h) for h in state.hands), tuple(map(len, state.hands)), st.top,
                   st.turn, st.first_done, st.first_now, state.di_mano, st.last)


# A move by ranks: ("open", rank, aces) opens with one card of `rank` or `aces` Aces;
# ("play", rank, aces) continues with `rank` after `aces` Aces (STOPPA-9.9); ("stop",).
Move = tuple


class Solver:
    """Exact max-n search of the stoppata with every hand known, remembering positions."""

    def __init__(self, rules: Rules, limit: int = 2_000_000) -> None:
        self.rules = rules
        self.memo: dict[tuple, tuple[int, ...]] = {}
        self.limit = limit
        self.nodes = 0

    # -- the rules, by ranks -------------------------------------------------------------------
    def needed(self, hands: tuple[int, ...], top: int) -> int:
        """The smallest rank above `top` that somebody still holds; 0 when the sequence is closed."""
        held = 0
        for h in hands:
            held |= h
        for rank in range(top + 1, 11):
            if (held >> SHIFT[rank]) & 7:
                return rank
        return 0

    def moves(self, pos: Position) -> list[Move]:
        hand = pos.hands[pos.turn]
        aces = count(hand, 1)
        if not pos.top:
            out: list[Move] = []
            if aces:
                if self.rules.all_aces:
                    out.append(("open", 1, aces))
                else:
                    out.extend(("open", 1, a) for a in range(aces, 0, -1))
            # High ranks first: a closing card keeps the turn, so it is often the strongest try.
            out.extend(("open", r, 0) for r in range(10, 1, -1) if count(hand, r))
            return out
        rank = self.needed(pos.hands, pos.top)
        if not rank or not count(hand, rank):
            return []
        out = [("play", rank, 0)]
        if pos.top == 1 and rank == 2:
            out.extend(("play", 2, a) for a in range(1, aces + 1))
        if self.rules.optional_continue:
            out.append(("stop",))
        return out

    def apply(self, pos: Position, move: Move) -> tuple[Position, tuple[int, ...] | None]:
        """The position after `move` (the turn passed on if he cannot go on); the payoffs if it ends."""
        seat = pos.turn
        hands = list(pos.hands)
        sizes = list(pos.sizes)
        if move[0] == "stop":
            return self._pass(pos, hands, sizes, seat, pos.last), None
        _, rank, aces = move
        if move[0] == "open" and rank == 1:
            hands[seat] -= aces * ONE[1]
            sizes[seat] -= aces
        else:
            hands[seat] -= aces * ONE[1] + ONE[rank]
            sizes[seat] -= aces + 1
        if not sizes[seat]:
            return pos, self._payoffs(pos, sizes, seat)
        if not self.needed(tuple(hands), rank):  # STOPPA-9.7 (b): closed, the same player opens
            return replace(pos, hands=tuple(hands), sizes=tuple(sizes), top=0, last=seat), None
        after = replace(pos, hands=tuple(hands), sizes=tuple(sizes), top=rank, last=seat)
        if self.moves(after):
            return after, None
        return self._pass(after, hands, sizes, seat, seat), None

    def _pass(self, pos: Position, hands: list[int], sizes: list[int], seat: int, last: int) -> Position:
        """STOPPA-9.8: the turn passes right to the first player who can continue; if it comes
        back to whoever played last (only when continuing is optional), he opens afresh."""
        n = len(hands)
        rank = self.needed(tuple(hands), pos.top)
        first_done = pos.first_done
        s = seat
        while True:
            s = (s + 1) % n
            first_now = not first_done >> s & 1
            first_done |= 1 << s
            if s == last:
                return Position(tuple(hands), tuple(sizes), 0, s, first_done, first_now, pos.lead, last)
            if rank and count(hands[s], rank):
                return Position(tuple(hands), tuple(sizes), pos.top, s, first_done, first_now, pos.lead, last)

    def _payoffs(self, pos: Position, sizes: list[int], winner: int) -> tuple[int, ...]:
        double = pos.first_now and (self.rules.di_mano == "first_turn" or winner == pos.lead)
        factor = 2 if double else 1
        pay = [-(size // 2) * factor for size in sizes]
        pay[winner] = -sum(pay)
        return tuple(pay)

    # -- the search ------------------------------------------------------------------------------
    def value(self, pos: Position) -> tuple[int, ...]:
        """The outcome in misere with best play by everyone (max-n)."""
        key = (pos.hands, pos.top, pos.turn, pos.first_done, pos.first_now,
               pos.last if self.rules.optional_continue else 0)
        known = self.memo.get(key)
        if known is not None:
            return known
        self.nodes += 1
        if self.nodes > self.limit:
            raise SearchTooLarge(self.nodes)
        best: tuple[int, ...] | None = None
        seat = pos.turn
        for move in self.moves(pos):
            child, end = self.apply(pos, move)
            result = end if end is not None else self.value(child)
            if best is None or result[seat] > best[seat]:
                best = result
                if self._cannot_improve(pos, result):
                    break
        assert best is not None, "a position where nobody can play"
        self.memo[key] = best
        return best

    def _cannot_improve(self, pos: Position, result: tuple[int, ...]) -> bool:
        """Going out at once with a doubled payment is the most a player can ever win."""
        most = sum((s // 2) * 2 for i, s in enumerate(pos.sizes) if i != pos.turn)
        return result[pos.turn] >= most

    def best(self, pos: Position) -> tuple[Move, tuple[int, ...]]:
        seat = pos.turn
        choice: tuple[Move, tuple[int, ...]] | None = None
        for move in self.moves(pos):
            child, end = self.apply(pos, move)
            result = end if end is not None else self.value(child)
            if choice is None or result[seat] > choice[1][seat]:
                choice = (move, result)
        assert choice is not None
        return choice


class SearchTooLarge(Exception):
    """The exact search went past its node limit."""


@dataclass(frozen=True)
class Solution:
    """The exact outcome of a stoppata with every card known: each player's result in chips
    (payments in misere times the misera) and the line of play that leads to it."""

    chips: tuple[int, ...]
    line: tuple[tuple[int, Action], ...]
    nodes: int


def solve(state: DealState, limit: int = 2_000_000) -> Solution:
    """The exact outcome of the stoppata from `state` (every hand known), with best play by all.

    Raises SearchTooLarge past `limit` positions. Table-stakes caps (STOPPA-OP-13 B) are left out.
    """
    solver = Solver(state.rules, limit)
    pos = Position.of(state)
    outcome = solver.value(pos)
    line: list[tuple[int, Action]] = []
    current = state
    while not current.is_over:
        pos = Position.of(current)
        move, _ = solver.best(pos)
        seat = pos.turn
        action = action_for(move, current.hands[seat])
        line.append((seat, action))
        current = current.apply(action)
    m = state.rules.misera
    return Solution(tuple(v * m for v in outcome), tuple(line), solver.nodes)


def action_for(move: Move, hand: tuple[Card, ...]) -> Action:
    """A card action for a move by ranks (any suit will do: suits do not matter here)."""
    if move[0] == "stop":
        return STOP
    _, rank, aces = move
    ace_cards = [c for c in hand if c.rank == 1][:aces]
    if rank == 1:
        return shed(*ace_cards)
    card = next(c for c in hand if c.rank == rank)
    return shed(*ace_cards, card)


def move_of(action: Action, top: int) -> Move:
    """The move by ranks of a card action, `top` being the sequence top before it."""
    if action.kind == "stop":
        return ("stop",)
    aces = sum(1 for c in action.cards if c.rank == 1)
    rank = max(c.rank for c in action.cards)
    if rank == 1:
        return ("open", 1, aces)
    return ("open" if not top else "play", rank, aces)


# -- a player who knows his own hand ----------------------------------------------------------------
@dataclass(frozen=True)
class Plan:
    """The best order of play for the turn holder's own turn: the plays, how many cards they
    shed, and whether they empty his hand (and so end the stoppata)."""

    plays: tuple[Action, ...]
    shed: int
    goes_out: bool


def plan(view: PlayerView) -> Plan:
    """The order of plays that sheds the most cards before the turn must pass, for a player who
    sees only his own hand. Whether a rank is exhausted is public (STOPPA-9.11), so how far
    he can go alone is known exactly; ties go to keeping Kings and Aces for later turns."""
    st = view.stoppata
    if st is None or view.to_act != view.seat:
        return Plan((), 0, False)
    rules = view.rules
    mine = pack_hand(view.hand)
    others = 0  # how many cards of each rank the others still hold, packed
    played = [0] * 11
    for c in st.played:
        played[c.rank] += 1
    for rank in range(1, 11):
        rest = rules.copies(rank) - played[rank] - count(mine, rank)
        others += rest * ONE[rank]
    best: list = [(-1, -1, 0, 0), ()]

    def needed(hand: int, top: int) -> int:
        held = hand | others
        for rank in range(top + 1, 11):
            if (held >> SHIFT[rank]) & 7:
                return rank
        return 0

    def options(hand: int, top: int) -> list[Move]:
        if not top:
            aces = count(hand, 1)
            out: list[Move] = [("open", 1, a) for a in
                               ([aces] if rules.all_aces and aces else range(aces, 0, -1))]
            return out + [("open", r, 0) for r in range(10, 1, -1) if count(hand, r)]
        rank = needed(hand, top)
        if not rank or not count(hand, rank):
            return []  # the turn passes
        out = [("play", rank, 0)]
        if top == 1 and rank == 2:
            out += [("play", 2, a) for a in range(1, count(hand, 1) + 1)]
        return out

    def walk(hand: int, left: int, top: int, plays: tuple[Move, ...]) -> None:
        moves = options(hand, top) if left else []
        if not moves:
            # Going out first; then the most cards shed; then Kings and Aces kept for later.
            score = (not left, len(view.hand) - left, count(hand, 10), count(hand, 1))
            if score > best[0]:
                best[0], best[1] = score, plays
            return
        for move in moves:
            _, rank, aces = move
            if move[0] == "open" and rank == 1:
                after, n = hand - aces * ONE[1], aces
            else:
                after, n = hand - aces * ONE[1] - ONE[rank], aces + 1
            closed = not needed(after, rank)
            walk(after, left - n, 0 if closed else rank, (*plays, move))

    walk(mine, len(view.hand), st.top, ())
    moves = best[1]
    hand = list(view.hand)
    actions = []
    for move in moves:
        action = action_for(move, tuple(hand))
        actions.append(action)
        for c in action.cards:
            hand.remove(c)
    return Plan(tuple(actions), len(view.hand) - len(hand), not hand)


# -- sampling search for a player who sees only his own hand ------------------------------------------
@dataclass(frozen=True)
class Estimate:
    """One candidate play: its average result in chips over the sampled deals of the hidden cards."""

    action: Action
    chips: float
    exact: int  # how many of the samples were searched exactly (the rest played out)


def evaluate(view: PlayerView, samples: int = 8, rng: random.Random | None = None,
             exact_limit: int = 4000) -> list[Estimate]:
    """Every legal play of the turn holder, scored by dealing the unseen cards at random
    `samples` times and searching each deal exactly (within `exact_limit` positions) or, if
    that is too big, playing it out with every player following his own-hand plan."""
    rng = rng or random.Random(0)
    actions = view.legal_actions()
    rules = view.rules
    seat = view.seat
    top = view.stoppata.top if view.stoppata else 0
    totals = {a: 0.0 for a in actions}
    exact = {a: 0 for a in actions}
    moves = {a: move_of(a, top) for a in actions}
    for _ in range(samples):
        world = view.sample_state(rng)
        pos = Position.of(world)
        solver = Solver(rules, exact_limit)
        for action in actions:
            child, end = solver.apply(pos, moves[action])
            if end is not None:
                totals[action] += end[seat]
                exact[action] += 1
                continue
            try:
                result = solver.value(child)
                exact[action] += 1
            except SearchTooLarge:
                result = playout(child, solver)
            totals[action] += result[seat]
    m = rules.misera
    return [Estimate(a, m * totals[a] / samples, exact[a]) for a in actions]


def playout(pos: Position, solver: Solver) -> tuple[int, ...]:
    """Play a position to the end, each player opening where his own run goes furthest."""
    while True:
        moves = solver.moves(pos)
        move = moves[0] if len(moves) == 1 else max(moves, key=lambda m: _run_length(solver, pos, m))
        pos, end = solver.apply(pos, move)
        if end is not None:
            return end


def _run_length(solver: Solver, pos: Position, move: Move) -> tuple[int, int]:
    """How many cards the turn holder sheds before the turn leaves him, after `move`."""
    seat = pos.turn
    before = pos.sizes[seat]
    for _ in range(40):
        child, end = solver.apply(pos, move)
        if end is not None:
            return (100, 0)
        if child.turn != seat:
            return (before - child.sizes[seat], -count(child.hands[seat], 10))
        moves = solver.moves(child)
        pos, move = child, moves[0]
    return (before - pos.sizes[seat], 0)
