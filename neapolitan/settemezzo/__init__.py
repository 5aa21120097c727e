"""Sette e Mezzo (rules reference SETTE-*): the public API of the engine and its exact odds."""
from neapolitan.settemezzo.actions import Action
from neapolitan.settemezzo.game import Game
from neapolitan.settemezzo.odds import (
    DealerAdvice,
    DealerOdds,
    DealerPolicy,
    NextCard,
    Punter,
    PunterAdvice,
    PunterOdds,
    PunterPolicy,
    next_card,
    punter_odds,
)
from neapolitan.settemezzo.rules import Rules
from neapolitan.settemezzo.settlement import payoff, wins_bank
from neapolitan.settemezzo.state import HandState, PlayerView, deal, deal_from, first_dealer
from neapolitan.settemezzo.values import (
    hand_outcome,
    hand_value,
    is_bust,
    is_reale,
    is_sette_e_mezzo,
    matta_value,
)

__all__ = [
    "Action", "DealerAdvice", "DealerOdds", "DealerPolicy", "Game", "HandState", "NextCard",
    "PlayerView", "Punter", "PunterAdvice", "PunterOdds", "PunterPolicy", "Rules", "deal",
    "deal_from", "first_dealer", "hand_outcome", "hand_value", "is_bust", "is_reale",
    "is_sette_e_mezzo", "matta_value", "next_card", "payoff", "punter_odds", "wins_bank",
]
