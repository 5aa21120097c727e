"""A match of Scopa: hands dealt in turn until a side reaches the target (SCOPA-3.1, SCOPA-12)."""
from __future__ import annotations

import random
from dataclasses import dataclass

from neapolitan.errors import BadNotation, IllegalAction, quoted
from neapolitan.i18n import _
from neapolitan.notation import parse_seat
from neapolitan.scopa.actions import Play
from neapolitan.scopa.rules import Rules
from neapolitan.scopa.scoring import HandScore, score_hand
from neapolitan.scopa.state import HandState, _ints, deal


class CallOut:
    """SCOPA-OP-7 (B) `call_out`: claim that your side has reached the target, in the middle of a hand."""

    __slots__ = ()

    def __str__(self) -> str:
        return "call"

    def __repr__(self) -> str:
        return "CallOut()"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CallOut)

    def __hash__(self) -> int:
        return hash("call")


Action = Play | CallOut


def parse_action(text: str) -> Action:
    return CallOut() if text.strip().lower() == "call" else Play.parse(text)


@dataclass(frozen=True)
class Match:
    """The match so far: totals before the current hand, and the current hand.

    When the current hand is over its points are already in `scores`, and `next_hand()` deals
    the next one unless the match is won.
    """

    rules: Rules
    seed: str
    hand_no: int
    scores: tuple[int, ...]
    hand: HandState
    winner: int | None = None
    called_out: int | None = None  # the seat that called out, if any

    @classmethod
    def new(cls, rules: Rules, seed: int | str, first_dealer: int | None = None) -> Match:
        seed = str(seed)
        if first_dealer is None:  # SCOPA-3.1: the first dealer is drawn (here: from the seed)
            first_dealer = random.Random(f"{seed}:dealer").randrange(rules.players)
        hand = deal(rules, f"{seed}:1", first_dealer)
        return cls(rules, seed, 1, (0,) * rules.sides, hand)

    # -- facts -------------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @property
    def hand_over(self) -> bool:
        return self.hand.is_over or self.called_out is not None

    @property
    def to_move(self) -> int:
        return self.hand.to_move

    def hand_score(self) -> HandScore:
        """The breakdown of the current hand (as it stands, if it is not over)."""
        h = self.hand
        return score_hand(h.piles, h.scope, self.rules, h.bonus)

    def legal_actions(self) -> list[Action]:
        if self.hand_over:
            return []
        actions: list[Action] = list(self.hand.legal_actions())
        if self.rules.call_out:
            actions.append(CallOut())
        return actions

    # -- moves -------------------------------------------------------------------------------
    def apply(self, action: Action) -> Match:
        if self.is_over:
            raise IllegalAction(_("The match is over."), "SCOPA-12")
        if self.hand_over:
            raise IllegalAction(_("The hand is over: deal the next hand first."), "SCOPA-12.3")
        if isinstance(action, CallOut):
            return self._call_out()
        hand = self.hand.apply(action)
        if not hand.is_over:
            return Match(self.rules, self.seed, self.hand_no, self.scores, hand)
        after = Match(self.rules, self.seed, self.hand_no, self.scores, hand)
        score = after.hand_score()
        scores = tuple(a + b for a, b in zip(self.scores, score.totals, strict=True))
        return Match(self.rules, self.seed, self.hand_no, scores, hand, _winner(scores, score, self.rules))

    def _call_out(self) -> Match:
        if not self.rules.call_out:
            raise IllegalAction(_("Calling out is not part of these rules."), "SCOPA-OP-7")
        seat = self.hand.to_move
        side = self.rules.side_of(seat)
        running = tuple(a + b for a, b in zip(self.scores, self.hand_score().totals, strict=True))
        if running[side] >= self.rules.target:
            winner = side
        else:  # a wrong claim loses: the best of the other sides wins
            others = [s for s in range(self.rules.sides) if s != side]
            winner = max(others, key=lambda s: (running[s], -((s - side) % self.rules.sides)))
        return Match(self.rules, self.seed, self.hand_no, running, self.hand, winner, seat)

    def next_hand(self) -> Match:
        """Deal the next hand; the deal passes to the dealer's right (SCOPA-3.1)."""
        if self.is_over:
            raise IllegalAction(_("The match is over."), "SCOPA-12")
        if not self.hand_over:
            raise IllegalAction(_("The hand is still being played."), "SCOPA-12.3")
        dealer = (self.hand.dealer + 1) % self.rules.players
        number = self.hand_no + 1
        hand = deal(self.rules, f"{self.seed}:{number}", dealer)
        return Match(self.rules, self.seed, number, self.scores, hand)

    # -- text ------------------------------------------------------------------------------------
    def to_text(self) -> str:
        """`seed|hand_no|scores|winner|called_out|hand position`."""
        return "|".join((
            self.seed, str(self.hand_no), "/".join(map(str, self.scores)),
            "-" if self.winner is None else str(self.winner),
            "-" if self.called_out is None else str(self.called_out),
            self.hand.to_text(),
        ))

    @classmethod
    def from_text(cls, text: str, rules: Rules) -> Match:
        parts = text.split("|")
        if len(parts) != 6:
            raise BadNotation(_("A Scopa match has 6 fields separated by |"))
        seed, number, scores, winner, called, hand = parts
        if not number.isdigit() or int(number) < 1:
            raise BadNotation(_("%(number)s is not a hand number") % {"number": quoted(number)})
        return cls(
            rules, seed, int(number), _ints(scores, rules.sides), HandState.from_text(hand, rules),
            None if winner == "-" else parse_seat(winner, rules.sides),
            None if called == "-" else parse_seat(called, rules.players),
        )


def _winner(scores: tuple[int, ...], score: HandScore, rules: Rules) -> int | None:
    """SCOPA-12: the highest total at or above the target wins; a tie at the top plays on."""
    if score.napoleone is not None:  # SCOPA-15.3: Napoleone wins the game outright
        return score.napoleone
    top = max(scores)
    if top < rules.target:
        return None
    leaders = [i for i, v in enumerate(scores) if v == top]
    return leaders[0] if len(leaders) == 1 else None
