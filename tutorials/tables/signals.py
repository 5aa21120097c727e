"""At log-in, the practice tables a learner played anonymously join their account."""
from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver

from tutorials.core.learners import peek_anon_key
from tutorials.tables.services import tables_adopt


@receiver(user_logged_in)
def adopt_anonymous_tables(sender, request, user, **kwargs) -> None:
    if request is not None:
        tables_adopt(user=user, anon=peek_anon_key(request))
