"""The form that sets up a Saltacavallo practice table."""
from django import forms
from django.utils.translation import gettext_lazy as _

from tutorials.tables.forms import TableForm


class SaltacavalloTableForm(TableForm):
    opponents = forms.TypedChoiceField(
        label=_("How many computer players"), coerce=int, initial=4,
        choices=[(n, str(n)) for n in range(2, 10)],
        help_text=_(
            "From 2 to 9: the table then seats 3 to 10 players. They keep or swap by the exact "
            "chance of losing a life, worked out in a moment."
        ),
    )
    lives = forms.TypedChoiceField(
        label=_("Lives each"), coerce=int, initial=3,
        choices=[(3, _("Three lives (Naples)")), (2, _("Two lives"))],
    )
    revival = forms.BooleanField(
        label=_("Naples revival: when you are out, you may ask a living player for one of his lives"),
        required=False, initial=True,
    )
