"""What an unfinished Scopa hand is worth: the expected point margin, learned from played hands.

A hand's margin is a sum over the points (carte, denari, settebello, primiera, scope), so its
expected value is the sum of each point's expected value. Each is read from a table indexed by
a few facts everybody at the table can see (`keys`): the cards each side has taken, where the
settebello is, the 7s, what is on the table and who plays next. The tables were measured on
many hands (`scripts/fit_scopa_evaluation.py` plays them and writes `evaluation_tables.py`),
each cell shrunk toward a coarser one when it saw few hands.

The scope made so far count in full; only the scope still to come are estimated.

Where every card is dealt at the start (Scopone Scientifico), a search's world says who holds each
card still out, and tables measured on those facts too (`WorldFacts`, WORLD_KEYS: who holds the
settebello, the sevens, the denari and the cards that would sweep the table) judge it better.
"""
from __future__ import annotations

import json
import os
import random
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from neapolitan.cards import RANK_MASKS, SETTEBELLO
from neapolitan.scopa.captures import RANK_SIG
from neapolitan.scopa.scoring import _DENARI, _SEVENS, score_hand
from neapolitan.scopa.scoring import _SUIT_BEST as _BEST_BY_SCALE
from neapolitan.scopa.state import deal

_SUIT_BEST = _BEST_BY_SCALE[0]
_7D = SETTEBELLO.bit
POINTS = ("carte", "denari", "settebello", "primiera", "scope")
SHRINK = 40  # a fine cell that saw n positions keeps n / (n + SHRINK) of its own mean
MIN_SEEN = 20  # a fine cell seen less often is left out: its coarse cell stands in


class Facts:
    """The public facts of a position from one side's point of view (the other side: the one
    with the most cards taken, when there are three)."""

    __slots__ = ("cards", "denari", "primiera", "sevens", "settebello", "table_sum", "table_cards",
                 "sweepers", "my_move", "left")

    def __init__(self, mine: int, theirs: int, table_sum: int, table_cards: int, settebello: int,
                 my_move: bool, left: int, sweepers: int = 0) -> None:
        my_cards, my_denari, my_primiera, my_sevens = _pile_facts(mine)
        their_cards, their_denari, their_primiera, their_sevens = _pile_facts(theirs)
        self.cards = (my_cards, their_cards)
        self.denari = (my_denari, their_denari)
        self.primiera = my_primiera - their_primiera  # the difference of the partial primiere
        self.sevens = (my_sevens, their_sevens)
        self.settebello = settebello  # 0 taken by me, 1 by them, 2 on the table, 3 still to be played
        self.table_sum = table_sum  # the ranks on the table added up (0 when empty)
        self.table_cards = table_cards
        self.sweepers = sweepers  # cards still to be played that would take the whole table
        self.my_move = my_move  # my side plays next
        self.left = left  # cards not taken yet: table, hands and stock

    @classmethod
    def of(cls, state, side: int) -> Facts:
        piles = state.piles
        mine, theirs = piles[side], piles[_other_side(piles, side)]
        where, total, sweepers, my_move, left = _position_facts(state, side, mine, theirs)
        return cls(mine, theirs, total, len(state.table), where, my_move, left, sweepers)


def _position_facts(state, side: int, mine: int, theirs: int) -> tuple[int, int, int, bool, int]:
    """The facts of a position beside the piles': where the settebello is, the table's sum, the
    sweepers, whether `side` plays next and the cards not taken yet (see `Facts`)."""
    table = state.table
    where = _settebello_place(mine, theirs, table)
    gone = _taken(state.piles)
    left = 40 - gone.bit_count()
    total = 0
    for card in table:
        total += card.rank
    sweeper = 15 - total if state.rules.fifteen else total  # the rank that takes every card
    sweepers = 0
    if table and 1 <= sweeper <= 10:
        for card in table:
            gone |= card.bit
        sweepers = 4 - (gone & RANK_MASKS[sweeper]).bit_count()
    return where, total, sweepers, left > 0 and state.rules.seat_sides[state.to_move] == side, left


def _taken(piles: tuple[int, ...]) -> int:
    """Every card taken so far (a mask)."""
    gone = 0
    for pile in piles:
        gone |= pile
    return gone


def _settebello_place(mine: int, theirs: int, table: tuple) -> int:
    """Where the settebello is, as `Facts.settebello` says: 0 taken by me, 1 by them, 2 on the
    table, 3 still to be played."""
    if mine & _7D:
        return 0
    if theirs & _7D:
        return 1
    return 2 if SETTEBELLO in table else 3


class WorldFacts(Facts):
    """The facts of a position in one deal of the hidden cards (a world): the public facts, and
    what each side holds there. A settebello held (public: 3) is 3 plus the holder's turn counted
    from the player to move (3: he holds it, 4: the next player, 5: his partner, 6: the last); one
    still in the stock stays 3. Tables of them are kept for Scopone Scientifico, which deals every
    card at the start (measured at two-player Scopa too, and not kept: see README)."""

    __slots__ = ("held_sevens", "held_denari", "sweepers_held")

    @classmethod
    def of(cls, state, side: int) -> WorldFacts:
        facts = super().of(state, side)
        held = _held_facts(state, side, facts.table_sum, facts.sweepers)
        holder, facts.held_sevens, facts.held_denari, facts.sweepers_held = held
        if holder is not None:
            facts.settebello = 3 + holder
        return facts


def _held_facts(state, side: int, table_sum: int, sweepers: int) -> tuple[int | None, tuple[int, int], int, tuple[int, int]]:
    """What the hands hold in one world: the settebello's holder in turns from the player to move
    (None: no hand holds it), each side's sevens (`side`'s first), `side`'s denari less the other
    side's, and the cards that would take the whole table held by the player to move and by the
    next one (at most 2 each; `sweepers`: how many are out in all, `table_sum` the table's ranks)."""
    sides = state.rules.seat_sides
    seats = len(sides)
    to_move = state.to_move
    holder = None
    mine = theirs = 0
    masks = state.hand_masks
    for seat, mask in enumerate(masks):
        if mask & _7D:
            holder = (seat - to_move) % seats
        if sides[seat] == side:
            mine |= mask
        else:
            theirs |= mask
    held = (0, 0)
    if sweepers:
        rank = RANK_MASKS[15 - table_sum if state.rules.fifteen else table_sum]
        held = (min((masks[to_move] & rank).bit_count(), 2), min((masks[(to_move + 1) % seats] & rank).bit_count(), 2))
    return (holder, ((mine & _SEVENS).bit_count(), (theirs & _SEVENS).bit_count()),
            (mine & _DENARI).bit_count() - (theirs & _DENARI).bit_count(), held)


def _pile_facts(mask: int) -> tuple[int, int, int, int]:
    """A pile's cards, denari, partial primiera and sevens (remembered: the search meets the same
    piles in many positions)."""
    found = _PILES.get(mask)
    if found is None:
        if len(_PILES) > 200_000:
            _PILES.clear()
        found = _PILES[mask] = (mask.bit_count(), (mask & _DENARI).bit_count(), _primiera(mask),
                                (mask & _SEVENS).bit_count())
    return found


_PILES: dict[int, tuple[int, int, int, int]] = {}


def _primiera(mask: int) -> int:
    best = _SUIT_BEST
    return best[mask & 1023] + best[mask >> 10 & 1023] + best[mask >> 20 & 1023] + best[mask >> 30 & 1023]


def _clip(x: int, low: int, high: int) -> int:
    return low if x < low else high if x > high else x


# Each point's keys, finest first: (fine key, coarse key); the coarse one is the fine one's prior.
KEYS: dict[str, Callable[[Facts], tuple[tuple, tuple]]] = {
    "carte": lambda f: (f.cards, (_clip(f.cards[0] - f.cards[1], -12, 12), f.left // 6)),
    "denari": lambda f: ((*f.denari, f.left // 3), (f.denari[0] - f.denari[1], f.left // 8)),
    "settebello": lambda f: ((f.settebello, f.my_move, f.left, f.table_cards), (f.settebello, f.left // 8)),
    "primiera": lambda f: (
        (_clip(f.primiera // 4, -12, 12), *f.sevens, f.left // 4),
        (_clip(f.primiera // 8, -6, 6), f.left // 8),
    ),
    "scope": lambda f: (
        (min(f.table_sum, 11), f.sweepers, min(f.table_cards, 4), f.my_move, f.left // 3),
        (f.sweepers, f.my_move, f.left // 6),
    ),
}

# The keys of a world's facts (`WorldFacts`): the denari, primiera and scope keys also read what
# each side holds; the coarse key of each is a finer public one.
WORLD_KEYS: dict[str, Callable[[WorldFacts], tuple[tuple, tuple]]] = {
    **KEYS,
    "denari": lambda f: ((*f.denari, _clip(f.held_denari, -4, 4), f.left // 4), (*f.denari, f.left // 3)),
    "primiera": lambda f: (
        (_clip(f.primiera // 4, -12, 12), *f.sevens, *f.held_sevens, f.left // 8),
        (_clip(f.primiera // 4, -12, 12), *f.sevens, f.left // 4),
    ),
    "scope": lambda f: (
        (min(f.table_sum, 11), *f.sweepers_held, f.sweepers, min(f.table_cards, 4), f.my_move, f.left // 3),
        KEYS["scope"](f)[0],
    ),
}


def keys_of(world: bool) -> dict[str, Callable]:
    """Each point's keys: of a world's facts (`WorldFacts`) or of the public ones."""
    return WORLD_KEYS if world else KEYS


@dataclass
class Tables:
    """Per point: the expected outcome per fine key (its mean shrunk toward its coarse cell's) and
    per coarse key (the mean); a fine key seen too rarely is left to its coarse one. `world`:
    keyed by a world's facts (`WorldFacts`, WORLD_KEYS), not the public ones."""

    fine: dict[str, dict[tuple, float]] = field(default_factory=dict)
    coarse: dict[str, dict[tuple, float]] = field(default_factory=dict)
    world: bool = False

    @property
    def keys(self) -> dict[str, Callable]:
        return keys_of(self.world)

    def expected(self, facts: Facts) -> float:
        """The expected margin still to come (scope made so far not included)."""
        total = 0.0
        fine, coarse = self.fine, self.coarse
        for point, keys in self.keys.items():
            fine_key, coarse_key = keys(facts)
            value = fine[point].get(fine_key)
            total += coarse[point].get(coarse_key, 0.0) if value is None else value
        return total


def outcomes(final_points: dict[str, int], other_points: dict[str, int], scope_now: tuple[int, int]) -> dict[str, int]:
    """What each point did for a side over the rest of the hand: the final differences, and for
    the scope only those made after the position (`scope_now`: mine, theirs)."""
    diff = {p: final_points.get(p, 0) - other_points.get(p, 0) for p in POINTS}
    diff["scope"] -= scope_now[0] - scope_now[1]
    return diff


def played_facts(rules, hands: int, seed: str, policy: Callable, progress: Callable[[int], None] | None = None,
                 first: int = 0, world: bool = False, deal_starts: bool = False) -> Iterator[tuple[Facts, dict[str, int]]]:
    """Play hands `first` to `first + hands - 1` with `policy` in every seat; for every position
    (with `deal_starts`, only those where a deal of the stock starts, every hand full), each side's
    facts (with `world`, as `WorldFacts`) and what the rest of the hand brought it."""
    facts_of = WorldFacts.of if world else Facts.of
    full = rules.players * rules.hand_size
    for n in range(first, first + hands):
        state = deal(rules, f"{seed}:{n}", dealer=n % rules.players)
        seen = []
        rng = random.Random(f"{seed}:{n}")
        while not state.is_over:
            seen.append(state)
            state = state.apply(policy(state.view(state.to_move), rng))
        score = score_hand(state.piles, state.scope, rules, state.bonus)
        sides = score.sides
        for position in seen:
            if deal_starts and sum(map(len, position.hands)) < full:
                continue
            for side in range(rules.sides):
                facts = facts_of(position, side)
                other = _other_side(position.piles, side)
                yield facts, outcomes(sides[side].points, sides[other].points,
                                      (position.scope[side], position.scope[other]))
        if progress and (n + 1 - first) % 100 == 0:
            progress(n + 1 - first)


def _other_side(piles: tuple[int, ...], side: int) -> int:
    """The side a side is measured against: the other one, or of two others the one with more cards."""
    if len(piles) == 2:
        return 1 - side
    return max((i for i in range(len(piles)) if i != side), key=lambda i: piles[i].bit_count())


Tally = dict[str, dict[str, dict[tuple, list]]]  # level -> point -> key -> [total, count, coarse keys]


def tally(samples: Iterable[tuple[Facts, dict[str, int]]], world: bool = False) -> Tally:
    """The outcomes of (facts, outcomes) pairs added up per cell (of a world's facts with `world`;
    and, for a fine cell, the coarse cells its positions fell in)."""
    sums: Tally = {"coarse": {point: {} for point in POINTS}, "fine": {point: {} for point in POINTS}}
    coarse, fine = sums["coarse"], sums["fine"]
    for facts, result in samples:
        for point, keys in keys_of(world).items():
            fine_key, coarse_key = keys(facts)
            for cells, key in ((coarse[point], coarse_key), (fine[point], fine_key)):
                cell = cells.get(key)
                if cell is None:
                    cell = cells[key] = [0.0, 0, {}]
                cell[0] += result[point]
                cell[1] += 1
            cell[2][coarse_key] = cell[2].get(coarse_key, 0) + 1
    return sums


def merge(tallies: Iterable[Tally]) -> Tally:
    """Tallies of different hands added together (fitted in several processes)."""
    merged: Tally = {"coarse": {point: {} for point in POINTS}, "fine": {point: {} for point in POINTS}}
    for sums in tallies:
        for level, points in sums.items():
            for point, cells in points.items():
                into = merged[level][point]
                for key, (total, count, fell) in cells.items():
                    cell = into.setdefault(key, [0.0, 0, {}])
                    cell[0] += total
                    cell[1] += count
                    for c, k in fell.items():
                        cell[2][c] = cell[2].get(c, 0) + k
    return merged


def tables_from(sums: Tally, world: bool = False) -> Tables:
    """Each coarse cell's mean, and each fine cell's mean shrunk toward the mean of the coarse
    cells its positions fell in (`world`: the cells are a world's facts')."""
    tables = Tables(world=world)
    for point in POINTS:
        means = {key: total / n for key, (total, n, _) in sums["coarse"][point].items()}
        tables.coarse[point] = {key: round(mean, 4) for key, mean in means.items()}
        tables.fine[point] = {}
        for key, (total, n, fell) in sums["fine"][point].items():
            if n >= MIN_SEEN:
                prior = sum(means[c] * k for c, k in fell.items()) / n
                tables.fine[point][key] = round((total + prior * SHRINK) / (n + SHRINK), 4)
    return tables


def fit(samples: Iterable[tuple[Facts, dict[str, int]]], world: bool = False) -> Tables:
    """Tables of expected outcomes from (facts, outcomes) pairs (`world`: of `WorldFacts`)."""
    return tables_from(tally(samples, world), world)


def leaf_of(tables: Tables) -> Callable:
    """The search's leaf evaluation with these tables: a side's margin so far in scope and
    bonuses, plus the expected margin still to come. Values are remembered: many deals of the
    hidden cards lead to the same positions (not with world tables: a world's hands make each
    position its own)."""
    expected = expected_at(tables)

    def judged(state, side: int) -> float:
        scope, bonus = state.scope, state.bonus
        other = 1 - side if len(scope) == 2 else _other_side(state.piles, side)
        return scope[side] - scope[other] + bonus[side] - bonus[other] + expected(state, side, other)

    if tables.world:
        return judged
    remembered: dict[tuple, float] = {}

    def leaf(state, side: int) -> float:
        # The facts depend on the table only through its ranks (its signature) and the settebello.
        key = (state.piles, state.scope, state.bonus, state._sig, SETTEBELLO in state.table, state.to_move, side)
        value = remembered.get(key)
        if value is None:
            value = judged(state, side)
            if len(remembered) > 500_000:
                remembered.clear()
            remembered[key] = value
        return value

    return leaf


def expected_at(tables: Tables) -> Callable:
    """`expected(state, side, other)`: `tables.expected(Facts.of(state, side))` (`other` the side
    it is measured against; world tables: `WorldFacts.of`) without the facts and their keys as
    objects, for the search's leaves. It writes each point's keys as KEYS and WORLD_KEYS do:
    change them together (a property test holds them to the same values)."""
    if tables.world:
        return _world_expected(tables)
    carte, denari, settebello, primiera, scope = ((tables.fine[p], tables.coarse[p]) for p in POINTS)

    def expected(state, side: int, other: int) -> float:
        mine, theirs = state.piles[side], state.piles[other]
        my_cards, my_denari, my_primiera, my_sevens = _pile_facts(mine)
        their_cards, their_denari, their_primiera, their_sevens = _pile_facts(theirs)
        where, table_sum, sweepers, my_move, left = _position_facts(state, side, mine, theirs)
        table_cards = len(state.table)
        primiera_lead = my_primiera - their_primiera
        total = 0.0
        value = carte[0].get((my_cards, their_cards))
        total += carte[1].get((_clip(my_cards - their_cards, -12, 12), left // 6), 0.0) if value is None else value
        value = denari[0].get((my_denari, their_denari, left // 3))
        total += denari[1].get((my_denari - their_denari, left // 8), 0.0) if value is None else value
        value = settebello[0].get((where, my_move, left, table_cards))
        total += settebello[1].get((where, left // 8), 0.0) if value is None else value
        lead = _clip(primiera_lead // 4, -12, 12)
        value = primiera[0].get((lead, my_sevens, their_sevens, left // 4))
        total += primiera[1].get((_clip(primiera_lead // 8, -6, 6), left // 8), 0.0) if value is None else value
        value = scope[0].get((min(table_sum, 11), sweepers, min(table_cards, 4), my_move, left // 3))
        total += scope[1].get((sweepers, my_move, left // 6), 0.0) if value is None else value
        return total

    return expected


def _world_expected(tables: Tables) -> Callable:
    """`expected_at` for world tables (`WorldFacts`, WORLD_KEYS), with the facts `_position_facts`
    and `_held_facts` give worked out in line (and no `min`): a world's leaves are a quarter of the
    cost of a Scopone Scientifico decision, and this makes a leaf a quarter cheaper than calling
    them (the same property test holds it to `Tables.expected`). The table's sum is remembered by
    its rank signature, which also says how many of its cards are of the rank that would sweep it."""
    carte, denari, settebello, primiera, scope = ((tables.fine[p], tables.coarse[p]) for p in POINTS)
    piles_get = _PILES.get  # (`_pile_facts` clears this dict, never replaces it)

    def expected(state, side: int, other: int) -> float:
        piles = state.piles
        mine, theirs = piles[side], piles[other]
        my_cards, my_denari, my_primiera, my_sevens = piles_get(mine) or _pile_facts(mine)
        their_cards, their_denari, their_primiera, their_sevens = piles_get(theirs) or _pile_facts(theirs)
        rules = state.rules
        sides = rules.seat_sides
        to_move = state.to_move
        table = state.table
        table_cards = len(table)
        gone = mine | theirs if len(piles) == 2 else _taken(piles)
        left = 40 - gone.bit_count()
        my_move = left > 0 and sides[to_move] == side
        sig = state._sig
        table_sum = _TABLE_SUMS.get(sig)
        if table_sum is None:
            if len(_TABLE_SUMS) > 200_000:
                _TABLE_SUMS.clear()
            table_sum = _TABLE_SUMS[sig] = sum(card.rank for card in table)
        sweeper = 15 - table_sum if rules.fifteen else table_sum  # the rank that takes every card
        sweepers = 0
        if table and 1 <= sweeper <= 10:  # those neither taken nor on the table
            sweepers = 4 - (gone & RANK_MASKS[sweeper]).bit_count() - (sig // RANK_SIG[sweeper] & 7)
        masks = state.hand_masks
        seats = len(masks)
        holder = None
        held_mine = held_theirs = 0
        for seat, mask in enumerate(masks):
            if mask & _7D:
                holder = (seat - to_move) % seats
            if sides[seat] == side:
                held_mine |= mask
            else:
                held_theirs |= mask
        where = _settebello_place(mine, theirs, table) if holder is None else 3 + holder
        movers = next_ones = 0
        if sweepers:
            rank = RANK_MASKS[sweeper]
            movers = (masks[to_move] & rank).bit_count()
            next_ones = (masks[(to_move + 1) % seats] & rank).bit_count()
            if movers > 2:
                movers = 2
            if next_ones > 2:
                next_ones = 2
        held_denari = (held_mine & _DENARI).bit_count() - (held_theirs & _DENARI).bit_count()
        held_denari = -4 if held_denari < -4 else 4 if held_denari > 4 else held_denari
        lead = my_cards - their_cards
        value = carte[0].get((my_cards, their_cards))
        total = carte[1].get((-12 if lead < -12 else 12 if lead > 12 else lead, left // 6), 0.0) if value is None else value
        value = denari[0].get((my_denari, their_denari, held_denari, left // 4))
        total += denari[1].get((my_denari, their_denari, left // 3), 0.0) if value is None else value
        value = settebello[0].get((where, my_move, left, table_cards))
        total += settebello[1].get((where, left // 8), 0.0) if value is None else value
        lead = (my_primiera - their_primiera) // 4
        lead = -12 if lead < -12 else 12 if lead > 12 else lead
        value = primiera[0].get((lead, my_sevens, their_sevens, (held_mine & _SEVENS).bit_count(),
                                 (held_theirs & _SEVENS).bit_count(), left // 8))
        total += primiera[1].get((lead, my_sevens, their_sevens, left // 4), 0.0) if value is None else value
        if table_sum > 11:
            table_sum = 11
        if table_cards > 4:
            table_cards = 4
        value = scope[0].get((table_sum, movers, next_ones, sweepers, table_cards, my_move, left // 3))
        total += scope[1].get((table_sum, sweepers, table_cards, my_move, left // 3), 0.0) if value is None else value
        return total

    return expected


_TABLE_SUMS: dict[int, int] = {}  # a table's ranks added up, by its signature


# -- the shipped tables ------------------------------------------------------------------------
TABLES_FILE = Path(__file__).with_name("evaluation.json")
TABLES_VARIABLE = "SCOPA_EVALUATION"  # another tables file to try (in the arena, say)
WORLD = "/world"  # after a variant's name: its tables of a world's facts (`WorldFacts`)


def dump_tables(tables_by_variant: dict[str, Tables], about: dict) -> str:
    """The JSON text of the shipped file: how each variant was measured (`about`), and per
    variant, per point, per level, rows [*key, value]; a variant's world tables under its name
    and "/world"."""
    data = {"about": about, "variants": {
        variant: {
            point: {level: sorted([*map(int, k), round(value, 3)] for k, value in getattr(tables, level)[point].items())
                    for level in ("fine", "coarse")}
            for point in POINTS
        }
        for variant, tables in tables_by_variant.items()
    }}
    return json.dumps(data, separators=(",", ":")).replace("]],", "]],\n")


def read_tables(path: Path) -> tuple[dict[str, Tables], dict]:
    """The tables of a file written by `dump_tables`, per variant, and what it says of them."""
    data = json.loads(path.read_text())
    found = {}
    for variant, points in data["variants"].items():
        tables = Tables(world=variant.endswith(WORLD))
        for point, levels in points.items():
            for level, rows in levels.items():
                getattr(tables, level)[point] = {tuple(row[:-1]): row[-1] for row in rows}
        found[variant] = tables
    return found, data["about"]


@cache
def shipped_tables() -> dict[str, Tables]:
    return read_tables(Path(os.environ.get(TABLES_VARIABLE) or TABLES_FILE))[0]


def tables_for(rules, world: bool = False) -> Tables:
    """The tables measured on the variant and number of players of `rules`, or on the nearest:
    the classic game with as many players; with `world`, its world tables where it has them."""
    shipped = shipped_tables()
    name = f"{rules.variant}/{rules.players}"
    found = shipped.get(name + WORLD) if world else None
    return found or shipped.get(name) or shipped[f"{_CLASSIC[rules.players]}/{rules.players}"]


_CLASSIC = {2: "SCOPA_2P", 3: "SCOPA_3P", 4: "SCOPA_4P"}
