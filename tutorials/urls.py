"""The site's URLs: each game under its own prefix (see DESIGN.md's site map).

The same URLs serve both languages, with no language prefix: the language is the reader's choice
(the header's switch, kept in a cookie) or else the browser's Accept-Language (LocaleMiddleware),
so a link shared between an Italian and an English reader opens in each one's own language."""
from django.contrib import admin
from django.urls import include, path

from tutorials.core import views as core_views
from tutorials.lessons import views as lesson_views
from tutorials.puzzles import views as puzzle_views

urlpatterns = [
    path("", include("tutorials.core.urls")),
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),  # set_language: the header's language switch
    path("accounts/signup/", core_views.signup, name="signup"),
    path("accounts/login/", core_views.login_view, name="login"),
    path("", include("tutorials.classroom.urls")),  # accounts/you/, classes/, join/ (before the games)
    path("accounts/", include("django.contrib.auth.urls")),
    path("progress/", lesson_views.progress_page, name="progress"),
    path("puzzles/review/", puzzle_views.review_all, name="review_all"),
    path("puzzles/review/next/", puzzle_views.review_next, name="review_next"),
    path("live/", include("tutorials.live.urls")),
    path("settemezzo/lab/", include("tutorials.settemezzo.urls_lab")),
    path("<slug:game>/", core_views.game_home, name="game_home"),
    path("<slug:game>/rules/", core_views.rules, name="rules"),
    path("<slug:game>/play/", include("tutorials.tables.urls")),
    path("<slug:game>/learn/", include("tutorials.lessons.urls")),
    path("<slug:game>/puzzles/", include("tutorials.puzzles.urls")),
]
