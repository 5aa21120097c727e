"""Helpers for the puzzle tests: answers derived from the engine's verdicts, never from the page."""
from __future__ import annotations

from neapolitan.scopa import Play, PlayerView, Rules
from tutorials.puzzles.models import Puzzle


def needs_choice(spec) -> bool:
    """Does the solution's card have several legal captures (the page asks which)?"""
    view = PlayerView.from_text(spec.position, Rules.from_text(spec.rules_text))
    card = Play.parse(spec.solution).card
    return sum(1 for p in view.legal_actions() if p.card is card) > 1


def answer_of(text: str) -> dict:
    """The POST fields of an answer in the engine's text form ("8Dx3C+5B")."""
    play = Play.parse(text)
    return {"card": str(play.card), "take": [str(c) for c in play.captured]}


def right(puzzle: Puzzle, number: int = 0) -> dict:
    return {**answer_of(puzzle.solution), "number": str(number)}


def wrong(puzzle: Puzzle, number: int = 0) -> dict:
    return {**answer_of(puzzle.spec["verdicts"][-1]["answer"]), "number": str(number)}
