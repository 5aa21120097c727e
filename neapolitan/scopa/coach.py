"""The practice table's coach: what each legal play is worth to the player to move, worked out
from his own view only (the cards he holds and has seen), by the Thoughtful player's search within
its budget of work, and said in the words of a puzzle's verdict (`neapolitan.scopa.puzzles.explain_play`):
the advice holds the numbers, and `Advice.explain` writes the words when the page is drawn, in the
reader's language.

The coach never sees the hidden cards: it deals the cards still out as the Thoughtful player does,
seeded by the view, so two positions that look the same to the player get the same advice.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from neapolitan.cards import Card, by_index
from neapolitan.i18n import _
from neapolitan.scopa.actions import Play
from neapolitan.scopa.belief import Belief, TableBelief
from neapolitan.scopa.bots import THOUGHTFUL, THOUGHTFUL_PLAYER, budget_for
from neapolitan.scopa.proof import KNOWN, SAMPLED, can_sweep, sweepers
from neapolitan.scopa.puzzles import Verdict, explain_play
from neapolitan.scopa.rules import Rules
from neapolitan.scopa.search import Analysis, fully_known
from neapolitan.scopa.state import HandState, PlayerView
from neapolitan.scopa.thinking import Budget, think

SEED = "coach"
RISK_WORLDS = 32  # deals of the cards still out on which the next player's chance to sweep is counted
RISK_SWAPS = 5  # ... drawn this many swaps of a `TableBelief`'s chain apart (a share needs no more)


@dataclass(frozen=True)
class Reading:
    """The search's values in the shape a puzzle's explanation reads (as a `Proof` has them)."""

    method: str  # KNOWN: every card still out lies in one known hand; else SAMPLED
    values: dict[Play, float]
    risks: dict[Play, float]
    best_share: float

    @property
    def ranking(self) -> list[Play]:
        return sorted(self.values, key=lambda p: self.values[p], reverse=True)


@dataclass(frozen=True)
class Advice:
    """Every legal play with its value, best first, and what the values rest on."""

    verdicts: tuple[Verdict, ...]  # as a puzzle's: value, loss against the best, scopa risk
    errors: dict[str, float]  # the standard error of each value (by the play's text): 0 when known
    unseen: tuple[Card, ...]  # the cards still out (in the other hands or the stock), in pack order
    known: bool  # every card still out lies in one known hand (the last deal of two players)
    worlds: int  # deals of the cards still out that were searched
    nodes: int  # positions searched
    view: PlayerView  # what the advice was worked out from ...
    reading: Reading  # ... and the numbers its words are written from

    @property
    def best(self) -> Verdict:
        return self.verdicts[0]

    def explain(self, verdict: Verdict) -> str:
        """Why this verdict, in words, in the reader's language (as a puzzle's verdict says it)."""
        ranking = self.reading.ranking
        play = next(p for p in ranking if str(p) == verdict.answer)
        return explain_play(self.view, play, self.reading, ranking)


def advise(view: PlayerView, budget: Budget | None = None, seed: str = SEED) -> Advice:
    """The value of every legal play of the player to move in `view`, from what he sees only,
    within `budget` (by default `coach_budget`: the Thoughtful player's), the hidden cards
    dealt as the Thoughtful player deals them (reading the opponent's plays of the deal in the
    view's history, where that player does)."""
    view = _canonical(view)
    legal = view.legal_actions()
    if not legal:
        raise ValueError(_("The coach advises the player to move, and it is not this player's turn."))
    budget = budget or coach_budget(view.rules)
    belief = THOUGHTFUL_PLAYER.belief(view)
    analysis = think(view, budget, THOUGHTFUL_PLAYER.leaf(view.rules), seed, belief)
    known = fully_known(view)
    reading = Reading(KNOWN if known else SAMPLED, analysis.values,
                      scopa_risks(view, legal, random.Random(f"{seed}:risk:{view.to_text()}"),
                                  deal=_risk_deal(belief)),
                      _best_share(analysis))
    ranking = reading.ranking
    verdicts = tuple(
        Verdict(str(p), round(reading.values[p], 3), round(reading.values[ranking[0]] - reading.values[p], 3),
                round(reading.risks[p], 3))
        for p in ranking
    )
    return Advice(
        verdicts=verdicts, errors={str(p): round(analysis.spread.get(p, 0.0), 3) for p in ranking},
        unseen=tuple(sorted(view.unseen(), key=by_index)), known=known, worlds=analysis.samples,
        nodes=analysis.nodes, view=view, reading=reading,
    )


def coach_budget(rules: Rules) -> Budget:
    """What the coach may spend on one question: the Thoughtful player's for this table, so that it
    values the plays as that player would choose among them (beside them it counts each play's risk
    of leaving a sweep, which costs little: `make bench` times the coach)."""
    return budget_for(THOUGHTFUL, rules)


def scopa_risks(view: PlayerView, plays: list[Play], rng: random.Random, worlds: int = RISK_WORLDS,
                deal: Callable[[random.Random], HandState] | None = None) -> dict[Play, float]:
    """Each play's share of deals of the cards still out in which the next player could then
    sweep the table (every deal the same when every card is known); dealt by `deal` (a belief's),
    else uniformly."""
    deal = deal or view.sample_state
    deals = [deal(rng) for _ in range(1 if fully_known(view) else worlds)]
    return {play: _sweep_share(deals, play) for play in plays}


def _sweep_share(deals: list[HandState], play: Play) -> float:
    """The share of `deals` in which the next player could sweep the table after `play`. It leaves
    the same table in every deal, and his hand as each deal has it, unless it ends the deal of
    the stock (each deal then gives him other cards)."""
    after = deals[0].apply(play)
    if len(after.stock) != len(deals[0].stock):
        return sum(can_sweep(deal.apply(play)) for deal in deals) / len(deals)
    cards, seat = sweepers(after), after.to_move  # (after a play: never the opening of `can_sweep`)
    return sum(bool(deal.hand_masks[seat] & cards) for deal in deals) / len(deals)


def _risk_deal(belief: Belief | TableBelief | None) -> Callable[[random.Random], HandState] | None:
    """How the worlds of the risk are drawn: as the belief deals them (a chain's a few swaps apart)."""
    if isinstance(belief, TableBelief):
        return partial(belief.deal, steps=RISK_SWAPS)
    return belief.deal if belief else None


def _best_share(analysis: Analysis) -> float:
    """The share of the deals searched in which the best play on average was also best there."""
    return analysis.confidence() if analysis.samples else 1.0


def _canonical(view: PlayerView) -> PlayerView:
    """The same view with the hand in pack order: how the cards were dealt into it is not news."""
    hand = tuple(sorted(view.hand, key=by_index))
    if hand == view.hand:
        return view
    return PlayerView(
        rules=view.rules, seat=view.seat, hand=hand, table=view.table, piles=view.piles, scope=view.scope,
        bonus=view.bonus, hand_sizes=view.hand_sizes, stock_size=view.stock_size, to_move=view.to_move,
        dealer=view.dealer, last_capturer=view.last_capturer, last_was_scopa=view.last_was_scopa,
        history=view.history)
