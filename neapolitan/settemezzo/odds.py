"""Exact odds for Sette e Mezzo: dynamic programming over the multiset of unseen cards.

Nothing here samples. A pack is seen only as how many unseen cards of each value class are
left (a figure, 1..7, the matta), coded into one int of 4 bits per class, and every expectation
is kept as an integer scaled by the number of orderings of the unseen cards, so that the
memoized recursion is exact and still fast; public results are `Fraction`s.

The model: from a player's point of view every unseen card is equally likely to be the next one
dealt, whoever holds the others. For a punter that is what he can know (his cards, the face-up
cards, the cards known out of play). The dealer's best response goes further: he also knows
that each punter who stood has a hole card that keeps him under 7½, that a busted punter's
hole card busts him, and that a replaced card was a 3 or a 4; those hidden cards are drawn
from the unseen ones subject to those facts.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from math import factorial

from neapolitan.cards import Card
from neapolitan.i18n import _
from neapolitan.settemezzo.rules import Rules
from neapolitan.settemezzo.settlement import payoff_row
from neapolitan.settemezzo.values import (
    BUST,
    CLASS_HALVES,
    FULL_PACK,
    MATTA,
    REALE,
    SEVEN_HALF,
    SIMPLE,
    card_class,
    outcome_of,
    total_halves,
)

FACT = tuple(factorial(i) for i in range(41))
SHIFT = tuple(4 * c for c in range(9))
ONE = tuple(1 << s for s in SHIFT)
ALL_CLASSES = (1 << 9) - 1
FIELD = 168  # bits per outcome in a packed distribution: 40! < 2**160
FIELD_MASK = (1 << FIELD) - 1
MEMO_LIMIT = 400_000  # entries per memo before it is cleared (a few tens of MB at most)


# -- packs and hands as small integers -----------------------------------------------------------
def class_counts(cards: Iterable[Card]) -> tuple[int, ...]:
    """How many of `cards` fall in each value class (figure, 1..7, matta)."""
    counts = [0] * 9
    for card in cards:
        counts[card_class(card)] += 1
    return tuple(counts)


def unseen_counts(seen: Iterable[Card]) -> tuple[int, ...]:
    """The class counts of the 40-card pack without the cards in `seen`."""
    counts = class_counts(seen)
    return tuple(full - k for full, k in zip(FULL_PACK, counts, strict=True))


def pack_code(counts: Sequence[int]) -> int:
    if len(counts) != 9 or any(not 0 <= k <= 15 for k in counts):
        raise ValueError("A pack is nine class counts from 0 to 15")
    return sum(k << s for k, s in zip(counts, SHIFT, strict=True))


def pack_counts(code: int) -> tuple[int, ...]:
    return tuple((code >> s) & 15 for s in SHIFT)


def pack_size(code: int) -> int:
    return sum(pack_counts(code))


def _unseen_code(unseen: Iterable[Card] | Sequence[int]) -> tuple[int, int]:
    items = list(unseen)
    counts = class_counts(items) if items and isinstance(items[0], Card) else tuple(items) or (0,) * 9
    code = pack_code(counts)
    return code, sum(counts)


def _unpack(packed: int) -> dict[int, int]:
    """The nonzero fields of a packed outcome distribution, by outcome code."""
    out = {}
    outcome = 0
    while packed:
        w = packed & FIELD_MASK
        if w:
            out[outcome] = w
        packed >>= FIELD
        outcome += 1
    return out


# A hand is (non-matta total in half points, has the matta, cards capped at 3) coded in one int.
EMPTY_HAND = 0


def hand_code(cards: Iterable[Card]) -> int:
    hand = EMPTY_HAND
    for card in cards:
        hand = add_card(hand, card_class(card))
    return hand


def add_card(hand: int, cls: int) -> int:
    base = hand & 63
    matta = hand & 64
    count = hand >> 7
    count = count + 1 if count < 3 else 3
    if cls == MATTA:
        return base | 64 | count << 7
    base = min(base + CLASS_HALVES[cls], 63)
    return base | matta | count << 7


def hand_parts(hand: int) -> tuple[int, bool, int]:
    return hand & 63, bool(hand & 64), hand >> 7


# -- the next card ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class NextCard:
    """What one more card does to a hand: each outcome code (1..14 a total in half points,
    SIMPLE, REALE, BUST) with its exact probability."""

    outcomes: dict[int, Fraction]

    @property
    def bust(self) -> Fraction:
        return self.outcomes.get(BUST, Fraction(0))

    @property
    def at_or_under(self) -> Fraction:
        """Probability of staying at 7½ or under."""
        return 1 - self.bust

    @property
    def seven_half(self) -> Fraction:
        """Probability of making exactly 7½, simple or reale."""
        return self.outcomes.get(SIMPLE, Fraction(0)) + self.outcomes.get(REALE, Fraction(0))

    @property
    def reale(self) -> Fraction:
        return self.outcomes.get(REALE, Fraction(0))

    def totals(self) -> dict[Fraction, Fraction]:
        """Probability of each total at or under 7½ (7½ simple and reale together)."""
        out: dict[Fraction, Fraction] = {}
        for outcome, p in sorted(self.outcomes.items()):
            if outcome == BUST:
                continue
            total = Fraction(min(outcome, SEVEN_HALF), 2)
            out[total] = out.get(total, Fraction(0)) + p
        return out


def next_card(hand: Iterable[Card], unseen: Iterable[Card] | Sequence[int], rules: Rules) -> NextCard:
    """SETTE odds of one more card: bust, each total, 7½, over the unseen multiset."""
    code = hand_code(hand)
    m, n = _unseen_code(unseen)
    if not n:
        return NextCard({})
    outcomes: dict[int, Fraction] = {}
    for cls in range(9):
        k = (m >> SHIFT[cls]) & 15
        if k:
            o = outcome_of(*hand_parts(add_card(code, cls)), rules)
            outcomes[o] = outcomes.get(o, Fraction(0)) + Fraction(k, n)
    return NextCard(outcomes)


# -- the stated dealer policy -------------------------------------------------------------------------
@dataclass(frozen=True)
class DealerPolicy:
    """A dealer who draws below `stand_on` and stands at `stand_on` or more (SETTE-OP-6 B's
    shape). Standing on 5 is the default: it is also the best fixed rule for the dealer against
    a punter who plays the optimal policy (tests/engine/test_settemezzo_odds.py checks this)."""

    stand_on: Fraction = Fraction(5)

    @classmethod
    def for_rules(cls, rules: Rules) -> DealerPolicy:
        """The rules' own drawing rule when they fix one, the default policy otherwise."""
        return cls(Fraction(rules.dealer_stands_on)) if rules.dealer_stands_on else cls()

    @property
    def stand_halves(self) -> int:
        return int(self.stand_on * 2)

    def describe(self) -> str:
        return _("draws below %(n)s, stands on %(n)s or more") % {"n": _fraction_text(self.stand_on)}


def _fraction_text(value: Fraction) -> str:
    whole = int(value)
    return f"{whole}½" if value != whole else str(whole)


def _must_hit(hand: int, rules: Rules) -> bool:
    """SETTE-OP-2 (C): the matta as the only card must take another."""
    return rules.matta_alone == "must_hit" and hand == (64 | 1 << 7)


# -- the punter's odds against a stated dealer policy ----------------------------------------------------
class _Choices:
    """What a player may do (stand, card, replace), each with its exact value; None = not allowed."""

    stand: Fraction | None
    card: Fraction | None
    replace: Fraction | None

    @property
    def options(self) -> dict[str, Fraction]:
        return {k: v for k, v in (("replace", self.replace), ("stand", self.stand), ("card", self.card))
                if v is not None}

    @property
    def best(self) -> str:
        """The best choice; on equal values standing (or keeping) is preferred."""
        options = self.options
        top = max(options.values())
        for name in ("stand", "card", "replace"):
            if options.get(name) == top:
                return name
        raise AssertionError("no option")  # pragma: no cover

    @property
    def value(self) -> Fraction:
        return self.options[self.best]

    def loss(self, choice: str) -> Fraction:
        """How much expected value `choice` gives up against the best choice."""
        return self.value - self.options[choice]


@dataclass(frozen=True)
class PunterAdvice(_Choices):
    """The punter's choices and their exact expected values, in stakes (+1 = one stake won)."""

    stand: Fraction | None  # None when standing is not allowed (SETTE-OP-2 C)
    card: Fraction | None  # one more card, then the best play; None when no card can come
    replace: Fraction | None = None  # exchange the 3 or 4 (SETTE-4.2), then the best play
    next: NextCard | None = None


class PunterOdds:
    """Exact punter odds against a dealer who follows `policy`, for one set of rules.

    Heads-up model: the dealer's hole card and draws come from the cards the punter has not
    seen, like his own next cards. `keep` is how many unseen cards are not in the stock (the
    dealer's hole card and the other hidden cards, at least 1): the punter may draw while more
    than that are left, the dealer while more than the others are left. With a stock of
    STOCK_NEVER_SHORT cards or more nobody can reach its end, and `keep` is taken as 1, so that
    positions share their memos. Memos are keyed by the unseen multiset, so one solver serves
    a whole table.
    """

    def __init__(self, rules: Rules, policy: DealerPolicy | None = None) -> None:
        self.rules = rules
        self.policy = policy or DealerPolicy.for_rules(rules)
        self._stand_at = self.policy.stand_halves
        self._best: dict[int, int] = {}
        self._dealer: dict[int, int] = {}
        self._outcome: dict[int, int] = {}
        self._total: dict[int, int] = {}
        self._edges: dict[int, tuple[tuple[int, int, int], ...]] = {}
        self._dedges: dict[int, tuple[tuple[int, int, int, int, int], ...]] = {}

    # -- small cached facts ------------------------------------------------------------------
    def _out(self, hand: int) -> int:
        o = self._outcome.get(hand)
        if o is None:
            o = self._outcome[hand] = outcome_of(*hand_parts(hand), self.rules)
        return o

    def _tot(self, hand: int) -> int:
        t = self._total.get(hand)
        if t is None:
            t = self._total[hand] = total_halves(*hand_parts(hand), self.rules)
        return t

    def _trim(self) -> None:
        if len(self._dealer) > MEMO_LIMIT:
            self._dealer.clear()
        if len(self._best) > MEMO_LIMIT:
            self._best.clear()

    def _children(self, hand: int) -> tuple[tuple[int, int, int], ...]:
        """(class, shift, hand after that card) for every class: the recursion's edges."""
        found = self._edges.get(hand)
        if found is None:
            found = self._edges[hand] = tuple((cls, SHIFT[cls], add_card(hand, cls)) for cls in range(9))
        return found

    # -- the dealer's outcomes ------------------------------------------------------------------
    def _dealer_edges(self, hand: int) -> tuple[tuple[int, int, int, int, int], ...]:
        """The dealer's edges from `hand`: (shift, one card of the class, next hand, stop, leaf)
        where stop is the packed outcome when that card makes him stop (0 when he draws again)
        and leaf the packed outcome of the next hand in any case."""
        found = self._dedges.get(hand)
        if found is None:
            found = self._dedges[hand] = tuple(
                (shift, ONE[cls], child, self._unit(child) if self._dealer_stops(child) else 0, self._unit(child))
                for cls, shift, child in self._children(hand)
            )
        return found

    def _unit(self, hand: int) -> int:
        return 1 << FIELD * self._out(hand)

    def _dealer_stops(self, hand: int) -> bool:
        return bool(hand) and self._tot(hand) >= self._stand_at and not _must_hit(hand, self.rules)

    def _dealer_from(self, hand: int, m: int, n: int, keep: int) -> int:
        """The dealer's final outcomes from `hand` with `m` unseen, `keep` of them not his to
        draw, as one packed integer: the field of outcome code o (FIELD bits wide) counts the
        orderings of the unseen cards that end there. The fields add up to n!, so they never
        overflow into each other. From the empty hand his first card is his hole card."""
        if not hand:
            return self._dealer_draws(EMPTY_HAND, m, n, keep - 1)  # the hole card was kept back
        if n <= keep or self._dealer_stops(hand):
            return FACT[n] * self._unit(hand)
        return self._dealer_draws(hand, m, n, keep)

    def _dealer_draws(self, hand: int, m: int, n: int, keep: int) -> int:
        """`_dealer_from` for a hand that takes one more card (the hot loop of the solver)."""
        memo = self._dealer
        key = keep << 60 | hand << 36 | m
        found = memo.get(key)
        if found is not None:
            return found
        stops = 0
        result = 0
        last = n - 1 <= keep
        top = keep << 60
        for shift, one, child, stop, leaf in self._dealer_edges(hand):
            k = (m >> shift) & 15
            if k:
                if stop:
                    stops += k * stop
                elif last:
                    stops += k * leaf
                else:
                    rest = m - one
                    value = memo.get(top | child << 36 | rest)
                    if value is None:
                        value = self._dealer_draws(child, rest, n - 1, keep)
                    result += k * value
        result += stops * FACT[n - 1]
        memo[key] = result
        return result

    def dealer_outcomes(
        self, unseen: Iterable[Card] | Sequence[int], dealer_cards: Iterable[Card] = (), keep: int = 0
    ) -> dict[int, Fraction]:
        """The dealer's final outcome codes and their probabilities under the policy. With no
        `dealer_cards` his hole card is one of the unseen cards (then `keep` counts it)."""
        m, n = _unseen_code(unseen)
        hand = hand_code(dealer_cards)
        keep = max(keep, 0 if hand else 1)
        packed = self._dealer_from(hand, m, n, keep)
        return {o: Fraction(w, FACT[n]) for o, w in _unpack(packed).items()}

    # -- the punter's values, scaled by n! -------------------------------------------------------
    def _stand(self, outcome: int, m: int, n: int, keep: int) -> int:
        if outcome == BUST:
            return -FACT[n]
        row = payoff_row(outcome, self.rules)
        packed = self._dealer_from(EMPTY_HAND, m, n, keep)
        return sum(w * row[d] for d, w in _unpack(packed).items())

    def _card(self, hand: int, m: int, n: int, keep: int) -> int:
        value = 0
        for cls, shift, child in self._children(hand):
            k = (m >> shift) & 15
            if k:
                value += k * self._value(child, m - ONE[cls], n - 1, keep)
        return value

    def _value(self, hand: int, m: int, n: int, keep: int) -> int:
        """The best play's value from `hand`; 7½ and bust stop the hand (SETTE-4.5, 4.6)."""
        key = keep << 60 | hand << 36 | m
        found = self._best.get(key)
        if found is not None:
            return found
        outcome = self._out(hand)
        if outcome >= SIMPLE or n <= keep:
            value = self._stand(outcome, m, n, keep)
        elif _must_hit(hand, self.rules):
            value = self._card(hand, m, n, keep)
        else:
            value = max(self._stand(outcome, m, n, keep), self._card(hand, m, n, keep))
        self._best[key] = value
        return value

    def _replace(self, m: int, n: int, keep: int, times: int) -> int:
        """Exchange the hole card (already known out of play) for the next one, then play best.

        Scaled by n! like `_value`; under REPLACE_REPEAT a new 3 or 4 may be exchanged again.
        """
        value = 0
        for cls in range(9):
            k = (m >> SHIFT[cls]) & 15
            if k:
                new = add_card(EMPTY_HAND, cls)
                best = self._value(new, m - ONE[cls], n - 1, keep)
                if cls in (3, 4) and n - 1 > keep and self.rules.replace_allowed(False, times + 1):
                    best = max(best, self._replace(m - ONE[cls], n - 1, keep, times + 1))
                value += k * best
        return value

    # -- public answers (Fractions, in stakes) -------------------------------------------------------
    def advice(
        self,
        hand: Sequence[Card],
        unseen: Iterable[Card] | Sequence[int],
        *,
        can_replace: bool = False,
        times_replaced: int = 0,
        can_stand: bool = True,
        stock_size: int | None = None,
    ) -> PunterAdvice:
        """The exact value of each choice open to a punter holding `hand`.

        `unseen` are the cards he has not seen (or their class counts); `stock_size` how many
        of them are in the stock (default: all but the dealer's hole card). With `can_replace`
        the hand is his hole card alone, a 3 or a 4 he may still exchange (SETTE-4.2).
        """
        self._trim()
        code = hand_code(hand)
        m, n = _unseen_code(unseen)
        keep = _keep(n, stock_size)
        scale = FACT[n]
        outcome = self._out(code)
        stand = None
        if can_stand and not _must_hit(code, self.rules) and outcome != BUST:
            stand = Fraction(self._stand(outcome, m, n, keep), scale)
        card = None
        if n > keep and outcome < SIMPLE:
            card = Fraction(self._card(code, m, n, keep), scale)
        replace = None
        if can_replace and n > keep:
            replace = Fraction(self._replace(m, n, keep, times_replaced), scale)
        return PunterAdvice(stand, card, replace, next_card(hand, pack_counts(m), self.rules))

    def value(self, hand: Sequence[Card], unseen: Iterable[Card] | Sequence[int],
              stock_size: int | None = None) -> Fraction:
        """The value of `hand` played optimally from here."""
        code = hand_code(hand)
        m, n = _unseen_code(unseen)
        return Fraction(self._value(code, m, n, _keep(n, stock_size)), FACT[n])

    def final_outcomes(
        self, hand: Sequence[Card], unseen: Iterable[Card] | Sequence[int], stock_size: int | None = None
    ) -> dict[int, Fraction]:
        """The punter's final outcome codes under optimal play, with their probabilities
        (the probability of reaching each total, of 7½, of a reale, of busting)."""
        m, n = _unseen_code(unseen)
        out: dict[int, int] = {}
        self._spread(hand_code(hand), m, n, _keep(n, stock_size), 1, out)
        return {o: Fraction(w, FACT[n]) for o, w in sorted(out.items())}

    def _hits(self, hand: int, m: int, n: int, keep: int) -> bool:
        """Does the optimal policy take a card here? (On equal values it stands.)"""
        outcome = self._out(hand)
        if outcome >= SIMPLE or n <= keep:
            return False
        if _must_hit(hand, self.rules):
            return True
        return self._card(hand, m, n, keep) > self._stand(outcome, m, n, keep)

    def _spread(self, hand: int, m: int, n: int, keep: int, weight: int, out: dict[int, int]) -> None:
        # `weight` is the product of the class counts drawn so far: times n! it counts the
        # orderings of the whole unseen pack that reach this leaf.
        if not self._hits(hand, m, n, keep):
            outcome = self._out(hand)
            out[outcome] = out.get(outcome, 0) + weight * FACT[n]
            return
        for cls, shift, child in self._children(hand):
            k = (m >> shift) & 15
            if k:
                self._spread(child, m - ONE[cls], n - 1, keep, weight * k, out)

    def optimal_policy(self) -> PunterPolicy:
        """The optimal punter policy from a full pack: for every hole card, whether to exchange
        it (a 3 or 4) and, for every run of cards drawn, card or stand."""
        self._trim()
        policy = PunterPolicy(self.rules, self.policy)
        full = pack_code(FULL_PACK)
        total = 0
        for cls in range(9):
            k = FULL_PACK[cls]
            hole = add_card(EMPTY_HAND, cls)
            m = full - ONE[cls]
            keep = 1
            best = self._value(hole, m, 39, keep)
            if cls in (3, 4) and self.rules.replace_allowed(False, 0):
                exchange = self._replace(m, 39, keep, 0)
                policy.replace[cls] = exchange > best
                best = max(best, exchange)
            total += k * best
            self._collect(hole, (cls,), m, 39, policy)
        policy.value = Fraction(total, FACT[40])
        return policy

    def _collect(self, hand: int, drawn: tuple[int, ...], m: int, n: int, policy: PunterPolicy) -> None:
        if self._out(hand) >= SIMPLE or n <= 1:
            return
        hit = self._hits(hand, m, n, 1)
        policy.actions[drawn] = "card" if hit else "stand"
        if not hit:
            return
        for cls, shift, child in self._children(hand):
            if (m >> shift) & 15:
                key = (drawn[0], *sorted((*drawn[1:], cls)))
                if key not in policy.actions:
                    self._collect(child, key, m - ONE[cls], n - 1, policy)


STOCK_NEVER_SHORT = 32  # more cards than a punter and a dealer can ever draw between them


def _keep(n: int, stock_size: int | None) -> int:
    """How many unseen cards are not in the stock: at least the dealer's hole card."""
    if stock_size is None or stock_size >= STOCK_NEVER_SHORT:
        return 1
    return max(1, n - stock_size)


_SOLVERS: dict[tuple[Rules, DealerPolicy], PunterOdds] = {}


def punter_odds(rules: Rules, policy: DealerPolicy | None = None) -> PunterOdds:
    """A shared solver for these rules and dealer policy: its memos serve every later position."""
    policy = policy or DealerPolicy.for_rules(rules)
    key = (rules, policy)
    solver = _SOLVERS.get(key)
    if solver is None:
        if len(_SOLVERS) >= 8:
            _SOLVERS.clear()
        solver = _SOLVERS[key] = PunterOdds(rules, policy)
    return solver


@dataclass
class PunterPolicy:
    """An optimal punter policy from a full pack (no other cards seen).

    `actions[(hole class, *drawn classes sorted)]` is "card" or "stand" (class 0 is a figure,
    8 the matta); `replace[3]`, `replace[4]` whether to exchange that hole card; `value` the
    punter's expected result per stake before seeing his card.
    """

    rules: Rules
    dealer: DealerPolicy
    actions: dict[tuple[int, ...], str] = field(default_factory=dict)
    replace: dict[int, bool] = field(default_factory=dict)
    value: Fraction = Fraction(0)

    def action(self, cards: Sequence[Card]) -> str | None:
        """The policy's choice for these cards (hole first); None where it never gets there."""
        classes = [card_class(c) for c in cards]
        return self.actions.get((classes[0], *sorted(classes[1:])))


# -- the dealer's exact best response -----------------------------------------------------------------
@dataclass(frozen=True)
class Punter:
    """What the dealer knows of one punter: his stake, his face-up cards, and how his hand ended.

    `status` is "stood" (hole card hidden, total under 7½), "sette" (7½, hole card shown),
    "bust" (already paid), or "out" (not in this hand). `hole` is his hole card when it is shown.
    `replaced` counts his exchanged 3s and 4s still out of play, face down.
    """

    status: str
    stake: int = 1
    up: tuple[Card, ...] = ()
    hole: Card | None = None
    replaced: int = 0


@dataclass(frozen=True)
class DealerAdvice(_Choices):
    """The dealer's choices and their exact expected values, in chips won from the punters."""

    stand: Fraction | None
    card: Fraction | None
    replace: Fraction | None = None


class DealerOdds:
    """The dealer's exact best response (SETTE-5.2), for one position.

    `unseen` is what the dealer has not seen (class counts or cards): the stock and the hidden
    cards. Each hidden card that matters is a slot with the classes it may be: a standing
    punter's hole card keeps him under 7½, a busted punter's busts him, an exchanged card was a
    3 or 4. Every assignment of unseen cards to those slots is equally likely; the dealer draws
    from the rest.

    A slot open to every class (a punter who stood on his hole card alone) constrains nothing:
    such slots are counted in closed form, and only the constrained ones go through the
    assignment-counting recursion. Values are kept as integers scaled by
    Zr(m) * (n - r)!, where Zr counts the assignments of the r constrained slots.
    """

    def __init__(self, rules: Rules, dealer: Sequence[Card], unseen: Iterable[Card] | Sequence[int],
                 punters: Sequence[Punter], *, times_replaced: int = 0,
                 stock_size: int | None = None) -> None:
        self.rules = rules
        self.hand = hand_code(dealer)
        self.times_replaced = times_replaced
        self.m, self.n = _unseen_code(unseen)
        self.stock_size = stock_size
        self.slots: list[int] = []  # class masks of the constrained slots
        self.free = 0  # slots open to every class
        self.standing: list[tuple[int, int, tuple[int, ...]]] = []  # slot, stake, outcome by hole class
        self.free_pay: list[tuple[int, tuple[int, ...]]] = []  # stake, outcome by hole class
        self.known: list[tuple[int, int]] = []  # stake, outcome of a shown hand
        self._vmemo: dict[int, int] = {}
        self._mmemo: dict[int, dict[int, list[int]]] = {}
        self._tmemo: dict[tuple[int, int], int] = {}
        for punter in punters:
            self._add(punter)
        self._order_slots()
        self._setup_payoffs()
        if self.slots and not self._z(0, self.m):
            # The facts contradict each other (only possible in made-up positions): drop them.
            self.slots = [ALL_CLASSES] * len(self.slots)
            self._order_slots()
            self._setup_payoffs()
            self._tmemo.clear()
        self.free_pays = [
            [sum(-stake * payoff_row(outcomes[cls], self.rules)[d] for stake, outcomes in self.free_pay)
             for d in range(BUST + 1)]
            for cls in range(9)
        ]

    @property
    def hidden(self) -> int:
        """The unseen cards that are not in the stock: the punters' hidden cards (and, when
        the stock size is given, every other hidden card, such as a sitting-out player's)."""
        known = len(self.slots) + self.free
        if self.stock_size is None:
            return known
        return max(known, self.n - self.stock_size)

    def _add(self, p: Punter) -> None:
        up = hand_code(p.up)
        for _slot in range(p.replaced):
            self.slots.append(1 << 3 | 1 << 4)
        if p.status == "sette" or (p.hole is not None and p.status == "stood"):
            cards = ((p.hole,) if p.hole else ()) + tuple(p.up)
            self.known.append((p.stake, outcome_of(*hand_parts(hand_code(cards)), self.rules)))
        elif p.status == "stood":
            outcomes = tuple(self._with_hole(up, cls) for cls in range(9))
            allowed = 0
            for cls, o in enumerate(outcomes):
                alone = not p.up and cls == MATTA
                if o < SIMPLE and not (alone and self.rules.matta_alone == "must_hit"):
                    allowed |= 1 << cls
            if allowed == ALL_CLASSES:
                self.free += 1
                self.free_pay.append((p.stake, outcomes))
            else:
                self.standing.append((len(self.slots), p.stake, outcomes))
                self.slots.append(allowed)
        elif p.status == "bust" and p.hole is None and p.up:
            allowed = sum(1 << cls for cls in range(9) if self._with_hole(up, cls) == BUST)
            if allowed != ALL_CLASSES:  # a hole that busts whatever it is tells nothing
                self.slots.append(allowed)

    def _order_slots(self) -> None:
        """Put a longest run of nested slots (each one's classes inside the next one's) last,
        where `_chain` counts them in closed form; the other slots go first, most restrictive
        first, through the recursion."""
        by_size = sorted(range(len(self.slots)), key=lambda j: (self.slots[j].bit_count(), self.slots[j]))
        chain: list[int] = []
        for j in by_size:
            if not chain or self.slots[chain[-1]] & ~self.slots[j] == 0:
                chain.append(j)
        if len(chain) < 2:
            chain = []
        order = [j for j in by_size if j not in chain] + chain
        where = {old: new for new, old in enumerate(order)}
        self.slots = [self.slots[j] for j in order]
        self.standing = [(where[slot], stake, outcomes) for slot, stake, outcomes in self.standing]
        self.chain_start = len(self.slots) - len(chain) if chain else len(self.slots) + 1
        self.chain_classes = [
            [cls for cls in range(9) if self.slots[j] >> cls & 1] for j in range(len(self.slots))
        ][self.chain_start:]

    def _with_hole(self, up: int, cls: int) -> int:
        base, matta, count = hand_parts(up)
        hb, hm, _ = hand_parts(add_card(EMPTY_HAND, cls))
        return outcome_of(base + hb, matta or hm, min(count + 1, 3), self.rules)

    def _z(self, j: int, m: int) -> int:
        """Ways to give distinct unseen cards from `m` to the constrained slots j.. ."""
        return self._t(j, m) & self.mask

    # -- values scaled by Zr(m) * (n - r)! ---------------------------------------------------------------
    def _marginals(self, m: int) -> dict[int, list[int]]:
        """For each constrained standing slot, per class c, the assignments giving it a class-c
        card: one forward pass over the slots, the counts of the later slots from `_z`."""
        found = self._mmemo.get(m)
        if found is not None:
            return found
        wanted = {slot for slot, _stake, _outcomes in self.standing}
        out: dict[int, list[int]] = {}
        forward = {m: 1}  # what is left of the pack -> ways to fill the slots so far
        for j, allowed in enumerate(self.slots):
            nxt: dict[int, int] = {}
            counts = [0] * 9 if j in wanted else None
            for left, ways in forward.items():
                for cls in range(9):
                    if allowed >> cls & 1:
                        k = (left >> SHIFT[cls]) & 15
                        if k:
                            rest = left - ONE[cls]
                            w = ways * k
                            if counts is not None:
                                counts[cls] += w * self._z(j + 1, rest)
                            nxt[rest] = nxt.get(rest, 0) + w
            if counts is not None:
                out[j] = counts
            forward = nxt
        self._mmemo[m] = out
        return out

    def _setup_payoffs(self) -> None:
        """Pack what each constrained standing slot's card would pay the dealer, per dealer
        outcome, into one integer per (slot, class): field d holds stake * (2 - payoff), never
        negative, so that `_t` can add the payoffs of every assignment for all outcomes at once."""
        total_stake = sum(stake for _slot, stake, _o in self.standing) or 1
        self.width = 6 * len(self.slots) + (4 * total_stake).bit_length() + 8
        self.mask = (1 << self.width) - 1
        self.total_stake = sum(stake for _slot, stake, _o in self.standing)
        self.packed: dict[int, list[int]] = {}
        for slot, stake, outcomes in self.standing:
            row = []
            for cls in range(9):
                pays = payoff_row(outcomes[cls], self.rules)
                row.append(sum(stake * (2 - pays[d]) << self.width * d for d in range(1, BUST + 1)))
            self.packed[slot] = row

    def _t(self, j: int, m: int) -> int:
        """Constrained slots j.. filled from `m`: field 0 counts the ways (like `_z`), field d
        adds up, over those ways, the standing slots' stake * (2 - payoff) when the dealer ends
        with outcome d."""
        if j == len(self.slots):
            return 1
        found = self._tmemo.get((j, m))
        if found is not None:
            return found
        if j == self.chain_start:
            total = self._tmemo[(j, m)] = self._chain(m)
            return total
        allowed = self.slots[j]
        row = self.packed.get(j)
        total = 0
        for cls in range(9):
            if allowed >> cls & 1:
                k = (m >> SHIFT[cls]) & 15
                if k:
                    rest = self._t(j + 1, m - ONE[cls])
                    if row is not None:
                        rest += row[cls] * (rest & self.mask)
                    total += k * rest
        self._tmemo[(j, m)] = total
        return total

    def _chain(self, m: int) -> int:
        """`_t` for the nested slots at the end, in closed form.

        Filling them in order, slot i has exactly N_i - i free cards of its classes (N_i the
        unseen cards in its classes; the earlier chain slots took theirs inside them), so the
        count is the product D of those, and each slot's card is uniform over what the earlier
        ones left: P_i(c) = (k_c - expected taken so far) / (N_i - i). Everything is kept
        multiplied by the count so far, to stay in integers.
        """
        ways = 1  # D_i, the count so far
        taken = [0] * 9  # expected cards taken of each class, times D_i
        pay = 0  # expected packed payoff so far, times D_i
        for i, j in enumerate(range(self.chain_start, len(self.slots))):
            classes = self.chain_classes[i]
            counts = [(m >> SHIFT[cls]) & 15 for cls in classes]
            free = sum(counts) - i
            if free <= 0:
                return 0
            row = self.packed.get(j)
            pay *= free
            for cls, k in zip(classes, counts, strict=True):
                share = k * ways - taken[cls]  # P_i(c) times the new count
                taken[cls] = taken[cls] * free + share
                if row is not None and share:
                    pay += share * row[cls]
            for cls in range(9):
                if cls not in classes:
                    taken[cls] *= free
            ways *= free
        return ways + pay

    def _stand(self, hand: int, m: int, n: int) -> int:
        d = outcome_of(*hand_parts(hand), self.rules)
        r = len(self.slots)
        packed = self._t(0, m)
        ways = packed & self.mask
        value = 0
        if self.standing:
            # field d adds stake * (2 - payoff); the dealer wins stake * -payoff
            value += ((packed >> self.width * d) & self.mask) - 2 * self.total_stake * ways
        known = sum(-stake * payoff_row(o, self.rules)[d] for stake, o in self.known)
        if known:
            value += ways * known
        value *= FACT[n - r]
        if self.free_pay:
            # A free slot's card is any card the constrained slots left: P(class c) is
            # k_c * Zr(m - c) / (Zr(m) * (n - r)), the same for every free slot.
            free = 0
            for cls in range(9):
                k = (m >> SHIFT[cls]) & 15
                if k:
                    pay = self.free_pays[cls][d]
                    if pay:
                        free += k * (self._t(0, m - ONE[cls]) & self.mask) * pay
            value += free * FACT[n - r - 1]
        return value

    def _card(self, hand: int, m: int, n: int) -> int:
        value = 0
        for cls in range(9):
            k = (m >> SHIFT[cls]) & 15
            if k:
                value += k * self._value(add_card(hand, cls), m - ONE[cls], n - 1)
        return value

    def _can_draw(self, n: int) -> bool:
        return n - self.hidden > 0

    def _choices(self, hand: int) -> tuple[bool, bool]:
        """(may stand, may draw) by the rules alone: 7½ and bust stop; OP-6 (B) and OP-2 (C) force."""
        total = total_halves(*hand_parts(hand), self.rules)
        if total >= SEVEN_HALF:
            return True, False
        if _must_hit(hand, self.rules):
            return False, True
        if self.rules.dealer_stands_on:
            forced_hit = total < 2 * self.rules.dealer_stands_on
            return not forced_hit, forced_hit
        return True, True

    def _value(self, hand: int, m: int, n: int) -> int:
        key = hand << 36 | m
        found = self._vmemo.get(key)
        if found is not None:
            return found
        may_stand, may_draw = self._choices(hand)
        may_draw = may_draw and self._can_draw(n)
        if may_draw and may_stand:
            value = max(self._stand(hand, m, n), self._card(hand, m, n))
        elif may_draw:
            value = self._card(hand, m, n)
        else:
            value = self._stand(hand, m, n)
        self._vmemo[key] = value
        return value

    def _replace(self, hand: int, m: int, n: int, times: int) -> int:
        value = 0
        for cls in range(9):
            k = (m >> SHIFT[cls]) & 15
            if k:
                new = add_card(EMPTY_HAND, cls)
                best = self._value(new, m - ONE[cls], n - 1)
                if cls in (3, 4) and self.rules.replace_allowed(True, times + 1) and self._can_draw(n - 1):
                    best = max(best, self._replace(new, m - ONE[cls], n - 1, times + 1))
                value += k * best
        return value

    def advice(self, *, can_replace: bool = False) -> DealerAdvice:
        """The dealer's options now and the exact chips each is worth to him on average."""
        m, n = self.m, self.n
        if n < self.hidden:
            return DealerAdvice(Fraction(0), None)
        scale = self._z(0, m) * FACT[n - len(self.slots)]
        may_stand, may_draw = self._choices(self.hand)
        may_draw = may_draw and self._can_draw(n)
        stand = Fraction(self._stand(self.hand, m, n), scale) if may_stand or not may_draw else None
        card = Fraction(self._card(self.hand, m, n), scale) if may_draw else None
        replace = None
        if can_replace and self._can_draw(n):
            replace = Fraction(self._replace(self.hand, m, n, self.times_replaced), scale)
        return DealerAdvice(stand, card, replace)

    def hole_odds(self, punter: Punter) -> dict[int, Fraction]:
        """The probability of each class for this standing punter's hole card, as the dealer
        sees it now (the punter must be one given to the constructor)."""
        up = hand_code(punter.up)
        outcomes = tuple(self._with_hole(up, cls) for cls in range(9))
        m = self.m
        z = self._z(0, m)
        out = {}
        for slot, _stake, slot_outcomes in self.standing:
            if slot_outcomes == outcomes:
                for cls, ways in enumerate(self._marginals(m)[slot]):
                    if ways:
                        out[cls] = Fraction(ways, z)
                return out
        free_cards = self.n - len(self.slots)
        for cls in range(9):
            k = (m >> SHIFT[cls]) & 15
            if k:
                out[cls] = Fraction(k * self._z(0, m - ONE[cls]), z * free_cards)
        return out
