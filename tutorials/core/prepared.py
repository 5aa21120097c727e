"""Reads compiled to SQL once per process, then run again with new values.

Django builds and compiles a query anew each time it runs: on SQLite that costs several times
what the database spends answering it. The few reads every page or answer makes (a table by its
address, a lesson step, a learner's progress) are written once as a function building the
QuerySet, and `prepared` compiles it the first time, with stand-ins ("markers") for the
function's arguments, and keeps the SQL, the compiler and which parameters are the arguments:

    @prepared(uuid.UUID, str)
    def table_by_address(public_id, game):
        return Table.objects.filter(public_id=public_id, game=game)

    table_by_address(public_id, "scopa")  # -> a list of Table, as list(the QuerySet) would give

Each argument's type is declared (int, str or uuid.UUID), so that its marker passes Django's own
conversion of lookup values and can be found again among the compiled parameters; a value is
only ever a parameter, never spliced into the SQL. The rows come back through Django's own
iterable of the QuerySet (model instances, select_related included, or values lists), exactly as
the QuerySet would return them: tests compare the two for every prepared read.

`PreparedUpdate` does the same for the one write every move of a table makes: an UPDATE of some
fields where others have given values, its SQL written once per database; `PreparedInsert` for the
rows every answer writes: an INSERT that does nothing where the row is there already.
"""
from __future__ import annotations

import copy
import uuid
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.db import connections, router, transaction
from django.db.models import QuerySet
from django.db.models.constants import OnConflict
from django.db.models.query import (
    FlatValuesListIterable,
    ModelIterable,
    ValuesListIterable,
    get_related_populators,
)

_INT64 = (-(2**63), 2**63 - 1)


def _marker(kind: type, index: int, round_: int) -> Any:
    """The stand-in for argument `index` in compiling round `round_` (0 or 1). Whole numbers stay
    small enough for any integer column (a smallint's included), so the ORM takes them."""
    number = 30_000 + 100 * round_ + index
    if kind is int:
        return number
    if kind is str:
        return f"\ue000prepared{round_}.{index}\ue001"
    if kind is uuid.UUID:
        return uuid.UUID(int=number)
    raise TypeError(f"prepared reads take int, str or uuid.UUID arguments, not {kind.__name__}")


def _slot_of(param: Any, markers: list[Any]) -> tuple[int, Callable[[Any], Any]] | None:
    """Which argument a compiled parameter stands for, and how to turn the argument into it."""
    for index, marker in enumerate(markers):
        if isinstance(marker, uuid.UUID):
            if param == marker:
                return index, _as_uuid
            if param == marker.hex:
                return index, _as_uuid_hex
        elif isinstance(marker, int) and isinstance(param, int) and param == marker:
            return index, int  # a plain int: PostgreSQL's driver may have wrapped it (Int2) for its column
        elif isinstance(marker, str) and param == marker:
            return index, str
    return None


def _as_uuid(value: Any) -> uuid.UUID:
    return value if isinstance(value, uuid.UUID) else uuid.UUID(str(value))


def _as_uuid_hex(value: Any) -> str:
    return _as_uuid(value).hex


@dataclass
class _Compiled:
    queryset: QuerySet
    compiler: Any  # the SQLCompiler after as_sql(): its select, klass_info and converters are kept
    sql: str
    params: list[tuple[int, Callable[[Any], Any]] | Any]  # a slot (argument, conversion), or a constant
    # What the QuerySet's iterable makes of the rows, worked out once (None: the iterable itself
    # runs each time, for a shape `_row_maker` does not know).
    rows: Callable[[list[list[Any]]], list[Any]] | None = None
    # The columns' conversions (Django's get_converters for the select), per connection: each
    # thread has its own, and a conversion may read its connection.
    converters: weakref.WeakKeyDictionary = field(default_factory=weakref.WeakKeyDictionary)

    def converters_for(self, connection: Any) -> list[tuple[int, tuple[list[Callable], Any]]]:
        found = self.converters.get(connection)
        if found is None:  # each column's conversions, found once per connection, not per read
            compiler = self.compiler
            found = self.converters[connection] = list(compiler.get_converters(
                [column[0] for column in compiler.select[:compiler.col_count]]).items())
        return found


def _row_maker(queryset: QuerySet, compiler: Any) -> Callable[[list[list[Any]]], list[Any]] | None:
    """What the QuerySet's own iterable makes of its (converted) rows, set up once: model
    instances with their select_related rows and annotations (ModelIterable), tuples or single
    values (values_list). None for any other shape, which then runs through the iterable."""
    iterable, db = queryset._iterable_class, queryset.db
    if compiler.has_composite_fields([column[0] for column in compiler.select[:compiler.col_count]]):
        return None
    if iterable is FlatValuesListIterable:
        return lambda rows: [row[0] for row in rows]
    if iterable is ValuesListIterable:
        return lambda rows: [tuple(row) for row in rows]
    if iterable is not ModelIterable or queryset._known_related_objects:
        return None
    klass_info, select, annotations = compiler.klass_info, compiler.select, compiler.annotation_col_map
    model, fields = klass_info["model"], klass_info["select_fields"]
    start, end = fields[0], fields[-1] + 1
    init_list = [column[0].target.attname for column in select[start:end]]
    populators = get_related_populators(klass_info, select, db)

    def instances(rows: list[list[Any]]) -> list[Any]:
        found = []
        for row in rows:
            instance = model.from_db(db, init_list, row[start:end])
            for populator in populators:
                populator.populate(row, instance)
            if annotations:
                for name, position in annotations.items():
                    setattr(instance, name, row[position])
            found.append(instance)
        return found
    return instances


class _Slot(tuple):
    """A compiled parameter that is an argument (told apart from a constant tuple parameter)."""


class _QueryStandIn:
    """The QuerySet's query, as Django's iterables see it, with the kept compiler."""

    def __init__(self, query: Any, compiler: Any) -> None:
        self._query = query
        self._compiler = compiler

    def get_compiler(self, using: str | None = None, connection: Any = None, elements: Any = ()) -> Any:
        return self._compiler

    def __getattr__(self, name: str) -> Any:
        return getattr(self._query, name)


class _QuerySetStandIn:
    def __init__(self, queryset: QuerySet, compiler: Any) -> None:
        self._queryset = queryset
        self.query = _QueryStandIn(queryset.query, compiler)
        self.db = queryset.db

    def __getattr__(self, name: str) -> Any:
        return getattr(self._queryset, name)


class Prepared:
    def __init__(self, build: Callable[..., QuerySet], kinds: tuple[type, ...]) -> None:
        self.build = build
        self.kinds = kinds
        self.__doc__ = build.__doc__
        self.__name__ = build.__name__
        self._compiled: _Compiled | None = None  # one database per process

    def __call__(self, *values: Any) -> list[Any]:
        if len(values) != len(self.kinds):
            raise TypeError(f"{self.__name__} takes {len(self.kinds)} arguments, not {len(values)}")
        if any(kind is int and not _INT64[0] <= value <= _INT64[1] for kind, value in zip(self.kinds, values, strict=True)):
            return []  # no row has such an id (Django's own lookups say the same)
        compiled = self._compiled or self._compile()
        params = [value[1](values[value[0]]) if isinstance(value, _Slot) else value for value in compiled.params]
        connection = connections[compiled.queryset.db]
        converters = compiled.converters_for(connection)
        if compiled.rows is None:
            return self._through_iterable(compiled, connection, params, converters)
        with connection.cursor() as cursor:  # Django's own cursor: its query log and wrappers see the read
            cursor.execute(compiled.sql, params)
            rows = cursor.fetchall()
        if converters:
            rows = [list(row) for row in rows]
            for row in rows:
                for position, (conversions, expression) in converters:
                    value = row[position]
                    for convert in conversions:
                        value = convert(value, expression, connection)
                    row[position] = value
        return compiled.rows(rows)

    @staticmethod
    def _through_iterable(compiled: _Compiled, connection: Any, params: list[Any], converters: list) -> list[Any]:
        """The read through the QuerySet's own iterable, with the kept compiler."""
        compiler = copy.copy(compiled.compiler)
        compiler.connection = connection
        compiler.as_sql = lambda *args, **kwargs: (compiled.sql, params)
        compiler.get_converters = lambda expressions: dict(converters)
        return list(compiled.queryset._iterable_class(_QuerySetStandIn(compiled.queryset, compiler)))

    def first(self, *values: Any) -> Any:
        """The first row of the read, or None."""
        found = self(*values)
        return found[0] if found else None

    def queryset(self, *values: Any) -> QuerySet:
        """The same read as a plain QuerySet (for the tests, and to compare)."""
        return self.build(*values)

    def _compile(self) -> _Compiled:
        """Compile twice, with two sets of markers: a parameter is an argument where it is each
        round's marker for it; every other parameter is a constant and must be the same twice."""
        rounds = []
        for round_ in (0, 1):
            markers = [_marker(kind, index, round_) for index, kind in enumerate(self.kinds)]
            queryset = self.build(*markers)
            compiler = queryset.query.get_compiler(using=queryset.db)
            sql, params = compiler.as_sql()
            rounds.append((queryset, compiler, sql, [_slot_of(p, markers) for p in params], params))
        (queryset, compiler, sql, slots, params), (_q, _c, sql_again, slots_again, params_again) = rounds
        constants_agree = all(slot or param == again for slot, param, again in zip(slots, params, params_again, strict=True))
        if sql != sql_again or slots != slots_again or not constants_agree \
                or {slot[0] for slot in slots if slot} != set(range(len(self.kinds))):
            raise TypeError(f"{self.__name__}: an argument is not a plain parameter of its query")
        compiled = _Compiled(queryset, compiler, sql,
                             [_Slot(slot) if slot else param for slot, param in zip(slots, params, strict=True)],
                             _row_maker(queryset, compiler))
        self._compiled = compiled
        return compiled


def prepared(*kinds: type) -> Callable[[Callable[..., QuerySet]], Prepared]:
    """A read compiled once per process: see the module's text."""
    def decorate(build: Callable[..., QuerySet]) -> Prepared:
        return Prepared(build, kinds)
    return decorate


class PreparedUpdate:
    """`UPDATE <model's table> SET <fields> WHERE <each where-field = its value>`, written once per
    database instead of built and compiled by the ORM for every move:

        save_move = PreparedUpdate(Table, ("state_text", "log", "ply"), where=("pk", "ply"))
        save_move({"state_text": ..., "log": [...], "ply": 8}, pk=table.pk, ply=7)  # -> rows changed

    Values go through each field's own conversion for the database (`get_db_prep_save`, as
    `QuerySet.update` does: JSON, dates), and only ever as parameters."""

    def __init__(self, model: Any, fields: tuple[str, ...], *, where: tuple[str, ...]) -> None:
        meta = model._meta
        self.model = model
        self.fields = [meta.get_field(name) for name in fields]
        self.where = {name: meta.pk if name == "pk" else meta.get_field(name) for name in where}
        self._sql: dict[str, str] = {}  # by database alias

    def __call__(self, values: dict[str, Any], **where: Any) -> int:
        if set(values) != {field.name for field in self.fields} or set(where) != set(self.where):
            raise TypeError(f"an update of {', '.join(f.name for f in self.fields)} where {', '.join(self.where)}")
        connection = connections[router.db_for_write(self.model)]
        params = [field.get_db_prep_save(values[field.name], connection) for field in self.fields]
        params += [field.get_db_prep_value(field.get_prep_value(where[name]), connection, prepared=True)
                    for name, field in self.where.items()]
        with transaction.mark_for_rollback_on_error(connection.alias), connection.cursor() as cursor:
            cursor.execute(self._sql.get(connection.alias) or self._write(connection), params)
            return cursor.rowcount

    def _write(self, connection: Any) -> str:
        quote = connection.ops.quote_name
        sets = ", ".join(f"{quote(field.column)} = %s" for field in self.fields)
        conditions = " AND ".join(f"{quote(field.column)} = %s" for field in self.where.values())
        sql = f"UPDATE {quote(self.model._meta.db_table)} SET {sets} WHERE {conditions}"
        self._sql[connection.alias] = sql
        return sql


class PreparedInsert:
    """A new row of `model` written by one INSERT whose SQL is written once per database, that
    does nothing where a unique constraint already holds such a row (the same answer posted twice
    at once) instead of failing, so it needs no savepoint around it:

        insert_attempt = PreparedInsert(PuzzleAttempt)
        if not insert_attempt(attempt):  # attempt.pk is set when it was written
            ...  # another request wrote this row first

    Every concrete field but the id is written, each as `Model.save` would write it: its
    `pre_save` (auto_now and auto_now_add take the time), then its conversion for the database,
    values only ever as parameters. The instance then reads as saved (its id, its database)."""

    def __init__(self, model: Any) -> None:
        meta = model._meta
        self.model = model
        self.fields = [field for field in meta.concrete_fields if not field.primary_key]
        self._sql: dict[str, tuple[str, bool]] = {}  # by database alias: the SQL, whether it returns the id

    def __call__(self, instance: Any) -> bool:
        if type(instance) is not self.model:
            raise TypeError(f"an insert of a {self.model.__name__}, not of a {type(instance).__name__}")
        connection = connections[router.db_for_write(self.model)]
        params = [field.get_db_prep_save(field.pre_save(instance, True), connection) for field in self.fields]
        sql, returns = self._sql.get(connection.alias) or self._write(connection)
        with transaction.mark_for_rollback_on_error(connection.alias), connection.cursor() as cursor:
            cursor.execute(sql, params)
            if returns:
                row = cursor.fetchone()
                new_id = row[0] if row else None
            else:
                meta = self.model._meta
                new_id = connection.ops.last_insert_id(cursor, meta.db_table, meta.pk.column) if cursor.rowcount == 1 else None
        if new_id is None:
            return False
        instance.pk = new_id
        instance._state.adding, instance._state.db = False, connection.alias
        return True

    def _write(self, connection: Any) -> tuple[str, bool]:
        ops, quote = connection.ops, connection.ops.quote_name
        meta = self.model._meta
        columns = ", ".join(quote(field.column) for field in self.fields)
        values = ", ".join(["%s"] * len(self.fields))
        suffix = ops.on_conflict_suffix_sql(self.fields, OnConflict.IGNORE, None, None)
        returns = connection.features.can_return_columns_from_insert
        returning = ops.return_insert_columns([meta.pk])[0] if returns else ""
        sql = " ".join(part for part in (ops.insert_statement(on_conflict=OnConflict.IGNORE), quote(meta.db_table),
                                         f"({columns}) VALUES ({values})", suffix, returning) if part)
        self._sql[connection.alias] = (sql, returns)
        return sql, returns
