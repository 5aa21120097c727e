"""Scopa puzzles the engine has proven: found in bot games, valued play by play, explained.

A puzzle is a position as the player to move sees it; every legal play gets a verdict (its value
in expected points for the hand, what it loses against the best, why). A position becomes a
puzzle only when one play is clearly best (Lichess's rule of a unique solution).
"""
from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass

from neapolitan.cards import SETTEBELLO, Card
from neapolitan.errors import IllegalAction
from neapolitan.scopa.actions import Play
from neapolitan.scopa.bots import greedy
from neapolitan.scopa.captures import why_not_capture
from neapolitan.scopa.rules import Rules
from neapolitan.scopa.search import Analysis, analyse
from neapolitan.scopa.state import HandState, PlayerView, deal

SAMPLES = 24  # deals of the hidden cards per analysis
EXACT_FROM = 12  # with this many cards left or fewer, each deal is solved to the end of the hand
SEED = "puzzle"
MIN_GAP = 1.0  # the best play must beat the next by a point on average
MIN_CONFIDENCE = 0.7

QUESTIONS = {
    "best_play": "Your turn: what is your best play?",
    "safe_trail": "You cannot take anything worth having: which card do you lay down?",
    "sweep": "Can you sweep the table? Find the best play.",
    "counting": "Every card is known: play the last deal perfectly. What is your best play?",
    "scopone": "Scopone Scientifico: what is the best play for your side?",
}


@dataclass(frozen=True)
class Verdict:
    answer: str  # the play's text form: "7D" (trail) or "8Dx3C+5B"
    value: float  # expected point margin of the hand for the player's side after this play
    loss: float  # best value minus this value
    explanation: str
    scopa_risk: float  # chance that the next player can sweep after this play


@dataclass(frozen=True)
class PuzzleSpec:
    rules_text: str
    position: str  # PlayerView.to_text()
    kind: str
    question: str
    themes: tuple[str, ...]
    verdicts: tuple[Verdict, ...]  # every legal play, best first
    solution: str
    exact: bool
    confidence: float
    samples: int = SAMPLES

    def to_dict(self) -> dict:
        data = asdict(self)
        data["themes"] = list(self.themes)
        data["verdicts"] = [asdict(v) for v in self.verdicts]
        return data

    @classmethod
    def from_dict(cls, data: dict) -> PuzzleSpec:
        fields = dict(data)
        fields["themes"] = tuple(fields["themes"])
        fields["verdicts"] = tuple(Verdict(**v) for v in fields["verdicts"])
        return cls(**fields)

    def rules(self) -> Rules:
        return Rules.from_text(self.rules_text)

    def view(self) -> PlayerView:
        return PlayerView.from_text(self.position, self.rules())


# -- judging an answer -------------------------------------------------------------------------
def judge(spec: PuzzleSpec, answer_text: str) -> Verdict:
    """The verdict of the learner's answer. BadNotation or IllegalAction (citing the rule) if it
    is not a legal play here."""
    play = Play.parse(answer_text)
    view = spec.view()
    if play.card not in view.hand:
        raise IllegalAction(f"The {play.card.italian_name} is not in your hand.", "SCOPA-4.1")
    reason = why_not_capture(play.card, view.table, play.captured, view.rules, name=lambda c: c.italian_name)
    if reason is not None:
        raise IllegalAction(*reason)
    text = str(play)
    for verdict in spec.verdicts:
        if verdict.answer == text:
            return verdict
    raise IllegalAction("That play is not allowed here.", "SCOPA-5")


# -- building a puzzle from a position ---------------------------------------------------------
def analyse_position(view: PlayerView, samples: int = SAMPLES) -> tuple[Analysis, dict[Play, float]]:
    analysis = analyse(view, samples, seed=SEED, exact_from=EXACT_FROM)
    return analysis, scopa_risks(view, list(analysis.values), samples)


def scopa_risks(view: PlayerView, plays: list[Play], samples: int) -> dict[Play, float]:
    """For each play, the share of deals of the hidden cards in which the next player could
    then sweep the table (with a card that is not the hand's last)."""
    rng = random.Random(f"{SEED}:risk:{view.to_text()}")
    worlds = [view.sample_state(rng) for _ in range(max(1, min(samples, 16)))]
    risks = {}
    for play in plays:
        hits = 0
        for world in worlds:
            after = world.apply(play)
            hits += _can_sweep(after)
        risks[play] = hits / len(worlds)
    return risks


def _can_sweep(state: HandState) -> bool:
    if state.is_over or not state.table or state.cards_left_to_play() <= 1:
        return False
    size = len(state.table)
    return any(len(p.captured) == size for p in state.legal_actions())


def puzzle_from(view: PlayerView, samples: int = SAMPLES) -> PuzzleSpec | None:
    """The puzzle this position makes, or None when no play is clearly best."""
    plays = view.legal_actions()
    if len(plays) < 2:
        return None
    analysis, risks = analyse_position(view, samples)
    ranking = analysis.ranking
    best, second = ranking[0], ranking[1]
    gap = analysis.values[best] - analysis.values[second]
    if gap < MIN_GAP or (not analysis.exact and analysis.confidence() < MIN_CONFIDENCE):
        return None
    kind = _kind(view, best, analysis)
    verdicts = tuple(
        Verdict(str(p), round(analysis.values[p], 3), round(analysis.values[best] - analysis.values[p], 3),
                explain(view, p, analysis.values[best] - analysis.values[p], risks[p]), round(risks[p], 3))
        for p in ranking
    )
    return PuzzleSpec(
        rules_text=view.rules.to_text(), position=view.to_text(), kind=kind, question=QUESTIONS[kind],
        themes=_themes(view, ranking, analysis, risks), verdicts=verdicts, solution=str(best),
        exact=analysis.exact, confidence=round(analysis.confidence(), 3), samples=samples,
    )


def _kind(view: PlayerView, best: Play, analysis: Analysis) -> str:
    if view.rules.variant == "SCOPONE_SCIENTIFICO":
        return "scopone"
    if analysis.exact:
        return "counting"
    if best.captured and len(best.captured) == len(view.table):
        return "sweep"
    if not any(p.captured for p in analysis.values):
        return "safe_trail"
    return "best_play"


def _themes(view: PlayerView, ranking: list[Play], analysis: Analysis, risks: dict[Play, float]) -> tuple[str, ...]:
    best = ranking[0]
    themes = []
    cards_in_play = {best.card, *best.captured}
    if SETTEBELLO in cards_in_play or SETTEBELLO in view.table or SETTEBELLO in view.hand:
        themes.append("settebello")
    if any(risks[p] >= 0.5 for p in ranking[1:]) and risks[best] < 0.5:
        themes.append("leave_no_sweep")
    if best.captured and len(best.captured) == len(view.table) or any(risks[p] >= 0.5 for p in ranking):
        themes.append("scopa_threat")
    if any(c.rank == 7 for c in cards_in_play):
        themes.append("primiera_sevens")
    if _pairing_beats_sum(view):
        themes.append("single_card_priority")
    if analysis.exact:
        themes.append("counting_endgame")
    if view.rules.players == 4:
        themes.append("partner_play")
    return tuple(themes)


def _pairing_beats_sum(view: PlayerView) -> bool:
    """A card in hand that could take a sum but must take its equal (SCOPA-5.1)."""
    if view.rules.fifteen:
        return False
    for card in view.hand:
        if any(t.rank == card.rank for t in view.table):
            others = [t for t in view.table if t.rank < card.rank]
            if len(others) >= 2 and why_not_capture(card, view.table, others[:2], view.rules) is not None:
                if sum(t.rank for t in others[:2]) == card.rank:
                    return True
    return False


def explain(view: PlayerView, play: Play, loss: float, risk: float) -> str:
    """In words: what the play takes, what it leaves, what it costs against the best."""
    parts = []
    if play.captured:
        taken: list[Card] = [play.card, *sorted(play.captured, key=lambda c: c.by_rank)]
        parts.append(f"Takes {_list(c.italian_name for c in play.captured)} with the {play.card.italian_name}.")
        notes = []
        if SETTEBELLO in taken:
            notes.append("the settebello (a point)")
        denari = sum(1 for c in taken if c.suit == "D")
        if denari:
            notes.append(f"{denari} Denari")
        sevens = sum(1 for c in taken if c.rank == 7)
        if sevens:
            notes.append(f"{sevens} seven{'s' if sevens > 1 else ''} for the primiera")
        if len(play.captured) == len(view.table):
            notes.append("a scopa: the table is swept" if _not_last(view) else "the last cards, but no scopa on the last play (SCOPA-6.2)")
        if notes:
            parts.append("It wins " + _list(notes) + ".")
    else:
        parts.append(f"Lays the {play.card.italian_name} on the table.")
        if play.card is SETTEBELLO:
            parts.append("It offers the settebello to the next player.")
    if risk >= 0.05:
        parts.append(f"The next player can sweep the table in {round(100 * risk)}% of the deals of the hidden cards.")
    elif not play.captured or len(play.captured) < len(view.table):
        parts.append("It leaves no sweep to the next player.")
    if loss < 0.05:
        parts.append("This is the best play.")
    else:
        parts.append(f"It gives away {loss:.1f} point{'s' if round(loss, 1) != 1 else ''} on average against the best play.")
    return " ".join(parts)


def _not_last(view: PlayerView) -> bool:
    return view.cards_left_to_play() > 1


def _list(items) -> str:
    items = list(items)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


# -- finding puzzles in bot games ---------------------------------------------------------------
def generate(
    rules: Rules, seed: int | str, count: int, progress: Callable[[int], None] | None = None,
) -> Iterator[PuzzleSpec]:
    """Play greedy bots against each other and yield up to `count` puzzles from their positions."""
    found = 0
    hand_no = 0
    seen: set[str] = set()
    while found < count:
        state = deal(rules, f"{seed}:{hand_no}", dealer=hand_no % rules.players)
        hand_no += 1
        while not state.is_over and found < count:
            view = state.view(state.to_move)
            if _worth_a_look(view) and view.to_text() not in seen and _promising(view):
                seen.add(view.to_text())
                spec = puzzle_from(view)
                if spec is not None:
                    found += 1
                    if progress:
                        progress(found)
                    yield spec
            state = state.apply(greedy(view))
        if hand_no > 50 * count + 100:
            return  # a variant where puzzles are rare: stop rather than loop forever


def _promising(view: PlayerView) -> bool:
    """A quick look (few deals, short search) before the full analysis: is one play ahead?"""
    quick = analyse(view, 4, seed=SEED, exact_from=6)
    ranking = quick.ranking
    return quick.values[ranking[0]] - quick.values[ranking[1]] >= 0.7 * MIN_GAP


def _worth_a_look(view: PlayerView) -> bool:
    """Skip positions with one sensible play, and the first trick of a deal with no table."""
    if len(view.legal_actions()) < 2 or not view.table:
        return False
    cards_left = view.cards_left_to_play()
    return view.rules.variant != "SCOPONE_SCIENTIFICO" or cards_left <= 20


def verify(spec: PuzzleSpec) -> bool:
    """Recompute the puzzle with the engine: the same solution and the same verdicts."""
    again = puzzle_from(spec.view(), spec.samples)
    if again is None:
        return False
    return again.solution == spec.solution and [v.answer for v in again.verdicts] == [
        v.answer for v in spec.verdicts
    ] and all(abs(a.value - b.value) < 1e-6 for a, b in zip(again.verdicts, spec.verdicts, strict=True))
