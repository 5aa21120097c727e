"""Stoppa at the practice table: the adapter the shared table views call, and its presenter.

The table pauses after every contest, so that the learner sees who showed what and who took
the pot before the next hand is dealt; the pause is the adapter's, not the engine's.
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from django.http import HttpRequest
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from neapolitan.cards import Card
from neapolitan.errors import BadNotation, IllegalAction
from neapolitan.i18n import decimal, percent
from neapolitan.stoppa import (
    Action,
    DealState,
    Giro,
    Rules,
    deal,
    draw_for_dealer,
    punto,
    punto_cards,
)
from neapolitan.stoppa.bots import BOTS, read
from neapolitan.stoppa.odds import Odds, beat_odds, break_even, ev_open, ev_raise, ev_see
from neapolitan.stoppa.search import evaluate, move_of, plan
from neapolitan.stoppa.state import amounts
from neapolitan.stoppa.stoppata import cancels, needed, played_counts
from tutorials.core.links import reverse
from tutorials.stoppa.forms import StoppaTableForm
from tutorials.stoppa.narration import chips, describe
from tutorials.tables.models import NEXT, Table, narration
from tutorials.tables.registry import most_chips, register, seat_name, told

LATER = "§"  # in a narration: the lines after it are shown once the learner goes on
ALL_AMOUNTS = 40  # bet amounts offered one by one up to this many; wider ranges are spread


@dataclass(frozen=True)
class TableGame:
    """The giro, and whether the table waits for the learner to read how a contest ended."""

    giro: Giro
    paused: bool = False


class StoppaAdapter:
    slug = "stoppa"
    template = "stoppa/table.html"
    form_class = StoppaTableForm

    def new_game(self, options: dict[str, Any], seed: str) -> tuple[TableGame, str]:
        rules = Rules(players=int(options.get("players", 4)), misera=int(options.get("misera", 1)),
                      bankroll=int(options.get("bankroll", 0)), showdown=options.get("showdown", "concede"))
        return TableGame(Giro.new(rules, seed)), rules.to_text()

    def load(self, rules_text: str, state_text: str) -> TableGame:
        flag, sep, giro = state_text.partition("|")
        if not sep or flag not in ("P", "-"):
            raise BadNotation("Not a Stoppa table")
        return TableGame(Giro.from_text(giro, Rules.from_text(rules_text)), flag == "P")

    def dump(self, state: TableGame) -> str:
        return ("P|" if state.paused else "-|") + state.giro.to_text()

    def parse_action(self, state: TableGame, text: str) -> Action | str:
        text = text.strip()
        if text.lower() == NEXT:
            return NEXT
        return Action.parse(text)

    def apply(self, state: TableGame, action: Action | str) -> TableGame:
        giro = state.giro
        if giro.is_over and not state.paused:
            raise IllegalAction(_("This giro is over. Start a new game to play again."), "STOPPA-2.6")
        if action == NEXT:
            if state.paused:
                return TableGame(giro)
            if not giro.deal.is_over:
                raise IllegalAction(_("The deal is still being played: it is your turn."), "STOPPA-10.1")
            return TableGame(giro.next_deal())
        if state.paused:
            raise IllegalAction(_("Press Continue to go on to the next part of the deal."), "STOPPA-7.1")
        if giro.deal.is_over:
            raise IllegalAction(_("The deal is over: deal the next one."), "STOPPA-10.1")
        assert isinstance(action, Action)
        after = giro.apply(action)
        ended = any(e.kind in ("award", "carry") for e in after.events)
        return TableGame(after, paused=ended and not after.deal.is_over)

    def is_over(self, state: TableGame) -> bool:
        return state.giro.is_over

    def hands_done(self, state: TableGame) -> int:
        return state.giro.deal_no - 1 + int(state.giro.deal.is_over)

    def outcome(self, state: TableGame) -> str:
        return most_chips(state.giro.chips)

    def seat_to_act(self, state: TableGame) -> int | None:
        if state.paused or state.giro.deal.is_over:
            return None
        return state.giro.to_act

    def bot_action(self, state: TableGame, seat: int, options: dict[str, Any], log: Sequence[dict[str, Any]] = ()) -> Action:
        bot = BOTS[options.get("opponent", "search")]
        giro = state.giro
        view = giro.deal.view(seat)
        # Seeded from what this player knows, so a replay gives the same choices.
        known = f"{view.hand}:{view.contest}:{view.stoppata.played if view.stoppata else ''}:{view.pot}"
        return bot(view, random.Random(f"{giro.seed}:{giro.deal_no}:{seat}:{known}"))

    def narrate(self, before: TableGame, seat: int, action: Action | str, after: TableGame) -> str:
        giro = after.giro
        if action == NEXT:
            if before.paused:
                return ""
            heading = told(giro.deal.dealer, _("Deal %(n)s of %(total)s: you deal."),
                           _("Deal %(n)s of %(total)s: %(who)s deals."), n=giro.deal_no, total=giro.rules.giro_length)
            return "\n".join([heading, *describe(giro.deal.events, giro.rules, giro.deal.dealer)])
        events = giro.deal.events
        ends = [i for i, e in enumerate(events) if e.kind in ("award", "carry")]
        if not ends or giro.deal.is_over:
            return "\n".join(describe(events, giro.rules, giro.deal.dealer))
        # What follows the end of a contest (the next misere, the next cards) is told after
        # the pause, so that the result is read first.
        cut = ends[-1] + 1
        return "\n".join([*describe(events[:cut], giro.rules, giro.deal.dealer), LATER,
                          *describe(events[cut:], giro.rules, giro.deal.dealer)])

    def seat_name(self, state: TableGame, seat: int) -> str:
        return seat_name(seat)

    def presenter(self, table: Table, state: TableGame, request: HttpRequest) -> StoppaTableView:
        return StoppaTableView.build(table, state)


register(StoppaAdapter())


# -- the presenter ---------------------------------------------------------------------------------
STATUS_WORDS = {"w": "", "p": "passed", "i": "in", "f": "folded"}


@dataclass
class SeatView:
    seat: int
    name: str
    chips: int
    cards: int
    is_dealer: bool
    is_di_mano: bool
    to_act: bool
    status: str  # passed, folded, in, or ""
    paid: int
    shown: list[Card]
    all_in: bool

    @property
    def backs(self) -> range:
        return range(self.cards)


@dataclass
class Button:
    """One form button posting an action."""

    action: str
    label: str
    css: str = ""
    cards: list[Card] = field(default_factory=list)


@dataclass
class AmountChoice:
    """An opening or raise with a choice of amounts: quick picks and a full list."""

    kind: str
    label: str
    quick: list[Button]
    options: list[tuple[str, str]]


@dataclass
class HandCard:
    card: Card
    action: str = ""  # the single-card play, if this card may be played alone
    in_punto: bool = False
    legal: bool = False


@dataclass
class CoachLine:
    label: str
    value: str
    note: str = ""


@dataclass
class LedgerRow:
    """One player's chips in a deal: paid in (misere and bets), pots won, the stoppata."""

    name: str
    paid: str
    won: str
    stoppata: str
    net: str
    balance: str
    winner: bool


@dataclass
class StoppaTableView:
    """Everything the Stoppa table template shows, from the learner's seat (0)."""

    giro: Giro
    table: Table
    paused: bool
    act_url: str
    rules: Rules
    state: DealState
    seats: list[SeatView]
    me: SeatView
    phase_title: str
    phase_help: str
    hand: list[HandCard]
    used: int
    my_punto: int
    my_punto_cards: list[Card]
    narration: list[str]
    your_turn: bool
    prompt: str
    buttons: list[Button] = field(default_factory=list)
    amount_choices: list[AmountChoice] = field(default_factory=list)
    multi_plays: list[Button] = field(default_factory=list)
    run: list[Card] = field(default_factory=list)
    ranks: list[tuple[int, int, int, bool]] = field(default_factory=list)
    needed: int = 0
    reveals: list[tuple[str, int, list[Card], bool]] = field(default_factory=list)
    result_title: str = ""
    coach: list[CoachLine] = field(default_factory=list)
    coach_title: str = ""
    coach_note: str = ""
    ledger: list[LedgerRow] = field(default_factory=list)
    standings: list[tuple[str, str]] = field(default_factory=list)
    punto_label: str = ""

    @classmethod
    def build(cls, table: Table, game: TableGame) -> StoppaTableView:
        giro = game.giro
        state = giro.deal
        rules = giro.rules
        me = 0
        your_turn = not game.paused and not state.is_over and state.to_act == me
        seats = _seats(state)
        hand_cards = state.hands[me]
        shown_cards = hand_cards
        if game.paused and state.prev is not None and state.prev.phase == "I":
            shown_cards = _finished_hand(state)
        view = cls(
            giro=giro, table=table, paused=game.paused,
            act_url=reverse("play_act", kwargs={"game": "stoppa", "table_id": table.public_id}),
            # The others from the learner's left round to his right: seat 1 is on his right.
            rules=rules, state=state, seats=[s for s in reversed(seats) if s.seat != me], me=seats[me],
            phase_title=_phase_title(state, game.paused), phase_help="" if game.paused else _phase_help(state),
            hand=[], used=len(state.used[me]) if state.phase == "I" and not game.paused else 0,
            my_punto=punto(shown_cards), my_punto_cards=list(punto_cards(shown_cards)),
            narration=_narration(table, giro, game.paused), your_turn=your_turn, prompt="",
        )
        in_contest = state.phase in ("I", "II") or game.paused
        view.hand = [HandCard(c, in_punto=c in view.my_punto_cards and in_contest)
                     for c in sorted(shown_cards, key=lambda c: c.by_rank)]
        if game.paused:
            view.punto_label = (_("Your punto piccolo in that hand") if state.prev.phase == "I"
                                else _("Your punto grosso"))
        elif state.phase == "I":
            view.punto_label = _("Your punto piccolo")
        elif state.phase == "II":
            view.punto_label = _("Your punto grosso")
        view._fill_table(state)
        if game.paused or state.is_over:
            view._fill_result(state, giro)
        elif your_turn:
            view._fill_choices(state)
        else:
            view.prompt = _("Waiting for %(who)s.") % {"who": seat_name(state.to_act or 0)}
        return view

    # -- the middle of the table --------------------------------------------------------------------
    def _fill_table(self, state: DealState) -> None:
        c = state.contest
        if c is not None and c.reveals and not self.paused:
            best = max(range(len(c.reveals)), key=lambda i: (c.reveals[i].value, -i))
            self.reveals = [(seat_name(r.seat), r.value, list(r.cards), i == best) for i, r in enumerate(c.reveals)]
        st = state.stoppata
        if st is not None:
            counts = played_counts(st.played)
            self.run = list(st.run)
            self.ranks = [(r, counts[r], state.rules.copies(r), counts[r] >= state.rules.copies(r))
                          for r in range(1, 11) if state.rules.copies(r)]
            self.needed = (needed(st.top, counts, state.rules) or 0) if st.top and not state.is_over else 0

    def _fill_result(self, state: DealState, giro: Giro) -> None:
        prev = state.prev
        if not state.is_over and prev is not None:
            part = _("Phase II") if prev.phase == "II" else _("Hand %(n)s") % {"n": prev.hand_no}
            if prev.how == "carry":
                self.result_title = _("%(part)s: nobody opened; the pot stays.") % {"part": part}
            else:
                winners = [s for s, _a in prev.awards]
                took = _("%(part)s: you took %(c)s.") if winners == [0] else _("%(part)s: %(who)s took %(c)s.")
                self.result_title = took % {"part": part, "who": ", ".join(map(seat_name, winners)),
                                            "c": chips(sum(a for _s, a in prev.awards))}
            won = {s for s, _a in prev.awards}
            self.reveals = [(seat_name(r.seat), r.value, list(r.cards), r.seat in won) for r in prev.reveals]
            self.prompt = _("Read how the contest went, then go on.")
            self.buttons = [Button(NEXT, _("Continue"), "button--primary")]
            return
        self.ledger = []
        for s in range(state.players):
            misere, bets, won, stoppata = state.ledger[s]
            net = state.net()[s]
            self.ledger.append(LedgerRow(seat_name(s), _signed(-misere - bets), _signed(won), _signed(stoppata),
                                         _signed(net), str(state.chips[s]).replace("-", "\u2212"), net > 0))
        if state.cancelled_by >= 0:
            if cancels(state.hands[state.cancelled_by], state.rules) == "aces":
                self.result_title = told(state.cancelled_by, _("The stoppata was cancelled: you held the Aces and no King."),
                                         _("The stoppata was cancelled: %(who)s held the Aces and no King."))
            else:
                self.result_title = told(state.cancelled_by, _("The stoppata was cancelled: you held three Twos and no King."),
                                         _("The stoppata was cancelled: %(who)s held three Twos and no King."))
        elif state.stoppata and state.stoppata.winner >= 0:
            self.result_title = told(state.stoppata.winner, _("You won the stoppata."), _("%(who)s won the stoppata."))
        if giro.is_over:
            order = sorted(range(state.players), key=lambda s: -state.chips[s])
            self.standings = [(seat_name(s), _signed(state.chips[s] - state.rules.bankroll)) for s in order]
            self.prompt = _("The giro is over: every player has dealt once.")
        else:
            self.prompt = _("The deal is over.")
            self.buttons = [Button(NEXT, _("Next deal"), "button--primary")]

    # -- the learner's choices ----------------------------------------------------------------------
    def _fill_choices(self, state: DealState) -> None:
        """The learner's choices, as equal buttons: none is styled as the one to press, which the
        coach (folded until asked) might not advise. Only moving on (Continue) is primary."""
        actions = state.legal_actions()
        phase = state.phase
        if phase == "king":
            self.prompt = _("You deal: say which King leaves the pack this time.")
            self.buttons = [Button(str(a), a.cards[0].italian_name, cards=list(a.cards)) for a in actions]
        elif phase == "claim":
            self.prompt = _("You hold three Twos (or the Aces) and no King: you may cancel the stoppata.")
            self.buttons = [Button("claim", _("Cancel the stoppata")),
                            Button("decline", _("Play the stoppata"))]
        elif phase == "III":
            self._fill_stoppata(state, actions)
        else:
            self._fill_bets(state, actions)

    def _fill_bets(self, state: DealState, actions: list[Action]) -> None:
        c = state.contest
        assert c is not None
        m = state.rules.misera
        if c.stage == "show":
            best = max(r.value for r in c.reveals)
            self.prompt = _("Showdown: the best punto shown is %(v)s. Yours is %(mine)s.") % {
                "v": best, "mine": self.my_punto}
            self.buttons = [Button("show", _("Show your punto (%(v)s)") % {"v": self.my_punto}),
                            Button("concede", _("Concede: mi basta"))]
            self._coach_showdown(state)
            return
        if c.stage == "open":
            everyone_passed = not any(st == "w" for seat, st in enumerate(c.status) if seat != 0)
            if everyone_passed and state.dealer == 0:
                self.prompt = _("Everyone else has passed: as dealer, pass and the pot is yours.")
            elif state.open_bounds(0):
                self.prompt = _("Pass, or open the contest with %(lo)s to %(hi)s chips.") % _bounds(state.open_bounds(0))
            else:
                self.prompt = _("You have no chips to open with: pass.")
            self.buttons = [Button("pass", _("Pass"))]
            bounds = state.open_bounds(0)
            if bounds:
                self.amount_choices.append(_amount_choice("open", _("Open"), bounds, state.pot, m))
        else:
            owed = state.to_call(0)
            self.prompt = _("The bet is %(b)s: see it for %(c)s, raise, or fold.") % {"b": c.bet, "c": chips(owed)}
            self.buttons = [Button("fold", _("Fold")), Button("call", _("See (%(n)s)") % {"n": owed})]
            bounds = state.raise_bounds(0)
            if bounds:
                low, high = bounds
                if not high:
                    high = max(low, 4 * (state.pot + owed))
                self.amount_choices.append(_amount_choice("raise", _("Raise by"), (low, high), state.pot + owed, m))
        self._coach_bets(state)

    def _fill_stoppata(self, state: DealState, actions: list[Action]) -> None:
        st = state.stoppata
        assert st is not None
        singles = {a.cards[0]: str(a) for a in actions if a.kind == "shed" and len(a.cards) == 1}
        for h in self.hand:
            h.action = singles.get(h.card, "")
            h.legal = any(h.card in a.cards for a in actions if a.kind == "shed")
        self.multi_plays = [Button(str(a), "", cards=list(a.cards)) for a in actions
                            if a.kind == "shed" and len(a.cards) > 1]
        if any(a.kind == "stop" for a in actions):
            self.buttons = [Button("stop", _("Stop here"))]
        if not st.top:
            self.prompt = _("Start a new sequence with any card (or several Aces together).")
        else:
            self.prompt = _("Go on with a %(r)s: continuing is compulsory.") % {"r": _rank_name(self.needed)}
        self._coach_stoppata(state)

    # -- the coach -----------------------------------------------------------------------------------
    def _coach_bets(self, state: DealState) -> None:
        c = state.contest
        assert c is not None
        view = state.view(0)
        rivals = [s for s in range(state.players) if s != 0 and c.status[s] in ("w", "i")]
        if not rivals:
            self.coach_title = _("Everyone else has passed")
            self.coach = [CoachLine(_("Pass"), _ev(float(state.pot)), _("as dealer you take the pot (STOPPA-6.3)"))]
            return
        odds = _odds(self.my_punto, len(rivals), tuple(view.unknown()), len(state.hands[0]),
                     tuple(view.known_in_hand(s) for s in rivals))
        pot = state.pot
        self.coach_title = ngettext("Your punto %(v)s against the %(k)s hand still in",
                                    "Your punto %(v)s against the %(k)s hands still in", len(rivals)) % {
            "v": self.my_punto, "k": len(rivals)}
        self.coach = [
            CoachLine(_("Every other hand is lower"), _percent(odds.win), _accuracy(odds)),
            CoachLine(_("Equal to the best of them"), _percent(odds.tie),
                      _("a tie goes to whoever shows first (the last bettor)")),
            CoachLine(_("Some hand is higher"), _percent(odds.lose)),
        ]
        reading = read(view)
        if c.stage == "open":
            self.coach.append(CoachLine(_("Quick estimate, one hand at a time"), _percent(reading.win),
                                        _("how the computer players read it (a tie counts half)")))
        else:
            self.coach.append(CoachLine(_("Allowing for stronger hands among those who bet"), _percent(reading.win),
                                        _("how the computer players read it")))
        win = odds.win + (odds.tie if c.aggressor in (-1, 0) else 0)
        if c.stage == "open":
            self.coach.append(CoachLine(_("Pass"), _ev(0.0)))
            bounds = state.open_bounds(0)
            if bounds:
                for a in sorted({bounds[0], max(bounds[0], min(bounds[1], pot // 2)), bounds[1]}):
                    self.coach.append(CoachLine(_("Open %(a)s") % {"a": a}, _ev(ev_open(win, pot, a, len(rivals))),
                                                _if_seen(len(rivals))))
        else:
            owed = state.to_call(0)
            self.coach.append(CoachLine(_("Fold"), _ev(0.0), _("what you put in is gone either way")))
            self.coach.append(CoachLine(_("See %(n)s") % {"n": owed}, _ev(ev_see(odds.win, pot, owed)),
                                        _("you need %(p)s to break even") % {"p": _percent(break_even(pot, owed))}))
            self.coach.append(CoachLine(_("See %(n)s, if the bettor's hand is as strong as his bet") % {"n": owed},
                                        _ev(ev_see(reading.win, pot, owed))))
            bounds = state.raise_bounds(0)
            if bounds:
                others = len([s for s in c.live() if s != 0])
                r = bounds[0]
                self.coach.append(CoachLine(_("Raise by %(r)s") % {"r": r},
                                            _ev(ev_raise(odds.not_beaten, pot, owed, r, others)),
                                            _if_seen(others)))
        self.coach_note = _("Chances over every way the cards you have not seen could lie. Expected chips count "
                            "from now: what is already in the pot is gone whatever you do.")

    def _coach_showdown(self, state: DealState) -> None:
        self.coach_title = _("Showdown")
        self.coach = [CoachLine(_("Show"), _("you win the pot unless a later player shows more")),
                      CoachLine(_("Concede"), _("you keep your cards secret and give up the pot"))]

    def _coach_stoppata(self, state: DealState) -> None:
        view = state.view(0)
        own = plan(view)
        self.coach_title = _("The stoppata search")
        if own.plays:
            outcome = _("you go out!") if own.goes_out else _("then the turn passes")
            self.coach.append(CoachLine(_("Best order for your turn"), " · ".join(map(str, own.plays)),
                                        _("%(n)s cards, %(outcome)s") % {"n": own.shed, "outcome": outcome}))
        for cards, value in _estimates(state.to_text(), state.rules.to_text()):
            self.coach.append(CoachLine(_("Play %(a)s") % {"a": cards}, _ev(value)))
        self.coach_note = _("Each play is tried against 6 random deals of the cards you cannot see, played out "
                            "to the end with the search; the value is your average result in chips.")


def _seats(state: DealState) -> list[SeatView]:
    c = state.contest
    n = state.players
    out = []
    for s in range(n):
        shown = []
        if c is not None:
            shown = [card for r in c.reveals if r.seat == s for card in r.cards]
        if not shown and state.phase in ("II", "III", "claim", "over"):
            played = set(state.stoppata.played) if state.stoppata else set()
            shown = [card for card in state.shown[s] if card not in played and card in state.hands[s]]
        out.append(SeatView(
            seat=s, name=seat_name(s), chips=state.chips[s], cards=len(state.hands[s]),
            is_dealer=s == state.dealer, is_di_mano=s == state.di_mano, to_act=state.to_act == s,
            status=STATUS_WORDS[c.status[s]] if c is not None else "", paid=c.paid[s] if c is not None else 0,
            shown=shown, all_in=state.rules.table_stakes and state.chips[s] <= 0,
        ))
    return out


def _phase_title(state: DealState, paused: bool = False) -> str:
    prev = state.prev
    if paused and prev is not None:
        if prev.phase == "II":
            return _("Phase II: the result")
        return _("Phase I · hand %(h)s of %(n)s: the result") % {"h": prev.hand_no, "n": len(state.rules.hand_sizes())}
    if state.phase == "I":
        return _("Phase I · hand %(h)s of %(n)s: the punto piccolo") % {
            "h": state.hand_no, "n": len(state.rules.hand_sizes())}
    if state.phase == "II":
        return _("Phase II: the punto grosso")
    if state.phase in ("III", "claim"):
        return _("Phase III: the stoppata")
    if state.phase == "king":
        return _("Before the deal")
    return _("End of the deal")


def _phase_help(state: DealState) -> str:
    if state.phase == "I":
        return _("Your punto is the best total of your cards of one suit. Open to bet on it, or pass and you are "
                 "out of this hand.")
    if state.phase == "II":
        return _("Now the best three cards of one suit among all your cards count.")
    if state.phase == "III":
        return _("Runs climb one rank at a time in any suit; ranks already played out are skipped; a King (or, "
                 "when the Kings are gone, a Cavallo) closes the run. First out of cards wins.")
    return ""


def _rank_name(rank: int) -> str:
    names = {1: _("Ace"), 8: _("Fante (8)"), 9: _("Cavallo (9)"), 10: _("King (10)")}
    return names.get(rank, str(rank))


def _bounds(bounds: tuple[int, int] | None) -> dict[str, int]:
    assert bounds is not None
    return {"lo": bounds[0], "hi": bounds[1]}


def _amount_choice(kind: str, label: str, bounds: tuple[int, int], pot: int, misera: int) -> AmountChoice:
    low, high = bounds
    picks = sorted({low, max(low, min(high, pot // 2)), high})
    names = {low: _("the least"), high: _("the most")}
    quick = [Button(f"{kind} {a}", f"{label} {a}") for a in picks]
    for b in quick:
        amount = int(b.action.split()[1])
        if amount in names:
            b.css = (b.css + " amount--" + ("low" if amount == low else "high")).strip()
    every = list(range(low, high + 1)) if high - low < ALL_AMOUNTS else amounts(low, high)
    return AmountChoice(kind, label, quick, [(f"{kind} {a}", str(a)) for a in every])


def _if_seen(k: int) -> str:
    return ngettext("if the other player sees it", "if all %(k)s others see it", k) % {"k": k}


def _signed(n: int) -> str:
    return "0" if n == 0 else f"{n:+d}".replace("-", "\u2212")


def _finished_hand(state: DealState) -> tuple[Card, ...]:
    """The learner's cards in the Phase I hand that has just been contested."""
    prev = state.prev
    assert prev is not None
    sizes = state.rules.hand_sizes()
    start = sum(sizes[: prev.hand_no - 1])
    return state.all_cards(0)[start:start + sizes[prev.hand_no - 1]]


def _percent(p: float) -> str:
    return percent(p, 1)


def _ev(value: float) -> str:
    return _("%(v)s chips on average") % {"v": decimal(value, 2, signed=True)}


def _accuracy(odds: Odds) -> str:
    if odds.exact:
        return _("exact, counted over every deal")
    return _("estimated from %(n)s random deals, within ±%(e)s (95%% confidence)") % {
        "n": odds.samples, "e": percent(odds.error, 1)}


@lru_cache(maxsize=256)
def _odds(value: int, opponents: int, unseen: tuple[Card, ...], hand_size: int,
          known: tuple[tuple[Card, ...], ...]) -> Odds:
    return beat_odds(value, opponents, unseen, hand_size, known=known, error=0.03)


@lru_cache(maxsize=64)
def _estimates(state_text: str, rules_text: str) -> list[tuple[str, float]]:
    """The sampled value of each play; plays that differ only by suit are one line."""
    state = DealState.from_text(state_text, Rules.from_text(rules_text))
    view = state.view(0)
    top = state.stoppata.top if state.stoppata else 0
    left = sum(view.hand_sizes)
    found = evaluate(view, samples=6, rng=random.Random(state_text), exact_limit=4000 if left <= 16 else 0)
    groups: dict[tuple, tuple[list[str], float]] = {}
    for e in found:
        names, _value = groups.setdefault(move_of(e.action, top), ([], e.chips))
        names.append(str(e.action))
    lines = [(" / ".join(names), value) for names, value in groups.values()]
    return sorted(lines, key=lambda line: -line[1])


def _narration(table: Table, giro: Giro, paused: bool) -> list[str]:
    """What happened since the learner's last move, newest last; while the table is paused
    after a contest, what comes after the contest waits."""
    entries = table.since_my_move()
    lines: list[str] = []
    for k, entry in enumerate(entries):
        text = narration(entry)
        if paused and k == len(entries) - 1:
            text = text.split(LATER)[0]
        lines += [line for line in text.split("\n") if line and line != LATER]
    if giro.deal_no == 1 and len(table.log) <= len(entries):
        lines = _opening_lines(giro) + lines
    return lines[-14:]


def _opening_lines(giro: Giro) -> list[str]:
    """How the first dealer was drawn (STOPPA-2.2) and the first deal's misere."""
    dealer, fell = draw_for_dealer(giro.rules.players, giro.seed)
    first = deal(giro.rules, f"{giro.seed}:1", giro.first_dealer)
    if dealer != giro.first_dealer:
        draw = ""
    elif dealer == 0:
        draw = _("Cards dealt face up until the Asso di Denari: it went to you, so you deal first.")
    else:
        draw = _("Cards dealt face up until the Asso di Denari: it went to %(who)s, who deals first.") % {
            "who": seat_name(dealer)}
    return [line for line in [draw, *describe(first.events, giro.rules, first.dealer)] if line]


__all__ = ["LATER", "NEXT", "StoppaAdapter", "StoppaTableView", "TableGame"]
