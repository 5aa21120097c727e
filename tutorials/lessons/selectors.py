"""Reads for lessons: a game's lessons with the learner's progress, and where to continue."""
from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, QuerySet
from django.http import HttpRequest

from tutorials.core.learners import Learner, owner_filter
from tutorials.lessons.models import Lesson, LessonProgress


@dataclass
class LessonCard:
    lesson: Lesson
    steps: int
    progress: LessonProgress | None

    @property
    def percent(self) -> int:
        if self.progress is None:
            return 0
        if self.progress.completed:
            return 100
        return round(100 * (self.progress.step - 1) / max(self.steps, 1))


def lessons_with_progress(request: HttpRequest, game: str) -> list[LessonCard]:
    return _cards(request, Lesson.objects.filter(game=game))


def _cards(request: HttpRequest, lessons: QuerySet[Lesson]) -> list[LessonCard]:
    """The lessons (not retired), in order, each with its step count and the learner's progress:
    two queries however many lessons and games."""
    found = list(lessons.filter(retired=False).annotate(n=Count("steps")).order_by("game", "order"))
    mine = {p.lesson_id: p for p in LessonProgress.objects.filter(lesson__in=found, **owner_filter(request))}
    return [LessonCard(lesson, lesson.n, mine.get(lesson.pk)) for lesson in found]


def continue_lesson(request: HttpRequest) -> LessonProgress | None:
    """The lesson the learner touched last and has not finished, if any."""
    return Learner.peek(request).first(LessonProgress, completed=False, lesson__retired=False,
                                       order=("-updated", "pk"), related=("lesson",))


def progress_summary(request: HttpRequest) -> dict[str, list[LessonCard]]:
    """Every game's lessons with the learner's progress, in the site's order of games."""
    from tutorials.core.games import GAMES

    summary: dict[str, list[LessonCard]] = {game.slug: [] for game in GAMES}
    for card in _cards(request, Lesson.objects.filter(game__in=summary)):
        summary[card.lesson.game].append(card)
    return summary
