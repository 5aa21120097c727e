"""Reads for lessons: a game's lessons with the learner's progress, and where to continue."""
from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count
from django.http import HttpRequest

from tutorials.core.learners import owner_filter
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
    lessons = list(Lesson.objects.filter(game=game, retired=False).annotate(n=Count("steps")).order_by("order"))
    mine = {p.lesson_id: p for p in LessonProgress.objects.filter(lesson__in=lessons, **owner_filter(request))}
    return [LessonCard(lesson, lesson.n, mine.get(lesson.pk)) for lesson in lessons]


def continue_lesson(request: HttpRequest) -> LessonProgress | None:
    """The lesson the learner touched last and has not finished, if any."""
    return (
        LessonProgress.objects.filter(completed=False, lesson__retired=False, **owner_filter(request))
        .select_related("lesson").order_by("-updated").first()
    )


def progress_summary(request: HttpRequest) -> dict[str, list[LessonCard]]:
    from tutorials.core.games import GAMES

    return {game.slug: lessons_with_progress(request, game.slug) for game in GAMES}
