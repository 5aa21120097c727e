"""`manage.py sync_content`: load every game's lesson files into the database."""
from django.core.management.base import BaseCommand, CommandError

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

        def report(index: int, lesson: LessonFile) -> None:
            if options["verbosity"] >= 1:
                bar = "#" * (20 * index // total)
                self.stdout.write(f"\r[{bar:<20}] {index}/{total} {lesson.game}/{lesson.path.name}", ending="")
                self.stdout.flush()

        sync(lessons, report)
        if options["verbosity"] >= 1:
            steps = sum(len(lesson.steps) for lesson in lessons)
            self.stdout.write(self.style.SUCCESS(f"\nLoaded {total} lessons, {steps} steps."))
