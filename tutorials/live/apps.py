from django.apps import AppConfig


class LiveConfig(AppConfig):
    name = "tutorials.live"
    label = "live"
    verbose_name = "Live class"
