"""`{{ field|described }}`: a form field's input tied to its errors and its help text (their ids,
`<id>_errors` and `<id>_helptext`, in aria-describedby), so a screen reader reads them with it."""
from django import template
from django.forms import BoundField

register = template.Library()


@register.filter
def described(field: BoundField) -> str:
    ids = ([f"{field.auto_id}_errors"] if field.errors else []) + (
        [f"{field.auto_id}_helptext"] if field.help_text else [])
    return field.as_widget(attrs={"aria-describedby": " ".join(ids)} if ids else {})
