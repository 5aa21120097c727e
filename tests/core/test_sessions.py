"""The site's session store (tutorials.core.sessions): Django's database sessions, read with one
plain statement, and read as Django's own store reads them."""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.conf import settings
from django.contrib.sessions.backends.db import SessionStore as DjangoStore
from django.contrib.sessions.models import Session
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from tutorials.core.sessions import SessionStore

pytestmark = pytest.mark.django_db


def _saved(**data) -> str:
    store = SessionStore()
    store.update(data)
    store.save()
    return store.session_key


def test_the_site_uses_it():
    assert settings.SESSION_ENGINE == "tutorials.core.sessions"


def test_a_session_reads_back_what_was_saved_in_one_query():
    key = _saved(learner="abc123", count=3, nested={"a": [1, 2]})
    with CaptureQueriesContext(connection) as queries:
        data = SessionStore(key).load()
    assert data == {"learner": "abc123", "count": 3, "nested": {"a": [1, 2]}}
    assert data == DjangoStore(key).load()
    assert len(queries) == 1


@pytest.mark.parametrize("known", [True, False])
def test_an_expired_or_unknown_session_is_empty_and_forgets_its_key(known):
    key = _saved(learner="abc123") if known else "nosuchsessionkey0000000000000000"
    Session.objects.filter(session_key=key).update(expire_date=timezone.now() - timedelta(seconds=1))
    mine, django_s = SessionStore(key), DjangoStore(key)
    assert mine.load() == django_s.load() == {}
    assert mine.session_key is None and django_s.session_key is None


def test_a_session_about_to_expire_is_still_read():
    key = _saved(learner="abc123")
    Session.objects.filter(session_key=key).update(expire_date=timezone.now() + timedelta(seconds=30))
    assert SessionStore(key).load() == {"learner": "abc123"}


def test_a_visitor_keeps_their_session_from_page_to_page(client):
    client.get("/scopa/play/")  # the new-table form starts a learner's session
    key = client.cookies[settings.SESSION_COOKIE_NAME].value
    learner = SessionStore(key).load()["learner"]
    client.get("/")
    assert client.cookies[settings.SESSION_COOKIE_NAME].value == key
    assert SessionStore(key).load()["learner"] == learner


def test_a_sessions_data_is_a_copy_of_its_own_for_each_request():
    key = _saved(learner="abc123", nested={"a": [1, 2]})
    first = SessionStore(key).load()
    first["nested"]["a"].append(3)  # one request changes its data in place ...
    first["learner"] = "changed"
    assert SessionStore(key).load() == {"learner": "abc123", "nested": {"a": [1, 2]}}  # ... the next reads the stored


def test_a_text_whose_signature_does_not_hold_reads_as_an_empty_session():
    key = _saved(learner="abc123")
    row = Session.objects.get(session_key=key)
    tampered = row.session_data[:-3] + ("AAA" if not row.session_data.endswith("AAA") else "BBB")
    Session.objects.filter(session_key=key).update(session_data=tampered)
    assert SessionStore(key).load() == {} == DjangoStore(key).load()
