from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("tables", "0001_initial")]

    operations = [
        migrations.RenameField("table", "session_key", "anon_key"),
        migrations.AlterField(
            model_name="table",
            name="anon_key",
            field=models.CharField(
                blank=True, db_index=True, max_length=64,
                help_text="The anonymous learner's key (tutorials.core.learners).",
            ),
        ),
    ]
