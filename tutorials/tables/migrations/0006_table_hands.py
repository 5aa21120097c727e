from django.db import migrations, models


def count_hands(apps, schema_editor):
    """Tables played before the field existed: their hands counted by each game's adapter."""
    from tutorials.tables.registry import ADAPTERS

    Table = apps.get_model("tables", "Table")
    for table in Table.objects.filter(game__in=ADAPTERS).iterator():
        adapter = ADAPTERS[table.game]
        try:
            state = adapter.load(table.rules_text, table.state_text)
        except ValueError:  # a table the engine can no longer read keeps 0
            continue
        hands = adapter.hands_done(state)
        if hands:
            Table.objects.filter(pk=table.pk).update(hands=hands)


class Migration(migrations.Migration):

    dependencies = [
        ('tables', '0005_table_outcome'),
    ]

    operations = [
        migrations.AddField(
            model_name='table',
            name='hands',
            field=models.PositiveIntegerField(default=0, help_text='Hands (deals) played to their end (kept by every move).'),
        ),
        migrations.RunPython(count_hands, migrations.RunPython.noop),
    ]
