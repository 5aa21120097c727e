"""The test suite: fast hashing, DATABASE_URL honoured (CI runs it on PostgreSQL too)."""
import hashlib
import os
import tempfile

from .base import *  # noqa: F403

DEBUG = False
ALLOWED_HOSTS = ["testserver", "127.0.0.1", "localhost"]
TABLE_THINKING_MS = 20  # the browser tests play many rounds
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

# On SQLite the test database is a file, not Django's shared in-memory one: in memory, SQLite locks
# whole tables and fails a second writer at once, which the concurrency tests must not meet.
# (pytest-django adds the xdist worker to the name: one file per worker; the process id keeps two
# test runs at once, in one checkout, off each other's files.)
if DATABASES["default"]["ENGINE"] == SQLITE_ENGINE:  # noqa: F405
    _checkout = hashlib.sha1(str(BASE_DIR).encode()).hexdigest()[:8]  # noqa: F405 (two checkouts, two files)
    DATABASES["default"]["TEST"] = {  # noqa: F405
        "NAME": os.path.join(tempfile.gettempdir(), f"neapolitan-test-{_checkout}-{os.getpid()}.sqlite3"),
    }
