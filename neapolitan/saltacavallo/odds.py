"""The odds of losing a life if you keep and if you swap (or, as dealer, draw), and the engine
players' policy, which is decided from those same odds.

THE MODEL (what the odds are "given")
* Your card, your seat, the cards lying face up (Kings and Cavalli, SALTA-5.1), the cards out of
  play since the last shuffle, and what you learned in swaps: if the player before you swapped
  with you, you know he now holds the card you were dealt (SALTA-6.6).
* Every card you have not seen is equally likely to be anywhere you cannot see (another player's
  face-down card or the stock); under the default rules a face-down card in a hand is Asso to
  Fante, since a Re or Cavallo would be face up. Nothing is read into the earlier players'
  choices to keep or swap (the learner does not follow the engine's policy, so the odds do not
  assume it).
* The players after you follow THE ENGINE PLAYERS' POLICY below, and the dealer, who sees every
  card (SALTA-7.1), draws exactly when drawing gives him a lower chance of losing than keeping.

THE ENGINE PLAYERS' POLICY
An engine player swaps exactly when, in this model, swapping gives him a lower probability of
losing a life than keeping (on a tie he keeps). Computed from the dealer backwards: the last
player to decide before the dealer weighs only the dealer's draw; the one before him weighs the
last player's policy; and so on. A player's choice depends on his seat, his card and the card he
knows the player who swapped with him holds (his "cell"), besides what everyone sees. As dealer
he draws when that lowers his chance of losing. Between hands he never asks for a life; asked
for one under REVIVAL_VOLUNTARY he gives it while he has at least two lives.

EXACT OR SAMPLED
The deals of the face-down cards are enumerated exactly, each weighted by how many ways the pack
can give it, when there are at most `EXACT_WORLDS` of them (four face-down hands under the
default rules). Otherwise `SAMPLES` deals are drawn at random from a seed fixed by the table,
the policy is decided on those, and the odds reported for the player to act come from a further
`ODDS_SAMPLES` deals that give him his card (and what he knows): each probability is then within
`error` of the exact value with 95% confidence (Hoeffding's inequality).
"""
from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from neapolitan.cards import DECK
from neapolitan.saltacavallo.play import draw_outcomes, swap_target
from neapolitan.saltacavallo.rules import CAVALLO, RE, Rules
from neapolitan.saltacavallo.state import PlayerView
from neapolitan.sampling import hoeffding_error

EXACT_WORLDS = 4096
SAMPLES = 1500
ODDS_SAMPLES = 3000

# The dealer's draw from one stock: its outcomes (rank, probability; rank 0: he keeps his card),
# the chance of ending with each rank 0..10 or lower, and the chance he keeps (`_cumulate`).
Draws = tuple[tuple[tuple[int, float], ...], tuple[float, ...], float]


@dataclass(frozen=True)
class Odds:
    """The probabilities of losing a life this hand for the player to act."""

    keep: float
    change: float | None  # if he swaps (exchange) or draws (dealer); None when he cannot
    change_kind: str  # "swap" or "draw"
    exact: bool
    worlds: int  # deals weighed
    error: float  # each probability is within this of the exact value (95%); 0 when exact
    policy_choice: str  # what the engine's policy does in his place: keep, swap or draw

    @property
    def best(self) -> str:
        if self.change is not None and self.change < self.keep:
            return self.change_kind
        return "keep"


@dataclass(frozen=True)
class Layout:
    """What everyone sees of a hand in the exchange phase, by position in play order."""

    rules: Rules
    face: tuple[int, ...]  # rank of each position's card if face up, else 0
    lives: tuple[int, ...]
    pool: tuple[int, ...]  # [0] unused; counts of ranks 1..10 not face up and not out of play

    @property
    def n(self) -> int:
        return len(self.face)


def layout_of(view: PlayerView) -> Layout:
    seats = view.hand_seats()
    face = tuple(view.cards[s].rank if view.shown[s] else 0 for s in seats)  # type: ignore[union-attr]
    seen = {view.cards[s] for s in seats if view.shown[s]} | set(view.out)
    pool = [0] * 11
    for card in DECK:
        if card not in seen:
            pool[card.rank] += 1
    return Layout(view.rules, face, tuple(view.lives[s] for s in seats), tuple(pool))


def cell_of(view: PlayerView) -> tuple[int, int, int]:
    """(position, card rank, rank of the card the player who swapped with him holds, or 0)."""
    seats = view.hand_seats()
    by = view.swapped_into()
    known = view.cards[by] if by is not None else None
    return seats.index(view.seat), view.card.rank, known.rank if known is not None else 0  # type: ignore[union-attr]


# -- the odds for the player to act ----------------------------------------------------------------
def odds(view: PlayerView) -> Odds | None:
    """The odds for `view`'s player, if he is the one to act in the exchange or as dealer."""
    if view.to_act != view.seat or view.card is None:
        return None
    if view.phase == "dealer":
        return dealer_odds(view)
    if view.phase != "exchange":
        return None
    layout = layout_of(view)
    position, rank, known = cell_of(view)
    can_swap = any(a.kind == "swap" for a in view.legal)
    policy = policy_for(layout)
    choice = "swap" if can_swap and policy.swaps(position, rank, known) else "keep"
    if rank >= CAVALLO:  # SHOW_ON_DEMAND: a face-down Re or Cavallo can only be kept (SALTA-5.3)
        keep, _, samples = policy.sample_cell(position, rank, known)
        return Odds(keep, None, "swap", False, samples, hoeffding_error(samples), "keep")
    if policy.exact:
        keep, swap = policy.exact_cell(position, rank, known) or (0.0, 0.0)
        return Odds(keep, swap if can_swap else None, "swap", True, policy.worlds, 0.0, choice)
    keep, swap, samples = policy.sample_cell(position, rank, known)
    return Odds(keep, swap if can_swap else None, "swap", False, samples, hoeffding_error(samples), choice)


def dealer_odds(view: PlayerView) -> Odds:
    """SALTA-7.2: the dealer sees every card; the stock's order is all that is unknown."""
    seats = view.hand_seats()
    ranks = [view.cards[s].rank for s in seats]  # type: ignore[union-attr]
    seen = {view.cards[s] for s in seats} | set(view.out)
    stock = [0] * 11
    for card in DECK:
        if card not in seen:
            stock[card.rank] += 1
    lives = tuple(view.lives[s] for s in seats)
    keep, draw = dealer_loss(ranks, lives, stock, view.rules)
    can_draw = view.stock_size > 0
    choice = "draw" if can_draw and draw < keep else "keep"
    return Odds(keep, draw if can_draw else None, "draw", True, 1, 0.0, choice)


def dealer_loss(ranks: Sequence[int], lives: Sequence[int], stock: Sequence[int],
                rules: Rules) -> tuple[float, float]:
    """The dealer's (last position's) probability of losing if he keeps and if he draws."""
    final = _Final(ranks, lives, rules)
    dealer = len(ranks) - 1
    keep = final.loses(dealer, ranks[dealer])
    draw = sum(p * final.loses(dealer, ranks[dealer] if r == 0 else r)
               for r, p in draw_outcomes(stock, rules))
    return keep, draw


def _lowest(ranks: Sequence[int], compare_all: bool) -> tuple[int, int]:
    """The lowest card among the players' (the dealer's, last, left out) that can lose, and how
    many hold it: (99, 0) when none can (Re and Cavallo are safe unless COMPARE_ALL, SALTA-5.2)."""
    players = ranks[:-1]
    low = min(players)
    if low >= CAVALLO and not compare_all:
        return 99, 0
    return low, players.count(low)


class _Final:
    """Who loses once the exchange is over, for each card the dealer may end up with (SALTA-8)."""

    __slots__ = ("low", "count", "void_if_all", "n", "compare_all", "split", "ranks")

    def __init__(self, ranks: Sequence[int], lives: Sequence[int], rules: Rules) -> None:
        n = len(ranks)
        compare_all = rules.compare_all
        low, count = _lowest(ranks, compare_all)
        sudden = rules.final_two == "sudden_death" and n == 2
        self.low = low
        self.count = count
        self.n = n
        self.compare_all = compare_all
        self.split = rules.tie_elimination == "split"
        self.void_if_all = sudden or all(life == 1 for life in lives)
        self.ranks = ranks

    def loses(self, position: int, dealer_rank: int) -> float:
        """1.0 if `position` loses a life when the dealer ends with `dealer_rank`, else 0.0."""
        dealer_candidate = dealer_rank < CAVALLO or self.compare_all
        low = self.low
        if dealer_candidate and dealer_rank < low:
            return 1.0 if position == self.n - 1 and not self._void(1) else 0.0
        losers = self.count + (1 if dealer_candidate and dealer_rank == low else 0)
        if low == 99:
            return 0.0
        mine = dealer_rank if position == self.n - 1 else self.ranks[position]
        if mine != low or (position == self.n - 1 and not dealer_candidate):
            return 0.0
        return 0.0 if self._void(losers) else 1.0

    def _void(self, losers: int) -> bool:
        """SALTA-8.3: the losses would leave nobody alive (and TIE_ELIM_SPLIT does not apply)."""
        return losers == self.n and self.void_if_all and not self.split


# -- the policy ---------------------------------------------------------------------------------------
class Policy:
    """The engine players' choices for one layout, decided backwards from the dealer."""

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        rules = layout.rules
        n = layout.n
        self.dynamic = rules.show_on_demand  # targets depend on face-down cards
        self.hidden = [p for p in range(n) if not layout.face[p]]
        self.deciders = [p for p in self.hidden if p < n - 1]
        top = RE if rules.show_on_demand else 8
        self.ranks = list(range(1, top + 1))
        size = len(self.ranks) ** len(self.hidden)
        self.exact = size <= EXACT_WORLDS
        self.fixed_targets = [
            swap_target(p, list(layout.face), rules).target for p in range(n)
        ]
        self.compare_all = rules.compare_all
        self.top = RE if rules.compare_all else 8
        self.void_if_all = (rules.final_two == "sudden_death" and n == 2 or all(
            life == 1 for life in layout.lives)) and rules.tie_elimination != "split"
        self.swappers = [
            next((p for p in range(j - 1, -1, -1) if not layout.face[p] and self.fixed_targets[p] == j), None)
            for j in range(n)
        ]
        # each decider's choices (swap or keep) as a flat list by rank * 11 + known rank (see
        # `swaps`), and the deciders after each position: what `finish` reads for every deal weighed
        self.choices: list[list[bool] | None] = [None] * n
        self.later = [[i for i in self.deciders if i > j] for j in range(n)]
        self.cells: dict[tuple[int, int, int], tuple[float, ...]] = {}  # (weight, keep, swap) sums
        self.sampled: dict[tuple[int, int, int], tuple[float, float, int]] = {}
        worlds = self._enumerate() if self.exact else self._sample(SAMPLES)
        self.worlds = len(worlds)
        self._decide(worlds)

    # worlds: (ranks by position, weight, the dealer's draw: `Draws`)
    def _enumerate(self) -> list[tuple[list[int], float, Draws]]:
        pool = list(self.layout.pool)
        out: list[tuple[list[int], float, Draws]] = []
        base = list(self.layout.face)
        hidden = self.hidden
        draws_of = _draws_by_stock(self.layout.rules)

        def walk(i: int, weight: float) -> None:
            if i == len(hidden):
                out.append((base[:], weight, draws_of(pool)))
                return
            for r in self.ranks:
                if pool[r]:
                    w = weight * pool[r]
                    pool[r] -= 1
                    base[hidden[i]] = r
                    walk(i + 1, w)
                    pool[r] += 1

        walk(0, 1.0)
        total = sum(w for _, w, _ in out)
        return [(cards, w / total, draws) for cards, w, draws in out]

    def _sample(self, count: int, fixed: dict[int, int] | None = None,
                rng: random.Random | None = None) -> list[tuple[list[int], float, Draws]]:
        layout = self.layout
        rng = rng or random.Random(f"salta:{layout}")
        fixed = fixed or {}
        left = list(layout.pool)  # the cards not yet placed, by rank
        start = list(layout.face)
        for p, r in fixed.items():
            start[p] = r
            left[r] -= 1
        top = self.ranks[-1]
        eligible = [r for r in range(1, top + 1) for _ in range(left[r])]  # a face-down hand's cards
        free = [p for p in self.hidden if p not in fixed][:len(eligible)]
        chance = rng.random
        draws_of = _draws_by_stock(layout.rules)
        out = []
        for _ in range(count):
            # each face-down hand takes a card drawn at random from those it may hold (a partial
            # shuffle of them); everything else unseen is in the stock
            cards = start[:]
            stock = left[:]
            bag = eligible[:]
            size = len(bag)
            for k, p in enumerate(free):
                i = k + int(chance() * (size - k))
                bag[k], bag[i] = bag[i], bag[k]
                cards[p] = bag[k]
                stock[bag[k]] -= 1
            out.append((cards, 1.0 / count, draws_of(stock)))
        return out

    def _decide(self, worlds: list) -> None:
        cells = self.cells
        for j in reversed(self.deciders):
            sums: dict[tuple[int, int], list[float]] = {}
            for cards, weight, draws in worlds:
                h = cards[j]
                if h >= CAVALLO:
                    continue
                keep = self.finish(cards, j, False, draws)
                swap = self.finish(cards, j, True, draws)
                x = self._known_from(cards, j)
                for key in ((h, 0), (h, x)) if x else ((h, 0),):
                    acc = sums.get(key)
                    if acc is None:
                        acc = sums[key] = [0.0, 0.0, 0.0]
                    acc[0] += weight
                    acc[1] += weight * keep
                    acc[2] += weight * swap
            table = {key: acc[2] < acc[1] - 1e-12 for key, acc in sums.items()}
            self.choices[j] = [table.get((h, x), table.get((h, 0), False)) for h in range(11) for x in range(11)]
            for (h, x), acc in sums.items():
                cells[(j, h, x)] = tuple(acc)  # (numbers only: the garbage collector lets them be)

    def _known_from(self, cards: Sequence[int], j: int) -> int:
        """The card of the player whose swap would land on position j, if there is one."""
        by = self._swapper_of(j, cards)
        return cards[by] if by is not None and cards[by] < CAVALLO else 0

    def _swapper_of(self, j: int, cards: Sequence[int]) -> int | None:
        """The player before position j (in play order) whose swap lands on j."""
        if not self.dynamic:
            return self.swappers[j]
        return next((p for p in range(j - 1, -1, -1)
                     if not self.layout.face[p] and self._target(p, cards) == j), None)

    def _target(self, p: int, cards: Sequence[int]) -> int | None:
        if not self.dynamic:
            return self.fixed_targets[p]
        return swap_target(p, cards, self.layout.rules).target

    def swaps(self, position: int, rank: int, known: int) -> bool:
        """The policy's choice for a cell; a cell the sampled deals never produced is judged on
        the card alone, and a position that never decides keeps."""
        choices = self.choices[position]
        return bool(choices and choices[rank * 11 + known])

    def finish(self, cards: list[int], j: int, swap: bool, draws: Draws) -> float:
        """Play the hand on from position j's choice; the probability that j loses a life."""
        cards = cards[:]
        known = [0] * len(cards)
        if swap:
            t = self._target(j, cards)
            if t is not None and cards[t] < CAVALLO:
                known[t] = cards[t]
                cards[j], cards[t] = cards[t], cards[j]
        choices = self.choices
        for i in self.later[j]:
            h = cards[i]
            if h >= CAVALLO or not choices[i][h * 11 + known[i]]:  # type: ignore[index]
                continue
            t = self._target(i, cards)
            if t is not None and cards[t] < CAVALLO:
                if t > i:
                    known[t] = cards[t]
                cards[i], cards[t] = cards[t], cards[i]
        return self._loss(cards, j, draws)

    def _loss(self, cards: list[int], j: int, draws: Draws) -> float:
        """The probability that position j loses, the exchange over, the dealer still to decide."""
        n = len(cards)
        dealer = n - 1
        g = cards[dealer]
        low, count = _lowest(cards, self.compare_all)
        if self.layout.face[dealer] or g >= CAVALLO or (self.void_if_all and count == n - 1):
            return self._loss_slowly(cards, j, draws)  # a dealer who does nothing, or a void hand
        mine = cards[j]
        j_low = mine == low
        if g > low:  # the dealer is safe and keeps
            return 1.0 if j_low else 0.0
        _outcomes, cumulative, void = draws
        draw_d = void + cumulative[min(low, self.top)]
        if draw_d < 1.0 - 1e-12:  # he draws: j loses unless the dealer ends lower than him
            if not j_low:
                return 0.0
            return (void if g == low else 0.0) + cumulative[10] - cumulative[low - 1]
        return 1.0 if j_low and g == low else 0.0

    def _loss_slowly(self, cards: list[int], j: int, draws: Draws) -> float:
        final = _Final(cards, self.layout.lives, self.layout.rules)
        dealer = len(cards) - 1
        g = cards[dealer]
        if self.layout.face[dealer] or g >= CAVALLO:  # a dealer with a Re or Cavallo does nothing (SALTA-7.2)
            return final.loses(j, g)
        keep_d = final.loses(dealer, g)
        if keep_d == 0.0:
            return final.loses(j, g)
        draw_d = 0.0
        draw_j = 0.0
        outcomes, _cumulative, _void = draws
        for r, p in outcomes:
            v = g if r == 0 else r
            draw_d += p * final.loses(dealer, v)
            draw_j += p * final.loses(j, v)
        return draw_j if draw_d < keep_d else final.loses(j, g)

    def exact_cell(self, position: int, rank: int, known: int) -> tuple[float, float] | None:
        acc = self.cells.get((position, rank, known)) or self.cells.get((position, rank, 0))
        if not acc or acc[0] == 0:
            return None
        return acc[1] / acc[0], acc[2] / acc[0]

    def sample_cell(self, position: int, rank: int, known: int) -> tuple[float, float, int]:
        """Fresh deals giving `position` its card (and the known card to the player before)."""
        key = (position, rank, known)
        if key not in self.sampled:
            self.sampled[key] = self._sample_cell(position, rank, known)
        return self.sampled[key]

    def _sample_cell(self, position: int, rank: int, known: int) -> tuple[float, float, int]:
        fixed = {position: rank}
        by = self._swapper_of(position, self.layout.face)
        if known and by is not None:
            fixed[by] = known
        rng = random.Random(f"salta-cell:{self.layout}:{position}:{rank}:{known}")
        worlds = self._sample(ODDS_SAMPLES, fixed, rng)
        keep = sum(self.finish(c, position, False, d) for c, _, d in worlds) / len(worlds)
        swap = sum(self.finish(c, position, True, d) for c, _, d in worlds) / len(worlds)
        return keep, swap, len(worlds)


def _draws_by_stock(rules: Rules) -> Callable[[list[int]], Draws]:
    """The dealer's draw from a stock of these counts by rank: one record for all the deals that
    leave the same counts (many do), made of tuples of numbers only, which the garbage collector
    stops looking at (lists kept for every deal weighed made its passes cost as much as the rest)."""
    known: dict[tuple[int, ...], Draws] = {}

    def draws_of(stock: list[int]) -> Draws:
        key = tuple(stock)
        found = known.get(key)
        if found is None:
            outcomes = tuple(draw_outcomes(stock, rules))
            found = known[key] = (outcomes, *_cumulate(outcomes))
        return found

    return draws_of


def _cumulate(outcomes: Sequence[tuple[int, float]]) -> tuple[tuple[float, ...], float]:
    """The dealer's draw as cumulative probabilities by rank 0..10, and the chance he keeps."""
    cumulative = [0.0] * 11
    void = 0.0
    for r, p in outcomes:
        if r == 0:
            void += p
        else:
            cumulative[r] += p
    for r in range(1, 11):
        cumulative[r] += cumulative[r - 1]
    return tuple(cumulative), void


@lru_cache(maxsize=64)
def policy_for(layout: Layout) -> Policy:
    return Policy(layout)
