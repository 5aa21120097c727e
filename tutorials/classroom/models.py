"""Teachers, their classes and the students in them.

Every id that appears in a URL is random (codes.public_id), never a primary key: a class or a
student cannot be found by counting. A student's real name is kept on their membership of a
class and shown only to that class's teachers.
"""
from django.conf import settings
from django.db import models

from tutorials.classroom import codes

MAX_CO_TEACHERS = 10
QUICK_SIGNIN_TRIES = 10  # wrong personal codes in a row, then the teacher gives a new one


class Teacher(models.Model):
    """An account that may run classes (chosen at sign-up or turned on in the account page)."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="teacher")
    since = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"teacher {self.user}"


class Classroom(models.Model):
    public_id = models.CharField(max_length=24, unique=True, default=codes.public_id, editable=False)
    code = models.CharField(max_length=8, unique=True, default=codes.class_code,
                            help_text="What a student types at /join/ (or reads from the QR code).")
    name = models.CharField(max_length=80)
    description = models.TextField(max_length=1000, blank=True)
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="classes_owned")
    co_teachers = models.ManyToManyField(settings.AUTH_USER_MODEL, blank=True, related_name="classes_co_taught")
    house_rules = models.JSONField(default=dict, blank=True,
                                   help_text="game -> the practice table's options the class plays with.")
    quick_signin = models.BooleanField(
        default=False, help_text="Students whose accounts the teacher made sign in with the class code, "
        "their sign-in name and a four-character personal code.")
    archived = models.DateTimeField(null=True, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "pk"]

    def __str__(self) -> str:
        return f"{self.name} ({self.code})"

    @property
    def is_archived(self) -> bool:
        return self.archived is not None


class Membership(models.Model):
    """A student in a class. Leaving or moving changes this row only: the student's own
    progress (lessons, puzzles, tables) belongs to their account and stays."""

    public_id = models.CharField(max_length=24, unique=True, default=codes.public_id, editable=False)
    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="members")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships")
    real_name = models.CharField(max_length=120, blank=True, help_text="Seen only by the class's teachers.")
    managed = models.BooleanField(default=False, help_text="The account was made by the teacher for this class "
                                  "(no email); it belongs to one class at a time.")
    sign_in_name = models.CharField(max_length=40, blank=True,
                                    help_text="What the quick sign-in lists, when the class has it on.")
    code_hash = models.CharField(max_length=128, blank=True, help_text="The personal code, hashed.")
    failed_codes = models.PositiveSmallIntegerField(default=0, help_text="Wrong personal codes in a row.")
    joined = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["real_name", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["classroom", "user"], name="membership_once_per_class"),
            models.UniqueConstraint(fields=["user"], condition=models.Q(managed=True),
                                    name="membership_managed_in_one_class"),
        ]

    def __str__(self) -> str:
        return f"{self.user} in {self.classroom}"

    @property
    def quick_signin_locked(self) -> bool:
        return self.failed_codes >= QUICK_SIGNIN_TRIES


class Assignment(models.Model):
    """Homework for a class: a lesson, a set of puzzles, or hands played at the practice table.

    Results are not copied here: they are read from the rows the learning itself writes (lesson
    progress, first attempts at puzzles, the hands of practice tables started since it was set)."""

    LESSON, PUZZLES, PRACTICE = "lesson", "puzzles", "practice"
    KINDS = [(LESSON, "lesson"), (PUZZLES, "puzzle set"), (PRACTICE, "practice hands")]

    public_id = models.CharField(max_length=24, unique=True, default=codes.public_id, editable=False)
    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="assignments")
    kind = models.CharField(max_length=16, choices=KINDS)
    game = models.SlugField(max_length=32)
    title = models.CharField(max_length=160)
    lesson = models.ForeignKey("lessons.Lesson", null=True, blank=True, on_delete=models.SET_NULL,
                               related_name="assignments")
    puzzles = models.ManyToManyField("puzzles.Puzzle", blank=True, related_name="assignments")
    hands = models.PositiveSmallIntegerField(default=0, help_text="Practice hands to play.")
    how = models.JSONField(default=dict, blank=True, help_text="How the puzzles were chosen (theme, ratings...).")
    due = models.DateField()
    made_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                related_name="+")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["due", "pk"]

    def __str__(self) -> str:
        return f"{self.classroom.name}: {self.title} (due {self.due})"


class HomeworkStart(models.Model):
    """When a student first opened a piece of homework (its time spent counts from here)."""

    assignment = models.ForeignKey(Assignment, on_delete=models.CASCADE, related_name="starts")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="homework_starts")
    opened = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["assignment", "user"], name="homework_started_once")]

    def __str__(self) -> str:
        return f"{self.user} opened {self.assignment_id} at {self.opened:%Y-%m-%d %H:%M}"
