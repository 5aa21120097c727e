from django.apps import AppConfig


class TablesConfig(AppConfig):
    name = "tutorials.tables"
    label = "tables"
    verbose_name = "Practice tables"

    def ready(self) -> None:
        from tutorials.tables import signals  # noqa: F401  (adopts anonymous tables at log-in)
