"""One deal of Stoppa: the deal, Phase I hands, Phase II, the stoppata, `apply`, views and text form.

A deal is immutable: `apply` returns the next state, and `events` on it tells what happened on
the way (the misere paid, the cards dealt, a pot awarded, the stoppata payments), so that a
table can explain every chip that moved.
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from neapolitan.cards import DECK, Card, deal_round, parse_cards, shuffled_deck
from neapolitan.errors import BadNotation, IllegalAction, quoted
from neapolitan.i18n import _, ngettext
from neapolitan.notation import cards_field, parse_cards_field
from neapolitan.stoppa.actions import CONCEDE, DECLINE, PASS, SHOW, Action
from neapolitan.stoppa.contest import (
    FOLDED,
    IN,
    PASSED,
    WAITING,
    Contest,
    Pot,
    Reveal,
    open_bounds,
    pots,
    raise_bounds,
)
from neapolitan.stoppa.punto import punto, punto_cards
from neapolitan.stoppa.rules import KINGS, Rules
from neapolitan.stoppa.stoppata import (
    Stoppata,
    cancels,
    legal_sheds,
    needed,
    payment,
    played_counts,
)

Cards = tuple[Card, ...]
# Raises listed by legal_actions() under NO_LIMIT with unlimited credit: up to this many pots.
NO_LIMIT_LISTED = 4
LISTED_AMOUNTS = 12  # wider ranges of bet amounts are listed as this many spread values

# Phases of a deal.
KING, PHASE1, PHASE2, CLAIM, PHASE3, OVER = "king", "I", "II", "claim", "III", "over"
LEDGER = ("misere", "bets", "won", "stoppata")  # per seat: chips paid or won under each head


@dataclass(frozen=True)
class Event:
    """Something that happened during `apply`, for the narration: `kind` with its facts.

    Kinds: misera (seat paid amount, rule), deal (hand number, cards each), rest (cards each),
    pass/open/call/raise/fold (seat, amount paid), show (seat, value, cards), concede (seat),
    award (seat, amount, how), carry (amount), cancel (seat, how), claim/decline (seat),
    shed (seat, cards), close (seat), turn (seat; `others` could not play), stoppata (seat,
    double), pay (seat pays `to` amount for `count` cards), phase (II or III), king (cards).
    """

    kind: str
    seat: int = -1
    amount: int = 0
    cards: Cards = ()
    value: int = 0
    to: int = -1
    count: int = 0
    how: str = ""
    others: tuple[int, ...] = ()


@dataclass(frozen=True)
class Outcome:
    """How the last contest ended (public): `how` is all_pass, uncontested, showdown or carry."""

    phase: str
    hand_no: int
    how: str
    awards: tuple[tuple[int, int], ...]
    reveals: tuple[Reveal, ...] = ()
    pot: int = 0


@dataclass(frozen=True)
class DealState:
    """A deal, from the first misera to the last stoppata payment.

    In Phase I `hands` are the current three-card hands and `used` the used piles
    (STOPPA-4.3); from Phase II on `hands` are the whole hands. `chips` are the balances (they
    may go below zero under unlimited credit, STOPPA-3.7); `chips` plus `pot` is constant.
    """

    rules: Rules
    dealer: int
    phase: str
    hand_no: int
    hands: tuple[Cards, ...]
    used: tuple[Cards, ...]
    stock: Cards
    removed: Cards
    chips: tuple[int, ...]
    start_chips: tuple[int, ...]
    pot: int
    ledger: tuple[tuple[int, ...], ...]
    shown: tuple[Cards, ...]
    contest: Contest | None = None
    stoppata: Stoppata | None = None
    claims: tuple[int, ...] = ()
    cancelled_by: int = -1
    prev: Outcome | None = None
    events: tuple[Event, ...] = field(default=(), compare=False, repr=False)

    # -- facts ---------------------------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def di_mano(self) -> int:
        """STOPPA-2.3: the player on the dealer's right."""
        return (self.dealer + 1) % self.players

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def to_act(self) -> int | None:
        """The seat whose decision the deal waits for, or None when it is over."""
        if self.phase == KING:
            return self.dealer
        if self.phase in (PHASE1, PHASE2):
            assert self.contest is not None
            return self.contest.to_act
        if self.phase == CLAIM:
            return self.claims[0]
        if self.phase == PHASE3:
            assert self.stoppata is not None
            return self.stoppata.turn
        return None

    def all_cards(self, seat: int) -> Cards:
        """Every card `seat` holds this deal (in Phase I: the used pile and the current hand)."""
        return self.used[seat] + self.hands[seat]

    def punto_of(self, seat: int) -> int:
        """The punto being contested: piccolo of the current hand (5.2), or grosso (5.3)."""
        return punto(self.hands[seat])

    def net(self) -> tuple[int, ...]:
        """Chips won (+) or lost (-) by each seat so far this deal."""
        return tuple(a - b for a, b in zip(self.chips, self.start_chips, strict=True))

    # -- legal actions ---------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """The decisions open to the seat to act. Opening and raise amounts are all listed when
        there are at most `LISTED_AMOUNTS` of them, and otherwise spread from the smallest to the
        largest; every amount within `open_bounds`/`raise_bounds` is legal (`is_legal`).
        """
        seat = self.to_act
        if seat is None:
            return []
        if self.phase == KING:
            return [Action("remove", cards=(k,)) for k in KINGS]
        if self.phase == CLAIM:
            return [Action("claim"), DECLINE]
        if self.phase == PHASE3:
            assert self.stoppata is not None
            return legal_sheds(self.hands[seat], self.stoppata, self.rules)
        return self._bet_actions(seat)

    def _bet_actions(self, seat: int) -> list[Action]:
        c = self.contest
        assert c is not None
        if c.stage == "show":
            return [SHOW, CONCEDE]
        if c.stage == "open":
            bounds = self.open_bounds(seat)
            actions = [PASS]
            if bounds:
                actions += [Action("open", a) for a in amounts(*bounds)]
            return actions
        actions = [Action("fold"), Action("call")]
        bounds = self.raise_bounds(seat)
        if bounds:
            low, high = bounds
            if high == 0:
                high = max(low, NO_LIMIT_LISTED * (self.pot + c.bet - c.paid[seat]))
            actions += [Action("raise", r) for r in amounts(low, high)]
        return actions

    def open_bounds(self, seat: int) -> tuple[int, int] | None:
        return open_bounds(pot=self.pot, misera=self.rules.misera, stack=self._stack(seat))

    def raise_bounds(self, seat: int) -> tuple[int, int] | None:
        """(smallest, largest) raise for `seat` now; largest 0 means no maximum."""
        c = self.contest
        assert c is not None
        to_call = c.bet - c.paid[seat]
        return raise_bounds(pot=self.pot, to_call=to_call, misera=self.rules.misera,
                            limit=self.rules.raise_limit, stack=self._stack(seat))

    def to_call(self, seat: int) -> int:
        """What `seat` pays to see the bet (all-in for less under table stakes)."""
        c = self.contest
        if c is None or c.stage != "bet":
            return 0
        owed = c.bet - c.paid[seat]
        stack = self._stack(seat)
        return owed if stack is None else max(0, min(owed, stack))

    def _stack(self, seat: int) -> int | None:
        return self.chips[seat] if self.rules.table_stakes else None

    def _all_in(self, seat: int) -> bool:
        return self.rules.table_stakes and self.chips[seat] <= 0

    def is_legal(self, action: Action) -> bool:
        try:
            self._check(action)
        except IllegalAction:
            return False
        return True

    # -- apply ------------------------------------------------------------------------------------
    def apply(self, action: Action) -> DealState:
        """The state after `action` by the seat to act. Raises IllegalAction (citing the rule)."""
        self._check(action)
        seat = self.to_act
        assert seat is not None
        log: list[Event] = []
        if self.phase == KING:
            state = self._deal_with_king(action.cards[0], log)
        elif self.phase == CLAIM:
            state = self._claim(seat, action, log)
        elif self.phase == PHASE3:
            state = self._shed(seat, action, log)
        else:
            state = self._bet(seat, action, log)
        return replace(state, events=tuple(log))

    def apply_text(self, text: str) -> DealState:
        return self.apply(Action.parse(text))

    def _check(self, action: Action) -> None:
        seat = self.to_act
        if seat is None:
            raise IllegalAction(_("The deal is over: deal the next one."), "STOPPA-10.1")
        kind = action.kind
        phase = self.phase
        if phase == KING:
            if kind != "remove" or action.cards[0] not in KINGS:
                raise IllegalAction(_("The dealer first says which King leaves the pack (remove 10C)."),
                                    "STOPPA-OP-12")
            return
        if phase == CLAIM:
            if kind not in ("claim", "decline"):
                raise IllegalAction(_("Say whether you claim the cancellation of the stoppata (claim or decline)."),
                                    "STOPPA-OP-7")
            return
        if phase == PHASE3:
            self._check_shed(seat, action)
            return
        self._check_bet(seat, action)

    def _check_bet(self, seat: int, action: Action) -> None:
        c = self.contest
        assert c is not None
        kind = action.kind
        m = self.rules.misera
        if c.stage == "show":
            if kind not in ("show", "concede"):
                raise IllegalAction(_("It is the showdown: show your punto or concede (mi basta)."), "STOPPA-6.8")
            return
        if kind in ("show", "concede"):
            raise IllegalAction(_("There is no showdown yet: the betting is still going on."), "STOPPA-6.6")
        if kind in ("shed", "stop", "remove", "claim", "decline"):
            raise IllegalAction(_("That is not a betting action: pass, open, see, raise or fold."), "STOPPA-6")
        if c.stage == "open":
            if kind == "pass":
                return
            if kind != "open":
                raise IllegalAction(_("Nobody has opened yet: pass or open."), "STOPPA-6.1")
            bounds = self.open_bounds(seat)
            if bounds is None:
                raise IllegalAction(_("You have no chips left to open with; you can only pass."), "STOPPA-OP-13")
            low, high = bounds
            if not low <= action.amount <= high:
                raise IllegalAction(
                    _("An opening is between %(low)s and %(high)s chips (the misera %(m)s up to the pot).") % {"low": low, "high": high, "m": m},
                    "STOPPA-6.1",
                )
            return
        if kind == "pass":
            raise IllegalAction(_("The contest is open: see, raise or fold."), "STOPPA-6.4")
        if kind == "open":
            raise IllegalAction(_("The contest is already open: see, raise or fold."), "STOPPA-6.4")
        if kind == "raise":
            bounds = self.raise_bounds(seat)
            if bounds is None:
                raise IllegalAction(_("You have no chips left to raise with."), "STOPPA-OP-13")
            low, high = bounds
            if action.amount < low or (high and action.amount > high):
                limit = {"pot": "STOPPA-6.5", "fixed": "STOPPA-OP-4", "no_limit": "STOPPA-OP-4"}
                raise IllegalAction((_("A raise here is at least %(low)s and at most %(high)s chips.") if high
                                     else _("A raise here is at least %(low)s chips.")) % {"low": low, "high": high},
                                    limit[self.rules.raise_limit])

    def _check_shed(self, seat: int, action: Action) -> None:
        st = self.stoppata
        assert st is not None
        legal = legal_sheds(self.hands[seat], st, self.rules)
        if action in legal:
            return
        if action.kind == "stop":
            raise IllegalAction(_("You hold the card that continues the sequence, and continuing is compulsory."),
                                "STOPPA-9.8")
        if action.kind != "shed":
            raise IllegalAction(_("It is the stoppata: play a card."), "STOPPA-9")
        missing = [c for c in action.cards if c not in self.hands[seat]]
        if missing:
            raise IllegalAction(ngettext("%(cards)s is not in your hand.", "%(cards)s are not in your hand.", len(missing))
                                % {"cards": ", ".join(map(str, missing))}, "STOPPA-9.4")
        cards = action.cards
        if not st.top:
            if len(cards) > 1 and any(c.rank != 1 for c in cards):
                raise IllegalAction(_("A new sequence starts with one card, or with Aces only."), "STOPPA-9.6")
            raise IllegalAction(_("With this house rule you throw all your Aces together."), "STOPPA-OP-8")
        rank = needed(st.top, played_counts(st.played), self.rules)
        if any(c.rank == 1 for c in cards) and st.top == 1:
            raise IllegalAction(_("You may add Aces only if you also play a Two."), "STOPPA-9.9")
        raise IllegalAction(_("The sequence needs a %(rank)s now (exhausted ranks are skipped).") % {"rank": rank}, "STOPPA-9.8")

    # -- the deal and Phase I ---------------------------------------------------------------------
    def _deal_with_king(self, king: Card, log: list[Event]) -> DealState:
        """STOPPA-OP-12 (B): the dealer's King leaves the pack, then the deal starts."""
        stock = tuple(c for c in self.stock if c is not king)
        log.append(Event("king", self.dealer, cards=(king,)))
        return begin(replace(self, stock=stock, removed=(king,), phase=PHASE1), log)

    def _pay_in(self, seat: int, amount: int, head: str, chips: list[int], ledger: list[list[int]]) -> int:
        """Move up to `amount` chips from `seat` to the pot (all he has, under table stakes)."""
        if self.rules.table_stakes:
            amount = max(0, min(amount, chips[seat]))
        chips[seat] -= amount
        ledger[seat][LEDGER.index(head)] += amount
        return amount

    # -- betting ----------------------------------------------------------------------------------
    def _bet(self, seat: int, action: Action, log: list[Event]) -> DealState:
        c = self.contest
        assert c is not None
        if c.stage == "show":
            return self._showdown_step(seat, action, log)
        chips = list(self.chips)
        ledger = [list(row) for row in self.ledger]
        pot = self.pot
        paid = list(c.paid)
        kind = action.kind
        if kind == "pass":
            log.append(Event("pass", seat))
            c = replace(c, status=c.with_status(seat, PASSED))
            if seat == self.dealer:  # everyone has passed (STOPPA-6.3)
                return self._all_passed(replace(self, contest=c), log)
            return replace(self, contest=replace(c, to_act=(seat + 1) % self.players))
        if kind == "fold":
            log.append(Event("fold", seat))
            c = replace(c, status=c.with_status(seat, FOLDED))
            return self._after_bet(replace(self, contest=c), seat, log)
        if kind == "open":
            put = self._pay_in(seat, action.amount, "bets", chips, ledger)
            paid[seat] += put
            status = c.status.replace(WAITING, IN)
            c = replace(c, stage="bet", status=status, paid=tuple(paid), bet=paid[seat], aggressor=seat)
            log.append(Event("open", seat, put, value=pot + put))
        elif kind == "call":
            put = self._pay_in(seat, c.bet - paid[seat], "bets", chips, ledger)
            paid[seat] += put
            c = replace(c, paid=tuple(paid))
            log.append(Event("call", seat, put, value=pot + put))
        else:  # raise
            owed = c.bet - paid[seat]
            put = self._pay_in(seat, owed + action.amount, "bets", chips, ledger)
            paid[seat] += put
            c = replace(c, paid=tuple(paid), bet=max(c.bet, paid[seat]), aggressor=seat,
                        raises=c.raises + 1)
            log.append(Event("raise", seat, put, value=pot + put, count=put - owed))
        state = replace(self, chips=tuple(chips), ledger=_freeze(ledger), pot=pot + put, contest=c)
        return state._after_bet(state, seat, log)

    def _after_bet(self, state: DealState, seat: int, log: list[Event]) -> DealState:
        """Whose turn next; or the uncontested win (6.7); or the showdown (6.6)."""
        c = state.contest
        assert c is not None
        others = [s for s in c.live() if s != c.aggressor]
        if not others:
            return state._award(((c.aggressor, state.pot),), "uncontested", (), log)
        n = state.players
        s = (seat + 1) % n
        while s != c.aggressor:
            if c.status[s] == IN and not state._all_in(s):
                return replace(state, contest=replace(c, to_act=s))
            s = (s + 1) % n
        return state._begin_showdown(log)

    def _all_passed(self, state: DealState, log: list[Event]) -> DealState:
        if self.phase == PHASE2 and self.rules.all_pass_phase2 == "carry_over":  # STOPPA-OP-5 (B)
            log.append(Event("carry", amount=state.pot))
            outcome = Outcome(self.phase, self.hand_no, "carry", (), (), state.pot)
            return state._contest_done(outcome, log)
        return state._award(((self.dealer, state.pot),), "all_pass", (), log)

    def _award(self, awards: tuple[tuple[int, int], ...], how: str, reveals: tuple[Reveal, ...],
               log: list[Event]) -> DealState:
        """STOPPA-3.5: the winners take the pot (side pots and splits already worked out)."""
        chips = list(self.chips)
        ledger = [list(row) for row in self.ledger]
        total = 0
        for seat, amount in awards:
            chips[seat] += amount
            ledger[seat][LEDGER.index("won")] += amount
            total += amount
            log.append(Event("award", seat, amount, how=how))
        shown = list(self.shown)
        for r in reveals:
            shown[r.seat] = _merge(shown[r.seat], r.cards)
        outcome = Outcome(self.phase, self.hand_no, how, awards, reveals, total)
        state = replace(self, chips=tuple(chips), ledger=_freeze(ledger), pot=self.pot - total,
                        shown=tuple(shown))
        return state._contest_done(outcome, log)

    # -- the showdown (STOPPA-6.8, 6.9) -----------------------------------------------------------
    def _begin_showdown(self, log: list[Event]) -> DealState:
        c = self.contest
        assert c is not None
        n = self.players
        after = [(c.aggressor + k) % n for k in range(1, n)]
        order = tuple(s for s in after if c.status[s] == IN)
        c = replace(c, stage="show", order=order, reveals=(self._reveal(c.aggressor),))
        log.append(Event("show", c.aggressor, value=c.reveals[0].value, cards=c.reveals[0].cards))
        return replace(self, contest=c)._next_in_showdown(log)

    def _reveal(self, seat: int) -> Reveal:
        cards = self.hands[seat]
        return Reveal(seat, punto(cards), punto_cards(cards))

    def _showdown_step(self, seat: int, action: Action, log: list[Event]) -> DealState:
        c = self.contest
        assert c is not None
        if action.kind == "show":
            reveal = self._reveal(seat)
            log.append(Event("show", seat, value=reveal.value, cards=reveal.cards))
            c = replace(c, reveals=(*c.reveals, reveal))
        else:
            log.append(Event("concede", seat))
        return replace(self, contest=replace(c, order=c.order[1:]))._next_in_showdown(log)

    def _next_in_showdown(self, log: list[Event]) -> DealState:
        """Concede for whoever cannot beat the shown puntos; stop at a real choice, or award."""
        state = self
        while True:
            c = state.contest
            assert c is not None
            if not c.order:
                return state._award(state._showdown_awards(), "showdown", c.reveals, log)
            seat = c.order[0]
            if state.may_show(seat):
                if state.rules.showdown == "concede":
                    return replace(state, contest=replace(c, to_act=seat))
                reveal = state._reveal(seat)  # STOPPA-OP-14 (B): shown for him
                log.append(Event("show", seat, value=reveal.value, cards=reveal.cards))
                c = replace(c, reveals=(*c.reveals, reveal))
            else:
                log.append(Event("concede", seat, how="cannot_beat"))
            state = replace(state, contest=replace(c, order=c.order[1:]))

    def _pots(self) -> list[Pot]:
        assert self.contest is not None
        return pots(self.contest, self.pot, self.rules.table_stakes)

    def _rank_key(self, reveal: Reveal, index: int) -> tuple[int, int]:
        """Who wins between equal puntos (STOPPA-6.9, STOPPA-OP-3)."""
        if self.rules.tie == "seat_priority":
            return reveal.value, -((reveal.seat - self.di_mano) % self.players)
        return reveal.value, -index

    def may_show(self, seat: int) -> bool:
        """STOPPA-6.8: a player may show only a punto that would win a pot he plays for."""
        c = self.contest
        assert c is not None
        mine = Reveal(seat, self.punto_of(seat), ())
        my_key = self._rank_key(mine, len(c.reveals))
        for pot in self._pots():
            if seat not in pot.eligible:
                continue
            rivals = [(r, i) for i, r in enumerate(c.reveals) if r.seat in pot.eligible]
            if not rivals:
                return True
            if self.rules.tie == "split":
                if mine.value >= max(r.value for r, _ in rivals):
                    return True
            elif my_key > max(self._rank_key(r, i) for r, i in rivals):
                return True
        return False

    def _showdown_awards(self) -> tuple[tuple[int, int], ...]:
        c = self.contest
        assert c is not None
        won: dict[int, int] = {}
        for pot in self._pots():
            rivals = [(r, i) for i, r in enumerate(c.reveals) if r.seat in pot.eligible]
            if self.rules.tie == "split":
                top = max(r.value for r, _ in rivals)
                winners = sorted({r.seat for r, _ in rivals if r.value == top},
                                 key=lambda s: (s - self.di_mano) % self.players)
            else:
                best = max(rivals, key=lambda ri: self._rank_key(*ri))
                winners = [best[0].seat]
            share, rest = divmod(pot.amount, len(winners))
            for k, seat in enumerate(winners):
                won[seat] = won.get(seat, 0) + share + (rest if k == 0 else 0)
        return tuple((seat, amount) for seat, amount in won.items() if amount)

    # -- after a contest ----------------------------------------------------------------------------
    def _contest_done(self, outcome: Outcome, log: list[Event]) -> DealState:
        state = replace(self, contest=None, prev=outcome)
        if self.phase == PHASE2:
            return state._before_stoppata(log)
        used = tuple(u + h for u, h in zip(self.used, self.hands, strict=True))
        state = replace(state, used=used, hands=((),) * self.players)
        if self.hand_no < len(self.rules.hand_sizes()):
            return state._begin_hand(self.hand_no + 1, log)
        return state._begin_phase2(log)

    def _begin_hand(self, number: int, log: list[Event]) -> DealState:
        """STOPPA-7.1: the dealer's (or everyone's) misera, three cards each, the contest."""
        rules = self.rules
        state = self
        if rules.ante == "dealer_per_hand":  # STOPPA-3.3
            state = self._collect_misere([self.dealer], rules.misera, "STOPPA-3.3", log)
        elif rules.ante == "all_per_hand":  # STOPPA-OP-2 (B)
            state = self._collect_misere(_turn_order(self.dealer, self.players), rules.misera, "STOPPA-OP-2", log)
        size = rules.hand_sizes()[number - 1]
        hands, stock = deal_round(self.stock, self.players, self.dealer, size)
        log.append(Event("deal", count=size, value=number))
        return replace(state, phase=PHASE1, hand_no=number, hands=hands, stock=stock)._begin_contest()

    def _collect_misere(self, seats: list[int], amount: int, rule: str, log: list[Event]) -> DealState:
        """Each of `seats` in turn puts `amount` (or what he has) into the pot as a misera."""
        chips = list(self.chips)
        ledger = [list(row) for row in self.ledger]
        pot = self.pot
        for seat in seats:
            put = self._pay_in(seat, amount, "misere", chips, ledger)
            pot += put
            log.append(Event("misera", seat, put, value=pot, how=rule))
        return replace(self, chips=tuple(chips), ledger=_freeze(ledger), pot=pot)

    def _begin_contest(self) -> DealState:
        n = self.players
        contest = Contest("open", self.di_mano, WAITING * n, (0,) * n, dead=self.pot)
        return replace(self, contest=contest)

    def _begin_phase2(self, log: list[Event]) -> DealState:
        """STOPPA-4.4, 8.1: the rest of the cards, whole hands, the others' misere, one contest."""
        rules = self.rules
        n = self.players
        rest, stock = deal_round(self.stock, n, self.dealer, len(self.stock) // n)
        if rest[0]:
            log.append(Event("rest", count=len(rest[0])))
        hands = tuple(u + r for u, r in zip(self.used, rest, strict=True))
        log.append(Event("phase", value=2))
        state = self
        if rules.ante in ("dealer_per_hand", "initial_plus_catchup"):  # STOPPA-3.4
            others = [seat for seat in _turn_order(self.dealer, n) if seat != self.dealer]
            state = self._collect_misere(others, rules.misera * rules.hands_in_phase1, "STOPPA-3.4", log)
        return replace(state, phase=PHASE2, hand_no=0, hands=hands, used=((),) * n, stock=stock)._begin_contest()

    # -- the cancellation check and the stoppata -------------------------------------------------------
    def _before_stoppata(self, log: list[Event]) -> DealState:
        holders = [s for s in _turn_order(self.dealer, self.players) if cancels(self.hands[s], self.rules)]
        if holders and self.rules.cancel_claim:  # STOPPA-OP-7 (C): each holder may claim
            return replace(self, phase=CLAIM, claims=tuple(holders))
        if holders:  # STOPPA-9.1: automatic
            log.append(Event("cancel", holders[0], how=cancels(self.hands[holders[0]], self.rules)))
            return replace(self, phase=OVER, cancelled_by=holders[0])
        return self._begin_stoppata(log)

    def _claim(self, seat: int, action: Action, log: list[Event]) -> DealState:
        if action.kind == "claim":
            log.append(Event("cancel", seat, how=cancels(self.hands[seat], self.rules)))
            return replace(self, phase=OVER, claims=(), cancelled_by=seat)
        log.append(Event("decline", seat))
        if len(self.claims) > 1:
            return replace(self, claims=self.claims[1:])
        return replace(self, claims=())._begin_stoppata(log)

    def _begin_stoppata(self, log: list[Event]) -> DealState:
        log.append(Event("phase", value=3))
        lead = self.di_mano
        st = Stoppata(turn=lead, first_done=1 << lead, first_now=True)
        return replace(self, phase=PHASE3, stoppata=st)

    def _shed(self, seat: int, action: Action, log: list[Event]) -> DealState:
        st = self.stoppata
        assert st is not None
        rules = self.rules
        if action.kind == "stop":  # STOPPA-OP-9 (B)
            log.append(Event("stop", seat))
            return self._pass_turn(replace(self, stoppata=st), seat, log)
        hand = tuple(c for c in self.hands[seat] if c not in action.cards)
        hands = _put(self.hands, seat, hand)
        run_from = st.run_from if st.top else len(st.played)
        played = st.played + action.cards
        top = max(c.rank for c in action.cards)
        log.append(Event("shed", seat, cards=action.cards))
        st = replace(st, played=played, run_from=run_from, top=top, last=seat)
        state = replace(self, hands=hands, stoppata=st)
        if not hand:  # STOPPA-9.12
            return state._stoppata_won(seat, log)
        if needed(top, played_counts(played), rules) is None:  # STOPPA-9.7 (b)
            log.append(Event("close", seat))
            return replace(state, stoppata=replace(st, top=0))
        if legal_sheds(hand, st, rules):
            return state
        return state._pass_turn(state, seat, log)

    def _pass_turn(self, state: DealState, seat: int, log: list[Event]) -> DealState:
        """STOPPA-9.8: the turn passes right until someone can continue the same sequence.

        If it comes all the way back to the player who made the last play (possible only when
        continuing is optional), the sequence is closed and he opens a new one.
        """
        st = state.stoppata
        assert st is not None
        n = self.players
        skipped: list[int] = []
        s = seat
        first_done = st.first_done
        while True:
            s = (s + 1) % n
            first_now = not first_done >> s & 1
            first_done |= 1 << s
            if s == st.last:
                st = replace(st, turn=s, top=0, first_done=first_done, first_now=first_now)
                log.append(Event("turn", s, others=tuple(skipped), how="closed"))
                return replace(state, stoppata=st)
            st = replace(st, turn=s, first_done=first_done, first_now=first_now)
            if legal_sheds(state.hands[s], st, self.rules):
                log.append(Event("turn", s, others=tuple(skipped)))
                return replace(state, stoppata=st)
            skipped.append(s)

    def _stoppata_won(self, seat: int, log: list[Event]) -> DealState:
        """STOPPA-9.12 to 9.14: everyone pays the winner per pair of cards left."""
        st = self.stoppata
        assert st is not None
        rules = self.rules
        double = st.first_now and (rules.di_mano == "first_turn" or seat == self.di_mano)
        log.append(Event("stoppata", seat, how="double" if double else "single"))
        chips = list(self.chips)
        ledger = [list(row) for row in self.ledger]
        col = LEDGER.index("stoppata")
        for payer in _turn_order(self.dealer, self.players):
            if payer == seat:
                continue
            left = len(self.hands[payer])
            amount = payment(left, rules, double)
            if rules.table_stakes:
                amount = max(0, min(amount, chips[payer]))
            chips[payer] -= amount
            chips[seat] += amount
            ledger[payer][col] -= amount
            ledger[seat][col] += amount
            log.append(Event("pay", payer, amount, to=seat, count=left, how="double" if double else ""))
        st = replace(st, winner=seat, double=double)
        return replace(self, phase=OVER, stoppata=st, chips=tuple(chips), ledger=_freeze(ledger))

    # -- views --------------------------------------------------------------------------------------
    def view(self, seat: int) -> PlayerView:
        """What `seat` may know. In Phase I not even his own used pile (STOPPA-4.3)."""
        return PlayerView(
            rules=self.rules, seat=seat, phase=self.phase, dealer=self.dealer, hand_no=self.hand_no,
            hand=self.hands[seat], hand_sizes=tuple(map(len, self.hands)),
            used_sizes=tuple(map(len, self.used)), stock_size=len(self.stock),
            removed=self.removed if self.phase != KING else (),
            chips=self.chips, start_chips=self.start_chips, pot=self.pot, ledger=self.ledger,
            shown=self.shown, contest=self.contest, stoppata=self.stoppata, claims=self.claims,
            cancelled_by=self.cancelled_by, prev=self.prev, to_act=self.to_act,
        )

    # -- text -----------------------------------------------------------------------------------------
    def to_text(self) -> str:
        """`key=value` fields separated by spaces (see `from_text`); cards comma-separated, seats by /."""
        c = self.contest
        st = self.stoppata
        fields = {
            "d": str(self.dealer), "ph": self.phase, "h": str(self.hand_no), "pot": str(self.pot),
            "chips": _ints(self.chips), "start": _ints(self.start_chips),
            "led": "/".join(".".join(map(str, row)) for row in self.ledger),
            "hands": _seats(self.hands), "used": _seats(self.used), "stock": cards_field(self.stock),
            "out": cards_field(self.removed), "shown": _seats(self.shown),
            "c": "-" if c is None else ":".join((
                c.stage, str(c.to_act), c.status, ".".join(map(str, c.paid)), str(c.bet),
                str(c.aggressor), str(c.dead), _reveals(c.reveals), ".".join(map(str, c.order)) or "-",
                str(c.raises),
            )),
            "st": "-" if st is None else ":".join((
                str(st.turn), str(st.top), cards_field(st.played), str(st.run_from), str(st.first_done),
                _bit(st.first_now), str(st.last), str(st.winner), _bit(st.double),
            )),
            "claims": ".".join(map(str, self.claims)) or "-",
            "x": str(self.cancelled_by),
            "prev": _outcome(self.prev),
        }
        return " ".join(f"{k}={v}" for k, v in fields.items())

    @classmethod
    def from_text(cls, text: str, rules: Rules | None = None) -> DealState:
        rules = rules or Rules()
        try:
            return _parse_state(text, rules)
        except BadNotation:
            raise
        except (ValueError, IndexError, KeyError, AssertionError) as error:
            raise BadNotation(_("Not a Stoppa position: %(error)s") % {"error": error}) from None

    def check_cards_conserved(self) -> None:
        """Every card of the pack is in exactly one place; raise BadNotation otherwise."""
        places: list[Card] = [*self.stock, *self.removed]
        for group in (*self.hands, *self.used):
            places.extend(group)
        if self.stoppata:
            places.extend(self.stoppata.played)
        if len(places) != len(set(places)):
            raise BadNotation(_("A card is in two places at once"))
        if len(places) != 40:
            raise BadNotation(_("The position accounts for %(count)s cards, not 40") % {"count": len(places)})

    def __repr__(self) -> str:
        return f"DealState({self.to_text()!r})"


@dataclass(frozen=True)
class PlayerView:
    """What one player knows: his own visible cards, every public fact, the others' card counts."""

    rules: Rules
    seat: int
    phase: str
    dealer: int
    hand_no: int
    hand: Cards
    hand_sizes: tuple[int, ...]
    used_sizes: tuple[int, ...]
    stock_size: int
    removed: Cards
    chips: tuple[int, ...]
    start_chips: tuple[int, ...]
    pot: int
    ledger: tuple[tuple[int, ...], ...]
    shown: tuple[Cards, ...]
    contest: Contest | None
    stoppata: Stoppata | None
    claims: tuple[int, ...]
    cancelled_by: int
    prev: Outcome | None
    to_act: int | None

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def di_mano(self) -> int:
        return (self.dealer + 1) % self.players

    def known_in_hand(self, seat: int) -> Cards:
        """Cards everyone knows `seat` holds in his current hand (shown and not yet played)."""
        played = set(self.stoppata.played) if self.stoppata else set()
        if self.phase in (PHASE1, KING):
            reveals = self.contest.reveals if self.contest else ()
            return tuple(c for r in reveals if r.seat == seat for c in r.cards)
        cards = list(self.shown[seat])
        if self.contest:
            cards += [c for r in self.contest.reveals if r.seat == seat for c in r.cards]
        return tuple(dict.fromkeys(c for c in cards if c not in played))

    def unknown(self) -> list[Card]:
        """The cards of the pack whose place this player does not know, in pack order."""
        known = set(self.hand)
        if self.stoppata:
            known |= set(self.stoppata.played)
        for seat in range(self.players):
            known |= set(self.shown[seat])
            if seat != self.seat:
                known |= set(self.known_in_hand(seat))
        if self.phase == KING:
            pack: tuple[Card, ...] = tuple(DECK)
        else:
            pack = self.rules.pack(self.removed[0] if self.rules.players == 3 else None)
        return [c for c in pack if c not in known]

    def legal_actions(self) -> list[Action]:
        if self.to_act != self.seat:
            return []
        return self.sample_state(random.Random(0)).legal_actions()

    def sample_state(self, rng: random.Random) -> DealState:
        """A whole deal consistent with this view: the unknown cards placed at random."""
        n = self.players
        pool = self.unknown()
        rng.shuffle(pool)
        hands: list[Cards] = []
        used: list[Cards] = []
        phase1 = self.phase in (PHASE1, KING)
        for seat in range(n):
            if seat == self.seat:
                hand = self.hand
            else:
                known = self.known_in_hand(seat)
                take = self.hand_sizes[seat] - len(known)
                hand, pool = known + tuple(pool[:take]), pool[take:]
            hands.append(hand)
            if phase1:
                shown = tuple(c for c in self.shown[seat] if c not in hand)
                take = self.used_sizes[seat] - len(shown)
                pile, pool = shown + tuple(pool[:take]), pool[take:]
                used.append(pile)
            else:
                used.append(())
        stock = tuple(pool[: self.stock_size])
        removed = self.removed if self.removed or self.phase != KING else ()
        return DealState(
            rules=self.rules, dealer=self.dealer, phase=self.phase, hand_no=self.hand_no,
            hands=tuple(hands), used=tuple(used), stock=stock, removed=removed, chips=self.chips,
            start_chips=self.start_chips, pot=self.pot, ledger=self.ledger, shown=self.shown,
            contest=self.contest, stoppata=self.stoppata, claims=self.claims,
            cancelled_by=self.cancelled_by, prev=self.prev,
        )


def amounts(low: int, high: int) -> list[int]:
    """Bet amounts from `low` to `high`: all of them, or `LISTED_AMOUNTS` spread evenly."""
    if high - low < LISTED_AMOUNTS:
        return list(range(low, high + 1))
    step = (high - low) / (LISTED_AMOUNTS - 1)
    return sorted({low + round(k * step) for k in range(LISTED_AMOUNTS)})


# -- dealing --------------------------------------------------------------------------------------------
def deal(rules: Rules, seed: int | str, dealer: int = 0, *, chips: Sequence[int] | None = None,
         pot: int = 0, king: Card | None = None) -> DealState:
    """A new deal from a seeded shuffle: the misere are paid and the first hand is dealt.

    `chips` are the balances brought in (default: 0 each, or the bankroll under table stakes);
    `pot` is a pot carried over (STOPPA-OP-5 B). With three players and `king_removal="dealer"`
    the deal waits for the dealer to name the King to leave out (STOPPA-OP-12 B) unless `king`
    is given; with `"random"` the seed chooses it.
    """
    deck = shuffled_deck(seed)
    if rules.players == 3 and king is None:
        if rules.king_removal == "random":  # STOPPA-OP-12 (C)
            king = random.Random(f"{seed}:king").choice(KINGS)
        elif rules.king_removal == "dealer":
            return deal_from(rules, deck, dealer, chips=chips, pot=pot, wait_for_king=True)
    return deal_from(rules, [c for c in deck if c in rules.pack(king)], dealer, chips=chips, pot=pot, king=king)


def deal_from(rules: Rules, deck: Sequence[Card], dealer: int = 0, *, chips: Sequence[int] | None = None,
              pot: int = 0, king: Card | None = None, wait_for_king: bool = False) -> DealState:
    """Deal from `deck` in its order (the reduced pack, or all 40 cards while the dealer is still
    to choose the King to leave out)."""
    n = rules.players
    if not 0 <= dealer < n:
        raise BadNotation(_("The dealer is a seat from 0 to %(number)s") % {"number": n - 1})
    expected = set(rules.pack(king)) if not wait_for_king else set(rules.pack()) | set(KINGS)
    if len(deck) != len(expected) or set(deck) != expected:
        raise BadNotation(_("A deal for %(n)s players needs the %(count)s cards of its pack") % {"n": n, "count": len(expected)})
    if chips is None:
        chips = (rules.bankroll,) * n
    removed = () if wait_for_king else rules.removed_cards(king)
    state = DealState(
        rules=rules, dealer=dealer, phase=KING if wait_for_king else PHASE1, hand_no=0,
        hands=((),) * n, used=((),) * n, stock=tuple(deck), removed=removed, chips=tuple(chips),
        start_chips=tuple(chips), pot=pot, ledger=((0,) * len(LEDGER),) * n, shown=((),) * n,
    )
    if wait_for_king:
        return state
    log: list[Event] = []
    return replace(begin(state, log), events=tuple(log))


def position(rules: Rules, hands: Sequence[Sequence[Card] | str], *, dealer: int | None = None,
             phase: str = PHASE1, pot: int = 0, chips: Sequence[int] | None = None,
             played: Sequence[Card] | str = (), turn: int | None = None, top: int = 0) -> DealState:
    """A position built from hands (cards or text such as "7D 6D 1D"), seat by seat.

    Phase I: `hands` are the first three-card hands and the rest of the pack is the stock, so
    the contest opens at di mano with `pot` in the pot. Phase II: whole hands, each filled up to
    its size from the rest of the pack in pack order; the contest opens. Phase III: the
    stoppata with `played` on the table (the rest of the pack is also put there), the
    sequence `top` (0: open) and `turn` (default di mano), the turn having reached only him.
    The dealer defaults to the last seat, so that seat 0 is di mano.
    """
    n = rules.players
    dealer = n - 1 if dealer is None else dealer
    groups = [tuple(parse_cards(h)) if isinstance(h, str) else tuple(h) for h in hands]
    groups += [()] * (n - len(groups))
    on_table = tuple(parse_cards(played)) if isinstance(played, str) else tuple(played)
    pack = rules.pack()
    taken = {c for g in groups for c in g} | set(on_table)
    rest = [c for c in pack if c not in taken]
    chips = tuple(chips) if chips is not None else (rules.bankroll,) * n
    state = DealState(
        rules=rules, dealer=dealer, phase=phase, hand_no=1 if phase == PHASE1 else 0,
        hands=tuple(groups), used=((),) * n, stock=(), removed=rules.removed_cards(), chips=chips,
        start_chips=chips, pot=pot, ledger=((0,) * len(LEDGER),) * n, shown=((),) * n,
    )
    if phase == PHASE1:
        return replace(state, stock=tuple(rest))._begin_contest()
    if phase == PHASE2:
        filled = []
        for g in groups:
            take = rules.cards_each - len(g)
            filled.append(g + tuple(rest[:take]))
            rest = rest[take:]
        return replace(state, hands=tuple(filled), stock=tuple(rest))._begin_contest()
    lead = state.di_mano if turn is None else turn
    st = Stoppata(turn=lead, top=top, played=on_table + tuple(rest),
                  run_from=len(on_table) + len(rest), first_done=1 << lead, first_now=True)
    return replace(state, phase=PHASE3, stoppata=st)


def begin(state: DealState, log: list[Event]) -> DealState:
    """STOPPA-3.2: everyone's misera (except under ALL_PER_HAND), then the first hand."""
    rules = state.rules
    if rules.ante != "all_per_hand":
        state = state._collect_misere(_turn_order(state.dealer, state.players), rules.misera, "STOPPA-3.2", log)
    return state._begin_hand(1, log)


def _turn_order(dealer: int, players: int) -> list[int]:
    """From di mano round to the dealer."""
    return [(dealer + k) % players for k in range(1, players + 1)]


# -- text helpers -------------------------------------------------------------------------------------
def _freeze(rows: list[list[int]]) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(row) for row in rows)


def _put(values: tuple, index: int, value: object) -> tuple:
    return (*values[:index], value, *values[index + 1:])


def _parse_cards(text: str) -> Cards:
    return parse_cards_field(text.replace(".", ","))  # the cards of a reveal are joined by dots


def _merge(a: Cards, b: Cards) -> Cards:
    return tuple(dict.fromkeys((*a, *b)))


def _seats(groups: Sequence[Sequence[Card]]) -> str:
    return "/".join(cards_field(g) for g in groups)


def _ints(values: Sequence[int]) -> str:
    return "/".join(map(str, values))


def _bit(flag: bool) -> str:
    return "1" if flag else "0"


def _reveals(reveals: Sequence[Reveal]) -> str:
    return ";".join(f"{r.seat}@{r.value}@{'.'.join(map(str, r.cards))}" for r in reveals) or "-"


def _outcome(o: Outcome | None) -> str:
    if o is None:
        return "-"
    awards = ";".join(f"{s}x{a}" for s, a in o.awards) or "-"
    return ":".join((o.phase, str(o.hand_no), o.how, awards, _reveals(o.reveals), str(o.pot)))


def _parse_reveals(text: str) -> tuple[Reveal, ...]:
    if text == "-":
        return ()
    out = []
    for item in text.split(";"):
        seat, value, cards = item.split("@")
        out.append(Reveal(int(seat), int(value), _parse_cards(cards)))
    return tuple(out)


def _parse_state(text: str, rules: Rules) -> DealState:
    fields = dict(token.split("=", 1) for token in text.split())
    expected = {"d", "ph", "h", "pot", "chips", "start", "led", "hands", "used", "stock", "out",
                "shown", "c", "st", "claims", "x", "prev"}
    if set(fields) != expected:
        raise BadNotation(_("A Stoppa position has the fields %(value)s") % {"value": ", ".join(sorted(expected))})
    n = rules.players

    def per_seat(key: str) -> tuple[Cards, ...]:
        groups = tuple(_parse_cards(g) for g in fields[key].split("/"))
        if len(groups) != n:
            raise BadNotation(_("%(key)s should have %(n)s groups separated by /") % {"key": key, "n": n})
        return groups

    def ints(key: str) -> tuple[int, ...]:
        values = tuple(int(v) for v in fields[key].split("/"))
        if len(values) != n:
            raise BadNotation(_("%(key)s should have %(n)s numbers separated by /") % {"key": key, "n": n})
        return values

    contest = None
    if fields["c"] != "-":
        stage, to_act, status, paid, bet, aggressor, dead, reveals, order, raises = fields["c"].split(":")
        if stage not in ("open", "bet", "show") or len(status) != n or set(status) - set("wpif"):
            raise BadNotation(_("Not a contest"))
        contest = Contest(stage, int(to_act), status, tuple(int(v) for v in paid.split(".")),
                          int(bet), int(aggressor), int(dead), _parse_reveals(reveals),
                          () if order == "-" else tuple(int(v) for v in order.split(".")), int(raises))
    stoppata = None
    if fields["st"] != "-":
        turn, top, played, run_from, first_done, first_now, last, winner, double = fields["st"].split(":")
        stoppata = Stoppata(int(turn), int(top), _parse_cards(played), int(run_from), int(first_done),
                            first_now == "1", int(last), int(winner), double == "1")
    prev = None
    if fields["prev"] != "-":
        phase, hand_no, how, awards, reveals, total = fields["prev"].split(":")
        prev = Outcome(phase, int(hand_no), how, () if awards == "-" else tuple(
            (int(s), int(a)) for s, a in (item.split("x") for item in awards.split(";"))
        ), _parse_reveals(reveals), int(total))
    ledger = tuple(tuple(int(v) for v in row.split(".")) for row in fields["led"].split("/"))
    if fields["ph"] not in (KING, PHASE1, PHASE2, CLAIM, PHASE3, OVER):
        raise BadNotation(_("Unknown phase %(value)s") % {"value": quoted(fields["ph"])})
    state = DealState(
        rules=rules, dealer=int(fields["d"]), phase=fields["ph"], hand_no=int(fields["h"]),
        hands=per_seat("hands"), used=per_seat("used"), stock=_parse_cards(fields["stock"]),
        removed=_parse_cards(fields["out"]), chips=ints("chips"), start_chips=ints("start"),
        pot=int(fields["pot"]), ledger=ledger, shown=per_seat("shown"), contest=contest,
        stoppata=stoppata, claims=() if fields["claims"] == "-" else tuple(int(v) for v in fields["claims"].split(".")),
        cancelled_by=int(fields["x"]), prev=prev,
    )
    if not 0 <= state.dealer < n or len(ledger) != n:
        raise BadNotation(_("Bad dealer or ledger"))
    seat = state.to_act
    if seat is not None and not 0 <= seat < n:
        raise BadNotation(_("The seat to act is not at the table"))
    state.check_cards_conserved()
    return state
