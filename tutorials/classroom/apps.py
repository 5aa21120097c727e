from django.apps import AppConfig


class ClassroomConfig(AppConfig):
    name = "tutorials.classroom"
    label = "classroom"
    verbose_name = "Teachers, classes and homework"
