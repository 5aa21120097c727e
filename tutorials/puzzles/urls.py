from django.urls import path

from tutorials.puzzles import views

# Included under "<game:game>/puzzles/" by the project urls.
urlpatterns = [
    path("", views.puzzle_home, name="puzzle_home"),
    path("next/", views.puzzle_next, name="puzzle_next"),
    path("dashboard/", views.puzzle_dashboard, name="puzzle_dashboard"),
    path("review/", views.puzzle_review, name="puzzle_review"),
    path("<int:puzzle_id>/", views.puzzle_show, name="puzzle_show"),
    path("<int:puzzle_id>/answer", views.puzzle_answer, name="puzzle_answer"),
]
