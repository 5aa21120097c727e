"""The engine players: every choice is taken from the odds (see odds.py for the policy stated)."""
from __future__ import annotations

from typing import Any

from neapolitan.saltacavallo.actions import DRAW, GIVE, KEEP, NEXT, REFUSE, SWAP, Action
from neapolitan.saltacavallo.odds import cell_of, dealer_odds, layout_of, policy_for
from neapolitan.saltacavallo.state import PlayerView


def engine_choice(view: PlayerView) -> Action:
    """What an engine player does in `view` (he must be the one to act, or it is between hands).

    Exchange: the policy's choice for his seat, card and what he learned (odds.Policy).
    Dealer: draw exactly when drawing lowers his chance of losing (SALTA-7.2).
    Asked for a life under REVIVAL_VOLUNTARY: he gives it while he has at least two lives.
    Between hands: he deals on, and never asks for a life himself.
    """
    legal = view.legal_actions()
    if view.phase == "exchange":
        if SWAP not in legal:
            return KEEP
        position, rank, known = cell_of(view)
        return SWAP if policy_for(layout_of(view)).swaps(position, rank, known) else KEEP
    if view.phase == "dealer":
        if DRAW not in legal:
            return KEEP
        odds = dealer_odds(view)
        return DRAW if odds.change is not None and odds.change < odds.keep else KEEP
    if view.phase == "reply":
        return GIVE if view.lives[view.seat] >= 2 else REFUSE
    return NEXT


def engine_player(view: PlayerView, rng: Any = None) -> Action:
    """`engine_choice` with the signature every game's players share (the rng is not needed)."""
    return engine_choice(view)


BOTS = {"engine": engine_player}
