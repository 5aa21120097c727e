"""WSGI entry point for gunicorn: `gunicorn tutorials.wsgi`. A live session's polls that find
nothing new are answered before Django (tutorials/live/polls.py); the garbage collector is set for
serving (tutorials/core/collector.py)."""
import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tutorials.settings.prod")
application = get_wsgi_application()

from tutorials.live.polls import NothingNewPolls  # noqa: E402  (Django is set up first)

application = NothingNewPolls(application)

from tutorials.core.collector import tune_for_serving  # noqa: E402

tune_for_serving()
