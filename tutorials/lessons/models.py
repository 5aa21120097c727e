"""Lessons (loaded from files by `sync_content`), their steps, and each learner's progress."""
import hashlib
import json

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.functional import cached_property

from tutorials.lessons.languages import ENGLISH, active_language, step_in


class Lesson(models.Model):
    game = models.SlugField(max_length=32)
    slug = models.SlugField(max_length=80)
    order = models.PositiveSmallIntegerField()
    title_en = models.CharField(max_length=120)
    title_it = models.CharField(max_length=120, blank=True)
    summary_en = models.CharField(max_length=300, blank=True)
    summary_it = models.CharField(max_length=300, blank=True)
    retired = models.BooleanField(default=False, help_text="No longer in the content files.")

    class Meta:
        ordering = ["game", "order"]
        constraints = [models.UniqueConstraint(fields=["game", "slug"], name="lesson_unique_slug")]

    def __str__(self) -> str:
        return f"{self.game}: {self.title}"

    @property
    def title(self) -> str:
        """The title in the active language."""
        return self._text("title")

    @property
    def summary(self) -> str:
        return self._text("summary")

    def _text(self, field: str) -> str:
        return getattr(self, f"{field}_{active_language()}") or getattr(self, f"{field}_{ENGLISH}")

    @cached_property
    def step_total(self) -> int:
        """How many steps the lesson has (counted once per request's copy of the lesson)."""
        return self.steps.count()


class Step(models.Model):
    """One step of a lesson. `data` holds the step's spec as its file writes it, every text in each
    language and the answer included: it stays on the server. Pages read `in_language()`."""

    lesson = models.ForeignKey(Lesson, on_delete=models.CASCADE, related_name="steps")
    number = models.PositiveSmallIntegerField(help_text="1-based position in the lesson.")
    kind = models.CharField(max_length=32)
    data = models.JSONField(default=dict)

    class Meta:
        ordering = ["lesson", "number"]
        constraints = [models.UniqueConstraint(fields=["lesson", "number"], name="step_unique_number")]

    def __str__(self) -> str:
        return f"{self.lesson.slug} #{self.number} ({self.kind})"

    @cached_property
    def fingerprint(self) -> str:
        """A digest of everything the step's file says: a page part kept for the step (memo) is
        looked up by it, so content loaded again while the site runs shows at once."""
        return hashlib.blake2b(json.dumps(self.data, sort_keys=True).encode(), digest_size=12).hexdigest()

    def in_language(self, language: str | None = None) -> dict:
        """The spec with its texts in `language` (the active one by default), as step kinds read it."""
        return step_in(self.data, language or active_language())


class LessonProgress(models.Model):
    """Where one learner is in one lesson: an account's, or an anonymous session's."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="lesson_progress"
    )
    anon_key = models.CharField(max_length=64, blank=True, db_index=True)
    lesson = models.ForeignKey(Lesson, on_delete=models.CASCADE, related_name="progress")
    step = models.PositiveSmallIntegerField(default=1, help_text="The step the learner is on.")
    mistakes = models.PositiveSmallIntegerField(default=0)
    completed = models.BooleanField(default=False)
    stars = models.PositiveSmallIntegerField(default=0)
    last_wrong = models.CharField(max_length=64, blank=True, help_text="The last wrong answer, so a double submit counts once.")
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated"]
        constraints = [
            models.UniqueConstraint(fields=["user", "lesson"], condition=Q(user__isnull=False),
                                    name="progress_one_per_user"),
            models.UniqueConstraint(fields=["anon_key", "lesson"], condition=Q(user__isnull=True),
                                    name="progress_one_per_session"),
        ]

    def __str__(self) -> str:
        return f"{self.user or self.anon_key}: {self.lesson} step {self.step}"
