"""The settings of the gunicorn server `make bench-web` starts to time requests over HTTP: the
suite's settings with the benchmark's changes (BENCH_SETTINGS), on the run's throwaway database
(DATABASE_URL, set by the benchmark)."""
from .test import *  # noqa: F403

# What the benchmark changes, in its own process (override_settings) and in this server's:
# no rate limits (it answers far faster than a person may), DEBUG off, the urlconf with the floor.
BENCH_SETTINGS = {"DEBUG": False, "RATE_LIMITS": {}, "ROOT_URLCONF": "tutorials.bench_urls"}
globals().update(BENCH_SETTINGS)
