"""Sette e Mezzo at the practice table: the adapter the shared table views call, and its presenter."""
from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from django.http import HttpRequest
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from neapolitan.cards import Card
from neapolitan.errors import IllegalAction
from neapolitan.i18n import decimal
from neapolitan.i18n import percent as to_percent
from neapolitan.settemezzo import Action, DealerPolicy, Game, Rules
from neapolitan.settemezzo.actions import HIT, REPLACE, STAND
from neapolitan.settemezzo.bots import BOTS
from neapolitan.settemezzo.coach import Decision, dealer_advice, punter_advice, review
from neapolitan.settemezzo.odds import next_card, punter_odds
from neapolitan.settemezzo.state import BUST_, OUT, PLAY, SETTE, STOOD, WAIT, HandState
from neapolitan.settemezzo.values import BUST, REALE, SIMPLE, halves_text, hand_outcome, hand_value
from tutorials.core.inputs import whole_number
from tutorials.core.links import reverse
from tutorials.settemezzo.forms import SetteTableForm
from tutorials.tables.models import Table
from tutorials.tables.registry import SEAT_PLACES, most_chips, register, told
from tutorials.tables.registry import seat_name as table_seat_name

NEXT_HAND = "next"
STAKE_CHOICES = (1, 2, 5, 10)


class SetteAdapter:
    slug = "settemezzo"
    template = "settemezzo/table.html"
    form_class = SetteTableForm

    def new_game(self, options: dict[str, Any], seed: str) -> tuple[Game, str]:
        stands_on = 5 if options.get("dealer_rule") == "5" else 0
        rules = Rules(players=int(options.get("players", 3)), dealer_stands_on=stands_on)
        role = options.get("role", "punter")
        dealer = {"punter": 1, "dealer": 0}.get(role)  # "draw": SETTE-2.2 decides
        game = Game.new(rules, seed, dealer=dealer, hands=int(options.get("hands", 10)))
        return game, rules.to_text()

    def load(self, rules_text: str, state_text: str) -> Game:
        return Game.from_text(state_text, Rules.from_text(rules_text))

    def dump(self, state: Game) -> str:
        return state.to_text()

    def parse_action(self, state: Game, text: str) -> Action | str:
        if text.strip().lower() == NEXT_HAND:
            return NEXT_HAND
        return Action.parse(text)

    def apply(self, state: Game, action: Action | str) -> Game:
        if action == NEXT_HAND:
            return state.next_hand()
        if state.is_over:
            raise IllegalAction(_("This game is over. Start a new game to play again."), "SETTE-7")
        if state.hand.is_over:
            raise IllegalAction(_("The hand is over: deal the next hand first."), "SETTE-7")
        assert isinstance(action, Action)
        return state.apply(action)

    def is_over(self, state: Game) -> bool:
        return state.is_over

    def hands_done(self, state: Game) -> int:
        return state.hand_no - 1 + int(state.hand.is_over)

    def outcome(self, state: Game) -> str:
        return most_chips(state.chips_now)

    def seat_to_act(self, state: Game) -> int | None:
        return None if state.hand.is_over else state.hand.to_move

    def bot_action(self, state: Game, seat: int, options: dict[str, Any], log: Sequence[dict[str, Any]] = ()) -> Action:
        bot = BOTS[options.get("opponent", "exact")]
        view = state.hand.view(seat)
        return bot(view, random.Random(f"{state.seed}:{state.hand_no}:{len(view.history)}"))

    def narrate(self, before: Game, seat: int, action: Action | str, after: Game) -> str:
        if action == NEXT_HAND:
            return told(after.dealer, _("Hand %(n)s: you deal."), _("Hand %(n)s: %(who)s deals."), n=after.hand_no)
        assert isinstance(action, Action)
        return narrate_action(before.hand, seat, action, after.hand)

    def seat_name(self, state: Game, seat: int) -> str:
        return seat_name(seat)

    def presenter(self, table: Table, state: Game, request: HttpRequest) -> SetteTableView:
        return SetteTableView.build(table, state, request.GET.get("stake", ""))


register(SetteAdapter())


# -- words --------------------------------------------------------------------------------------------
def seat_name(seat: int, lower: bool = False) -> str:
    return _("you") if seat == 0 and lower else table_seat_name(seat)


def total_text(value: Fraction) -> str:
    return halves_text(int(value * 2))


def chips_text(n: int) -> str:
    return ngettext("%(n)s chip", "%(n)s chips", abs(n)) % {"n": n}


def narrate_action(before: HandState, seat: int, action: Action, after: HandState) -> str:
    """One line for the log, telling only what every player at the table saw."""
    who = seat_name(seat)
    is_dealer = seat == before.dealer
    if is_dealer:
        who = _("%(who)s (dealer)") % {"who": who}
    s = after.seats[seat]
    if action.kind == REPLACE:
        return _("%(who)s exchanged a 3 or a 4 for a new face-down card.") % {"who": who}
    staked = action.stake is not None
    words = {"who": who, "chips": chips_text(action.stake or 0)}
    if action.kind == STAND:
        if is_dealer:
            text = _("%(who)s stood on %(total)s.") % {"who": who, "total": total_text(after.value(seat))}
        else:
            text = (_("%(who)s put out %(chips)s and stood (sto).") if staked else _("%(who)s stood (sto).")) % words
    else:
        words["card"] = s.up[-1].italian_name
        text = (_("%(who)s put out %(chips)s and asked for a card (carta): %(card)s.") if staked
                else _("%(who)s asked for a card (carta): %(card)s.")) % words
        if action.add:
            text += " " + _("The stake goes up to %(chips)s.") % {"chips": chips_text(s.stake)}
        outcome = hand_outcome(s.cards, before.rules)
        if outcome == BUST:
            if is_dealer:
                text += " " + _("The dealer is bust!")
            else:
                text += " " + _("Bust: %(who)s paid %(chips)s.") % {"who": seat_name(seat, lower=True),
                                                                   "chips": chips_text(s.stake)}
        elif outcome == REALE:
            text += " " + _("Sette e mezzo reale! The hole card was %(card)s.") % {"card": s.hole.italian_name}
        elif outcome == SIMPLE:
            text += " " + _("Sette e mezzo! The hole card was %(card)s.") % {"card": s.hole.italian_name}
    if after.is_over and not before.is_over:
        if all(after.seats[p].status in (BUST_, OUT) for p in after.punter_order()):
            text += " " + _("Every punter went bust: the dealer does not play.")
        else:
            text += " " + _("The hand is over.")
    return text


def status_label(state: HandState, seat: int) -> str:
    s = state.seats[seat]
    if seat == state.dealer and s.status == WAIT:
        if state.is_over:
            return _("did not need to play")
        return _("waiting") if state.phase != "dealer" else _("drawing")
    if s.status == SETTE and hand_outcome(s.cards, state.rules) == REALE:
        return _("sette e mezzo reale")
    return {
        WAIT: _("waiting"), PLAY: _("drawing"), STOOD: _("stands (sto)"), SETTE: _("sette e mezzo"),
        BUST_: _("bust (sballato)"), OUT: _("sits out"),
    }[s.status]


# -- the presenter -----------------------------------------------------------------------------------
@dataclass
class SeatBox:
    seat: int
    name: str
    position: str  # top, left, right, me
    is_dealer: bool
    chips: int
    stake: int
    status: str
    hole: Card | None  # None: face down to the learner (or no card)
    has_hole: bool
    up: tuple[Card, ...]
    total: str  # "" when the learner cannot know it
    to_move: bool
    delta: int
    busted: bool


@dataclass
class Choice:
    action: str
    label: str
    kind: str  # hit, stand, replace


@dataclass
class OptionRow:
    label: str
    value: Fraction
    best: bool

    @property
    def value_text(self) -> str:
        return decimal(self.value, 3, signed=True)


@dataclass
class CoachPanel:
    """The exact figures for the learner's decision now."""

    is_dealer: bool
    total: str
    unseen: int
    bust: Fraction
    seven_half: Fraction
    totals: list[tuple[str, Fraction]]
    options: list[OptionRow]
    policy: str = ""
    best_play: list[tuple[str, Fraction]] = field(default_factory=list)
    unit: str = ""
    # A dealer free to choose (SETTE-OP-6 A) follows no fixed rule: the choices are valued against
    # each rule he could keep to, a column each (`options` then holds the column of FREE_DEALER_MAIN).
    columns: list[str] = field(default_factory=list)
    grid: list[tuple[str, list[OptionRow]]] = field(default_factory=list)

    def cards_text(self, p: Fraction) -> str:
        """`12 of 39 cards (30.8%)`: a next-card probability as the cards that make it."""
        return _("%(k)s of %(n)s cards (%(pct)s)") % {"k": p * self.unseen, "n": self.unseen, "pct": percent(p)}

    @property
    def bust_text(self) -> str:
        return self.cards_text(self.bust)

    @property
    def seven_half_text(self) -> str:
        return self.cards_text(self.seven_half)

    @property
    def total_rows(self) -> list[tuple[str, str]]:
        return [(t, self.cards_text(p)) for t, p in self.totals]

    @property
    def best_play_rows(self) -> list[tuple[str, str]]:
        return [(label, percent(p)) for label, p in self.best_play]


@dataclass
class ReviewRow:
    cards: tuple[Card, ...]
    total: str
    choice: str
    best: str
    loss: Fraction
    options: list[OptionRow]
    unit: str

    @property
    def lost(self) -> bool:
        return self.loss > 0

    @property
    def loss_text(self) -> str:
        return decimal(self.loss, 3)


@dataclass
class ResultRow:
    name: str
    outcome: str
    delta: int
    chips: int
    is_dealer: bool


def choice_label(name: str) -> str:
    return {"stand": _("Stand (sto)"), "card": _("Card (carta)"), "replace": _("Exchange the card")}[name]


def percent(p: Fraction) -> str:
    return to_percent(p, 1)


@dataclass
class SetteTableView:
    """Everything the Sette e Mezzo table template shows, from the learner's seat."""

    game: Game
    table: Table
    act_url: str
    opponents: list[SeatBox]
    me: SeatBox
    your_turn: bool
    choices: list[Choice]
    stakes: list[tuple[int, bool]]
    stake: int
    declaring: bool
    prompt: str
    narration: list[str]
    scores: list[tuple[str, int]]
    coach: CoachPanel | None = None
    review: list[ReviewRow] = field(default_factory=list)
    review_note: str = ""  # what the punter's values in the review were worked out against
    results: list[ResultRow] = field(default_factory=list)
    bank_note: str = ""
    winner_note: str = ""
    draw_note: str = ""

    @property
    def hand(self) -> HandState:
        return self.game.hand

    @property
    def rules(self) -> Rules:
        return self.game.rules

    @property
    def lost_decisions(self) -> int:
        return sum(1 for r in self.review if r.lost)

    @classmethod
    def build(cls, table: Table, game: Game, stake_text: str) -> SetteTableView:
        hand = game.hand
        me_seat = table.human_seat
        view = hand.view(me_seat)
        legal = view.legal_actions()
        your_turn = bool(legal)
        declaring = your_turn and view.me.status == WAIT and not view.is_dealer
        rules = game.rules
        stake = _chosen_stake(stake_text, rules, view.me.stake)
        act_url = reverse("play_act", kwargs={"game": "settemezzo", "table_id": table.public_id})
        boxes = [_seat_box(hand, seat, game.chips_now[seat], me_seat) for seat in range(rules.players)]
        for box in boxes[1:]:
            box.position = SEAT_PLACES.get(rules.players, {}).get(box.seat, "top")
        presenter = cls(
            game=game, table=table, act_url=act_url,
            opponents=boxes[1:], me=boxes[0], your_turn=your_turn,
            choices=_choices(legal, declaring, stake),
            stakes=[(s, s == stake) for s in STAKE_CHOICES if rules.min_stake <= s <= rules.max_stake],
            stake=stake, declaring=declaring, prompt=_prompt(hand, me_seat, your_turn, declaring),
            narration=table.recent_lines(10), scores=[(seat_name(b.seat), b.chips) for b in boxes],
        )
        if table.options.get("role") == "draw" and game.hand_no == 1:
            presenter.draw_note = _draw_note(game)
        if your_turn:
            presenter.coach = _coach(view)
        if hand.is_over:
            presenter.fill_results()
            presenter.review = _review(game, me_seat)
            presenter.review_note = _policy_text(DealerPolicy.for_rules(game.rules)) + (
                "" if game.rules.dealer_stands_on else " " + _("This table's dealer plays as he sees fit: "
                                                              "standing on 5 is the best fixed rule for him."))
        return presenter

    def fill_results(self) -> None:
        hand = self.hand
        chips = self.game.chips_now
        self.results = [
            ResultRow(seat_name(seat), _outcome_text(hand, seat), hand.seats[seat].delta, chips[seat],
                      seat == hand.dealer)
            for seat in [*hand.punter_order(), hand.dealer]
        ]
        if not self.game.is_over:
            nxt = self.game.next_dealer()
            if nxt == 0:
                self.bank_note = _("You keep the bank.") if nxt == hand.dealer else _(
                    "You will hold the bank next hand.")
            elif nxt != hand.dealer:
                self.bank_note = _("%(who)s will hold the bank next hand.") % {"who": seat_name(nxt)}
            else:
                self.bank_note = _("%(who)s keeps the bank.") % {"who": seat_name(nxt)}
        else:
            self.winner_note = most_chips(chips)


def _draw_note(game: Game) -> str:
    """SETTE-2.2: the cards drawn for the first dealer, round by round."""
    rounds = "; ".join(
        ", ".join(f"{seat_name(seat)} {card.italian_name}" for seat, card in draws)
        for draws in game.dealer_draw()
    )
    return _("Cards drawn for the first dealer: %(rounds)s. %(who)s drew the highest and deals.") % {
        "rounds": rounds, "who": seat_name(game.opening.dealer),
    }


def _chosen_stake(text: str, rules: Rules, current: int) -> int:
    stake = whole_number(text)
    if stake is not None and rules.min_stake <= stake <= rules.max_stake:
        return stake
    return current or rules.min_stake


def _seat_box(hand: HandState, seat: int, chips: int, me: int) -> SeatBox:
    s = hand.seats[seat]
    mine = seat == me
    visible_hole = s.hole if (mine or s.shown) else None
    total = ""
    if visible_hole is not None:
        total = _outcome_text(hand, seat) if s.status == BUST_ else total_text(hand_value(s.cards, hand.rules))
    return SeatBox(
        seat=seat, name=seat_name(seat), position="me" if mine else "top", is_dealer=seat == hand.dealer,
        chips=chips, stake=s.stake,
        status=_("your turn") if mine and hand.to_move == seat else status_label(hand, seat), hole=visible_hole,
        has_hole=s.hole is not None, up=s.up, total=total,
        to_move=not hand.is_over and hand.to_move == seat, delta=s.delta, busted=s.status == BUST_,
    )


def _outcome_text(hand: HandState, seat: int) -> str:
    s = hand.seats[seat]
    if s.status == OUT:
        return _("sat out")
    if seat == hand.dealer and s.status == WAIT:
        return _("did not play")
    outcome = hand_outcome(s.cards, hand.rules)
    if outcome == BUST:
        return _("bust")
    if outcome == REALE:
        return _("7½ reale")
    if outcome == SIMPLE:
        return "7½"
    return total_text(hand_value(s.cards, hand.rules))


def _choices(legal: list[Action], declaring: bool, stake: int) -> list[Choice]:
    out = []
    kinds = {a.kind for a in legal}
    if REPLACE in kinds:
        out.append(Choice("replace", _("Exchange the card"), "replace"))
    for kind, label in ((HIT, _("Card (carta)")), (STAND, _("Stand (sto)"))):
        if kind not in kinds:
            continue
        if declaring:
            if any(a.kind == kind and a.stake == stake for a in legal):
                out.append(Choice(f"{kind} {stake}", label, kind))
        else:
            out.append(Choice(kind, label, kind))
    return out


def _prompt(hand: HandState, me: int, your_turn: bool, declaring: bool) -> str:
    if hand.is_over:
        return ""
    if not your_turn:
        return _("Waiting for the other players.")
    if me == hand.dealer:
        return _("Your turn as the dealer: take a card or stand.")
    if declaring:
        return _("Your turn: choose your stake, then take a card or stand.")
    return _("Take another card, or stand?")


def _coach(view) -> CoachPanel:
    rules = view.rules
    total = total_text(hand_value(view.my_cards, rules))
    if view.is_dealer:
        figures = dealer_advice(view)
        nxt = next_card(view.my_cards, view.unseen(), rules)
        return CoachPanel(
            is_dealer=True, total=total, unseen=len(view.unseen()), bust=nxt.bust,
            seven_half=nxt.seven_half, totals=[(halves_text(int(t * 2)), p) for t, p in nxt.totals().items()],
            options=_option_rows(figures.options, figures.best), unit=_("chips"),
        )
    figures = punter_advice(view)
    nxt = figures.next
    panel = CoachPanel(
        is_dealer=False, total=total, unseen=len(view.unseen()), bust=nxt.bust, seven_half=nxt.seven_half,
        totals=[(halves_text(int(t * 2)), p) for t, p in nxt.totals().items()],
        options=_option_rows(figures.options, figures.best),
        policy=_policy_text(DealerPolicy.for_rules(rules)), unit=_("stakes"),
    )
    if not rules.dealer_stands_on:
        _free_dealer_columns(panel, view)
    if figures.card is not None and figures.best == "card":
        final = punter_odds(rules).final_outcomes(view.my_cards, view.unseen(), view.stock_size)
        panel.best_play = _best_play_rows(final)
    return panel


FREE_DEALER_RULES = (4, 5, 6)  # the fixed rules a free dealer's play is valued against
FREE_DEALER_MAIN = 5  # the best fixed rule for him (tests/engine/test_settemezzo_odds.py)


def _free_dealer_columns(panel: CoachPanel, view) -> None:
    """The punter's choices against a dealer who stands on 4, on 5 and on 6: this table's dealer
    is free to choose (SETTE-OP-6 A), so no single rule is his; where the columns agree, the best
    choice does not depend on it."""
    by_rule = {n: punter_advice(view, DealerPolicy(Fraction(n))) for n in FREE_DEALER_RULES}
    names = list(by_rule[FREE_DEALER_MAIN].options)
    panel.columns = [_("Dealer stands on %(n)s") % {"n": n} for n in FREE_DEALER_RULES]
    panel.grid = [
        (choice_label(name), [OptionRow(choice_label(name), by_rule[n].options[name], by_rule[n].best == name)
                              for n in FREE_DEALER_RULES])
        for name in names
    ]
    agree = len({by_rule[n].best for n in FREE_DEALER_RULES}) == 1
    panel.policy = _(
        "This table's dealer plays as he sees fit: he sees your face-up cards and may stand on any total. "
        "Each column values your choices against a dealer who keeps to one rule (standing on 5 is the "
        "best fixed rule for him).") + " " + (
        _("Here the best choice is the same whatever his rule.") if agree else
        _("Here the best choice depends on how he plays: watch what he does."))


def _best_play_rows(final: dict[int, Fraction]) -> list[tuple[str, Fraction]]:
    bust = final.get(BUST, Fraction(0))
    seven = final.get(SIMPLE, Fraction(0)) + final.get(REALE, Fraction(0))
    return [(_("bust"), bust), (_("7½"), seven)]


def _policy_text(policy: DealerPolicy) -> str:
    n = halves_text(int(policy.stand_on * 2))
    return _("Against a dealer who draws below %(n)s and stands on %(n)s or more.") % {"n": n}


def _option_rows(options: dict[str, Fraction], best: str) -> list[OptionRow]:
    return [OptionRow(choice_label(name), value, name == best) for name, value in options.items()]


def _review(game: Game, seat: int) -> list[ReviewRow]:
    decisions: list[Decision] = review(game.opening, game.hand, seat)
    rows = []
    for d in decisions:
        rows.append(ReviewRow(
            cards=d.cards, total=total_text(hand_value(d.cards, game.rules)),
            choice=choice_label(d.choice), best=choice_label(d.best), loss=d.loss,
            options=_option_rows(d.options, d.best),
            unit=_("chips") if d.is_dealer else _("stakes"),
        ))
    return rows

