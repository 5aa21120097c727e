from django.apps import AppConfig


class StoppaConfig(AppConfig):
    name = "tutorials.stoppa"
    label = "stoppa"

    def ready(self) -> None:
        from tutorials.stoppa import puzzles, steps, table  # noqa: F401  (registers puzzles, lesson steps, the table)
