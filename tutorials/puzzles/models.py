"""Puzzles the engine has verified, each learner's attempts, ratings and review cards.

A learner is an account or an anonymous key (tutorials.core.learners); every per-learner row has
both fields and two conditional unique constraints, one for each kind of owner.
"""
from collections.abc import Iterable

from django.conf import settings
from django.db import models
from django.db.models import Q

from tutorials.core.games import GAMES_BY_SLUG
from tutorials.puzzles import glicko


def _per_learner(fields: list[str], name: str, condition: Q | None = None) -> list[models.UniqueConstraint]:
    """The same uniqueness for accounts (user) and anonymous learners (anon_key)."""
    extra = condition or Q()
    return [
        models.UniqueConstraint(fields=["user", *fields], condition=Q(user__isnull=False) & extra,
                                name=f"{name}_per_user"),
        models.UniqueConstraint(fields=["anon_key", *fields], condition=Q(user__isnull=True) & extra,
                                name=f"{name}_per_anon"),
    ]


class Rated(models.Model):
    """A Glicko-2 rating (see glicko.py)."""

    rating = models.FloatField(default=glicko.DEFAULT_RATING)
    rd = models.FloatField(default=glicko.DEFAULT_RD, help_text="Rating deviation.")
    volatility = models.FloatField(default=glicko.DEFAULT_VOLATILITY)

    class Meta:
        abstract = True

    @property
    def as_glicko(self) -> glicko.Rating:
        return glicko.Rating(self.rating, self.rd, self.volatility)

    def set_glicko(self, value: glicko.Rating) -> None:
        self.rating, self.rd, self.volatility = value.rating, value.rd, value.volatility


class Puzzle(Rated):
    """One position and the engine's verdict on every legal answer.

    `spec` is the engine's PuzzleSpec.to_dict(), verdicts and solution included: it stays on the
    server until the learner has answered. The other fields repeat what pages and queries need.
    """

    game = models.SlugField(max_length=32)
    rules_text = models.CharField(max_length=400)
    position = models.CharField(max_length=500, help_text="The position as the solver sees it (engine text).")
    kind = models.CharField(max_length=32)
    question = models.CharField(max_length=300)
    themes = models.JSONField(default=list, blank=True)
    theme_key = models.CharField(max_length=300, blank=True, editable=False,
                                 help_text="' theme1 theme2 ': the themes, for filtering on any database.")
    spec = models.JSONField(help_text="The engine's PuzzleSpec as a dict (verdicts, solution).")
    solution = models.CharField(max_length=64)
    exact = models.BooleanField(default=False, help_text="Every card known: the values are exact.")
    confidence = models.FloatField(default=1.0)
    retired = models.BooleanField(
        default=False, help_text="No longer given as a new puzzle (its proof no longer meets the rule); "
        "learners' attempts and reviews of it stay.")
    plays = models.PositiveIntegerField(default=0, help_text="Signed-in learners' first attempts (they move its rating).")
    solved = models.PositiveIntegerField(default=0, help_text="Those of `plays` that were right.")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "rating", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["game", "rules_text", "position"], name="puzzle_unique_position"),
        ]
        indexes = [models.Index(fields=["game", "rating"], name="puzzle_game_rating")]

    def __str__(self) -> str:
        return f"{self.game} puzzle {self.pk} ({self.kind}, {self.rating:.0f})"

    def save(self, *args, **kwargs) -> None:
        self.theme_key = theme_key(self.themes)
        super().save(*args, **kwargs)

    @property
    def game_name(self) -> str:
        return str(GAMES_BY_SLUG[self.game].name)


def theme_key(themes: Iterable[str]) -> str:
    """The themes as one string, each between spaces, so that a theme is found with `contains`
    (kept in a column because bulk_create and bulk_update skip `save`)."""
    themes = list(themes)
    return f" {' '.join(themes)} " if themes else ""


class PuzzleAttempt(models.Model):
    """One answer to a puzzle. Only the learner's first (number 0) is rated."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE,
                             related_name="puzzle_attempts")
    anon_key = models.CharField(max_length=64, blank=True, db_index=True)
    puzzle = models.ForeignKey(Puzzle, on_delete=models.CASCADE, related_name="attempts")
    number = models.PositiveIntegerField(default=0, help_text="0 for the first attempt, then 1, 2...: "
                                         "a page posts the number it was shown, so a double submit counts once.")
    answer = models.CharField(max_length=64)
    correct = models.BooleanField()
    loss = models.FloatField(help_text="Points given away compared with the best play.")
    rated = models.BooleanField(default=False)
    review = models.BooleanField(default=False, help_text="Answered as a scheduled review.")
    rating_before = models.FloatField(null=True, blank=True)
    rating_after = models.FloatField(null=True, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created", "-pk"]
        constraints = [
            *_per_learner(["puzzle"], "attempt_rated_once", Q(rated=True)),
            *_per_learner(["puzzle", "number"], "attempt_number"),
        ]

    def __str__(self) -> str:
        return f"{self.user or self.anon_key}: puzzle {self.puzzle_id} #{self.number} {self.answer}"

    @property
    def rating_change(self) -> float | None:
        if self.rating_before is None or self.rating_after is None:
            return None
        return self.rating_after - self.rating_before


class LearnerRating(Rated):
    """A learner's puzzle rating in one game."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE,
                             related_name="puzzle_ratings")
    anon_key = models.CharField(max_length=64, blank=True, db_index=True)
    game = models.SlugField(max_length=32)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = _per_learner(["game"], "rating_one")

    def __str__(self) -> str:
        return f"{self.user or self.anon_key}: {self.game} {self.rating:.0f}"


class ReviewCard(models.Model):
    """A failed puzzle scheduled for review by fsrs (`card` is fsrs's Card.to_dict())."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE,
                             related_name="puzzle_reviews")
    anon_key = models.CharField(max_length=64, blank=True, db_index=True)
    puzzle = models.ForeignKey(Puzzle, on_delete=models.CASCADE, related_name="reviews")
    card = models.JSONField()
    due = models.DateTimeField(db_index=True)
    reviews = models.PositiveIntegerField(default=0)
    lapses = models.PositiveIntegerField(default=0)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["due", "pk"]
        constraints = _per_learner(["puzzle"], "review_one")

    def __str__(self) -> str:
        return f"{self.user or self.anon_key}: review puzzle {self.puzzle_id} due {self.due:%Y-%m-%d %H:%M}"
