"""Scopa plays as rows of values: every legal play with what the engine says of it, for a
puzzle's verdicts and for the table's coach (templates/scopa/_play_values.html draws them)."""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from neapolitan.cards import Card
from neapolitan.scopa import Play


@dataclass
class Option:
    """One row: a legal play and what the engine says of it."""

    answer: str
    card: Card
    takes: list[Card]
    value: float
    loss: float
    explanation: str
    scopa_risk: float
    best: bool
    chosen: bool = False
    error: float | None = None  # the value's standard error, where it was estimated from sampled deals


def play_parts(text: str) -> tuple[Card, list[Card]]:
    """A play's card and what it takes, for drawing: `8Dx3C+5B` -> (8D, [3C, 5B])."""
    play = Play.parse(text)
    return play.card, sorted(play.captured, key=lambda c: c.by_rank)


def option_rows(verdicts: Iterable[Any], best: str, explain: Callable[[Any], str], chosen: str = "",
                errors: dict[str, float] | None = None) -> list[Option]:
    """The engine's verdicts (answer, value, loss, scopa_risk), in their order, each with its
    explanation written now by `explain(verdict)`, in the reader's language."""
    rows = []
    for verdict in verdicts:
        card, takes = play_parts(verdict.answer)
        rows.append(Option(verdict.answer, card, takes, verdict.value, verdict.loss, explain(verdict),
                           verdict.scopa_risk, verdict.answer == best, verdict.answer == chosen,
                           None if errors is None else errors.get(verdict.answer)))
    return rows
