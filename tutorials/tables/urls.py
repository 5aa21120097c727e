from django.urls import path

from tutorials.tables import views

# Included under "<game:game>/play/" by the project urls.
urlpatterns = [
    path("", views.table_new, name="play_new"),
    path("<uuid:table_id>/", views.table_show, name="play_table"),
    path("<uuid:table_id>/act", views.table_act, name="play_act"),
    path("<uuid:table_id>/advance", views.table_advance, name="play_advance"),
    path("<uuid:table_id>/coach", views.table_coach, name="play_coach"),
    path("<uuid:table_id>/abandon", views.table_abandon, name="play_abandon"),
]
