"""Template context every page needs: the list of games for the navigation."""
from django.http import HttpRequest

from tutorials.core.games import GAMES


def games(request: HttpRequest) -> dict:
    return {"nav_games": GAMES}
