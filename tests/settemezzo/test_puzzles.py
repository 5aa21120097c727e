"""Sette e Mezzo puzzles on the site: the shipped set, the page, the answer checked on the server."""
import pytest
from django.urls import reverse

from neapolitan.settemezzo.puzzles import MIN_GAP, Position, at_stake, verify
from tests.conftest import starter_specs
from tutorials.puzzles.models import Puzzle, PuzzleAttempt
from tutorials.puzzles.registry import PUZZLE_GAMES
from tutorials.puzzles.services import puzzles_store
from tutorials.puzzles.templatetags.puzzle_tags import points

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture(scope="module")
def specs():
    return starter_specs("settemezzo")


def test_the_starter_set_is_verified_by_the_engine_and_clear_cut(specs):
    assert len(specs) >= 200
    assert len({s.position for s in specs}) == len(specs)
    assert [s.position for s in specs if not verify(s)] == []  # every value recomputed exactly
    game = PUZZLE_GAMES["settemezzo"]
    for spec in specs:
        assert spec.verdicts[0].loss == 0 and spec.themes and set(spec.themes) <= set(game.themes)
        assert spec.kind in game.kinds
        if spec.kind == "dealer":  # chips: the margin grows with the stakes facing the dealer
            view = spec.view()
            assert view.is_dealer and spec.verdicts[1].loss >= float(MIN_GAP) * at_stake(view) - 1e-4
        else:
            assert spec.verdicts[1].loss >= float(MIN_GAP) - 1e-4
            assert ("replace" in {v.answer for v in spec.verdicts}) == Position.from_text(spec.position).may_exchange
    assert {s.solution for s in specs} == {"card", "stand", "replace"}
    assert len([s for s in specs if s.kind == "dealer"]) >= 50


@pytest.fixture
def stored(db, specs):
    exchange = next(s for s in specs if s.kind == "exchange")
    plain = next(s for s in specs if s.kind == "card_or_stand")
    dealer = next(s for s in specs if s.kind == "dealer")
    puzzles_store(game="settemezzo", specs=[plain, exchange, dealer])
    return list(Puzzle.objects.filter(game="settemezzo").order_by("pk"))


def _url(puzzle, name="puzzle_show"):
    return reverse(name, args=["settemezzo", puzzle.pk])


def test_the_game_home_links_its_puzzles_and_the_page_holds_no_answer(client, stored):
    assert reverse("puzzle_home", args=["settemezzo"]) in client.get("/settemezzo/").content.decode()
    assert "against a dealer who stands on 5" in client.get(reverse("puzzle_home", args=["settemezzo"])).content.decode()
    for puzzle in stored:
        html = client.get(_url(puzzle)).content.decode()
        spec = PUZZLE_GAMES["settemezzo"].spec(puzzle.spec)
        assert 'name="choice" value="card"' in html and 'name="choice" value="stand"' in html
        assert ('value="replace"' in html) == (puzzle.kind == "exchange")
        assert all(spec.explain(v) not in html for v in spec.verdicts) and "data-answer" not in html


def test_an_answer_is_judged_on_the_server_with_every_choice_valued(client, stored):
    puzzle = stored[0]
    spec = PUZZLE_GAMES["settemezzo"].spec(puzzle.spec)
    client.get(_url(puzzle))
    wrong = spec.verdicts[-1]
    response = client.post(_url(puzzle, "puzzle_answer"), {"choice": wrong.answer, "number": "0"}, **HTMX)
    html = response.content.decode()
    assert response.status_code == 200 and "Not the best answer" in html
    assert f"Your answer gives away {points(wrong.loss, 'stakes')} compared with the best one" in html
    assert all(spec.explain(v).replace("'", "&#x27;") in html for v in spec.verdicts)
    assert f"Exact: every order of the {spec.unseen} cards you have not seen" in html
    attempt = PuzzleAttempt.objects.get()
    assert not attempt.correct and attempt.answer == wrong.answer


@pytest.mark.parametrize(("choice", "message"), [
    ("", "Choose one: take a card, stand, or exchange."),
    ("double", "Choose one: take a card, stand, or exchange."),
    ("replace", "Only a 3 or a 4 dealt as your first card may be exchanged"),
])
def test_a_bad_answer_is_a_400_and_records_nothing(client, stored, choice, message):
    puzzle = stored[0]  # a card-or-stand puzzle: no exchange
    response = client.post(_url(puzzle, "puzzle_answer"), {"choice": choice, "number": "0"}, **HTMX)
    assert response.status_code == 400 and message in response.content.decode()
    assert PuzzleAttempt.objects.count() == 0


def test_the_dealer_s_puzzle_shows_what_the_dealer_sees(client, stored):
    """The position is the dealer's own view: the punters' face-down cards are not in it at all."""
    puzzle = next(p for p in stored if p.kind == "dealer")
    spec = PUZZLE_GAMES["settemezzo"].spec(puzzle.spec)
    html = client.get(_url(puzzle)).content.decode()
    assert 'data-testid="punters"' in html and "you are the dealer" in html
    for seat in spec.view().seats:
        assert all(f'data-card="{c}"' in html for c in seat.known_cards)
    response = client.post(_url(puzzle, "puzzle_answer"), {"choice": spec.solution, "number": "0"}, **HTMX)
    html = response.content.decode()
    assert "Right!" in html and "chips you can expect to win from the punters" in html
