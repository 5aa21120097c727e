from django.apps import AppConfig


class LessonsConfig(AppConfig):
    name = "tutorials.lessons"
    label = "lessons"
    verbose_name = "Lessons and progress"

    def ready(self) -> None:
        from tutorials.lessons import signals  # noqa: F401  (merges progress at log-in)
