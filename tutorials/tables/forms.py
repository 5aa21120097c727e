"""The new-table form every game extends: its own choices, then the deal number (the seed)."""
from django import forms
from django.utils.translation import gettext_lazy as _


class TableForm(forms.Form):
    seed = forms.CharField(
        label=_("Deal number (optional)"), required=False, max_length=32,
        help_text=_("Enter the number of an earlier game to deal the same cards again."),
    )

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["seed"] = self.fields.pop("seed")  # the deal number comes last

    def clean_seed(self) -> str:
        seed = self.cleaned_data["seed"].strip()
        if seed and not seed.replace("-", "").isalnum():
            raise forms.ValidationError(_("Use only letters and digits for the deal number."))
        return seed
