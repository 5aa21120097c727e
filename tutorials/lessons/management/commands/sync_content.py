"""`manage.py sync_content`: load every game's lesson files into the database."""
from django.core.management.base import BaseCommand, CommandError

from neapolitan.progress import Progress
from tutorials.lessons.content import LessonFile, read_all, sync
from tutorials.lessons.steps import BadContent


class Command(BaseCommand):
    help = "Load the lesson files of every game (tutorials/<game>/lessons/*.toml) into the database."

    def handle(self, *args, **options) -> None:
        try:
            lessons = read_all()
        except BadContent as error:
            raise CommandError(f"A lesson file needs fixing: {error}") from None
        total = len(lessons)
        bar = Progress(total, "lesson files", self.stdout, width=20) if options["verbosity"] >= 1 else None

        def report(index: int, lesson: LessonFile) -> None:
            if bar:
                bar.update(index, f"{lesson.game}/{lesson.path.name}")

        sync(lessons, report)
        if bar:
            bar.update(total)  # the summary names no single file
            bar.finish()
            steps = sum(len(lesson.steps) for lesson in lessons)
            self.stdout.write(self.style.SUCCESS(f"Loaded {total} lessons, {steps} steps."))
