"""Saltacavallo, or Asso che fugge (rules reference SALTA-*): the public API of the engine."""
from neapolitan.saltacavallo.actions import (
    DRAW,
    GIVE,
    KEEP,
    NEXT,
    REFUSE,
    SWAP,
    Action,
    Event,
    revive,
)
from neapolitan.saltacavallo.bots import engine_choice
from neapolitan.saltacavallo.odds import Odds, odds
from neapolitan.saltacavallo.play import Outcome, Target, draw_outcomes, resolve, swap_target
from neapolitan.saltacavallo.rules import OPTION_KEYS, Rules
from neapolitan.saltacavallo.state import (
    GameState,
    PlayerView,
    choose_first_dealer,
    first_dealer_from,
    play_order,
)

__all__ = [
    "DRAW", "GIVE", "KEEP", "NEXT", "OPTION_KEYS", "REFUSE", "SWAP", "Action", "Event", "GameState", "Odds",
    "Outcome", "PlayerView", "Rules", "Target", "choose_first_dealer", "draw_outcomes", "first_dealer_from", "play_order",
    "engine_choice", "odds", "resolve", "revive", "swap_target",
]
