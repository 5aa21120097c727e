"""The URLs `make bench-web` serves: the site's own, plus the floor (a view that does nothing).

The floor goes first: Django tries the patterns in order, and the floor should pay for none.
"""
from django.http import HttpRequest, HttpResponse
from django.urls import include, path

FLOOR_PATH = "/bench-floor/"


def floor(request: HttpRequest) -> HttpResponse:
    """What the middleware alone costs: every request passes the same stack to get here."""
    return HttpResponse("ok")


urlpatterns = [
    path(FLOOR_PATH.strip("/") + "/", floor, name="bench_floor"),
    path("", include("tutorials.urls")),
]
