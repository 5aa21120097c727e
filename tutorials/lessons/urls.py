from django.urls import path

from tutorials.lessons import views

# Included under "<game:game>/learn/" by the project urls.
urlpatterns = [
    path("", views.lesson_list, name="lesson_list"),
    path("<slug:slug>/", views.lesson_start, name="lesson_start"),
    path("<slug:slug>/done/", views.lesson_done, name="lesson_done"),
    path("<slug:slug>/<int:number>/", views.step_show, name="lesson_step"),
    path("<slug:slug>/<int:number>/answer", views.step_post, name="lesson_answer"),
]
