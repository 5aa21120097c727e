"""The home page, each game's home, its rules page and the glossary."""
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.forms import AuthenticationForm
from django.contrib.auth.views import LoginView
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from tutorials.classroom.forms import SignupForm
from tutorials.classroom.live import live_now
from tutorials.classroom.results import homework_of
from tutorials.classroom.selectors import open_class_ids
from tutorials.classroom.services import teacher_enable
from tutorials.core.games import GAMES, GAMES_BY_SLUG, GameInfo
from tutorials.core.glossary import terms_of
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
    classes = open_class_ids(request.user)  # a student's: their homework, and a live session to join
    return TemplateResponse(request, "core/home.html", {
        "games": GAMES, "resume": continue_lesson(request), "homework": homework_of(request.user, classes=classes),
        "live_now": live_now(classes),
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


@require_safe
def glossary(request: HttpRequest) -> TemplateResponse:
    """GET /glossary/, or /glossary/?game=stoppa for the words of one game; a game the site does
    not have is a 400 that says so, above the whole glossary."""
    slug = request.GET.get("game") or None
    error, status = "", 200
    if slug is not None and slug not in GAMES_BY_SLUG:
        error, status, slug = _("There is no such game here: here are the words of every game."), 400, None
    return TemplateResponse(request, "core/glossary.html", {
        "terms": terms_of(slug), "current": GAMES_BY_SLUG.get(slug or ""), "games": GAMES, "error": error,
    }, status=status)


class _TooManyTries(AuthenticationForm):
    """The log-in form refusing at once, without checking the password."""

    def clean(self) -> dict:
        raise ValidationError(_("Too many tries to log in. Wait ten minutes, then try again."))


class RateLimitedLoginView(LoginView):
    """Django's log-in, with the tries counted per address, per session and per account name
    (RATE_LIMITS["login"]): past the limit the form answers 429 and checks no password."""

    def post(self, request: HttpRequest, *args, **kwargs) -> HttpResponse:
        username = request.POST.get("username", "").strip().lower()[:150]
        if not allow(request, "login", username=username):
            form = _TooManyTries(request, data=request.POST)
            form.is_valid()
            return self.render_to_response(self.get_context_data(form=form), status=429)
        return super().post(request, *args, **kwargs)


login_view = RateLimitedLoginView.as_view()


@require_http_methods(["GET", "HEAD", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    """Create an account (username and password; no email needed) and log in: progress comes along.
    A teacher ticks a box and lands on their (empty) list of classes."""
    form = SignupForm(request.POST or None)
    if request.method == "POST" and not allow(request, "signup"):
        form.add_error(None, _("Many accounts were made from this address in the last hour. Try again later."))
        return TemplateResponse(request, "registration/signup.html", {"form": form}, status=429)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        if form.cleaned_data["teacher"]:
            teacher_enable(user=user)
        login(request, user)
        messages.success(request, _(
            "Welcome, %(name)s: your account is ready and you are logged in. What you did in this "
            "browser before is in your account now."
        ) % {"name": user.get_username()})
        return redirect(safe_next(request) or ("classroom:classes" if form.cleaned_data["teacher"] else "progress"))
    status = 400 if request.method == "POST" else 200
    return TemplateResponse(request, "registration/signup.html", {"form": form}, status=status)

