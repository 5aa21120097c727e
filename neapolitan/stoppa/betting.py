"""What a bet on the punto is worth (STOPPA-6), once the others' answer to it is fixed by a stated rule.

The others answer by the pot odds, as the see-or-fold puzzles teach, from their own punto alone:
a player still in sees a bet when the chance that his punto beats a three-card hand dealt at
random from the whole pack, taken once for each other hand in the contest, pays for what seeing
costs (`chance x (pot + cost) > cost`, the pot counted after your bet); otherwise he folds.
Nobody raises in answer. Their cards are dealt at random from the cards you have not seen.

Under that rule a player sees exactly when his punto reaches a threshold, so each choice's value
is counted exactly with `odds.below_all` (every deal of the unseen cards, suit by suit). You are
the last aggressor, so you show first and win a tie (STOPPA-6.9, OP-3 A): you take the pot when
every player who saw has a punto no higher than yours, or when nobody saw (STOPPA-6.7).
Values are chips from now: what is already in the pot counts only as something to win.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import combinations

from neapolitan.cards import Card
from neapolitan.stoppa.odds import below_all
from neapolitan.stoppa.punto import punto
from neapolitan.stoppa.rules import Rules

NOBODY = 56  # a threshold above every punto: nobody sees


@cache
def pack_below(rules: Rules) -> tuple[tuple[int, ...], int]:
    """For each punto v (0 to 56), how many three-card hands of the whole pack are below v; and
    how many hands there are."""
    counts = [0] * (NOBODY + 1)
    hands = 0
    for hand in combinations(rules.pack(), 3):
        counts[punto(hand)] += 1
        hands += 1
    below = [0] * (NOBODY + 1)
    for v in range(1, NOBODY + 1):
        below[v] = below[v - 1] + counts[v - 1]
    return tuple(below), hands


def sees(value: int, cost: int, pot: int, others: int, rules: Rules) -> bool:
    """The answer rule: does a player with a punto of `value` see `cost` more chips, the pot
    holding `pot` after your bet, with `others` other hands in the contest (yours included)?"""
    below, hands = pack_below(rules)
    chance = Fraction(below[value], hands) ** others
    return chance * (pot + cost) > cost


def threshold(cost: int, pot: int, others: int, rules: Rules) -> int:
    """The lowest punto that sees (NOBODY when no punto does): the rule is monotone in the punto."""
    return next((v for v in range(10, NOBODY) if sees(v, cost, pot, others, rules)), NOBODY)


@dataclass(frozen=True)
class BetValue:
    """One bet and what it brings: `pay` is what you put in now, `cost` what each other player pays
    to see it, `seen_from` the lowest punto that sees it; the chances that nobody sees, that you
    win the showdown, that you lose; and the value in chips from now (exact)."""

    pay: int
    cost: int
    seen_from: int
    nobody_sees: Fraction
    win_showdown: Fraction
    lose: Fraction
    value: Fraction

    @property
    def bluff(self) -> bool:
        """Every player who sees beats you: the bet wins only when nobody sees it."""
        return self.win_showdown == 0


def bet_value(hand: Sequence[Card], rivals: int, pot: int, pay: int, cost: int, rules: Rules) -> BetValue:
    """You put `pay` into a pot of `pot` (before your bet); each of the `rivals` other players
    still in then sees by paying `cost`, or folds, by the answer rule.

    With t the lowest punto that sees and u = max(t, your punto + 1), you win when every rival
    is below u: A = P(all < u). Nobody sees with D = P(all < t). Each rival who sees and loses
    adds `cost`: rival j does so with P(all < u) - P(j < t, others < u) = A - B, the same for
    every rival. So the value is pot x A + cost x rivals x (A - B) - pay x (1 - A).
    """
    mine = punto(hand)
    unseen = [c for c in rules.pack() if c not in hand]
    t = threshold(cost, pot + pay, rivals, rules)
    u = max(t, mine + 1)
    win = below_all((u,) * rivals, unseen)
    nobody = below_all((t,) * rivals, unseen)
    one_folds = below_all((t,) + (u,) * (rivals - 1), unseen)
    value = pot * win + cost * rivals * (win - one_folds) - pay * (1 - win)
    return BetValue(pay, cost, t, nobody, win - nobody, 1 - win, value)


def see_value(win: Fraction, pot: int, to_pay: int) -> Fraction:
    """See the bet and add nothing: the pot (the bet in it) is yours with `win`."""
    return win * (pot + to_pay) - to_pay


def beat_all(hand: Sequence[Card], rivals: int, rules: Rules) -> Fraction:
    """The exact chance that every rival's punto is strictly below yours."""
    unseen = [c for c in rules.pack() if c not in hand]
    return below_all((punto(hand),) * rivals, unseen)
