"""Computer players for Sette e Mezzo. Each chooses from a PlayerView: it never sees hidden cards.

`exact`: punters play the optimal policy against the stated dealer policy, the dealer plays his
exact best response to what the punters show. `simple`: quick rules of thumb (draw below 5).
"""
from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction

from neapolitan.settemezzo.actions import HIT, REPLACE, STAND, Action
from neapolitan.settemezzo.coach import dealer_advice, punter_advice
from neapolitan.settemezzo.state import WAIT, PlayerView
from neapolitan.settemezzo.values import hand_value

_KIND = {"card": HIT, "stand": STAND, "replace": REPLACE}

Bot = Callable[[PlayerView, random.Random], Action]


def _pick(legal: list[Action], kind: str, stake: int | None = None) -> Action:
    for action in legal:
        if action.kind == kind and action.stake == stake and not action.add:
            return action
    return legal[-1]


def stake_for(view: PlayerView, value: Fraction) -> int:
    """More chips on a hand worth playing, the least on a losing one."""
    rules = view.rules
    if value <= 0:
        return rules.min_stake
    return max(rules.min_stake, min(rules.max_stake, round(rules.max_stake * min(Fraction(1), 4 * value))))


def exact(view: PlayerView, rng: random.Random | None = None) -> Action:
    """The best choice by the exact odds (see the module docstring)."""
    legal = view.legal_actions()
    if len(legal) == 1:
        return legal[0]
    if view.is_dealer:
        return _pick(legal, _KIND[dealer_advice(view).best])
    figures = punter_advice(view)
    kind = _KIND[figures.best]
    stake = stake_for(view, figures.value) if view.me.status == WAIT and kind != REPLACE else None
    return _pick(legal, kind, stake)


def simple(view: PlayerView, rng: random.Random | None = None, stand_on: int = 5) -> Action:
    """Exchange a 3 or 4, put out the smallest stake, draw below `stand_on` (the dealer: below 5)."""
    legal = view.legal_actions()
    if len(legal) == 1:
        return legal[0]
    kinds = {a.kind for a in legal}
    if REPLACE in kinds:
        return Action(REPLACE)
    total = hand_value(view.my_cards, view.rules)
    kind = HIT if total < stand_on and HIT in kinds else STAND
    if kind not in kinds:
        kind = next(iter(kinds))
    stake = view.rules.min_stake if view.me.status == WAIT and not view.is_dealer else None
    return _pick(legal, kind, stake)


def random_player(view: PlayerView, rng: random.Random | None = None) -> Action:
    """Any legal action at random (for tests)."""
    rng = rng or random.Random(0)
    return rng.choice(view.legal_actions())


BOTS: dict[str, Bot] = {
    "exact": exact,
    "simple": simple,
}
