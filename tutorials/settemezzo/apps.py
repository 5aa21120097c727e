from django.apps import AppConfig


class SettemezzoConfig(AppConfig):
    name = "tutorials.settemezzo"
    label = "settemezzo"

    def ready(self) -> None:
        from tutorials.settemezzo import puzzles, steps, table  # noqa: F401  (registers puzzles, lesson steps, the table)
