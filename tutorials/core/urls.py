from django.urls import path

from tutorials.core import views

app_name = "core"
urlpatterns = [
    path("", views.home, name="home"),
    path("glossary/", views.glossary, name="glossary"),
]
