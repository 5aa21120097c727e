"""Scopa at the practice table: the adapter the shared table views call, and its presenter."""
from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from django.http import HttpRequest
from django.utils.translation import gettext as _

from neapolitan.cards import Card, by_rank
from neapolitan.errors import IllegalAction
from neapolitan.scopa import HandState, Match, Play, PlayerView, Rules
from neapolitan.scopa.bots import BOTS
from neapolitan.scopa.scoring import HandScore, primiera_best_cards
from neapolitan.scopa.state import deal_history
from tutorials.core.links import reverse
from tutorials.scopa.coach import ScopaCoach, coach_panel
from tutorials.scopa.forms import TABLE_VARIANT_BY_KEY, ScopaTableForm
from tutorials.tables.models import Table
from tutorials.tables.registry import SEAT_PLACES, register
from tutorials.tables.registry import seat_name as table_seat_name

NEXT_HAND = "next"


class ScopaAdapter:
    slug = "scopa"
    template = "scopa/table.html"
    form_class = ScopaTableForm

    def new_game(self, options: dict[str, Any], seed: str) -> tuple[Match, str]:
        variant, players = TABLE_VARIANT_BY_KEY[options.get("variant", "SCOPA_2P")]
        rules = Rules(variant, players=players, re_bello=bool(options.get("re_bello")))
        return Match.new(rules, seed), rules.to_text()

    def load(self, rules_text: str, state_text: str) -> Match:
        return _match_from(rules_text, state_text)

    def dump(self, state: Match) -> str:
        return state.to_text()

    def parse_action(self, state: Match, text: str) -> Play | str:
        text = text.strip()
        if text == NEXT_HAND:
            return NEXT_HAND
        return Play.parse(text)

    def apply(self, state: Match, action: Play | str) -> Match:
        if action == NEXT_HAND:
            return state.next_hand()
        if state.is_over:
            raise IllegalAction(_("This game is over. Start a new game to play again."), "SCOPA-12")
        if state.hand_over:
            raise IllegalAction(_("The hand is over: deal the next hand first."), "SCOPA-12.3")
        return state.apply(action)

    def is_over(self, state: Match) -> bool:
        return state.is_over

    def hands_done(self, state: Match) -> int:
        return state.hand_no - 1 + int(state.hand_over or state.is_over)

    def outcome(self, state: Match) -> str:
        names = _side_names(state.hand.players)
        score = "–".join(str(s) for s in state.scores)
        if state.winner is None:
            return score
        return _("%(who)s won, %(score)s.") % {"who": names[state.winner], "score": score}

    def seat_to_act(self, state: Match) -> int | None:
        return None if state.hand_over or state.is_over else state.to_move

    def bot_action(self, state: Match, seat: int, options: dict[str, Any], log: Sequence[dict[str, Any]] = ()) -> Play:
        bot = BOTS[options.get("opponent", "search")]
        view = seen_view(state, seat, log)
        return bot(view, random.Random(f"{state.seed}:{state.hand_no}:{view.to_text()}"))

    def narrate(self, before: Match, seat: int, action: Play | str, after: Match) -> str:
        if action == NEXT_HAND:
            return _("Hand %(n)s is dealt.") % {"n": after.hand_no}
        assert isinstance(action, Play)
        who = seat_name(seat, before.rules.players)
        if action.captured:
            text = _("%(who)s played %(card)s and took %(cards)s.") % {
                "who": who, "card": action.card.italian_name,
                "cards": ", ".join(c.italian_name for c in sorted(action.captured, key=lambda c: c.by_rank)),
            }
        else:
            text = _("%(who)s played %(card)s to the table.") % {"who": who, "card": action.card.italian_name}
        if after.hand.scope != before.hand.scope and not after.hand_over:
            text += " " + _("Scopa!")
        elif after.hand.scope != before.hand.scope:
            text += " " + _("Scopa on the last play!")
        if after.hand_over:
            text += " " + _("The hand is over.") + leftover_text(before.hand.left_on_table(action), after.hand)
        return text

    def seat_name(self, state: Match, seat: int) -> str:
        return seat_name(seat, state.rules.players)

    def presenter(self, table: Table, state: Match, request: HttpRequest) -> ScopaTableView:
        return ScopaTableView.build(table, state, request.GET.get("choose", ""))

    def coach(self, table: Table, state: Match) -> ScopaCoach:
        """The coach on the learner's play (asked for: it searches, see tables.registry.CoachOnRequest),
        worked out from the learner's view only."""
        return coach_panel(seen_view(state, table.human_seat, table.log))


register(ScopaAdapter())


@lru_cache(maxsize=512)
def _match_from(rules_text: str, state_text: str) -> Match:
    """A stored match read back; kept a while, as every state is read about twice (drawn once it is
    saved, then loaded for the move that follows). A Match and its hand never change once made:
    each move makes new ones."""
    return Match.from_text(state_text, Rules.from_text(rules_text))


def seen_view(state: Match, seat: int, log: Sequence[dict[str, Any]]) -> PlayerView:
    """What `seat` knows, with the current deal's plays as everyone saw them (from the table's log)."""
    return state.hand.view(seat, deal_history(state.hand, hand_plays(log)))


def hand_plays(log: Sequence[dict[str, Any]]) -> list[tuple[int, Play]]:
    """The current hand's plays from the table's log (seat and play, oldest first): the entries
    since the last hand was dealt."""
    plays = []
    for entry in reversed(log):
        if entry.get("action") == NEXT_HAND:
            break
        plays.append((entry["seat"], Play.parse(entry["action"])))
    return plays[::-1]


def leftover_text(left: Sequence[Card], hand: HandState) -> str:
    """Who takes the cards still on the table when the hand ends (SCOPA-7)."""
    if not left:
        return ""
    cards = ", ".join(c.italian_name for c in sorted(left, key=lambda c: c.by_rank))
    taker = hand.last_capturer
    if taker is None:
        text = _("Nobody captured in this hand, so the cards left on the table (%(cards)s) go to no one.")
    elif taker == 0:
        text = _("The cards left on the table (%(cards)s) go to you: you made the last capture.")
    elif seat_name(taker, hand.rules.players) != table_seat_name(taker):  # the learner's partner
        text = _("The cards left on the table (%(cards)s) go to your side: your partner made the last capture.")
    else:
        text = _("The cards left on the table (%(cards)s) go to %(who)s, who made the last capture.")
    return " " + text % {"cards": cards, "who": seat_name(taker or 0, hand.rules.players)}


def seat_name(seat: int, players: int) -> str:
    return _("Your partner") if players == 4 and seat == 2 else table_seat_name(seat)


def hand_choices(
    cards: Sequence[Card], legal: list[Play], choose: str
) -> tuple[tuple[HandCard, ...], HandCard | None, set[Card]]:
    """The learner's hand in rank order with each card's legal plays; the card being chosen
    (`choose`, when it has several captures) and the table cards it could take."""
    hand = tuple(HandCard(card, tuple(p for p in legal if p.card is card)) for card in sorted(cards, key=by_rank))
    choosing = next((h for h in hand if str(h.card) == choose.strip().upper() and len(h.plays) > 1), None)
    capturable = set().union(*(p.captured for p in choosing.plays)) if choosing else set()
    return hand, choosing, capturable


@dataclass(frozen=True)  # hashable: the table's kept parts are keyed by what they show
class Opponent:
    seat: int
    name: str
    cards: int
    position: str  # top, left, right
    is_dealer: bool
    to_move: bool = False

    @property
    def backs(self) -> range:
        return range(self.cards)


@dataclass(frozen=True)  # hashable: the table's kept parts are keyed by what they show
class HandCard:
    card: Card
    plays: tuple[Play, ...]

    @property
    def single(self) -> Play | None:
        return self.plays[0] if len(self.plays) == 1 else None


@dataclass(frozen=True)  # hashable: the table's kept parts are keyed by what they show
class Side:
    name: str
    score: int
    pile: int
    scope: int


@dataclass
class SideRow:
    """One row of the end-of-hand breakdown: per side, what it had and the points it earned."""

    label: str
    cells: list[tuple[str, int]]


@dataclass
class ScopaTableView:
    """Everything the Scopa table template shows, from the learner's seat."""

    match: Match
    table: Table
    act_url: str
    table_url: str
    opponents: tuple[Opponent, ...]
    table_cards: tuple[tuple[Card, bool, bool], ...]  # card, may the chosen card take it, just played
    hand: tuple[HandCard, ...]
    your_turn: bool
    sides: tuple[Side, ...]
    choosing: HandCard | None
    narration: list[str]
    breakdown: list[SideRow] = field(default_factory=list)
    hand_totals: list[int] = field(default_factory=list)
    primiera_cards: list[list[Card]] = field(default_factory=list)
    winner_name: str = ""

    @classmethod
    def build(cls, table: Table, match: Match, choose: str) -> ScopaTableView:
        hand_state = match.hand
        players = match.rules.players
        your_turn = not match.hand_over and hand_state.to_move == table.human_seat
        legal = hand_state.legal_actions() if your_turn else []
        hand, choosing, capturable = hand_choices(hand_state.hands[table.human_seat], legal, choose)
        trailed = _just_trailed(table)
        view = cls(
            match=match, table=table,
            act_url=reverse("play_act", kwargs={"game": "scopa", "table_id": table.public_id}),
            table_url=reverse("play_table", kwargs={"game": "scopa", "table_id": table.public_id}),
            opponents=_opponents(match),
            table_cards=tuple((c, c in capturable, str(c) in trailed) for c in hand_state.table),
            hand=hand, your_turn=your_turn,
            sides=tuple(
                Side(name, score, pile.bit_count(), scope)
                for name, score, pile, scope in zip(
                    _side_names(players), match.scores, hand_state.piles, hand_state.scope, strict=True
                )
            ),
            choosing=choosing, narration=table.recent_lines(8),
        )
        if match.hand_over:
            view.fill_breakdown(match.hand_score())
        if match.is_over and match.winner is not None:
            view.winner_name = view.sides[match.winner].name
        return view

    def fill_breakdown(self, score: HandScore) -> None:
        sides = score.sides
        rows = [
            (_("Carte (most cards)"), "carte", [str(s.cards) for s in sides]),
            (_("Denari (most coins)"), "denari", [str(s.denari) for s in sides]),
            (_("Settebello"), "settebello", ["✓" if s.settebello else "–" for s in sides]),
            (_("Primiera"), "primiera", [
                str(s.primiera) if s.primiera is not None else _("%(n)s, a suit missing") % {"n": s.primiera_partial}
                for s in sides
            ]),
            (_("Scope"), "scope", [str(s.scope) for s in sides]),
        ]
        extras = (("re_bello", _("Re bello")), ("quindici", _("Fifteens in three suits")), ("napola", _("Napola")))
        for key, label in extras:
            if key in sides[0].points:
                rows.append((label, key, [str(s.points[key]) for s in sides]))
        self.breakdown = [
            SideRow(label, [(v, s.points[key]) for v, s in zip(values, sides, strict=True)])
            for label, key, values in rows
        ]
        self.hand_totals = list(score.totals)
        self.primiera_cards = [primiera_best_cards(self.match.hand.captured(i)) for i in range(len(sides))]


def _side_names(players: int) -> list[str]:
    if players == 4:
        return [_("You and your partner"), _("Bots 1 and 3")]
    return [seat_name(seat, players) for seat in range(players)]


def _opponents(match: Match) -> tuple[Opponent, ...]:
    players = match.rules.players
    positions = SEAT_PLACES[players]
    hand = match.hand
    return tuple(
        Opponent(seat, seat_name(seat, players), len(hand.hands[seat]), positions[seat],
                 seat == hand.dealer, not match.hand_over and hand.to_move == seat)
        for seat in range(1, players)
    )


def _just_trailed(table: Table) -> set[str]:
    """Cards the other players laid on the table since the learner's last move."""
    return {
        e["action"] for e in table.since_my_move()
        if e["seat"] != table.human_seat and e["action"] != NEXT_HAND and "x" not in e["action"]
    }



