"""Puzzle pages: the hub, one puzzle (answered on the server), the dashboard and the reviews due."""
from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Any
from urllib.parse import urlencode

from django.db.models import QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.utils import timezone
from django.utils.functional import SimpleLazyObject
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from tutorials.classroom.codes import is_token
from tutorials.core.games import GAMES_BY_SLUG
from tutorials.core.inputs import whole_number
from tutorials.core.learners import anon_key, has_learner
from tutorials.core.links import reverse
from tutorials.core.prepared import prepared
from tutorials.core.ratelimit import TOO_MANY, allow
from tutorials.lessons.steps import BadAnswer
from tutorials.puzzles import selectors
from tutorials.puzzles.models import Puzzle
from tutorials.puzzles.registry import PuzzleGame, puzzle_game
from tutorials.puzzles.services import AttemptResult, Learner, attempt_record


def _puzzle(game: str, puzzle_id: int) -> Puzzle:
    puzzle = puzzle_at.first(puzzle_id, game)
    if puzzle is None:
        raise Http404("No such puzzle")
    return puzzle


@prepared(int, str)
def puzzle_at(puzzle_id: int, game: str) -> QuerySet[Puzzle]:
    """A puzzle of a game (read on every puzzle's page and answer: compiled once)."""
    return Puzzle.objects.filter(pk=puzzle_id, game=game)


@dataclass(frozen=True)
class Filters:
    """Which puzzles the learner asked for: of a theme, of a variant (every one when empty)."""

    theme: str = ""
    variant: str = ""
    homework: str = ""  # the piece of homework the puzzle was opened from: "next" goes back to it

    def url(self, url: str, **more: str) -> str:
        """`url` with the filters (and `more`) in its query, for the next page to keep them."""
        query = {k: v for k, v in {"theme": self.theme, "variant": self.variant, "homework": self.homework,
                                   **more}.items() if v}
        return f"{url}?{urlencode(query)}" if query else url


@dataclass(frozen=True)
class Chip:
    """One choice of a filter on the puzzles page."""

    label: str
    count: int
    url: str
    current: bool
    key: str


def _filters(request: HttpRequest, info: PuzzleGame) -> tuple[Filters, str]:
    """The filters asked for in the query (an answer's page may post the theme), and a message
    for any the game does not have: those are dropped."""
    theme = request.GET.get("theme") or request.POST.get("theme") or ""
    variant = request.GET.get("variant") or ""
    unknown = []
    if theme and theme not in info.themes:
        unknown.append(_("There is no puzzle theme called “%(v)s”.") % {"v": theme[:40]})
        theme = ""
    if variant and variant not in info.variant_rules:
        unknown.append(_("These puzzles have no variant called “%(v)s”.") % {"v": variant[:40]})
        variant = ""
    homework = request.GET.get("homework") or ""
    homework = homework if is_token(homework) else ""  # the homework page itself says whose it is
    if not unknown:
        return Filters(theme, variant, homework), ""
    return Filters(theme, variant, homework), " ".join([*unknown, _("Here are the puzzles without that filter.")])


@require_safe
def puzzle_home(request: HttpRequest, game: str) -> TemplateResponse:
    """The next puzzle near the learner's rating, their rating and reviews, and the filters: by
    variant and by theme. A filter the game does not have is a 400 that shows the page without it."""
    info = puzzle_game(game)
    filters, error = _filters(request, info)
    return _render_home(request, info, filters, error)


def _render_home(request: HttpRequest, info: PuzzleGame, filters: Filters, error: str) -> TemplateResponse:
    game = info.slug
    rating = selectors.learner_rating(request, game)
    upcoming = selectors.next_puzzle(request, game, filters.theme, variant=filters.variant, rating=rating)
    home = reverse("puzzle_home", args=[game])
    variants = selectors.variant_counts(game, filters.theme)
    themes, total = selectors.theme_counts(game, filters.variant)
    return TemplateResponse(request, "puzzles/home.html", {
        "game": GAMES_BY_SLUG[game], "filters": filters, "error": error, "about": info.about,
        "theme_label": info.themes.get(filters.theme, ""),
        "variant_label": info.variant_label(filters.variant) if filters.variant else "",
        "rating": rating, "upcoming": upcoming,
        "start_url": filters.url(reverse("puzzle_show", args=[game, upcoming.pk])) if upcoming else "",
        "themes": [Chip(label, n, Filters(key, filters.variant).url(home), key == filters.theme, key)
                   for key, label, n in themes],
        "any_theme": Filters("", filters.variant).url(home),
        "variants": [Chip(label, n, Filters(filters.theme, key).url(home), key == filters.variant, key)
                     for key, label, n in variants] if len(variants) > 1 or filters.variant else [],
        "any_variant": Filters(filters.theme, "").url(home),
        "due": selectors.reviews_due(request, game).count(),
        "total": total,
    }, status=400 if error else 200)


@require_safe
def puzzle_next(request: HttpRequest, game: str) -> HttpResponse:
    """Straight to the next puzzle: a review due (with ?review=1), else a new one near your rating."""
    info = puzzle_game(game)
    filters, error = _filters(request, info)
    if error:
        return _render_home(request, info, filters, error)
    if request.GET.get("review"):
        due = selectors.reviews_due(request, game).first()
        if due is None:
            return redirect("puzzle_review", game=game)
        return redirect("puzzle_show", game=game, puzzle_id=due.puzzle_id)
    upcoming = selectors.next_puzzle(request, game, filters.theme, variant=filters.variant)
    if upcoming is None:
        return redirect(filters.url(reverse("puzzle_home", args=[game])))
    return redirect(filters.url(reverse("puzzle_show", args=[game, upcoming.pk])))


@require_safe
def puzzle_show(request: HttpRequest, game: str, puzzle_id: int) -> TemplateResponse:
    info = puzzle_game(game)
    puzzle = _puzzle(game, puzzle_id)
    if not request.user.is_authenticated:
        anon_key(request)  # the session starts here: an answer that comes back without it is not rated
    attempts = selectors.attempts_on(request, puzzle)
    result = None
    shown = request.GET.get("result", "")
    attempt = next((a for a in attempts if str(a.number) == shown), None)
    if attempt is not None:  # after a POST without htmx: the result of the learner's own answer
        spec = info.spec(puzzle.spec)
        result = AttemptResult(attempt, info.engine.judge(spec, attempt.answer), counted=False, spec=spec)
    return _render(request, info, puzzle, len(attempts), result=result)


@require_POST
def puzzle_answer(request: HttpRequest, game: str, puzzle_id: int) -> HttpResponse:
    info = puzzle_game(game)
    puzzle = _puzzle(game, puzzle_id)
    if not allow(request, "answer"):
        return _render_error(request, info, puzzle, str(TOO_MANY), status=429)
    known = has_learner(request)  # before Learner.of gives a new visitor a key
    number = whole_number(request.POST.get("number"))
    if number is None:
        return _render_error(request, info, puzzle, _("That answer was not understood. Reload the page and try again."))
    try:
        answer = info.presenter.answer_text(request.POST)
    except BadAnswer as error:
        return _render_error(request, info, puzzle, str(error))
    try:
        result = attempt_record(learner=Learner.of(request), puzzle=puzzle, answer=answer, number=number,
                                ratable=known)
    except ValueError as error:  # BadNotation, IllegalAction (citing the rule), StaleAttempt
        return _render_error(request, info, puzzle, str(error))
    if not request.htmx:
        url = reverse("puzzle_show", args=[game, puzzle.pk])
        return redirect(_filters(request, info)[0].url(url, result=str(result.attempt.number)))
    return _render(request, info, puzzle, result.tried, result=result, felt_kept=True)


def _render_error(request: HttpRequest, info: PuzzleGame, puzzle: Puzzle, error: str,
                  status: int = 400) -> TemplateResponse:
    return _render(request, info, puzzle, len(selectors.attempts_on(request, puzzle)), error=error, status=status)


def _render(
    request: HttpRequest, info: PuzzleGame, puzzle: Puzzle, tried: int, *,
    result: AttemptResult | None = None, error: str = "", status: int = 200, felt_kept: bool = False,
) -> TemplateResponse:
    """The puzzle's page (with htmx, its #puzzle part); `felt_kept`: the page answered has the
    position's felt already, which does not change with the answer (a position template may
    leave it there rather than draw it again)."""
    filters = _filters(request, info)[0]  # carried to the next puzzle; one the game lacks is dropped
    page_url = filters.url(reverse("puzzle_show", args=[puzzle.game, puzzle.pk]))
    if result is not None and result.counted:
        due = False  # just answered: a review it was is scheduled again, a new one lies ahead
    else:
        review = selectors.review_card(request, puzzle)
        due = review is not None and review.due <= timezone.now()
    answers = frozenset(v["answer"] for v in puzzle.spec["verdicts"])
    choose = "" if result else request.GET.get("choose", "")
    context: dict[str, Any] = {
        "game": GAMES_BY_SLUG[puzzle.game], "puzzle": puzzle, "kind_label": info.kinds.get(puzzle.kind, puzzle.kind),
        # drawn only if a part of the page that shows it is not kept already (memo)
        "position": SimpleLazyObject(partial(info.presenter.present, puzzle.rules_text, puzzle.position, choose,
                                             kind=puzzle.kind, answers=answers)),
        # what the position's picture is drawn from, but the learner's own numbers and addresses
        "position_drawn_from": (puzzle.rules_text, puzzle.position, puzzle.kind, answers, choose, info.position_template,
                                result is not None),
        # ... and what the parts the same answered or not are drawn from (rules, position, card chosen, kind)
        "position_key": (puzzle.rules_text, puzzle.position, choose, puzzle.kind),
        "position_template": info.position_template, "verdicts_template": info.verdicts_template,
        "unit": info.kind_units.get(puzzle.kind, info.unit),
        "number": tried, "theme": filters.theme,
        # the heading's note on the learner's standing, before an answer
        "head_note": "" if result else "review" if due else "answered" if tried else "",
        "answer_url": filters.url(reverse("puzzle_answer", args=[puzzle.game, puzzle.pk])),
        "page_url": page_url,
        # the language switch comes back here with the filters kept, not the query as typed
        "language_next": filters.url(reverse("puzzle_show", args=[puzzle.game, puzzle.pk]),
                                     **({"result": str(result.attempt.number)} if result is not None else {})),
        "choose_url": page_url + ("&" if "?" in page_url else "?") + "choose=",
        "next_url": filters.url(reverse("puzzle_next", args=[puzzle.game])),
        "error": error, "result": result, "felt_kept": felt_kept,
    }
    if result is not None:  # only now may the page hold the verdicts
        spec = result.spec or info.spec(puzzle.spec)
        context["options"] = info.presenter.options(spec, result.attempt.answer)
        context["verdict"] = result.verdict
        if result.attempt.review:  # one queue across the games: the next review may be another game's
            context["next_url"] = reverse("review_next")
        elif filters.homework:  # a set of homework: its page shows how far the learner is, and what is next
            context["next_url"] = reverse("classroom:homework", args=[filters.homework])
            context["next_label"] = _("Back to the homework")
    template = "puzzles/puzzle.html#puzzle" if request.htmx else "puzzles/puzzle.html"
    return TemplateResponse(request, template, context, status=status)


@require_safe
def puzzle_dashboard(request: HttpRequest, game: str) -> TemplateResponse:
    puzzle_game(game)
    return TemplateResponse(request, "puzzles/dashboard.html", {
        "game": GAMES_BY_SLUG[game], "board": selectors.dashboard(request, game),
        "due": selectors.reviews_due(request, game).count(),
    })


@require_safe
def review_all(request: HttpRequest) -> TemplateResponse:
    """Every game's missed puzzles due again, in one queue."""
    return TemplateResponse(request, "puzzles/review.html", {
        "game": None, "due": list(selectors.reviews_due(request, None)[:50]),
        "later": list(selectors.reviews_later(request, None)[:20]),
    })


@require_safe
def review_next(request: HttpRequest) -> HttpResponse:
    """The review due soonest, whatever its game; the review page when none is."""
    due = selectors.reviews_due(request, None).first()
    if due is None:
        return redirect("review_all")
    return redirect("puzzle_show", game=due.puzzle.game, puzzle_id=due.puzzle_id)


@require_safe
def puzzle_review(request: HttpRequest, game: str) -> TemplateResponse:
    info = puzzle_game(game)
    return TemplateResponse(request, "puzzles/review.html", {
        "game": GAMES_BY_SLUG[game], "due": list(selectors.reviews_due(request, game)[:50]),
        "later": list(selectors.reviews_later(request, game)[:20]), "kinds": info.kinds,
    })
