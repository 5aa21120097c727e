"""Template context every page needs: the games for the navigation, and the header's links.

The links are reversed once per script prefix and kept: every page shows them, and reversing a
dozen URLs was a third of the cost of rendering the page frame (base.html)."""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from django.http import HttpRequest
from django.urls import get_script_prefix, reverse

from tutorials.core.games import GAMES


@dataclass(frozen=True)
class NavGame:
    slug: str
    name: str
    url: str


@cache
def _links(prefix: str) -> tuple[tuple[NavGame, ...], dict[str, str]]:
    games = tuple(NavGame(g.slug, g.name, reverse("game_home", args=[g.slug])) for g in GAMES)
    names = {"home": "core:home", "progress": "progress", "login": "login", "signup": "signup", "logout": "logout",
             "set_language": "set_language", "classes": "classroom:classes", "account": "classroom:account"}
    return games, {key: reverse(name) for key, name in names.items()}


def games(request: HttpRequest) -> dict:
    nav, links = _links(get_script_prefix())
    return {"nav_games": nav, "site_links": links}
