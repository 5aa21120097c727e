"""Blocks of a page rendered once and kept (tutorials.core.templatetags.memo): the header and the
home page's fixed parts. Each reader still sees their own name, their own working CSRF token and
the page they are on; blocks never stand in for one another."""
from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.template import engines
from django.test import Client

from tutorials.core.templatetags import memo

pytestmark = pytest.mark.django_db


def render(source: str, **context) -> str:
    return engines["django"].from_string("{% load memo %}" + source).render(context)


def test_a_block_is_rendered_once_per_key():
    calls = []

    class Counted:
        def __str__(self):
            calls.append(1)
            return "drawn"

    source = "{% memo key %}[{{ thing }}]{% endmemo %}"
    template = engines["django"].from_string("{% load memo %}" + source)
    assert [template.render({"key": k, "thing": Counted()}) for k in ("a", "a", "b", "a")] == ["[drawn]"] * 4
    assert len(calls) == 2  # once for "a", once for "b"


def test_two_blocks_never_stand_in_for_each_other():
    html = render("{% memo k %}first{% endmemo %}|{% memo k %}second{% endmemo %}", k="same")
    assert html == "first|second"


def test_holes_get_each_responses_own_value_escaped():
    source = '{% memo k holes="where" %}<a href="{{ where }}">x</a>{% endmemo %}'
    template = engines["django"].from_string("{% load memo %}" + source)
    assert template.render({"k": 1, "where": "/one/"}) == '<a href="/one/">x</a>'
    assert template.render({"k": 1, "where": '/two/?a="<b>"'}) == '<a href="/two/?a=&quot;&lt;b&gt;&quot;">x</a>'


def test_with_debug_on_a_block_is_drawn_every_time(settings):
    settings.DEBUG = True
    template = engines["django"].from_string("{% load memo %}{% memo 1 %}{{ n }}{% endmemo %}")
    assert [template.render({"n": n}) for n in (1, 2)] == ["1", "2"]


def test_kept_blocks_are_bounded(monkeypatch):
    monkeypatch.setattr(memo, "MAX_BLOCKS", 3)
    template = engines["django"].from_string("{% load memo %}{% memo n %}{{ n }}{% endmemo %}")
    for n in range(10):
        assert template.render({"n": n}) == str(n)
    assert len(memo._blocks) == 3


def _header(html: str) -> str:
    return html[html.index('<header class="site-header">'):html.index("</header>")]


def test_each_reader_sees_their_own_name_in_the_header():
    users = [get_user_model().objects.create_user(name, password="pw-long-enough-1") for name in ("anna", "bruno")]
    pages = {}
    for user in users:
        client = Client()
        client.force_login(user)
        pages[user.username] = _header(client.get("/").content.decode())
    assert "Log out anna" in pages["anna"] and "bruno" not in pages["anna"]
    assert "Log out bruno" in pages["bruno"] and "anna" not in pages["bruno"]
    assert "Log in" in _header(Client().get("/").content.decode())


def test_the_headers_forms_carry_a_token_that_works_for_this_reader():
    """Log out with the token of the kept header's form, under the strict CSRF check, for two
    readers in turn (the second one's header comes from the kept block)."""
    for name in ("carla", "dario"):
        user = get_user_model().objects.create_user(name, password="pw-long-enough-1")
        client = Client(enforce_csrf_checks=True)
        client.force_login(user)
        header = _header(client.get("/").content.decode())
        token = re.search(r'action="/accounts/logout/".*?name="csrfmiddlewaretoken" value="([^"]+)"', header, re.S)[1]
        assert client.post("/accounts/logout/", {"csrfmiddlewaretoken": token}).status_code == 302
        assert "_auth_user_id" not in client.session


def test_the_language_switch_comes_back_to_the_page_it_is_on(client):
    for url in ("/", "/scopa/", "/scopa/rules/", "/progress/"):
        html = client.get(url).content.decode()
        assert re.search(r'name="next" value="([^"]*)"', html)[1] == url


def test_the_home_pages_kept_parts_follow_the_language(client):
    english = client.get("/").content.decode()
    client.post("/i18n/setlang/", {"language": "it", "next": "/"})
    italian = client.get("/").content.decode()
    assert "Learn the Neapolitan card games" in english and "Learn the Neapolitan card games" not in italian
    assert english.count("game-tile__link") == italian.count("game-tile__link") == 4


def test_a_block_kept_inside_another_leaves_the_outer_blocks_holes_to_it():
    """The inner block holds one of the outer block's holes, and one of its own that the outer
    block names too (what the outer block keeps, it keeps whole): each response gets its own
    values everywhere, kept or drawn."""
    template = engines["django"].from_string(
        "{% load memo %}{% memo outer holes='mine yours' %}<{{ mine }}|"
        "{% memo inner holes='yours' %}{{ mine }}+{{ yours }}{% endmemo %}>{% endmemo %}")
    for mine, yours in [("a", "b"), ("c", "d"), ("<e>", "f")]:
        html = template.render({"outer": 1, "inner": 2, "mine": mine, "yours": yours})
        assert html == "<{0}|{0}+{1}>".format(*(v.replace("<", "&lt;").replace(">", "&gt;") for v in (mine, yours)))


def test_a_hole_not_in_the_block_is_not_asked_for():
    asked = []

    class Token:
        def __str__(self):
            asked.append(1)
            return "t"

    template = engines["django"].from_string("{% load memo %}{% memo k holes='token' %}plain{% endmemo %}")
    assert [template.render({"k": 1, "token": Token()}) for _ in range(2)] == ["plain", "plain"]
    assert asked == []
