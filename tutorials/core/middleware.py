"""Middleware of the whole site."""
from __future__ import annotations

from collections.abc import Callable

from django.core.exceptions import BadRequest, SuspiciousOperation
from django.http import HttpRequest, HttpResponse
from django.template.response import TemplateResponse
from django.utils.translation import gettext as _


class UnreadableFormMiddleware:
    """A POST whose form cannot be read (a charset other than UTF-8, a body over the size limit,
    a broken multipart body) is answered 400 with a page that says so, before the CSRF check
    reads it: Django's own 400 page would read the form again and fail with a 500."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.method == "POST":
            try:
                request.POST  # noqa: B018 (parse the body now, where a failure can be answered)
            except (BadRequest, SuspiciousOperation):
                return unreadable_form(request)
        return self.get_response(request)


def unreadable_form(request: HttpRequest) -> HttpResponse:
    message = _("This form could not be read. Reload the page and send it again.")
    response = TemplateResponse(request, "400.html", {"message": message}, status=400)
    return response.render()
