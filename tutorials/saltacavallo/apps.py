from django.apps import AppConfig


class SaltacavalloConfig(AppConfig):
    name = "tutorials.saltacavallo"
    label = "saltacavallo"

    def ready(self) -> None:
        from tutorials.saltacavallo import puzzles, steps, table  # noqa: F401  (registers puzzles, lesson steps, the table)
