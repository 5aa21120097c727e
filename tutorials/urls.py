"""The site's URLs: each game under its own prefix (see DESIGN.md's site map)."""
from django.contrib import admin
from django.urls import include, path

from tutorials.core import views as core_views

urlpatterns = [
    path("", include("tutorials.core.urls")),
    path("admin/", admin.site.urls),
    path("<slug:game>/", core_views.game_home, name="game_home"),
    path("<slug:game>/rules/", core_views.rules, name="rules"),
    path("<slug:game>/play/", include("tutorials.tables.urls")),
]
