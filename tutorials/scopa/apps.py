from django.apps import AppConfig


class ScopaConfig(AppConfig):
    name = "tutorials.scopa"
    label = "scopa"

    def ready(self) -> None:
        from tutorials.scopa import table  # noqa: F401  (registers the practice table)
