from django.db import migrations, models


def mark_finished(apps, schema_editor):
    """Tables whose game had ended before these fields existed: asked of each game's adapter."""
    from tutorials.tables.registry import ADAPTERS

    Table = apps.get_model("tables", "Table")
    for table in Table.objects.filter(game__in=ADAPTERS).iterator():
        adapter = ADAPTERS[table.game]
        try:
            state = adapter.load(table.rules_text, table.state_text)
        except ValueError:  # a table the engine can no longer read stays listed, to be abandoned
            continue
        if adapter.is_over(state):
            Table.objects.filter(pk=table.pk).update(finished=True, outcome=adapter.outcome(state)[:200])


class Migration(migrations.Migration):

    dependencies = [
        ('tables', '0004_table_finished'),
    ]

    operations = [
        migrations.AddField(
            model_name='table',
            name='outcome',
            field=models.CharField(blank=True, help_text='How the game ended, once it has.', max_length=200),
        ),
        migrations.RunPython(mark_finished, migrations.RunPython.noop),
    ]
