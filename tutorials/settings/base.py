"""Settings shared by every environment."""
import os
from pathlib import Path

import dj_database_url

BASE_DIR = Path(__file__).resolve().parent.parent.parent

SECRET_KEY = "insecure-development-key-change-me"
DEBUG = False
ALLOWED_HOSTS: list[str] = []

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "tutorials.core",
    "tutorials.tables",
    "tutorials.lessons",
    "tutorials.puzzles",
    "tutorials.live",
    "tutorials.scopa",
    "tutorials.settemezzo",
    "tutorials.stoppa",
    "tutorials.saltacavallo",
    "tutorials.classroom",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Pages are compressed for clients that accept it (Django's GZipMiddleware at a faster level).
    # BREACH: the only secret in a page is the CSRF token, which Django masks afresh in every
    # response, and each response is padded with random bytes ("Heal the Breach"); the session
    # cookie is never in a body.
    "tutorials.core.middleware.GZipMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "tutorials.core.middleware.UnreadableFormMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
]

ROOT_URLCONF = "tutorials.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
                "tutorials.core.context_processors.games",
                # Django's CSRF token, masked with one draw of random bytes (stands in for Django's
                # own csrf processor, which every RequestContext runs first)
                "tutorials.core.csrf.csrf",
            ],
            # `{% url %}` reversing each address once per process (tutorials/core/links.py).
            "builtins": ["tutorials.core.templatetags.cached_url"],
        },
    },
]

WSGI_APPLICATION = "tutorials.wsgi.application"

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}", conn_max_age=60
    )
}
# SQLite as a web server's database: readers never block the writer (WAL), a writer waits for
# another instead of failing at once (timeout, in seconds), and a transaction takes the write
# lock when it begins (IMMEDIATE), so two writers queue up instead of deadlocking halfway.
SQLITE_OPTIONS = {
    "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL",
    "transaction_mode": "IMMEDIATE",
    "timeout": 20,
}
# Django's SQLite backend with each statement's placeholders converted once (tutorials/core/sqlite).
SQLITE_ENGINE = "tutorials.core.sqlite"
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"]["ENGINE"] = SQLITE_ENGINE
    DATABASES["default"]["OPTIONS"] = {**SQLITE_OPTIONS, **DATABASES["default"].get("OPTIONS", {})}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("it", "Italiano")]
LOCALE_PATHS = [BASE_DIR / "locale"]
# The language chosen with the header's switch is remembered for a year (else the browser's
# Accept-Language decides); no page needs to read it from JavaScript.
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
LANGUAGE_COOKIE_SAMESITE = "Lax"
LANGUAGE_COOKIE_HTTPONLY = True
TIME_ZONE = "Europe/Rome"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
SESSION_ENGINE = "tutorials.core.sessions"  # the database backend, read with one plain statement

# How long a computer player at a practice table is shown thinking before its move is asked for,
# in milliseconds: a four-player round then reads like a real table.
TABLE_THINKING_MS = 600

# How many answers and sign-ups one client may make: scope -> {"address" or "session": (count,
# seconds)}; see tutorials/core/ratelimit.py. A class behind one school address fits the
# per-address figures; one person fits the per-session ones.
RATE_LIMITS = {
    "answer": {"session": (40, 60), "address": (1200, 60)},
    "signup": {"address": (60, 3600)},
    "live_pin": {"session": (10, 60), "address": (600, 60)},  # PINs typed: a whole school joins from one address
    "quick_signin": {"session": (20, 600), "address": (600, 600)},  # a class of 30 signing in, twice over
    # Log-in tries: per account too, so a made-up student's short password cannot be guessed.
    "login": {"session": (20, 600), "address": (600, 600), "username": (10, 600)},
    # The engine thinking for a visitor: a computer player's move, the coach's advice. A 4-player
    # table asks for three moves a trick; a class plays from one address.
    "think": {"session": (240, 60), "address": (4800, 60)},
}
CLIENT_ADDRESS_HEADER = os.environ.get("CLIENT_ADDRESS_HEADER", "")

# The cache holds the rate-limit counters: local memory (one count per process) unless REDIS_URL
# names a Redis server, which every worker then shares.
# It also holds the live sessions' change counters (tutorials/live/changes.py): with more than one
# worker or server, live sessions need REDIS_URL. CACHE_KEY_PREFIX keeps one site (or a test run)
# off another's keys in a shared Redis.
CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
if os.environ.get("REDIS_URL"):
    CACHES["default"] = {"BACKEND": "django.core.cache.backends.redis.RedisCache",
                         "LOCATION": os.environ["REDIS_URL"]}
CACHES["default"]["KEY_PREFIX"] = os.environ.get("CACHE_KEY_PREFIX", "")

# Live sessions (tutorials/live): how often screens poll, how long a question's counter is trusted
# from the cache (short without a shared cache: each worker then hears of a change within that),
# and the seconds allowed after a question's deadline for an answer still on its way.
LIVE_SHARED_CACHE = bool(os.environ.get("REDIS_URL"))
LIVE_POLL_MS = 1500
LIVE_STATE_SECONDS = 10
LIVE_LOCAL_STATE_SECONDS = 2
LIVE_ANSWER_GRACE = 1.0

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "core:home"
LOGOUT_REDIRECT_URL = "core:home"

# Errors go to standard error with the request's path ("Internal Server Error: /scopa/play/…"),
# so gunicorn's log keeps them; with ADMINS set (production), they are mailed too.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "plain": {"format": "{asctime} {levelname} {name}: {message}", "style": "{"},
    },
    "handlers": {
        "stderr": {"class": "logging.StreamHandler", "formatter": "plain"},
        "mail_admins": {"class": "django.utils.log.AdminEmailHandler", "level": "ERROR",
                        "filters": ["require_debug_false"]},
    },
    "filters": {"require_debug_false": {"()": "django.utils.log.RequireDebugFalse"}},
    "root": {"handlers": ["stderr"], "level": "WARNING"},
    "loggers": {
        "django": {"handlers": ["stderr", "mail_admins"], "level": "INFO", "propagate": False},
        "django.server": {"handlers": ["stderr"], "level": "INFO", "propagate": False},
    },
}
