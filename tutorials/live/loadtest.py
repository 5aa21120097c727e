"""`make loadtest STUDENTS=N`: one live session of N simulated players against the site under
gunicorn, on PostgreSQL and Redis, bounded in time; ends with one line:
`students N, answers A, lost L, doubled D, p95 P ms` (p95 over answer POSTs and polls).

PostgreSQL: DATABASE_URL, or a throwaway database on 127.0.0.1:5432 (made and dropped here); it
stops with a plain message where no PostgreSQL answers. Redis: REDIS_URL, or 127.0.0.1:6379
(database 14, a key prefix of its own) when it answers, else each worker's own memory (it says
which). Every request goes to 127.0.0.1 only.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parent.parent.parent
PG_DEFAULT = "postgres://postgres@127.0.0.1:5432/"
REDIS_DEFAULT = "redis://127.0.0.1:6379/14"


def say(text: str) -> None:
    print(text, flush=True)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_until_serving(port: int, seconds: float = 60) -> None:
    until = time.monotonic() + seconds
    while time.monotonic() < until:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/live/join/", timeout=2).read()
            return
        except OSError:
            time.sleep(0.3)
    raise SystemExit(f"The app server on port {port} did not answer within {seconds:.0f} s.")


def postgres_admin(url: str):
    import psycopg
    parts = urlparse(url)
    return psycopg.connect(host=parts.hostname or "127.0.0.1", port=parts.port or 5432,
                           user=parts.username or "postgres", password=parts.password or None,
                           dbname="postgres", autocommit=True, connect_timeout=3)


def redis_answers(url: str) -> bool:
    import redis
    try:
        return bool(redis.Redis.from_url(url, socket_connect_timeout=1).ping())
    except redis.RedisError:
        return False


def server_env(database_url: str, redis_url: str, prefix: str) -> dict[str, str]:
    env = dict(os.environ)
    env.update(DJANGO_SETTINGS_MODULE="tutorials.settings.prod", SECRET_KEY="loadtest-only-not-a-secret",
               ALLOWED_HOSTS="127.0.0.1", SECURE_SSL_REDIRECT="0", SECURE_COOKIES="0", SECURE_HSTS_SECONDS="0",
               DATABASE_URL=database_url, CACHE_KEY_PREFIX=prefix)
    env.pop("REDIS_URL", None)
    if redis_url:
        env["REDIS_URL"] = redis_url
    return env


def start_servers(env: dict[str, str], ports: list[int], workers: int, threads: int) -> list[subprocess.Popen]:
    servers = [subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "tutorials.wsgi:application", "--bind", f"127.0.0.1:{port}",
         "--workers", str(workers), "--worker-class", "gthread", "--threads", str(threads),
         "--backlog", "4096", "--log-level", "warning"], cwd=ROOT, env=env) for port in ports]
    for port in ports:
        wait_until_serving(port)
    return servers


def stop(processes: list[subprocess.Popen]) -> None:
    for process in processes:
        process.terminate()
    for process in processes:
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()


def cpu_seconds(pids: list[int]) -> float:
    """User and system CPU time of these processes and their children (gunicorn's workers), from
    /proc: on a shared machine, the CPU a request costs says more than its wall-clock time."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0.0
    seen: set[int] = set()
    todo = list(pids)
    while todo:
        pid = todo.pop()
        if pid in seen:
            continue
        seen.add(pid)
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / ticks
            todo += [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
        except (OSError, ValueError, IndexError):
            continue
    return total


def make_session(questions: int, seconds: int):
    """A host and a session of `questions` puzzles taken in turn from every game's starter set."""
    from django.contrib.auth import get_user_model

    from tutorials.classroom.services import teacher_enable
    from tutorials.live import services
    from tutorials.live.questions import from_puzzle
    from tutorials.puzzles.files import read_specs
    from tutorials.puzzles.models import Puzzle
    from tutorials.puzzles.registry import PUZZLE_GAMES
    from tutorials.puzzles.services import puzzles_store

    for slug, game in PUZZLE_GAMES.items():
        specs = list(read_specs(game.starter_path, game))[:questions]
        puzzles_store(game=slug, specs=specs)
    by_game = [list(Puzzle.objects.filter(game=slug).order_by("pk")) for slug in PUZZLE_GAMES]
    chosen = [by_game[n % len(by_game)][n // len(by_game)] for n in range(questions)]
    user = get_user_model().objects.create_user("loadtest-host", password="loadtest-host-pw")
    teacher_enable(user=user)  # an ad-hoc session's host is a teacher
    session = services.session_create(host=user, drafts=[from_puzzle(p) for p in chosen], title="Load test",
                                      seconds=seconds)
    return session, "loadtest-host", "loadtest-host-pw"


def count_answers(session, accepted: set) -> tuple[int, int, int]:
    """(answers in the database, answers received by a phone but not in it, answers counted twice)."""
    from django.db.models import Count, Sum

    from tutorials.live.models import LiveAnswer, Player

    rows = LiveAnswer.objects.filter(question__session=session)
    stored = set(rows.values_list("player__nickname", "question__number"))
    pairs = rows.values("player", "question").annotate(n=Count("pk")).filter(n__gt=1).count()
    points = dict(rows.values("player").annotate(s=Sum("points")).values_list("player", "s"))
    wrong_totals = sum(1 for p in Player.objects.filter(session=session) if p.score != points.get(p.pk, 0))
    return rows.count(), len(accepted - stored), pairs + wrong_totals


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--students", type=int, default=100)
    parser.add_argument("--questions", type=int, default=10)
    parser.add_argument("--seconds", type=int, default=20, help="to answer each question")
    parser.add_argument("--workers", type=int, default=3, help="gunicorn workers per server")
    parser.add_argument("--threads", type=int, default=4, help="threads per worker")
    parser.add_argument("--servers", type=int, default=1, help="app servers (ports) behind which players are split")
    parser.add_argument("--poll-ms", type=int, default=1500)
    parser.add_argument("--ramp", type=float, default=0.0, help="seconds over which players join (default N/20)")
    args = parser.parse_args(argv)

    given = os.environ.get("DATABASE_URL", "")
    throwaway = f"neapolitan_load_{os.getpid()}"
    database_url = given or PG_DEFAULT + throwaway
    if not database_url.startswith("postgres"):
        raise SystemExit("make loadtest runs on PostgreSQL: set DATABASE_URL to a postgres:// URL, or unset it.")
    try:
        admin = postgres_admin(database_url)
    except Exception as error:  # psycopg.OperationalError and friends: say so plainly and stop
        say(f"No PostgreSQL answers at {urlparse(database_url).hostname}:{urlparse(database_url).port or 5432} "
            f"({error.__class__.__name__}). Start PostgreSQL or set DATABASE_URL; nothing was run.")
        return 2
    if not given:
        admin.execute(f'CREATE DATABASE "{throwaway}"')
    redis_url = os.environ.get("REDIS_URL") or (REDIS_DEFAULT if redis_answers(REDIS_DEFAULT) else "")
    prefix = f"loadtest-{os.getpid()}"
    say(f"PostgreSQL: {database_url}{' (a throwaway database)' if not given else ''}")
    say(f"Cache: {'Redis ' + redis_url + ', key prefix ' + prefix if redis_url else 'no Redis answers: local memory in each worker'}")
    env = server_env(database_url, redis_url, prefix)
    servers: list[subprocess.Popen] = []
    try:
        say("Migrating and collecting static files…")
        subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=ROOT, env=env, check=True)
        subprocess.run([sys.executable, "manage.py", "collectstatic", "--noinput", "-v", "0"], cwd=ROOT, env=env, check=True)
        os.environ.update(env)
        import django
        django.setup()
        session, username, password = make_session(args.questions, args.seconds)
        ports = [free_port() for _ in range(args.servers)]
        say(f"Serving on {', '.join(f'127.0.0.1:{p}' for p in ports)}: gunicorn, {args.workers} workers × "
            f"{args.threads} threads each; {args.students} players, {args.questions} questions of {args.seconds} s, "
            f"polling every {args.poll_ms} ms")
        servers = start_servers(env, ports, args.workers, args.threads)
        from tutorials.live.loadclient import run_session
        ramp = args.ramp or args.students / 20
        budget = ramp + 60 + args.questions * (args.seconds + 8)
        started = time.monotonic()
        server_cpu, client_cpu = cpu_seconds([p.pid for p in servers]), time.process_time()
        stats = asyncio.run(run_session(ports=ports, pin=session.pin, public_id=session.public_id, username=username,
                                        password=password, players=args.students, seconds_budget=budget,
                                        poll_ms=args.poll_ms, ramp_seconds=ramp))
        took = time.monotonic() - started
        server_cpu = cpu_seconds([p.pid for p in servers]) - server_cpu
        client_cpu = time.process_time() - client_cpu
        answers, lost, doubled = count_answers(session, stats.accepted)
        session.refresh_from_db()
        say(f"{took:.0f} s, {stats.requests} requests ({stats.requests / took:.0f}/s); joined {stats.joined}, "
            f"saw the end {stats.finished}; session {session.state}; answers received {len(stats.accepted)}, "
            f"refused as late {stats.refused}")
        say(f"latency over {len(stats.latencies)} answer POSTs and polls: p50 {stats.p(0.5):.0f} ms, "
            f"p95 {stats.p(0.95):.0f} ms, p99 {stats.p(0.99):.0f} ms, max {stats.p(1.0):.0f} ms")
        say(f"CPU per request: app servers {1000 * server_cpu / max(stats.requests, 1):.1f} ms, this load generator "
            f"{1000 * client_cpu / max(stats.requests, 1):.1f} ms; machine load average {os.getloadavg()[0]:.1f} "
            f"on {os.cpu_count()} cores (other work on the machine slows every figure above)")
        say(f"errors {len(stats.errors)}" + "".join(f"\n  {e}" for e in stats.errors[:10]))
        say(f"students {args.students}, answers {answers}, lost {lost}, doubled {doubled}, p95 {stats.p(0.95):.0f} ms")
        return 0 if not (lost or doubled) else 1
    finally:
        stop(servers)
        from django.db import connections
        connections.close_all()
        if not given:
            admin.execute(f'DROP DATABASE IF EXISTS "{throwaway}" WITH (FORCE)')
        if redis_url:
            import redis
            client = redis.Redis.from_url(redis_url)
            keys = list(client.scan_iter(f"{prefix}:*"))
            if keys:
                client.delete(*keys)


if __name__ == "__main__":
    sys.exit(main())
