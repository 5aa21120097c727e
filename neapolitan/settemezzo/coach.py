"""The coach: exact odds of each choice from what a player can see, and a review of a hand's
decisions (which ones gave up expected value)."""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from neapolitan.settemezzo.actions import HIT, REPLACE, STAND, Action
from neapolitan.settemezzo.odds import (
    DealerAdvice,
    DealerOdds,
    DealerPolicy,
    Punter,
    PunterAdvice,
    punter_odds,
)
from neapolitan.settemezzo.state import BUST_, SETTE, STOOD, HandState, PlayerView

CHOICE_OF = {REPLACE: "replace", HIT: "card", STAND: "stand"}


def choice_name(action: Action) -> str:
    """`card`, `stand` or `replace`: the decision an action makes (its stake aside)."""
    return CHOICE_OF[action.kind]


def punter_advice(view: PlayerView, policy: DealerPolicy | None = None) -> PunterAdvice:
    """The punter's options now, valued exactly against a dealer who follows `policy`
    (the rules' drawing rule, or stands on 5)."""
    legal = view.legal_actions()
    kinds = {a.kind for a in legal}
    solver = punter_odds(view.rules, policy)
    return solver.advice(
        view.my_cards, view.unseen(), can_replace=REPLACE in kinds,
        times_replaced=len(view.me.replaced), can_stand=STAND in kinds, stock_size=view.stock_size,
    )


def dealer_odds(view: PlayerView) -> DealerOdds:
    """The dealer's exact best-response model from his view (SETTE-5.2): every punter's
    face-up cards, who stood, who busted, who showed a 7½, and how many cards were exchanged."""
    punters = []
    trust_discards = view.reshuffles == 0  # after a reshuffle hidden discards may be back in the stock
    for seat, s in enumerate(view.seats):
        if seat == view.dealer:
            continue
        if s.status == STOOD:
            status = "stood"
        elif s.status == SETTE:
            status = "sette"
        elif s.status == BUST_ and trust_discards:
            status = "bust"
        else:
            status = "out"
        punters.append(Punter(status, s.stake, s.up, s.hole if s.shown else None,
                              s.replaced_count if trust_discards else 0))
    me = view.me
    return DealerOdds(view.rules, view.my_cards, view.unseen(), punters,
                      times_replaced=len(me.replaced), stock_size=view.stock_size)


def dealer_advice(view: PlayerView) -> DealerAdvice:
    legal = view.legal_actions()
    can_replace = any(a.kind == REPLACE for a in legal)
    return dealer_odds(view).advice(can_replace=can_replace)


def advice(view: PlayerView, policy: DealerPolicy | None = None) -> PunterAdvice | DealerAdvice | None:
    """The coach's figures for the player to act, or None when it is not his decision."""
    if not view.legal_actions():
        return None
    return dealer_advice(view) if view.is_dealer else punter_advice(view, policy)


@dataclass(frozen=True)
class Decision:
    """One decision of a hand with its exact value: what was chosen, what was best, the cost."""

    step: int  # its index in the hand's history
    cards: tuple  # the player's cards when he chose (hole first)
    choice: str  # card, stand or replace
    best: str
    options: dict[str, Fraction]
    is_dealer: bool

    @property
    def loss(self) -> Fraction:
        return self.options[self.best] - self.options[self.choice]

    @property
    def lost_value(self) -> bool:
        return self.loss > 0


def review(opening: HandState, hand: HandState, seat: int, policy: DealerPolicy | None = None) -> list[Decision]:
    """Replay `hand` from `opening` and value every decision `seat` made, with what he knew then.

    A punter's values are in stakes, against the stated dealer policy; the dealer's in chips,
    against the punters' hidden cards (his exact best response).
    """
    if hand.history[: len(opening.history)] != opening.history:
        raise ValueError("The hand does not follow from this opening")
    state = opening
    decisions = []
    for step, entry in enumerate(hand.history[len(opening.history):], start=len(opening.history)):
        who, _, text = entry.partition(".")
        action = Action.parse(text)
        if int(who) == seat:
            view = state.view(seat)
            figures = advice(view, policy)
            if figures is not None:
                options = figures.options
                decisions.append(Decision(step, view.my_cards, choice_name(action), figures.best,
                                          options, view.is_dealer))
        state = state.apply(action)
    return decisions
