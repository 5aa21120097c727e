"""Local development: DEBUG on, SQLite unless DATABASE_URL says otherwise."""
from .base import *  # noqa: F403

DEBUG = True
ALLOWED_HOSTS = ["127.0.0.1", "localhost", "[::1]"]
