"""The host's form for a new session: the questions (picked by number, typed positions, a
lesson's steps, a set from the bank by theme and rating) and how it is played."""
from __future__ import annotations

import re

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tutorials.core.games import GAMES_BY_SLUG
from tutorials.lessons.models import Lesson
from tutorials.live import questions
from tutorials.live.models import SPEED, VALUE
from tutorials.puzzles.registry import PUZZLE_GAMES

MAX_SET = 20


def _games() -> list[tuple[str, str]]:
    return [(slug, str(GAMES_BY_SLUG[slug].name)) for slug in PUZZLE_GAMES]


def _themes() -> list[tuple[str, str]]:
    return [("", gettext_lazy("Any theme"))] + [
        (f"{slug}:{key}", f"{GAMES_BY_SLUG[slug].name}: {label}")
        for slug, info in PUZZLE_GAMES.items() for key, label in info.themes.items()]


def _variants() -> list[tuple[str, str]]:
    return [(f"{slug}:{v}", f"{GAMES_BY_SLUG[slug].name}: {v}") for slug, info in PUZZLE_GAMES.items()
            for v in info.variants]


def _lessons() -> list[tuple[str, str]]:
    """Every lesson, by game and in its order: its steps that ask something become questions."""
    lessons = Lesson.objects.filter(retired=False).order_by("game", "order")
    return [("", gettext_lazy("No lesson"))] + [
        (str(lesson.pk), f"{GAMES_BY_SLUG[lesson.game].name}: {lesson.title}")
        for lesson in lessons if lesson.game in GAMES_BY_SLUG]


class NewSessionForm(forms.Form):
    title = forms.CharField(label=gettext_lazy("Title (optional)"), max_length=80, required=False)
    game = forms.ChoiceField(label=gettext_lazy("Puzzles of"), choices=_games)
    theme = forms.ChoiceField(label=gettext_lazy("Theme"), choices=_themes, required=False)
    rating_min = forms.IntegerField(label=gettext_lazy("Rated from"), min_value=0, max_value=4000, initial=0)
    rating_max = forms.IntegerField(label=gettext_lazy("to"), min_value=0, max_value=4000, initial=4000)
    count = forms.IntegerField(label=gettext_lazy("How many from the bank"), min_value=0, max_value=MAX_SET, initial=5)
    numbers = forms.CharField(
        label=gettext_lazy("Puzzles picked by number (optional)"), required=False, max_length=300,
        help_text=gettext_lazy("The numbers their pages show, e.g. 12, 40, 7: asked first, in this order."))
    variant = forms.ChoiceField(label=gettext_lazy("Typed positions are of"), choices=_variants, required=False)
    positions = forms.CharField(
        label=gettext_lazy("Positions typed in the engine's text form (optional, one a line)"), required=False,
        max_length=5000, widget=forms.Textarea(attrs={"rows": 3}),
        help_text=gettext_lazy("Each is judged by the engine now; one with no clearly best answer is refused."))
    lesson = forms.ChoiceField(
        label=gettext_lazy("The questions of a lesson (optional)"), choices=_lessons, required=False,
        help_text=gettext_lazy("Every step of the lesson that asks something, in its order; the phones show it "
                               "as the lesson does. Set “How many from the bank” to 0 to ask only these."))
    seconds = forms.IntegerField(label=gettext_lazy("Seconds per question"), min_value=10, max_value=300, initial=30)
    scoring = forms.ChoiceField(
        label=gettext_lazy("Scoring"), initial=VALUE, widget=forms.RadioSelect,
        choices=[(VALUE, gettext_lazy("By the value of the answer (speed only breaks ties)")),
                 (SPEED, gettext_lazy("Speed counts too (up to half the points, as in Kahoot)"))])
    streak_bonus = forms.BooleanField(label=gettext_lazy("Bonus for best answers in a row"), required=False)

    def clean_numbers(self) -> list[int]:
        text = self.cleaned_data.get("numbers", "")
        parts = [p for p in re.split(r"[\s,;]+", text) if p]
        if any(not (p.isascii() and p.isdigit()) or len(p) > 9 for p in parts):
            raise forms.ValidationError(_("Write puzzle numbers separated by commas, e.g. 12, 40, 7."))
        return [int(p) for p in parts]

    def clean(self) -> dict:
        data = super().clean()
        game, theme, variant = data.get("game"), data.get("theme") or "", data.get("variant") or ""
        if theme and theme.split(":", 1)[0] != game:
            self.add_error("theme", _("Choose a theme of the same game, or any theme."))
        if (data.get("rating_min") or 0) > (data.get("rating_max") or 0):
            self.add_error("rating_max", _("The upper bound is below the lower one."))
        if data.get("positions", "").strip() and not variant:
            self.add_error("variant", _("Say which game the typed positions are of."))
        return data

    def drafts(self) -> list[questions.Draft]:
        """The questions, in order: picked, typed, then the set. BadQuestions says what is wrong."""
        data = self.cleaned_data
        drafts = questions.picked(data["numbers"]) if data["numbers"] else []
        lines = [line for line in data["positions"].splitlines() if line.strip()]
        if lines:
            game, variant = data["variant"].split(":", 1)
            drafts += [questions.typed(game=game, variant=variant, position=line) for line in lines]
        if data["lesson"]:
            drafts += questions.from_lesson(Lesson.objects.get(pk=int(data["lesson"])))
        if data["count"]:
            theme = data["theme"].split(":", 1)[1] if data["theme"] else ""
            drafts += questions.bank_set(game=data["game"], theme=theme, rating_min=data["rating_min"],
                                         rating_max=data["rating_max"], count=data["count"])
        return drafts
