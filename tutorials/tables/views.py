"""The practice table views, shared by every game: new table, show it, post an action."""
from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from neapolitan.errors import BadNotation, IllegalAction
from tutorials.core.games import GAMES_BY_SLUG
from tutorials.core.learners import peek_anon_key
from tutorials.tables.models import Table
from tutorials.tables.registry import ADAPTERS, GameAdapter
from tutorials.tables.services import StaleAction, new_seed, table_create, table_play


def _adapter(game: str) -> GameAdapter:
    try:
        return ADAPTERS[game]
    except KeyError:
        raise Http404("This game has no practice table yet") from None


def _own_table(request: HttpRequest, game: str, table_id: str) -> Table:
    """The learner's own table; anybody else's is a 404, as if it did not exist."""
    try:
        table = Table.objects.get(public_id=table_id, game=game)
    except (Table.DoesNotExist, ValueError):
        raise Http404("No such table") from None
    if table.owner_id is not None:
        mine = request.user.is_authenticated and table.owner_id == request.user.pk
    else:
        mine = bool(table.anon_key) and table.anon_key == peek_anon_key(request)
    if not mine:
        raise Http404("No such table")
    return table


@require_http_methods(["GET", "POST"])
def table_new(request: HttpRequest, game: str) -> HttpResponse:
    adapter = _adapter(game)
    form = adapter.form_class(request.POST or None)
    if request.method == "POST":
        if form.is_valid():
            options = dict(form.cleaned_data)
            seed = options.pop("seed", "") or new_seed()
            table = table_create(adapter=adapter, request=request, options=options, seed=seed)
            return redirect("play_table", game=game, table_id=table.public_id)
        status = 400
    else:
        status = 200
    context = {"game": GAMES_BY_SLUG[game], "form": form}
    return TemplateResponse(request, "tables/new.html", context, status=status)


@require_GET
def table_show(request: HttpRequest, game: str, table_id: str) -> TemplateResponse:
    adapter = _adapter(game)
    table = _own_table(request, game, table_id)
    return _render(request, adapter, table)


@require_POST
def table_act(request: HttpRequest, game: str, table_id: str) -> HttpResponse:
    adapter = _adapter(game)
    table = _own_table(request, game, table_id)
    try:
        ply = int(request.POST["ply"]) if "ply" in request.POST else None
        table = table_play(
            adapter=adapter, table_id=table.pk, action_text=request.POST.get("action", ""), ply=ply
        )
    except StaleAction:
        return _render(request, adapter, table, error=_(
            "The table has moved on since this page was loaded. Here is the current table."
        ), status=400)
    except ValueError as error:  # BadNotation, IllegalAction, a bad ply number
        return _render(request, adapter, table, error=_error_text(error), status=400)
    if not request.htmx:
        return redirect("play_table", game=game, table_id=table.public_id)
    return _render(request, adapter, table)


def _error_text(error: ValueError) -> str:
    if isinstance(error, IllegalAction | BadNotation):
        return str(error)
    return _("That request was not understood. Reload the page to see the current table.")


def _render(
    request: HttpRequest, adapter: GameAdapter, table: Table, error: str = "", status: int = 200
) -> TemplateResponse:
    state = adapter.load(table.rules_text, table.state_text)
    context = {
        "game": GAMES_BY_SLUG[table.game],
        "table": table,
        "view": adapter.presenter(table, state, request),
        "error": error,
    }
    template = f"{adapter.template}#table" if request.htmx else adapter.template
    return TemplateResponse(request, template, context, status=status)

