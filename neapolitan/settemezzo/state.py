"""One hand of Sette e Mezzo: the deal, each punter's turn, the dealer's turn, settlement, views."""
from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

from neapolitan.cards import DECK, Card, parse_cards, shuffled_deck
from neapolitan.errors import BadNotation, IllegalAction, quoted
from neapolitan.i18n import _
from neapolitan.notation import cards_field, parse_cards_field, parse_flag, parse_seat
from neapolitan.settemezzo.actions import HIT, REPLACE, STAND, Action
from neapolitan.settemezzo.rules import Rules
from neapolitan.settemezzo.settlement import payoff, wins_bank
from neapolitan.settemezzo.values import (
    BUST,
    MATTA_CARD,
    REALE,
    SIMPLE,
    hand_outcome,
    hand_value,
)

Cards = tuple[Card, ...]

# A seat's status in the hand.
WAIT = "wait"  # has not had his turn yet (the dealer: until his turn is over)
PLAY = "play"  # has declared (a punter) or drawn (the dealer) and may carry on
STOOD = "stood"  # stands below 7½ (SETTE-4.7)
SETTE = "sette"  # made 7½ and showed his hole card (SETTE-4.6)
BUST_ = "bust"  # went bust and paid at once (SETTE-4.5)
OUT = "out"  # sits this hand out: the stock ran out before his turn (SETTE-OP-15 B)
STATUSES = (WAIT, PLAY, STOOD, SETTE, BUST_, OUT)

PUNTERS, DEALER, OVER = "punters", "dealer", "over"
PHASES = (PUNTERS, DEALER, OVER)


@dataclass(frozen=True)
class Seat:
    """One player's hand: his face-down hole card, his face-up cards, his stake and result.

    `replaced` are the 3s and 4s he exchanged (SETTE-4.2), face down and known only to him;
    `shown` says the hole card has been turned face up; `delta` is the chips won (+) or paid (-)
    so far this hand (the dealer's is the opposite of the punters' total).
    """

    status: str = WAIT
    stake: int = 0
    delta: int = 0
    hole: Card | None = None
    up: Cards = ()
    replaced: Cards = ()
    shown: bool = False

    @property
    def cards(self) -> Cards:
        return ((self.hole,) if self.hole is not None else ()) + self.up

    def to_text(self) -> str:
        return ":".join((
            self.status, str(self.stake), str(self.delta),
            "-" if self.hole is None else str(self.hole),
            cards_field(self.up), cards_field(self.replaced), "1" if self.shown else "0",
        ))

    @classmethod
    def from_text(cls, text: str) -> Seat:
        parts = text.split(":")
        if len(parts) != 7:
            raise BadNotation(_("A seat has 7 fields separated by ':', not %(text)s") % {"text": quoted(text)})
        status, stake, delta, hole, up, replaced, shown = parts
        if status not in STATUSES:
            raise BadNotation(_("%(status)s is not a seat status (%(value)s)") % {"status": quoted(status), "value": ", ".join(STATUSES)})
        return cls(
            status, _int(stake, "stake", low=0), _int(delta, "chips"),
            None if hole == "-" else _one_card(hole), parse_cards_field(up), parse_cards_field(replaced),
            parse_flag(shown),
        )


@dataclass(frozen=True)
class HandState:
    """One hand, immutable: `apply` returns the next state.

    Seats run counter-clockwise: seat p+1 is on p's right. The dealer deals from his right
    (SETTE-2.3) and the punters act in that order, the dealer last. `stock[0]` is the next card.
    `discards` are out of play (busted hands, exchanged cards, under CONTINUOUS_DECK the earlier
    hands); `public` are those of them every player has seen. `history` lists the actions of the
    hand as `seat.action` texts.
    """

    rules: Rules
    seed: str
    dealer: int
    seats: tuple[Seat, ...]
    stock: Cards
    discards: Cards = ()
    public: Cards = ()
    to_move: int = -1
    phase: str = PUNTERS
    reshuffles: int = 0
    ran_out: bool = False  # the stock ran out during this hand (SETTE-7.3, SETTE-OP-11 C)
    history: tuple[str, ...] = ()

    # -- facts ---------------------------------------------------------------------------------
    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def punter_order(self) -> list[int]:
        """The punters in turn order: from the dealer's right round to his left (SETTE-4)."""
        return [(self.dealer + k) % self.players for k in range(1, self.players)]

    def holds_cards(self, seat: int) -> bool:
        """Whether the seat's cards are still in front of him: a busted punter has handed his in
        (SETTE-4.5); a busted dealer keeps his on the table for the showdown."""
        return self.seats[seat].status != BUST_ or seat == self.dealer

    def outcome(self, seat: int) -> int:
        """The outcome code of a seat's hand as it stands (1..14, SIMPLE, REALE, BUST)."""
        return hand_outcome(self.seats[seat].cards, self.rules)

    def value(self, seat: int):
        return hand_value(self.seats[seat].cards, self.rules)

    def results(self) -> tuple[int, ...]:
        """Chips won (+) or paid (-) by each seat so far this hand; they always add up to 0."""
        return tuple(s.delta for s in self.seats)

    def card_available(self) -> bool:
        """Can one more card be dealt: from the stock, or by reshuffling the discards (SETTE-7.3)?"""
        return bool(self.stock) or (self.rules.stock_out == "reshuffle" and bool(self.discards))

    def bank_winner(self) -> int | None:
        """SETTE-7.1: the punter whose reale takes the bank, the first in turn order; or None."""
        if not self.is_over or self.seats[self.dealer].status == WAIT:
            return None
        dealer_outcome = self.outcome(self.dealer)
        for seat in self.punter_order():
            if self.seats[seat].status in (STOOD, SETTE) and wins_bank(
                self.outcome(seat), dealer_outcome, self.rules
            ):
                return seat
        return None

    # -- legal actions ----------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        if self.is_over:
            return []
        return legal_for(self.rules, self.seats[self.to_move], self.to_move == self.dealer,
                         self.card_available())

    def apply(self, action: Action) -> HandState:
        """The state after the player to move does `action`; IllegalAction (citing the rule) if
        the rules forbid it, and nothing changes."""
        if action not in self.legal_actions():
            message, rule = explain_illegal(self, action)
            raise IllegalAction(message, rule)
        seat = self.to_move
        state = replace(self, history=(*self.history, f"{seat}.{str(action).replace(' ', '_')}"))
        if action.kind == REPLACE:
            return state._exchange(seat)
        if action.kind == STAND:
            if action.stake is not None:
                state = state._with_seat(seat, stake=action.stake)
            if seat == self.dealer:
                return state._settle()
            return state._with_seat(seat, status=STOOD)._advance(seat)
        stake = action.stake if action.stake is not None else state.seats[seat].stake + action.add
        state = state._with_seat(seat, stake=stake, status=PLAY)
        return state._take_card(seat)

    # -- the steps of the hand ----------------------------------------------------------------------
    def _with_seat(self, seat: int, **changes) -> HandState:
        seats = list(self.seats)
        seats[seat] = replace(seats[seat], **changes)
        return replace(self, seats=tuple(seats))

    def _draw(self) -> tuple[Card, HandState]:
        """The next card, reshuffling the discards into a new stock if the stock is empty."""
        state = self
        if not state.stock:
            pool = list(state.discards)
            random.Random(f"{state.seed}:reshuffle:{state.reshuffles}").shuffle(pool)
            state = replace(state, stock=tuple(pool), discards=(), public=(),
                            reshuffles=state.reshuffles + 1, ran_out=True)
        card = state.stock[0]
        state = replace(state, stock=state.stock[1:])
        if not state.stock:
            state = replace(state, ran_out=True)
        return card, state

    def _exchange(self, seat: int) -> HandState:
        """SETTE-4.2: the 3 or 4 goes face down out of play; a new hole card comes from the stock."""
        old = self.seats[seat].hole
        card, state = self._draw()
        state = replace(state, discards=(*state.discards, old))
        state = state._with_seat(seat, hole=card, replaced=(*state.seats[seat].replaced, old))
        return state._after_stock_change()

    def _take_card(self, seat: int) -> HandState:
        card, state = self._draw()
        state = state._with_seat(seat, up=(*state.seats[seat].up, card))
        outcome = state.outcome(seat)
        if seat == self.dealer:
            if outcome >= SIMPLE:  # 7½ stops him, bust ends his turn (SETTE-5.2, 5.4)
                return state._settle()
            return state
        if outcome == BUST:
            return state._bust(seat)._advance(seat)
        if outcome >= SIMPLE:  # SETTE-4.6: 7½ shows the hole card and stops
            return state._with_seat(seat, status=SETTE, shown=True)._advance(seat)
        return state._after_stock_change()

    def _bust(self, seat: int) -> HandState:
        """SETTE-4.5: the stake is paid at once; the cards go out of play, the hole card hidden."""
        s = self.seats[seat]
        state = self._with_seat(seat, status=BUST_, delta=s.delta - s.stake, shown=self.rules.bust_reveal)
        dealer = state.seats[self.dealer]
        state = state._with_seat(self.dealer, delta=dealer.delta + s.stake)
        seen = s.up + ((s.hole,) if self.rules.bust_reveal else ())
        return replace(state, discards=(*state.discards, *s.cards), public=(*state.public, *seen))

    def _after_stock_change(self) -> HandState:
        """SETTE-OP-15 (B): once the stock is empty, punters who have not played sit it out."""
        if self.rules.stock_out != "end_hand" or self.stock or self.phase != PUNTERS:
            return self
        state = self
        for seat in self.punter_order():
            if seat != self.to_move and state.seats[seat].status == WAIT:
                state = state._with_seat(seat, status=OUT)
        if state.seats[self.to_move].status == WAIT:
            return state._with_seat(self.to_move, status=OUT)._advance(self.to_move)
        return state

    def _advance(self, seat: int) -> HandState:
        """Pass the turn to the next punter who has not played, then to the dealer (SETTE-5.1)."""
        state = self
        order = self.punter_order()
        for nxt in order[order.index(seat) + 1:] if seat in order else order:
            if state.seats[nxt].status == WAIT:
                state = replace(state, to_move=nxt)
                return state._after_stock_change()
        if all(state.seats[p].status in (BUST_, OUT) for p in order):
            return replace(state, phase=OVER, to_move=-1)  # SETTE-5.1: the dealer does not play
        return replace(state, phase=DEALER, to_move=self.dealer)

    def _settle(self) -> HandState:
        """SETTE-5.4 and SETTE-6: show the hands still in play and settle each with the dealer."""
        state = self
        dealer_outcome = state.outcome(self.dealer)
        for seat in self.punter_order():
            s = state.seats[seat]
            if s.status not in (STOOD, SETTE):
                continue
            won = payoff(state.outcome(seat), dealer_outcome, self.rules) * s.stake
            state = state._with_seat(seat, delta=s.delta + won, shown=True)
            d = state.seats[self.dealer]
            state = state._with_seat(self.dealer, delta=d.delta - won)
        d = state.seats[self.dealer]
        status = BUST_ if dealer_outcome == BUST else (SETTE if dealer_outcome >= SIMPLE else STOOD)
        state = state._with_seat(self.dealer, status=status, shown=True)
        return replace(state, phase=OVER, to_move=-1)

    # -- what one player may know ---------------------------------------------------------------------
    def view(self, seat: int) -> PlayerView:
        """SETTE-2.4: a player sees his own hole card, every face-up card, and the hole cards
        that have been shown; he knows his own exchanged cards."""
        seats = []
        for i, s in enumerate(self.seats):
            mine = i == seat
            seats.append(SeatView(
                status=s.status, stake=s.stake, delta=s.delta,
                hole=s.hole if (mine or s.shown) else None,
                has_hole=s.hole is not None, up=s.up,
                replaced=s.replaced if mine else (),
                replaced_count=len(s.replaced), shown=s.shown,
                out_now=tuple(c for c in s.replaced if c in self.discards) if mine else (),
            ))
        return PlayerView(
            rules=self.rules, seat=seat, dealer=self.dealer, phase=self.phase, to_move=self.to_move,
            seats=tuple(seats), stock_size=len(self.stock), discard_size=len(self.discards),
            known_out=self._known_out(seat), history=self.history, reshuffles=self.reshuffles,
        )

    def _known_out(self, seat: int) -> Cards:
        """The cards out of play that `seat` has seen: public ones, his own exchanged cards and
        his own busted hand, while they are still out of play."""
        mine = self.seats[seat]
        known = set(self.public)
        known.update(mine.replaced)
        if mine.status == BUST_:
            known.update(mine.cards)
        return tuple(c for c in self.discards if c in known)

    # -- text form ----------------------------------------------------------------------------------
    def to_text(self) -> str:
        """`dealer to_move phase reshuffles ran_out seed stock discards public seats history`."""
        return " ".join((
            str(self.dealer), str(self.to_move), self.phase, str(self.reshuffles),
            "1" if self.ran_out else "0", self.seed, cards_field(self.stock),
            cards_field(self.discards), cards_field(self.public),
            "/".join(s.to_text() for s in self.seats),
            ",".join(self.history) if self.history else "-",
        ))

    @classmethod
    def from_text(cls, text: str, rules: Rules | None = None) -> HandState:
        rules = rules or Rules()
        fields = text.split()
        if len(fields) != 11:
            raise BadNotation(_("A Sette e Mezzo hand has 11 fields, this one has %(count)s") % {"count": len(fields)})
        dealer, to_move, phase, reshuffles, ran_out, seed, stock, discards, public, seats, history = fields
        if phase not in PHASES:
            raise BadNotation(_("%(phase)s is not a phase (%(value)s)") % {"phase": quoted(phase), "value": ", ".join(PHASES)})
        seat_list = tuple(Seat.from_text(s) for s in seats.split("/"))
        if len(seat_list) != rules.players:
            raise BadNotation(_("These rules seat %(players)s players, the hand has %(count)s") % {"players": rules.players, "count": len(seat_list)})
        state = cls(
            rules, seed, parse_seat(dealer, rules.players), seat_list, parse_cards_field(stock),
            parse_cards_field(discards), parse_cards_field(public),
            -1 if to_move == "-1" else parse_seat(to_move, rules.players), phase,
            _int(reshuffles, "reshuffles", low=0), parse_flag(ran_out),
            () if history == "-" else tuple(history.split(",")),
        )
        state.check_cards_conserved()
        if (state.phase == OVER) != (state.to_move == -1):
            raise BadNotation(_("Only a finished hand has nobody to move"))
        return state

    def check_cards_conserved(self) -> None:
        """Every one of the 40 cards is in exactly one place: the stock, the discards, or a hand
        still in play. Raise BadNotation otherwise."""
        places: list[Card] = [*self.stock, *self.discards]
        for seat in range(self.players):
            if self.holds_cards(seat):
                places.extend(self.seats[seat].cards)
        if len(places) != 40 or len(set(places)) != 40:
            raise BadNotation(_("The position does not hold each of the 40 cards exactly once"))
        if not set(self.public) <= set(self.discards):
            raise BadNotation(_("A public discard is not among the discards"))
        if sum(s.delta for s in self.seats) != 0:
            raise BadNotation(_("The chips won and paid this hand do not add up to zero"))

    def __str__(self) -> str:
        return self.to_text()


def legal_for(rules: Rules, seat: Seat, is_dealer: bool, card_available: bool) -> list[Action]:
    """The legal actions of the player to act, from his own seat and whether a card can come."""
    actions: list[Action] = []
    hole = seat.hole
    cards = seat.cards
    matta_alone = len(cards) == 1 and hole is MATTA_CARD
    must_hit = matta_alone and rules.matta_alone == "must_hit"  # SETTE-OP-2 (C)
    if seat.status == WAIT and hole is not None and hole.rank in (3, 4) and card_available and (
        rules.replace_allowed(is_dealer, len(seat.replaced))
    ):
        actions.append(Action(REPLACE))  # SETTE-4.2, SETTE-OP-4
    if is_dealer:
        may_stand, may_hit = not must_hit, card_available
        if rules.dealer_stands_on:  # SETTE-OP-6 (B): the drawing rule decides
            below = hand_value(cards, rules) < rules.dealer_stands_on
            may_stand, may_hit = not below, below and card_available
        if must_hit and card_available:
            may_stand, may_hit = False, True
        if may_hit:
            actions.append(Action(HIT))
        if may_stand or not may_hit:
            actions.append(Action(STAND))
        return actions
    if seat.status == WAIT:  # SETTE-4.3: the stake goes out with the first declaration
        stakes = range(rules.min_stake, rules.max_stake + 1)
        if card_available:
            actions.extend(Action(HIT, stake=s) for s in stakes)
        if not must_hit or not card_available:
            actions.extend(Action(STAND, stake=s) for s in stakes)
        return actions
    if card_available:
        actions.append(Action(HIT))
        if rules.stake_per_card:  # SETTE-OP-14 (B)
            actions.extend(Action(HIT, add=a) for a in range(1, rules.max_stake - seat.stake + 1))
    actions.append(Action(STAND))
    return actions


def explain_illegal(state: HandState, action: Action) -> tuple[str, str]:
    """Why `action` is not legal here, in words a player understands, with the rule ID."""
    rules = state.rules
    if state.is_over:
        return _("The hand is over: deal the next hand first."), "SETTE-6"
    seat_no = state.to_move
    seat = state.seats[seat_no]
    dealer = seat_no == state.dealer
    if action.kind == REPLACE:
        if seat.status != WAIT:
            return _("A 3 or a 4 may only be exchanged before the first card or stand."), "SETTE-4.2"
        if seat.hole is None or seat.hole.rank not in (3, 4):
            return _("Only a face-down 3 or 4 may be exchanged."), "SETTE-4.2"
        if dealer and not rules.replace_dealer_too:
            return _("The dealer may not exchange a 3 or a 4."), "SETTE-5.3"
        if rules.replace == "off":
            return _("Exchanging a 3 or a 4 is not played at this table."), "SETTE-OP-4"
        if seat.replaced and rules.replace != "repeat":
            return _("A 3 or a 4 may be exchanged only once."), "SETTE-OP-4"
        return _("No card is left to exchange it with."), "SETTE-7.3"
    if dealer and (action.stake is not None or action.add):
        return _("The dealer puts out no stake: he simply takes a card or stands."), "SETTE-2.1"
    if not dealer and seat.status == WAIT and action.stake is None:
        return (
            _("Put out your stake with your first choice, for example '%(kind)s %(min_stake)s'.") % {"kind": action.kind, "min_stake": rules.min_stake},
            "SETTE-4.3",
        )
    if action.stake is not None and seat.status != WAIT:
        return _("Your stake is already out and stays the same for this hand."), "SETTE-4.3"
    if action.stake is not None and not rules.min_stake <= action.stake <= rules.max_stake:
        return (_("The stake must be from %(min_stake)s to %(max_stake)s chips.") % {"min_stake": rules.min_stake, "max_stake": rules.max_stake}, "SETTE-4.3")
    if action.add:
        if not rules.stake_per_card:
            return _("The stake is fixed at your first choice at this table."), "SETTE-OP-14"
        return (_("The stake may not go above %(max_stake)s chips.") % {"max_stake": rules.max_stake}, "SETTE-4.3")
    if action.kind == HIT and not state.card_available():
        if rules.stock_out == "end_hand":
            return _("The stock has run out: no more cards this hand."), "SETTE-OP-15"
        return _("No card is left to deal, even after reshuffling the discards."), "SETTE-7.3"
    if action.kind == STAND and len(seat.cards) == 1 and seat.hole is MATTA_CARD and (
        rules.matta_alone == "must_hit"
    ):
        return _("With the matta as your only card you must take another."), "SETTE-OP-2"
    if dealer and rules.dealer_stands_on:
        return (
            _("At this table the dealer draws below %(dealer_stands_on)s and stands on %(dealer_stands_on)s or more.") % {"dealer_stands_on": rules.dealer_stands_on}, "SETTE-OP-6",
        )
    return _("That is not possible now."), "SETTE-4"


# -- what one player knows --------------------------------------------------------------------------
@dataclass(frozen=True)
class SeatView:
    """A seat as one player sees it: `hole` is None when it is face down to him."""

    status: str
    stake: int
    delta: int
    hole: Card | None
    has_hole: bool
    up: Cards
    replaced: Cards  # his exchanged cards, only for the viewer's own seat
    replaced_count: int
    shown: bool
    out_now: Cards = ()  # of his exchanged cards, those still out of play (viewer's seat only)

    @property
    def known_cards(self) -> Cards:
        return ((self.hole,) if self.hole is not None else ()) + self.up

    def to_text(self, mine: bool) -> str:
        if mine:
            replaced = cards_field(self.replaced)
        else:
            replaced = f"#{self.replaced_count}"
        hole = str(self.hole) if self.hole is not None else ("?" if self.has_hole else "-")
        return ":".join((self.status, str(self.stake), str(self.delta), hole, cards_field(self.up),
                         replaced, "1" if self.shown else "0"))


@dataclass(frozen=True)
class PlayerView:
    """What one player knows of the hand (SETTE-2.4): everything but the other players' hole
    cards, the exchanged cards of others, and the order of the stock."""

    rules: Rules
    seat: int
    dealer: int
    phase: str
    to_move: int
    seats: tuple[SeatView, ...]
    stock_size: int
    discard_size: int
    known_out: Cards
    history: tuple[str, ...] = ()
    reshuffles: int = 0  # the discards went back into the stock this many times this hand

    @property
    def me(self) -> SeatView:
        return self.seats[self.seat]

    @property
    def my_cards(self) -> Cards:
        return self.me.known_cards

    @property
    def is_dealer(self) -> bool:
        return self.seat == self.dealer

    def seen(self) -> set[Card]:
        """Every card this player has seen that is not back in the stock."""
        seen = set(self.known_out)
        for i, s in enumerate(self.seats):
            if s.status != BUST_ or i == self.dealer:  # a busted punter's cards: see known_out
                seen.update(s.known_cards)
        return seen

    def unseen(self) -> list[Card]:
        """The cards this player has not seen, in pack order: the odds are taken over these."""
        seen = self.seen()
        return [c for c in DECK if c not in seen]

    def card_available(self) -> bool:
        return bool(self.stock_size) or (self.rules.stock_out == "reshuffle" and bool(self.discard_size))

    def legal_actions(self) -> list[Action]:
        if self.phase == OVER or self.to_move != self.seat:
            return []
        s = self.me
        seat = Seat(s.status, s.stake, s.delta, s.hole, s.up, s.replaced, s.shown)
        return legal_for(self.rules, seat, self.is_dealer, self.card_available())

    def to_text(self) -> str:
        """`seat dealer to_move phase stock_size discard_size reshuffles known_out seats history`;
        a hole card the player cannot see is `?`, others' exchanged cards a count `#n`."""
        return " ".join((
            str(self.seat), str(self.dealer), str(self.to_move), self.phase, str(self.stock_size),
            str(self.discard_size), str(self.reshuffles), cards_field(self.known_out),
            "/".join(s.to_text(i == self.seat) for i, s in enumerate(self.seats)),
            ",".join(self.history) if self.history else "-",
        ))

    @classmethod
    def from_text(cls, text: str, rules: Rules | None = None) -> PlayerView:
        rules = rules or Rules()
        fields = text.split()
        if len(fields) != 10:
            raise BadNotation(_("A Sette e Mezzo player view has 10 fields, this one has %(count)s") % {"count": len(fields)})
        seat, dealer, to_move, phase, stock, discards, reshuffles, known, seats_text, history = fields
        if phase not in PHASES:
            raise BadNotation(_("%(phase)s is not a phase (%(value)s)") % {"phase": quoted(phase), "value": ", ".join(PHASES)})
        me = parse_seat(seat, rules.players)
        seats = []
        for i, part in enumerate(seats_text.split("/")):
            bits = part.split(":")
            if len(bits) != 7:
                raise BadNotation(_("A seat has 7 fields separated by ':', not %(part)s") % {"part": quoted(part)})
            status, stake, delta, hole, up, replaced, shown = bits
            if status not in STATUSES:
                raise BadNotation(_("%(status)s is not a seat status") % {"status": quoted(status)})
            mine = i == me
            if mine:
                own = parse_cards_field(replaced)
                count = len(own)
            else:
                if not replaced.startswith("#"):
                    raise BadNotation(_("Another player's exchanged cards are written as a count, #n"))
                own, count = (), _int(replaced[1:], "count", low=0)
            seats.append(SeatView(
                status, _int(stake, "stake", low=0), _int(delta, "chips"),
                None if hole in ("?", "-") else _one_card(hole), hole != "-", parse_cards_field(up),
                own, count, parse_flag(shown),
            ))
        if len(seats) != rules.players:
            raise BadNotation(_("These rules seat %(players)s players") % {"players": rules.players})
        known_out = parse_cards_field(known)
        view = cls(
            rules, me, parse_seat(dealer, rules.players), phase,
            -1 if to_move == "-1" else parse_seat(to_move, rules.players), tuple(seats),
            _int(stock, "stock size", low=0), _int(discards, "discards", low=0), known_out,
            () if history == "-" else tuple(history.split(",")), _int(reshuffles, "reshuffles", low=0),
        )
        own = view.seats[me]
        out_now = tuple(c for c in own.replaced if c in set(known_out))
        seats[me] = replace(own, out_now=out_now)
        return replace(view, seats=tuple(seats))


# -- dealing ------------------------------------------------------------------------------------------
def deal(rules: Rules, seed: int | str, dealer: int = 0) -> HandState:
    """A hand from a freshly shuffled pack (SETTE-2.5), reproducible from `seed`."""
    return deal_from(rules, shuffled_deck(seed), dealer, seed=str(seed))


def deal_from(
    rules: Rules, stock: Sequence[Card], dealer: int = 0, *, discards: Sequence[Card] = (),
    public: Sequence[Card] = (), seed: str = "0",
) -> HandState:
    """SETTE-2.3: one face-down card each from `stock`, from the dealer's right, the dealer last."""
    if " " in seed or "|" in seed or not seed:
        raise BadNotation(_("A seed is a word without spaces or |"))
    players = rules.players
    if not 0 <= dealer < players:
        raise BadNotation(_("The dealer must be a seat from 0 to %(number)s") % {"number": players - 1})
    if len(stock) < players:
        raise BadNotation(_("The stock has too few cards to deal"))
    holes: dict[int, Card] = {}
    for k in range(1, players + 1):
        holes[(dealer + k) % players] = stock[k - 1]
    seats = tuple(Seat(hole=holes[i]) for i in range(players))
    state = HandState(rules, seed, dealer, seats, tuple(stock[players:]), tuple(discards), tuple(public),
                      (dealer + 1) % players)
    state.check_cards_conserved()
    return state._after_stock_change()


def first_dealer(rules: Rules, deck: Sequence[Card]) -> tuple[int, list[list[tuple[int, Card]]]]:
    """SETTE-2.2: each player draws a card, the highest deals, players who tie draw again.

    Players draw in seat order from `deck`; a redraw goes on from where the deck stopped (a new
    pack, the same order again, if it runs out). Returns the dealer and every round of draws.
    Cards rank 1..10 (SETTE-OP-12 A), or by game value (B: 7 high, figures ½, the matta 7).
    """
    rounds: list[list[tuple[int, Card]]] = []
    contenders = list(range(rules.players))
    pos = 0
    while True:
        draws = []
        for seat in contenders:
            if pos == len(deck):
                pos = 0
            draws.append((seat, deck[pos]))
            pos += 1
        rounds.append(draws)
        best = max(_draw_rank(c, rules) for _, c in draws)
        contenders = [seat for seat, c in draws if _draw_rank(c, rules) == best]
        if len(contenders) == 1:
            return contenders[0], rounds
        if len(rounds) > 200:  # cannot happen with a real pack; a guard for made-up decks
            return contenders[0], rounds


def _draw_rank(card: Card, rules: Rules):
    if not rules.dealer_draw_by_game_value:
        return card.rank
    return hand_value((card,), rules) if card is not MATTA_CARD else 7


# -- small helpers ----------------------------------------------------------------------------------------
def _one_card(text: str) -> Card:
    cards = parse_cards(text)
    if len(cards) != 1:
        raise BadNotation(_("%(text)s should be one card") % {"text": quoted(text)})
    return cards[0]


def _int(text: str, what: str, low: int | None = None) -> int:
    try:
        value = int(text)
    except ValueError:
        raise BadNotation(_("%(what)s should be a whole number, not %(text)s") % {"what": what, "text": quoted(text)}) from None
    if low is not None and value < low:
        raise BadNotation(_("%(what)s cannot be below %(low)s") % {"what": what, "low": low})
    return value


__all__ = [
    "BUST_", "DEALER", "OUT", "OVER", "PLAY", "PUNTERS", "REALE", "SETTE", "STOOD", "WAIT",
    "HandState", "PlayerView", "Seat", "SeatView", "deal", "deal_from", "explain_illegal",
    "first_dealer", "legal_for",
]
