"""`{{ text|elide }}`: a sentence with the Italian article elided before a number said with a
vowel ("entro il 8 dicembre" -> "entro l'8 dicembre"; neapolitan.i18n.elide). For a translated
sentence with a number in it: `{% blocktranslate ... asvar s %}…{% endblocktranslate %}{{ s|elide }}`."""
from __future__ import annotations

from django import template
from django.utils.safestring import SafeString, mark_safe

from neapolitan.i18n import elide as elided

register = template.Library()


@register.filter(is_safe=True)
def elide(text: object) -> str:
    out = elided(str(text))
    return mark_safe(out) if isinstance(text, SafeString) else out
