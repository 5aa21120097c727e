"""Sessions started from a class; an account is in a session once. A signed-in account that joined
one session twice before (from two browsers) keeps its first player; the others keep their answers
under their nicknames, no longer tied to the account."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def unlink_second_players(apps, schema_editor):
    Player = apps.get_model("live", "Player")
    seen = set()
    for pk, session_id, user_id in (Player.objects.filter(user__isnull=False).order_by("pk")
                                    .values_list("pk", "session_id", "user_id")):
        if (session_id, user_id) in seen:
            Player.objects.filter(pk=pk).update(user=None)
        seen.add((session_id, user_id))


class Migration(migrations.Migration):

    dependencies = [
        ('classroom', '0003_assignments'),
        ('live', '0001_initial'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name='livesession',
            name='classroom',
            field=models.ForeignKey(blank=True, help_text='The class it was started from (its students join as themselves); empty for an ad-hoc session.', null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='live_sessions', to='classroom.classroom'),
        ),
        migrations.RunPython(unlink_second_players, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name='player',
            constraint=models.UniqueConstraint(condition=models.Q(('user__isnull', False)), fields=('session', 'user'), name='live_account_once'),
        ),
    ]
