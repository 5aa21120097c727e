"""`make bench-web`: the site's server-side speed, per kind of page, printed (never asserted).

    python -m tutorials.bench_web [--requests 300] [--warmup 20] [--profile 100]

Runs on a throwaway database (SQLite, or PostgreSQL when DATABASE_URL names one) that it creates,
migrates, fills with the lessons and the shipped puzzles and drops at the end, with the suite's
settings (tutorials.settings.test), DEBUG off and no rate limits. What is measured, and how, is in
tutorials/core/webbench.py.
"""
from __future__ import annotations

import argparse
import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import django

SETTINGS = "tutorials.settings.test"
REQUESTS, WARMUP, PROFILE = 300, 20, 100


def main(argv: list[str] | None = None) -> None:
    args = _arguments(argv)
    os.environ["DJANGO_SETTINGS_MODULE"] = SETTINGS
    django.setup()
    from tutorials.core import webbench  # the models it imports need Django set up first
    from tutorials.core.collector import tune_for_serving

    with throwaway_database() as database:
        print_header(args, database)
        with webbench.bench_settings():
            webbench.load_content()
        tune_for_serving()  # as the site's server runs (tutorials/wsgi.py), so the handler's figures are its own
        figures = webbench.measure_endpoints(args.requests, args.warmup)
        print_figures(figures, webbench)
        print_over_http(args, webbench)
        print_repeated_queries(figures, webbench)
        if args.profile:
            print_profiles(figures, webbench, args.profile)


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m tutorials.bench_web", description=__doc__.split("\n")[0])
    parser.add_argument("--requests", type=int, default=REQUESTS, help=f"timed requests per endpoint ({REQUESTS})")
    parser.add_argument("--warmup", type=int, default=WARMUP, help=f"untimed requests per endpoint first ({WARMUP})")
    parser.add_argument("--profile", type=int, default=PROFILE, metavar="N",
                        help=f"profile the slowest read page and answer over N requests each ({PROFILE}; 0: none)")
    args = parser.parse_args(argv)
    if args.requests < 1 or args.warmup < 0 or args.profile < 0:
        parser.error("--requests must be at least 1, --warmup and --profile at least 0")
    return args


# -- the database -----------------------------------------------------------------------------------
@contextmanager
def throwaway_database() -> Iterator[str]:
    """A new database, migrated, under a name of this run's own (a test run going on at the same
    time keeps its own); dropped at the end. Yields a description of it."""
    from django.db import connection

    original = connection.settings_dict["NAME"]
    connection.settings_dict["TEST"]["NAME"] = _throwaway_name(connection)
    name = connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    try:
        yield _describe(connection, name)
    finally:
        connection.creation.destroy_test_db(original, verbosity=0)


def _throwaway_name(connection: Any) -> str:
    if connection.vendor == "sqlite":
        import tempfile

        return os.path.join(tempfile.gettempdir(), f"neapolitan-bench-web-{os.getpid()}.sqlite3")
    return f"test_{connection.settings_dict['NAME']}_bench_web_{os.getpid()}"


def _describe(connection: Any, name: str) -> str:
    if connection.vendor == "sqlite":
        return f"SQLite {sqlite3.sqlite_version}, a throwaway file {name} (WAL, as configured)"
    version = getattr(connection, "pg_version", 0)  # PostgreSQL's, as major * 10000 + minor
    where = f"{connection.settings_dict.get('HOST') or 'local socket'}:{connection.settings_dict.get('PORT') or ''}"
    shown = f" {version // 10000}.{version % 10000}" if version else ""
    return f"{connection.display_name}{shown} at {where.rstrip(':')}, a throwaway database {name}"


# -- the report ---------------------------------------------------------------------------------------
def print_header(args: argparse.Namespace, database: str) -> None:
    from django.conf import settings

    print(f"Server time per request, {args.requests} requests per endpoint after {args.warmup} warm-up "
          "requests each; the endpoints take turns, one request each per round.")
    print(f"database: {database}; created and migrated for this run, then dropped")
    print(f"settings: {SETTINGS}, DEBUG = False, RATE_LIMITS = {{}} for this run (no rate limits: it answers "
          "far faster than a person may)")
    print(f"requests: Django's WSGI handler with a browser's environ, all {len(settings.MIDDLEWARE)} MIDDLEWARE, "
          "CSRF enforced (X-CSRFToken and Origin headers, as htmx sends); plain HTTP, so no HTTPS redirect "
          "and no secure-cookie or HSTS headers")
    print("time: from the handler's call to the end of the response, close() included; "
          "queries: counted with CaptureQueriesContext")
    print(flush=True)


def print_figures(figures: list, webbench: Any) -> None:
    floor = next(f for f in figures if f.endpoint.kind == webbench.FLOOR).median_ms()
    print(f"{'endpoint':<14} {'request':<36} {'median':>7} {'p95':>7} {'cpu':>6} {'queries':>8} "
          f"{'throughput':>10}  target")
    print(f"{'':<14} {'':<36} {'ms':>7} {'ms':>7} {'ms':>6} {'med/p95':>8} {'vs floor':>10}")
    for figure in figures:
        print(_row(figure, floor, webbench))
    unexpected = [f for f in figures if f.unexpected]
    for figure in unexpected:
        print(f"!! {figure.endpoint.name}: {figure.unexpected} responses were not {figure.endpoint.status}: "
              f"{dict(figure.statuses)}")
    print()
    print("median and p95: wall-clock time; cpu: the median CPU time of this process, which leaves out "
          "time spent waiting (for a CPU other work on the machine holds, or for PostgreSQL's own work).")
    print("Throughput vs floor = the floor's median time / the endpoint's median time. Targets (issue 12): "
          f"every read page >= {webbench.TARGETS[webbench.READ]}%, every answer (POST) >= "
          f"{webbench.TARGETS[webbench.ANSWER]}%.")
    print("The table action times the learner's move alone (the act request); the computer player's move, "
          "its thinking included, is the table advance row, a request of its own.")


def print_over_http(args: argparse.Namespace, webbench: Any) -> None:
    """The same requests through gunicorn (tutorials/core/httpbench.py), as the issue measured."""
    from tutorials.core import httpbench

    print()
    why_not = httpbench.measurable()
    if why_not:
        print(f"Over HTTP: not measured, {why_not}.")
        return
    with httpbench.gunicorn_server() as server:
        figures = webbench.measure_endpoints(args.requests, args.warmup, send=server.send)
    floor = next(f for f in figures if f.endpoint.kind == webbench.FLOOR).median_cpu_ms()
    print(f"Over HTTP, through gunicorn (one sync worker, tutorials.settings.bench), {args.requests} requests "
          "per endpoint: the worker's CPU time per request, HTTP included.")
    print(f"{'endpoint':<14} {'request':<36} {'wall':>7} {'p95':>7} {'cpu':>6} {'':>8} {'throughput':>10}  target")
    print(f"{'':<14} {'':<36} {'ms':>7} {'ms':>7} {'ms':>6} {'':>8} {'vs floor':>10}")
    for figure in figures:
        print(_row(figure, floor, webbench, by_cpu=True))
    for figure in figures:
        if figure.unexpected:
            print(f"!! {figure.endpoint.name}: {figure.unexpected} responses were not {figure.endpoint.status}: "
                  f"{dict(figure.statuses)}")
    print("wall: as this process saw it, its own sending and reading included; cpu: the median of the worker's "
          "CPU time for each request (Linux schedstat), which is what bounds a server's throughput.")
    print("Throughput vs floor = the floor's median CPU time / the endpoint's; the issue's floor (2 ms through "
          "the same middleware) was measured this way.")


def _row(figure: Any, floor_ms: float, webbench: Any, by_cpu: bool = False) -> str:
    endpoint = figure.endpoint
    share = 100 * floor_ms / (figure.median_cpu_ms() if by_cpu else figure.median_ms())
    target = webbench.TARGETS.get(endpoint.kind)
    if endpoint.kind == webbench.FLOOR:
        verdict = ""
    elif endpoint.kind == webbench.REPORT:
        verdict = "a teacher's report: no target"
    elif target is None:
        verdict = "engine: no target"
    else:
        verdict = f">= {target}%  " + ("ok" if share >= target else "UNDER")
    queries = "" if by_cpu else f"{_number(figure.median_queries())}/{figure.p95_queries()}"
    return (f"{endpoint.name:<14} {endpoint.what:<36} {figure.median_ms():7.2f} {figure.p95_ms():7.2f} "
            f"{figure.median_cpu_ms():6.2f} {queries:>8} {share:9.1f}%  {verdict}")


def _number(value: float) -> str:
    return f"{value:g}"


def print_repeated_queries(figures: list, webbench: Any) -> None:
    print()
    print("Tables read or written more than once in one request (one more request of each endpoint; "
          "literals shown as ?, long column lists as …):")
    for figure in figures:
        for repeat in webbench.repeated_queries(figure.endpoint):
            print(f"  {figure.endpoint.name}: {repeat.count}x {repeat.what}")
            for count, sql in repeat.statements:
                print(f"    {count}x {sql[:150]}{'...' if len(sql) > 150 else ''}")


def print_profiles(figures: list, webbench: Any, requests: int) -> None:
    for kind, what in ((webbench.READ, "read page"), (webbench.ANSWER, "answer")):
        slowest = max((f for f in figures if f.endpoint.kind == kind), key=lambda f: f.median_ms())
        print()
        print(f"Profile of the slowest {what}, {slowest.endpoint.name} ({slowest.median_ms():.2f} ms), "
              f"over {requests} requests, per request.")
        print("  The project's functions and Django's template tags by cumulative time (cProfile, which "
              "slows everything down):")
        print(f"  {'cumul ms':>8} {'own ms':>7} {'calls':>7}  function")
        for line in webbench.profile_endpoint(slowest.endpoint, requests):
            print(f"  {line.cumulative_ms:8.2f} {line.own_ms:7.2f} {line.calls:7.1f}  {line.where}")
        print("  Templates, each with what it includes or extends (no profiler):")
        print(f"  {'ms':>8} {'':>7} {'renders':>7}  template")
        for line in webbench.template_times(slowest.endpoint, requests):
            print(f"  {line.ms:8.2f} {'':>7} {line.calls:7.1f}  {line.name}")


if __name__ == "__main__":
    main()
