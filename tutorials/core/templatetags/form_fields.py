"""`{{ field|described }}`: a form field's input, tied to its help text and its errors (their
ids in aria-describedby), so a screen reader reads them with the field."""
from django import template
from django.forms import BoundField

register = template.Library()


def help_id(field: BoundField) -> str:
    return f"{field.auto_id}_helptext"


def errors_id(field: BoundField) -> str:
    return f"{field.auto_id}_errors"


@register.filter
def described(field: BoundField) -> str:
    ids = ([errors_id(field)] if field.errors else []) + ([help_id(field)] if field.help_text else [])
    attrs = {"aria-describedby": " ".join(ids)} if ids else {}
    return field.as_widget(attrs=attrs)


@register.filter
def helptext_id(field: BoundField) -> str:
    return help_id(field)


@register.filter
def error_list_id(field: BoundField) -> str:
    return errors_id(field)
