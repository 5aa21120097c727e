"""Where a session's questions come from (the puzzle bank of any game, by theme and rating or
picked by number, a position typed in the engine's text form, or a lesson's steps), how a question
is shown before its reveal (the position, and the answers in a fixed order that says nothing of
their worth), and how an answer is judged: by the game's puzzle machinery, or by the lesson step's
own kind (lesson_steps.py)."""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from tutorials.lessons.models import Lesson
from tutorials.live import lesson_steps
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


def from_lesson(lesson: Lesson) -> list[Draft]:
    """A question for each step of the lesson that asks something, in the lesson's order."""
    steps = lesson_steps.interactive_steps(lesson)
    if not steps:
        raise BadQuestions(_("That lesson asks nothing: choose another."))
    return [Draft(lesson.game, lesson_steps.spec_of(step)) for step in steps]


# -- showing a question ---------------------------------------------------------------------------
@dataclass(frozen=True)
class AnswerOption:
    """A button: what it posts, and how it looks (a card and what it takes, or a label)."""

    answer: str
    label: str = ""
    card: Any = None
    takes: tuple = ()
    cards: tuple = ()  # an answer that is a few cards (a lesson step's), drawn as cards


def game_of(question: LiveQuestion) -> PuzzleGame:
    return PUZZLE_GAMES[question.game]


def is_step(question: LiveQuestion) -> bool:
    """A lesson's step: the phone shows the step's own answer controls, not buttons."""
    return lesson_steps.is_step(question.spec)


def answer_options(question: LiveQuestion) -> list[AnswerOption]:
    """Every answer the question takes, in the order of their text: the spec lists them best
    first, and that order must not reach a page before the reveal. None for a lesson's step."""
    if is_step(question):
        return []
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
    if is_step(question):
        return lesson_steps.LOSS_WRONG
    return max((v["loss"] for v in question.spec["verdicts"]), default=0.0)


def best_answer(question: LiveQuestion) -> str:
    return question.spec["right"] if is_step(question) else question.spec["solution"]


def option_of(question: LiveQuestion, options: tuple[AnswerOption, ...], answer: str) -> AnswerOption | None:
    """How an answer is drawn: its button, or a lesson step's answer in words or cards."""
    if is_step(question):
        text, cards = lesson_steps.label(question.spec, answer)
        return AnswerOption(answer, text, cards=cards)
    return next((o for o in options if o.answer == answer), None)


def answer_words(question: LiveQuestion, answer: str) -> str:
    """An answer in a report: as recorded for a puzzle (its notation), in words for a lesson's step."""
    return lesson_steps.words(question.spec, answer) if is_step(question) else answer


def best_option(question: LiveQuestion, options: tuple[AnswerOption, ...]) -> AnswerOption | None:
    """The best answer, drawn (a step's in the reader's language)."""
    if is_step(question):
        return AnswerOption("", lesson_steps.solution(question.spec))
    return option_of(question, options, best_answer(question))


def judge(question: LiveQuestion, answer: str) -> tuple[str, float]:
    """The answer as it is recorded, and the value it gives away against the best one.
    ValueError, with a message for the player, when it is not an answer to this question."""
    if is_step(question):
        return answer, lesson_steps.judge(question.spec, answer)[1]  # BadAnswer says what is wrong
    info = game_of(question)
    try:
        verdict = info.engine.judge(info.spec(question.spec), answer)
    except ValueError:  # BadNotation, IllegalAction
        raise ValueError(_("That is not one of the answers. Choose one of the buttons.")) from None
    return verdict.answer, verdict.loss


@dataclass(frozen=True)
class GivenAnswer:
    """After a lesson step's reveal: one answer given, how many gave it, and the step's verdict."""

    option: AnswerOption
    count: int
    width: int  # percent of the most given answer's count
    right: bool
    why: str


def step_answers(question: LiveQuestion, counts: dict[str, int]) -> list[GivenAnswer]:
    """Every answer given to a lesson step, the right ones first, then the most given."""
    most = max(counts.values(), default=0) or 1
    rows = []
    for answer, count in counts.items():
        verdict = lesson_steps.verdict(question.spec, answer)
        rows.append(GivenAnswer(option_of(question, (), answer), count, 100 * count // most, verdict.correct,
                                verdict.why))
    return sorted(rows, key=lambda r: (not r.right, -r.count, r.option.answer))
