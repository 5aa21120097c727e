"""Live sessions over HTTP: the host's screen (projector) and moves, the players' screens
(phones), joining with a PIN, polls, the report and its CSV.

A screen polls `…/poll?v=<version>` every LIVE_POLL_MS while its tab is visible; when the
session's change counter in the cache still says v, the answer is 204 without a database query
(the session and the user are not even read). Only the host may move a session; the host reads
the report of an ad-hoc session, the class's teachers that of a class's session (rosters.py). A
player answers for themselves only (the player comes from their browser's session, never from
the form). A class's students join its session as themselves, after signing in; nobody else does.
"""
from __future__ import annotations

import csv
from typing import Any

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.cache import cache
from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import (
    require_GET,
    require_http_methods,
    require_POST,
    require_safe,
)

from tutorials.classroom.codes import is_token
from tutorials.classroom.live import real_names
from tutorials.classroom.models import Classroom
from tutorials.classroom.selectors import class_taught
from tutorials.core.games import GAMES_BY_SLUG
from tutorials.core.inputs import whole_number
from tutorials.core.learners import anon_key
from tutorials.core.prepared import prepared
from tutorials.core.qr import qr_svg
from tutorials.core.ratelimit import allow
from tutorials.live import changes, codes, lesson_steps, questions, selectors, services
from tutorials.live.forms import NewSessionForm
from tutorials.live.models import (
    FINISHED,
    LOBBY,
    QUESTION,
    REVEAL,
    LiveQuestion,
    LiveSession,
    Player,
)
from tutorials.live.rosters import roster_for, roster_of
from tutorials.puzzles.registry import PUZZLE_GAMES

SESSION_PLAYERS = "live_players"  # public id of a session -> the player's token, in the browser's session
STOP_POLLING = 286  # htmx stops polling on this status
GET_OR_POST = ["GET", "HEAD", "POST"]  # a HEAD is answered as a GET


# -- finding things ------------------------------------------------------------------------------
def _session_pk(public_id: str) -> int | None:
    """The session's primary key from its public id: immutable, so kept in the cache."""
    key = changes.pid_key(public_id)
    pk = cache.get(key)
    if pk is None:
        pk = LiveSession.objects.filter(public_id=public_id).values_list("pk", flat=True).first()
        if pk is None:
            return None
        cache.set(key, pk, timeout=24 * 3600)
    return pk


def _hosted(request: HttpRequest, public_id: str) -> LiveSession:
    """The session if the visitor hosts it; a 404 for anyone else (as if it did not exist)."""
    session = LiveSession.objects.filter(public_id=public_id).first()
    if session is None or not request.user.is_authenticated or session.host_id != request.user.pk:
        raise Http404("No such session")
    return session


def _player(request: HttpRequest, public_id: str) -> Player | None:
    token = request.session.get(SESSION_PLAYERS, {}).get(public_id)
    if not token:
        return None
    session_id = _session_pk(public_id)
    return player_by_token.first(str(token), session_id) if session_id else None


@prepared(str, int)
def player_by_token(token: str, session_id: int) -> QuerySet[Player]:
    """A session's player by the token in their browser's session (every poll of every phone)."""
    return Player.objects.filter(token=token, session_id=session_id).order_by("pk")[:1]


def _remember(request: HttpRequest, public_id: str, player: Player) -> None:
    players = dict(request.session.get(SESSION_PLAYERS, {}))
    players[public_id] = player.token
    request.session[SESSION_PLAYERS] = players


def _poll_unchanged(request: HttpRequest, public_id: str) -> HttpResponse | None:
    """204 when the session has not changed since the version the screen shows; None otherwise.
    A question past its deadline is closed here by the first poll to notice."""
    session_id = _session_pk(public_id)
    if session_id is None:
        raise Http404("No such session")
    stamp = changes.state_stamp(session_id)
    if stamp is None:
        raise Http404("No such session")
    if stamp.due(timezone.now()) and changes.first_to_close(session_id, stamp.version):
        services.close_if_due(session_id)
        return None
    if request.GET.get("v") == str(stamp.version):
        return HttpResponse(status=204)
    return None


def _error(request: HttpRequest, error: services.LiveError | str, status: int = 400) -> TemplateResponse:
    message = str(error)
    status = getattr(error, "status", status)
    if request.htmx:
        return TemplateResponse(request, "live/_message.html", {"message": message}, status=status)
    return TemplateResponse(request, "400.html", {"message": message}, status=status)


# -- joining -------------------------------------------------------------------------------------
@require_safe
def live_home(request: HttpRequest) -> TemplateResponse:
    hosted = (LiveSession.objects.filter(host=request.user)[:10] if request.user.is_authenticated else [])
    return TemplateResponse(request, "live/home.html", {
        "hosted": hosted, "may_host": roster_of(None).may_host(request.user),
    })


@require_http_methods(GET_OR_POST)
def join(request: HttpRequest) -> HttpResponse:
    """The PIN typed in (or read from the QR code's link)."""
    text = request.POST.get("pin") if request.method == "POST" else request.GET.get("pin")
    if text is None:
        return TemplateResponse(request, "live/join.html", {})
    if not allow(request, "live_pin"):
        return TemplateResponse(request, "live/join.html", {"error": _("Too many tries. Wait a minute.")}, status=429)
    pin = codes.normal_pin(text)
    session = LiveSession.objects.filter(pin=pin).exclude(state=FINISHED).first() if pin else None
    if session is None:
        error = _("No live session has that PIN. Check the seven digits on the screen.")
        return TemplateResponse(request, "live/join.html", {"error": error, "pin": text[:20]}, status=400)
    return redirect("live:join_pin", pin=session.pin)


@require_http_methods(GET_OR_POST)
def join_pin(request: HttpRequest, pin: str) -> HttpResponse:
    """Choose a name (one of the generated ones offered) and join; back in as yourself if you were.
    A class's session: its students join as themselves instead (join_as_self)."""
    session = LiveSession.objects.filter(pin=pin).exclude(state=FINISHED).select_related("classroom").first()
    if session is None:
        raise Http404("No such session")
    player = _player(request, session.public_id)
    if player is None and request.user.is_authenticated:  # in already, from another device
        player = services.player_of(session, request.user)
    if player is not None:
        _remember(request, session.public_id, player)
        return redirect("live:play", public_id=session.public_id)
    if roster_of(session).joins_as_self():
        return _join_as_self(request, session)
    error = ""
    status = 200
    if request.method == "POST":
        try:
            user = request.user if request.user.is_authenticated else None
            player = services.player_join(session=session, nickname=request.POST.get("nickname", ""), user=user,
                                          anon_key="" if user else anon_key(request))
        except services.LiveError as problem:
            error, status = str(problem), problem.status
        else:
            _remember(request, session.public_id, player)
            return redirect("live:play", public_id=session.public_id)
    taken = set(Player.objects.filter(session=session).values_list("nickname", flat=True))
    return TemplateResponse(request, "live/join_name.html", {
        "session": session, "names": codes.nickname_choices(taken), "error": error,
    }, status=status)


def _join_as_self(request: HttpRequest, session: LiveSession) -> HttpResponse:
    """A class's session: a student signs in, then joins with one button under their sign-in name.
    Anyone else is refused."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    roster = roster_of(session)
    if not roster.may_join(request.user):
        return TemplateResponse(request, "403.html", {"exception": services.NOT_IN_THE_CLASS}, status=403)
    error, status = "", 200
    if request.method == "POST":
        try:
            player = services.player_join_as_self(session=session, user=request.user)
        except services.LiveError as problem:
            error, status = str(problem), problem.status
        else:
            _remember(request, session.public_id, player)
            return redirect("live:play", public_id=session.public_id)
    return TemplateResponse(request, "live/join_self.html", {
        "session": session, "name": roster.name_of(request.user), "error": error}, status=status)


# -- the player's screen -------------------------------------------------------------------------
def _play_context(request: HttpRequest, player: Player, snap: selectors.Snapshot) -> dict[str, Any]:
    session, question = snap.session, snap.question
    now = timezone.now()
    context: dict[str, Any] = {"session": session, "player": player, "poll_ms": settings.LIVE_POLL_MS,
                               "total": snap.total, "now": now, "remaining_ms": _remaining_ms(session, now),
                               "question": question}
    if question is not None:
        mine = selectors.answer_of(player, question)
        context["answer"] = mine
        if session.state == QUESTION and mine is None and not player.removed:
            context["options"] = snap.options
        if questions.is_step(question):  # its title, and its form until answered
            context["step"] = lesson_steps.shown(question.spec, question.game)
        if mine is not None:
            context["chosen"] = questions.option_of(question, snap.options, mine.answer)
        if session.state == REVEAL:
            context["best"] = questions.best_option(question, snap.options)
            context["unit"] = _unit(question)
    if session.state in (REVEAL, FINISHED):
        context["standing"] = selectors.standing_of(session, player)
        context["players"] = len(selectors.standings(session))
    return context


def _remaining_ms(session: LiveSession, now) -> int:
    if session.state != QUESTION or session.deadline is None:
        return 0
    return max(int((session.deadline - now).total_seconds() * 1000), 0)


def _unit(question: LiveQuestion) -> str:
    """The unit of the value an answer gives away; none for a lesson's step (right or wrong)."""
    if questions.is_step(question):
        return ""
    info = PUZZLE_GAMES[question.game]
    return info.kind_units.get(question.kind, info.unit)


def _play_response(request: HttpRequest, player: Player, status: int = 200, error: str = "") -> TemplateResponse:
    """The player's screen; a whole page is read afresh, a part of one (htmx) as of the cache's stamp."""
    stamp = changes.state_stamp(player.session_id) if request.htmx else None
    snap = selectors.snapshot(player.session_id, stamp.version if stamp else None)
    context = _play_context(request, player, snap)
    context["error"] = error
    template = "live/play.html#screen" if request.htmx else "live/play.html"
    if request.htmx and snap.session.state == FINISHED and status == 200:
        status = STOP_POLLING
    return TemplateResponse(request, template, context, status=status)


@require_safe
def play(request: HttpRequest, public_id: str) -> HttpResponse:
    player = _player(request, public_id)
    if player is None:
        session = LiveSession.objects.filter(public_id=public_id).exclude(state=FINISHED).first()
        if session is None:
            raise Http404("No such session")
        return redirect("live:join_pin", pin=session.pin)
    return _play_response(request, player)


@require_GET
def play_poll(request: HttpRequest, public_id: str) -> HttpResponse:
    unchanged = _poll_unchanged(request, public_id)
    if unchanged is not None:
        return unchanged
    player = _player(request, public_id)
    if player is None:
        return HttpResponse(status=STOP_POLLING)
    return _play_response(request, player)


@require_POST
def answer(request: HttpRequest, public_id: str) -> HttpResponse:
    player = _player(request, public_id)
    if player is None:
        return _error(request, _("You are not in this session. Join it with its PIN."), status=403)
    if "answer" in request.POST:  # a button of a puzzle's answers
        number = whole_number(request.POST.get("number"), digits=3)
        text = request.POST.get("answer", "").strip()
    else:  # a lesson step's own form
        number = whole_number(request.POST.get("live_question"), digits=3)
        text = lesson_steps.answer_text(request.POST)  # may be empty: the step's kind says what that means
    if number is None or ("answer" in request.POST and not text) or len(text) > lesson_steps.MAX_ANSWER:
        return _play_response(request, player, status=400, error=_("That answer was not understood. Choose one of the buttons."))
    try:
        services.answer_record(player=player, number=number, answer=text)
    except services.LiveError as problem:
        return _play_response(request, player, status=problem.status, error=str(problem))
    if not request.htmx:
        return redirect("live:play", public_id=public_id)
    return _play_response(request, player)


# -- the host ------------------------------------------------------------------------------------
def _class_to_host(request: HttpRequest) -> Classroom | None:
    """The class of `?class=<id>` (a 404 unless the visitor teaches it), or None: an ad-hoc session."""
    class_id = request.GET.get("class")
    if class_id is None:
        return None
    classroom = class_taught(request.user, class_id) if is_token(class_id) else None
    if classroom is None:
        raise Http404("No such class")
    return classroom


@login_required
@require_http_methods(GET_OR_POST)
def new_session(request: HttpRequest) -> HttpResponse:
    """The questions and how they are played; from a class (`?class=<id>`), its students join as
    themselves."""
    classroom = _class_to_host(request)
    if not roster_for(classroom).may_host(request.user):
        raise PermissionDenied(_("Turn on the teacher account in your account page to host a live session."))
    if classroom is not None and classroom.is_archived:
        return _error(request, _("This class is archived. Restore it to start a live session."))
    form = NewSessionForm(request.POST or None, initial={"title": classroom.name if classroom else ""})
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                drafts = form.drafts()
                session = services.session_create(
                    host=request.user, drafts=drafts, title=form.cleaned_data["title"],
                    seconds=form.cleaned_data["seconds"], scoring_mode=form.cleaned_data["scoring"],
                    streak_bonus=form.cleaned_data["streak_bonus"], classroom=classroom)
            except (questions.BadQuestions, services.LiveError) as problem:
                form.add_error(None, str(problem))
            else:
                return redirect("live:host", public_id=session.public_id)
        status = 400
    return TemplateResponse(request, "live/new.html", {"form": form, "games": PUZZLE_GAMES, "classroom": classroom},
                            status=status)


def _host_context(request: HttpRequest, session: LiveSession) -> dict[str, Any]:
    context: dict[str, Any] = {
        "session": session, "pin": codes.shown_pin(session.pin), "poll_ms": settings.LIVE_POLL_MS,
        "total": session.questions.count(), "crowd": changes.crowd_count(session.pk), "now": timezone.now(),
    }
    context["remaining_ms"] = _remaining_ms(session, context["now"])
    if session.state == LOBBY:
        link = request.build_absolute_uri(reverse("live:join_pin", args=[session.pin]))
        context.update(players=selectors.players_in(session), join_url=link, classroom=session.classroom,
                       join_short=request.build_absolute_uri(reverse("live:join")),
                       qr=qr_svg(link, _("QR code: the link to join this session"), scale=6))
    elif session.state in (QUESTION, REVEAL):
        question = selectors.current_question(session)
        context.update(question=question, game=GAMES_BY_SLUG[question.game],
                       answered=selectors.answered_count(question), players=len(selectors.players_in(session)))
        if questions.is_step(question):
            context.update(_step_context(session, question))
        else:
            info = PUZZLE_GAMES[question.game]
            context.update(position=questions.position_of(question), position_template=info.position_template,
                           position_key=(question.rules_text, question.position, "", question.kind),
                           result=True)  # drawn without answer controls
        if session.state == REVEAL and not questions.is_step(question):
            counts = selectors.spread(question)
            rows = questions.verdict_rows(question)
            most = max(counts.values(), default=0) or 1
            context.update(options=rows, verdicts_template=info.verdicts_template, puzzle=question,
                           unit=_unit(question), spread=[(row, counts.get(row.answer, 0), 100 * counts.get(row.answer, 0) // most)
                                                         for row in rows],
                           board=selectors.standings(session)[:10])
    else:
        context["board"] = selectors.standings(session)[:10]
    return context


def _step_context(session: LiveSession, question: LiveQuestion) -> dict[str, Any]:
    """A lesson's step on the projector: the step as the phones show it (its controls shut), and
    at the reveal every answer given with the step's verdict, and the right answer."""
    context: dict[str, Any] = {"step": lesson_steps.shown(question.spec, question.game)}
    if session.state == REVEAL:
        context.update(given=questions.step_answers(question, selectors.spread(question)),
                       solution=lesson_steps.solution(question.spec), board=selectors.standings(session)[:10])
    return context


def _host_response(request: HttpRequest, session: LiveSession, status: int = 200, error: str = "") -> TemplateResponse:
    context = _host_context(request, session)
    context["error"] = error
    template = "live/host.html#screen" if request.htmx else "live/host.html"
    if request.htmx and session.state == FINISHED and status == 200:
        status = STOP_POLLING
    return TemplateResponse(request, template, context, status=status)


@login_required
@require_safe
def host(request: HttpRequest, public_id: str) -> HttpResponse:
    return _host_response(request, _hosted(request, public_id))


@require_GET
def host_poll(request: HttpRequest, public_id: str) -> HttpResponse:
    """Like a player's poll, and the crowd too (joins and answers), which only the host sees."""
    unchanged = _poll_unchanged(request, public_id)
    if unchanged is not None and settings.LIVE_SHARED_CACHE:
        session_id = _session_pk(public_id)
        if request.GET.get("c") == str(changes.crowd_count(session_id)):
            return unchanged
    return _host_response(request, _hosted(request, public_id))


@login_required
@require_POST
def host_move(request: HttpRequest, public_id: str) -> HttpResponse:
    session = _hosted(request, public_id)
    seen = whole_number(request.POST.get("version"))
    move = request.POST.get("move", "")
    if seen is None or move not in services.MOVES:
        return _host_response(request, session, status=400, error=_("That was not understood. Use the buttons."))
    try:
        session = services.host_move(session=session, move=move, seen=seen)
    except services.LiveError as problem:
        session.refresh_from_db()
        return _host_response(request, session, status=problem.status, error=str(problem))
    if not request.htmx:
        return redirect("live:host", public_id=public_id)
    return _host_response(request, session)


@login_required
@require_POST
def host_remove(request: HttpRequest, public_id: str) -> HttpResponse:
    session = _hosted(request, public_id)
    player_id = whole_number(request.POST.get("player"))
    try:
        if player_id is None:
            raise services.LiveError(_("Choose a name to remove."))
        services.player_remove(session=session, player_id=player_id)
    except services.LiveError as problem:
        return _host_response(request, session, status=problem.status, error=str(problem))
    session.refresh_from_db()
    if not request.htmx:
        return redirect("live:host", public_id=public_id)
    return _host_response(request, session)


# -- after ---------------------------------------------------------------------------------------
def _reported(request: HttpRequest, public_id: str) -> LiveSession:
    session = LiveSession.objects.filter(public_id=public_id).select_related("classroom").first()
    if session is None or not roster_of(session).may_see_report(session, request.user):
        raise Http404("No such session")
    return session


@login_required
@require_safe
def report(request: HttpRequest, public_id: str) -> TemplateResponse:
    session = _reported(request, public_id)
    questions_, players, answers = selectors.report(session)
    names = real_names(session)  # a class's students: the report is its teachers' alone
    table = [(p, names.get(p.user_id, ""), [_cell_of(q, answers.get((p.pk, q.pk))) for q in questions_])
             for p in players]
    return TemplateResponse(request, "live/report.html", {
        "session": session, "questions": questions_, "table": table, "hosting": session.host_id == request.user.pk,
        "games": {q.game: GAMES_BY_SLUG[q.game].name for q in questions_},
    })


def _cell_of(question: LiveQuestion, answer: Any) -> tuple[Any, str]:
    """A report's cell: the answer, and how it reads (a lesson step's in words)."""
    return answer, questions.answer_words(question, answer.answer) if answer else ""


def _cell(value: Any) -> Any:
    """A cell a spreadsheet will not run as a formula."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


@login_required
@require_safe
def report_csv(request: HttpRequest, public_id: str) -> HttpResponse:
    session = _reported(request, public_id)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="live-{session.created:%Y-%m-%d}-{session.pk}.csv"'
    out = csv.writer(response)
    names = real_names(session)  # a class's session: its teachers know their students by name
    out.writerow([_("player"), _("removed"), _("question"), _("game"), _("puzzle"), _("answer"), _("best answer"),
                  _("best"), _("value lost"), _("seconds"), _("points")]  # in the teacher's language, as the class's
                 + ([_("real name")] if session.classroom_id else []))
    for row in selectors.report_rows(session):
        out.writerow([_cell(row.player), int(row.removed), row.number, row.game, row.puzzle or "",
                      _cell(row.answer), _cell(row.best_answer), int(row.best), row.loss, row.seconds, row.points]
                     + ([_cell(names.get(row.user_id, ""))] if session.classroom_id else []))
    return response
