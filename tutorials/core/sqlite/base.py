"""Django's SQLite backend, but a statement's placeholders are converted once per process.

Django writes SQL with `%s` placeholders, and its SQLite cursor turns them into SQLite's `?`
with a regular expression on every execution: a tenth of a page's simple read. The site runs
the same few hundred statements over and over, so the conversion is kept (bounded), keyed by
the statement's text. Everything else is Django's own backend (`ENGINE` is set to this module
wherever the database is SQLite: tutorials/settings/base.py)."""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from django.db.backends.sqlite3 import base


@lru_cache(maxsize=4096)
def _qmark(query: str) -> str:
    """Django's own conversion from "format" style to "qmark" style."""
    return base.FORMAT_QMARK_REGEX.sub("?", query).replace("%%", "%")


class SQLiteCursorWrapper(base.SQLiteCursorWrapper):
    def convert_query(self, query: str, *, param_names: list[str] | None = None) -> str:
        if param_names is None:
            return _qmark(query)
        return super().convert_query(query, param_names=param_names)


class DatabaseWrapper(base.DatabaseWrapper):
    def create_cursor(self, name: Any = None) -> SQLiteCursorWrapper:
        return self.connection.cursor(factory=SQLiteCursorWrapper)
