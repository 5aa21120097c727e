"""Computer players for Stoppa: they bet from the odds of the punto and play the stoppata with the
search. Every bot decides from a PlayerView, never from the full state.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace

from neapolitan.stoppa.actions import CALL, CLAIM, DECLINE, FOLD, PASS, SHOW, Action
from neapolitan.stoppa.contest import WAITING
from neapolitan.stoppa.odds import punto_distribution
from neapolitan.stoppa.punto import punto
from neapolitan.stoppa.search import Position, Solver, evaluate, plan, playout
from neapolitan.stoppa.state import CLAIM as CLAIM_PHASE
from neapolitan.stoppa.state import KING, PHASE3, PlayerView
from neapolitan.stoppa.stoppata import Stoppata

MAX_RAISES = 3  # bots stop raising once a contest has seen this many raises, so raising wars end
OPEN_FOR_VALUE = 0.55  # chance of winning from which a bot opens big
OPEN_SMALL = 0.35  # ... and from which it opens with the misera
RAISE_FROM = 0.7  # chance of winning from which a bot raises


@dataclass(frozen=True)
class Reading:
    """What a bot believes about a betting decision: its punto, its chance to win the showdown
    (allowing for the stronger hands of players who have bet), the pot and the cost of seeing."""

    value: int
    win: float
    pot: int
    to_call: int


def below_of(dist: dict[int, float]) -> Callable[[int], float]:
    """P(X < x) for a punto distribution."""
    values = sorted(dist)

    def below(x: int) -> float:
        return sum(dist[v] for v in values if v < x)

    return below


def quantile(dist: dict[int, float], q: float) -> int:
    """The smallest punto whose cumulative probability reaches `q`."""
    total = 0.0
    for v in sorted(dist):
        total += dist[v]
        if total >= q - 1e-12:
            return v
    return max(dist)


def beat_in_range(below: Callable[[int], float], value: int, floor: int) -> float:
    """P(opponent < value | opponent >= floor): an opponent's chances once he has bet."""
    above = 1.0 - below(floor)
    if above <= 1e-12:
        return 1.0
    return max(0.0, below(value) - below(floor)) / above


def read(view: PlayerView) -> Reading:
    """The bot's reading of a betting decision (STOPPA-6), from the exact distribution of one
    opponent's punto over the cards it has not seen (odds.punto_distribution)."""
    c = view.contest
    assert c is not None
    me = view.seat
    value = punto(view.hand)
    size = view.hand_sizes[me]
    pool = view.unknown()
    dist = punto_distribution(pool, size) if 0 < size <= len(pool) else {0: 1.0}
    below = below_of(dist)
    even = (below(value) + below(value + 1)) / 2  # a tie may go either way: count it half
    if c.stage == "open":
        pending = sum(1 for s in range(view.players) if s != me and c.status[s] == WAITING)
        return Reading(value, even ** pending, view.pot, 0)
    win = 1.0
    for s in c.live():
        if s == me:
            continue
        if s == c.aggressor:  # a bettor holds more than the median, the more so after raises
            floor = quantile(dist, min(0.9, 0.5 + 0.15 * c.raises))
        else:
            floor = quantile(dist, 0.3)
        win *= beat_in_range(below, value, floor)
    return Reading(value, win, view.pot, c.bet - c.paid[me])


class Bot:
    """Bets from the odds. In the stoppata it follows its own-hand plan when that empties its
    hand, and otherwise scores each play by sampling the hidden hands `samples` times (searched
    exactly once at most `exact_cards` cards are left); with `samples=0` it plays the plan."""

    def __init__(self, samples: int = 6, bluff: float = 0.06, exact_cards: int = 16) -> None:
        self.samples = samples
        self.bluff = bluff
        self.exact_cards = exact_cards

    def __call__(self, view: PlayerView, rng: random.Random | None = None) -> Action:
        rng = rng or random.Random(f"{view.seat}:{view.phase}:{view.hand_no}:{view.pot}")
        actions = view.legal_actions()
        if len(actions) == 1:
            return actions[0]
        if view.phase == KING:
            return next(a for a in actions if str(a.cards[0]) == view.rules.removed_king)
        if view.phase == CLAIM_PHASE:
            return CLAIM if stoppata_outlook(view, rng) < 0 else DECLINE
        if view.phase == PHASE3:
            return self.stoppata_play(view, actions, rng)
        return self.bet(view, actions, rng)

    def bet(self, view: PlayerView, actions: list[Action], rng: random.Random) -> Action:
        c = view.contest
        assert c is not None
        if c.stage == "show":
            return SHOW  # showing is offered only when it wins a pot, and winning beats hiding
        reading = read(view)
        if c.stage == "open":
            if not any(st == WAITING for s, st in enumerate(c.status) if s != view.seat):
                return PASS  # the dealer takes the pot when everyone passes (STOPPA-6.3)
            opens = [a for a in actions if a.kind == "open"]
            if opens and reading.win >= OPEN_FOR_VALUE:
                return _closest(opens, round(view.pot * reading.win))
            if opens and (reading.win >= OPEN_SMALL or rng.random() < self.bluff):
                return opens[0]
            return PASS
        p, pot, owed = reading.win, reading.pot, reading.to_call
        raises = [a for a in actions if a.kind == "raise"]
        if raises and p >= RAISE_FROM and c.raises < MAX_RAISES:
            return _closest(raises, max(1, (pot + owed) // 2))
        return CALL if p * (pot + owed) - owed > 0 else FOLD

    def stoppata_play(self, view: PlayerView, actions: list[Action], rng: random.Random) -> Action:
        own = plan(view)
        if own.goes_out or self.samples == 0:
            return own.plays[0] if own.plays else actions[0]
        left = sum(view.hand_sizes)
        limit = 4000 if left <= self.exact_cards else 0
        estimates = evaluate(view, self.samples, rng, exact_limit=limit)
        first = own.plays[0] if own.plays else None
        return max(estimates, key=lambda e: (round(e.chips, 6), e.action == first)).action


def stoppata_outlook(view: PlayerView, rng: random.Random, samples: int = 12) -> float:
    """The average result in misere of playing the stoppata from its start, each player
    following his own-hand plan (used to decide a claim, STOPPA-OP-7 C)."""
    total = 0.0
    solver = Solver(view.rules, 0)
    for _ in range(samples):
        world = view.sample_state(rng)
        lead = world.di_mano
        world = replace(world, phase=PHASE3, claims=(), stoppata=Stoppata(turn=lead, first_done=1 << lead))
        total += playout(Position.of(world), solver)[view.seat]
    return total / samples


def _closest(actions: list[Action], amount: int) -> Action:
    return min(actions, key=lambda a: (abs(a.amount - amount), a.amount))


THOUGHTFUL = Bot(samples=6)
QUICK = Bot(samples=0)
BOTS: dict[str, Bot] = {"search": THOUGHTFUL, "quick": QUICK}
