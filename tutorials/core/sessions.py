"""Django's database sessions, read with one plain statement (SESSION_ENGINE).

Every request that touches the session reads it: through the ORM that read cost about ten times
the statement itself (0.5 ms against 0.05 ms on the development machine), as much as a tenth of a
page. The statement is the one the ORM wrote (the session by its key, if it has not expired);
everything else (writing, creating, deleting, clearing expired sessions) is Django's own.

A session's stored text is signed; checking the signature and decoding it again on every request
cost a third of the read. The same stored text always decodes to the same data, so the data of the
texts seen lately is kept (bounded), and each request gets a copy of its own to change."""
from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from django.contrib.sessions.backends.db import SessionStore as DatabaseSessionStore
from django.db import connections, router
from django.utils import timezone


class SessionStore(DatabaseSessionStore):
    def load(self) -> dict[str, Any]:
        """The session's data; {} (and no key) for a session that is unknown or has expired."""
        data = self._stored_data()
        if data is None:
            self._session_key = None
            return {}
        return json.loads(_decoded(self, data))

    def _stored_data(self) -> str | None:
        connection = connections[router.db_for_read(self.model)]
        quote, meta = connection.ops.quote_name, self.model._meta
        key, data, expires = (quote(meta.get_field(name).column) for name in ("session_key", "session_data", "expire_date"))
        with connection.cursor() as cursor:
            cursor.execute(f"SELECT {data} FROM {quote(meta.db_table)} WHERE {key} = %s AND {expires} > %s",
                           [self.session_key, connection.ops.adapt_datetimefield_value(timezone.now())])
            row = cursor.fetchone()
        return None if row is None else row[0]


SESSIONS_KEPT = 4096  # decoded session texts kept: a few hundred bytes each


def _decoded(store: SessionStore, data: str) -> str:
    """The session's data for its stored text, as JSON (checked and decoded by Django once)."""
    return _decode(type(store), store.key_salt, data)


@lru_cache(maxsize=SESSIONS_KEPT)
def _decode(store_class: type, salt: str, data: str) -> str:
    return json.dumps(store_class.decode(store_class(), data))
