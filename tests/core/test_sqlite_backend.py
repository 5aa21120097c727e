"""The SQLite backend with each statement's placeholders converted once (tutorials/core/sqlite):
the same conversion as Django's own, for every statement, and the site runs on it."""
import sqlite3

import pytest
from django.db import connection
from django.db.backends.sqlite3.base import SQLiteCursorWrapper as DjangoCursor
from hypothesis import given
from hypothesis import strategies as st

from tutorials.core.sqlite.base import DatabaseWrapper, SQLiteCursorWrapper, _qmark
from tutorials.settings.base import SQLITE_ENGINE

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


def test_the_settings_take_it_for_sqlite():
    from django.conf import settings

    engine = settings.DATABASES["default"]["ENGINE"]
    assert engine == SQLITE_ENGINE if connection.vendor == "sqlite" else engine != SQLITE_ENGINE


@pytest.mark.django_db  # (pytest-django lets a test open connections only so)
def test_a_connection_reads_and_writes_through_it(tmp_path):
    wrapper = DatabaseWrapper({**connection.settings_dict, "ENGINE": SQLITE_ENGINE, "NAME": str(tmp_path / "t.db"),
                               "OPTIONS": {}, "TEST": {}}, alias="sqlite-backend-test")
    try:
        with wrapper.cursor() as cursor:
            assert isinstance(cursor.cursor, SQLiteCursorWrapper)
            cursor.execute("CREATE TABLE t (a TEXT)")
            cursor.execute("INSERT INTO t VALUES (%s || '%%')", ["50"])
            before = _qmark.cache_info().hits
            cursor.execute("INSERT INTO t VALUES (%s || '%%')", ["60"])
            assert _qmark.cache_info().hits == before + 1
            cursor.execute("SELECT a FROM t WHERE a LIKE %s ORDER BY a", ["%0%%"])
            assert cursor.fetchall() == [("50%",), ("60%",)]
    finally:
        wrapper.close()
