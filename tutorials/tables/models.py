"""A practice table: one game against the engine's players, stored on the server."""
import uuid

from django.conf import settings
from django.db import models


class Table(models.Model):
    """The state of one game at a practice table, kept as the engine's text form."""

    public_id = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    game = models.SlugField(max_length=32)
    rules_text = models.CharField(max_length=400)
    options = models.JSONField(default=dict, blank=True)
    seed = models.CharField(max_length=64)
    state_text = models.TextField()
    human_seat = models.PositiveSmallIntegerField(default=0)
    ply = models.PositiveIntegerField(default=0, help_text="Actions applied so far; guards stale posts.")
    log = models.JSONField(default=list, blank=True)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="tables"
    )
    anon_key = models.CharField(max_length=64, blank=True, db_index=True,
                                help_text="The anonymous learner's key (tutorials.core.learners).")
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated"]

    def __str__(self) -> str:
        return f"{self.game} table {self.public_id} (seed {self.seed})"
