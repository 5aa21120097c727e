"""WSGI entry point for gunicorn: `gunicorn tutorials.wsgi`. A live session's polls that find
nothing new are answered before Django (tutorials/live/polls.py)."""
import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tutorials.settings.prod")
application = get_wsgi_application()

from tutorials.live.polls import NothingNewPolls  # noqa: E402  (Django is set up first)

application = NothingNewPolls(application)
