"""Production: every secret and host comes from the environment."""
import os

from django.core.exceptions import ImproperlyConfigured

from .base import *  # noqa: F403


def _env_list(name: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, "").split(",") if item.strip()]


def _env_flag(name: str, default: bool) -> bool:
    value = os.environ.get(name, "").strip().lower()
    return default if not value else value in {"1", "true", "yes", "on"}


DEBUG = os.environ.get("DEBUG", "").lower() in {"1", "true", "yes"}
SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    raise ImproperlyConfigured("Set SECRET_KEY in the environment to run in production.")
ALLOWED_HOSTS = _env_list("ALLOWED_HOSTS")
if not ALLOWED_HOSTS:
    raise ImproperlyConfigured("Set ALLOWED_HOSTS (comma separated) to run in production.")
CSRF_TRUSTED_ORIGINS = _env_list("CSRF_TRUSTED_ORIGINS")
STATIC_ROOT = BASE_DIR / "staticfiles"  # noqa: F405
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}

# HTTPS only, by default: `check --deploy` is clean. Behind a proxy that already redirects to
# HTTPS, or while trying the site over plain HTTP, relax these with the variables of the README.
SESSION_COOKIE_SECURE = _env_flag("SECURE_COOKIES", True)
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
LANGUAGE_COOKIE_SECURE = SESSION_COOKIE_SECURE
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = _env_flag("SECURE_SSL_REDIRECT", True)
SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "") or 31_536_000)  # a year; 0: none
SECURE_HSTS_INCLUDE_SUBDOMAINS = _env_flag("SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
SECURE_HSTS_PRELOAD = _env_flag("SECURE_HSTS_PRELOAD", True)

# Errors are mailed to ADMINS ("Ana <ana@example.org>, bo@example.org") when EMAIL_HOST is set;
# they are always written to standard error (see LOGGING in base.py).
ADMINS = [(address.split("<")[0].strip() or address, address.split("<")[-1].rstrip(">").strip())
          for address in _env_list("ADMINS")]
SERVER_EMAIL = os.environ.get("SERVER_EMAIL", "root@localhost")
EMAIL_HOST = os.environ.get("EMAIL_HOST", "localhost")
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "") or 25)
