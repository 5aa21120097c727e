"""Reads for puzzles: the learner's rating, the next puzzle near it, reviews due, the dashboard."""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import date, datetime

from django.core.cache import cache
from django.db.models import Count, F, Func, QuerySet
from django.http import HttpRequest
from django.utils import timezone

from tutorials.core.games import GAMES_BY_SLUG
from tutorials.core.learners import Learner, owner_filter
from tutorials.puzzles import glicko
from tutorials.puzzles.models import LearnerRating, Puzzle, PuzzleAttempt, ReviewCard
from tutorials.puzzles.registry import PUZZLE_GAMES

TODAYS_PUZZLE_SECONDS = 600
NEAREST = 5  # the next puzzle is one of the nearest this many to the learner's rating
BASIC_FIRST = 5  # a learner's first this many puzzles of a game are basic ones (PuzzleGame.basic)
PROVISIONAL_RD = 110  # above this deviation a rating is shown with a "?" (as Lichess does)


@dataclass
class RatingView:
    rating: float
    rd: float
    games: int = 0

    @property
    def shown(self) -> str:
        return f"{self.rating:.0f}{'?' if self.provisional else ''}"

    @property
    def provisional(self) -> bool:
        return self.rd > PROVISIONAL_RD


def learner_rating(request: HttpRequest, game: str) -> RatingView:
    row = LearnerRating.objects.filter(game=game, **owner_filter(request)).first()
    if row is None:
        return RatingView(glicko.DEFAULT_RATING, glicko.DEFAULT_RD)
    return RatingView(row.rating, row.rd)


def standings(request: HttpRequest) -> dict[str, tuple[RatingView, int]]:
    """Every game's (the learner's rating, failed puzzles due for review), in two queries."""
    owner = owner_filter(request)
    rows = {r.game: RatingView(r.rating, r.rd) for r in LearnerRating.objects.filter(**owner)}
    due = dict(ReviewCard.objects.filter(due__lte=timezone.now(), **owner).order_by()
               .values("puzzle__game").annotate(n=Count("pk")).values_list("puzzle__game", "n"))
    default = RatingView(glicko.DEFAULT_RATING, glicko.DEFAULT_RD)
    return {game: (rows.get(game, default), due.get(game, 0)) for game in PUZZLE_GAMES}


def served(game: str) -> QuerySet[Puzzle]:
    """The game's puzzles that are given as new puzzles (not retired)."""
    return Puzzle.objects.filter(game=game, retired=False)


def puzzles_of(game: str, theme: str = "", variant: str = "") -> QuerySet[Puzzle]:
    """The game's served puzzles, of a theme and of a variant (PuzzleGame.variants) if given."""
    puzzles = served(game)
    if theme:
        puzzles = puzzles.filter(theme_key__contains=f" {theme} ")
    if variant:
        puzzles = puzzles.filter(rules_text=PUZZLE_GAMES[game].variant_rules[variant])
    return puzzles


def next_puzzle(request: HttpRequest, game: str, theme: str = "", rng: random.Random | None = None,
                variant: str = "", rating: RatingView | None = None) -> Puzzle | None:
    """A puzzle the learner has not tried, among the nearest to their `rating` (read if not
    given; optionally of a theme, of a variant). A new learner's first BASIC_FIRST puzzles of the
    game are basic ones (PuzzleGame.basic) while the filters leave any."""
    target = (rating or learner_rating(request, game)).rating
    tried = PuzzleAttempt.objects.filter(puzzle__game=game, **owner_filter(request)).values("puzzle_id")
    untried = puzzles_of(game, theme, variant).exclude(pk__in=tried)
    nearest: list[Puzzle] = []
    if _is_new(tried):
        nearest = _nearest(untried.filter(PUZZLE_GAMES[game].basic), target)
    nearest = nearest or _nearest(untried, target)
    if not nearest:
        return None
    return (rng or random).choice(nearest)


def _is_new(tried: QuerySet) -> bool:
    """Has the learner tried fewer than BASIC_FIRST of the game's puzzles?"""
    return tried.order_by().distinct()[:BASIC_FIRST].count() < BASIC_FIRST


def _nearest(puzzles: QuerySet[Puzzle], rating: float) -> list[Puzzle]:
    return list(puzzles.annotate(distance=Func(F("rating") - rating, function="ABS"))
                .order_by("distance", "pk")[:NEAREST])


def variant_counts(game: str, theme: str = "") -> list[tuple[str, str, int]]:
    """(variant, label, puzzles) for every variant of the game that has puzzles (of the theme)."""
    info = PUZZLE_GAMES[game]
    counts = dict(puzzles_of(game, theme).order_by().values("rules_text").annotate(n=Count("pk"))
                  .values_list("rules_text", "n"))
    return [(variant, info.variant_label(variant), counts[rules])
            for variant, rules in info.variant_rules.items() if counts.get(rules)]


def attempts_on(request: HttpRequest, puzzle: Puzzle) -> list[PuzzleAttempt]:
    """The learner's attempts at one puzzle, first first."""
    return Learner.peek(request).rows(PuzzleAttempt, puzzle=puzzle, order=("number",))


def review_card(request: HttpRequest, puzzle: Puzzle) -> ReviewCard | None:
    return Learner.peek(request).first(ReviewCard, puzzle=puzzle)


def reviews_due(request: HttpRequest, game: str | None, now: datetime | None = None) -> QuerySet[ReviewCard]:
    """The learner's missed puzzles due again, soonest first: of one game, or (None) of every game."""
    return (ReviewCard.objects.filter(due__lte=now or timezone.now(), **_of_game(game), **owner_filter(request))
            .select_related("puzzle").order_by("due", "pk"))


def reviews_later(request: HttpRequest, game: str | None, now: datetime | None = None) -> QuerySet[ReviewCard]:
    return (ReviewCard.objects.filter(due__gt=now or timezone.now(), **_of_game(game), **owner_filter(request))
            .select_related("puzzle").order_by("due", "pk"))


def _of_game(game: str | None) -> dict[str, str]:
    return {"puzzle__game": game} if game else {}


@dataclass
class Tally:
    key: str
    label: str
    tried: int = 0
    solved: int = 0

    @property
    def percent(self) -> int:
        return round(100 * self.solved / self.tried) if self.tried else 0


@dataclass
class Dashboard:
    rating: RatingView
    tried: int
    solved: int
    themes: list[Tally] = field(default_factory=list)
    kinds: list[Tally] = field(default_factory=list)
    recent: list[PuzzleAttempt] = field(default_factory=list)

    @property
    def percent(self) -> int:
        return round(100 * self.solved / self.tried) if self.tried else 0


def dashboard(request: HttpRequest, game: str) -> Dashboard:
    """Success on first attempts, overall, by theme and by kind; the latest attempts."""
    firsts = list(PuzzleAttempt.objects.filter(puzzle__game=game, number=0, **owner_filter(request))
                  .values_list("correct", "puzzle__themes", "puzzle__kind"))
    info = PUZZLE_GAMES[game]
    themes = {key: Tally(key, str(label)) for key, label in info.themes.items()}
    kinds = {key: Tally(key, str(label)) for key, label in info.kinds.items()}
    for correct, puzzle_themes, kind in firsts:
        for tally in [themes.get(t) for t in puzzle_themes or []] + [kinds.get(kind)]:
            if tally is not None:
                tally.tried += 1
                tally.solved += int(correct)
    recent = list(PuzzleAttempt.objects.filter(puzzle__game=game, **owner_filter(request))
                  .select_related("puzzle").order_by("-created", "-pk")[:10])
    return Dashboard(
        rating=learner_rating(request, game), tried=len(firsts), solved=sum(c for c, _t, _k in firsts),
        themes=[t for t in themes.values() if t.tried], kinds=[k for k in kinds.values() if k.tried],
        recent=recent,
    )


def theme_counts(game: str, variant: str = "") -> tuple[list[tuple[str, str, int]], int]:
    """(theme, label, puzzles) for every theme that has puzzles in this game (of the variant),
    and how many puzzles there are in all."""
    labels = PUZZLE_GAMES[game].themes
    counts = {key: 0 for key in labels}
    total = 0
    for themes in puzzles_of(game, variant=variant).values_list("themes", flat=True):
        total += 1
        for theme in themes or []:
            if theme in counts:
                counts[theme] += 1
    return [(key, str(labels[key]), n) for key, n in counts.items() if n], total


@dataclass(frozen=True)
class DailyPuzzle:
    """Today's puzzle as the home page names it: what the cache holds (a few fields, read back on
    every visit, rather than the whole puzzle)."""

    pk: int
    game: str
    kind: str

    @classmethod
    def of(cls, puzzle: Puzzle) -> DailyPuzzle:
        return cls(puzzle.pk, puzzle.game, puzzle.kind)

    @property
    def game_name(self) -> str:
        return str(GAMES_BY_SLUG[self.game].name)


def todays_puzzle(game: str, today: date | None = None) -> DailyPuzzle | None:
    """The same puzzle for everyone all day: the day's number picks one of the game's puzzles.
    Kept in the cache for a few minutes: the home page shows it on every visit."""
    day = (today or timezone.localdate()).toordinal()
    key = _todays_key(game, day)
    found = cache.get(key)
    if found is None:
        count = served(game).count()
        found = _day_pick(game, day, count) if count else False
        cache.set(key, found, timeout=TODAYS_PUZZLE_SECONDS)
    return found or None


def todays_puzzle_of_any_game(today: date | None = None) -> DailyPuzzle | None:
    """The home page's puzzle of the day: the games with puzzles take turns, one a day; each
    game's turn shows that game's puzzle of the day. Two queries, then the cache."""
    day = (today or timezone.localdate()).toordinal()
    key = _todays_key("any", day)
    found = cache.get(key)
    if found is None:
        counts = dict(Puzzle.objects.filter(retired=False).order_by().values("game")
                      .annotate(n=Count("pk")).values_list("game", "n"))
        games = [g for g in PUZZLE_GAMES if counts.get(g)]
        found = False
        if games:
            game = games[day % len(games)]
            found = _day_pick(game, day, counts[game])
        cache.set(key, found, timeout=TODAYS_PUZZLE_SECONDS)
    return found or None


def _day_pick(game: str, day: int, count: int) -> DailyPuzzle:
    """The game's puzzle of the day numbered `day`, among its `count` served puzzles."""
    return DailyPuzzle.of(served(game).order_by("pk")[(day * 7919) % count])


def _todays_key(game: str, day: int) -> str:
    return f"todays-puzzle:{game}:{day}"


def forget_todays_puzzle(game: str) -> None:
    """After puzzles are stored: today's puzzle is picked again from them."""
    day = timezone.localdate().toordinal()
    cache.delete_many([_todays_key(game, day), _todays_key("any", day)])
