"""Writes for lessons: answering a step (once per submit), and merging anonymous progress."""
from __future__ import annotations

import hashlib

from django.db import transaction
from django.http import HttpRequest, QueryDict
from django.utils.translation import gettext as _

from tutorials.core.learners import Learner, adopt_anonymous
from tutorials.lessons.models import Lesson, LessonProgress, Step
from tutorials.lessons.steps import STEP_KINDS, BadAnswer, Verdict


def stars_for(mistakes: int) -> int:
    """Three stars without a mistake, two for one or two, one otherwise."""
    return 3 if mistakes == 0 else 2 if mistakes <= 2 else 1


def progress_get_or_create(*, request: HttpRequest, lesson: Lesson, lock: bool = False) -> LessonProgress:
    return Learner.of(request).row(LessonProgress, lock=lock, lesson=lesson)


@transaction.atomic
def step_answer(*, request: HttpRequest, step: Step, answer: QueryDict) -> tuple[Verdict, LessonProgress, bool]:
    """Check an answer and move the learner on. Returns (verdict, progress, counted).

    A step already passed is judged again but changes nothing (a double submit counts once);
    BadAnswer for a malformed answer or a step not reached yet, and nothing changes.
    """
    lesson = step.lesson
    progress = progress_get_or_create(request=request, lesson=lesson, lock=True)
    if step.number > progress.step and not progress.completed:
        raise BadAnswer(_("Finish the earlier steps of this lesson first."))
    verdict = STEP_KINDS[step.kind].check(step.in_language(), answer)
    if step.number < progress.step or progress.completed:
        return verdict, progress, False
    if verdict.correct:
        _advance(progress, step)
    else:
        digest = hashlib.sha256(answer.urlencode().encode()).hexdigest()[:32]
        if digest == progress.last_wrong:
            return verdict, progress, False
        progress.mistakes += 1
        progress.last_wrong = digest
    progress.save()
    return verdict, progress, True


def _advance(progress: LessonProgress, step: Step) -> None:
    progress.last_wrong = ""
    total = step.lesson.step_total
    if step.number >= total:
        progress.completed = True
        progress.step = total
        progress.stars = stars_for(progress.mistakes)
    else:
        progress.step = step.number + 1


@transaction.atomic
def progress_merge(*, user, anon: str) -> int:
    """Move an anonymous learner's progress into their account, keeping the better of two."""
    if not anon:
        return 0
    return adopt_anonymous(
        LessonProgress, user=user, anon=anon, same="lesson", merge=_keep_better, merged_fields=list(_PROGRESS),
    )


_PROGRESS = ("step", "mistakes", "completed", "stars", "last_wrong")


def _keep_better(mine: LessonProgress, theirs: LessonProgress) -> None:
    if _further(theirs, mine):
        for field in _PROGRESS:
            setattr(mine, field, getattr(theirs, field))
    elif theirs.completed and mine.completed:
        mine.stars = max(mine.stars, theirs.stars)


def _further(a: LessonProgress, b: LessonProgress) -> bool:
    """Is progress `a` ahead of `b`? (completed with more stars, or further along)."""
    return (a.completed, a.stars if a.completed else 0, a.step) > (b.completed, b.stars if b.completed else 0, b.step)
