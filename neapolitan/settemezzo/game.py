"""A session of Sette e Mezzo: hands one after another, the chips, and who holds the bank (SETTE-7)."""
from __future__ import annotations

from dataclasses import dataclass, replace

from neapolitan.cards import shuffled_deck
from neapolitan.errors import BadNotation, IllegalAction
from neapolitan.i18n import _
from neapolitan.settemezzo.actions import Action
from neapolitan.settemezzo.rules import Rules
from neapolitan.settemezzo.state import HandState, deal, deal_from, first_dealer

START_CHIPS = 100


@dataclass(frozen=True)
class Game:
    """The game so far: chips before the current hand, the current hand and how it began.

    `chips` may go below zero: play chips are unlimited credit (the reference sets no bankroll).
    `hands` is how many hands the session lasts (0: no limit). `opening` is the current hand as
    dealt, so that a hand can be replayed and reviewed.
    """

    rules: Rules
    seed: str
    hand_no: int
    chips: tuple[int, ...]
    hand: HandState
    opening: HandState
    hands: int = 0

    @classmethod
    def new(
        cls, rules: Rules, seed: int | str, *, dealer: int | None = None, chips: int = START_CHIPS,
        hands: int = 0,
    ) -> Game:
        """A new game. Without `dealer` the first dealer is drawn for (SETTE-2.2)."""
        seed = str(seed)
        if dealer is None:
            dealer, _rounds = first_dealer(rules, shuffled_deck(f"{seed}:dealer"))
        hand = deal(rules, f"{seed}:1", dealer)
        return cls(rules, seed, 1, (chips,) * rules.players, hand, hand, hands)

    def dealer_draw(self) -> list[list[tuple[int, object]]]:
        """The rounds of the draw for the first dealer (SETTE-2.2), as they happened."""
        return first_dealer(self.rules, shuffled_deck(f"{self.seed}:dealer"))[1]

    # -- facts ------------------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return bool(self.hands) and self.hand_no >= self.hands and self.hand.is_over

    @property
    def dealer(self) -> int:
        return self.hand.dealer

    @property
    def chips_now(self) -> tuple[int, ...]:
        """The chips counting the current hand's payments so far (the total never changes)."""
        return tuple(c + d for c, d in zip(self.chips, self.hand.results(), strict=True))

    def legal_actions(self) -> list[Action]:
        return self.hand.legal_actions()

    def next_dealer(self) -> int:
        """SETTE-7 and SETTE-OP-11: who holds the bank for the next hand."""
        hand = self.hand
        players = self.rules.players
        if self.rules.bank == "rotates":
            return (hand.dealer + 1) % players
        if self.rules.bank == "until_deck_empty":
            runs_out = hand.ran_out or (self.rules.continuous_deck and len(hand.stock) <= players)
            return (hand.dealer + 1) % players if runs_out else hand.dealer
        winner = hand.bank_winner()
        return hand.dealer if winner is None else winner

    # -- moves ------------------------------------------------------------------------------------
    def apply(self, action: Action) -> Game:
        if self.hand.is_over:
            if self.is_over:
                raise IllegalAction(_("The game is over."), "SETTE-7")
            raise IllegalAction(_("The hand is over: deal the next hand first."), "SETTE-7")
        return replace(self, hand=self.hand.apply(action))

    def next_hand(self) -> Game:
        """Settle the chips and deal the next hand, to the next holder of the bank."""
        if self.is_over:
            raise IllegalAction(_("The game is over."), "SETTE-7")
        if not self.hand.is_over:
            raise IllegalAction(_("The hand is still being played."), "SETTE-7")
        number = self.hand_no + 1
        dealer = self.next_dealer()
        seed = f"{self.seed}:{number}"
        hand = self.hand
        if self.rules.continuous_deck and len(hand.stock) > self.rules.players:
            # SETTE-OP-13 (B): the cards of this hand join the discards; the stock carries on.
            holding = [s for i, s in enumerate(hand.seats) if hand.holds_cards(i)]
            in_play = [c for s in holding for c in s.cards]
            shown = [c for s in holding for c in s.up]
            shown += [s.hole for s in holding if s.shown and s.hole is not None]
            new = deal_from(
                self.rules, hand.stock, dealer, discards=(*hand.discards, *in_play),
                public=(*hand.public, *shown), seed=seed,
            )
        else:
            new = deal(self.rules, seed, dealer)
        return replace(self, hand_no=number, chips=self.chips_now, hand=new, opening=new)

    # -- text -----------------------------------------------------------------------------------
    def to_text(self) -> str:
        """`seed|hand_no|hands|chips|opening|hand`."""
        return "|".join((
            self.seed, str(self.hand_no), str(self.hands), "/".join(map(str, self.chips)),
            self.opening.to_text(), self.hand.to_text(),
        ))

    @classmethod
    def from_text(cls, text: str, rules: Rules) -> Game:
        parts = text.split("|")
        if len(parts) != 6:
            raise BadNotation(_("A Sette e Mezzo game has 6 fields separated by |"))
        seed, number, hands, chips, opening, hand = parts
        try:
            chip_counts = tuple(int(c) for c in chips.split("/"))
            hand_no, limit = int(number), int(hands)
        except ValueError:
            raise BadNotation(_("The hand number, the length and the chips are whole numbers")) from None
        if len(chip_counts) != rules.players:
            raise BadNotation(_("Chips for %(players)s players are needed") % {"players": rules.players})
        return cls(rules, seed, hand_no, chip_counts, HandState.from_text(hand, rules),
                   HandState.from_text(opening, rules), limit)
