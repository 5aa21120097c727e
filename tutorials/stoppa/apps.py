from django.apps import AppConfig


class StoppaConfig(AppConfig):
    name = "tutorials.stoppa"
    label = "stoppa"

    def ready(self) -> None:
        from tutorials.stoppa import steps, table  # noqa: F401  (registers lesson steps and the table)
