"""A giro of Stoppa: the first dealer drawn by lot, then one deal per dealer (STOPPA-2, STOPPA-10)."""
from __future__ import annotations

from dataclasses import dataclass, replace

from neapolitan.cards import Card, shuffled_deck
from neapolitan.errors import BadNotation, IllegalAction
from neapolitan.i18n import _
from neapolitan.stoppa.actions import Action
from neapolitan.stoppa.rules import Rules
from neapolitan.stoppa.state import LEDGER, DealState, Event, deal

ACE_OF_DENARI = Card(1, "D")


def draw_for_dealer(players: int, seed: int | str, start: int = 0) -> tuple[int, list[tuple[int, Card]]]:
    """STOPPA-2.2: cards dealt face up, one each counter-clockwise from `start`, until the Asso di
    Denari; whoever receives it deals first. Returns the dealer and the cards as they fell."""
    fell: list[tuple[int, Card]] = []
    for k, card in enumerate(shuffled_deck(f"{seed}:dealer")):
        seat = (start + k) % players
        fell.append((seat, card))
        if card is ACE_OF_DENARI:
            return seat, fell
    raise AssertionError("the pack always holds the Asso di Denari")


@dataclass(frozen=True)
class Giro:
    """A round of deals: `deal_no` (1-based) is the current deal; the giro is over after the
    last deal of STOPPA-2.6 (N deals, or N-1 under STOPPA-OP-6 B). The chips and any pot
    carried over (STOPPA-OP-5 B) pass from deal to deal.
    """

    rules: Rules
    seed: str
    first_dealer: int
    deal_no: int
    deal: DealState

    @classmethod
    def new(cls, rules: Rules, seed: int | str, first_dealer: int | None = None) -> Giro:
        seed = str(seed)
        if first_dealer is None:
            first_dealer, _ = draw_for_dealer(rules.players, seed)
        return cls(rules, seed, first_dealer, 1, deal(rules, f"{seed}:1", first_dealer))

    # -- facts ---------------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.deal.is_over and self.deal_no >= self.rules.giro_length

    @property
    def to_act(self) -> int | None:
        return self.deal.to_act

    @property
    def chips(self) -> tuple[int, ...]:
        return self.deal.chips

    @property
    def events(self) -> tuple[Event, ...]:
        return self.deal.events

    def legal_actions(self) -> list[Action]:
        return self.deal.legal_actions()

    # -- moves -----------------------------------------------------------------------------------
    def apply(self, action: Action) -> Giro:
        if self.is_over:
            raise IllegalAction(_("The giro is over: every player has dealt."), "STOPPA-2.6")
        after = self.deal.apply(action)
        if after.is_over and self.deal_no >= self.rules.giro_length and after.pot:
            after = _last_pot_to_dealer(after)
        return replace(self, deal=after)

    def next_deal(self) -> Giro:
        """STOPPA-2.5: the player who was di mano deals next, with a fresh shuffle."""
        if self.is_over:
            raise IllegalAction(_("The giro is over: every player has dealt."), "STOPPA-2.6")
        if not self.deal.is_over:
            raise IllegalAction(_("The deal is still being played."), "STOPPA-10.1")
        number = self.deal_no + 1
        dealer = self.deal.di_mano
        king = self.deal.removed[0] if self.rules.players == 3 and self.rules.king_removal == "fixed" else None
        new = deal(self.rules, f"{self.seed}:{number}", dealer, chips=self.deal.chips,
                   pot=self.deal.pot, king=king)
        return replace(self, deal_no=number, deal=new)

    # -- text --------------------------------------------------------------------------------------
    def to_text(self) -> str:
        """`seed|first_dealer|deal_no|deal position`."""
        return "|".join((self.seed, str(self.first_dealer), str(self.deal_no), self.deal.to_text()))

    @classmethod
    def from_text(cls, text: str, rules: Rules) -> Giro:
        parts = text.split("|")
        if len(parts) != 4:
            raise BadNotation(_("A Stoppa giro has 4 fields separated by |"))
        seed, first, number, position = parts
        if not first.isdigit() or not number.isdigit() or not int(first) < rules.players:
            raise BadNotation(_("Not a Stoppa giro: bad first dealer or deal number"))
        if not 1 <= int(number) <= rules.giro_length:
            raise BadNotation(_("Not a Stoppa giro: the deal number is outside the giro"))
        return cls(rules, seed, int(first), int(number), DealState.from_text(position, rules))


def _last_pot_to_dealer(state: DealState) -> DealState:
    """A pot still carried over when the giro ends (STOPPA-OP-5 B) goes to the last dealer, as
    an unclaimed pot does under the default rule; the reference does not say."""
    chips = list(state.chips)
    chips[state.dealer] += state.pot
    ledger = [list(row) for row in state.ledger]
    ledger[state.dealer][LEDGER.index("won")] += state.pot
    event = Event("award", state.dealer, state.pot, how="giro_end")
    return replace(state, chips=tuple(chips), pot=0, ledger=tuple(map(tuple, ledger)),
                   events=(*state.events, event))
