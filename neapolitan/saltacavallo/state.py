"""The state of a Saltacavallo game: first dealer, deal, exchange, dealer's turn, lives, revival, text, views."""
from __future__ import annotations

import random
from dataclasses import dataclass, replace

from neapolitan.cards import RE_BELLO, Card, parse_cards, shuffled_deck
from neapolitan.errors import BadNotation, IllegalAction, quoted
from neapolitan.i18n import _
from neapolitan.notation import cards_field, parse_cards_field, parse_seat
from neapolitan.saltacavallo.actions import (
    DRAW,
    GIVE,
    KEEP,
    NEXT,
    REFUSE,
    SWAP,
    Action,
    Event,
    revive,
)
from neapolitan.saltacavallo.play import draw_sequence, resolve, swap_target
from neapolitan.saltacavallo.rules import CAVALLO, Rules

PHASES = ("exchange", "dealer", "between", "reply", "over")
Cards = tuple[Card, ...]
Holdings = tuple[Card | None, ...]


def choose_first_dealer(rules: Rules, seed: int | str) -> tuple[int, tuple[tuple[int, Card], ...]]:
    """SALTA-3.1 on a pack shuffled from `seed`: see `first_dealer_from`."""
    return first_dealer_from(rules, shuffled_deck(f"{seed}:first-dealer"))


def first_dealer_from(rules: Rules, pack: list[Card]) -> tuple[int, tuple[tuple[int, Card], ...]]:
    """SALTA-3.1: cards dealt face up round the table, from seat 0 counter-clockwise, until the
    second Denari card (SALTA-OP-11 (B): the Re di Denari); its receiver deals first.
    Returns the dealer and the cards dealt face up, as (seat, card)."""
    seat = 0
    denari = 0
    shown: list[tuple[int, Card]] = []
    for card in pack:
        shown.append((seat, card))
        if rules.first_dealer == "10D":
            if card is RE_BELLO:
                return seat, tuple(shown)
        elif card.suit == "D":
            denari += 1
            if denari == 2:
                return seat, tuple(shown)
        seat = (seat + 1) % rules.players
    raise BadNotation(_("The pack ran out before the card that chooses the dealer (SALTA-3.1)"))


def play_order(dealer: int, living: list[int] | tuple[int, ...], players: int) -> tuple[int, ...]:
    """Living seats from the dealer's right round to the dealer himself (SALTA-4.1)."""
    alive = set(living)
    return tuple(s for k in range(1, players + 1) if (s := (dealer + k) % players) in alive)


@dataclass(frozen=True)
class GameState:
    """A whole game of Saltacavallo, immutable: `apply` returns the next state.

    Seats are fixed for the whole game; seat p+1 is on p's right (rules README §2). `dealt`
    holds this hand's deal (None for a dead player), `cards` what each holds now, `shown`
    which cards lie face up. `stock` is face down, top first; `out` is every card out of play
    since the last shuffle, face up. Every one of the 40 cards is in exactly one of
    `cards`, `stock` and `out`.
    """

    rules: Rules
    seed: str
    hand_no: int
    dealer: int
    lives: tuple[int, ...]
    pot: int
    phase: str
    to_act: int | None
    dealt: Holdings
    cards: Holdings
    shown: tuple[bool, ...]
    stock: Cards
    out: Cards
    events: tuple[Event, ...] = ()
    pending: tuple[int, int] | None = None  # REVIVAL_VOLUNTARY: (dead, living) asked
    losers: tuple[int, ...] = ()  # who lost in the last resolution
    void: bool = False  # the last hand was void (SALTA-8.3)
    winners: tuple[int, ...] = ()
    replay: bool = False  # TIE_ELIM_REPLAY: the same dealer deals the deciding hand

    # -- a new game ---------------------------------------------------------------------------
    @classmethod
    def new(cls, rules: Rules, seed: int | str, dealer: int | None = None) -> GameState:
        """SALTA-2.2 lives, SALTA-3.1 first dealer (or the one given), SALTA-4.1 the first deal."""
        seed = str(seed)
        if "|" in seed or not seed.strip():
            raise BadNotation(_("A game seed is a word without | in it"))
        if dealer is None:
            dealer, _card = choose_first_dealer(rules, seed)
        lives = (rules.lives,) * rules.players
        return _deal(rules, seed, 1, dealer, lives, 0, shuffled_deck(f"{seed}:1"), ())

    @classmethod
    def from_deal(cls, rules: Rules, cards: str, dealer: int, stock: str | None = None,
                  lives: tuple[int, ...] | None = None, seed: str = "fixed") -> GameState:
        """A hand dealt as given: `cards` lists each seat's card (`-` for a dead seat), and `stock`
        the stock top first (None: every other card, in a seeded order; otherwise the cards named
        nowhere are out of play). For examples, tests and puzzles."""
        held = [None if t == "-" else parse_cards(t)[0] for t in cards.split()]
        if len(held) != rules.players:
            raise BadNotation(_("Give one card (or -) for each of the %(players)s seats") % {"players": rules.players})
        lives = lives or tuple(0 if c is None else rules.lives for c in held)
        if any((c is None) != (life == 0) for c, life in zip(held, lives, strict=True)):
            raise BadNotation(_("Exactly the dead seats (no lives) are dealt no card"))
        dealt = {c for c in held if c is not None}
        if stock is None:
            stock_cards = tuple(c for c in shuffled_deck(seed) if c not in dealt)
        else:
            stock_cards = tuple(parse_cards(stock))
        named = dealt | set(stock_cards)
        out = tuple(c for c in shuffled_deck(seed) if c not in named)
        pot = rules.lives * rules.players - sum(lives)
        return _start_hand(rules, seed, 1, dealer, lives, max(pot, 0), tuple(held), stock_cards, out)

    # -- facts --------------------------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def hand_over(self) -> bool:
        return self.phase in ("between", "reply", "over")

    def living(self) -> list[int]:
        return [s for s in range(self.players) if self.lives[s] > 0]

    def dead(self) -> list[int]:
        return [s for s in range(self.players) if self.lives[s] == 0]

    def hand_seats(self) -> tuple[int, ...]:
        """The seats dealt into this hand, in play order: next(D) first, the dealer last."""
        return play_order(self.dealer, [s for s in range(self.players) if self.dealt[s] is not None],
                          self.players)

    def ranks_by_position(self, public: bool = False) -> list[int]:
        """Each hand seat's rank in play order; with `public`, 0 for a card lying face down."""
        return [
            0 if public and not self.shown[s] else self.cards[s].rank  # type: ignore[union-attr]
            for s in self.hand_seats()
        ]

    def target_of(self, seat: int, public: bool = True):
        """Where `seat`'s swap would land (SALTA-6.3), judged on the cards face up if `public`."""
        order = self.hand_seats()
        found = swap_target(order.index(seat), self.ranks_by_position(public), self.rules)
        return replace(
            found,
            target=None if found.target is None else order[found.target],
            jumped=tuple(order[p] for p in found.jumped),
            wall=None if found.wall is None else order[found.wall],
        )

    # -- legal actions --------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        if self.phase == "exchange":
            assert self.to_act is not None
            card = self.cards[self.to_act]
            assert card is not None
            if card.rank >= CAVALLO:  # SHOW_ON_DEMAND: a hidden Re/Cavallo can only be kept (SALTA-5.3)
                return [KEEP]
            # Judged on the cards face up: under SHOW_ON_DEMAND a swap may be tried (SALTA-OP-6).
            if self.target_of(self.to_act).target is None:
                return [KEEP]
            return [KEEP, SWAP]
        if self.phase == "dealer":
            return [KEEP, DRAW] if self.stock else [KEEP]
        if self.phase == "reply":
            return [GIVE, REFUSE]
        if self.phase == "between":
            actions = [NEXT]
            if self.rules.revival_on:
                actions += [revive(d, a) for d in self.dead() for a in self.living()]
            return actions
        return []

    # -- playing ------------------------------------------------------------------------------------
    def apply(self, action: Action) -> GameState:
        """The state after `action`. Raises IllegalAction (citing the rule) and changes nothing."""
        if action not in self.legal_actions():
            raise IllegalAction(*self.why_illegal(action))
        if self.phase == "exchange":
            return self._exchange(action)
        if self.phase == "dealer":
            return self._dealer_turn(action)
        if self.phase == "reply":
            return self._answer(action)
        if action.kind == "revive":
            return self._revive(action)
        return self._next_hand()

    def apply_text(self, text: str) -> GameState:
        return self.apply(Action.parse(text))

    def why_illegal(self, action: Action) -> tuple[str, str]:
        """Why `action` is not legal here, in words a player understands, with the rule ID."""
        phase = self.phase
        if phase == "over":
            return _("The game is over: the last player alive has won the pot."), "SALTA-11.1"
        if action.kind == "next":
            return _("The hand is still being played."), "SALTA-10.1"
        if action.kind == "revive":
            if not self.rules.revival_on:
                return _("The dead stay out with these rules: there is no revival."), "SALTA-OP-8"
            if phase != "between":
                return _("A dead player can be revived only between hands."), "SALTA-9.2"
            return _("Only a dead player can be revived, and only by a living one."), "SALTA-9.2"
        if action.kind in ("give", "refuse"):
            return _("Nobody has been asked for a life."), "SALTA-OP-8"
        if phase in ("between", "reply"):
            return _("The hand is over: deal the next hand first."), "SALTA-10.1"
        if action.kind == "draw":
            if phase == "dealer":
                return _("The stock is empty: the dealer keeps his card."), "SALTA-7.3"
            return _("Only the dealer draws from the stock, on his turn."), "SALTA-7.4"
        if action.kind == "swap":
            if phase == "dealer":
                return _("The dealer never swaps with a player: he may only draw."), "SALTA-7.4"
            card = self.cards[self.to_act]  # type: ignore[index]
            if card is not None and card.rank >= CAVALLO:
                return _("A Re or a Cavallo never changes hands."), "SALTA-5.3"
            found = self.target_of(self.to_act)  # type: ignore[arg-type]
            if found.wall is not None:
                wall = self.cards[found.wall]
                if wall is not None and wall.rank == CAVALLO:
                    return (_("Seat %(wall)s shows a Cavallo and the swap cannot go on past it.") % {"wall": found.wall},
                            found.rule)
                return _("Seat %(wall)s shows a Re: the King is a wall, so you keep your card.") % {"wall": found.wall}, found.rule
            return _("No swap is possible from this seat."), found.rule
        return _("That is not possible now."), "SALTA-6"

    def _exchange(self, action: Action) -> GameState:
        seat = self.to_act
        assert seat is not None
        if action.kind == "keep":
            return self._after_decision(self.events + (Event("keep", seat),), self.cards, self.shown)
        found = self.target_of(seat, public=False)
        shown = list(self.shown)
        for s in found.jumped + ((found.wall,) if found.wall is not None else ()):
            shown[s] = True  # SHOW_ON_DEMAND: the cards that jump or stop a swap are turned up
        if found.target is None:
            event = Event("blocked", seat, None, found.jumped, found.wall)
            return self._after_decision(self.events + (event,), self.cards, tuple(shown))
        target = found.target
        cards = list(self.cards)
        gave, got = cards[seat], cards[target]
        cards[seat], cards[target] = got, gave
        event = Event("swap", seat, target, found.jumped, cards=(gave, got))  # type: ignore[arg-type]
        return self._after_decision(self.events + (event,), tuple(cards), tuple(shown))

    def _after_decision(self, events: tuple[Event, ...], cards: Holdings, shown: tuple[bool, ...]) -> GameState:
        order = self.hand_seats()
        after = order[order.index(self.to_act) + 1:-1]  # type: ignore[arg-type]
        nxt = _next_decider(after, shown)
        if nxt is not None:
            return replace(self, events=events, cards=cards, shown=shown, to_act=nxt)
        return _dealer_phase(replace(self, events=events, cards=cards, shown=shown))

    def _dealer_turn(self, action: Action) -> GameState:
        dealer = self.dealer
        if action.kind == "keep":
            return _resolve(replace(self, events=self.events + (Event("dealer_keep", dealer),)))
        used, index = draw_sequence(self.stock, self.rules)
        drawn = self.stock[:used]
        cards = list(self.cards)
        out = list(self.out)
        if index is None:
            out += drawn
            result = None
        else:
            result = drawn[index]
            out += [c for c in drawn if c is not result] + [cards[dealer]]  # type: ignore[list-item]
            cards[dealer] = result
        event = Event("draw", dealer, cards=drawn, result=result)
        return _resolve(replace(self, cards=tuple(cards), stock=self.stock[used:], out=tuple(out),
                                events=self.events + (event,)))

    def _revive(self, action: Action) -> GameState:
        if self.rules.revival == "voluntary":
            return replace(self, phase="reply", pending=(action.dead, action.living), to_act=action.living)
        return _give_life(self, action.dead, action.living)  # type: ignore[arg-type]

    def _answer(self, action: Action) -> GameState:
        dead, living = self.pending  # type: ignore[misc]
        back = replace(self, phase="between", pending=None, to_act=None)
        return _give_life(back, dead, living) if action.kind == "give" else back

    def _next_hand(self) -> GameState:
        """SALTA-10.1 (SALTA-OP-10, SALTA-OP-7 (C)): who deals next, and from which pack."""
        number = self.hand_no + 1
        dealer_alive = self.lives[self.dealer] > 0
        enough = len(self.stock) >= len(self.living())
        stock_short = self.rules.deal_until_stock_short
        if (self.replay or stock_short and enough) and dealer_alive:
            dealer = self.dealer  # the deciding hand, or the same dealer going on with his stock
        else:
            dealer = next(s for k in range(1, self.players + 1)
                          if self.lives[s := (self.dealer + k) % self.players] > 0)
        if stock_short and enough and dealer == self.dealer:
            held = tuple(c for c in self.cards if c is not None)
            return _deal(self.rules, self.seed, number, dealer, self.lives, self.pot, list(self.stock),
                         self.out + held, cut=False)
        return _deal(self.rules, self.seed, number, dealer, self.lives, self.pot,
                     shuffled_deck(f"{self.seed}:{number}"), ())

    # -- views and text ---------------------------------------------------------------------------
    def known_seats(self, seat: int) -> set[int]:
        """The seats whose current card `seat` knows: his own, those face up, and what he learned
        in swaps (SALTA-6.6), following known cards as they move in later swaps everyone sees."""
        known = {seat} if self.dealt[seat] is not None else set()
        for event in self.events:
            if event.kind != "swap":
                continue
            a, t = event.seat, event.target
            if seat in (a, t):
                known |= {a, t}  # type: ignore[arg-type]
            else:
                had_a, had_t = a in known, t in known
                known.discard(a)
                known.discard(t)  # type: ignore[arg-type]
                if had_a:
                    known.add(t)  # type: ignore[arg-type]
                if had_t:
                    known.add(a)
        return known | {s for s in range(self.players) if self.shown[s] and self.cards[s] is not None}

    def view(self, seat: int) -> PlayerView:
        known = self.known_seats(seat)
        return PlayerView(
            rules=self.rules, seat=seat, hand_no=self.hand_no, dealer=self.dealer, lives=self.lives,
            pot=self.pot, phase=self.phase, to_act=self.to_act,
            cards=tuple(c if s in known else None for s, c in enumerate(self.cards)),
            dealt_in=tuple(c is not None for c in self.dealt), shown=self.shown,
            events=tuple(e if e.kind != "swap" or seat in (e.seat, e.target) else
                         replace(e, cards=()) for e in self.events),
            stock_size=len(self.stock), out=self.out, losers=self.losers, void=self.void,
            winners=self.winners, pending=self.pending,
            legal=tuple(self.legal_actions()) if self.to_act == seat else (),
        )

    def to_text(self) -> str:
        """`seed|hand|dealer|lives|pot|phase|to_act|dealt|cards|shown|stock|out|events|pending|losers|void|winners|replay`."""
        return "|".join((
            self.seed, str(self.hand_no), str(self.dealer), "/".join(map(str, self.lives)), str(self.pot),
            self.phase, _opt(self.to_act), _holdings(self.dealt), _holdings(self.cards),
            "".join("1" if s else "0" for s in self.shown), cards_field(self.stock), cards_field(self.out),
            " ".join(e.to_text() for e in self.events) or "-",
            "-" if self.pending is None else f"{self.pending[0]},{self.pending[1]}",
            ",".join(map(str, self.losers)) or "-", "1" if self.void else "0",
            ",".join(map(str, self.winners)) or "-", "1" if self.replay else "0",
        ))

    @classmethod
    def from_text(cls, text: str, rules: Rules) -> GameState:
        parts = text.split("|")
        if len(parts) != 18:
            raise BadNotation(_("A Saltacavallo position has 18 fields separated by |, this one has %(count)s") % {"count": len(parts)})
        (seed, hand_no, dealer, lives, pot, phase, to_act, dealt, cards, shown, stock, out, events,
         pending, losers, void, winners, replay) = parts
        try:
            state = cls(
                rules, seed, int(hand_no), parse_seat(dealer, rules.players), _ints(lives, rules.players), int(pot),
                phase, None if to_act == "-" else parse_seat(to_act, rules.players),
                _parse_holdings(dealt, rules), _parse_holdings(cards, rules),
                tuple(ch == "1" for ch in shown), parse_cards_field(stock), parse_cards_field(out),
                () if events == "-" else tuple(Event.from_text(e) for e in events.split()),
                None if pending == "-" else tuple(int(v) for v in pending.split(",")),  # type: ignore[arg-type]
                () if losers == "-" else tuple(int(v) for v in losers.split(",")), void == "1",
                () if winners == "-" else tuple(int(v) for v in winners.split(",")), replay == "1",
            )
        except ValueError as error:
            raise BadNotation(_("Not a Saltacavallo position: %(error)s") % {"error": error}) from None
        state.check()
        return state

    def check(self) -> None:
        """Raise BadNotation unless the position is coherent: 40 cards, lives and pot, the phase."""
        if self.phase not in PHASES:
            raise BadNotation(_("Unknown phase %(phase)s") % {"phase": quoted(self.phase)})
        if len(self.shown) != self.players or len(self.cards) != self.players:
            raise BadNotation(_("Give every one of the %(players)s seats a card or -") % {"players": self.players})
        every = [c for c in self.cards if c is not None] + list(self.stock) + list(self.out)
        if len(every) != 40 or len(set(every)) != 40:
            raise BadNotation(_("The 40 cards must each be in exactly one place"))
        if any(life < 0 for life in self.lives) or self.pot < 0:
            raise BadNotation(_("Lives and the pot cannot be negative"))
        if sum(self.lives) + self.pot != self.rules.lives * self.players:
            raise BadNotation(_("The lives in front of the players and in the pot must add up (SALTA-2.3)"))
        if self.phase in ("exchange", "dealer", "reply") and self.to_act is None:
            raise BadNotation(_("Someone must be to act in the %(phase)s phase") % {"phase": self.phase})


def _next_decider(seats: tuple[int, ...], shown: tuple[bool, ...]) -> int | None:
    """SALTA-5.1: a player showing a Re or Cavallo makes no decision."""
    return next((s for s in seats if not shown[s]), None)


def _deal(rules: Rules, seed: str, number: int, dealer: int, lives: tuple[int, ...], pot: int,
          pack: list[Card], out: Cards, cut: bool = True) -> GameState:
    """SALTA-4.1: the player on the dealer's left cuts; one card face down to each living player
    from the dealer's right, the dealer last; the rest is the stock."""
    if cut:
        at = random.Random(f"{seed}:{number}:cut").randrange(1, len(pack))
        pack = pack[at:] + pack[:at]
    order = play_order(dealer, [s for s in range(rules.players) if lives[s] > 0], rules.players)
    held: list[Card | None] = [None] * rules.players
    for i, seat in enumerate(order):
        held[seat] = pack[i]
    return _start_hand(rules, seed, number, dealer, lives, pot, tuple(held), tuple(pack[len(order):]), out)


def _start_hand(rules: Rules, seed: str, number: int, dealer: int, lives: tuple[int, ...], pot: int,
                held: Holdings, stock: Cards, out: Cards) -> GameState:
    """SALTA-5.1: Kings and Cavalli turn face up at once (unless SHOW_ON_DEMAND)."""
    shown = tuple(c is not None and c.rank >= CAVALLO and not rules.show_on_demand for c in held)
    state = GameState(rules, seed, number, dealer, lives, pot, "exchange", None, held, held, shown,
                      stock, out)
    order = state.hand_seats()
    first = _next_decider(order[:-1], shown)
    if first is not None:
        return replace(state, to_act=first)
    return _dealer_phase(state)


def _dealer_phase(state: GameState) -> GameState:
    """SALTA-7.1: every card is turned up; a dealer showing a Re or Cavallo does nothing (SALTA-7.2)."""
    shown = tuple(c is not None for c in state.cards)
    state = replace(state, shown=shown, phase="dealer", to_act=state.dealer)
    if state.cards[state.dealer].rank >= CAVALLO:  # type: ignore[union-attr]
        return _resolve(state)
    return state


def _resolve(state: GameState) -> GameState:
    """SALTA-8 and SALTA-9.1: the lowest loses a life; SALTA-11: the end of the game."""
    order = state.hand_seats()
    outcome = resolve(state.ranks_by_position(), [state.lives[s] for s in order], state.rules)
    lives = list(state.lives)
    pot = state.pot
    losers = tuple(sorted(order[p] for p in outcome.losers))
    for seat in losers:
        loss = lives[seat] if outcome.all_lives else 1
        lives[seat] -= loss
        pot += loss
    after = replace(state, lives=tuple(lives), pot=pot, phase="between", to_act=None, losers=losers,
                    void=outcome.void, replay=outcome.void and state.rules.tie_elimination == "replay")
    living = after.living()
    if outcome.eliminated_together:  # SALTA-OP-7 (B): the players eliminated together share the pot
        return replace(after, phase="over", winners=losers)
    if len(living) == 1:  # SALTA-11.1
        return replace(after, phase="over", winners=tuple(living))
    if len(living) == 2 and state.rules.final_two == "split":  # SALTA-OP-9 (B)
        return replace(after, phase="over", winners=tuple(living))
    return after


def _give_life(state: GameState, dead: int, living: int) -> GameState:
    """SALTA-9.2: the living player moves one of his coins to the dead player's stack."""
    lives = list(state.lives)
    lives[living] -= 1
    lives[dead] += 1
    return replace(state, lives=tuple(lives))


class PlayerView:
    """What one player may know: his card, the cards face up, what he learned in swaps, who
    swapped with whom, lives, the pot, how many cards are in the stock and which are out of play."""

    __slots__ = ("rules", "seat", "hand_no", "dealer", "lives", "pot", "phase", "to_act", "cards",
                 "dealt_in", "shown", "events", "stock_size", "out", "losers", "void", "winners",
                 "pending", "legal")

    def __init__(self, **fields) -> None:
        for name in self.__slots__:
            setattr(self, name, fields[name])

    def hand_seats(self) -> tuple[int, ...]:
        return play_order(self.dealer, [s for s in range(self.rules.players) if self.dealt_in[s]],
                          self.rules.players)

    @property
    def card(self) -> Card | None:
        return self.cards[self.seat]

    def swapped_into(self) -> int | None:
        """The seat that swapped with this player before his turn, if any."""
        for event in self.events:
            if event.kind == "swap" and event.target == self.seat:
                return event.seat
            if event.seat == self.seat:
                return None
        return None

    def legal_actions(self) -> list[Action]:
        return list(self.legal)

    def to_text(self) -> str:
        """`seat|hand|dealer|lives|pot|phase|to_act|known cards|dealt in|shown|stock size|out|events`."""
        return "|".join((
            str(self.seat), str(self.hand_no), str(self.dealer), "/".join(map(str, self.lives)),
            str(self.pot), self.phase, _opt(self.to_act), _holdings(self.cards),
            "".join("1" if d else "0" for d in self.dealt_in),
            "".join("1" if s else "0" for s in self.shown), str(self.stock_size), cards_field(self.out),
            " ".join(_public_event_text(e) for e in self.events) or "-",
        ))


def _public_event_text(event: Event) -> str:
    if event.kind == "swap" and not event.cards:
        jumped = ",".join(map(str, event.jumped)) or "-"
        return f"s{event.seat}>{event.target}/{jumped}/?/?"
    return event.to_text()


# -- text helpers ----------------------------------------------------------------------------------
def _opt(value: int | None) -> str:
    return "-" if value is None else str(value)


def _holdings(cards: Holdings) -> str:
    return ",".join("-" if c is None else str(c) for c in cards)


def _parse_holdings(text: str, rules: Rules) -> Holdings:
    items = text.split(",")
    if len(items) != rules.players:
        raise BadNotation(_("Give every one of the %(players)s seats a card or -") % {"players": rules.players})
    return tuple(None if t == "-" else parse_cards(t)[0] for t in items)


def _ints(text: str, count: int) -> tuple[int, ...]:
    values = tuple(int(v) for v in text.split("/"))
    if len(values) != count:
        raise BadNotation(_("%(text)s should be %(count)s numbers separated by /") % {"text": quoted(text), "count": count})
    return values


