"""`make bench-web` over HTTP: the same requests sent to a real gunicorn server, as the site runs
in production, timed by the CPU its worker spends on each.

One sync worker serves the run's throwaway database (the settings of tutorials/settings/bench.py).
Each request is written to a socket as a browser would send it (the headers and cookies of
`webbench.Browser`, `Connection: close`, as gunicorn's sync worker answers); the worker's CPU time
is read from Linux's /proc/<pid>/schedstat (nanoseconds on the CPU) before the request is sent and
after its answer has been read to the end, when the worker has closed the connection. So a
request's cost includes what gunicorn spends reading and writing HTTP, as in the issue's own
measurement of the floor (2 ms "through the same middleware"), and nothing of this process's.
The worker does nothing else meanwhile. What must happen before a request (a learner opening the
puzzle he then answers, the computer players' moves) is sent to the worker too, untimed, as a
learner's browser would send it: what the worker keeps from request to request is what a real
learner's requests leave there.
"""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from django.db import connection

from tutorials.core.webbench import HOST, Request, Response

STARTUP_SECONDS = 30


def measurable() -> str:
    """Why requests cannot be timed over HTTP here, or "" when they can."""
    if not Path(f"/proc/{os.getpid()}/schedstat").exists():
        return "this system has no /proc/<pid>/schedstat (Linux only)"
    if not (Path(sys.executable).parent / "gunicorn").exists():
        return "gunicorn is not installed beside this Python"
    return ""


def database_url() -> str:
    """The URL of the database this process uses now (the run's throwaway one), for the server."""
    settings = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{Path(settings['NAME']).resolve()}"
    user = settings.get("USER") or ""
    password = f":{settings['PASSWORD']}" if settings.get("PASSWORD") else ""
    login = f"{user}{password}@" if user else ""
    return f"postgres://{login}{settings.get('HOST') or ''}:{settings.get('PORT') or 5432}/{settings['NAME']}"


class Server:
    """A gunicorn server with one sync worker on a free port of 127.0.0.1."""

    def __init__(self, process: subprocess.Popen, port: int, worker: int) -> None:
        self.process = process
        self.port = port
        self.worker = worker

    def cpu_ns(self) -> int:
        with open(f"/proc/{self.worker}/schedstat") as stat:
            return int(stat.read().split()[0])

    def send(self, request: Request) -> Response:
        """Send `request` over HTTP; its time is the worker's CPU time for it."""
        browser = request.browser
        raw = http_request(browser._environ(request))
        cpu, start = self.cpu_ns(), time.perf_counter()
        with socket.create_connection(("127.0.0.1", self.port)) as conn:
            conn.sendall(raw)
            chunks = []
            while chunk := conn.recv(65536):
                chunks.append(chunk)
        seconds, cpu_seconds = time.perf_counter() - start, (self.cpu_ns() - cpu) / 1e9
        status, headers, body = parse_response(b"".join(chunks))
        browser._keep_cookies(headers)
        return Response(status, headers, body, seconds, cpu_seconds, [])


@contextmanager
def gunicorn_server() -> Iterator[Server]:
    """Start the server on the database this process uses now; stop it at the end."""
    port = _free_port()
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "tutorials.settings.bench", "DATABASE_URL": database_url()}
    process = subprocess.Popen(
        [str(Path(sys.executable).parent / "gunicorn"), "tutorials.wsgi:application", "--workers", "1",
         "--bind", f"127.0.0.1:{port}", "--log-level", "warning"],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
    )
    try:
        yield Server(process, port, _wait_for_worker(process, port))
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _wait_for_worker(process: subprocess.Popen, port: int) -> int:
    """The worker's process id, once the server accepts connections."""
    deadline = time.monotonic() + STARTUP_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"gunicorn stopped at start: {process.stderr.read()[-2000:]}")
        workers = _children(process.pid)
        if workers:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                return workers[0]
            except OSError:
                pass
        time.sleep(0.1)
    raise RuntimeError(f"gunicorn did not answer on port {port} within {STARTUP_SECONDS} s")


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:  # field 4, after the command's name
                found.append(int(entry.name))
    return found


def http_request(environ: dict[str, Any]) -> bytes:
    """The bytes a browser sends for a WSGI environ made by `webbench.Browser`."""
    headers = {"Host": HOST, "Connection": "close"}
    for key, value in environ.items():
        if key.startswith("HTTP_") and key != "HTTP_HOST":
            headers[key[5:].replace("_", "-").title()] = value
    body = environ["wsgi.input"].getvalue()
    if environ["REQUEST_METHOD"] == "POST":
        headers["Content-Type"] = environ["CONTENT_TYPE"]
        headers["Content-Length"] = str(len(body))
    lines = [f"{environ['REQUEST_METHOD']} {environ['PATH_INFO']} HTTP/1.1"]
    lines += [f"{name}: {value}" for name, value in headers.items() if value != ""]
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body


def parse_response(raw: bytes) -> tuple[int, list[tuple[str, str]], bytes]:
    head, _, body = raw.partition(b"\r\n\r\n")
    status_line, *header_lines = head.decode("latin-1").split("\r\n")
    headers = [tuple(part.strip() for part in line.split(":", 1)) for line in header_lines]
    return int(status_line.split()[1]), headers, body  # type: ignore[return-value]
