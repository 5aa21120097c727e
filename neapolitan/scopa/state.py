"""The state of one Scopa hand: deal, legal plays, `apply`, the end of the hand, text form, views."""
from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Callable, Iterator, Sequence
from typing import NamedTuple

from neapolitan.cards import (
    DECK,
    Card,
    by_index,
    by_rank,
    cards_from_mask,
    deal_round,
    mask_of,
    shuffled_deck,
)
from neapolitan.errors import BadNotation, IllegalAction, quoted
from neapolitan.i18n import _, ngettext
from neapolitan.notation import cards_field, parse_cards_field, parse_flag, parse_seat
from neapolitan.scopa.actions import SHARED_PLAYS, TRAILS, Play
from neapolitan.scopa.captures import (
    RANK_SIG,
    TRAIL,
    capture_indices,
    options_by_rank,
    subsets_summing,
    table_sig,
    why_not_capture,
)
from neapolitan.scopa.rules import Rules

Cards = tuple[Card, ...]


class HandState:
    """One hand of Scopa, immutable: `apply` returns the next state.

    Seats run counter-clockwise: seat p+1 is on p's right (rules README §2). The dealer deals from
    his right, and the player on his right (`dealer + 1`) plays first (SCOPA-2.2). In 4-player
    games seats p and p+2 are partners. Captured cards are kept per side as bit masks.
    The table is a set, kept sorted by rank (then suit): capture options are cached as positions
    in the table by its rank signature, so every state's table must be in that order.
    """

    __slots__ = (
        "rules", "hands", "table", "stock", "piles", "scope", "bonus", "to_move", "dealer",
        "last_capturer", "last_was_scopa", "is_over", "_actions", "_sig", "_left", "hand_masks",
    )

    def __init__(
        self,
        rules: Rules,
        hands: tuple[Cards, ...],
        table: Cards,
        stock: Cards,
        piles: tuple[int, ...],
        scope: tuple[int, ...],
        bonus: tuple[int, ...],
        to_move: int,
        dealer: int,
        last_capturer: int | None,
        last_was_scopa: bool = False,
    ) -> None:
        self.rules = rules
        self.hands = hands
        self.hand_masks = tuple(map(mask_of, hands))  # each hand's cards as a bit mask
        self.table = table = tuple(sorted(table, key=by_rank))
        self.stock = stock
        self.piles = piles
        self.scope = scope
        self.bonus = bonus
        self.to_move = to_move
        self.dealer = dealer
        self.last_capturer = last_capturer
        self.last_was_scopa = last_was_scopa
        self._sig = table_sig(table)  # the table's ranks, the key of the capture caches
        self._left = sum(map(len, hands)) + len(stock)
        self.is_over = not self._left  # every card has been played (SCOPA-4), leftovers taken
        self._actions: list[Play] | None = [] if self.is_over else None  # listed when first asked

    # -- facts ---------------------------------------------------------------------------
    @property
    def players(self) -> int:
        return len(self.hands)

    def side_of(self, seat: int) -> int:
        return self.rules.side_of(seat)

    def captured(self, side: int) -> list[Card]:
        return cards_from_mask(self.piles[side])

    def cards_left_to_play(self) -> int:
        return self._left

    # -- legal plays -----------------------------------------------------------------------
    def legal_actions(self) -> list[Play]:
        """Every legal play of the player to move: each card with each capture it may make."""
        plays = self._actions
        if plays is None:
            plays = self._actions = legal_plays(
                self.hands[self.to_move], self.table, self._sig, self.rules, self._left
            )
        return plays

    def is_legal(self, play: Play) -> bool:
        return play in self.legal_actions()

    # -- playing ------------------------------------------------------------------------------
    def apply(self, play: Play) -> HandState:
        """The state after `play`. Raises IllegalAction (citing the rule) and changes nothing."""
        for known in self._actions or ():
            if known is play:  # identity: plays from legal_actions() are shared objects
                break
        else:
            self._check_legal(play)
        return self.apply_legal(play)

    def apply_legal(self, play: Play) -> HandState:
        """The state after `play`, which the caller knows to be legal here: one of the legal plays
        of this state or of one with the same hand to play from, table and cards left (the
        searches, which play only such plays). `apply` is this after checking the play."""
        rules = self.rules
        seat = self.to_move
        card = play.card
        left = self._left - 1
        after = _new_state(HandState)
        after.rules = rules
        after.dealer = dealer = self.dealer
        after.stock = self.stock
        after.piles = self.piles
        after.scope = self.scope
        after.bonus = self.bonus
        after._left = left
        after.is_over = not left
        after._actions = None if left else []
        gone = play.mask
        # Only Scopa d'Assi has plays whose kind changes what happens (SCOPA-16).
        kind = self._capture_kind(card) if rules.ace_sweep else ""
        if gone or kind == "self":
            table = list(self.table)
            for taken in play.captured:
                table.remove(taken)
            after.table = table = tuple(table)
            after._sig = self._sig - play.table_sig
            after.last_capturer = seat
            side = rules.seat_sides[seat]
            after.piles = _with_cards(self.piles, side, gone | card.bit)
            if not table and _sweep_is_scopa(rules, kind, left):  # SCOPA-6.1
                after.last_was_scopa = True
                after.scope = _bump(self.scope, side, 1)
            else:
                after.last_was_scopa = False
            if rules.three_suit_bonus and _three_suit_fifteen(play):  # SCOPA-15.2
                after.bonus = _bump(self.bonus, side, 1)
        else:
            table = list(self.table)
            table.insert(bisect_right(table, card.by_rank, key=by_rank), card)
            after.table = tuple(table)
            after._sig = self._sig + RANK_SIG[card.rank]
            after.last_capturer = self.last_capturer
            after.last_was_scopa = self.last_was_scopa
        if left and left == len(self.stock):  # SCOPA-3.4: the hands are empty: deal again from the stock
            after.hands, after.stock = deal_round(self.stock, len(self.hands), dealer, 3)
            after.hand_masks = tuple(map(mask_of, after.hands))
            after.to_move = rules.next_seat[dealer]
        else:
            hands = list(self.hands)
            hand = list(hands[seat])
            hand.remove(card)
            hands[seat] = tuple(hand)
            after.hands = tuple(hands)
            masks = list(self.hand_masks)
            masks[seat] ^= card.bit
            after.hand_masks = tuple(masks)
            after.to_move = rules.next_seat[seat]
            if not left:
                _end_of_hand(after)
        return after

    def left_on_table(self, play: Play) -> tuple[Card, ...]:
        """The cards `play` leaves on the table: after the hand's last card they go to the side of
        the last capture (SCOPA-7.1), or to no one if nobody captured (SCOPA-7.2)."""
        takes = bool(play.captured) or (self.rules.ace_sweep and self._capture_kind(play.card) == "self")
        left = tuple(c for c in self.table if c not in play.captured)
        return left if takes else (*left, play.card)

    def _capture_kind(self, card: Card) -> str:
        values = tuple([c.rank for c in self.table])
        return capture_indices(card.rank, values, self.rules.capture_key)[1]

    def _check_legal(self, play: Play) -> None:
        """Raise IllegalAction unless `play` is legal."""
        if play not in self.legal_actions():
            raise IllegalAction(*explain_illegal(self, play))

    def apply_text(self, text: str) -> HandState:
        return self.apply(Play.parse(text))

    # -- views and text ---------------------------------------------------------------------
    def view(self, seat: int, history: tuple[Seen, ...] = ()) -> PlayerView:
        """What `seat` may know: his hand, the table, every captured card, the others' hand sizes,
        and (when the caller kept it: see `history_after`) the plays of the current deal."""
        return PlayerView(
            rules=self.rules,
            seat=seat,
            hand=self.hands[seat],
            table=self.table,
            piles=self.piles,
            scope=self.scope,
            bonus=self.bonus,
            hand_sizes=tuple(len(h) for h in self.hands),
            stock_size=len(self.stock),
            to_move=self.to_move,
            dealer=self.dealer,
            last_capturer=self.last_capturer,
            last_was_scopa=self.last_was_scopa,
            history=history,
        )

    def to_text(self) -> str:
        """`hands table stock piles scope bonus to_move dealer last_capturer last_was_scopa`."""
        return " ".join((
            "/".join(cards_field(h) for h in self.hands),
            cards_field(self.table),
            cards_field(self.stock),
            "/".join(cards_field(cards_from_mask(p)) for p in self.piles),
            "/".join(map(str, self.scope)),
            "/".join(map(str, self.bonus)),
            str(self.to_move),
            str(self.dealer),
            "-" if self.last_capturer is None else str(self.last_capturer),
            "1" if self.last_was_scopa else "0",
        ))

    @classmethod
    def from_text(cls, text: str, rules: Rules | None = None) -> HandState:
        rules = rules or Rules()
        fields = text.split()
        if len(fields) != 10:
            raise BadNotation(_("A Scopa position has 10 fields, this one has %(count)s") % {"count": len(fields)})
        hands_t, table_t, stock_t, piles_t, scope_t, bonus_t, to_move, dealer, last, lws = fields
        hands = tuple(parse_cards_field(h) for h in hands_t.split("/"))
        if len(hands) != rules.players:
            raise BadNotation(_("%(name)s needs %(players)s hands, not %(count)s") % {"name": rules.name, "players": rules.players, "count": len(hands)})
        piles = tuple(mask_of(parse_cards_field(p)) for p in piles_t.split("/"))
        state = cls(
            rules, hands, parse_cards_field(table_t), parse_cards_field(stock_t), piles,
            _ints(scope_t, rules.sides), _ints(bonus_t, rules.sides),
            parse_seat(to_move, rules.players), parse_seat(dealer, rules.players),
            None if last == "-" else parse_seat(last, rules.players), parse_flag(lws),
        )
        state.check_cards_conserved()
        return state

    def check_cards_conserved(self) -> None:
        """Every card is in exactly one place (hands, table, stock, piles); raise otherwise."""
        seen = 0
        count = 0
        for group in (*self.hands, self.table, self.stock):
            for c in group:
                seen |= c.bit
                count += 1
        for pile in self.piles:
            if seen & pile:
                raise BadNotation(_("A card is in two places at once"))
            seen |= pile
            count += pile.bit_count()
        if len(self.piles) != self.rules.sides:
            raise BadNotation(_("%(name)s has %(sides)s sides") % {"name": self.rules.name, "sides": self.rules.sides})
        if count != seen.bit_count():
            raise BadNotation(_("A card appears twice in the position"))
        if count > 40:
            raise BadNotation(_("More than 40 cards"))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, HandState) and self.rules == other.rules and (
            self.to_text() == other.to_text()
        )

    def __hash__(self) -> int:
        return hash(self.to_text())

    def __repr__(self) -> str:
        return f"HandState({self.to_text()!r})"


class Seen(NamedTuple):
    """One play of the current deal of the stock as every player saw it: who played, what, and
    the table he played it on."""

    seat: int
    play: Play
    table: Cards


def history_after(history: tuple[Seen, ...], before: HandState, play: Play, after: HandState) -> tuple[Seen, ...]:
    """The current deal's plays once `play` has taken `before` to `after`: none again when the
    stock has dealt new hands (SCOPA-3.4) or the hand is over. Kept by whoever plays a hand out
    (the arena, the tables), never by `HandState`, whose `apply` is the search's hot path."""
    if after.is_over or len(after.stock) != len(before.stock):
        return ()
    return (*history, Seen(before.to_move, play, before.table))


def deal_history(state: HandState, plays: Sequence[tuple[int, Play]]) -> tuple[Seen, ...]:
    """The current deal's history (as `history_after` keeps it) for a caller that kept only the
    hand's plays (`plays`: seat and play, oldest first; earlier deals' plays are left aside): each
    play's table worked back from the current one. None when `plays` is too short to tell."""
    made = state.players * state.rules.hand_size - sum(map(len, state.hands))
    if state.is_over or made <= 0 or len(plays) < made:
        return ()
    table = list(state.table)
    seen: list[Seen] = []
    for seat, play in reversed(plays[len(plays) - made:]):
        if play.captured:
            table.extend(play.captured)
        elif play.card in table:
            table.remove(play.card)
        seen.append(Seen(seat, play, tuple(sorted(table, key=by_rank))))
    return tuple(reversed(seen))


def played_out(state: HandState, choose: Callable[[PlayerView], Play]) -> Iterator[HandState]:
    """Each state of the hand after `state` to its end, the player to move choosing each play by
    `choose` from his view, with the current deal's history."""
    history: tuple[Seen, ...] = ()
    while not state.is_over:
        play = choose(state.view(state.to_move, history))
        after = state.apply(play)
        history = history_after(history, state, play, after)
        state = after
        yield state


class PlayerView:
    """What one player knows: everything but the other hands and the order of the stock; and,
    when whoever built the view kept it, the public history of the current deal (`Seen`), which
    is not part of the text form."""

    __slots__ = (
        "rules", "seat", "hand", "table", "piles", "scope", "bonus", "hand_sizes",
        "stock_size", "to_move", "dealer", "last_capturer", "last_was_scopa", "history",
    )

    def __init__(self, *, rules: Rules, seat: int, hand: Cards, table: Cards, piles: tuple[int, ...],
                 scope: tuple[int, ...], bonus: tuple[int, ...], hand_sizes: tuple[int, ...],
                 stock_size: int, to_move: int, dealer: int, last_capturer: int | None,
                 last_was_scopa: bool, history: tuple[Seen, ...] = ()) -> None:
        self.rules = rules
        self.seat = seat
        self.hand = hand
        self.table = tuple(sorted(table, key=by_rank))  # in the order of HandState.table
        self.piles = piles
        self.scope = scope
        self.bonus = bonus
        self.hand_sizes = hand_sizes
        self.stock_size = stock_size
        self.to_move = to_move
        self.dealer = dealer
        self.last_capturer = last_capturer
        self.last_was_scopa = last_was_scopa
        self.history = history

    def unseen(self) -> list[Card]:
        """Cards this player has not seen: the other hands and the stock, in pack order."""
        seen = mask_of(self.hand) | mask_of(self.table)
        for pile in self.piles:
            seen |= pile
        return [c for c in DECK if not seen & c.bit]

    def cards_left_to_play(self) -> int:
        return sum(self.hand_sizes) + self.stock_size

    def legal_actions(self) -> list[Play]:
        if self.to_move != self.seat:
            return []
        return legal_plays(self.hand, self.table, table_sig(self.table), self.rules, self.cards_left_to_play())

    def sample_state(self, rng: random.Random) -> HandState:
        """A full state consistent with this view: the unseen cards dealt at random (determinization)."""
        unseen = self.unseen()
        rng.shuffle(unseen)
        hands: list[Cards] = []
        pos = 0
        for seat, size in enumerate(self.hand_sizes):
            if seat == self.seat:
                hands.append(self.hand)
            else:
                hands.append(tuple(unseen[pos:pos + size]))
                pos += size
        return self.world(tuple(hands), unseen[pos:])

    def world(self, hands: tuple[Cards, ...], stock: Sequence[Card]) -> HandState:
        """The full state this view sees, with the hands (this player's own among them) and the
        stock dealt as given."""
        return HandState(
            self.rules, hands, self.table, tuple(stock), self.piles, self.scope,
            self.bonus, self.to_move, self.dealer, self.last_capturer, self.last_was_scopa,
        )

    def to_text(self) -> str:
        """`seat hand table piles scope bonus hand_sizes stock to_move dealer last last_was_scopa`."""
        return " ".join((
            str(self.seat),
            cards_field(self.hand),
            cards_field(self.table),
            "/".join(cards_field(cards_from_mask(p)) for p in self.piles),
            "/".join(map(str, self.scope)),
            "/".join(map(str, self.bonus)),
            "/".join(map(str, self.hand_sizes)),
            str(self.stock_size),
            str(self.to_move),
            str(self.dealer),
            "-" if self.last_capturer is None else str(self.last_capturer),
            "1" if self.last_was_scopa else "0",
        ))

    @classmethod
    def from_text(cls, text: str, rules: Rules | None = None) -> PlayerView:
        rules = rules or Rules()
        fields = text.split()
        if len(fields) != 12:
            raise BadNotation(_("A Scopa player view has 12 fields, this one has %(count)s") % {"count": len(fields)})
        seat, hand, table, piles, scope, bonus, sizes, stock, to_move, dealer, last, lws = fields
        view = cls(
            rules=rules, seat=parse_seat(seat, rules.players), hand=parse_cards_field(hand),
            table=parse_cards_field(table),
            piles=tuple(mask_of(parse_cards_field(p)) for p in piles.split("/")),
            scope=_ints(scope, rules.sides), bonus=_ints(bonus, rules.sides),
            hand_sizes=_ints(sizes, rules.players), stock_size=int(stock),
            to_move=parse_seat(to_move, rules.players), dealer=parse_seat(dealer, rules.players),
            last_capturer=None if last == "-" else parse_seat(last, rules.players),
            last_was_scopa=parse_flag(lws),
        )
        if len(view.hand) != view.hand_sizes[view.seat]:
            raise BadNotation(_("The hand size does not match the hand"))
        if len(view.unseen()) != sum(view.hand_sizes) - len(view.hand) + view.stock_size:
            raise BadNotation(_("The unseen cards do not add up to the other hands and the stock"))
        return view

    def __eq__(self, other: object) -> bool:
        return isinstance(other, PlayerView) and self.rules == other.rules and (
            self.to_text() == other.to_text()
        )

    def __hash__(self) -> int:
        return hash(self.to_text())


def legal_plays(hand: Cards, table: Cards, sig: int, rules: Rules, cards_left: int) -> list[Play]:
    """Every legal play from `hand` on `table` (whose rank signature is `sig`): each card with each
    capture it may make. `cards_left`: cards still to play, hands and stock (for the regola del vile)."""
    options = rules.capture_cache.get(sig) or options_by_rank(sig, rules)
    opening = rules.regola_del_vile and cards_left == 40 - rules.table_size
    if opening and not all(c.rank == 1 for c in hand):
        hand = [c for c in hand if c.rank != 1]  # SCOPA-OP-14: the first player may not lead an Ace
    shared = SHARED_PLAYS
    plays: list[Play] = []
    for card in hand:
        choices = options[card.rank]
        if choices is TRAIL:  # the most common case: the card captures nothing
            plays.append(TRAILS[card.index])
            continue
        base = card.index << 40  # a play's key: the card's index, then the captured cards' bits
        for option in choices:
            key = base
            for i in option:
                key |= table[i].bit
            play = shared.get(key)
            if play is None:
                play = Play.of(card, table, option)
            plays.append(play)
    return plays


# -- dealing ---------------------------------------------------------------------------------
def deal(rules: Rules, seed: int | str, dealer: int = 0) -> HandState:
    """Deal a hand from a seeded shuffle (SCOPA-3). A void deal is re-dealt by the same dealer.

    The n-th re-deal shuffles with seed `"{seed}/{n}"`, so the whole sequence is reproducible.
    """
    attempt = 0
    while True:
        deck = shuffled_deck(seed if attempt == 0 else f"{seed}/{attempt}")
        state = _deal(rules, deck, dealer)  # a shuffled pack is whole: no need to check it
        if not deal_is_void(rules, state.table):
            return state
        attempt += 1


def deal_from(rules: Rules, deck: Sequence[Card], dealer: int = 0) -> HandState:
    """Deal from `deck` in its order: hands one card at a time from the dealer's right, then the table."""
    if len(deck) != 40 or len({c.index for c in deck}) != 40:
        raise BadNotation(_("A deal needs the whole 40-card pack"))
    return _deal(rules, deck, dealer)


def _deal(rules: Rules, deck: Sequence[Card], dealer: int) -> HandState:
    if not 0 <= dealer < rules.players:
        raise BadNotation(_("The dealer must be a seat, 0 to %(number)s, not %(dealer)s") % {"number": rules.players - 1, "dealer": quoted(dealer)})
    hands, rest = deal_round(tuple(deck), rules.players, dealer, rules.hand_size)
    size = rules.table_size
    table, stock = rest[:size], rest[size:]
    zeros = (0,) * rules.sides
    piles = zeros
    if rules.fifteen and rules.quindici_table_15_to_dealer and _table_makes_fifteens(table):
        piles = _with_cards(piles, rules.side_of(dealer), mask_of(table))  # SCOPA-OP-9 (C)
        table = ()
    return HandState(rules, hands, table, stock, piles, zeros, zeros, rules.next_seat[dealer], dealer, None)


def deal_is_void(rules: Rules, table: Sequence[Card]) -> bool:
    """SCOPA-3.5: three or four Kings among the initial table cards void the deal."""
    kings = [c.rank for c in table].count(10)
    if rules.king_redeal == "three_or_four":
        return kings >= 3
    if rules.king_redeal == "three_only":
        return kings == 3
    return False


def _table_makes_fifteens(table: Sequence[Card]) -> bool:
    total = sum(c.rank for c in table)
    if total == 15:
        return True
    if total == 30:
        return bool(subsets_summing(tuple(c.rank for c in table), 15, 1))
    return False


# -- explaining a refusal ---------------------------------------------------------------------
def explain_illegal(state: HandState, play: Play) -> tuple[str, str | None]:
    """Why `play` is not legal here, in words a player understands, with the rule ID."""
    if state.is_over:
        return _("The hand is over: no more cards can be played."), "SCOPA-7"
    card = play.card
    if card not in state.hands[state.to_move]:
        return _("%(card)s is not in your hand.") % {"card": card}, "SCOPA-4.1"
    missing = [c for c in play.captured if c not in state.table]
    if missing:
        return ngettext("%(cards)s is not on the table.", "%(cards)s are not on the table.", len(missing)) % {
            "cards": ", ".join(map(str, sorted(missing, key=by_index)))}, "SCOPA-5"
    if not any(p.card is card for p in state.legal_actions()):
        return _("You may not lead an Ace on the first play (regola del vile)."), "SCOPA-OP-14"
    reason = why_not_capture(card, state.table, play.captured, state.rules)
    return reason or (_("That play is not allowed here."), None)


# -- small helpers -----------------------------------------------------------------------------
_new_state = object.__new__


def _end_of_hand(state: HandState) -> None:
    """SCOPA-7: the cards left on the table go to the last capturer, and are never a scopa."""
    rules = state.rules
    if state.last_capturer is not None:
        side = rules.seat_sides[state.last_capturer]
        state.piles = _with_cards(state.piles, side, mask_of(state.table))
        if rules.last_sweep == "last_capture_literal" and state.last_was_scopa:  # SCOPA-OP-5 (B)
            state.scope = _bump(state.scope, side, -1)
    state.table = ()
    state._sig = 0


def _sweep_is_scopa(rules: Rules, kind: str, left: int) -> bool:
    """Whether emptying the table scores a scopa (SCOPA-6.1): not the Ace taking itself, not an
    Ace sweep (SCOPA-16.3, OP-12), and not with the hand's last card (SCOPA-6.2, OP-5)."""
    if kind == "self" or (kind == "ace_sweep" and not rules.ace_sweep_is_scopa):
        return False
    return left > 0 or rules.last_sweep != "last_play"


def _three_suit_fifteen(play: Play) -> bool:
    """SCOPA-15.2: a fifteen of exactly three cards in three different suits."""
    captured = play.captured
    return (
        len(captured) == 2
        and play.card.rank + sum(c.rank for c in captured) == 15
        and len({play.card.suit, *(c.suit for c in captured)}) == 3
    )


def _with_cards(piles: tuple[int, ...], side: int, cards: int) -> tuple[int, ...]:
    """The piles (bit masks) with the cards of mask `cards` added to `side`'s."""
    grown = list(piles)
    grown[side] |= cards
    return tuple(grown)


def _bump(values: tuple[int, ...], index: int, by: int) -> tuple[int, ...]:
    """`values` with `by` added to the one at `index`."""
    bumped = list(values)
    bumped[index] += by
    return tuple(bumped)


def _ints(text: str, count: int) -> tuple[int, ...]:
    try:
        values = tuple(int(v) for v in text.split("/"))
    except ValueError:
        raise BadNotation(_("%(text)s should be %(count)s numbers separated by /") % {"text": quoted(text), "count": count}) from None
    if len(values) != count or any(v < 0 for v in values):
        raise BadNotation(_("%(text)s should be %(count)s numbers separated by /") % {"text": quoted(text), "count": count})
    return values


