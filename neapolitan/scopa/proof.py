"""What a Scopa puzzle's answer is proven against: every deal of the hidden cards, or a sample
large enough to bound the answer's lead, each deal played out to the end of the hand with open
cards (`Solver`, no horizon, no estimate).

A deal is where every card the player has not seen lies: in which other hand, and for the cards
still in the stock, in which later hand (the order of cards within one hand does not matter).
Every deal is equally likely, so a play's value is the plain average of its value in each deal.
"""
from __future__ import annotations

import math
import random
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import combinations

from neapolitan.cards import Card
from neapolitan.scopa.actions import Play
from neapolitan.scopa.captures import sweeping_cards
from neapolitan.scopa.search import Solver
from neapolitan.scopa.state import HandState, PlayerView

ENUMERATE_UP_TO = 200_000  # count every deal when there are at most this many
Z99 = 2.326  # a one-sided 99% bound of a normal mean
BATCH = 32  # sampled deals are drawn this many at a time ...
MAX_SAMPLES = 512  # ... up to this many

KNOWN, ALL_DEALS, SAMPLED = "known", "all_deals", "sampled"


@dataclass(frozen=True)
class Proof:
    """Every legal play's value over the deals, and how sure the best play's lead is."""

    method: str  # KNOWN (one possible deal), ALL_DEALS (each counted once) or SAMPLED
    possible: int  # how many deals are consistent with what the player has seen
    deals: int  # how many were played out
    values: dict[Play, float]  # mean point margin for the player's side after each play
    wins: dict[Play, int]  # deals in which the play was (joint) best
    risks: dict[Play, float]  # share of deals in which the next player could then sweep
    lead: tuple[float, ...]  # per deal: the best play's value less the second's

    @property
    def ranking(self) -> list[Play]:
        return sorted(self.values, key=lambda p: self.values[p], reverse=True)

    @property
    def gap(self) -> float:
        """The best play's lead over the second, on average over the deals."""
        return sum(self.lead) / len(self.lead) if self.lead else math.inf

    @property
    def gap_bound(self) -> float:
        """The lead the best play has at least: the gap itself when every deal was counted, else
        its one-sided 99% lower confidence bound."""
        if self.method != SAMPLED or not self.lead:
            return self.gap
        n = len(self.lead)
        mean = self.gap
        sd = math.sqrt(sum((x - mean) ** 2 for x in self.lead) / (n - 1)) if n > 1 else math.inf
        return mean - Z99 * sd / math.sqrt(n)

    @property
    def best_share(self) -> float:
        """Share of the deals in which the best play (on average) was also best."""
        return self.wins[self.ranking[0]] / self.deals

    def clears(self, min_gap: float, min_share: float) -> bool:
        return len(self.values) > 1 and self.gap_bound >= min_gap and self.best_share >= min_share


# -- the deals ---------------------------------------------------------------------------------
def _groups(view: PlayerView) -> list[tuple[int, int]]:
    """(seat, size) of every group of hidden cards: the other hands now, then each later hand
    the stock will deal, round by round."""
    groups = [(seat, size) for seat, size in enumerate(view.hand_sizes) if seat != view.seat and size]
    players, size = view.rules.players, view.rules.hand_size
    for _round in range(view.stock_size // (players * size)):
        groups.extend((seat, size) for seat in range(players))
    return groups


def count_deals(view: PlayerView) -> int:
    """How many deals are consistent with the view: the multinomial of the group sizes."""
    left = len(view.unseen())
    count = 1
    for _seat, size in _groups(view):
        count *= math.comb(left, size)
        left -= size
    return count


def every_deal(view: PlayerView) -> Iterator[HandState]:
    """Each consistent deal once, as a full state."""
    groups = _groups(view)

    def fill(cards: tuple[Card, ...], index: int, chosen: list[tuple[Card, ...]]) -> Iterator[list[tuple[Card, ...]]]:
        if index == len(groups):
            yield chosen
            return
        for group in combinations(cards, groups[index][1]):
            rest = tuple(c for c in cards if c not in group)
            yield from fill(rest, index + 1, [*chosen, group])

    for chosen in fill(tuple(view.unseen()), 0, []):
        yield _state(view, groups, chosen)


def random_deal(view: PlayerView, rng: random.Random) -> HandState:
    """A consistent deal drawn uniformly at random."""
    groups = _groups(view)
    cards = view.unseen()
    rng.shuffle(cards)
    chosen, pos = [], 0
    for _seat, size in groups:
        chosen.append(tuple(cards[pos:pos + size]))
        pos += size
    return _state(view, groups, chosen)


def _state(view: PlayerView, groups: list[tuple[int, int]], chosen: list[tuple[Card, ...]]) -> HandState:
    players = view.rules.players
    hands = [view.hand if seat == view.seat else () for seat in range(players)]
    now = len(groups) - players * (view.stock_size // (players * view.rules.hand_size))
    for (seat, _size), cards in zip(groups[:now], chosen[:now], strict=True):
        hands[seat] = cards
    stock: list[Card] = []
    later = chosen[now:]
    for start in range(0, len(later), players):
        stock.extend(_round_order(later[start:start + players], view.dealer, players))
    return view.world(tuple(hands), stock)


def _round_order(hands: list[tuple[Card, ...]], dealer: int, players: int) -> list[Card]:
    """The stock's cards for one round so that `deal_round` gives hands[seat] to each seat (the
    tests deal every listed stock again and compare)."""
    size = len(hands[0])
    order: list[Card] = [hands[0][0]] * (players * size)
    for k in range(players):
        seat = (dealer + 1 + k) % players
        order[k::players] = hands[seat]
    return order


# -- proving -----------------------------------------------------------------------------------
def prove(view: PlayerView, *, seed: str = "proof", min_gap: float = 1.0,
          enumerate_up_to: int = ENUMERATE_UP_TO, max_samples: int = MAX_SAMPLES,
          allies: bool = True) -> Proof:
    """Every legal play valued over every consistent deal when they are few enough to count;
    otherwise over random deals, drawn until the best play's lead is bounded above `min_gap` (or
    clearly below it, or `max_samples` are spent). Without `allies`, a partner plays against the
    player (to see what the answer owes to him)."""
    possible = count_deals(view)
    side = view.rules.seat_sides[view.seat]
    solver = (lambda: Solver(side)) if allies else (lambda: Solver(side, alone=view.seat))
    values: dict[Play, list[float]] = {p: [] for p in view.legal_actions()}
    risks = dict.fromkeys(values, 0)
    if possible <= enumerate_up_to:
        for state in every_deal(view):
            _play_out(state, solver(), values, risks)
        return _proof(KNOWN if possible == 1 else ALL_DEALS, possible, values, risks)
    rng = random.Random(f"{seed}:{view.to_text()}")
    while True:
        for _ in range(BATCH):
            _play_out(random_deal(view, rng), solver(), values, risks)
        proof = _proof(SAMPLED, possible, values, risks)
        spread = proof.gap - proof.gap_bound
        if proof.deals >= max_samples or len(values) < 2 or abs(proof.gap - min_gap) > spread:
            return proof  # the lead is bounded above `min_gap`, or clearly below it


def _play_out(state: HandState, solver: Solver, values: dict[Play, list[float]], risks: dict[Play, int]) -> None:
    for play, value in solver.play_values(state).items():
        values[play].append(value)
        risks[play] += can_sweep(state.apply(play))


def can_sweep(state: HandState) -> bool:
    """Whether the player to move could take the whole table, and it would count as a scopa."""
    cards = sweepers(state)
    if cards and state.rules.regola_del_vile:  # the opening player may not lead an Ace
        # (SCOPA-OP-14): the legal plays say what he may take, as `legal_plays` knows the opening
        return any(len(p.captured) == len(state.table) for p in state.legal_actions())
    return bool(state.hand_masks[state.to_move] & cards)


def sweepers(state: HandState) -> int:
    """The cards (a mask) with which the player to move would take the whole table as a scopa:
    none once the hand is over, on an empty table, or with the hand's last card (SCOPA-6.2)."""
    if state.is_over or not state.table or state.cards_left_to_play() <= 1:
        return 0
    return sweeping_cards(state._sig, state.rules)


def _proof(method: str, possible: int, values: dict[Play, list[float]], risks: dict[Play, int]) -> Proof:
    deals = len(next(iter(values.values())))
    means = {p: sum(vs) / deals for p, vs in values.items()}
    ranked = sorted(means, key=lambda p: means[p], reverse=True)
    wins = dict.fromkeys(values, 0)
    for index in range(deals):
        best = max(vs[index] for vs in values.values())
        for play, vs in values.items():
            wins[play] += vs[index] == best
    lead = tuple(a - b for a, b in zip(values[ranked[0]], values[ranked[1]], strict=True)) if len(ranked) > 1 else ()
    return Proof(method, possible, deals, means, wins, {p: r / deals for p, r in risks.items()}, lead)
