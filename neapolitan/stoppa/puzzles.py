"""Stoppa puzzles: see the bet or fold, in the contest for the punto (Phase I), from the exact odds
of beating the hands still in and the chips in the pot.

A position is your three cards, how many other hands are still in, the pot and what you must pay
to see (a table of four with the whole pack, the first hand of the deal). The odds count every deal
of the cards you have not seen to those hands (`neapolitan.stoppa.odds.beat_odds`, exact): their
cards are taken as dealt at random, and nothing is read into their bets. When you see a bet, the
bettor shows first, and a tie goes to him (STOPPA-6.9, OP-3 A): you win only when every other
punto is lower. Seeing is worth `win x (pot + to pay) - to pay` chips from now; folding is worth 0
(what you have put in is gone either way). A position becomes a puzzle when one choice is ahead by
MIN_GAP chips for each chip you would pay, and the answer is not a foregone conclusion.

Text form of a position: `hand | hands still in | pot | to pay`, e.g. `7D 6D 1D | 2 | 6 | 2`.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from neapolitan.cards import DECK, Card
from neapolitan.errors import BadNotation
from neapolitan.notation import cards_field, parse_cards_field
from neapolitan.puzzles import SpecForm
from neapolitan.stoppa.odds import Odds, beat_odds, break_even, ev_see
from neapolitan.stoppa.punto import punto, punto_cards
from neapolitan.stoppa.rules import Rules

MIN_GAP = 0.05  # chips a choice is ahead by, for each chip you would pay to see
PUZZLE_RULES = Rules(players=4)
QUESTION = "A bet is on the punto: see it, or fold?"


def rules_for(variant: str) -> Rules:
    if variant != "P4":
        raise BadNotation("Stoppa puzzles come in one variant, P4 (four players, the whole pack)")
    return PUZZLE_RULES


@dataclass(frozen=True)
class Position:
    hand: tuple[Card, ...]
    rivals: int  # other hands still in the contest
    pot: int  # chips in the pot now, the bet included
    to_pay: int  # what you must put in to see

    def to_text(self) -> str:
        return f"{cards_field(self.hand)} | {self.rivals} | {self.pot} | {self.to_pay}"

    @classmethod
    def from_text(cls, text: str) -> Position:
        parts = [p.strip() for p in text.split("|")]
        if len(parts) != 4:
            raise BadNotation("A Stoppa puzzle position is `hand | hands still in | pot | to pay`")
        hand = parse_cards_field(parts[0])
        try:
            rivals, pot, to_pay = (int(p) for p in parts[1:])
        except ValueError:
            raise BadNotation("Hands still in, pot and to pay are whole numbers") from None
        if len(hand) != 3 or len(set(hand)) != 3:
            raise BadNotation("A Phase I hand is three different cards (STOPPA-4.1)")
        if not 1 <= rivals <= 3 or to_pay < 1 or pot < to_pay:
            raise BadNotation("One to three other hands, something to pay, and a pot holding the bet")
        return cls(tuple(hand), rivals, pot, to_pay)

    def unseen(self) -> list[Card]:
        return [c for c in DECK if c not in self.hand]

    def odds(self) -> Odds:
        return beat_odds(punto(self.hand), self.rivals, self.unseen(), 3, method="exact")


@dataclass(frozen=True)
class Verdict:
    answer: str  # see or fold
    value: float  # chips won on average from now
    loss: float
    explanation: str


@dataclass(frozen=True)
class PuzzleSpec(SpecForm):
    RULES = Rules
    VERDICT = Verdict

    rules_text: str
    position: str
    kind: str
    question: str
    themes: tuple[str, ...]
    verdicts: tuple[Verdict, ...]
    solution: str
    win: float  # the chance that every other punto is lower (exact)
    exact: bool = True


    def view(self) -> Position:
        return Position.from_text(self.position)


def judge(spec: PuzzleSpec, answer: str) -> Verdict:
    answer = answer.strip().lower()
    verdict = spec.verdict_of(answer)
    if verdict is not None:
        return verdict
    raise BadNotation("Answer see or fold")


def puzzle_from(position: Position, rules: Rules = PUZZLE_RULES) -> PuzzleSpec | None:
    odds = position.odds()
    win = round(odds.win, 6)
    if not 0.05 <= win <= 0.9:
        return None  # a near-certain win or loss is no puzzle
    values = {"see": round(ev_see(win, position.pot, position.to_pay), 4), "fold": 0.0}
    ranking = sorted(values, key=lambda name: (-values[name], name != "fold"))
    best, second = ranking
    if values[best] - values[second] < MIN_GAP * position.to_pay:
        return None
    verdicts = tuple(
        Verdict(name, values[name], round(values[best] - values[name], 4), explain(position, win, values, name, ranking))
        for name in ranking
    )
    return PuzzleSpec(
        rules_text=rules.to_text(), position=position.to_text(), kind="see_or_fold", question=QUESTION,
        themes=themes_of(position, win), verdicts=verdicts, solution=best, win=win,
    )


def themes_of(position: Position, win: float) -> tuple[str, ...]:
    themes = ["pot_odds"]
    if position.rivals > 1:
        themes.append("several_rivals")
    if len({c.suit for c in punto_cards(position.hand)}) == 1 and len(punto_cards(position.hand)) == 3:
        themes.append("three_of_a_suit")
    return tuple(themes)


def explain(position: Position, win: float, values: dict[str, float], name: str, ranking: list[str]) -> str:
    need = break_even(position.pot, position.to_pay)
    hands = "hand" if position.rivals == 1 else f"{position.rivals} hands"
    if name == "see":
        text = (f"Your punto of {punto(position.hand)} beats the other {hands} in {_percent(win)} of the deals of the "
                f"cards you have not seen (a tie goes to the bettor). Paying {position.to_pay} to win a pot of "
                f"{position.pot + position.to_pay} needs {_percent(need)} to break even: seeing is worth "
                f"{_chips(values['see'])} on average.")
    else:
        text = "Folding is worth 0 from now: what you have put in is gone either way."
    if name == ranking[0]:
        text += f" This is the best choice, by {_chips(values[name] - values[ranking[1]], signed=False)}."
    else:
        text += f" It gives away {_chips(values[ranking[0]] - values[name], signed=False)} against the best choice."
    return text


def _percent(p: float) -> str:
    return f"{100 * p:.1f}%"


def _chips(value: float, signed: bool = True) -> str:
    number = f"{value:+.2f}" if signed else f"{value:.2f}"
    return f"{number.replace('-', '−')} chips"


def generate(rules: Rules, seed: int | str, count: int, progress: Callable[[int], None] | None = None) -> Iterator[PuzzleSpec]:
    """Deal hands from seeded shuffles, with one to three hands still in, a pot and a bet."""
    rng = random.Random(f"stoppa-puzzles:{seed}")
    seen: set[tuple] = set()
    found = tries = 0
    while found < count and tries < 100 * count + 1000:
        tries += 1
        deck = list(DECK)
        rng.shuffle(deck)
        hand = tuple(deck[:3])
        rivals = rng.choice((1, 1, 2, 2, 3))
        to_pay = rng.choice((1, 2, 3, 4, 5))
        pot = to_pay + rng.randrange(1, 13)
        position = Position(hand, rivals, pot, to_pay)
        key = (punto(hand), rivals, pot, to_pay)
        if key in seen:
            continue
        seen.add(key)
        spec = puzzle_from(position, rules)
        if spec is not None:
            found += 1
            if progress:
                progress(found)
            yield spec


def verify(spec: PuzzleSpec) -> bool:
    return puzzle_from(spec.view(), spec.rules()) == spec


def puzzle_at(rules: Rules, position: str) -> PuzzleSpec | None:
    """The puzzle a position typed as `hand | hands still in | pot | to pay` makes, or None when
    neither choice is clearly best. BadNotation if the text is not a position."""
    return puzzle_from(Position.from_text(position.strip()), rules)


