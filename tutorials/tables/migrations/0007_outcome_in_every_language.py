from django.db import migrations, models


def to_languages(apps, schema_editor):
    """An outcome written before the site spoke Italian was English: {"en": text}."""
    Table = apps.get_model("tables", "Table")
    for table in Table.objects.exclude(old_outcome="").only("pk", "old_outcome").iterator():
        Table.objects.filter(pk=table.pk).update(outcome={"en": table.old_outcome})


def to_text(apps, schema_editor):
    Table = apps.get_model("tables", "Table")
    for table in Table.objects.exclude(outcome={}).only("pk", "outcome").iterator():
        text = table.outcome.get("en") or next(iter(table.outcome.values()), "")
        Table.objects.filter(pk=table.pk).update(old_outcome=text[:200])


class Migration(migrations.Migration):

    dependencies = [
        ('tables', '0006_table_hands'),
    ]

    operations = [
        migrations.RenameField(model_name='table', old_name='outcome', new_name='old_outcome'),
        migrations.AddField(
            model_name='table',
            name='outcome',
            field=models.JSONField(blank=True, default=dict,
                                   help_text='How the game ended, once it has, in each language: {"en": …, "it": …}.'),
        ),
        migrations.RunPython(to_languages, to_text),
        migrations.RemoveField(model_name='table', name='old_outcome'),
    ]
