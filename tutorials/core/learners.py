"""Who the learner is: an account, or an anonymous key kept in the session.

The key lives in the session's data, not in the session key, so it survives the new session
Django starts at log-in; apps merge what the key owns into the account then (see signals).
"""
from __future__ import annotations

import uuid
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Model, QuerySet
from django.http import HttpRequest

from tutorials.core.prepared import Prepared

SESSION_FIELD = "learner"


def anon_key(request: HttpRequest) -> str:
    """This browser's anonymous learner key, created on first use."""
    key = request.session.get(SESSION_FIELD)
    if not key:
        key = request.session[SESSION_FIELD] = uuid.uuid4().hex
    return key


def peek_anon_key(request: HttpRequest) -> str:
    """The key if this browser has one, without creating it (for reads)."""
    return request.session.get(SESSION_FIELD, "")


def has_learner(request: HttpRequest) -> bool:
    """Is this visitor known already: signed in, or back with the session of an earlier page?
    (A request without either may be one of many scripted at once: it is served, not rated.)"""
    return request.user.is_authenticated or bool(peek_anon_key(request))


def owner_filter(request: HttpRequest, user_field: str = "user", key_field: str = "anon_key") -> dict:
    """Query filter selecting the current learner's own rows."""
    if request.user.is_authenticated:
        return {user_field: request.user}
    return {f"{user_field}__isnull": True, key_field: peek_anon_key(request) or "-"}


def adopt_anonymous(
    model: type[Model], *, user: Any, anon: str, same: str, merge: Callable[[Any, Any], None],
    merged_fields: list[str],
) -> int:
    """Give an anonymous learner's rows of `model` to the account they logged in to, in a few
    queries however many rows there are.

    Where the account already has a row with the same `same` field (a lesson, a game, a puzzle),
    `merge(mine, theirs)` folds the anonymous row into the account's (changing `merged_fields`)
    and the anonymous row goes; the others just change owner. Call inside a transaction.
    """
    theirs = list(model.objects.select_for_update().filter(user__isnull=True, anon_key=anon))
    if not theirs:
        return 0
    column = model._meta.get_field(same).attname  # "lesson_id" for a foreign key
    keys = {getattr(row, column) for row in theirs}
    mine = {getattr(row, column): row for row in
            model.objects.select_for_update().filter(user=user, **{f"{column}__in": keys})}
    both = [row for row in theirs if getattr(row, column) in mine]
    for row in both:
        merge(mine[getattr(row, column)], row)
    if both:
        model.objects.bulk_update([mine[getattr(row, column)] for row in both], merged_fields)
        model.objects.filter(pk__in=[row.pk for row in both]).delete()
    alone = [row.pk for row in theirs if getattr(row, column) not in mine]
    model.objects.filter(pk__in=alone).update(user=user, anon_key="")
    return len(theirs)


@dataclass(frozen=True)
class _Shape:
    """What a learner's read asks, but the values: compiled once per shape (`_owned_read`)."""

    model: type[Model]
    fields: tuple[str, ...]  # looked up by value (the values are the read's arguments)
    constants: tuple[tuple[str, Any], ...]  # looked up as written (True, False, None)
    signed_in: bool
    lock: bool
    order: tuple[str, ...]
    limit: int | None
    related: tuple[str, ...]
    flat: str


@cache
def _owned_read(shape: _Shape) -> Prepared:
    """A learner's read of one shape, compiled once: the lookup's values, then the account's id
    or the anonymous key."""
    def read(*values: Any) -> QuerySet:
        *looked_up, who = values
        owner = {"user": who} if shape.signed_in else {"user__isnull": True, "anon_key": who}
        rows = shape.model.objects.select_for_update() if shape.lock else shape.model.objects
        rows = rows.filter(**dict(zip(shape.fields, looked_up, strict=True)), **dict(shape.constants), **owner)
        rows = rows.select_related(*shape.related) if shape.related else rows
        rows = rows.order_by(*shape.order)
        rows = rows.values_list(shape.flat, flat=True) if shape.flat else rows
        return rows[:shape.limit] if shape.limit else rows

    kinds = tuple(_kind_of(shape.model._meta.get_field(name)) for name in shape.fields)
    read.__name__ = f"{shape.model.__name__.lower()}_rows"
    return Prepared(read, kinds + ((int,) if shape.signed_in else (str,)))


def _constant(value: Any) -> bool:
    return value is None or isinstance(value, bool)


def _kind_of(field: Any) -> type:
    """The type of a lookup value for `field` (a foreign key: its id)."""
    target = field.target_field if field.is_relation else field
    return int if target.get_internal_type() in {"AutoField", "BigAutoField", "IntegerField",
                                                  "PositiveIntegerField", "PositiveSmallIntegerField",
                                                  "SmallIntegerField", "BigIntegerField"} else str


@dataclass(frozen=True)
class Learner:
    """Who answers: an account, or an anonymous key kept in the session."""

    user: Any
    anon_key: str = ""

    @classmethod
    def of(cls, request: HttpRequest) -> Learner:
        if request.user.is_authenticated:
            return cls(request.user)
        return cls(None, anon_key(request))

    def owner(self) -> dict[str, Any]:
        """The fields that make a row this learner's."""
        if self.user is not None:
            return {"user": self.user}
        return {"user": None, "anon_key": self.anon_key}

    @classmethod
    def peek(cls, request: HttpRequest) -> Learner:
        """The learner of `request` for reading: an anonymous visitor without a key yet gets none
        (a key no row holds stands in for it)."""
        if request.user.is_authenticated:
            return cls(request.user)
        return cls(None, peek_anon_key(request) or "-")

    def rows(self, model: type[Model], *, order: tuple[str, ...] = ("pk",), limit: int | None = None,
             lock: bool = False, related: tuple[str, ...] = (), flat: str = "", **lookup: Any) -> list[Any]:
        """This learner's rows of `model` matching `lookup`, in `order`, at most `limit`, with the
        `related` rows brought along, or only the column `flat`; with `lock`, locked until the
        transaction ends. A read compiled once per shape (tutorials.core.prepared): a lookup
        value True, False or None is part of the shape, any other is a parameter (a model
        instance: its id)."""
        fields = tuple(name for name, value in lookup.items() if not _constant(value))
        constants = tuple((name, value) for name, value in lookup.items() if _constant(value))
        shape = _Shape(model, fields, constants, self.user is not None, lock, order, limit, related, flat)
        values = (getattr(lookup[name], "pk", lookup[name]) for name in fields)
        return _owned_read(shape)(*values, self.user.pk if self.user is not None else self.anon_key)

    def first(self, model: type[Model], *, lock: bool = False, **rows: Any) -> Any:
        """This learner's first row of `model` as `rows` reads it (lookup, order, related), or None."""
        found = self.rows(model, lock=lock, limit=1, **rows)
        return found[0] if found else None

    def row(self, model: type[Model], *, lock: bool = False, **lookup: Any) -> Any:
        """This learner's row of `model` matching `lookup`, created if need be; with `lock`,
        locked until the transaction ends (two requests at once then take turns)."""
        found = self.first(model, lock=lock, **lookup)
        if found is not None:
            return found
        owner = self.owner()
        rows = model.objects.select_for_update() if lock else model.objects
        try:
            with transaction.atomic():
                return model.objects.create(**lookup, **owner)
        except IntegrityError:  # a simultaneous first request created it
            return rows.get(**lookup, **owner)
