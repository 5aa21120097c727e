"""Saltacavallo puzzles: keep or swap (as the dealer, keep or draw), with each choice's exact
chance of losing a life.

A position is a hand of a game in play, seen from seat 0 when it is his turn; its text form is
the game's (`GameState.to_text()`), kept on the server: the cards seat 0 cannot see never reach
the page, and the odds read only what he sees (`neapolitan.saltacavallo.odds`: every deal of the
face-down cards counted, the players after him choosing as the engine players do, the dealer
drawing when that lowers his chance of losing). A position becomes a puzzle when the odds are
exact and its best choice is MIN_GAP (three percentage points) less likely to lose a life.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from neapolitan.errors import BadNotation, IllegalAction
from neapolitan.i18n import _, decimal, gettext_noop, ngettext, percent
from neapolitan.puzzles import SpecForm
from neapolitan.saltacavallo.bots import engine_choice
from neapolitan.saltacavallo.odds import Odds, cell_of, layout_of, odds
from neapolitan.saltacavallo.rules import Rules
from neapolitan.saltacavallo.state import GameState, PlayerView

SOLVER = 0  # the seat the puzzle is seen from
MIN_GAP = 0.03
PLAYERS = (4, 5)  # table sizes whose odds are exact (at most four face-down hands)
QUESTIONS = {  # a puzzle keeps its question in English; pages translate it
    "keep_or_swap": gettext_noop("Your turn: keep your card, or swap it?"),
    "dealer_draw": gettext_noop("You are the dealer: keep your card, or draw from the stock?"),
}


def rules_for(variant: str) -> Rules:
    """`P4` or `P5`: the default rules at a table of four or five."""
    try:
        players = int(variant.removeprefix("P"))
    except ValueError:
        players = 0
    if players not in PLAYERS:
        raise BadNotation(_("Saltacavallo puzzles come in %(value)s") % {"value": ", ".join(f"P{n}" for n in PLAYERS)})
    return Rules(players=players)


@dataclass(frozen=True)
class Verdict:
    answer: str  # keep, swap or draw
    value: float  # the chance of losing a life this hand after this choice
    loss: float  # how much more likely to lose a life than with the best choice


@dataclass(frozen=True)
class PuzzleSpec(SpecForm):
    RULES = Rules
    VERDICT = Verdict

    rules_text: str
    position: str  # GameState.to_text(), seat 0 to act
    kind: str
    question: str
    themes: tuple[str, ...]
    verdicts: tuple[Verdict, ...]  # best (least likely to lose a life) first
    solution: str
    worlds: int  # deals of the face-down cards weighed
    exact: bool = True


    def state(self) -> GameState:
        return GameState.from_text(self.position, self.rules())

    def view(self) -> PlayerView:
        return self.state().view(SOLVER)


def judge(spec: PuzzleSpec, answer: str) -> Verdict:
    answer = answer.strip().lower()
    if answer not in ("keep", "swap", "draw"):
        raise BadNotation(_("Answer keep, swap or draw"))
    verdict = spec.verdict_of(answer)
    if verdict is not None:
        return verdict
    if answer == "swap" and spec.kind == "dealer_draw":
        raise IllegalAction(_("The dealer does not swap: he may draw from the stock instead."), "SALTA-7.2")
    if answer == "draw":
        raise IllegalAction(_("Only the dealer draws from the stock."), "SALTA-7.2")
    raise IllegalAction(_("There is no one you may swap with."), "SALTA-6.3")


def puzzle_from(state: GameState) -> PuzzleSpec | None:
    """The puzzle seat 0's decision in `state` makes, or None (not his decision, odds sampled,
    or no choice clearly best)."""
    view = state.view(SOLVER)
    found = odds(view)
    if found is None or found.change is None or not found.exact or view.phase not in ("exchange", "dealer"):
        return None
    values = {"keep": round(found.keep, 4), found.change_kind: round(found.change, 4)}
    ranking = sorted(values, key=lambda name: (values[name], name != "keep"))
    best, second = ranking
    if values[second] - values[best] < MIN_GAP:
        return None
    kind = "dealer_draw" if view.phase == "dealer" else "keep_or_swap"
    verdicts = tuple(
        Verdict(name, round(values[name], 4), round(values[name] - values[best], 4))
        for name in ranking
    )
    return PuzzleSpec(
        rules_text=state.rules.to_text(), position=state.to_text(), kind=kind, question=QUESTIONS[kind],
        themes=themes_of(state, view, found), verdicts=verdicts, solution=best, worlds=found.worlds,
    )


def themes_of(state: GameState, view: PlayerView, found: Odds) -> tuple[str, ...]:
    themes = []
    if view.phase == "dealer":
        themes.append("dealer_draw")
    else:
        target = state.target_of(SOLVER)
        if target.jumped:
            themes.append("jump")
        if cell_of(view)[2]:
            themes.append("known_card")
    if view.lives[SOLVER] == 1:
        themes.append("last_life")
    if any(view.shown[s] and view.cards[s] is not None and view.cards[s].rank == 10 for s in view.hand_seats()):
        themes.append("wall")
    if not themes:
        themes.append("keep_or_swap")
    return tuple(themes)


def explain(spec: PuzzleSpec, verdict: Verdict) -> str:
    """Why the verdict is what it is, in the reader's language, from the puzzle alone (written when
    the page is drawn)."""
    state = spec.state()
    words = {"share": percent(verdict.value, 1)}
    dealer = state.phase == "dealer"
    if verdict.answer == "keep":
        words["card"] = state.cards[SOLVER].italian_name
        text = (_("Keeping your %(card)s loses a life in %(share)s of the orders the stock can be in.") if dealer
                else _("Keeping your %(card)s loses a life in %(share)s of the deals of the cards you cannot see.")
                ) % words
    elif verdict.answer == "swap":
        jumped = len(state.target_of(SOLVER).jumped)
        text = (ngettext("Swapping it with the next player in turn, jumping %(n)s Cavallo, loses a life in %(share)s "
                         "of the deals of the cards you cannot see.",
                         "Swapping it with the next player in turn, jumping %(n)s Cavalli, loses a life in "
                         "%(share)s of the deals of the cards you cannot see.", jumped) if jumped
                else _("Swapping it with the next player in turn loses a life in %(share)s of the deals of the "
                       "cards you cannot see.")) % {**words, "n": jumped}
    else:
        text = _("Drawing from the stock loses a life in %(share)s of the orders the stock can be in.") % words
    best, second = spec.verdicts[0], spec.verdicts[1]
    if verdict.answer == best.answer:
        return " ".join((text, _("This is the best choice: %(points)s less likely to cost you a life.") % {
            "points": _points(second.value - best.value)}))
    return " ".join((text, _("That is %(points)s more likely to cost you a life than the best choice.") % {
        "points": _points(verdict.value - best.value)}))


def _points(p: float) -> str:
    return _("%(n)s percentage points") % {"n": decimal(100 * p, 1)}


# -- finding puzzles -------------------------------------------------------------------------------
def generate(rules: Rules, seed: int | str, count: int, progress: Callable[[int], None] | None = None) -> Iterator[PuzzleSpec]:
    """Engine players play games; seat 0's decisions with one choice clearly best become puzzles
    (one per kind of situation: the same layout and card make the same puzzle). The dealer sees
    every card, so keeping is a sure win or a sure loss for him: his puzzles are at most one in
    five."""
    found = game_no = dealer = 0
    seen: set[tuple] = set()
    rng = random.Random(f"salta-puzzles:{seed}")
    while found < count and game_no < 40 * count + 100:
        state = GameState.new(rules, f"{seed}-{game_no}", dealer=rng.randrange(rules.players))
        game_no += 1
        while not state.is_over and found < count:
            if state.to_act == SOLVER and state.phase in ("exchange", "dealer"):
                view = state.view(SOLVER)
                key = (view.phase, layout_of(view), cell_of(view) if view.phase == "exchange" else view.card)
                if key not in seen and (view.phase == "exchange" or 5 * (dealer + 1) <= found + 1):
                    seen.add(key)
                    spec = puzzle_from(state)
                    if spec is not None:
                        found += 1
                        dealer += spec.kind == "dealer_draw"
                        if progress:
                            progress(found)
                        yield spec
            if state.to_act is None:
                break  # between hands: the next hand starts a new game here
            state = state.apply(engine_choice(state.view(state.to_act)))


def verify(spec: PuzzleSpec) -> bool:
    """Recompute the puzzle from its position: the same choices, odds, themes and words."""
    return puzzle_from(spec.state()) == spec


def puzzle_at(rules: Rules, position: str) -> PuzzleSpec | None:
    """The puzzle seat 0's decision in a position typed in its text form (`GameState.to_text()`)
    makes, or None. BadNotation if the text is not a position."""
    return puzzle_from(GameState.from_text(position.strip(), rules))
