"""A learner's first puzzles fit them (issue 13): a new learner starts on each game's basic
puzzles; learners filter the puzzles by variant as by theme; a filter the game does not have is a
400 with a message (or, passed along to a puzzle, dropped), never a 500."""
import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.conftest import starter_specs
from tests.puzzles.support import right
from tutorials.puzzles.models import LearnerRating, Puzzle, PuzzleAttempt
from tutorials.puzzles.selectors import BASIC_FIRST, NEAREST
from tutorials.puzzles.services import puzzles_store

pytestmark = pytest.mark.django_db

# What each game calls basic, written out here (not read from its registration): the kinds, and
# the rules of the variant its first puzzles are played by.
BASIC = {
    "scopa": ({"sweep", "counting"}, "SCOPA_2P"),  # two players: a sweep, and every card known
    "settemezzo": ({"card_or_stand"}, "SETTE dealer_stands_on=5"),  # a punter's card or stand
    "stoppa": ({"see_or_fold"}, "STOPPA players=4 misera=1"),
    "saltacavallo": ({"keep_or_swap"}, "saltacavallo players=4"),
}
VARIANTS = {  # game: (variant as the filter names it, the rules its puzzles store)
    "scopa": [("SCOPA_2P", "SCOPA_2P"), ("SCOPONE_SCIENTIFICO", "SCOPONE_SCIENTIFICO")],
    "settemezzo": [("STANDS_ON_5", "SETTE dealer_stands_on=5"), ("DEALER", "SETTE")],
    "saltacavallo": [("P4", "saltacavallo players=4"), ("P5", "saltacavallo players=5")],
}


def _store(game: str) -> None:
    puzzles_store(game=game, specs=starter_specs(game))


def _shown(response) -> Puzzle:
    assert response.status_code == 302, response.content.decode()[:300]
    return Puzzle.objects.get(pk=int(re.search(r"/puzzles/(\d+)/", response.url).group(1)))


def _is_basic(game: str, puzzle: Puzzle) -> bool:
    kinds, rules = BASIC[game]
    return puzzle.kind in kinds and puzzle.rules_text == rules


@pytest.mark.parametrize("game", list(BASIC))
def test_five_fresh_sessions_each_get_a_basic_puzzle_first(game):
    _store(game)
    assert Puzzle.objects.filter(game=game).exclude(kind__in=BASIC[game][0]).exists()
    for _ in range(5):
        visitor = Client()
        home = visitor.get(reverse("puzzle_home", args=[game])).content.decode()
        start = re.search(r'data-testid="start" href="/\w+/puzzles/(\d+)/', home)
        assert start and _is_basic(game, Puzzle.objects.get(pk=int(start.group(1))))
        assert _is_basic(game, _shown(visitor.get(reverse("puzzle_next", args=[game]))))


def test_the_first_puzzles_are_basic_then_any_may_come():
    """BASIC_FIRST puzzles answered, the learner's next puzzle is one of the nearest to his
    rating among all he has not tried, basic or not."""
    _store("scopa")
    learner = Client()
    for _ in range(BASIC_FIRST):
        puzzle = _shown(learner.get(reverse("puzzle_next", args=["scopa"])))
        assert _is_basic("scopa", puzzle)
        learner.get(reverse("puzzle_show", args=["scopa", puzzle.pk]))
        assert learner.post(reverse("puzzle_answer", args=["scopa", puzzle.pk]), right_answer(puzzle)).status_code == 302
    rating = LearnerRating.objects.get(game="scopa").rating
    untried = Puzzle.objects.filter(game="scopa", retired=False).exclude(pk__in=PuzzleAttempt.objects.values("puzzle_id"))
    nearest = sorted(untried, key=lambda p: (abs(p.rating - rating), p.pk))[:NEAREST]
    assert not all(_is_basic("scopa", p) for p in nearest)  # else this test shows nothing
    for _ in range(5):
        assert _shown(learner.get(reverse("puzzle_next", args=["scopa"]))) in nearest


def right_answer(puzzle: Puzzle) -> dict:
    """The POST of the puzzle's solution, in its game's form (a play, or a named choice)."""
    if puzzle.game == "scopa" and not puzzle.kind.startswith("race_"):
        return right(puzzle)
    return {"choice": puzzle.solution, "number": "0"}


def test_without_basic_puzzles_a_new_learner_still_gets_one():
    _store("scopa")
    Puzzle.objects.filter(kind__in=BASIC["scopa"][0]).update(retired=True)
    assert not _is_basic("scopa", _shown(Client().get(reverse("puzzle_next", args=["scopa"]))))


@pytest.mark.parametrize("game", list(VARIANTS))
def test_the_variant_filter_serves_only_that_variant(game):
    _store(game)
    for variant, rules in VARIANTS[game]:
        learner = Client()
        home = learner.get(reverse("puzzle_home", args=[game]), {"variant": variant})
        assert home.status_code == 200
        html = home.content.decode()
        assert f'data-variant="{variant}" aria-current="true"' in html
        for _ in range(BASIC_FIRST + 2):  # past the basic ones too
            response = learner.get(reverse("puzzle_next", args=[game]), {"variant": variant})
            puzzle = _shown(response)
            assert puzzle.rules_text == rules and f"variant={variant}" in response.url
            page = learner.get(response.url).content.decode()
            answer_url = reverse("puzzle_answer", args=[game, puzzle.pk]) + f"?variant={variant}"
            assert f'action="{answer_url}"' in page  # the answer keeps the filter ...
            answered = learner.post(answer_url, right_answer(puzzle))
            assert answered.status_code == 302 and f"variant={variant}" in answered.url
            result = learner.get(answered.url).content.decode()  # ... and so does the next puzzle
            assert f'href="{reverse("puzzle_next", args=[game])}?variant={variant}"' in result


def test_the_puzzles_page_offers_each_variant_with_its_count_and_keeps_it_across_themes(client):
    _store("scopa")
    html = client.get(reverse("puzzle_home", args=["scopa"])).content.decode()
    counts = {v: Puzzle.objects.filter(game="scopa", rules_text=rules, retired=False).count()
              for v, rules in VARIANTS["scopa"]}
    for variant, n in counts.items():
        assert re.search(rf'data-variant="{variant}">[^<]*<span>{n}</span>', html)
    scopone = client.get(reverse("puzzle_home", args=["scopa"]), {"variant": "SCOPONE_SCIENTIFICO"}).content.decode()
    themes = re.findall(r'data-theme="(\w+)"', scopone)
    assert themes and all(f"theme={t}&amp;variant=SCOPONE_SCIENTIFICO" in scopone for t in themes)


def test_a_game_with_one_variant_shows_no_variant_filter(client):
    _store("stoppa")
    assert 'data-testid="variants"' not in client.get(reverse("puzzle_home", args=["stoppa"])).content.decode()


@pytest.mark.parametrize("query", [
    {"variant": "CHESS"}, {"variant": "scopa_2p"}, {"variant": "ŠČ" * 300}, {"variant": "P4"},
    {"theme": "no_such_theme"}, {"theme": "<script>"}, {"variant": "CHESS", "theme": "settebello"},
])
@pytest.mark.parametrize("name", ["puzzle_home", "puzzle_next"])
def test_a_filter_the_game_lacks_is_a_400_with_a_message(client, query, name):
    _store("scopa")
    response = client.get(reverse(name, args=["scopa"]), query)
    assert response.status_code == 400
    html = response.content.decode()
    assert 'role="alert"' in html and "without that filter" in html and "<script>" not in html
    assert 'data-testid="start"' in html  # the puzzles without it are still on offer


def test_a_filter_the_game_lacks_is_dropped_on_a_puzzle_and_its_answer(client):
    _store("scopa")
    puzzle = Puzzle.objects.filter(game="scopa").first()
    page = client.get(reverse("puzzle_show", args=["scopa", puzzle.pk]), {"variant": "CHESS", "theme": "x"})
    assert page.status_code == 200 and "CHESS" not in page.content.decode()
    answer = client.post(reverse("puzzle_answer", args=["scopa", puzzle.pk]) + "?variant=CHESS", right_answer(puzzle))
    assert answer.status_code == 302 and "CHESS" not in answer.url
