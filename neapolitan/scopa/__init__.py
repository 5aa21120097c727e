"""Scopa and its variants (rules reference SCOPA-*): the public API of the engine."""
from neapolitan.scopa.actions import Play
from neapolitan.scopa.captures import capture_options, why_not_capture
from neapolitan.scopa.match import CallOut, Match, parse_action
from neapolitan.scopa.rules import VARIANTS, Rules
from neapolitan.scopa.scoring import HandScore, SideScore, napola, primiera, score_hand
from neapolitan.scopa.state import HandState, PlayerView, deal, deal_from, deal_is_void

__all__ = [
    "VARIANTS", "CallOut", "HandScore", "HandState", "Match", "Play", "PlayerView", "Rules",
    "SideScore", "capture_options", "deal", "deal_from", "deal_is_void", "napola",
    "parse_action", "primiera", "score_hand", "why_not_capture",
]
