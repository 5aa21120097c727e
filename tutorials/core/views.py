"""The home page, each game's home and its rules page."""
from django.http import Http404, HttpRequest
from django.template.response import TemplateResponse
from django.views.decorators.http import require_GET

from tutorials.core.games import GAMES, GAMES_BY_SLUG, GameInfo


def _game(slug: str) -> GameInfo:
    try:
        return GAMES_BY_SLUG[slug]
    except KeyError:
        raise Http404("No such game") from None


@require_GET
def home(request: HttpRequest) -> TemplateResponse:
    return TemplateResponse(request, "core/home.html", {"games": GAMES})


@require_GET
def game_home(request: HttpRequest, game: str) -> TemplateResponse:
    return TemplateResponse(request, "core/game_home.html", {"game": _game(game)})


@require_GET
def rules(request: HttpRequest, game: str) -> TemplateResponse:
    info = _game(game)
    return TemplateResponse(request, f"{info.slug}/rules.html", {"game": info})
