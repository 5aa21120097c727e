"""Live sessions: a host projects questions, the players answer on their phones, the engine judges.

The session's state lives here (the database is the one truth every app server shares); the cache
only holds change counters so that polls can be answered without a query (see changes.py).
"""
from django.conf import settings
from django.db import models
from django.db.models import Q

from tutorials.live import codes

LOBBY, QUESTION, REVEAL, FINISHED = "lobby", "question", "reveal", "finished"
VALUE, SPEED = "value", "speed"


class LiveSession(models.Model):
    STATES = [(LOBBY, "lobby"), (QUESTION, "question"), (REVEAL, "reveal"), (FINISHED, "finished")]
    SCORING = [(VALUE, "by the value lost"), (SPEED, "by the value lost and speed (Kahoot-like)")]

    public_id = models.CharField(max_length=24, unique=True, default=codes.public_id, editable=False)
    pin = models.CharField(max_length=8, default=codes.pin, help_text="What players type to join.")
    host = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="live_hosted")
    classroom = models.ForeignKey("classroom.Classroom", null=True, blank=True, on_delete=models.SET_NULL,
                                  related_name="live_sessions",
                                  help_text="The class it was started from (its students join as themselves); "
                                  "empty for an ad-hoc session.")
    title = models.CharField(max_length=80, blank=True)
    state = models.CharField(max_length=10, choices=STATES, default=LOBBY)
    current = models.PositiveSmallIntegerField(default=0, help_text="The question shown (0 = the first).")
    started = models.DateTimeField(null=True, blank=True, help_text="When the current question was shown.")
    deadline = models.DateTimeField(null=True, blank=True, help_text="When its answers close.")
    seconds = models.PositiveSmallIntegerField(default=30, help_text="Time to answer each question.")
    scoring = models.CharField(max_length=8, choices=SCORING, default=VALUE)
    streak_bonus = models.BooleanField(default=False)
    locked = models.BooleanField(default=False, help_text="No one new may join.")
    version = models.PositiveIntegerField(default=0, help_text="Bumped by every change of state.")
    created = models.DateTimeField(auto_now_add=True)
    finished = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created", "-pk"]
        constraints = [
            models.UniqueConstraint(fields=["pin"], condition=~Q(state=FINISHED), name="live_pin_open_once"),
        ]

    def __str__(self) -> str:
        return f"live session {self.pin} ({self.state})"

    @property
    def is_open(self) -> bool:
        return self.state != FINISHED


class LiveQuestion(models.Model):
    """One question of a session: a copy of a puzzle spec (from the bank, or built from a typed
    position), kept with the session so that its report never changes."""

    session = models.ForeignKey(LiveSession, on_delete=models.CASCADE, related_name="questions")
    number = models.PositiveSmallIntegerField(help_text="0 for the first question.")
    puzzle = models.ForeignKey("puzzles.Puzzle", null=True, blank=True, on_delete=models.SET_NULL,
                               related_name="live_questions", help_text="Empty for a typed position.")
    game = models.SlugField(max_length=32)
    rules_text = models.CharField(max_length=400)
    position = models.CharField(max_length=500)
    kind = models.CharField(max_length=32)
    question = models.CharField(max_length=300)
    spec = models.JSONField(help_text="The engine's PuzzleSpec as a dict: it never leaves the server before the reveal.")

    class Meta:
        ordering = ["session", "number"]
        constraints = [models.UniqueConstraint(fields=["session", "number"], name="live_question_number")]

    def __str__(self) -> str:
        return f"{self.session.pin} question {self.number + 1} ({self.game})"

    @property
    def confidence(self) -> float:  # the verdict templates read it from a puzzle
        return self.spec.get("confidence", 1.0)


class Player(models.Model):
    """Someone in a session: a guest under a generated nickname, or a class's student under their
    sign-in name. Their browser's session holds `token`, so a reload or a dropped connection
    rejoins; an account is in a session once (from a second device it is back in as itself)."""

    session = models.ForeignKey(LiveSession, on_delete=models.CASCADE, related_name="players")
    nickname = models.CharField(max_length=40)
    token = models.CharField(max_length=32, unique=True, default=codes.token, editable=False)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                             related_name="live_players")
    anon_key = models.CharField(max_length=64, blank=True, help_text="The guest's learner key (reviews).")
    removed = models.BooleanField(default=False, help_text="Removed by the host: may not answer or rejoin.")
    score = models.IntegerField(default=0)
    time_ms = models.PositiveIntegerField(default=0, help_text="Time taken over the answers: the tie-break.")
    streak = models.PositiveSmallIntegerField(default=0, help_text="Best answers in a row, up to the last.")
    joined = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["session", "-score", "time_ms", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["session", "nickname"], name="live_nickname_once"),
            models.UniqueConstraint(fields=["session", "user"], condition=Q(user__isnull=False),
                                    name="live_account_once"),
        ]

    def __str__(self) -> str:
        return f"{self.nickname} in {self.session.pin}"


class LiveAnswer(models.Model):
    """One player's answer to one question: at most one (a retry returns it and counts nothing)."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="answers")
    question = models.ForeignKey(LiveQuestion, on_delete=models.CASCADE, related_name="answers")
    answer = models.CharField(max_length=200, help_text="A puzzle's answer in its notation; a lesson step's, its form fields URL-encoded.")
    best = models.BooleanField()
    loss = models.FloatField(help_text="Value given away against the best answer, in the puzzle's unit.")
    ms = models.PositiveIntegerField(help_text="Milliseconds from the question being shown.")
    points = models.IntegerField()
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["question", "pk"]
        constraints = [models.UniqueConstraint(fields=["player", "question"], name="live_answer_once")]

    def __str__(self) -> str:
        return f"{self.player.nickname}: {self.answer} ({self.points})"

    @property
    def seconds(self) -> float:
        return self.ms / 1000
