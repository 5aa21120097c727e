"""Lesson files -> database: each game app keeps one TOML file per lesson in its `lessons/` folder.

A file is `NN-slug.toml` (NN orders the lessons) with `title`, `summary` and a `[[steps]]` table per
step: `kind` (read, choice, or a game's kind such as capture) and that kind's fields. Every text a
learner reads is written in each of the LANGUAGES side by side (see languages.py), and a file where
one lacks a language is refused. Steps are validated by their kind, in each language, so a broken
file is reported, by name, step and field, before anything is written.
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
from tutorials.lessons.languages import ENGLISH, LANGUAGE_NAMES, LANGUAGES, TEXT_FIELDS, step_in
from tutorials.lessons.models import Lesson, Step
from tutorials.lessons.steps import STEP_KINDS, BadContent, StepKind


@dataclass
class LessonFile:
    game: str
    order: int
    slug: str
    title: dict[str, str]  # one per language
    summary: dict[str, str]
    steps: list[dict[str, Any]]  # as the file writes them: every text in every language
    path: Path

    def steps_in(self, language: str) -> list[dict[str, Any]]:
        return [step_in(step, language) for step in self.steps]

    def texts(self, language: str) -> Iterator[tuple[str, str]]:
        """Every text a learner reads in `language`, each with where it is ("step 3 hint")."""
        yield "title", self.title[language]
        if self.summary[language]:
            yield "summary", self.summary[language]
        for number, step in enumerate(self.steps_in(language), start=1):
            for field in TEXT_FIELDS:
                value = step.get(field)
                for text in value if isinstance(value, list) else [value] if value else []:
                    yield f"step {number} {field}", text


def lesson_dirs() -> Iterator[tuple[str, Path]]:
    for game in GAMES:
        folder = Path(apps.get_app_config(game.slug).path) / "lessons"
        if folder.is_dir():
            yield game.slug, folder


def in_each_language(value: Any, field: str, *, max_length: int | None = None) -> dict[str, Any]:
    """A text as a file must write it, a table with a non-empty entry per language (for a list of
    texts, a list per language, as long as each other); BadContent saying what is missing."""
    if not isinstance(value, dict):
        raise BadContent(f"{field} is written in one language: write {field} = "
                         + "{ " + ", ".join(f'{code} = "…"' for code in LANGUAGES) + " }")
    unknown = sorted(set(value) - set(LANGUAGES))
    if unknown:
        raise BadContent(f"{field}: {', '.join(unknown)} is not one of the languages ({', '.join(LANGUAGES)})")
    for code in LANGUAGES:
        text = value.get(code)
        items = text if isinstance(text, list) else [text]
        if not items or not all(isinstance(item, str) and item.strip() for item in items):
            raise BadContent(f"{field} lacks {code} ({LANGUAGE_NAMES[code]})")
        if max_length and len(text) > max_length:
            raise BadContent(f"{field} in {code} is longer than {max_length} characters")
    shapes = {code: len(value[code]) if isinstance(value[code], list) else None for code in LANGUAGES}
    if len(set(shapes.values())) > 1:
        raise BadContent(f"{field}: " + ", ".join(
            f"{code} has {'one text' if n is None else f'{n} items'}" for code, n in shapes.items()))
    return value


def _heading(data: dict[str, Any], field: str) -> dict[str, str]:
    """The lesson's title or summary in each language (a summary may be left out)."""
    if field == "summary" and field not in data:
        return {code: "" for code in LANGUAGES}
    return in_each_language(data[field], field, max_length=Lesson._meta.get_field(f"{field}_{ENGLISH}").max_length)


def _step_texts(step: dict[str, Any]) -> None:
    for field in TEXT_FIELDS:
        if field in step:
            in_each_language(step[field], field)


def _validate_in_each_language(kind: StepKind, step: dict[str, Any]) -> None:
    """The kind's own checks, on the step in English (what is not language is checked there), then
    in each other language (its texts: one explanation per option...)."""
    kind.validate(step_in(step, ENGLISH))
    for code in LANGUAGES:
        if code != ENGLISH:
            try:
                kind.validate(step_in(step, code))
            except (BadContent, ValueError) as error:
                raise BadContent(f"in {code} ({LANGUAGE_NAMES[code]}): {error}") from None


def read_lesson(game: str, path: Path) -> LessonFile:
    """Parse and validate one lesson file; BadContent names the file, the step and the field."""
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
    try:
        title, summary = (_heading(data, field) for field in ("title", "summary"))
    except BadContent as error:
        raise BadContent(f"{path.name}: {error}") from None
    for number, step in enumerate(steps, start=1):
        kind = STEP_KINDS.get(step.get("kind", ""))
        if kind is None:
            raise BadContent(f"{path.name} step {number}: unknown kind {step.get('kind')!r}")
        try:
            _step_texts(step)
            _validate_in_each_language(kind, step)
        except (BadContent, ValueError) as error:
            raise BadContent(f"{path.name} step {number} ({step['kind']}): {error}") from None
    return LessonFile(game, int(order_text), slug, title, summary, steps, path)


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
        texts = {f"{field}_{code}": getattr(lesson_file, field)[code]
                 for field in ("title", "summary") for code in LANGUAGES}
        lesson, _ = Lesson.objects.update_or_create(
            game=lesson_file.game, slug=lesson_file.slug,
            defaults={"order": lesson_file.order, **texts, "retired": False},
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
