"""At log-in, the puzzles a learner solved anonymously join their account."""
from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver

from tutorials.core.learners import peek_anon_key
from tutorials.puzzles.services import learner_merge


@receiver(user_logged_in)
def merge_anonymous_puzzles(sender, request, user, **kwargs) -> None:
    if request is not None:
        learner_merge(user=user, anon=peek_anon_key(request))
