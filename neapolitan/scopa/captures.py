"""What a played card may capture: pairing, sums, fifteens and the Ace sweep (SCOPA-5, 14, 16)."""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache

from neapolitan.cards import RANK_MASKS, RANKS, Card, by_index
from neapolitan.i18n import _, join_choices, ngettext
from neapolitan.scopa.rules import Rules

_DEFAULT = Rules()


@lru_cache(maxsize=65536)
def subsets_summing(values: tuple[int, ...], total: int, min_size: int) -> tuple[tuple[int, ...], ...]:
    """Index sets of `values` (in table order) whose values add up to `total`, of size >= min_size."""
    return tuple(s for s in subsets_by_sum(values, total)[total] if len(s) >= min_size)


def subsets_by_sum(values: tuple[int, ...], limit: int) -> list[list[tuple[int, ...]]]:
    """For each total 0..limit, the index sets of `values` adding up to it (non-empty sets only),
    each list in lexicographic order."""
    found: list[list[tuple[int, ...]]] = [[] for _ in range(limit + 1)]
    n = len(values)
    ascending = list(values) == sorted(values)  # then stop at the first value too big

    def extend(start: int, total: int, chosen: tuple[int, ...]) -> None:
        for i in range(start, n):
            t = total + values[i]
            if t <= limit:
                grown = (*chosen, i)
                found[t].append(grown)
                if t < limit:
                    extend(i + 1, t, grown)
            elif ascending:
                return

    extend(0, 0, ())
    return found


Options = tuple[tuple[tuple[int, ...], ...], str]
TRAIL: tuple[tuple[int, ...], ...] = ((),)  # the options of a card that captures nothing: one object


# A table's ranks as one int, its "signature": three bits per rank count how many cards of that
# rank lie on the table. The table is kept in rank order, so the signature fixes the ranks at each
# position, and capture options (index sets into the table) can be cached by it.
RANK_SIG = (0,) + tuple(1 << 3 * (rank - 1) for rank in range(1, 11))


def table_sig(cards: Iterable[Card]) -> int:
    """The signature of the ranks of `cards`."""
    return sum([RANK_SIG[c.rank] for c in cards])


def sig_values(sig: int) -> tuple[int, ...]:
    """The ranks a signature stands for, in ascending order (the table's order)."""
    return tuple(rank for rank in range(1, 11) for _ in range(sig >> 3 * (rank - 1) & 7))


def options_by_rank(sig: int, rules: Rules) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """For each rank 0..10, the capture options (index sets) of a card of that rank on a table of
    signature `sig`, through the rules' own cache (the hot path of play; see `capture_table`)."""
    cache = rules.capture_cache
    found = cache.get(sig)
    if found is None:
        if len(cache) > 200_000:
            cache.clear()
        found = cache[sig] = tuple(options for options, _kind in capture_table(sig_values(sig), rules.capture_key))
    return found


def sweeping_cards(sig: int, rules: Rules) -> int:
    """The cards (a mask of their bits) that would take every card of a table of signature `sig`
    (not empty): those of each rank with a capture option of the whole table."""
    key = (sig, rules.capture_key)
    found = _SWEEPING.get(key)
    if found is None:
        size = len(sig_values(sig))
        options = options_by_rank(sig, rules)
        found = 0
        for rank in RANKS:
            if any(len(option) == size for option in options[rank]):
                found |= RANK_MASKS[rank]
        if len(_SWEEPING) > 200_000:
            _SWEEPING.clear()
        _SWEEPING[key] = found
    return found


_SWEEPING: dict[tuple, int] = {}


@lru_cache(maxsize=4096)
def capture_table(values: tuple[int, ...], key: tuple) -> tuple[Options, ...]:
    """What a card of each rank (index 1..10) captures on a table with these values.

    Each entry is (options, kind) as index sets into the table: kind is "pair", "sum",
    "fifteen", "ace_sweep", "self" (the Ace taking itself on an empty table, SCOPA-OP-13 B) or
    "trail" (then options is `((),)`). An empty index set among several options means trailing
    is allowed (SCOPA-OP-8 C). `key` is `Rules.capture_key`, the options that matter here.
    """
    fifteen = key[0]
    by_sum = subsets_by_sum(values, 14 if fifteen else 10)
    pairs: list[list[tuple[int, ...]]] = [[] for _ in range(11)]
    for i, value in enumerate(values):
        pairs[value].append((i,))
    return ((TRAIL, "trail"),) + tuple(
        _options(rank, values, key, by_sum, tuple(pairs[rank])) for rank in range(1, 11)
    )


def _options(rank: int, values: tuple[int, ...], key: tuple, by_sum: list, pairs: tuple) -> Options:
    fifteen, ace_sweep, ace_sweeps_always, ace_self, also_pair, optional, min_cards = key
    if ace_sweep and rank == 1:
        if not values:
            return (TRAIL, "self" if ace_self else "trail")
        if ace_sweeps_always or not pairs:
            return ((tuple(range(len(values))),), "ace_sweep")  # SCOPA-16.1
    if fifteen:
        options = tuple(by_sum[15 - rank])  # SCOPA-14.1: the played card counts toward 15
        if also_pair:  # SCOPA-OP-8 (B)
            options = options + tuple(p for p in pairs if p not in options)
        if options and optional:  # SCOPA-OP-8 (C)
            options = options + ((),)
        return (options, "fifteen") if options else (TRAIL, "trail")
    if pairs:
        return pairs, "pair"  # SCOPA-5.1
    sums = tuple(s for s in by_sum[rank] if len(s) >= 2)  # SCOPA-5.2
    if sums:
        if min_cards:  # SCOPA-OP-6 (B)
            fewest = min(len(s) for s in sums)
            sums = tuple(s for s in sums if len(s) == fewest)
        return sums, "sum"
    return TRAIL, "trail"  # SCOPA-5.3


def capture_indices(rank: int, values: tuple[int, ...], key: tuple) -> Options:
    """The capture options of a card of `rank` (see `capture_table`)."""
    return capture_table(values, key)[rank]


def capture_options(
    played: Card, table: Iterable[Card], rules: Rules | None = None
) -> list[frozenset[Card]]:
    """Every legal capture for `played` on `table`; an empty list means the card is trailed.

    With options that allow a choice between capturing and trailing, the trail appears as an
    empty set among the captures.
    """
    cards: Sequence[Card] = tuple(table)
    key = (rules or _DEFAULT).capture_key
    options, kind = capture_indices(played.rank, tuple(c.rank for c in cards), key)
    if kind in ("trail", "self"):
        return []
    return [frozenset(cards[i] for i in option) for option in options]


def why_not_capture(
    played: Card, table: Iterable[Card], captured: Iterable[Card], rules: Rules | None = None,
    name: Callable[[Card], str] = str,
) -> tuple[str, str] | None:
    """Why playing `played` and taking `captured` from `table` breaks the rules: (reason, rule ID).

    None when it is a legal capture (an empty `captured` is a trail). `name` writes a card
    (its code by default; lessons pass the Italian name)."""
    rules = rules or _DEFAULT

    def _cards_text(cards: Iterable[Card]) -> str:
        return ("+" if name is str else " + ").join(name(c) for c in sorted(cards, key=lambda c: c.by_rank))

    played_name = name(played)
    cards = tuple(table)
    taken = frozenset(captured)
    missing = sorted(taken - set(cards), key=by_index)
    if missing:
        return ngettext("%(cards)s is not on the table.", "%(cards)s are not on the table.", len(missing)) % {
            "cards": _cards_text(missing)}, "SCOPA-5"
    legal = capture_options(played, cards, rules)
    options, kind = capture_indices(played.rank, tuple(c.rank for c in cards), rules.capture_key)
    if taken in legal or (not taken and (kind in ("trail", "self") or () in options)):
        return None
    choices = join_choices(_cards_text(option) for option in legal if option)
    words = {"card": played_name, "choices": choices}
    if kind == "ace_sweep":
        return _("An Ace played here takes every card on the table: %(choices)s.") % words, "SCOPA-16.1"
    if not taken:
        rule = "SCOPA-14.2" if rules.fifteen else "SCOPA-5.4"
        return _("%(card)s can capture (%(choices)s), and capturing is compulsory.") % words, rule
    if kind in ("trail", "self"):
        if rules.fifteen:
            return (_("%(card)s captures nothing here: no cards make 15 with it, so it is trailed.") % words,
                    "SCOPA-14.1")
        return _("%(card)s captures nothing here, so it stays on the table.") % words, "SCOPA-5.3"
    if kind == "pair":
        return (_("%(card)s must take %(choices)s: a single card of equal value has priority, SCOPA-5.1") % words,
                "SCOPA-5.1")
    total = sum(c.rank for c in taken)
    if kind == "fifteen":
        return (
            _("%(card)s and %(taken)s make %(sum)s, not 15; it can take %(choices)s.") % {
                **words, "taken": _cards_text(taken), "sum": played.rank + total},
            "SCOPA-14.1",
        )
    if total == played.rank and rules.min_cards:
        return _("With the fewest-cards rule %(card)s must take %(choices)s.") % words, "SCOPA-OP-6"
    return ngettext(
        "%(taken)s is worth %(total)s, not %(rank)s; %(card)s can take %(choices)s.",
        "%(taken)s add up to %(total)s, not %(rank)s; %(card)s can take %(choices)s.", len(taken),
    ) % {**words, "taken": _cards_text(taken), "total": total, "rank": played.rank}, "SCOPA-5.2"


def sweepable(left: Sequence[Card], fifteen: bool) -> bool:
    """Could a single card take everything left on the table?"""
    total = sum(c.rank for c in left)
    if fifteen:
        return 1 <= 15 - total <= 10
    return total <= 10
