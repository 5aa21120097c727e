from django.apps import AppConfig


class SaltacavalloConfig(AppConfig):
    name = "tutorials.saltacavallo"
    label = "saltacavallo"

    def ready(self) -> None:
        from tutorials.saltacavallo import steps, table  # noqa: F401  (registers lesson steps and the table)
