"""`reverse`, remembered: the same view name and arguments give the same address for the whole
life of a process (under one urlconf, script prefix and language), and Django's `reverse` costs
about as much as rendering a dozen template variables. Pages and the `{% url %}` tag (see
templatetags/cached_url.py) reverse a handful of addresses each, mostly the same ones."""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any

from django.conf import settings
from django.urls import get_script_prefix, get_urlconf
from django.urls import reverse as django_reverse
from django.utils.translation import get_language

ADDRESSES = 4096  # at most this many kept (addresses with a table's or a puzzle's id are many)


def reverse(viewname: str, args: Iterable[Any] | None = None, kwargs: Mapping[str, Any] | None = None,
            current_app: str | None = None) -> str:
    """django.urls.reverse for the current urlconf and script prefix, computed once per process."""
    urlconf = get_urlconf() or settings.ROOT_URLCONF
    try:
        return _reverse(viewname, tuple(args or ()), tuple(sorted((kwargs or {}).items())), current_app,
                        urlconf, get_script_prefix(), get_language())
    except TypeError:  # an argument that cannot be a key (a list): reversed each time
        return django_reverse(viewname, urlconf=urlconf, args=args, kwargs=kwargs, current_app=current_app)


@lru_cache(maxsize=ADDRESSES)
def _reverse(viewname: str, args: tuple, kwargs: tuple, current_app: str | None, urlconf: str,
             prefix: str, language: str | None) -> str:
    return django_reverse(viewname, urlconf=urlconf, args=args, kwargs=dict(kwargs), current_app=current_app)
