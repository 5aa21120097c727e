"""The form that sets up a Stoppa practice table."""
from django import forms
from django.utils.translation import gettext_lazy as _

from tutorials.tables.forms import TableForm


class StoppaTableForm(TableForm):
    players = forms.TypedChoiceField(
        label=_("Players at the table"), coerce=int, initial=4,
        choices=[(3, _("3: you and 2 computer players")), (4, _("4: you and 3 computer players")),
                 (5, _("5: you and 4 computer players")), (6, _("6: you and 5 computer players"))],
    )
    opponent = forms.ChoiceField(
        label=_("Computer players"), initial="search",
        choices=[("search", _("Thoughtful (odds and search)")),
                 ("quick", _("Quick (a simpler stoppata)"))],
        help_text=_(
            "Both bet from the exact odds of their punto. In the stoppata, Thoughtful imagines the "
            "hidden hands a few ways and plays each out (a few hundredths of a second per card); "
            "Quick plays from its own hand alone and answers straight away."
        ),
    )
    misera = forms.TypedChoiceField(
        label=_("Misera (the basic stake, in play chips)"), coerce=int, initial=1,
        choices=[(1, "1"), (2, "2"), (5, "5")],
    )
    bankroll = forms.TypedChoiceField(
        label=_("Chips"), coerce=int, initial=0,
        choices=[(0, _("Unlimited (may go below zero)")),
                 (100, _("100 each, no credit (side pots)"))],
    )
    showdown = forms.ChoiceField(
        label=_("Showdown"), initial="concede",
        help_text=_("Whether a player may give up a showdown even with the better punto."),
        choices=[("concede", _("You may concede (mi basta)")),
                 ("auto_reveal", _("The highest punto always wins"))],
    )
