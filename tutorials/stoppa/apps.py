from django.apps import AppConfig


class StoppaConfig(AppConfig):
    name = "tutorials.stoppa"
    label = "stoppa"
