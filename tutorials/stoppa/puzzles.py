"""Stoppa puzzles on the site: the hand, the bet or the stoppata table as the page draws them, the
answer read from the form, the verdicts as rows; registered with the shared puzzle machinery
(tutorials.puzzles)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.http import QueryDict
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from neapolitan.cards import Card
from neapolitan.stoppa import DealState, Rules
from neapolitan.stoppa.punto import punto, punto_cards
from neapolitan.stoppa.puzzles import ANSWER_FORM, BetPosition, Position, move_answer
from neapolitan.stoppa.search import Position as RankPosition
from neapolitan.stoppa.search import Solver, action_for
from neapolitan.stoppa.stoppata import needed, played_counts
from tutorials.lessons.steps import BadAnswer
from tutorials.puzzles.choices import ChoiceOption, choice_options
from tutorials.puzzles.registry import PuzzleGame, register

register(PuzzleGame(
    slug="stoppa",
    engine_module="neapolitan.stoppa.puzzles",
    variants=("P4", "BET", "STOPPATA"),
    generators={"BET": "generate_bets", "STOPPATA": "generate_stoppata"},
    basic_kinds=("see_or_fold",),
    presenter_module="tutorials.stoppa.puzzles",
    position_template="stoppa/_puzzle_position.html",
    verdicts_template="stoppa/_puzzle_verdicts.html",
    themes={
        "pot_odds": gettext_lazy("Pot odds"),
        "several_rivals": gettext_lazy("Several hands still in"),
        "three_of_a_suit": gettext_lazy("Three of a suit"),
        "bet_for_value": gettext_lazy("Betting for value"),
        "bluff": gettext_lazy("A bluff"),
        "keep_the_turn": gettext_lazy("Closing a sequence to keep the turn"),
        "stop_the_run": gettext_lazy("Where your run stops"),
        "go_out": gettext_lazy("Going out"),
        "aces": gettext_lazy("Aces in the stoppata"),
    },
    kinds={
        "see_or_fold": gettext_lazy("See or fold?"),
        "bet_size": gettext_lazy("How much to bet?"),
        "stoppata": gettext_lazy("The stoppata: which card?"),
    },
    starter="tutorials/stoppa/data/stoppa_starter.jsonl",
    unit="chips",
    about=gettext_lazy(
        "See a bet on the punto or fold; pass, open or raise, and by how much; which card to lay in the "
        "stoppata. Each choice is valued exactly: in the contest for the punto from the chance that your punto "
        "beats the hands still in, counted over every deal of the cards you have not seen, and the chips in the "
        "pot; in the stoppata by playing out every way the cards you have not seen can lie."),
))


@dataclass
class StoppaPosition:
    """A decision in the contest for the punto (see or fold; how much to bet)."""

    kind: str
    hand: tuple[Card, ...]
    punto: int
    punto_cards: tuple[Card, ...]
    rivals: int
    pot: int
    to_pay: int
    unseen: int
    title: str
    stage: str = ""  # bet_size: open or raise
    choices: list[tuple[str, str]] = field(default_factory=list)  # (answer, label), in a fixed order


@dataclass
class OtherPlayer:
    name: str
    cards: int
    known: tuple[Card, ...]  # shown at a showdown and not laid since
    dealer: bool
    first_turn: bool  # the turn has not reached him yet: out in his first turn, he is paid double


@dataclass
class RankCount:
    rank: int
    played: int
    mine: int
    others: int  # in the other players' hands


@dataclass
class StoppataChoice:
    answer: str
    label: str
    cards: tuple[Card, ...]


@dataclass
class StoppataPosition:
    """A decision in the stoppata, as the player to act sees it."""

    kind: str
    hand: tuple[Card, ...]
    run: tuple[Card, ...]  # the sequence on the table (empty: a new one is to be started)
    needed: str  # the rank the sequence needs next
    others: list[OtherPlayer]
    counts: list[RankCount]
    first_turn: bool
    unseen: int
    title: str
    choices: list[StoppataChoice] = field(default_factory=list)


def present(rules_text: str, position: str, choose: str = "", kind: str = "",
            answers: frozenset[str] = frozenset()) -> StoppaPosition | StoppataPosition:
    if kind == "stoppata":
        return _present_stoppata(DealState.from_text(position, Rules.from_text(rules_text)), answers)
    if kind == "bet_size":
        return _present_bet(BetPosition.from_text(position), Rules.from_text(rules_text), answers)
    where = Position.from_text(position)
    return StoppaPosition(
        kind="see_or_fold", hand=where.hand, punto=punto(where.hand), punto_cards=punto_cards(where.hand),
        rivals=where.rivals, pot=where.pot, to_pay=where.to_pay, unseen=len(where.unseen()),
        title=_("Stoppa, four players, Phase I"),
        choices=[("see", see_label(where.to_pay)), ("fold", str(LABELS["fold"]))],
    )


def _present_bet(where: BetPosition, rules: Rules, answers: frozenset[str]) -> StoppaPosition:
    names = [name for name in where.choices(rules) if name in answers]  # pass or fold, see, amounts rising
    return StoppaPosition(
        kind="bet_size", hand=where.hand, punto=punto(where.hand), punto_cards=punto_cards(where.hand),
        rivals=where.rivals, pot=where.pot, to_pay=where.bet,
        unseen=sum(1 for c in rules.pack() if c not in where.hand),
        title=_("Stoppa, four players, Phase I"), stage=where.stage,
        choices=[(name, see_label(where.bet) if name == "see" else label_of(name)) for name in names],
    )


def _present_stoppata(state: DealState, answers: frozenset[str]) -> StoppaPosition | StoppataPosition:
    seat = state.to_act
    assert seat is not None and state.stoppata is not None
    view = state.view(seat)
    st = state.stoppata
    n = state.players
    others = [OtherPlayer(str(_place(seat, s, n)), view.hand_sizes[s], view.known_in_hand(s), s == state.dealer,
                          not st.first_done >> s & 1) for s in [(seat + k) % n for k in range(1, n)]]
    played = played_counts(st.played)
    mine = played_counts(view.hand)
    counts = [RankCount(r, played[r], mine[r], state.rules.copies(r) - played[r] - mine[r])
              for r in range(1, 11) if state.rules.copies(r)]
    rank = needed(st.top, played, state.rules) if st.top else None
    solver = Solver(state.rules, 0)
    moves = solver.moves(RankPosition.of(state))  # Aces first, then high ranks first: shown rising
    choices = [StoppataChoice(move_answer(m), stoppata_label(move_answer(m)), action_for(m, view.hand).cards)
               for m in sorted(moves, key=lambda m: (m[1] != 1, m[1], m[2])) if move_answer(m) in answers]
    return StoppataPosition(
        kind="stoppata", hand=tuple(sorted(view.hand, key=lambda c: (c.rank, c.suit))), run=st.run,
        needed=str(RANK_LABELS[rank]) if rank else "", others=others, counts=counts,
        first_turn=st.first_now, unseen=len(view.unknown()),
        title=_("Stoppa, four players, Phase III: the stoppata"), choices=choices,
    )


def _place(me: int, seat: int, players: int) -> str:
    """Where a player sits from the puzzle's seat (play goes counter-clockwise: next is on your right)."""
    step = (seat - me) % players
    if step == 1:
        return _("On your right")
    if step == players - 1:
        return _("On your left")
    return _("Across the table") if players == 4 else _("%(n)s seats to your right") % {"n": step}


RANK_LABELS = {1: gettext_lazy("Ace"), 2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7",
               8: gettext_lazy("Fante"), 9: gettext_lazy("Cavallo"), 10: gettext_lazy("King")}
LABELS = {"see": gettext_lazy("See"), "fold": gettext_lazy("Fold"), "pass": gettext_lazy("Pass")}


def see_label(n: int) -> str:
    """The "see" button, with what it costs."""
    return ngettext("See (%(n)s chip)", "See (%(n)s chips)", n) % {"n": n}


def label_of(answer: str) -> str:
    """A contest answer as a button says it: Pass, Fold, See, Open 3, See and raise by 5."""
    if answer in LABELS:
        return str(LABELS[answer])
    kind, amount = answer.split()
    if kind == "open":
        return _("Open %(n)s") % {"n": amount}
    return _("See and raise by %(n)s") % {"n": amount}


def stoppata_label(answer: str) -> str:
    """A stoppata answer as a button says it: Lay a 7, Lay two Aces, Lay an Ace with the Two."""
    words = answer.split()
    if words[0] == "lay":
        return _("Lay a %(rank)s") % {"rank": RANK_LABELS[int(words[1])]}
    aces = int(words[1])
    if len(words) == 2:
        return ngettext("Lay an Ace", "Lay %(n)s Aces together", aces) % {"n": aces}
    return ngettext("Lay an Ace with the Two", "Lay %(n)s Aces with the Two", aces) % {"n": aces}


def answer_text(post: QueryDict) -> str:
    """The engine's answer from the posted form; BadAnswer (a 400) for anything else."""
    choice = " ".join(post.get("choice", "").strip().lower().split())
    if choice in LABELS or ANSWER_FORM.match(choice) or _is_bet(choice):
        return choice
    raise BadAnswer(_("Choose one of the answers shown: see the bet, or fold; pass, open or raise; or a card to lay."))


def _is_bet(choice: str) -> bool:
    kind, _space, amount = choice.partition(" ")
    return kind in ("open", "raise") and amount.isdigit() and len(amount) <= 3


def options(spec: Any, chosen: str) -> list[ChoiceOption]:
    if spec.kind == "stoppata":
        labels = {v.answer: stoppata_label(v.answer) for v in spec.verdicts}
    else:
        labels = {v.answer: label_of(v.answer) for v in spec.verdicts}
    return choice_options(spec, chosen, labels)
