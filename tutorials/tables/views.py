"""The practice table views, shared by every game: new table, show it, post an action."""
from __future__ import annotations

import uuid
from typing import Any

from django.conf import settings
from django.db.models import QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from neapolitan.errors import BadNotation, IllegalAction
from tutorials.core.games import GAMES_BY_SLUG
from tutorials.core.inputs import safe_next, whole_number
from tutorials.core.learners import anon_key, peek_anon_key
from tutorials.core.links import reverse
from tutorials.core.prepared import prepared
from tutorials.core.ratelimit import TOO_MUCH_THINKING, allow
from tutorials.tables.models import Table
from tutorials.tables.registry import ADAPTERS, GameAdapter, coached_on_request
from tutorials.tables.selectors import table_summary
from tutorials.tables.services import (
    FormReused,
    StaleAction,
    bot_step,
    bot_to_move,
    bots_play,
    new_seed,
    table_create,
    table_play,
)


def _adapter(game: str) -> GameAdapter:
    try:
        return ADAPTERS[game]
    except KeyError:
        raise Http404("This game has no practice table yet") from None


@prepared(uuid.UUID, str)
def table_at(public_id: uuid.UUID, game: str) -> QuerySet[Table]:
    """The table at an address (read on every request of a table: compiled once)."""
    return Table.objects.filter(public_id=public_id, game=game)


def _own_table(request: HttpRequest, game: str, table_id: str) -> Table:
    """The learner's own table; anybody else's is a 404, as if it did not exist."""
    try:
        table = table_at.first(table_id, game)
    except ValueError:  # not a UUID
        table = None
    if table is None:
        raise Http404("No such table")
    if table.owner_id is not None:
        mine = request.user.is_authenticated and table.owner_id == request.user.pk
    else:
        mine = bool(table.anon_key) and table.anon_key == peek_anon_key(request)
    if not mine:
        raise Http404("No such table")
    return table


@require_http_methods(["GET", "HEAD", "POST"])
def table_new(request: HttpRequest, game: str) -> HttpResponse:
    adapter = _adapter(game)
    form = adapter.form_class(request.POST or None)
    if request.method == "POST":
        if form.is_valid():
            options = dict(form.cleaned_data)
            seed = options.pop("seed", "") or new_seed()
            token = options.pop("token", "")
            try:
                table = table_create(adapter=adapter, request=request, options=options, seed=seed, token=token)
            except FormReused:
                context = {"game": GAMES_BY_SLUG[game], "form": adapter.form_class(),
                           "error": _("This form had been used already. Here is a new one: deal again.")}
                return TemplateResponse(request, "tables/new.html", context, status=400)
            return redirect("play_table", game=game, table_id=table.public_id)
        status = 400
    else:
        status = 200
        form = adapter.form_class(initial=options_from_query(adapter.form_class, request.GET))
        if not request.user.is_authenticated:
            anon_key(request)  # the session exists before the form is posted: a double post is one learner's
    context = {"game": GAMES_BY_SLUG[game], "form": form}
    return TemplateResponse(request, "tables/new.html", context, status=status)


@require_safe
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
        table = table_play(adapter=adapter, table=table, action_text=request.POST.get("action", ""), ply=ply)
    except StaleAction:
        return _render(request, adapter, table, error=_(
            "The table has moved on since this page was loaded. Here is the current table."
        ), status=400)
    except ValueError as error:  # BadNotation, IllegalAction, a bad ply number
        return _render(request, adapter, table, error=_error_text(error), status=400)
    if not request.htmx:  # without JavaScript: the computer players answer before the reload
        bots_play(adapter=adapter, table_id=table.pk)
        return redirect("play_table", game=game, table_id=table.public_id)
    return _render(request, adapter, table)


@require_POST
def table_advance(request: HttpRequest, game: str, table_id: str) -> HttpResponse:
    """The computer player to move makes one move (htmx asks for each after a short "thinking"
    pause); without JavaScript, every computer player moves until the learner's turn.
    A request for a ply the table has left shows the table as it is: another one moved it on."""
    adapter = _adapter(game)
    table = _own_table(request, game, table_id)
    if not allow(request, "think"):
        return _render(request, adapter, table, error=str(TOO_MUCH_THINKING), status=429)
    if not request.htmx:
        bots_play(adapter=adapter, table_id=table.pk)
        return redirect("play_table", game=game, table_id=table.public_id)
    if request.POST.get("ply", "") == str(table.ply) and not bot_step(adapter=adapter, table=table):
        table.refresh_from_db()  # the move was made elsewhere meanwhile: show that
    return _render(request, adapter, table)


@require_safe
def table_coach(request: HttpRequest, game: str, table_id: str) -> TemplateResponse:
    """The table with the coach's advice on the learner's play, for the ply the page showed (a
    GET: it changes nothing, and the engine thinks with no transaction open). Without
    JavaScript this is the whole page, with htmx the table."""
    adapter = _adapter(game)
    coached = coached_on_request(adapter)
    if coached is None:
        raise Http404("This game's coach is on the table already")
    table = _own_table(request, game, table_id)
    ply = whole_number(request.GET.get("ply"))
    if ply is None:
        return _render(request, adapter, table, error=_error_text(ValueError()), status=400)
    if ply != table.ply:
        return _render(request, adapter, table, error=_(
            "The table has moved on since this page was loaded. Here is the current table."), status=400)
    state = adapter.load(table.rules_text, table.state_text)
    if adapter.seat_to_act(state) != table.human_seat:
        return _render(request, adapter, table, error=_(
            "The coach helps with your own play: ask again when it is your turn."), status=400)
    if not allow(request, "think"):
        return _render(request, adapter, table, error=str(TOO_MUCH_THINKING), status=429)
    return _render(request, adapter, table, coach=coached.coach(table, state))


@require_http_methods(["GET", "HEAD", "POST"])
def table_abandon(request: HttpRequest, game: str, table_id: str) -> HttpResponse:
    """Abandon one of your games: a page asks first (GET); the POST deletes the table and goes
    back where the learner came from (the game's home by default)."""
    table = _own_table(request, game, table_id)
    back = safe_next(request) or reverse("game_home", args=[game])
    if request.method == "POST":
        table.delete()
        return redirect(back)
    return TemplateResponse(request, "tables/abandon.html", {
        "game": GAMES_BY_SLUG[game], "table": table, "summary": table_summary(table), "back": back,
    })


def options_from_query(form_class: type, query: Any) -> dict[str, str]:
    """The new-table form's choices given in the address (a class's homework link opens the form
    with the class's house rules chosen): only the form's own options, never its token; the form
    still checks every value when it is posted."""
    return {name: query[name] for name in form_class.base_fields if name in query and name != "token"}


def _error_text(error: ValueError) -> str:
    if isinstance(error, IllegalAction | BadNotation):
        return str(error)
    return _("That request was not understood. Reload the page to see the current table.")


def _render(
    request: HttpRequest, adapter: GameAdapter, table: Table, error: str = "", status: int = 200,
    coach: object = None,
) -> TemplateResponse:
    state = adapter.load(table.rules_text, table.state_text)
    seat = bot_to_move(adapter, table, state)
    context = {
        "coach": coach,
        "coach_url": reverse("play_coach", kwargs={"game": table.game, "table_id": table.public_id})
        if coached_on_request(adapter) else "",
        "game": GAMES_BY_SLUG[table.game],
        "table": table,
        "view": adapter.presenter(table, state, request),
        "error": error,
        "thinking": None if seat is None else {
            "name": adapter.seat_name(state, seat), "delay": settings.TABLE_THINKING_MS,
            "url": reverse("play_advance", kwargs={"game": table.game, "table_id": table.public_id}),
        },
    }
    template = f"{adapter.template}#table" if request.htmx else adapter.template
    return TemplateResponse(request, template, context, status=status)

