"""Saltacavallo puzzles: the shipped set recomputed, the odds against hands played out at random by
the game itself, the page and the answer checked on the server."""
import random
from dataclasses import replace

import pytest
from django.urls import reverse

from neapolitan.errors import IllegalAction
from neapolitan.saltacavallo import engine_choice
from neapolitan.saltacavallo.actions import Action
from neapolitan.saltacavallo.puzzles import MIN_GAP, SOLVER, judge, verify
from neapolitan.saltacavallo.rules import CAVALLO
from neapolitan.saltacavallo.state import GameState
from tests.conftest import starter_specs
from tutorials.puzzles.models import Puzzle, PuzzleAttempt
from tutorials.puzzles.registry import PUZZLE_GAMES
from tutorials.puzzles.services import puzzles_store

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture(scope="module")
def specs():
    return starter_specs("saltacavallo")


def test_the_starter_set_is_verified_and_clear_cut(specs):
    assert len(specs) >= 200
    assert len({s.position for s in specs}) == len(specs)
    assert [s.position for s in specs if not verify(s)] == []
    game = PUZZLE_GAMES["saltacavallo"]
    for spec in specs:
        assert spec.exact and spec.verdicts[0].loss == 0 and spec.verdicts[1].loss >= MIN_GAP - 1e-4
        assert spec.themes and set(spec.themes) <= set(game.themes) and spec.kind in game.kinds
    assert {s.solution for s in specs} == {"keep", "swap", "draw"}
    assert {s.rules().players for s in specs} == {4, 5}


def _redeal(state: GameState, rng: random.Random) -> GameState:
    """The same position with the cards seat 0 cannot see dealt again at random: the other
    face-down cards and the stock."""
    view = state.view(SOLVER)
    hidden = [s for s in range(state.players) if state.cards[s] is not None and view.cards[s] is None]
    pool = [state.cards[s] for s in hidden] + list(state.stock)
    rng.shuffle(pool)
    while any(c.rank >= CAVALLO for c in pool[:len(hidden)]):  # a Re or a Cavallo would lie face up
        rng.shuffle(pool)
    cards = list(state.cards)
    for seat, card in zip(hidden, pool, strict=False):
        cards[seat] = card
    dealt = list(state.dealt)
    for seat in hidden:
        if state.dealt[seat] == state.cards[seat]:  # nobody swapped it: it is still his deal
            dealt[seat] = cards[seat]
    return replace(state, cards=tuple(cards), dealt=tuple(dealt), stock=tuple(pool[len(hidden):]))


def _loses(state: GameState, choice: str) -> bool:
    state = state.apply(Action.parse(choice))
    while not state.hand_over:
        state = state.apply(engine_choice(state.view(state.to_act)))
    return SOLVER in state.losers


def test_exact_odds_agree_with_hands_played_out_at_random(specs):
    """Seat 0's chance of losing a life, against the game played on with the hidden cards dealt
    again at random (the engine's players after him, as the odds assume)."""
    rng = random.Random(7)
    for spec in [s for s in specs if s.kind == "keep_or_swap"][:3]:
        state = spec.state()
        for verdict in spec.verdicts:
            n = 1500
            lost = sum(_loses(_redeal(state, rng), verdict.answer) for _ in range(n))
            p = verdict.value
            sd = max(p * (1 - p), 0.01) ** 0.5
            assert abs(lost / n - p) <= 4 * sd / n ** 0.5 + 1e-9, (spec.position, verdict.answer, lost / n, p)


def test_judge_refuses_what_the_seat_cannot_do(specs):
    dealer = next(s for s in specs if s.kind == "dealer_draw")
    with pytest.raises(IllegalAction, match="dealer does not swap"):
        judge(dealer, "swap")
    player = next(s for s in specs if s.kind == "keep_or_swap")
    with pytest.raises(IllegalAction, match="Only the dealer draws"):
        judge(player, "draw")
    assert judge(player, player.solution).loss == 0


@pytest.fixture
def stored(db, specs):
    puzzles_store(game="saltacavallo", specs=[next(s for s in specs if s.kind == k) for k in ("keep_or_swap", "dealer_draw")])
    return list(Puzzle.objects.filter(game="saltacavallo").order_by("pk"))


def test_the_page_shows_the_table_without_the_hidden_cards_or_the_answer(client, stored):
    assert reverse("puzzle_home", args=["saltacavallo"]) in client.get("/saltacavallo/").content.decode()
    for puzzle in stored:
        html = client.get(reverse("puzzle_show", args=["saltacavallo", puzzle.pk])).content.decode()
        spec = PUZZLE_GAMES["saltacavallo"].spec(puzzle.spec)
        state, view = spec.state(), spec.view()
        hidden = [state.cards[s] for s in range(state.players) if state.cards[s] and view.cards[s] is None]
        assert bool(hidden) == (puzzle.kind == "keep_or_swap")  # the dealer sees every hand
        assert all(f'data-card="{c}"' not in html for c in [*hidden, *state.stock])
        assert f'data-card="{state.cards[SOLVER]}"' in html
        assert all(spec.explain(v) not in html for v in spec.verdicts) and "data-answer" not in html
        assert 'name="choice" value="keep"' in html


def test_an_answer_is_judged_on_the_server(client, stored):
    puzzle = stored[0]
    spec = PUZZLE_GAMES["saltacavallo"].spec(puzzle.spec)
    url = reverse("puzzle_answer", args=["saltacavallo", puzzle.pk])
    response = client.post(url, {"choice": "draw", "number": "0"}, **HTMX)
    assert response.status_code == 400 and "Only the dealer draws" in response.content.decode()
    response = client.post(url, {"choice": spec.solution, "number": "0"}, **HTMX)
    html = response.content.decode()
    assert response.status_code == 200 and "Right!" in html
    assert all(spec.explain(v) in html for v in spec.verdicts)
    assert PuzzleAttempt.objects.get().correct
