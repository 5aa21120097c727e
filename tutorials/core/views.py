"""The home page, each game's home and its rules page."""
from django.contrib.auth import login
from django.contrib.auth.forms import UserCreationForm
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from tutorials.core.games import GAMES, GAMES_BY_SLUG, GameInfo
from tutorials.core.ratelimit import allow
from tutorials.lessons.selectors import continue_lesson


def _game(slug: str) -> GameInfo:
    try:
        return GAMES_BY_SLUG[slug]
    except KeyError:
        raise Http404("No such game") from None


@require_safe
def home(request: HttpRequest) -> TemplateResponse:
    return TemplateResponse(request, "core/home.html", {
        "games": GAMES, "resume": continue_lesson(request),
    })


@require_safe
def game_home(request: HttpRequest, game: str) -> TemplateResponse:
    return TemplateResponse(request, "core/game_home.html", {"game": _game(game)})


@require_safe
def rules(request: HttpRequest, game: str) -> TemplateResponse:
    info = _game(game)
    return TemplateResponse(request, f"{info.slug}/rules.html", {"game": info})


@require_http_methods(["GET", "HEAD", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    """Create an account (username and password; no email needed) and log in: progress comes along."""
    form = UserCreationForm(request.POST or None)
    if request.method == "POST" and not allow(request, "signup"):
        form.add_error(None, _("Many accounts were made from this address in the last hour. Try again later."))
        return TemplateResponse(request, "registration/signup.html", {"form": form}, status=429)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user)
        return redirect(_safe_next(request) or "progress")
    status = 400 if request.method == "POST" else 200
    return TemplateResponse(request, "registration/signup.html", {"form": form}, status=status)


def _safe_next(request: HttpRequest) -> str:
    """The `next` page asked for, if it is on this site (never a redirect elsewhere)."""
    target = request.POST.get("next") or request.GET.get("next") or ""
    allowed = url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    return target if allowed else ""
