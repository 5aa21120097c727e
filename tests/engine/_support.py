"""Helpers shared by the engine tests: build full 40-card Scopa positions from short card texts."""
from __future__ import annotations

from neapolitan.cards import DECK, Card, cards_from_mask, mask_of, parse_cards
from neapolitan.scopa import HandState, Rules


def cset(text: str) -> frozenset[Card]:
    """`"3S 4D"` -> frozenset of cards."""
    return frozenset(parse_cards(text))


def options_of(*texts: str) -> set[frozenset[Card]]:
    """Capture options written as texts: `options_of("5B 3C", "6S 2D")`."""
    return {cset(t) for t in texts}


def position(
    rules: Rules | None = None,
    *,
    table: str = "",
    hand: str = "",
    seat: int = 0,
    last: bool = False,
    piles: tuple[str, ...] | None = None,
    scope: tuple[int, ...] | None = None,
    last_capturer: int | None = None,
    dealer: int | None = None,
    others: tuple[str, ...] | None = None,
) -> HandState:
    """A whole-pack position: `seat` is to move holding `hand`, with `table` face up.

    `piles` gives some captured cards per side and `others` the other seats' hands, in turn
    order from the mover's right. With `last=True` the stock is empty, the other hands are
    `others` (default: empty) and every unassigned card is in the piles (to the sides in turn,
    by pack order). Otherwise the other hands default to three cards each from the rest and
    the remaining cards form the stock.
    """
    rules = rules or Rules()
    n, sides = rules.players, rules.sides
    hand_cards = tuple(parse_cards(hand))
    table_cards = tuple(parse_cards(table))  # HandState keeps it in rank order
    pile_cards = [list(parse_cards(p)) for p in (piles or ("",) * sides)]
    assert len(pile_cards) == sides
    used = set(hand_cards) | set(table_cards) | {c for p in pile_cards for c in p}
    rest = [c for c in DECK if c not in used]
    hands: list[tuple[Card, ...]] = [()] * n
    hands[seat] = hand_cards
    stock: tuple[Card, ...] = ()
    for k in range(1, n):
        other = (seat + k) % n
        if others is not None:
            hands[other] = tuple(parse_cards(others[k - 1]))
        elif not last:
            hands[other], rest = tuple(rest[:3]), rest[3:]
    taken = {c for h in hands for c in h}
    rest = [c for c in rest if c not in taken]
    if last:
        for i, card in enumerate(rest):
            pile_cards[i % sides].append(card)
    else:
        stock = tuple(rest)
    state = HandState(
        rules,
        tuple(hands),
        table_cards,
        stock,
        tuple(mask_of(p) for p in pile_cards),
        scope or (0,) * sides,
        (0,) * sides,
        seat,
        (seat - 1) % n if dealer is None else dealer,
        last_capturer,
    )
    state.check_cards_conserved()
    assert count_cards(state) == 40
    return state


def count_cards(state: HandState) -> int:
    return (
        sum(len(h) for h in state.hands)
        + len(state.table)
        + len(state.stock)
        + sum(p.bit_count() for p in state.piles)
    )


def all_cards(state: HandState) -> list[Card]:
    """Every card of the position, wherever it is (duplicates kept, to be able to spot them)."""
    out: list[Card] = []
    for h in state.hands:
        out.extend(h)
    out.extend(state.table)
    out.extend(state.stock)
    for p in state.piles:
        out.extend(cards_from_mask(p))
    return out


def pile(state: HandState, side: int) -> frozenset[Card]:
    return frozenset(state.captured(side))


def piles_for(*texts: str) -> tuple[list[Card], ...]:
    """Piles for scoring from texts; a text "REST" takes every card not named elsewhere."""
    named = [parse_cards(t) if t != "REST" else None for t in texts]
    used = {c for p in named if p is not None for c in p}
    rest = [c for c in DECK if c not in used]
    out = tuple(p if p is not None else rest for p in named)
    every = [c for p in out for c in p]
    assert len(every) == len(set(every)), "a card is in two piles"
    return out
