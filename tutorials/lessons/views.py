"""Lessons, one step at a time: the answer is checked on the server, progress kept per learner."""
from __future__ import annotations

from django.db import connection
from django.db.models import QuerySet
from django.db.models.expressions import RawSQL
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.template.response import TemplateResponse
from django.views.decorators.http import require_POST, require_safe

from tutorials.core.games import GAMES_BY_SLUG, GameInfo
from tutorials.core.learners import Learner
from tutorials.core.prepared import prepared
from tutorials.core.ratelimit import TOO_MANY, allow
from tutorials.lessons.models import Lesson, LessonProgress, Step
from tutorials.lessons.selectors import lessons_with_progress, progress_summary
from tutorials.lessons.services import step_answer
from tutorials.lessons.steps import STEP_KINDS, BadAnswer, Verdict
from tutorials.tables.selectors import your_tables


def _game(slug: str) -> GameInfo:
    if slug not in GAMES_BY_SLUG:
        raise Http404("No such game")
    return GAMES_BY_SLUG[slug]


def _lesson(game: str, slug: str) -> Lesson:
    return get_object_or_404(Lesson, game=game, slug=slug, retired=False)


def _step(game: str, slug: str, number: int) -> Step:
    """A step of a lesson still served, with its lesson and the lesson's step count (`step_total`)
    read in the same query."""
    step = step_at.first(game, slug, number)
    if step is None:
        raise Http404("No such step")
    step.lesson.step_total = step.lesson_steps  # the lesson's cached_property, counted already
    return step


def _steps_of_lesson() -> RawSQL:
    """The number of steps of the step's lesson, as a column of a query of steps. Written out: the
    ORM's own correlated subquery (Subquery, OuterRef, Count) took longer to build than the
    separate COUNT query it replaced."""
    table, lesson = connection.ops.quote_name(Step._meta.db_table), connection.ops.quote_name("lesson_id")
    return RawSQL(f"SELECT COUNT(*) FROM {table} AS counted WHERE counted.{lesson} = {table}.{lesson}", ())


_STEPS_OF_LESSON = _steps_of_lesson()


@prepared(str, str, int)
def step_at(game: str, slug: str, number: int) -> QuerySet[Step]:
    """A step of a lesson still served, with its lesson and step count (read on every step's page
    and answer: compiled once)."""
    return (Step.objects.select_related("lesson").annotate(lesson_steps=_STEPS_OF_LESSON)
            .filter(lesson__game=game, lesson__slug=slug, lesson__retired=False, number=number))


def _progress(request: HttpRequest, lesson: Lesson) -> LessonProgress | None:
    return Learner.peek(request).first(LessonProgress, lesson=lesson)


@require_safe
def lesson_list(request: HttpRequest, game: str) -> TemplateResponse:
    info = _game(game)
    return TemplateResponse(request, "lessons/list.html", {
        "game": info, "lessons": lessons_with_progress(request, game),
    })


@require_safe
def lesson_start(request: HttpRequest, game: str, slug: str) -> HttpResponse:
    lesson = _lesson(game, slug)
    progress = _progress(request, lesson)
    if progress is not None and progress.completed:
        return redirect("lesson_done", game=game, slug=slug)
    return redirect("lesson_step", game=game, slug=slug, number=progress.step if progress else 1)


@require_safe
def step_show(request: HttpRequest, game: str, slug: str, number: int) -> HttpResponse:
    step = _step(game, slug, number)
    lesson = step.lesson
    progress = _progress(request, lesson)
    reached = progress.step if progress else 1
    if number > reached and not (progress and progress.completed):
        return redirect("lesson_step", game=game, slug=slug, number=reached)
    return _render_step(request, game, lesson, step, progress)


@require_POST
def step_post(request: HttpRequest, game: str, slug: str, number: int) -> HttpResponse:
    step = _step(game, slug, number)
    lesson = step.lesson  # one copy of the lesson for the whole request
    if not allow(request, "answer"):
        return _render_step(request, game, lesson, step, _progress(request, lesson), error=str(TOO_MANY), status=429)
    try:
        verdict, progress, _counted = step_answer(request=request, step=step, answer=request.POST)
    except BadAnswer as error:
        return _render_step(request, game, lesson, step, _progress(request, lesson), error=str(error), status=400)
    if not STEP_KINDS[step.kind].interactive:
        return redirect(_next_url(game, lesson, step, progress))
    return _render_step(request, game, lesson, step, progress, verdict=verdict)


@require_safe
def lesson_done(request: HttpRequest, game: str, slug: str) -> HttpResponse:
    lesson = _lesson(game, slug)
    progress = _progress(request, lesson)
    if progress is None or not progress.completed:
        return redirect("lesson_start", game=game, slug=slug)
    following = Lesson.objects.filter(game=game, retired=False, order__gt=lesson.order).order_by("order").first()
    return TemplateResponse(request, "lessons/done.html", {
        "game": _game(game), "lesson": lesson, "progress": progress, "next_lesson": following,
    })


@require_safe
def progress_page(request: HttpRequest) -> TemplateResponse:
    summary = progress_summary(request)
    games = [(GAMES_BY_SLUG[slug], cards) for slug, cards in summary.items() if cards]
    return TemplateResponse(request, "lessons/progress.html", {
        "games": games, "your_tables": your_tables(request), "played": your_tables(request, finished=True),
    })


def _next_url(game: str, lesson: Lesson, step: Step, progress: LessonProgress) -> str:
    from tutorials.core.links import reverse

    if progress.completed and step.number >= progress.step:
        return reverse("lesson_done", kwargs={"game": game, "slug": lesson.slug})
    return reverse("lesson_step", kwargs={"game": game, "slug": lesson.slug, "number": step.number + 1})


def _render_step(
    request: HttpRequest, game: str, lesson: Lesson, step: Step, progress: LessonProgress | None,
    *, verdict: Verdict | None = None, error: str = "", status: int = 200,
) -> TemplateResponse:
    kind = STEP_KINDS[step.kind]
    total = lesson.step_total
    passed = progress is not None and (progress.completed or progress.step > step.number)
    data = step.in_language()
    context = {
        "game": _game(game), "lesson": lesson, "step": step, "data": data, "kind": kind,
        "question": kind.context(data), "total": total, "progress": progress,
        "percent": round(100 * (step.number - 1) / total), "verdict": verdict, "error": error,
        "passed": passed,
        "next_url": _next_url(game, lesson, step, progress) if (passed or (verdict and verdict.correct)) else "",
    }
    template = "lessons/step.html#feedback" if request.htmx and (verdict or error) else "lessons/step.html"
    return TemplateResponse(request, template, context, status=status)
