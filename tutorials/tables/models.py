"""A practice table: one game against the engine's players, stored on the server."""
import uuid

from django.conf import settings
from django.db import models

from tutorials.core.languages import in_reader_language

NEXT = "next"  # the action that moves a waiting table on: the next hand or deal


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
    create_token = models.CharField(max_length=32, null=True, blank=True, unique=True,
                                    help_text="The new-table form that made it: a second post of it finds this table.")
    finished = models.BooleanField(default=False, help_text="The game has ended (kept by every move).")
    outcome = models.JSONField(default=dict, blank=True,
                               help_text="How the game ended, once it has, in each language: {\"en\": …, \"it\": …}.")
    hands = models.PositiveIntegerField(default=0, help_text="Hands (deals) played to their end (kept by every move).")
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated"]

    def __str__(self) -> str:
        return f"{self.game} table {self.public_id} (seed {self.seed})"

    @property
    def outcome_text(self) -> str:
        """How the game ended, in the reader's language ("" while it goes on)."""
        return in_reader_language(self.outcome) if self.outcome else ""

    def since_my_move(self) -> list[dict]:
        """The log since the learner's last move (the other players' replies), oldest first."""
        entries: list[dict] = []
        for entry in reversed(self.log):
            entries.append(entry)
            if entry["seat"] == self.human_seat and entry["action"] != NEXT:
                break
        return list(reversed(entries))

    def recent_lines(self, limit: int = 10) -> list[str]:
        """The narration of what happened since the learner's last move, newest last, in the
        reader's language."""
        lines = (narration(e) for e in self.since_my_move())
        return [line for line in lines if line][-limit:]


def narration(entry: dict) -> str:
    """A log entry's narration in the reader's language (entries hold it in every language)."""
    return in_reader_language(entry["text"])
