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
plays of his to read it deals as `PlayerView.sample_state` does, uniformly.

At the Scopone games every card is dealt at the start, so every play of the hand tells something
of the hand it came from: `TableBelief` reads the plays of all three other players the same way
and draws the worlds by a Markov chain (far too many deals to weigh each). `belief_of` chooses.
"""
from __future__ import annotations

import bisect
import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations, permutations

from neapolitan.cards import DECK, SETTEBELLO, Card, by_rank, cards_from_mask, mask_of
from neapolitan.scopa.actions import Play
from neapolitan.scopa.captures import TRAIL, options_by_rank, sweepable, table_sig
from neapolitan.scopa.rules import Rules
from neapolitan.scopa.scoring import primiera_partial
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


def reader_features(position: _Position, play: Play) -> tuple[float, ...]:
    """`play_features` and what else a searching player's choice is read by: the share of the
    cards still out (`position.public`) that would sweep the table he leaves, or take the card he
    lays (and whether it is a seven), whether he leaves a seven or the settebello on the table,
    what his capture adds to his side's primiera, the sum and size of the table he leaves, and
    in the last three deals (20 cards left or fewer, where `search-v1` solves to the end) whether
    he lays a card, how many he takes and the sweep he risks; and what the next player could
    take from the table he leaves (`replies`), on average over the cards still out and at most."""
    card = play.card
    table = position.table
    public = position.public
    out = max(len(public), 1)
    if play.captured:
        after = [c for c in table if c not in play.captured]
        taken: list[Card] = [card, *play.captured]
    else:
        after = [*table, card]
        taken = []
    total = sum(c.rank for c in after)
    risk = sum(c.rank == total and c is not card for c in public) / out if after and total <= 10 else 0.0
    taken_back = 0.0 if play.captured else sum(c.rank == card.rank and c is not card for c in public) / out
    late = float(position.left <= 20)
    gain = (primiera_partial((*position.pile, *taken))[0] - primiera_partial(position.pile)[0]) / 30 if taken else 0.0
    mean, most = replies(tuple(sorted(after, key=by_rank)), public, card, position.rules)
    return (*play_features(position, play), risk, taken_back, float(any(c.rank == 7 for c in after)),
            float(SETTEBELLO in after), gain, total / 10 if after else 0.0, len(after) / 4,
            late * (not play.captured), late * len(taken) / 4, late * risk, taken_back * (card.rank == 7),
            mean, most)


@lru_cache(maxsize=20_000)
def replies(table: Cards, public: tuple[Card, ...], played: Card, rules: Rules) -> tuple[float, float]:
    """What the next player could take from `table` (in rank order) with one card of `public`
    (`played` aside), by `reply_worth`: on average over those cards, and at most."""
    options = options_by_rank(table_sig(table), rules)
    total = most = 0.0
    count = 0
    for card in public:
        if card is played:
            continue
        count += 1
        choices = options[card.rank]
        if choices is TRAIL:
            continue
        best = max(reply_worth(card, [table[i] for i in option], len(table)) for option in choices)
        total += best
        if best > most:
            most = best
    return (total / count if count else 0.0), most


def reply_worth(card: Card, captured: list[Card], table_size: int) -> float:
    """A capture's worth, roughly in points: the cards (an eighth each), the denari (a third),
    the settebello, the sevens (for the primiera) and a sweep."""
    taken = [card, *captured]
    worth = len(taken) / 8 + sum(c.suit == "D" for c in taken) / 3 + 0.3 * sum(c.rank == 7 for c in taken)
    worth += sum(c is SETTEBELLO for c in taken) + (len(captured) == table_size)
    return worth


# The weights of `reader_features` fitted as SEARCHER_WEIGHTS were, on the decisions of the
# thoughtful player and `search-v1` in 400 paired deals (seed dec1): fitted on three quarters of
# the deals (14,501 decisions), and on the fourth left out (4,833) the log-likelihood per play is
# -0.706, against -0.745 with `play_features` alone and -0.908 choosing at random.
READER_WEIGHTS = (0.64, 0.51, 0.06, 0.06, 0.04, 0.28, 0.77, -0.59, -0.25, -0.20, -0.17, -1.71, 0.47,
                  -0.54, -0.82, 0.19, -0.02, 0.77, 0.47, -0.16, 0.73, -0.38, -0.31, -0.06, -1.03, -0.44)


def reader_value(position: _Position, play: Play) -> float:
    """`searcher_value` reading more of the position (`reader_features`)."""
    return sum(w * f for w, f in zip(READER_WEIGHTS, reader_features(position, play), strict=True))


@dataclass(frozen=True)
class Opponent:
    """How the opponent is thought to choose: by `value`, a play `temperature` points better being
    e times likelier, except for a share `mistakes` of plays made at random among the legal ones."""

    value: PlayValue
    temperature: float = 5.0
    mistakes: float = 0.1


class _Position:
    """The little `play_value` reads of the position a play was made in: and for `reader_value`,
    the cards then in no pile nor on the table (`public`: the hands and the stock) and the
    mover's side's pile then."""

    __slots__ = ("rules", "table", "left", "public", "pile")

    def __init__(self, rules: Rules, table: Cards, left: int, public: tuple[Card, ...] = (),
                 pile: tuple[Card, ...] = ()) -> None:
        self.rules = rules
        self.table = table
        self.left = left
        self.public = public
        self.pile = pile

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

    def __init__(self, seen: Seen, later: list[Card], unseen: list[Card], opponent: Opponent,
                 position: _Position) -> None:
        rules, left = position.rules, position.left
        sig = table_sig(seen.table)
        value, temperature = opponent.value, opponent.temperature
        self.mistakes = opponent.mistakes
        self.chosen = math.exp(value(position, seen.play) / temperature)
        known_terms = _terms_at(opponent, position)

        def terms(card: Card) -> tuple[float, int]:
            found = known_terms.get(card)
            if found is None:
                plays = legal_plays((card,), seen.table, sig, rules, left)
                found = known_terms[card] = sum(math.exp(value(position, p) / temperature) for p in plays), len(plays)
            return found

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


_TERMS: dict[tuple, dict[Card, tuple[float, int]]] = {}


def _terms_at(opponent: Opponent, position: _Position) -> dict[Card, tuple[float, int]]:
    """Each card's term of a `Reading` in `position` found so far, by card: the same position is
    read again at each later decision of the hand, and by every player reading it."""
    key = (opponent, position.rules, position.table, position.left, position.public, position.pile)
    found = _TERMS.get(key)
    if found is None:
        if len(_TERMS) >= 1_000:  # (the positions of some 25 hands)
            _TERMS.clear()
        found = _TERMS[key] = {}
    return found


def positions_then(view: PlayerView) -> list[_Position]:
    """The position each play of the deal's history (`view.history`) was made in, as everybody
    saw it: the table, the cards left to play, the cards in no pile nor on the table, and the
    mover's side's pile (the piles worked back from the view's through the captures since)."""
    rules = view.rules
    piles = list(view.piles)
    found: list[_Position] = []
    for back, seen in enumerate(reversed(view.history)):
        if seen.play.captured:  # before this play, its cards were not in the pile yet
            piles[rules.seat_sides[seen.seat]] &= ~(seen.play.mask | seen.play.card.bit)
        gone = mask_of(seen.table)
        for pile in piles:
            gone |= pile
        public = tuple(c for c in DECK if not gone & c.bit)
        found.append(_Position(rules, seen.table, view.cards_left_to_play() + back + 1, public,
                               tuple(cards_from_mask(piles[rules.seat_sides[seen.seat]]))))
    return found[::-1]


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
        positions = positions_then(view)
        readings = []
        for i in plays:
            later = [s.play.card for s in view.history[i + 1:] if s.seat == other]
            readings.append(Reading(view.history[i], later, unseen, opponent, positions[i]))
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


class _Odds:
    """One `Reading` kept for the chain of `TableBelief`: its terms by card index, and the sums
    of its terms over the hand the chain now deals its mover."""

    __slots__ = ("weight", "count", "chosen", "mistakes", "known_weight", "known_count", "weights", "counts")

    def __init__(self, reading: Reading, hand: list[Card]) -> None:
        self.weight = [0.0] * len(DECK)
        self.count = [0] * len(DECK)
        for card, weight in reading.weight.items():
            self.weight[card.index] = weight
            self.count[card.index] = reading.count[card]
        self.chosen = (1 - reading.mistakes) * reading.chosen
        self.mistakes = reading.mistakes
        self.known_weight = reading.known_weight
        self.known_count = reading.known_count
        self.weights = sum(self.weight[c.index] for c in hand)
        self.counts = sum(self.count[c.index] for c in hand)


def _swap_odds(readings: list[_Odds], out: int, into: int) -> float:
    """How many times likelier a mover's plays (`readings`) are once card `out` of his hand is
    swapped for `into`."""
    ratio = 1.0
    for reading in readings:
        weight, count = reading.weight, reading.count
        more_weight = weight[into] - weight[out]
        more_count = count[into] - count[out]
        if more_weight or more_count:
            chosen, mistakes = reading.chosen, reading.mistakes
            weights = reading.known_weight + reading.weights
            counts = reading.known_count + reading.counts
            ratio *= ((chosen / (weights + more_weight) + mistakes / (counts + more_count))
                      / (chosen / weights + mistakes / counts))
    return ratio


class TableBelief:
    """What the other players' plays say of their hands at a table of three or four players with
    no stock (Scopone: every card is dealt at the start, so every play of the hand tells): each
    play of each of them, his partner's too, read as `Belief` reads the opponent's (`Reading`),
    a deal of the hidden cards weighed by all their odds together.

    The deals are far too many to weigh one by one, so a Markov chain draws them (Metropolis): it
    swaps a card of one hidden hand with a card of another and keeps the swap with the odds of the
    new hands against the old ones (always, when they are higher): `BURN` swaps tried from a
    uniform deal before the first world, `STEPS` between worlds, all drawn with the caller's
    seeded rng. `work` is what the reading cost, as `Belief` counts it (cards weighed times plays
    read); the chain's swaps, a fixed number per world, are not counted."""

    BURN = 150
    STEPS = 20

    def __init__(self, view: PlayerView, opponent: Opponent) -> None:
        self.view = view
        self.work = 0
        self.seats = [seat for seat, size in enumerate(view.hand_sizes) if seat != view.seat and size]
        self.pairs = list(permutations(self.seats, 2))  # the chain swaps between these hands
        self.readings: dict[int, list[Reading]] = {}
        self.chain: dict[int, list[Card]] = {}  # the hidden hands the chain deals now
        self.odds: dict[int, list[_Odds]] = {}
        if view.stock_size or not view.history or len(self.seats) < 2:
            return
        positions = positions_then(view)
        unseen = view.unseen()
        history = view.history
        for seat in self.seats:
            self.readings[seat] = [
                Reading(seen, [s.play.card for s in history[i + 1:] if s.seat == seat], unseen, opponent, positions[i])
                for i, seen in enumerate(history) if seen.seat == seat
            ]
        self.work = len(unseen) * sum(map(len, self.readings.values()))
        if not self.work:
            self.readings = {}

    def deal(self, rng: random.Random, steps: int | None = None) -> HandState:
        """A world consistent with the view: the hidden hands the chain reaches after its next
        `steps` swaps tried (`STEPS` unless told)."""
        view = self.view
        if not self.readings:
            return view.sample_state(rng)
        if self.chain:
            self.walk(rng, self.STEPS if steps is None else steps)
        else:
            self.start(rng)
        chain = self.chain
        hands = (view.hand if seat == view.seat else tuple(chain.get(seat, ())) for seat in range(len(view.hand_sizes)))
        return view.world(tuple(hands), ())

    def start(self, rng: random.Random) -> None:
        """Deal the unseen cards uniformly, then walk the chain `BURN` swaps."""
        uniform = self.view.sample_state(rng)
        for seat in self.seats:
            hand = self.chain[seat] = list(uniform.hands[seat])
            self.odds[seat] = [_Odds(reading, hand) for reading in self.readings[seat]]
        self.walk(rng, self.BURN)

    def walk(self, rng: random.Random, steps: int) -> None:
        chain, odds, pairs = self.chain, self.odds, self.pairs
        randrange, uniform = rng.randrange, rng.random
        for _ in range(steps):
            one, other = pairs[randrange(len(pairs))]
            mine, theirs = chain[one], chain[other]
            i, j = randrange(len(mine)), randrange(len(theirs))
            out, into = mine[i].index, theirs[j].index
            if uniform() < _swap_odds(odds[one], out, into) * _swap_odds(odds[other], into, out):
                mine[i], theirs[j] = theirs[j], mine[i]
                for reading in odds[one]:
                    reading.weights += reading.weight[into] - reading.weight[out]
                    reading.counts += reading.count[into] - reading.count[out]
                for reading in odds[other]:
                    reading.weights += reading.weight[out] - reading.weight[into]
                    reading.counts += reading.count[out] - reading.count[into]

    def chance(self, hands: dict[int, tuple[Card, ...]]) -> float:
        """The odds of every read play together, had the hidden hands been `hands` (by seat); the
        chain's deals come in proportion to them (for tests and the curious)."""
        chance = 1.0
        for seat, readings in self.readings.items():
            for reading in readings:
                chance *= reading.chance(hands[seat])
        return chance


def belief_of(view: PlayerView, opponent: Opponent) -> Belief | TableBelief:
    """How a player reading his opponents' plays as `opponent`'s deals the hidden cards: by
    `Belief` with two players, by `TableBelief` at a table of more with no stock (elsewhere
    uniformly: `TableBelief` finds nothing to read there)."""
    return Belief(view, opponent) if view.rules.players == 2 else TableBelief(view, opponent)
