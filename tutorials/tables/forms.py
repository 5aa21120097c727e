"""The new-table form every game extends: its own choices, then the deal number (the seed)."""
import re

from django import forms
from django.utils.translation import gettext_lazy as _

from tutorials.tables.services import new_form_token

_TOKEN = re.compile(r"[A-Za-z0-9_-]{8,32}")


class TableForm(forms.Form):
    seed = forms.CharField(
        label=_("Deal number (optional)"), required=False, max_length=32,
        help_text=_("Enter the number of an earlier game to deal the same cards again."),
    )

    # Names this form: posted twice (a double click), it gives the table the first post made.
    token = forms.CharField(widget=forms.HiddenInput, required=False, max_length=32)

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["seed"] = self.fields.pop("seed")  # the deal number comes last
        self.fields["token"].initial = new_form_token()
        for field in self.fields.values():  # Django's own message repeats what was sent, however long
            if isinstance(field, forms.ChoiceField):
                field.error_messages["invalid_choice"] = _("Choose one of the options offered.")

    def clean_token(self) -> str:
        token = self.cleaned_data["token"].strip()
        return token if _TOKEN.fullmatch(token) else ""  # a damaged token only loses that protection

    def clean_seed(self) -> str:
        seed = self.cleaned_data["seed"].strip()
        if seed and not seed.replace("-", "").isalnum():
            raise forms.ValidationError(_("Use only letters and digits for the deal number."))
        return seed
