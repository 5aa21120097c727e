"""How often one client may answer or sign up: counters in Django's cache.

Fixed windows (`RATE_LIMITS`, per scope: how many in how many seconds), counted per client
address and, where the visitor has a session, per session too. A school's class shares one
address, so the per-address limits are a classroom's worth; the per-session limits are one
person's. With the default local-memory cache each gunicorn worker counts for itself; set
REDIS_URL so that every worker shares one count (see settings and the README).
"""
from __future__ import annotations

import time

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

TOO_MANY = _("That was a lot of answers in a short time. Wait a minute, then go on.")
TOO_MUCH_THINKING = _("The computer players have been asked to think a lot in a short time. "
                      "Wait a minute, then go on: the table is as you left it.")


def client_address(request: HttpRequest) -> str:
    """The client's address: `CLIENT_ADDRESS_HEADER` (set it behind a proxy, e.g.
    "HTTP_X_REAL_IP") or else the connection's own address."""
    header = getattr(settings, "CLIENT_ADDRESS_HEADER", "")
    address = request.META.get(header, "") if header else ""
    return address.split(",")[0].strip() or request.META.get("REMOTE_ADDR", "") or "unknown"


def allow(request: HttpRequest, scope: str, **also: str) -> bool:
    """Count one more `scope` action (e.g. "answer") for this client, and for whatever else is
    named in `also` (e.g. username="..." for the account tried); False once a limit of the
    window is passed (the action must then not be done)."""
    limits = settings.RATE_LIMITS.get(scope, {})
    clients = {"address": client_address(request), **also}
    if request.session.session_key:
        clients["session"] = request.session.session_key
    allowed = True
    for kind, who in clients.items():
        if kind not in limits:
            continue
        count, seconds = limits[kind]
        window = int(time.time() // seconds)
        key = f"rate:{scope}:{kind}:{who}:{window}"
        cache.add(key, 0, timeout=seconds + 1)
        try:
            used = cache.incr(key)
        except ValueError:  # expired between add and incr: a new window
            cache.set(key, 1, timeout=seconds + 1)
            used = 1
        allowed = allowed and used <= count
    return allowed
