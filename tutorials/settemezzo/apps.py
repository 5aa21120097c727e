from django.apps import AppConfig


class SettemezzoConfig(AppConfig):
    name = "tutorials.settemezzo"
    label = "settemezzo"

    def ready(self) -> None:
        from tutorials.settemezzo import steps, table  # noqa: F401  (registers lesson steps and the table)
