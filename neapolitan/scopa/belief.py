"""What the opponent's plays in the current deal say about the cards he still holds.

A player who laid a card on the table when another of his cards could have swept it, or taken
the settebello, very likely held no such card. `Belief` weighs every hand the opponent may still
hold by the odds of each of his plays of this deal against the plays his other cards then (that
hand, and the cards he played later) offered, as a player choosing as `Opponent` says weighs
them (a softmax over a play's value, with a share of plain mistakes: see `Reading`); the worlds
the thoughtful player searches deal him a hand drawn by those weights, and the rest of the
unseen cards to the stock at random. A play's value is read as
a searching player's (`searcher_value`, fitted on such players' decisions) or as the greedy
player's (`neapolitan.scopa.bots.play_value`, which reads a searching opponent worse). With no
plays of his to read (or more than two players) it deals as `PlayerView.sample_state` does,
uniformly.
"""
from __future__ import annotations

import bisect
import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations

from neapolitan.cards import SETTEBELLO, Card
from neapolitan.scopa.actions import Play
from neapolitan.scopa.captures import sweepable, table_sig
from neapolitan.scopa.rules import Rules
from neapolitan.scopa.state import Cards, HandState, PlayerView, Seen, legal_plays

MAX_HANDS = 6_000  # more possible hands than this: no reading (never with two players' hands of 3)


# How good a play looks on its own in a position (`searcher_value`, `neapolitan.scopa.bots.play_value`).
PlayValue = Callable[["_Position", Play], float]


def play_features(position: _Position, play: Play) -> tuple[float, ...]:
    """What a searching player's choice of `play` is read by (`searcher_value`): the cards it takes
    (how many, denari, the settebello, sevens, sixes, aces), whether it sweeps (a scopa,
    SCOPA-6.1), whether it leaves a table one card could sweep, and for a card laid on the table:
    whether it is a seven, a denaro, the settebello, its rank, and that it is laid at all."""
    card = play.card
    table = position.table
    if play.captured:
        taken: tuple[Card, ...] = (card, *play.captured)
        after = [c for c in table if c not in play.captured]
    else:
        taken = ()
        after = [*table, card]
    trail = not play.captured
    return (
        len(taken),
        sum(c.suit == "D" for c in taken),
        sum(c is SETTEBELLO for c in taken),
        sum(c.rank == 7 for c in taken),
        sum(c.rank == 6 for c in taken),
        sum(c.rank == 1 for c in taken),
        float(not trail and not after and position.left > 1),
        float(bool(after) and sweepable(after, position.rules.fifteen)),
        float(trail and card.rank == 7),
        float(trail and card.suit == "D"),
        float(trail and card is SETTEBELLO),
        card.rank / 10 if trail else 0.0,
        float(trail),
    )


# The weights of `play_features` that best foretell the plays of the thoughtful player and of
# `search-v1` holding the cards they held (a softmax, fitted by maximum likelihood on 2,906 of
# their decisions in 60 paired deals of two-player Scopa, `scripts/fit_scopa_opponent.py`).
SEARCHER_WEIGHTS = (0.71, 0.53, 0.51, 0.47, 0.29, 0.45, 0.99, -0.94, -0.49, -0.36, -0.22, -1.05, 0.91)


def searcher_value(position: _Position, play: Play) -> float:
    """How likely a searching player is to choose `play`, on the scale of a softmax's exponent."""
    return sum(w * f for w, f in zip(SEARCHER_WEIGHTS, play_features(position, play), strict=True))


@dataclass(frozen=True)
class Opponent:
    """How the opponent is thought to choose: by `value`, a play `temperature` points better being
    e times likelier, except for a share `mistakes` of plays made at random among the legal ones."""

    value: PlayValue
    temperature: float = 5.0
    mistakes: float = 0.1


class _Position:
    """The little `play_value` reads of the position a play was made in."""

    __slots__ = ("rules", "table", "left")

    def __init__(self, rules: Rules, table: Cards, left: int) -> None:
        self.rules = rules
        self.table = table
        self.left = left

    def cards_left_to_play(self) -> int:
        return self.left


class Reading:
    """One observed play of the opponent and what it says of each card he might have held then,
    besides the card he played and `later` (the ones he played after it): his play's odds against
    the plays those other cards offered, `(1 - mistakes) * chosen / (sum of each other card's
    weight) + mistakes / (sum of each other card's count of legal plays)`.

    Odds, not the softmax's chance of his play: the card he played is left out of the sum. Both
    were measured in the arena (two-player Scopa, 1000 paired deals, seed dev2, over the same
    player dealing uniformly): these odds at temperature 1.5, +0.076 a hand (95% CI +0.013 to
    +0.140); the chance at temperature 1, +0.056 (-0.010 to +0.121), the play's card in the sum."""

    __slots__ = ("chosen", "known_weight", "known_count", "weight", "count", "mistakes")

    def __init__(self, seen: Seen, later: list[Card], unseen: list[Card], rules: Rules, left: int,
                 opponent: Opponent) -> None:
        position = _Position(rules, seen.table, left)
        sig = table_sig(seen.table)
        value, temperature = opponent.value, opponent.temperature
        self.mistakes = opponent.mistakes
        self.chosen = math.exp(value(position, seen.play) / temperature)

        def terms(card: Card) -> tuple[float, int]:
            plays = legal_plays((card,), seen.table, sig, rules, left)
            return sum(math.exp(value(position, p) / temperature) for p in plays), len(plays)

        known = [terms(c) for c in later]  # in his hand then, besides the hidden ones
        self.known_weight = sum(w for w, _ in known)
        self.known_count = sum(n for _, n in known)
        self.weight: dict[Card, float] = {}
        self.count: dict[Card, int] = {}
        for card in unseen:
            self.weight[card], self.count[card] = terms(card)

    def chance(self, hand: tuple[Card, ...]) -> float:
        """The odds of the observed play, had he held `hand` besides the cards he played."""
        weight = self.known_weight + sum(self.weight[c] for c in hand)
        count = self.known_count + sum(self.count[c] for c in hand)
        return (1 - self.mistakes) * self.chosen / weight + self.mistakes / count


class Belief:
    """The hands the opponent may hold and their weights, read once per decision; `deal` draws a
    world from them with the caller's seeded rng. `work` is what the reading cost, in hands
    weighed times plays read (the thinking counts it with the positions it searches)."""

    def __init__(self, view: PlayerView, opponent: Opponent) -> None:
        self.view = view
        self.hands: list[tuple[Card, ...]] = []
        self.cumulative: list[float] = []
        self.work = 0
        other = 1 - view.seat
        plays = [i for i, seen in enumerate(view.history) if seen.seat == other]
        size = view.hand_sizes[other] if view.rules.players == 2 else 0
        unseen = view.unseen()
        if not plays or not size or math.comb(len(unseen), size) > MAX_HANDS:
            return
        readings = []
        for i in plays:
            later = [s.play.card for s in view.history[i + 1:] if s.seat == other]
            left = view.cards_left_to_play() + len(view.history) - i
            readings.append(Reading(view.history[i], later, unseen, view.rules, left, opponent))
        total = 0.0
        for hand in combinations(unseen, size):
            chance = 1.0
            for reading in readings:
                chance *= reading.chance(hand)
            total += chance
            self.hands.append(hand)
            self.cumulative.append(total)
        self.work = len(self.hands) * len(readings)

    def deal(self, rng: random.Random) -> HandState:
        """A world consistent with the view and its history: the opponent's hand drawn by its
        weight, the other unseen cards shuffled into the stock."""
        view = self.view
        if not self.hands:
            return view.sample_state(rng)
        hand = self.hands[bisect.bisect_right(self.cumulative, rng.random() * self.cumulative[-1])]
        stock = [c for c in view.unseen() if c not in hand]
        rng.shuffle(stock)
        return view.world((view.hand, hand) if view.seat == 0 else (hand, view.hand), stock)

    def chance_of(self, card: Card) -> float:
        """The belief's chance that the opponent holds `card` (for tests and the curious)."""
        if not self.hands:
            unseen = self.view.unseen()
            return self.view.hand_sizes[1 - self.view.seat] / len(unseen) if card in unseen else 0.0
        held = previous = 0.0
        for hand, cumulative in zip(self.hands, self.cumulative, strict=True):
            if card in hand:
                held += cumulative - previous
            previous = cumulative
        return held / self.cumulative[-1]
