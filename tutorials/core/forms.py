"""The account forms: Django's, with each error under the field it is about."""
from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import gettext_lazy as _


class SignupForm(UserCreationForm):
    """Django's sign-up form. Django files the password rules' complaints ("too short", "too
    common") under the confirmation; here they go under the password they are about, and only a
    confirmation that differs is reported under the confirmation. A page with errors opens with
    the first field to correct focused, not the username."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        # Our own words (Django's Italian one runs two sentences together)
        self.fields["username"].help_text = _("Up to 150 characters: letters, digits and @ . + - _ only. "
                                              "No email address is needed.")

    def validate_password_for_user(self, user, **kwargs) -> None:
        super().validate_password_for_user(user, password_field_name="password1")

    def full_clean(self) -> None:
        super().full_clean()
        wrong = [name for name in self.fields if name in self.errors]
        if wrong:
            for field in self.fields.values():
                field.widget.attrs.pop("autofocus", None)
            self.fields[wrong[0]].widget.attrs["autofocus"] = True
