"""The site's URLs: each game under its own prefix (see DESIGN.md's site map).

The same URLs serve both languages, with no language prefix: the language is the reader's choice
(the header's switch, kept in a cookie) or else the browser's Accept-Language (LocaleMiddleware),
so a link shared between an Italian and an English reader opens in each one's own language."""
import re

from django.contrib import admin
from django.urls import include, path, register_converter

from tutorials.core import views as core_views
from tutorials.core.games import GAMES
from tutorials.lessons import views as lesson_views
from tutorials.puzzles import views as puzzle_views


class GameConverter:
    """One of the four games' slugs: a game's pages are found first, without trying the rest of
    the site's paths (Django tries every pattern before the match, and every path of an include
    whose prefix matched), and no other path can be taken for a game's."""

    regex = "|".join(re.escape(game.slug) for game in GAMES)

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


register_converter(GameConverter, "game")

urlpatterns = [
    # The games first (most requests are for their pages), then the live class's.
    path("<game:game>/", core_views.game_home, name="game_home"),
    path("<game:game>/rules/", core_views.rules, name="rules"),
    path("<game:game>/play/", include("tutorials.tables.urls")),
    path("<game:game>/learn/", include("tutorials.lessons.urls")),
    path("<game:game>/puzzles/", include("tutorials.puzzles.urls")),
    path("live/", include("tutorials.live.urls")),  # a live class's phones ask every few seconds
    path("", include("tutorials.core.urls")),
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),  # set_language: the header's language switch
    path("accounts/signup/", core_views.signup, name="signup"),
    path("accounts/login/", core_views.login_view, name="login"),
    path("", include("tutorials.classroom.urls")),  # accounts/you/, classes/, join/
    path("accounts/", include("django.contrib.auth.urls")),
    path("progress/", lesson_views.progress_page, name="progress"),
    path("puzzles/review/", puzzle_views.review_all, name="review_all"),
    path("puzzles/review/next/", puzzle_views.review_next, name="review_next"),
    path("settemezzo/lab/", include("tutorials.settemezzo.urls_lab")),
]
