"""Writes to practice tables: create a table, and play an action (then let the bots answer)."""
from __future__ import annotations

import secrets
from typing import Any

from django.db import transaction
from django.http import HttpRequest

from tutorials.core.learners import anon_key
from tutorials.tables.models import Table
from tutorials.tables.registry import GameAdapter

MAX_BOT_ACTIONS = 200  # a safety net: no game lets the bots move this often in a row


class StaleAction(Exception):
    """The table moved on since the page that posted this action was loaded."""


def new_seed() -> str:
    return secrets.token_hex(4)


@transaction.atomic
def table_create(*, adapter: GameAdapter, request: HttpRequest, options: dict[str, Any], seed: str) -> Table:
    state, rules_text = adapter.new_game(options, seed)
    table = Table(
        game=adapter.slug, rules_text=rules_text, options=options, seed=seed,
        state_text=adapter.dump(state), human_seat=0,
        owner=request.user if request.user.is_authenticated else None,
        anon_key="" if request.user.is_authenticated else anon_key(request),
    )
    state = _bots_answer(adapter, table, state)
    table.state_text = adapter.dump(state)
    table.save()
    return table


@transaction.atomic
def table_play(*, adapter: GameAdapter, table_id: int, action_text: str, ply: int | None) -> Table:
    """Apply the learner's action, then the bots' until it is the learner's turn again.

    Raises StaleAction, or the engine's error; in either case nothing is saved.
    """
    table = Table.objects.select_for_update().get(pk=table_id)
    if ply is not None and ply != table.ply:
        raise StaleAction()
    state = adapter.load(table.rules_text, table.state_text)
    action = adapter.parse_action(state, action_text)
    seat = adapter.seat_to_act(state)
    if seat is not None and seat != table.human_seat:
        raise StaleAction()
    state = _record(adapter, table, state, table.human_seat, action)
    state = _bots_answer(adapter, table, state)
    table.state_text = adapter.dump(state)
    table.save()
    return table


def _record(adapter: GameAdapter, table: Table, state: Any, seat: int, action: Any) -> Any:
    after = adapter.apply(state, action)
    table.log = [*table.log, {"seat": seat, "action": str(action), "text": adapter.narrate(state, seat, action, after)}]
    table.ply += 1
    return after


def _bots_answer(adapter: GameAdapter, table: Table, state: Any) -> Any:
    for _ in range(MAX_BOT_ACTIONS):
        seat = adapter.seat_to_act(state)
        if seat is None or seat == table.human_seat:
            return state
        state = _record(adapter, table, state, seat, adapter.bot_action(state, seat, table.options))
    raise RuntimeError("The computer players did not hand the turn back")


def tables_adopt(*, user, anon: str) -> int:
    """Give an anonymous learner's tables to the account they just logged in to."""
    if not anon:
        return 0
    return Table.objects.filter(owner__isnull=True, anon_key=anon).update(owner=user, anon_key="")
