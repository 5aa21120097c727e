"""Writes: storing puzzles, recording attempts (ratings once, reviews on a schedule), reading them back."""
import random
import statistics
from datetime import timedelta
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from neapolitan.errors import BadNotation, IllegalAction
from tutorials.puzzles import glicko
from tutorials.puzzles.files import read_specs
from tutorials.puzzles.models import LearnerRating, Puzzle, PuzzleAttempt, ReviewCard
from tutorials.puzzles.registry import PUZZLE_GAMES
from tutorials.puzzles.services import (
    Learner,
    StaleAttempt,
    attempt_record,
    initial_rating,
    learner_merge,
    puzzles_store,
    theme_key,
)

pytestmark = pytest.mark.django_db

ANON = Learner(None, "k" * 32)


def _wrong_answer(puzzle: Puzzle) -> str:
    return puzzle.spec["verdicts"][-1]["answer"]


def test_storing_is_idempotent_and_keeps_ratings(shipped_specs):
    specs = shipped_specs[:20]
    assert puzzles_store(game="scopa", specs=specs) == (20, 0)
    first = Puzzle.objects.order_by("pk").first()
    first.rating, first.plays = 1234.0, 7
    first.save()
    assert puzzles_store(game="scopa", specs=specs + specs[:3]) == (0, 0)
    first.refresh_from_db()
    assert (first.rating, first.plays, Puzzle.objects.count()) == (1234.0, 7, 20)
    assert first.theme_key == theme_key(first.themes)
    assert all(f" {t} " in first.theme_key for t in first.themes)


def test_initial_rating_follows_the_gap_between_the_two_best_plays(shipped_specs):
    for spec in shipped_specs[:50]:
        assert 800 <= initial_rating(spec) <= 2200
    wide = min(shipped_specs[:50], key=lambda s: -sorted(v.loss for v in s.verdicts)[1])
    narrow = min(shipped_specs[:50], key=lambda s: sorted(v.loss for v in s.verdicts)[1])
    if len(wide.verdicts) == len(narrow.verdicts) and wide.kind == narrow.kind:
        assert initial_rating(wide) < initial_rating(narrow)


@pytest.mark.parametrize("game", sorted(PUZZLE_GAMES))
def test_each_games_basic_puzzles_start_below_a_new_learners_rating(game):
    """Ratings are per game, each game's gaps in its own unit (points, stakes, chance): scaled by
    the game's clear gap, the basic kinds a new learner meets first start below his 1500."""
    info = PUZZLE_GAMES[game]
    specs = list(read_specs(Path(info.starter)))
    stored = {}
    for spec in specs:
        stored.setdefault(spec.kind, []).append(initial_rating(spec, info.clear_gap))
    basic = [r for kind in (info.basic_kinds or tuple(info.kinds)[:1]) for r in stored.get(kind, [])]
    assert basic and statistics.median(basic) < glicko.DEFAULT_RATING


def test_a_signed_in_learners_first_attempt_rates_learner_and_puzzle_with_glicko2(puzzles):
    puzzle = puzzles[0]
    before = puzzle.as_glicko
    ada = Learner(User.objects.create_user("ada"))
    result = attempt_record(learner=ada, puzzle=puzzle, answer=puzzle.solution, number=0)
    assert result.counted and result.attempt.correct and result.attempt.rated and result.verdict.loss == 0
    expected = glicko.rate(glicko.Rating(), [(before, 1.0)])
    mine = LearnerRating.objects.get(user=ada.user, game="scopa")
    assert mine.rating == pytest.approx(expected.rating) and mine.rd == pytest.approx(expected.rd)
    puzzle.refresh_from_db()
    assert puzzle.rating == pytest.approx(glicko.rate(before, [(glicko.Rating(), 0.0)]).rating)
    assert (puzzle.plays, puzzle.solved) == (1, 1)
    assert result.attempt.rating_change == pytest.approx(expected.rating - 1500)
    assert not ReviewCard.objects.exists()  # a right answer schedules nothing


def test_an_anonymous_first_attempt_rates_the_learner_but_never_moves_the_puzzle(puzzles):
    puzzle = puzzles[0]
    before = puzzle.as_glicko
    for n in range(30):  # scripted anonymous sessions, all failing the puzzle
        learner = Learner(None, f"{n:032d}")
        result = attempt_record(learner=learner, puzzle=puzzle, answer=_wrong_answer(puzzle), number=0)
        expected = glicko.rate(glicko.Rating(), [(before, 0.0)])
        assert result.attempt.rated and result.attempt.rating_after == pytest.approx(expected.rating)
    puzzle.refresh_from_db()
    assert (puzzle.as_glicko, puzzle.plays, puzzle.solved) == (before, 0, 0)
    assert LearnerRating.objects.filter(user=None).count() == 30


def test_an_answer_from_an_unknown_visitor_is_recorded_but_rates_nothing(puzzles):
    puzzle = puzzles[0]
    before = puzzle.as_glicko
    result = attempt_record(learner=ANON, puzzle=puzzle, answer=puzzle.solution, number=0, ratable=False)
    assert result.counted and result.attempt.correct and not result.attempt.rated
    assert result.attempt.rating_change is None
    puzzle.refresh_from_db()
    assert (puzzle.as_glicko, puzzle.plays) == (before, 0)
    assert LearnerRating.objects.get().as_glicko == glicko.Rating()  # the learner's row, unmoved


def test_later_attempts_are_not_rated(puzzles):
    puzzle = puzzles[0]
    attempt_record(learner=ANON, puzzle=puzzle, answer=_wrong_answer(puzzle), number=0)
    rating = LearnerRating.objects.get().rating
    second = attempt_record(learner=ANON, puzzle=puzzle, answer=puzzle.solution, number=1)
    assert second.counted and not second.attempt.rated and second.attempt.rating_change is None
    puzzle.refresh_from_db()
    assert (LearnerRating.objects.get().rating, puzzle.plays, puzzle.solved) == (rating, 0, 0)


def test_a_repeat_of_the_same_attempt_changes_nothing(puzzles):
    puzzle = puzzles[0]
    first = attempt_record(learner=ANON, puzzle=puzzle, answer=puzzle.solution, number=0)
    rating = LearnerRating.objects.get().rating
    again = attempt_record(learner=ANON, puzzle=puzzle, answer=_wrong_answer(puzzle), number=0)
    assert not again.counted and again.attempt.pk == first.attempt.pk and again.attempt.correct
    puzzle.refresh_from_db()
    assert (PuzzleAttempt.objects.count(), LearnerRating.objects.get().rating, puzzle.plays) == (1, rating, 0)


def test_an_attempt_number_from_the_future_is_refused(puzzles):
    with pytest.raises(StaleAttempt):
        attempt_record(learner=ANON, puzzle=puzzles[0], answer=puzzles[0].solution, number=3)
    assert not PuzzleAttempt.objects.exists()


@pytest.mark.parametrize(("answer", "error"), [
    ("", BadNotation), ("11X", BadNotation), ("7Dx", BadNotation), ("8Dx3C++5B", BadNotation),
])
def test_malformed_answers_raise_and_record_nothing(puzzles, answer, error):
    with pytest.raises(error):
        attempt_record(learner=ANON, puzzle=puzzles[0], answer=answer, number=0)
    assert not PuzzleAttempt.objects.exists() and not LearnerRating.objects.exists()


def test_illegal_answers_cite_the_rule_and_record_nothing(puzzles):
    puzzle = puzzles[0]
    hand = puzzle.position.split()[1].split(",")
    not_in_hand = next(f"{r}{s}" for s in "DCSB" for r in range(1, 11) if f"{r}{s}" not in puzzle.position)
    with pytest.raises(IllegalAction, match=r"SCOPA-"):
        attempt_record(learner=ANON, puzzle=puzzle, answer=not_in_hand, number=0)
    with pytest.raises(IllegalAction, match=r"SCOPA-"):  # takes a card that is not on the table
        attempt_record(learner=ANON, puzzle=puzzle, answer=f"{hand[0]}x{not_in_hand}", number=0)
    assert not PuzzleAttempt.objects.exists()


def test_a_wrong_answer_schedules_a_review_that_comes_back(puzzles):
    puzzle = puzzles[0]
    now = timezone.now()
    result = attempt_record(learner=ANON, puzzle=puzzle, answer=_wrong_answer(puzzle), number=0, now=now)
    assert not result.attempt.correct and result.attempt.loss > 0 and not result.attempt.review
    card = ReviewCard.objects.get()
    assert now < card.due <= now + timedelta(hours=1) and card.lapses == 1
    # Answered right before it is due: not a review, the schedule stands.
    early = attempt_record(learner=ANON, puzzle=puzzle, answer=puzzle.solution, number=1, now=now)
    assert not early.attempt.review and ReviewCard.objects.get().due == card.due
    # Answered right when due: fsrs pushes it further away.
    later = card.due + timedelta(minutes=1)
    due_review = attempt_record(learner=ANON, puzzle=puzzle, answer=puzzle.solution, number=2, now=later)
    card.refresh_from_db()
    assert due_review.attempt.review and card.due > later and card.reviews == 2 and card.lapses == 1


def test_next_puzzle_is_near_the_rating_and_never_one_already_tried(puzzles, rf):
    request = rf.get("/")
    request.user = type("Anon", (), {"is_authenticated": False})()
    request.session = {"learner": ANON.anon_key}
    from tutorials.puzzles.selectors import NEAREST, next_puzzle

    # A new learner: among the basic puzzles (tests/puzzles/test_first_puzzles.py).
    basic = [p for p in puzzles if p.kind in ("sweep", "counting") and p.rules_text == "SCOPA_2P"]
    ratings = sorted(basic, key=lambda p: (abs(p.rating - 1500), p.pk))
    chosen = next_puzzle(request, "scopa", rng=random.Random(1))
    assert len(basic) > NEAREST and chosen in ratings[:NEAREST]
    for puzzle in puzzles:
        attempt_record(learner=ANON, puzzle=puzzle, answer=puzzle.solution, number=0)
        assert next_puzzle(request, "scopa") != puzzle
    assert next_puzzle(request, "scopa") is None


def test_next_puzzle_within_a_theme(puzzles, rf):
    from tutorials.puzzles.selectors import next_puzzle

    request = rf.get("/")
    request.user = type("Anon", (), {"is_authenticated": False})()
    request.session = {}
    theme = next(p for p in puzzles if p.themes).themes[0]
    for _ in range(10):
        assert theme in next_puzzle(request, "scopa", theme).themes


def test_merge_moves_everything_without_duplicates(puzzles):
    user = User.objects.create_user("ada")
    account = Learner(user)
    shared, only_anon, only_mine = puzzles[0], puzzles[1], puzzles[2]
    attempt_record(learner=account, puzzle=shared, answer=shared.solution, number=0)
    attempt_record(learner=account, puzzle=only_mine, answer=_wrong_answer(only_mine), number=0)
    attempt_record(learner=ANON, puzzle=shared, answer=_wrong_answer(shared), number=0)
    attempt_record(learner=ANON, puzzle=only_anon, answer=_wrong_answer(only_anon), number=0)
    mine_before = LearnerRating.objects.get(user=user).as_glicko
    theirs_before = LearnerRating.objects.get(anon_key=ANON.anon_key).as_glicko

    learner_merge(user=user, anon=ANON.anon_key)

    assert not PuzzleAttempt.objects.filter(user__isnull=True).exists()
    assert PuzzleAttempt.objects.filter(user=user).count() == 4
    assert PuzzleAttempt.objects.filter(user=user, rated=True).count() == 3  # one per puzzle
    numbers = sorted(PuzzleAttempt.objects.filter(user=user, puzzle=shared).values_list("number", "rated"))
    assert numbers == [(0, True), (1, False)]
    rating = LearnerRating.objects.get(user=user)
    assert LearnerRating.objects.count() == 1
    assert rating.rating == pytest.approx(glicko.combine(mine_before, theirs_before).rating)
    assert set(ReviewCard.objects.values_list("user", "puzzle")) == {
        (user.pk, shared.pk), (user.pk, only_anon.pk), (user.pk, only_mine.pk)}
    assert learner_merge(user=user, anon=ANON.anon_key) == 0  # nothing left to merge


def test_scheduling_reviews_never_sleeps_in_the_transaction(puzzles, monkeypatch):
    """fsrs names a new card by the clock and sleeps a millisecond unless it is given a name: a
    wrong answer, and a live class's misses for many learners at once, never let it sleep."""
    import fsrs.card

    from tutorials.puzzles.services import reviews_missed

    def no_sleeping(seconds):
        raise AssertionError("fsrs slept while a review was scheduled")

    monkeypatch.setattr(fsrs.card.time, "sleep", no_sleeping)
    puzzle = puzzles[0]
    result = attempt_record(learner=ANON, puzzle=puzzle, answer=_wrong_answer(puzzle), number=0)
    assert result.attempt.review is False and ReviewCard.objects.filter(puzzle=puzzle).count() == 1
    assert reviews_missed(puzzle=puzzle, missed_by=[(None, f"key-{n}") for n in range(40)]) == 40
    assert ReviewCard.objects.filter(puzzle=puzzle).count() == 41
