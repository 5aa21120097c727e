"""Reads for practice tables: the learner's unfinished games, each described in a line."""
from __future__ import annotations

from dataclasses import dataclass

from django.http import HttpRequest

from tutorials.core.games import GAMES_BY_SLUG
from tutorials.core.learners import owner_filter
from tutorials.core.links import reverse
from tutorials.tables.models import Table
from tutorials.tables.registry import ADAPTERS

UNSHOWN_OPTIONS = ("seed", "token")


@dataclass
class YourTable:
    """One unfinished game at a practice table, as the learner's lists show it."""

    table: Table
    game_name: str
    summary: str  # "Scopone Scientifico (4 players, in pairs) · Thoughtful"

    @property
    def url(self) -> str:
        return reverse("play_table", args=[self.table.game, self.table.public_id])

    @property
    def abandon_url(self) -> str:
        return reverse("play_abandon", args=[self.table.game, self.table.public_id])


def your_tables(request: HttpRequest, game: str | None = None, limit: int = 10,
                finished: bool = False) -> list[YourTable]:
    """The learner's unfinished tables (or, with `finished`, the games played to the end, each
    with its outcome) of one game or all, the latest played first."""
    rows = Table.objects.filter(finished=finished, **owner_filter(request, user_field="owner"))
    if game is not None:
        rows = rows.filter(game=game)
    rows = rows.filter(game__in=ADAPTERS).defer("state_text", "log").order_by("-updated")[:limit]
    return [YourTable(t, GAMES_BY_SLUG[t.game].name, table_summary(t)) for t in rows]


def table_summary(table: Table, most: int = 2) -> str:
    """The table's first options in the words of its new-table form, without their explanations
    in brackets: "Scopa, you against one opponent · Quick"."""
    parts = []
    for name, field in ADAPTERS[table.game].form_class.base_fields.items():  # no form built per table
        if name in UNSHOWN_OPTIONS or name not in table.options:
            continue
        labels = {str(value): label for value, label in getattr(field, "choices", [])}
        label = labels.get(str(table.options[name]))
        if label:
            label = str(label).split(" (")[0]
            parts.append(f"{field.label}: {label}" if label.isdigit() else label)  # "Players: 3", not "3"
    return " · ".join(parts[:most])
