"""Lesson files -> database: each game app keeps one TOML file per lesson in its `lessons/` folder.

A file is `NN-slug.toml` (NN orders the lessons) with `title`, `summary` and a `[[steps]]` table per
step: `kind` (read, choice, or a game's kind such as capture) and that kind's fields. Steps are
validated by their kind, so a broken file is reported, by name, before anything is written.
"""
from __future__ import annotations

import tomllib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.apps import apps
from django.db import transaction

from tutorials.core.games import GAMES
from tutorials.lessons.models import Lesson, Step
from tutorials.lessons.steps import STEP_KINDS, BadContent


@dataclass
class LessonFile:
    game: str
    order: int
    slug: str
    title: str
    summary: str
    steps: list[dict[str, Any]]
    path: Path


def lesson_dirs() -> Iterator[tuple[str, Path]]:
    for game in GAMES:
        folder = Path(apps.get_app_config(game.slug).path) / "lessons"
        if folder.is_dir():
            yield game.slug, folder


def read_lesson(game: str, path: Path) -> LessonFile:
    """Parse and validate one lesson file; BadContent names the file and the step."""
    order_text, _, slug = path.stem.partition("-")
    if not order_text.isdigit() or not slug:
        raise BadContent(f"{path.name}: name lesson files NN-slug.toml")
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as error:
        raise BadContent(f"{path.name}: {error}") from None
    steps = data.get("steps", [])
    if not data.get("title") or not steps:
        raise BadContent(f"{path.name}: a lesson needs a title and at least one step")
    for number, step in enumerate(steps, start=1):
        kind = STEP_KINDS.get(step.get("kind", ""))
        if kind is None:
            raise BadContent(f"{path.name} step {number}: unknown kind {step.get('kind')!r}")
        try:
            kind.validate(step)
        except (BadContent, ValueError) as error:
            raise BadContent(f"{path.name} step {number} ({step['kind']}): {error}") from None
    return LessonFile(game, int(order_text), slug, data["title"], data.get("summary", ""), steps, path)


def read_all() -> list[LessonFile]:
    lessons = []
    for game, folder in lesson_dirs():
        for path in sorted(folder.glob("*.toml")):
            lessons.append(read_lesson(game, path))
    return lessons


@transaction.atomic
def sync(lessons: list[LessonFile], progress: Callable[[int, LessonFile], None] | None = None) -> int:
    """Write the lessons, keyed by (game, slug) so progress survives edits; retire the missing ones."""
    kept: dict[str, set[str]] = {}
    for index, lesson_file in enumerate(lessons, start=1):
        lesson, _ = Lesson.objects.update_or_create(
            game=lesson_file.game, slug=lesson_file.slug,
            defaults={"order": lesson_file.order, "title": lesson_file.title,
                      "summary": lesson_file.summary, "retired": False},
        )
        lesson.steps.all().delete()
        Step.objects.bulk_create([
            Step(lesson=lesson, number=n, kind=step["kind"], data=step)
            for n, step in enumerate(lesson_file.steps, start=1)
        ])
        kept.setdefault(lesson_file.game, set()).add(lesson_file.slug)
        if progress:
            progress(index, lesson_file)
    for lesson in Lesson.objects.filter(retired=False):
        if lesson.slug not in kept.get(lesson.game, set()):
            lesson.retired = True
            lesson.save(update_fields=["retired"])
    return len(lessons)
