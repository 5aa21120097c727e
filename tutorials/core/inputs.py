"""Reading what a visitor typed or posted: anything odd is None, never an exception."""
from __future__ import annotations

from django.http import HttpRequest
from django.utils.http import url_has_allowed_host_and_scheme


def whole_number(text: str | None, digits: int = 9) -> int | None:
    """`text` as a whole number of at most `digits` ASCII digits (surrounding spaces allowed),
    else None: "²", "⑤", "-1", "1e3" and a thousand-digit number are not answers, and a value
    this size always fits a database integer."""
    text = (text or "").strip()
    if not (text.isascii() and text.isdigit()) or len(text) > digits:
        return None
    return int(text)


def safe_next(request: HttpRequest) -> str:
    """The `next` page asked for, if it is on this site (never a redirect elsewhere), else ""."""
    target = request.POST.get("next") or request.GET.get("next") or ""
    allowed = url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    return target if allowed else ""
