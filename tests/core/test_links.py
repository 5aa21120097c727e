"""Addresses reversed once per process (tutorials.core.links, and the `{% url %}` tag standing in
for Django's): the same address as Django's reverse, under whatever urlconf and script prefix."""
from __future__ import annotations

import uuid

import pytest
from django.template import Context, Template
from django.test import override_settings
from django.urls import NoReverseMatch, set_script_prefix
from django.urls import reverse as django_reverse

from tutorials.core.links import reverse

ADDRESSES = [
    ("core:home", [], {}),
    ("game_home", ["scopa"], {}),
    ("puzzle_show", ["scopa", 7], {}),
    ("play_act", [], {"game": "stoppa", "table_id": uuid.UUID(int=5)}),
    ("lesson_step", [], {"game": "scopa", "slug": "first", "number": 2}),
]


@pytest.mark.parametrize(("name", "args", "kwargs"), ADDRESSES)
def test_an_address_is_django_s_every_time(name, args, kwargs):
    expected = django_reverse(name, args=args, kwargs=kwargs)
    assert reverse(name, args=args, kwargs=kwargs) == expected
    assert reverse(name, args=args, kwargs=kwargs) == expected


def test_the_url_tag_writes_django_s_address():
    page = Template("{% url 'puzzle_show' game n %}|{% url 'core:home' %}|{% url 'rules' game as there %}{{ there }}")
    text = page.render(Context({"game": "scopa", "n": 3}))
    assert text == "|".join([django_reverse("puzzle_show", args=["scopa", 3]), django_reverse("core:home"),
                             django_reverse("rules", args=["scopa"])])


def test_an_unknown_address_fails_as_django_s_does():
    with pytest.raises(NoReverseMatch):
        reverse("puzzle_show", args=["scopa", "not-a-number"])
    with pytest.raises(NoReverseMatch):
        Template("{% url 'no_such_page' %}").render(Context())
    assert Template("{% url 'no_such_page' as there %}[{{ there }}]").render(Context()) == "[]"


def test_each_urlconf_and_script_prefix_has_its_own_addresses():
    before = reverse("game_home", args=["scopa"])
    with override_settings(ROOT_URLCONF="tutorials.bench_urls"):
        assert reverse("bench_floor") == "/bench-floor/"
    with pytest.raises(NoReverseMatch):
        reverse("bench_floor")
    set_script_prefix("/site/")
    try:
        assert reverse("game_home", args=["scopa"]) == "/site" + before
    finally:
        set_script_prefix("/")
    assert reverse("game_home", args=["scopa"]) == before


class Unhashable:
    __hash__ = None

    def __str__(self) -> str:
        return "scopa"


def test_an_argument_that_cannot_be_a_key_is_still_reversed():
    assert reverse("game_home", args=[Unhashable()]) == django_reverse("game_home", args=["scopa"])
