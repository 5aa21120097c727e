from django.apps import AppConfig


class StoppaConfig(AppConfig):
    name = "tutorials.stoppa"
    label = "stoppa"

    def ready(self) -> None:
        from tutorials.stoppa import table  # noqa: F401  (registers the practice table)
