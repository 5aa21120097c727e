from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "tutorials.core"
    label = "core"
    verbose_name = "Site core"
