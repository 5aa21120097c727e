"""Stoppa (rules reference STOPPA-*): the public API of the engine.

`punto(cards)` is the best total of up to three cards of one suit on the primiera scale (10 to
55), for a three-card hand (punto piccolo) or a whole hand (punto grosso).
"""
from neapolitan.stoppa.actions import Action, shed
from neapolitan.stoppa.giro import Giro, draw_for_dealer
from neapolitan.stoppa.punto import punto, punto_cards
from neapolitan.stoppa.rules import Rules
from neapolitan.stoppa.state import DealState, Event, Outcome, PlayerView, deal, deal_from, position

__all__ = [
    "Action", "DealState", "Event", "Giro", "Outcome", "PlayerView", "Rules", "deal", "deal_from",
    "draw_for_dealer", "position", "punto", "punto_cards", "shed",
]
