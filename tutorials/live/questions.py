"""Where a session's questions come from (the puzzle bank of any game, by theme and rating or
picked by number, or a position typed in the engine's text form), and how a question is shown
before its reveal: the position, and the answers in a fixed order that says nothing of their worth."""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from tutorials.live.models import LiveQuestion
from tutorials.puzzles.models import Puzzle
from tutorials.puzzles.registry import PUZZLE_GAMES, PuzzleGame
from tutorials.puzzles.selectors import puzzles_of

MAX_QUESTIONS = 30


class BadQuestions(ValueError):
    """The questions asked for cannot be made; the message says why, for the host."""


@dataclass(frozen=True)
class Draft:
    """A question before it is stored: a puzzle of the bank, or a spec built from a typed position."""

    game: str
    spec: dict
    puzzle: Puzzle | None = None

    def question(self, session: Any, number: int) -> LiveQuestion:
        return LiveQuestion(session=session, number=number, puzzle=self.puzzle, game=self.game,
                            rules_text=self.spec["rules_text"], position=self.spec["position"],
                            kind=self.spec["kind"], question=self.spec["question"], spec=self.spec)


def from_puzzle(puzzle: Puzzle) -> Draft:
    return Draft(puzzle.game, puzzle.spec, puzzle)


def bank_set(*, game: str, theme: str = "", rating_min: int = 0, rating_max: int = 4000, count: int = 5,
             rng: random.Random | None = None) -> list[Draft]:
    """`count` puzzles of the game (of a theme, if given) rated within the bounds, at random,
    easiest first."""
    found = list(puzzles_of(game, theme).filter(rating__gte=rating_min, rating__lte=rating_max)
                 .only("pk", "game", "spec", "rating"))
    if not found:
        raise BadQuestions(_("No puzzle of this game has that theme and rating. Widen the range."))
    chosen = (rng or random).sample(found, min(count, len(found)))
    return [from_puzzle(p) for p in sorted(chosen, key=lambda p: (p.rating, p.pk))]


def picked(numbers: list[int]) -> list[Draft]:
    """The puzzles of these numbers (as their pages show them), in that order."""
    found = Puzzle.objects.in_bulk(numbers)
    missing = [str(n) for n in numbers if n not in found]
    if missing:
        raise BadQuestions(_("There is no puzzle numbered %(numbers)s.") % {"numbers": ", ".join(missing)})
    return [from_puzzle(found[n]) for n in numbers]


def typed(*, game: str, variant: str, position: str) -> Draft:
    """The question a typed position makes, judged by the game's puzzle machinery (proving a
    Scopa position may take a few seconds). BadQuestions when the text is not a position, or
    when no answer is clearly best there."""
    info = PUZZLE_GAMES.get(game)
    if info is None:
        raise BadQuestions(_("That game has no puzzles."))
    try:
        spec = info.engine.puzzle_at(info.rules(variant), position)
    except ValueError as error:  # BadNotation, IllegalAction: the engine names what is wrong
        raise BadQuestions(_("That position cannot be read: %(error)s") % {"error": error}) from None
    if spec is None:
        raise BadQuestions(_("The engine finds no clearly best answer in that position: "
                             "it would make a poor question. Try another."))
    return Draft(game, spec.to_dict())


# -- showing a question ---------------------------------------------------------------------------
@dataclass(frozen=True)
class AnswerOption:
    """A button: what it posts, and how it looks (a card and what it takes, or a label)."""

    answer: str
    label: str = ""
    card: Any = None
    takes: tuple = ()


def game_of(question: LiveQuestion) -> PuzzleGame:
    return PUZZLE_GAMES[question.game]


def answer_options(question: LiveQuestion) -> list[AnswerOption]:
    """Every answer the question takes, in the order of their text: the spec lists them best
    first, and that order must not reach a page before the reveal."""
    info = game_of(question)
    rows = info.presenter.options(info.spec(question.spec), "")
    options = [AnswerOption(row.answer, str(getattr(row, "label", "")), getattr(row, "card", None),
                            tuple(getattr(row, "takes", ()))) for row in rows]
    return sorted(options, key=lambda o: o.answer)


def position_of(question: LiveQuestion) -> Any:
    """The game's presenter's drawing of the position, for its position template."""
    info = game_of(question)
    answers = frozenset(v["answer"] for v in question.spec["verdicts"])
    return info.presenter.present(question.rules_text, question.position, "", kind=question.kind, answers=answers)


def verdict_rows(question: LiveQuestion) -> list[Any]:
    """After the reveal: every option with the engine's verdict, best first (the game's rows)."""
    info = game_of(question)
    return info.presenter.options(info.spec(question.spec), "")


def worst_loss(question: LiveQuestion) -> float:
    return max((v["loss"] for v in question.spec["verdicts"]), default=0.0)


def best_answer(question: LiveQuestion) -> str:
    return question.spec["solution"]
