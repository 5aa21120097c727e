"""The CSRF token pages print (tutorials/core/csrf.py): Django's masking with the mask drawn at
once. Django's own check takes it, it unmasks to the cookie's secret, every page gets a new mask,
and every character of the mask is equally likely."""
import re

import pytest
from django.middleware.csrf import CSRF_ALLOWED_CHARS, _unmask_cipher_token
from django.test import Client

from tutorials.core import csrf

pytestmark = pytest.mark.django_db

TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([A-Za-z0-9]{64})"')


def test_a_pages_token_passes_djangos_own_check_and_unmasks_to_the_cookies_secret():
    client = Client(enforce_csrf_checks=True)
    first = client.get("/scopa/play/")  # a new visitor: Django makes the secret and sets the cookie
    secret = client.cookies["csrftoken"].value
    tokens = [TOKEN.search(first.content.decode()).group(1)]
    for _ in range(3):
        page = client.get("/scopa/play/")
        assert page.cookies["csrftoken"].value == secret  # sent again, its expiry renewed, as Django does
        tokens.append(TOKEN.search(page.content.decode()).group(1))
    assert len(set(tokens)) == len(tokens)  # a new mask on every page
    assert {_unmask_cipher_token(token) for token in tokens} == {secret}
    made = client.post("/scopa/play/", {"variant": "SCOPA_2P", "opponent": "greedy", "seed": "1",
                                        "csrfmiddlewaretoken": tokens[-1]})
    assert made.status_code == 302
    refused = client.post("/scopa/play/", {"variant": "SCOPA_2P", "opponent": "greedy", "seed": "1",
                                           "csrfmiddlewaretoken": tokens[-1][:-1] + ("a" if tokens[-1][-1] != "a" else "b")})
    assert refused.status_code == 403


def test_every_character_of_the_mask_is_equally_likely(monkeypatch):
    """Fed every byte once, the mask takes each of the 62 characters exactly 4 times (the bytes
    past 247 are thrown away): no character is likelier than another."""
    every_byte = bytes(range(256))
    monkeypatch.setattr(csrf.secrets, "token_bytes", lambda n: every_byte)
    drawn = csrf.random_chars(248)
    assert sorted(set(drawn)) == sorted(CSRF_ALLOWED_CHARS)
    assert {drawn.count(char) for char in CSRF_ALLOWED_CHARS} == {4}


@pytest.mark.parametrize("secret", ["a" * 32, "Z9" * 16, CSRF_ALLOWED_CHARS[:32], CSRF_ALLOWED_CHARS[-32:]])
def test_a_masked_secret_unmasks_as_django_unmasks_it(secret):
    tokens = {csrf.mask(secret) for _ in range(5)}
    assert len(tokens) == 5 and all(len(t) == 64 and set(t) <= set(CSRF_ALLOWED_CHARS) for t in tokens)
    assert {_unmask_cipher_token(token) for token in tokens} == {secret}
