"""The form that sets up a Scopa practice table."""
from django import forms
from django.utils.translation import gettext_lazy as _

from tutorials.tables.forms import TableForm

# (form value, engine variant, players, label)
TABLE_VARIANTS = (
    ("SCOPA_2P", "SCOPA_2P", 2, _("Scopa, you against one opponent")),
    ("SCOPONE_SCIENTIFICO", "SCOPONE_SCIENTIFICO", 4, _("Scopone Scientifico, with a partner")),
    ("SCOPA_3P", "SCOPA_3P", 3, _("Scopa, three players")),
    ("SCOPA_4P", "SCOPA_4P", 4, _("Scopa, four players in pairs")),
    ("SCOPONE", "SCOPONE", 4, _("Scopone (9 cards each)")),
    ("QUINDICI", "QUINDICI", 2, _("Scopa a Quindici")),
    ("QUINDICI_NAPOLETANA", "QUINDICI_NAPOLETANA", 2, _("Scopa di Quindici napoletana")),
    ("ASSI", "ASSI", 2, _("Scopa d'Assi")),
)
TABLE_VARIANT_BY_KEY = {key: (variant, players) for key, variant, players, _label in TABLE_VARIANTS}


class ScopaTableForm(TableForm):
    variant = forms.ChoiceField(
        label=_("Game"), choices=[(key, label) for key, _v, _p, label in TABLE_VARIANTS], initial="SCOPA_2P"
    )
    opponent = forms.ChoiceField(
        label=_("Computer players"),
        choices=[("search", _("Thoughtful (looks ahead)")), ("greedy", _("Quick (plays the best-looking card)"))],
        initial="search",
        help_text=_(
            "Thoughtful: it imagines the cards it cannot see dealt in many different ways (in two-player "
            "Scopa and Scopone Scientifico, the ways that fit what the others have played more often), "
            "plays each way to the end of the deal, and chooses the card that does best on average. It usually "
            "thinks for about a hundredth of a second per card, and rarely for more than a tenth. "
            "Quick: it takes the card that looks best at once, without looking ahead, and answers "
            "straight away."
        ),
    )
    re_bello = forms.BooleanField(label=_("Re bello: the Re di Denari scores a point"), required=False)
