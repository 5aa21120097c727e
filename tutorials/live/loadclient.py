"""Simulated players (and a host) of one live session, over real HTTP: what `make loadtest` and
the two-server test run against app servers started beside them.

Each player opens the join link, picks a generated name, then polls as a phone does (every
LIVE_POLL_MS) and answers each question after a moment's thought; one in ten taps twice. The host
signs in, starts the session when everyone is in and moves on after each reveal. Every request
goes to 127.0.0.1 only, each is bounded in time, and the whole run stops by itself.
"""
from __future__ import annotations

import asyncio
import random
import re
import time
from dataclasses import dataclass, field
from urllib.parse import quote, urlencode

TIMEOUT = 15.0  # seconds for one request


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)  # ms of answer POSTs and polls
    errors: list[str] = field(default_factory=list)
    accepted: set[tuple[str, int]] = field(default_factory=set)  # (nickname, question) "answer received"
    refused: int = 0  # answers refused with a message (late, closed)
    joined: int = 0
    finished: int = 0
    requests: int = 0
    by_port: dict[int, int] = field(default_factory=dict)  # requests sent to each app server

    def p(self, share: float) -> float:
        if not self.latencies:
            return 0.0
        ordered = sorted(self.latencies)
        return ordered[min(int(share * len(ordered)), len(ordered) - 1)]


@dataclass
class Reply:
    status: int
    headers: dict[str, list[str]]
    body: str


class Browser:
    """One phone: its cookies, and requests to one app server."""

    def __init__(self, port: int, stats: Stats) -> None:
        self.port, self.stats, self.cookies = port, stats, {}

    async def request(self, method: str, path: str, form: dict | None = None, htmx: bool = False,
                      timed: bool = False) -> Reply:
        body = urlencode(form or {}, doseq=True).encode()
        lines = [f"{method} {path} HTTP/1.1", f"Host: 127.0.0.1:{self.port}", "Connection: close"]
        if self.cookies:
            lines.append("Cookie: " + "; ".join(f"{k}={v}" for k, v in self.cookies.items()))
        if htmx:
            lines.append("HX-Request: true")
        if method == "POST":
            lines += ["Content-Type: application/x-www-form-urlencoded", f"Content-Length: {len(body)}",
                      f"X-CSRFToken: {self.cookies.get('csrftoken', '')}"]
        started = time.perf_counter()
        self.stats.requests += 1
        self.stats.by_port[self.port] = self.stats.by_port.get(self.port, 0) + 1
        reply = await asyncio.wait_for(self._send(("\r\n".join(lines) + "\r\n\r\n").encode() + body), TIMEOUT)
        if timed:
            self.stats.latencies.append((time.perf_counter() - started) * 1000)
        if reply.status >= 500:
            self.stats.errors.append(f"{method} {path}: {reply.status}")
        for cookie in reply.headers.get("set-cookie", []):
            name, _sep, rest = cookie.partition("=")
            self.cookies[name.strip()] = rest.split(";", 1)[0]
        return reply

    async def _send(self, raw: bytes) -> Reply:
        reader, writer = await asyncio.open_connection("127.0.0.1", self.port)
        try:
            writer.write(raw)
            await writer.drain()
            data = await reader.read()
        finally:
            writer.close()
        head, _sep, body = data.partition(b"\r\n\r\n")
        status_line, *header_lines = head.decode("latin-1").split("\r\n")
        headers: dict[str, list[str]] = {}
        for line in header_lines:
            name, _c, value = line.partition(":")
            headers.setdefault(name.strip().lower(), []).append(value.strip())
        if "chunked" in ",".join(headers.get("transfer-encoding", [])):
            body = _unchunk(body)
        return Reply(int(status_line.split()[1]), headers, body.decode("utf-8", "replace"))


def _unchunk(data: bytes) -> bytes:
    out, rest = b"", data
    while rest:
        size_line, _sep, rest = rest.partition(b"\r\n")
        size = int(size_line.split(b";")[0] or b"0", 16)
        if not size:
            break
        out, rest = out + rest[:size], rest[size + 2:]
    return out


@dataclass
class Screen:
    state: str = ""
    version: str = "-1"
    number: int | None = None
    options: list[str] = field(default_factory=list)
    received: bool = False

    @classmethod
    def read(cls, html: str) -> Screen:
        state = re.search(r'data-state="(\w+)"', html)
        version = re.search(r'data-version="(\d+)"', html)
        number = re.search(r'name="number" value="(\d+)"', html)
        return cls(state[1] if state else "", version[1] if version else "-1", int(number[1]) if number else None,
                   re.findall(r'data-answer="([^"]+)"', html), 'data-answered="1"' in html)


def _csrf(html: str) -> str:
    found = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html)
    return found[1] if found else ""


async def player(port: int, pin: str, stats: Stats, poll_ms: int, stop_at: float, rng: random.Random) -> None:
    phone = Browser(port, stats)
    join = f"/live/join/{pin}/"
    for _try in range(5):
        page = await phone.request("GET", join)
        names = re.findall(r'name="nickname" value="([^"]+)"', page.body)
        if not names:
            stats.errors.append(f"join page without names: {page.status}")
            return
        reply = await phone.request("POST", join, {"csrfmiddlewaretoken": _csrf(page.body), "nickname": rng.choice(names)})
        if reply.status == 302:
            break
    else:
        stats.errors.append("could not join")
        return
    stats.joined += 1
    play = reply.headers["location"][0]
    if play.startswith("http"):
        play = "/" + play.split("/", 3)[3]
    page = await phone.request("GET", play)
    nickname = re.search(r"You are <strong>([^<]+)</strong>", page.body)[1]
    screen = Screen.read(page.body)
    answer_at: float | None = None
    while time.monotonic() < stop_at:
        if screen.state == "question" and screen.options and not screen.received:
            if answer_at is None:
                answer_at = time.monotonic() + rng.uniform(0.5, 6.0)
            if time.monotonic() >= answer_at:
                screen = await _answer(phone, play, screen, nickname, stats, rng)
                answer_at = None
                continue
        elif screen.state == "finished":
            stats.finished += 1
            return
        await asyncio.sleep(poll_ms / 1000 * rng.uniform(0.9, 1.1))
        reply = await phone.request("GET", f"{play}poll?v={screen.version}", htmx=True, timed=True)
        if reply.status in (200, 286):
            screen = Screen.read(reply.body)
            answer_at = None if screen.state != "question" else answer_at
    stats.errors.append(f"{nickname}: out of time in state {screen.state}")


async def _answer(phone: Browser, play: str, screen: Screen, nickname: str, stats: Stats, rng: random.Random) -> Screen:
    form = {"number": screen.number, "answer": rng.choice(screen.options)}
    taps = 2 if rng.random() < 0.1 else 1  # a double tap: the second must count nothing
    after = screen
    for _tap in range(taps):
        reply = await phone.request("POST", f"{play}answer", form, htmx=True, timed=True)
        after = Screen.read(reply.body)
        if reply.status in (200, 286) and after.received:
            stats.accepted.add((nickname, int(screen.number or 0)))
        elif reply.status == 409:
            stats.refused += 1
        elif reply.status not in (200, 286):  # 286: the session ended meanwhile
            stats.errors.append(f"answer: {reply.status}")
    return after if after.state else screen


async def host(port: int, username: str, password: str, public_id: str, players: int, stats: Stats,
               poll_ms: int, stop_at: float, join_seconds: float) -> None:
    """Signs in, starts once every player is in (or join_seconds have passed), moves on after each reveal."""
    laptop = Browser(port, stats)
    login = await laptop.request("GET", "/accounts/login/")
    await laptop.request("POST", "/accounts/login/", {"csrfmiddlewaretoken": _csrf(login.body),
                                                       "username": username, "password": password})
    screen_url = f"/live/h/{quote(public_id)}/"
    page = await laptop.request("GET", screen_url)
    screen = Screen.read(page.body)
    waited_until = time.monotonic() + join_seconds
    while stats.joined < players and time.monotonic() < waited_until:
        await asyncio.sleep(0.25)
    while time.monotonic() < stop_at:
        move = {"lobby": "start", "reveal": "next"}.get(screen.state)
        if screen.state == "finished":
            return
        if move:
            if screen.state == "reveal":
                await asyncio.sleep(1.0)  # the class looks at the answers
            reply = await laptop.request("POST", f"{screen_url}move", {"move": move, "version": screen.version}, htmx=True)
            screen = Screen.read(reply.body) if reply.status in (200, 286) else screen
            continue
        await asyncio.sleep(poll_ms / 1000)
        reply = await laptop.request("GET", f"{screen_url}poll?v={screen.version}&c=-1", htmx=True)
        if reply.status in (200, 286):
            screen = Screen.read(reply.body)
    stats.errors.append(f"host: out of time in state {screen.state}")


async def run_session(*, ports: list[int], pin: str, public_id: str, username: str, password: str, players: int,
                      seconds_budget: float, poll_ms: int = 1500, ramp_seconds: float = 10.0, seed: int = 1) -> Stats:
    """Every player and the host, players spread over `ports` in turn, joining over `ramp_seconds`."""
    stats = Stats()
    stop_at = time.monotonic() + seconds_budget
    rng = random.Random(seed)

    async def delayed(i: int) -> None:
        await asyncio.sleep(ramp_seconds * i / max(players, 1))
        try:
            await player(ports[i % len(ports)], pin, stats, poll_ms, stop_at, random.Random(rng.random()))
        except (TimeoutError, OSError, IndexError, TypeError) as error:
            stats.errors.append(f"player {i}: {error!r}")

    async def hosting() -> None:
        try:
            await host(ports[0], username, password, public_id, players, stats, poll_ms, stop_at, ramp_seconds + 30)
        except (TimeoutError, OSError, IndexError, TypeError) as error:  # an overloaded server: counted, not a crash
            stats.errors.append(f"host: {error!r}")

    tasks = [delayed(i) for i in range(players)]
    tasks.append(hosting())
    await asyncio.gather(*tasks)
    return stats
