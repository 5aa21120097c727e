"""At log-in, the lessons a learner did anonymously join their account."""
from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver

from tutorials.core.learners import peek_anon_key
from tutorials.lessons.services import progress_merge


@receiver(user_logged_in)
def merge_anonymous_progress(sender, request, user, **kwargs) -> None:
    if request is not None:
        progress_merge(user=user, anon=peek_anon_key(request))
