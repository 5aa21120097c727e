"""The SQLite backend with each statement's placeholders converted once (tutorials/core/sqlite):
the same conversion as Django's own, for every statement, and the site runs on it."""
import sqlite3

import pytest
from django.db import connection
from django.db.backends.sqlite3.base import SQLiteCursorWrapper as DjangoCursor
from hypothesis import given
from hypothesis import strategies as st

from tutorials.core.sqlite.base import SQLiteCursorWrapper, _qmark

STATEMENTS = [
    ('SELECT "a"."id" FROM "a" WHERE "a"."id" = %s', 'SELECT "a"."id" FROM "a" WHERE "a"."id" = ?'),
    ("SELECT 1 WHERE 'x' LIKE '50%%' AND b = %s", "SELECT 1 WHERE 'x' LIKE '50%' AND b = ?"),
    ("UPDATE t SET a = %s, b = %s WHERE c IN (%s, %s)", "UPDATE t SET a = ?, b = ? WHERE c IN (?, ?)"),
    ("SELECT '%%s' AS literal", "SELECT '%s' AS literal"),
    ("PRAGMA foreign_keys", "PRAGMA foreign_keys"),
]


@pytest.mark.parametrize(("django_sql", "sqlite_sql"), STATEMENTS)
def test_placeholders_become_question_marks_as_django_makes_them(django_sql, sqlite_sql):
    assert _qmark(django_sql) == sqlite_sql == DjangoCursor.convert_query(None, django_sql)


@given(st.text(alphabet="%s?' ab()=,", max_size=40))
def test_the_kept_conversion_is_djangos_for_any_statement(sql):
    assert SQLiteCursorWrapper.convert_query(None, sql) == DjangoCursor.convert_query(None, sql)


def test_named_parameters_are_converted_as_django_does():
    cursor = sqlite3.connect(":memory:").cursor(factory=SQLiteCursorWrapper)
    assert cursor.convert_query("SELECT %(a)s, %(b)s", param_names=["a", "b"]) == "SELECT :a, :b"


@pytest.mark.django_db
def test_the_site_reads_and_writes_through_it():
    if connection.vendor != "sqlite":
        pytest.skip("the SQLite backend is used on SQLite only")
    with connection.cursor() as cursor:
        assert isinstance(cursor.cursor, SQLiteCursorWrapper)
        cursor.execute("SELECT %s || '%%'", ["50"])
        assert cursor.fetchone() == ("50%",)
        before = _qmark.cache_info().hits
        cursor.execute("SELECT %s || '%%'", ["60"])
        assert cursor.fetchone() == ("60%",) and _qmark.cache_info().hits == before + 1
