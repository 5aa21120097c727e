"""Writes to practice tables: create a table, play the learner's action, let a computer player move.

No write holds a transaction while an engine thinks. Every change is worked out from the table
as it was read, outside any transaction, and saved by one UPDATE that applies only if the table
is still at the ply it was read at (`_save_move`); a result that lost that race is dropped.
"""
from __future__ import annotations

import secrets
from typing import Any

from django.db import IntegrityError, transaction
from django.http import HttpRequest
from django.utils import timezone

from tutorials.core.languages import in_every_language
from tutorials.core.learners import anon_key
from tutorials.core.prepared import PreparedUpdate
from tutorials.tables.models import Table
from tutorials.tables.registry import GameAdapter

MAX_BOT_ACTIONS = 200  # a safety net: no game lets the bots move this often in a row


class StaleAction(Exception):
    """The table moved on since the page that posted this action was loaded."""


class FormReused(Exception):
    """A new-table form was posted again by somebody who does not own the table it created."""


def new_seed() -> str:
    return secrets.token_hex(4)


def new_form_token() -> str:
    return secrets.token_urlsafe(16)


def table_create(
    *, adapter: GameAdapter, request: HttpRequest, options: dict[str, Any], seed: str, token: str = "",
) -> Table:
    """A new table with the cards dealt; the computer players move later (`bot_step`).

    `token` identifies the form that asked: the same form posted twice (a double click) gives
    the table the first post made. Raises FormReused if that table is somebody else's."""
    owner = request.user if request.user.is_authenticated else None
    anon = "" if owner else anon_key(request)
    if token and (made := Table.objects.filter(create_token=token).first()) is not None:
        return _made_by(made, owner, anon)
    state, rules_text = adapter.new_game(options, seed)
    table = Table(
        game=adapter.slug, rules_text=rules_text, options=options, seed=seed,
        state_text=adapter.dump(state), human_seat=0, owner=owner, anon_key=anon,
        create_token=token or None,
    )
    try:
        with transaction.atomic():
            table.save()
    except IntegrityError:  # the same form, posted at the same moment, made it first
        return _made_by(Table.objects.get(create_token=token), owner, anon)
    return table


def _made_by(table: Table, owner: Any, anon: str) -> Table:
    mine = table.owner_id == owner.pk if owner is not None else (table.owner_id is None and table.anon_key == anon)
    if not mine:
        raise FormReused()
    return table


def table_play(*, adapter: GameAdapter, table: Table, action_text: str, ply: int | None) -> Table:
    """Apply the learner's action (only theirs: the computer players answer in `bot_step`) to
    `table` as the request read it: the move is saved only if the table is still at that ply.

    Raises StaleAction when the table is not at `ply` or not waiting for the learner, or the
    engine's error for a bad action; in either case nothing is saved and `table` is unchanged.
    """
    if ply is not None and ply != table.ply:
        raise StaleAction()
    state = adapter.load(table.rules_text, table.state_text)
    action = adapter.parse_action(state, action_text)
    seat = adapter.seat_to_act(state)
    if seat is not None and seat != table.human_seat:
        raise StaleAction()
    if not _save_move(adapter, table, state, table.human_seat, action):
        raise StaleAction()
    return table


def bot_to_move(adapter: GameAdapter, table: Table, state: Any) -> int | None:
    """The computer player whose move it is, or None (the learner's turn, or the table waits)."""
    seat = adapter.seat_to_act(state)
    return None if seat is None or seat == table.human_seat else seat


def bot_step(*, adapter: GameAdapter, table: Table) -> bool:
    """Let the computer player to move at `table` (as read) make one move, thought out with no
    transaction open. Returns False when there was nothing to do or the table moved on meanwhile
    (the move is then dropped; `table` is unchanged either way unless the move was saved)."""
    state = adapter.load(table.rules_text, table.state_text)
    seat = bot_to_move(adapter, table, state)
    if seat is None:
        return False
    return _save_move(adapter, table, state, seat, adapter.bot_action(state, seat, table.options, table.log))


def bots_play(*, adapter: GameAdapter, table_id: int) -> Table:
    """Every computer player's move until the learner's turn (for a browser without JavaScript)."""
    for _ in range(MAX_BOT_ACTIONS):
        table = Table.objects.get(pk=table_id)
        if not bot_step(adapter=adapter, table=table):
            state = adapter.load(table.rules_text, table.state_text)
            if bot_to_move(adapter, table, state) is None:
                return table
    raise RuntimeError("The computer players did not hand the turn back")


_write_move = PreparedUpdate(Table, ("state_text", "log", "ply", "finished", "outcome", "updated", "hands"),
                             where=("pk", "ply"))  # a move is saved only if the table is still at the ply it was read at


def _save_move(adapter: GameAdapter, table: Table, state: Any, seat: int, action: Any) -> bool:
    """Apply `action` by `seat` and save it if the table is still at the ply it was read at;
    on success `table` holds what was saved."""
    after = adapter.apply(state, action)
    # The narration is read on later pages, maybe after the learner has switched language.
    entry = {"seat": seat, "action": str(action),
             "text": in_every_language(lambda: adapter.narrate(state, seat, action, after))}
    finished = adapter.is_over(after)
    changes = {
        "state_text": adapter.dump(after), "log": [*table.log, entry], "ply": table.ply + 1,
        "finished": finished, "outcome": in_every_language(lambda: adapter.outcome(after)) if finished else {},
        "updated": timezone.now(), "hands": adapter.hands_done(after),
    }
    if not _write_move(changes, pk=table.pk, ply=table.ply):
        return False
    for name, value in changes.items():
        setattr(table, name, value)
    return True


def tables_adopt(*, user, anon: str) -> int:
    """Give an anonymous learner's tables to the account they just logged in to."""
    if not anon:
        return 0
    return Table.objects.filter(owner__isnull=True, anon_key=anon).update(owner=user, anon_key="")
