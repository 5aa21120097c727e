from django.apps import AppConfig


class PuzzlesConfig(AppConfig):
    name = "tutorials.puzzles"
    label = "puzzles"
    verbose_name = "Puzzles and ratings"

    def ready(self) -> None:
        from tutorials.puzzles import signals  # noqa: F401  (merges attempts at log-in)
