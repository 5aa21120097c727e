"""The classroom's forms. What they accept is checked here; what it means, in services."""
from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import gettext_lazy as _

from tutorials.classroom.codes import normal_class_code
from tutorials.classroom.models import Classroom

TABLE_FORM_INTERNALS = ("seed", "token")  # the deal number and the form's own token are no house rule


class SignupForm(UserCreationForm):
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
