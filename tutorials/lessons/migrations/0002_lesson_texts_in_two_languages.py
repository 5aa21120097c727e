"""Lessons are written in English and Italian: the title and summary of each are kept in both (the
steps' texts are in their `data`, as the lesson files write them). `sync_content` fills them."""
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("lessons", "0001_initial"),
    ]

    operations = [
        migrations.RenameField(model_name="lesson", old_name="title", new_name="title_en"),
        migrations.RenameField(model_name="lesson", old_name="summary", new_name="summary_en"),
        migrations.AddField(
            model_name="lesson", name="title_it", field=models.CharField(blank=True, max_length=120),
        ),
        migrations.AddField(
            model_name="lesson", name="summary_it", field=models.CharField(blank=True, max_length=300),
        ),
    ]
