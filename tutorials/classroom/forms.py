"""The classroom's forms. What they accept is checked here; what it means, in services."""
from __future__ import annotations

from datetime import date, timedelta
from typing import Any
from urllib.parse import urlencode

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tutorials.classroom.codes import normal_class_code
from tutorials.classroom.models import Classroom
from tutorials.core.forms import SignupForm as AccountForm
from tutorials.core.games import GAMES_BY_SLUG

TABLE_FORM_INTERNALS = ("seed", "token")  # the deal number and the form's own token are no house rule


class SignupForm(AccountForm):
    """The site's sign-up form (errors under their fields), with the teacher's box."""

    teacher = forms.BooleanField(
        label=_("I am a teacher: I want to run classes"), required=False,
        help_text=_("You can also turn this on later in your account page."))


class TeacherForm(forms.Form):
    teacher = forms.BooleanField(label=_("Teacher account: I run classes"), required=False)


class ClassForm(forms.ModelForm):
    class Meta:
        model = Classroom
        fields = ["name", "description", "quick_signin"]
        labels = {"name": _("Name of the class"), "description": _("Description (optional)"),
                  "quick_signin": _("Quick sign-in for young children")}
        help_texts = {"quick_signin": _(
            "The students whose accounts you make sign in at the join page with the class code: they pick "
            "their sign-in name (first name and initial) from a list and type their four-character code. "
            "Anybody with the class code sees that list.")}
        widgets = {"description": forms.Textarea(attrs={"rows": 3})}


class CoTeacherForm(forms.Form):
    username = forms.CharField(label=_("Username of the co-teacher"), max_length=150)


class JoinCodeForm(forms.Form):
    code = forms.CharField(label=_("Class code"), max_length=20,
                           help_text=_("Six letters and digits, from your teacher."))

    def clean_code(self) -> str:
        code = normal_class_code(self.cleaned_data["code"])
        if not code:
            raise forms.ValidationError(_("A class code has six letters and digits, like K7PM2Q. Check it and try again."))
        return code


class JoinClassForm(forms.Form):
    real_name = forms.CharField(
        label=_("Your name, for your teacher (optional)"), max_length=120, required=False,
        help_text=_("Only the teachers of this class see it; other students never do."))


class StudentsForm(forms.Form):
    names = forms.CharField(
        label=_("The students' names, one a line"), widget=forms.Textarea(attrs={"rows": 8}), max_length=8000,
        help_text=_("Each gets an account with a username and a short password, and no email. Only the "
                    "class's teachers see the names."))


class MoveForm(forms.Form):
    to = forms.CharField(max_length=24)


class QuickSignInForm(forms.Form):
    student = forms.CharField(max_length=24)
    code = forms.CharField(label=_("Your code"), max_length=8,
                           help_text=_("The four letters and digits on your card."))


def house_rules_form(game: str, data: Any = None, initial: dict | None = None) -> forms.Form:
    """The game's own practice-table form without the deal number: its choices are the house
    rules a class plays with (one form per game on a page, told apart by the prefix)."""
    from tutorials.tables.registry import ADAPTERS

    form = ADAPTERS[game].form_class(data, initial=initial, prefix=game)
    for name in TABLE_FORM_INTERNALS:
        form.fields.pop(name, None)
    return form


# -- homework -----------------------------------------------------------------------------------
MAX_AHEAD_DAYS = 366


class DueForm(forms.Form):
    due = forms.DateField(label=_("Due on"), initial=lambda: timezone.localdate() + timedelta(days=7),
                          widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"))

    def clean_due(self) -> date:
        due = self.cleaned_data["due"]
        today = timezone.localdate()
        if due < today:
            raise forms.ValidationError(_("That day has passed: choose today or a later day."))
        if due > today + timedelta(days=MAX_AHEAD_DAYS):
            raise forms.ValidationError(_("Choose a day within the coming year."))
        return due


class LessonAssignmentForm(DueForm):
    lesson = forms.TypedChoiceField(label=_("Lesson"), coerce=int, choices=())

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        from tutorials.lessons.models import Lesson

        groups: dict[str, list[tuple[int, str]]] = {}
        for lesson in Lesson.objects.filter(retired=False).order_by("game", "order"):
            groups.setdefault(str(GAMES_BY_SLUG[lesson.game].name) if lesson.game in GAMES_BY_SLUG else lesson.game,
                              []).append((lesson.pk, f"{lesson.order}. {lesson.title}"))
        self.fields["lesson"].choices = list(groups.items())
        self.order_fields(["lesson", "due"])


class PuzzleSetForm(DueForm):
    game = forms.ChoiceField(label=_("Game"), choices=())
    theme = forms.ChoiceField(label=_("Theme"), required=False, choices=())
    count = forms.IntegerField(label=_("How many puzzles"), min_value=1, max_value=30, initial=10, required=False)
    rating_min = forms.IntegerField(label=_("Rating from (optional)"), min_value=0, max_value=4000, required=False)
    rating_max = forms.IntegerField(label=_("Rating up to (optional)"), min_value=0, max_value=4000, required=False)
    picked = forms.CharField(
        label=_("Or hand-pick them (optional)"), required=False, max_length=400,
        help_text=_("Puzzle numbers, separated by commas: the number is in the puzzle's address."))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        from tutorials.puzzles.registry import PUZZLE_GAMES

        self.fields["game"].choices = [(slug, GAMES_BY_SLUG[slug].name) for slug in PUZZLE_GAMES]
        self.fields["theme"].choices = [("", _("Any theme"))] + [
            (GAMES_BY_SLUG[slug].name, [(key, str(label)) for key, label in info.themes.items()])
            for slug, info in PUZZLE_GAMES.items() if info.themes]
        self.order_fields(["game", "theme", "count", "rating_min", "rating_max", "picked", "due"])

    def clean_picked(self) -> list[int]:
        text = self.cleaned_data["picked"].replace(";", ",")
        numbers = [part.strip().lstrip("#") for part in text.split(",") if part.strip()]
        if any(not (n.isascii() and n.isdigit()) or len(n) > 9 for n in numbers):
            raise forms.ValidationError(_("Write puzzle numbers only, separated by commas, like 12, 40, 41."))
        return [int(n) for n in numbers]


class PracticeForm(DueForm):
    game = forms.ChoiceField(label=_("Game"), choices=())
    hands = forms.IntegerField(label=_("Hands to play"), min_value=1, max_value=50, initial=5)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        from tutorials.tables.registry import ADAPTERS

        self.fields["game"].choices = [(slug, GAMES_BY_SLUG[slug].name) for slug in ADAPTERS]
        self.order_fields(["game", "hands", "due"])


ASSIGNMENT_FORMS = {"lesson": LessonAssignmentForm, "puzzles": PuzzleSetForm, "practice": PracticeForm}


def house_rules_query(classroom: Classroom, game: str) -> str:
    """The class's house rules of `game` as the query of a new-table link ("" for none): the
    table's form opens with them chosen (a box left unticked is sent as "")."""
    options = classroom.house_rules.get(game) or {}
    return urlencode({name: ("on" if value else "") if isinstance(value, bool) else value
                      for name, value in options.items()})
