"""The CSRF token a page prints (`{{ csrf_token }}`, `{% csrf_token %}`): Django's, masked as Django
masks it, but with its random mask drawn at once.

Django masks the secret of the visitor's CSRF cookie afresh for every page (against BREACH) with
32 characters drawn one at a time from the operating system's random source: a seventh of a
small page's server time here. This draws the mask from one read of the same source, each
character uniformly among the same 62 (bytes past 247 are thrown away, so none is likelier), and
adds it to the secret exactly as Django does: Django's own check reads the token back. The rest is
Django's: a visitor without a CSRF cookie yet gets Django's `get_token` (which makes the secret and
sends the cookie), and a page that prints the token sends the cookie again, as Django does, so
its expiry is renewed."""
from __future__ import annotations

import secrets

from django.http import HttpRequest
from django.middleware.csrf import CSRF_ALLOWED_CHARS, CSRF_SECRET_LENGTH, get_token
from django.utils.functional import SimpleLazyObject

_CHARS = CSRF_ALLOWED_CHARS
_INDEX = {char: index for index, char in enumerate(_CHARS)}
_EVEN = 256 - 256 % len(_CHARS)  # a byte below this is as likely to give any of the characters


def random_chars(length: int) -> str:
    """`length` characters drawn uniformly and independently from Django's CSRF alphabet."""
    drawn: list[str] = []
    while len(drawn) < length:
        drawn += [_CHARS[byte % len(_CHARS)] for byte in secrets.token_bytes(length + 8) if byte < _EVEN]
    return "".join(drawn[:length])


def mask(secret: str) -> str:
    """The token for `secret`: a new random mask, then each of the secret's characters shifted by
    the mask's (Django's `_mask_cipher_secret`, which its check undoes)."""
    key = random_chars(CSRF_SECRET_LENGTH)
    index = _INDEX
    return key + "".join(_CHARS[(index[s] + index[k]) % len(_CHARS)] for s, k in zip(secret, key, strict=True))


def page_token(request: HttpRequest) -> str:
    """The masked token of this request's CSRF secret, as `django.middleware.csrf.get_token` gives it."""
    secret = request.META.get("CSRF_COOKIE")
    if secret is None:  # no cookie yet: Django makes the secret and sends the cookie
        return get_token(request)
    request.META["CSRF_COOKIE_NEEDS_UPDATE"] = True  # as get_token: the cookie goes out again, renewed
    return mask(secret)


def csrf(request: HttpRequest) -> dict[str, SimpleLazyObject]:
    """A context processor standing in for Django's own (listed after it, so it wins): the token
    is made only if the page prints it."""
    return {"csrf_token": SimpleLazyObject(lambda: page_token(request))}
