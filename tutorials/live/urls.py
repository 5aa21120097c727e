from django.urls import path

from tutorials.live import views

app_name = "live"

# Included under "live/" by the project urls.
urlpatterns = [
    path("", views.live_home, name="home"),
    path("join/", views.join, name="join"),
    path("join/<str:pin>/", views.join_pin, name="join_pin"),
    path("new/", views.new_session, name="new"),
    path("p/<str:public_id>/", views.play, name="play"),
    path("p/<str:public_id>/poll", views.play_poll, name="play_poll"),
    path("p/<str:public_id>/answer", views.answer, name="answer"),
    path("h/<str:public_id>/", views.host, name="host"),
    path("h/<str:public_id>/poll", views.host_poll, name="host_poll"),
    path("h/<str:public_id>/move", views.host_move, name="move"),
    path("h/<str:public_id>/remove", views.host_remove, name="remove"),
    path("h/<str:public_id>/report", views.report, name="report"),
    path("h/<str:public_id>/report.csv", views.report_csv, name="report_csv"),
]
