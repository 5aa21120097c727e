"""Odd input at every classroom form and URL never gives a 5xx (issue 15): every field a
classroom form reads, given each odd value, posted to every classroom URL that takes a POST by
its teacher, its student and a visitor; odd ids and codes in the URLs."""
from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.classroom.test_authorization import ROUTES, world  # noqa: F401 (the fixture)
from tests.core.test_fuzz import ODD_VALUES

pytestmark = pytest.mark.django_db

FIELDS = [
    "teacher", "name", "description", "quick_signin", "username", "remove", "archive", "game", "names", "to",
    "confirm", "student", "code", "kind", "real_name", "lesson-lesson", "lesson-due", "puzzles-game",
    "puzzles-theme", "puzzles-count", "puzzles-rating_min", "puzzles-rating_max", "puzzles-picked", "puzzles-due",
    "practice-game", "practice-hands", "practice-due", "scopa-variant", "scopa-opponent", "scopa-re_bello",
    "settemezzo-players", "settemezzo-hands",
]


@pytest.mark.parametrize("route", [r for r in ROUTES if "POST" in r.expected], ids=lambda r: r.name)
def test_odd_values_in_every_field_are_never_a_server_error(world, route, no_rate_limits):  # noqa: F811
    url = reverse(f"classroom:{route.name}", args=route.args(world))
    for role in ("teacher", "student", "anonymous"):
        client = Client()
        if world.users[role] is not None:
            client.force_login(world.users[role])
        for value in ODD_VALUES:
            response = client.post(url, {field: value for field in FIELDS})
            assert response.status_code < 500, (role, value, response.status_code)


@pytest.mark.parametrize("path", [
    "/classes/%00/", "/classes/..%2F/", "/classes/😀/", "/classes/" + "a" * 300 + "/", "/join/%00/", "/join/😀/",
    "/join/?code=%00", "/join/?code=" + "9" * 5000, "/homework/%00/", "/join/abc%20def/",
])
def test_odd_ids_in_urls_are_a_4xx(world, path):  # noqa: F811
    client = Client()
    client.force_login(world.users["teacher"])
    assert 400 <= client.get(path).status_code < 500
