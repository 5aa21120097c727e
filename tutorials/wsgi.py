"""WSGI entry point for gunicorn: `gunicorn tutorials.wsgi`."""
import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tutorials.settings.prod")
application = get_wsgi_application()
