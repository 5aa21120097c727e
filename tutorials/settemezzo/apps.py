from django.apps import AppConfig


class SettemezzoConfig(AppConfig):
    name = "tutorials.settemezzo"
    label = "settemezzo"
