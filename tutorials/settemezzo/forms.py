"""The form that sets up a Sette e Mezzo practice table."""
from django import forms
from django.utils.translation import gettext_lazy as _

from tutorials.tables.forms import TableForm

TABLE_PLAYERS = (2, 3, 4)  # the exact dealer stays quick with up to three punters


class SetteTableForm(TableForm):
    role = forms.ChoiceField(
        label=_("Your seat"),
        choices=[
            ("punter", _("Punter: play against the computer's dealer")),
            ("dealer", _("Dealer (mazziere): hold the bank against the computer's punters")),
            ("draw", _("Draw cards to choose the first dealer")),
        ],
        initial="punter",
    )
    players = forms.TypedChoiceField(
        label=_("Players at the table, you included"), coerce=int,
        choices=[(n, str(n)) for n in TABLE_PLAYERS], initial=3,
    )
    opponent = forms.ChoiceField(
        label=_("Computer players"),
        choices=[
            ("exact", _("Exact: they play by the exact odds")),
            ("simple", _("Simple: they draw below 5")),
        ],
        initial="exact",
        help_text=_(
            "Exact players count every card still in the pack before each choice, which takes them "
            "a few hundredths of a second at most. Simple players follow the casino rule and answer "
            "straight away."
        ),
    )
    dealer_rule = forms.ChoiceField(
        label=_("How the dealer draws"),
        choices=[
            ("free", _("As he sees fit (the traditional rule)")),
            ("5", _("Below 5, and stands on 5 or more (casino rule)")),
        ],
        initial="free",
    )
    hands = forms.TypedChoiceField(
        label=_("Length of the game"), coerce=int,
        choices=[(5, _("5 hands")), (10, _("10 hands")), (20, _("20 hands"))], initial=10,
    )
