"""Scopa puzzles the engine has proven: found in bot games, valued play by play, explained.

A puzzle is a position as the player to move sees it; every legal play gets a verdict (its value
in expected points for the hand, what it loses against the best, why). A position becomes a
puzzle only when one play is clearly best (Lichess's rule of a unique solution).
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import Protocol

from neapolitan.cards import SETTEBELLO, Card, cards_from_mask
from neapolitan.errors import BadNotation, IllegalAction
from neapolitan.i18n import _, capfirst, decimal, gettext_noop, join_words, ngettext, percent
from neapolitan.puzzles import SpecForm
from neapolitan.scopa.actions import Play
from neapolitan.scopa.bots import greedy
from neapolitan.scopa.captures import why_not_capture
from neapolitan.scopa.proof import KNOWN, Proof, prove
from neapolitan.scopa.races import LOST, OPEN, WON, facts, race
from neapolitan.scopa.rules import Rules
from neapolitan.scopa.search import analyse
from neapolitan.scopa.state import PlayerView, deal

SEED = "puzzle"
MIN_GAP = 1.0  # the best play must beat the next by a point on average (by a 99% bound, if sampled)
MIN_CONFIDENCE = 0.7  # ... and be best in this share of the deals
# Positions the generator considers: a two-player stock of at most this many cards (later deals
# are sampled, each played out to the end of the hand), at most this many cards left in Scopone
# Scientifico (every deal counted, a few thousand at most).
MAX_STOCK_2P = 18
MAX_LEFT_SCOPONE = 12

QUESTIONS = {  # a puzzle keeps its question in English; pages translate it
    "best_play": gettext_noop("Your turn: what is your best play?"),
    "safe_trail": gettext_noop("You cannot take anything worth having: which card do you lay down?"),
    "sweep": gettext_noop("Can you sweep the table? Find the best play."),
    "counting": gettext_noop("Every card is known: play the last deal perfectly. What is your best play?"),
    "scopone": gettext_noop("Scopone Scientifico: what is the best play for your side?"),
}


@dataclass(frozen=True)
class Verdict:
    answer: str  # the play's text form: "7D" (trail) or "8Dx3C+5B"
    value: float  # expected point margin of the hand for the player's side after this play
    loss: float  # best value minus this value
    scopa_risk: float  # chance that the next player can sweep after this play


@dataclass(frozen=True)
class PuzzleSpec(SpecForm):
    RULES = Rules
    VERDICT = Verdict

    rules_text: str
    position: str  # PlayerView.to_text()
    kind: str
    question: str
    themes: tuple[str, ...]
    verdicts: tuple[Verdict, ...]  # every legal play, best first
    solution: str
    exact: bool  # every card is known (one possible deal)
    confidence: float  # share of the deals in which the solution was best
    samples: int = 1  # deals played out
    method: str = KNOWN  # proof.KNOWN, ALL_DEALS (every deal counted) or SAMPLED
    deals: int = 1  # how many deals of the hidden cards are possible
    gap_bound: float = 0.0  # the solution's lead over the next play: exact, or its 99% lower bound


    def view(self) -> PlayerView:
        return position_view(self.position, self.rules_text)


@lru_cache(maxsize=1024)
def position_view(position: str, rules_text: str) -> PlayerView:
    """A puzzle's position, read once per process: judging an answer and explaining each verdict
    read it again and again (a PlayerView is never changed once made)."""
    return PlayerView.from_text(position, Rules.from_text(rules_text))


def rules_for(variant: str) -> Rules:
    """The rules puzzles of this variant are played by."""
    return Rules(variant)


# -- judging an answer -------------------------------------------------------------------------
def judge(spec: PuzzleSpec, answer_text: str) -> Verdict:
    """The verdict of the learner's answer. BadNotation or IllegalAction (citing the rule) if it
    is not a legal play here (for a race, not one of won, open, lost)."""
    if spec.kind.startswith(RACE_KIND):
        found = spec.verdict_of(answer_text.strip().lower())
        if found is None:
            raise BadNotation(_("Answer won, open or lost"))
        return found
    play = Play.parse(answer_text)
    view = spec.view()
    if play.card not in view.hand:
        raise IllegalAction(capfirst(_("%(card)s is not in your hand.") % {"card": play.card.the}), "SCOPA-4.1")
    reason = why_not_capture(play.card, view.table, play.captured, view.rules, name=lambda c: c.italian_name)
    if reason is not None:
        raise IllegalAction(*reason)
    text = str(play)
    verdict = spec.verdict_of(text)
    if verdict is not None:
        return verdict
    raise IllegalAction(_("That play is not allowed here."), "SCOPA-5")


# -- building a puzzle from a position ---------------------------------------------------------
def puzzle_from(view: PlayerView, proof: Proof | None = None) -> PuzzleSpec | None:
    """The puzzle this position makes, or None when no play is clearly best: ahead of the next by
    MIN_GAP points (a 99% lower bound of it when the deals are sampled) and best in at least
    MIN_CONFIDENCE of the deals."""
    if len(view.legal_actions()) < 2:
        return None
    proof = proof or prove(view, seed=SEED, min_gap=MIN_GAP)
    if not proof.clears(MIN_GAP, MIN_CONFIDENCE):
        return None
    ranking = proof.ranking
    best = ranking[0]
    kind = _kind(view, best, proof)
    verdicts = tuple(
        Verdict(str(p), round(proof.values[p], 3), round(proof.values[best] - proof.values[p], 3),
                round(proof.risks[p], 3))
        for p in ranking
    )
    return PuzzleSpec(
        rules_text=view.rules.to_text(), position=view.to_text(), kind=kind, question=QUESTIONS[kind],
        themes=themes_of(view, proof), verdicts=verdicts, solution=str(best),
        exact=proof.method == KNOWN, confidence=round(proof.best_share, 3), samples=proof.deals,
        method=proof.method, deals=proof.possible, gap_bound=round(proof.gap_bound, 3),
    )


def _kind(view: PlayerView, best: Play, proof: Proof) -> str:
    if view.rules.variant == "SCOPONE_SCIENTIFICO":
        return "scopone"
    if proof.method == KNOWN:
        return "counting"
    if _sweeps(view, best):
        return "sweep"
    if not any(p.captured for p in proof.values):
        return "safe_trail"
    return "best_play"


def _sweeps(view: PlayerView, play: Play) -> bool:
    """The play takes the whole table, and it counts as a scopa (not on the hand's last play)."""
    return bool(play.captured) and len(play.captured) == len(view.table) and _not_last(view)


def themes_of(view: PlayerView, proof: Proof) -> tuple[str, ...]:
    """What the answer is about, read from what it does against the other plays."""
    ranking = proof.ranking
    best, others = ranking[0], ranking[1:]
    risks = proof.risks
    themes = []
    if _settebello_at_stake(view, best, others):
        themes.append("settebello")
    if _sweeps(view, best):
        themes.append("scopa_threat")
    elif risks[best] < 0.5 and any(risks[p] >= 0.5 for p in others):
        themes.extend(("leave_no_sweep", "scopa_threat"))
    if _seven_at_stake(best, others):
        themes.append("primiera_sevens")
    if _pairing_rule_decides(view, best):
        themes.append("single_card_priority")
    if proof.method == KNOWN:
        themes.append("counting_endgame")
    if view.rules.players == 4 and _partner_changes_answer(view, proof):
        themes.append("partner_play")
    if not themes:
        themes.append("choose_capture" if best.captured else "choose_discard")
    return tuple(themes)


def _settebello_at_stake(view: PlayerView, best: Play, others: list[Play]) -> bool:
    """The answer takes the settebello, keeps it in hand where another play lays it down, or
    lays it down itself."""
    if SETTEBELLO in best.captured or best.card is SETTEBELLO:
        return True
    return SETTEBELLO in view.hand and any(p.card is SETTEBELLO and not p.captured for p in others)


def _seven_at_stake(best: Play, others: list[Play]) -> bool:
    """The answer takes a seven, or keeps one back where another play lays it down."""
    if best.captured and any(c.rank == 7 for c in (best.card, *best.captured)):
        return True
    return best.card.rank != 7 and any(p.card.rank == 7 and not p.captured for p in others)


def _pairing_rule_decides(view: PlayerView, best: Play) -> bool:
    """The answer's card could have taken a sum but must take its equal (SCOPA-5.1)."""
    if view.rules.fifteen or not best.captured or len(best.captured) != 1:
        return False
    rank = best.card.rank
    smaller = [t.rank for t in view.table if t.rank < rank]
    return any(a + b == rank for i, a in enumerate(smaller) for b in smaller[i + 1:])


def _partner_changes_answer(view: PlayerView, proof: Proof) -> bool:
    """Whether the answer rests on the partner: were he playing against his side, another play
    would be best (or none clearly)."""
    alone = prove(view, seed=SEED, min_gap=MIN_GAP, allies=False)
    return alone.ranking[0] != proof.ranking[0] or not alone.clears(MIN_GAP, MIN_CONFIDENCE)


class Evidence(Protocol):
    """What an explanation reads: a puzzle's verdicts (`PuzzleEvidence`), or the table coach's
    search (`coach.Reading`)."""

    method: str  # KNOWN when every card is known: then no "of the deals" in the words
    values: dict[Play, float]
    risks: dict[Play, float]

    @property
    def best_share(self) -> float: ...


LEVEL = 0.05  # a play this close to the best is as good as it, for the words (puzzles lead by a point)


@dataclass(frozen=True)
class PuzzleEvidence:
    """A stored puzzle's numbers in the shape an explanation reads."""

    method: str
    values: dict[Play, float]
    risks: dict[Play, float]
    best_share: float


def explain(spec: PuzzleSpec, verdict: Verdict) -> str:
    """Why the verdict is what it is, in the reader's language, from the puzzle alone (written when
    the page is drawn): what the play takes and leaves, and what it costs against the best."""
    if spec.kind.startswith(RACE_KIND):
        return _race_explanation(spec, verdict)
    ranking, evidence = _evidence_of(spec)
    return explain_play(spec.view(), Play.parse(verdict.answer), evidence, ranking)


@lru_cache(maxsize=256)
def _evidence_of(spec: PuzzleSpec) -> tuple[list[Play], PuzzleEvidence]:
    """A puzzle's plays, best first, and its numbers as an explanation reads them: worked out once
    for all its verdicts (a page explains every one)."""
    ranking = [Play.parse(v.answer) for v in spec.verdicts]
    return ranking, PuzzleEvidence(spec.method, {p: v.value for p, v in zip(ranking, spec.verdicts, strict=True)},
                                   {p: v.scopa_risk for p, v in zip(ranking, spec.verdicts, strict=True)},
                                   spec.confidence)


def explain_play(view: PlayerView, play: Play, proof: Evidence, ranking: list[Play]) -> str:
    """In words, in the reader's language: what the play takes, what it leaves, what it costs
    against the best (a puzzle's verdict and the table coach's advice both say it so)."""
    loss = proof.values[ranking[0]] - proof.values[play]
    risk = proof.risks[play]
    sampled = proof.method != KNOWN
    parts = []
    if play.captured:
        taken: list[Card] = [play.card, *sorted(play.captured, key=lambda c: c.by_rank)]
        parts.append(_("Takes %(cards)s with %(card)s.") % {
            "cards": join_words(c.the for c in taken[1:]), "card": play.card.the})
        notes = []
        if SETTEBELLO in taken:
            notes.append(_("the settebello (a point)"))
        denari = sum(1 for c in taken if c.suit == "D")
        if denari:
            notes.append(ngettext("%(n)s Denari", "%(n)s Denari", denari) % {"n": denari})
        sevens = sum(1 for c in taken if c.rank == 7)
        if sevens:
            notes.append(ngettext("%(n)s seven for the primiera", "%(n)s sevens for the primiera", sevens)
                         % {"n": sevens})
        if len(play.captured) == len(view.table):
            notes.append(_("a scopa: the table is swept") if _not_last(view)
                         else _("the last cards, but no scopa on the last play (SCOPA-6.2)"))
        if notes:
            parts.append(_("It wins %(what)s.") % {"what": join_words(notes)})
        parts.extend(_majorities_won(view, taken))
    else:
        parts.append(_("Lays %(card)s on the table.") % {"card": play.card.the})
        if play.card is SETTEBELLO:
            parts.append(_("It offers the settebello to the next player."))
    if risk >= 0.05:
        parts.append(_("The next player can then sweep the table in %(share)s of the deals of the cards you "
                       "have not seen.") % {"share": _share(risk)} if sampled
                     else _("The next player can then sweep the table."))
    elif not _sweeps(view, play) and view.table:
        parts.append(_("It leaves no sweep to the next player."))
    if len(ranking) == 1:
        parts.append(_("It is the only play you can make."))
    elif play == ranking[0]:
        second = ranking[1]
        lead = proof.values[play] - proof.values[second]
        words = {"lead": _points(lead), "next": _in_words(second), "share": _share(proof.best_share)}
        if lead < LEVEL:
            parts.append(_("This is the best play by a hair: level with the next best, %(next)s.") % words)
        else:
            parts.append(_("This is the best play: %(lead)s better than the next best, %(next)s, and best in "
                           "%(share)s of the deals of the cards you have not seen.") % words if sampled
                         else _("This is the best play: %(lead)s better than the next best, %(next)s.") % words)
    elif loss < LEVEL:
        parts.append(_("It is as good as the best play."))
    else:
        words = {"loss": _points(loss)}
        parts.append(_("It gives away %(loss)s on average against the best play.") % words if sampled
                     else _("It gives away %(loss)s against the best play.") % words)
    return " ".join(parts)


def _majorities_won(view: PlayerView, taken: list[Card]) -> list[str]:
    """The points a capture makes sure of: the 21st card (carte) or the 6th Denari (denari) of
    the player's side, a majority no one can match any more (SCOPA-8.1, 8.2)."""
    pile = view.piles[view.rules.side_of(view.seat)]
    pairs = view.rules.players == 4
    cards_before = pile.bit_count()
    denari_before = sum(1 for c in cards_from_mask(pile) if c.suit == "D")
    denari_after = denari_before + sum(1 for c in taken if c.suit == "D")
    won = []
    if cards_before < 21 <= cards_before + len(taken):
        won.append((_("With it your side has %(n)s of the 40 cards: the carte point is sure.") if pairs
                    else _("With it you have %(n)s of the 40 cards: the carte point is sure."))
                   % {"n": cards_before + len(taken)})
    if denari_before < 6 <= denari_after:
        won.append((_("With it your side has %(n)s of the 10 Denari: the denari point is sure.") if pairs
                    else _("With it you have %(n)s of the 10 Denari: the denari point is sure."))
                   % {"n": denari_after})
    return won


def _in_words(play: Play) -> str:
    """`laying the Due di Spade`, `the Re di Spade taking the Sei di Bastoni and the Asso di Coppe`."""
    if not play.captured:
        return _("laying %(card)s") % {"card": play.card.the}
    taken = sorted(play.captured, key=lambda c: c.by_rank)
    return _("%(card)s taking %(cards)s") % {"card": play.card.the, "cards": join_words(c.the for c in taken)}


def _points(value: float) -> str:
    return ngettext("%(n)s point", "%(n)s points", 1 if round(value, 1) == 1 else 2) % {"n": decimal(value, 1)}


def _share(p: float) -> str:
    """A share of the deals in whole percent; short of all of them, never rounded up to 100%."""
    return percent(p if p >= 1 else min(p, 0.99))


def _not_last(view: PlayerView) -> bool:
    return view.cards_left_to_play() > 1


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
    """Skip positions with one sensible play, the first trick of a deal with no table, and
    positions too long to prove."""
    if len(view.legal_actions()) < 2 or not view.table:
        return False
    if view.rules.variant == "SCOPONE_SCIENTIFICO":
        return view.cards_left_to_play() <= MAX_LEFT_SCOPONE
    return view.stock_size <= MAX_STOCK_2P


def verify(spec: PuzzleSpec) -> bool:
    """Recompute the puzzle from its position with the engine, every deal played out again: the
    same solution, verdicts, proof and themes."""
    if spec.kind.startswith(RACE_KIND):
        return race_puzzle_from(spec.view(), spec.kind.removeprefix(RACE_KIND)) == spec
    return puzzle_from(spec.view()) == spec


def puzzle_at(rules: Rules, position: str) -> PuzzleSpec | None:
    """The puzzle a position typed in its text form (`PlayerView.to_text()`) makes, or None when
    no play is clearly best. BadNotation if the text is not a position. Proving it may take seconds."""
    return puzzle_from(PlayerView.from_text(position.strip(), rules))


# -- card counting: the races -------------------------------------------------------------------
RACE_KIND = "race_"
RACE_QUESTIONS = {
    "carte": gettext_noop("Count the cards: is the carte point already yours, still to play for, or out of your reach?"),
    "denari": gettext_noop("Count the Denari: is the denari point already yours, still to play for, or out of your reach?"),
    "primiera": gettext_noop("Count the primiera: is it already yours, still to play for, or out of your reach?"),
}
RACE_ANSWERS = [WON, OPEN, LOST]


def race_puzzle_from(view: PlayerView, name: str) -> PuzzleSpec:
    """A card-counting question on one race, answered from the piles and the cards still out."""
    right = race(view, name)
    verdicts = tuple(
        Verdict(answer, 1.0 if answer == right else 0.0, 0.0 if answer == right else 1.0, 0.0)
        for answer in sorted(RACE_ANSWERS, key=lambda a: a != right)
    )
    return PuzzleSpec(
        rules_text=view.rules.to_text(), position=view.to_text(), kind=RACE_KIND + name,
        question=RACE_QUESTIONS[name], themes=("card_counting",), verdicts=verdicts, solution=right,
        exact=True, confidence=1.0, samples=1, method=KNOWN, deals=1, gap_bound=1.0,
    )


def _race_explanation(spec: PuzzleSpec, verdict: Verdict) -> str:
    """The right answer with the counts that settle it; a wrong one is told the right answer."""
    name = spec.kind.removeprefix(RACE_KIND)
    words = {"point": _(RACE_POINTS[name]), "answer": _(RACE_STANDING[spec.solution])}
    if verdict.answer != spec.solution:
        return _("Not so: %(point)s is %(answer)s.") % words
    return " ".join((facts(spec.view(), name), _("So %(point)s is %(answer)s.") % words))


RACE_POINTS = {"carte": gettext_noop("the carte point"), "denari": gettext_noop("the denari point"),
               "primiera": gettext_noop("the primiera point")}
RACE_STANDING = {WON: gettext_noop("already yours"), OPEN: gettext_noop("still to play for"),
                 LOST: gettext_noop("out of your reach")}


def _read_off(view: PlayerView, name: str) -> bool:
    """A carte or denari race one side has already settled by its own count (21 cards, 6 Denari):
    the page shows those counts, so there is nothing to count."""
    needs = {"carte": (21, lambda c: True), "denari": (6, lambda c: c.suit == "D")}.get(name)
    if needs is None:
        return False
    least, counts = needs
    return any(sum(1 for c in cards_from_mask(pile) if counts(c)) >= least for pile in view.piles)


def generate_races(rules: Rules, seed: int | str, count: int) -> Iterator[PuzzleSpec]:
    """Card-counting questions from greedy games, the races and their answers taking turns, in the
    second half of a hand (when the counting starts to decide)."""
    wanted = [("carte", OPEN), ("carte", LOST), ("denari", OPEN), ("denari", LOST),
              ("primiera", WON), ("primiera", OPEN), ("primiera", LOST)]
    found = hand_no = 0
    while found < count and hand_no < 50 * count:
        state = deal(rules, f"races:{seed}:{hand_no}", dealer=hand_no % rules.players)
        hand_no += 1
        while not state.is_over and found < count:
            view = state.view(state.to_move)
            if view.stock_size <= 12 and view.cards_left_to_play() > 2:
                name, answer = wanted[found % len(wanted)]
                if race(view, name) == answer and not _read_off(view, name):
                    found += 1
                    yield race_puzzle_from(view, name)
                    break  # one question a hand
            state = state.apply(greedy(view))
