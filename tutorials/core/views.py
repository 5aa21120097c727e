"""The home page, each game's home and its rules page."""
from django.contrib import messages
from django.contrib.auth import login
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from tutorials.core.forms import SignupForm
from tutorials.core.games import GAMES, GAMES_BY_SLUG, GameInfo
from tutorials.core.inputs import safe_next
from tutorials.core.ratelimit import allow
from tutorials.lessons.selectors import continue_lesson
from tutorials.tables.selectors import your_tables


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
    return TemplateResponse(request, "core/game_home.html", {
        "game": _game(game), "your_tables": your_tables(request, game),
    })


@require_safe
def rules(request: HttpRequest, game: str) -> TemplateResponse:
    info = _game(game)
    return TemplateResponse(request, f"{info.slug}/rules.html", {"game": info})


@require_http_methods(["GET", "HEAD", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    """Create an account (username and password; no email needed) and log in: progress comes along."""
    form = SignupForm(request.POST or None)
    if request.method == "POST" and not allow(request, "signup"):
        form.add_error(None, _("Many accounts were made from this address in the last hour. Try again later."))
        return TemplateResponse(request, "registration/signup.html", {"form": form}, status=429)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user)
        messages.success(request, _(
            "Welcome, %(name)s: your account is ready and you are logged in. What you did in this "
            "browser before is in your account now."
        ) % {"name": user.get_username()})
        return redirect(safe_next(request) or "progress")
    status = 400 if request.method == "POST" else 200
    return TemplateResponse(request, "registration/signup.html", {"form": form}, status=status)

