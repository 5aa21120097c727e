"""Writes for puzzles: store verified puzzles, record an attempt (ratings, review card), merge at log-in."""
from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db import transaction
from django.db.models import Max, Q
from django.utils import timezone
from django.utils.translation import gettext as _
from fsrs import Card as FsrsCard
from fsrs import Rating as FsrsRating
from fsrs import Scheduler

from tutorials.core.learners import Learner, adopt_anonymous
from tutorials.core.prepared import PreparedInsert, PreparedUpdate
from tutorials.puzzles import glicko
from tutorials.puzzles.models import LearnerRating, Puzzle, PuzzleAttempt, ReviewCard, theme_key
from tutorials.puzzles.registry import puzzle_game
from tutorials.puzzles.selectors import forget_todays_puzzle

SCHEDULER = Scheduler()
BEST = 1e-9  # a loss this small is the best play
KIND_OFFSET = {"sweep": -150, "safe_trail": -50, "best_play": 0, "counting": 100, "scopone": 150,
               "see_or_fold": -100, "bet_size": 50, "stoppata": 100}


class StaleAttempt(ValueError):
    """The page that posted the answer is out of date (another answer came in since)."""


@dataclass
class AttemptResult:
    attempt: PuzzleAttempt
    verdict: Any  # the engine's Verdict of this answer
    counted: bool  # False for a repeat of an attempt already recorded: nothing changed
    tried: int = 0  # the learner's attempts at this puzzle now, this one included
    spec: Any = None  # the puzzle's spec, as the engine read it to judge (the verdicts page reads it too)


# -- storing puzzles ----------------------------------------------------------------------------
def initial_rating(spec: Any, clear_gap: float = 1.0) -> float:
    """A first guess at a puzzle's difficulty: a wide gap between the best and the next play is
    easy to see, many legal plays are hard to weigh, and some kinds are harder than others.
    `clear_gap` is the game's gap (in its own unit: points, stakes, chance) that reads as plainly as
    a point of Scopa (`PuzzleGame.clear_gap`)."""
    losses = sorted(v.loss for v in spec.verdicts)
    gap = losses[1] / clear_gap if len(losses) > 1 else 4.0
    rating = 1500 - 180 * math.log2(max(gap, 0.25)) + 40 * (len(spec.verdicts) - 4)
    rating += KIND_OFFSET.get(spec.kind, 0)
    return float(min(max(round(rating), 800), 2200))


@transaction.atomic
def puzzles_store(*, game: str, specs: Iterable[Any], progress: Callable[[int], None] | None = None) -> tuple[int, int]:
    """Store engine-verified puzzle specs, keyed by (game, rules, position); returns (created, updated).

    Idempotent: a puzzle already stored keeps its rating and play counts; only its spec is refreshed.
    """
    clear_gap = puzzle_game(game).clear_gap
    existing = {
        (rules_text, position): (pk, spec, retired)
        for pk, rules_text, position, spec, retired in Puzzle.objects.filter(game=game).values_list(
            "pk", "rules_text", "position", "spec", "retired")
    }
    new: dict[tuple[str, str], Puzzle] = {}
    changed: dict[int, Puzzle] = {}
    for count, spec in enumerate(specs, start=1):
        key = (spec.rules_text, spec.position)
        data = spec.to_dict()
        fields = {
            "kind": spec.kind, "question": spec.question, "themes": list(spec.themes),
            "theme_key": theme_key(spec.themes), "spec": data, "solution": spec.solution,
            "exact": spec.exact, "confidence": getattr(spec, "confidence", 1.0), "retired": False,
        }
        if key in existing:
            pk, stored, retired = existing[key]
            if stored != data or retired:
                changed[pk] = Puzzle(pk=pk, **fields)
        elif key not in new:
            new[key] = Puzzle(game=game, rules_text=spec.rules_text, position=spec.position,
                              rating=initial_rating(spec, clear_gap), **fields)
        if progress:
            progress(count)
    Puzzle.objects.bulk_create(new.values(), batch_size=200)
    Puzzle.objects.bulk_update(changed.values(), list(_SPEC_FIELDS), batch_size=200)
    forget_todays_puzzle(game)
    return len(new), len(changed)


_SPEC_FIELDS = ("kind", "question", "themes", "theme_key", "spec", "solution", "exact", "confidence", "retired")


# -- answering ----------------------------------------------------------------------------------
def rating_lock(*, learner: Learner, game: str) -> LearnerRating:
    """The learner's rating row in this game, created if need be, locked until the transaction ends.

    Every answer by one learner takes this lock first, so two answers arriving together are
    recorded one after the other (on PostgreSQL; SQLite writes one transaction at a time anyway).
    """
    return learner.row(LearnerRating, lock=True, game=game)


@transaction.atomic
def attempt_record(*, learner: Learner, puzzle: Puzzle, answer: str, number: int,
                   now: datetime | None = None, ratable: bool = True) -> AttemptResult:
    """Judge an answer and record it. The learner's first attempt (number 0) is rated (Glicko-2):
    the learner's rating moves, and the puzzle's too when the learner is signed in (scripted
    anonymous sessions cannot push a puzzle's rating around). With `ratable` False (a visitor
    whose session is not known yet) nothing is rated. A wrong answer schedules a review; a right
    one counts as a review when one is due.

    `number` is the attempt the page was shown for: posting it again returns the recorded attempt
    and changes nothing. Raises the engine's BadNotation / IllegalAction for a malformed or illegal
    answer, StaleAttempt for a number from the future; nothing is written then.
    """
    now = now or timezone.now()
    game = puzzle_game(puzzle.game)
    spec = game.spec(puzzle.spec)
    verdict = game.engine.judge(spec, answer)  # raises before anything is written
    rating = rating_lock(learner=learner, game=puzzle.game)
    numbers = set(learner.rows(PuzzleAttempt, puzzle=puzzle, flat="number"))
    if number in numbers:
        return _recorded(learner, puzzle, spec, number, tried=len(numbers))
    if number != len(numbers):
        raise StaleAttempt(_("This puzzle page is out of date. Reload it to answer again."))
    correct = verdict.loss <= BEST
    attempt = PuzzleAttempt(puzzle=puzzle, number=number, answer=verdict.answer, correct=correct,
                            loss=verdict.loss, rated=ratable and number == 0, **learner.owner())
    # The new ratings and review are worked out first, so the attempt is written once, whole;
    # they are saved only once it is.
    rated = _rate(rating, puzzle, attempt, moves_puzzle=learner.user is not None, now=now) if attempt.rated else None
    review, attempt.review = _schedule_review(learner, puzzle, correct, now)
    if not _write_attempt(attempt):  # the same attempt arrived at the same moment and was recorded first
        return _recorded(learner, puzzle, spec, number, tried=number + 1)
    if rated is not None:
        rated.save(shown=puzzle)
    if review is not None:
        review.save()
    return AttemptResult(attempt, verdict, counted=True, tried=number + 1, spec=spec)


def _recorded(learner: Learner, puzzle: Puzzle, spec: Any, number: int, *, tried: int) -> AttemptResult:
    """The attempt with this number, recorded before: its result again, nothing changed."""
    repeat = PuzzleAttempt.objects.get(puzzle=puzzle, number=number, **learner.owner())
    return AttemptResult(repeat, puzzle_game(puzzle.game).engine.judge(spec, repeat.answer), counted=False, tried=tried,
                         spec=spec)


# The rows an answer writes, each by one statement written once (tutorials.core.prepared): the
# attempt (nothing where the same attempt is there already), the ratings, the review card.
_write_attempt = PreparedInsert(PuzzleAttempt)
_PUZZLE_RATING = ("rating", "rd", "volatility", "plays", "solved")
_write_puzzle_rating = PreparedUpdate(Puzzle, _PUZZLE_RATING, where=("pk",))
_write_learner_rating = PreparedUpdate(LearnerRating, ("rating", "rd", "volatility", "updated"), where=("pk",))
_REVIEW = ("card", "due", "reviews", "lapses", "updated")
_write_new_review = PreparedInsert(ReviewCard)
_write_review = PreparedUpdate(ReviewCard, _REVIEW, where=("pk",))


@dataclass
class _Rated:
    """The learner's rating and, when it moves too, the puzzle's, as an answer changed them."""

    rating: LearnerRating
    puzzle: Puzzle | None

    def save(self, *, shown: Puzzle) -> None:
        rating = self.rating
        _write_learner_rating({"rating": rating.rating, "rd": rating.rd, "volatility": rating.volatility,
                               "updated": rating.updated}, pk=rating.pk)
        if self.puzzle is None:
            return
        _write_puzzle_rating({name: getattr(self.puzzle, name) for name in _PUZZLE_RATING}, pk=self.puzzle.pk)
        for name in _PUZZLE_RATING:  # the caller's copy shows the news
            setattr(shown, name, getattr(self.puzzle, name))


def _rate(rating: LearnerRating, shown: Puzzle, attempt: PuzzleAttempt, *, moves_puzzle: bool,
          now: datetime) -> _Rated:
    """Glicko-2: the learner wins against the puzzle by solving it; the puzzle's side of the game
    (its rating and counts) moves only with `moves_puzzle`. Sets the attempt's rating before and
    after; nothing is saved yet."""
    score = 1.0 if attempt.correct else 0.0
    puzzle = Puzzle.objects.select_for_update().get(pk=shown.pk) if moves_puzzle else shown
    learner_before, puzzle_before = rating.as_glicko, puzzle.as_glicko
    rating.set_glicko(glicko.rate(learner_before, [(puzzle_before, score)]))
    rating.updated = now
    attempt.rating_before, attempt.rating_after = learner_before.rating, rating.rating
    if not moves_puzzle:
        return _Rated(rating, None)
    puzzle.set_glicko(glicko.rate(puzzle_before, [(learner_before, 1 - score)]))
    puzzle.plays += 1
    puzzle.solved += int(attempt.correct)
    return _Rated(rating, puzzle)


def new_review_card(puzzle: Puzzle, now: datetime) -> FsrsCard:
    """A new fsrs card for a puzzle, due now. It is named by the puzzle: left to itself, fsrs names
    a card by the clock and then sleeps a millisecond so the next one differs, and it would sleep
    inside the answer's transaction (for every learner at once, in a live class)."""
    return FsrsCard(card_id=puzzle.pk, due=now)


def _schedule_review(learner: Learner, puzzle: Puzzle, correct: bool, now: datetime) -> tuple[_Review | None, bool]:
    """fsrs: a wrong answer (re)schedules the puzzle; a right one counts when it is due.
    Returns the review card to save (None when nothing changes) and whether this answer was a
    due review."""
    row = learner.first(ReviewCard, lock=True, puzzle=puzzle)
    due = row is not None and row.due <= now
    if correct and not due:
        return None, False
    card = FsrsCard.from_dict(row.card) if row else new_review_card(puzzle, now)
    card, _log = SCHEDULER.review_card(card, FsrsRating.Good if correct else FsrsRating.Again, review_datetime=now)
    if row is None:
        row = ReviewCard(puzzle=puzzle, **learner.owner())
    row.card, row.due = card.to_dict(), card.due
    row.reviews += 1
    row.lapses += int(not correct)
    return _Review(row, now), due


@dataclass
class _Review:
    """A review card as an answer changed it, to be saved: written anew, or its row updated."""

    row: ReviewCard
    now: datetime

    def save(self) -> None:
        row = self.row
        row.updated = self.now
        if row.pk is None:
            # Another answer of this learner waits for the rating lock; a live class's misses do not
            # (`reviews_missed`): a card one wrote meanwhile stays, as there.
            _write_new_review(row)
            return
        _write_review({name: getattr(row, name) for name in _REVIEW}, pk=row.pk)


def reviews_missed(*, puzzle: Puzzle, missed_by: Iterable[tuple[int | None, str]], now: datetime | None = None) -> int:
    """A puzzle missed away from its page (in a live class) joins each learner's review queue, as
    a wrong answer on the page does (fsrs "again"), in a few queries however many learners.
    `missed_by` holds (user id, "") for accounts and (None, anon_key) for anonymous learners."""
    now = now or timezone.now()
    users = {user for user, _key in missed_by if user is not None}
    keys = {key for user, key in missed_by if user is None and key}
    if not users and not keys:
        return 0
    rows = ReviewCard.objects.select_for_update().filter(puzzle=puzzle).filter(
        Q(user_id__in=users) | Q(user__isnull=True, anon_key__in=keys))
    found = {(row.user_id, "" if row.user_id else row.anon_key): row for row in rows}
    fresh = []
    for owner in [(user, "") for user in users] + [(None, key) for key in keys]:
        row = found.get(owner) or ReviewCard(puzzle=puzzle, user_id=owner[0], anon_key=owner[1])
        card = FsrsCard.from_dict(row.card) if row.pk else new_review_card(puzzle, now)
        card, _log = SCHEDULER.review_card(card, FsrsRating.Again, review_datetime=now)
        row.card, row.due = card.to_dict(), card.due
        row.reviews += 1
        row.lapses += 1
        row.updated = now
        if not row.pk:
            fresh.append(row)
    ReviewCard.objects.bulk_update(list(found.values()), ["card", "due", "reviews", "lapses", "updated"])
    ReviewCard.objects.bulk_create(fresh, ignore_conflicts=True)  # one made meanwhile on a page stays
    return len(found) + len(fresh)


# -- log-in: anonymous work joins the account ---------------------------------------------------
@transaction.atomic
def learner_merge(*, user: Any, anon: str) -> int:
    """Move an anonymous learner's ratings, attempts and reviews into their account.

    Ratings of the same game are combined (glicko.combine); where both answered the same puzzle
    the account's first attempt stays the rated one and the other becomes a later, unrated one;
    of two review cards for one puzzle the one due sooner is kept. Returns the rows moved.
    """
    if not anon:
        return 0
    moved = _merge_ratings(user, anon) + _merge_attempts(user, anon) + _merge_reviews(user, anon)
    return moved


def _merge_ratings(user: Any, anon: str) -> int:
    def combine(mine: LearnerRating, theirs: LearnerRating) -> None:
        mine.set_glicko(glicko.combine(mine.as_glicko, theirs.as_glicko))

    return adopt_anonymous(LearnerRating, user=user, anon=anon, same="game", merge=combine,
                           merged_fields=["rating", "rd", "volatility"])


def _merge_attempts(user: Any, anon: str) -> int:
    theirs = list(PuzzleAttempt.objects.select_for_update().filter(user__isnull=True, anon_key=anon)
                  .order_by("puzzle_id", "number"))
    if not theirs:
        return 0
    puzzles = {a.puzzle_id for a in theirs}
    mine = PuzzleAttempt.objects.filter(user=user, puzzle_id__in=puzzles)
    last = dict(mine.order_by().values("puzzle_id").annotate(n=Max("number")).values_list("puzzle_id", "n"))
    rated = set(mine.filter(rated=True).values_list("puzzle_id", flat=True))
    for attempt in theirs:
        if attempt.puzzle_id in last:
            last[attempt.puzzle_id] += 1
            attempt.number = last[attempt.puzzle_id]
        if attempt.puzzle_id in rated:
            attempt.rated = False
        attempt.user, attempt.anon_key = user, ""
    PuzzleAttempt.objects.bulk_update(theirs, ["user", "anon_key", "number", "rated"])
    return len(theirs)


def _merge_reviews(user: Any, anon: str) -> int:
    def combine(mine: ReviewCard, theirs: ReviewCard) -> None:
        if theirs.due < mine.due:  # keep the card that comes back sooner
            mine.card, mine.due = theirs.card, theirs.due
        mine.reviews += theirs.reviews
        mine.lapses += theirs.lapses

    return adopt_anonymous(ReviewCard, user=user, anon=anon, same="puzzle", merge=combine,
                           merged_fields=["card", "due", "reviews", "lapses"])

