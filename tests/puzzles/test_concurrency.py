"""Two first attempts arriving at the same moment are rated exactly once, and the same answer
posted several times at once is one attempt (PostgreSQL and SQLite: neither fails a writer that
has to wait)."""
import threading

import pytest
from django.db import close_old_connections, connection
from django.test import Client
from django.urls import reverse

from tests.concurrency import assert_no_server_error, post_together
from tests.puzzles.support import right, wrong
from tutorials.puzzles import glicko
from tutorials.puzzles.models import LearnerRating, Puzzle, PuzzleAttempt
from tutorials.puzzles.services import Learner, attempt_record, puzzles_store

pytestmark = pytest.mark.django_db(transaction=True)


def _record_together(puzzle: Puzzle, learner: Learner, answers: list[str]) -> list:
    """Post each answer from its own thread (its own database connection), all at once."""
    start = threading.Barrier(len(answers))
    results: list = [None] * len(answers)

    def post(index: int) -> None:
        try:
            start.wait()
            results[index] = attempt_record(learner=learner, puzzle=puzzle, answer=answers[index], number=0)
        except Exception as error:  # reported by the assertions below
            results[index] = error
        finally:
            close_old_connections()
            connection.close()

    threads = [threading.Thread(target=post, args=(i,)) for i in range(len(answers))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return results


@pytest.mark.parametrize("returning", [False, True], ids=["new", "returning"])
@pytest.mark.parametrize("account", [False, True], ids=["anonymous", "account"])
def test_two_simultaneous_first_attempts_count_exactly_once(shipped_specs, django_user_model, account, returning):
    learner = Learner(django_user_model.objects.create_user("ada")) if account else Learner(None, "a" * 32)
    if returning:  # has a rating already: the lock on that row is what orders the two
        LearnerRating.objects.create(game="scopa", **learner.owner())
    puzzles_store(game="scopa", specs=shipped_specs[:1])
    puzzle = Puzzle.objects.get()
    before = puzzle.as_glicko
    wrong = puzzle.spec["verdicts"][-1]["answer"]

    results = _record_together(puzzle, learner, [puzzle.solution, wrong])

    assert all(not isinstance(r, Exception) and r is not None for r in results), results
    assert sorted(r.counted for r in results) == [False, True]
    counted = next(r for r in results if r.counted)
    assert PuzzleAttempt.objects.count() == 1 and PuzzleAttempt.objects.get().rated
    assert {r.attempt.pk for r in results} == {counted.attempt.pk}  # both see the one recorded
    puzzle.refresh_from_db()
    score = 1.0 if counted.attempt.correct else 0.0
    rating = LearnerRating.objects.get()
    assert rating.rating == pytest.approx(glicko.rate(glicko.Rating(), [(before, score)]).rating)
    if account:  # only a signed-in learner's first attempt moves the puzzle
        assert puzzle.plays == 1 and puzzle.solved == int(counted.attempt.correct)
        assert puzzle.rating == pytest.approx(glicko.rate(before, [(glicko.Rating(), 1 - score)]).rating)
    else:
        assert (puzzle.plays, puzzle.as_glicko) == (0, before)


@pytest.mark.parametrize("answer", [right, wrong], ids=["right", "wrong"])
def test_the_same_answer_posted_at_once_is_one_rated_attempt(shipped_specs, answer):
    puzzles_store(game="scopa", specs=shipped_specs[:2])
    earlier, puzzle = Puzzle.objects.order_by("pk")
    client = Client()  # a learner who has answered a puzzle already: the session exists
    assert client.post(reverse("puzzle_answer", args=["scopa", earlier.pk]), right(earlier)).status_code == 302

    responses = post_together(client, reverse("puzzle_answer", args=["scopa", puzzle.pk]), answer(puzzle),
                              HTTP_HX_REQUEST="true")

    assert_no_server_error(responses)
    assert all(r.status_code == 200 for r in responses)
    attempt = PuzzleAttempt.objects.get(puzzle=puzzle)  # one attempt, rated for the learner only
    assert attempt.rated and LearnerRating.objects.get().rating == attempt.rating_after
