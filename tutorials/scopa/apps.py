from django.apps import AppConfig


class ScopaConfig(AppConfig):
    name = "tutorials.scopa"
    label = "scopa"

    def ready(self) -> None:
        from tutorials.scopa import puzzles, steps, table  # noqa: F401  (registers puzzles, lesson steps, the table)
