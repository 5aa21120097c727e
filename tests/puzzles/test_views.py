"""The puzzle pages over HTTP: answers checked on the server, the solution never in the page before."""
import re
from datetime import date, timedelta

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from neapolitan.scopa import Play
from tests.conftest import starter_specs
from tests.puzzles.support import answer_of, needs_choice, right, wrong
from tutorials.puzzles import selectors
from tutorials.puzzles.models import LearnerRating, Puzzle, PuzzleAttempt, ReviewCard
from tutorials.puzzles.registry import PUZZLE_GAMES
from tutorials.puzzles.services import puzzles_store

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


def _page(puzzle: Puzzle, **query) -> str:
    url = reverse("puzzle_show", args=["scopa", puzzle.pk])
    return url + ("?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else "")


def _answer_url(puzzle: Puzzle) -> str:
    return reverse("puzzle_answer", args=["scopa", puzzle.pk])


def _spec(puzzle: Puzzle):
    return PUZZLE_GAMES["scopa"].spec(puzzle.spec)


def _mask(html: str) -> str:
    return re.sub(r'(csrfmiddlewaretoken" value="|X-CSRFToken": ")[^"]+', r"\1", html)


def test_hub_dashboard_and_review_pages(client, puzzles):
    for name in ("puzzle_home", "puzzle_dashboard", "puzzle_review"):
        response = client.get(reverse(name, args=["scopa"]))
        assert response.status_code == 200
    home = client.get(reverse("puzzle_home", args=["scopa"])).content.decode()
    assert 'data-testid="start"' in home and "1500?" in home


def test_the_game_home_offers_puzzles_and_the_home_page_todays_puzzle(client, puzzles):
    assert reverse("puzzle_home", args=["scopa"]) in client.get("/scopa/").content.decode()
    assert reverse("puzzle_home", args=["settemezzo"]) not in client.get("/settemezzo/").content.decode()
    assert 'data-testid="todays-puzzle"' in client.get("/").content.decode()


def test_without_puzzles_the_game_home_offers_none(client, db):
    assert reverse("puzzle_home", args=["scopa"]) not in client.get("/scopa/").content.decode()
    assert 'data-testid="todays-puzzle"' not in client.get("/").content.decode()
    assert "There are no puzzles yet" in client.get(reverse("puzzle_home", args=["scopa"])).content.decode()


def test_unknown_puzzles_and_games_are_404(client, puzzles):
    assert client.get("/scopa/puzzles/999999/").status_code == 404
    assert client.post("/scopa/puzzles/999999/answer", right(puzzles[0])).status_code == 404
    assert client.get(f"/settemezzo/puzzles/{puzzles[0].pk}/").status_code == 404
    assert client.get("/chess/puzzles/").status_code == 404


def test_the_page_never_holds_the_solution_or_the_verdicts(client, puzzles):
    for puzzle in puzzles:
        html = client.get(_page(puzzle)).content.decode()
        spec = _spec(puzzle)
        for verdict in spec.verdicts:
            assert spec.explain(verdict) not in html
            if Play.parse(verdict.answer).captured:
                assert verdict.answer not in html
        assert "data-answer" not in html and 'data-testid="result"' not in html


def test_the_page_does_not_depend_on_the_answer(client, puzzles):
    """Reversing the engine's verdicts (another solution) leaves the page exactly as it was."""
    puzzle = next(p for p in puzzles if len(p.spec["verdicts"]) > 1)
    before = _mask(client.get(_page(puzzle)).content.decode())
    spec = dict(puzzle.spec)
    spec["verdicts"] = list(reversed(spec["verdicts"]))
    spec["solution"] = spec["verdicts"][0]["answer"]
    Puzzle.objects.filter(pk=puzzle.pk).update(spec=spec, solution=spec["solution"])
    assert _mask(client.get(_page(puzzle)).content.decode()) == before


def test_a_right_answer_without_javascript_redirects_to_the_result(client, puzzles):
    puzzle = puzzles[0]
    response = client.post(_answer_url(puzzle), right(puzzle))
    assert response.status_code == 302 and "result=0" in response.url
    html = client.get(response.url).content.decode()
    assert "Right!" in html and 'data-testid="rating-change"' in html
    answers = re.findall(r'data-answer="([^"]+)"', html)
    assert answers == [v.answer for v in _spec(puzzle).verdicts]  # every option, best first
    spec = _spec(puzzle)
    for verdict in spec.verdicts:
        assert spec.explain(verdict) in html


def test_a_wrong_answer_with_htmx_shows_every_option_and_the_rating_change(client, puzzles):
    puzzle = puzzles[1]
    client.get(_page(puzzle))  # the visitor's session starts with the page: the answer is rated
    response = client.post(_answer_url(puzzle), wrong(puzzle), **HTMX)
    html = response.content.decode()
    assert response.status_code == 200 and html.lstrip().startswith('<section id="puzzle"')
    assert "Not the best answer" in html and "You will see this puzzle again" in html
    attempt = PuzzleAttempt.objects.get()
    assert f"({'−' if attempt.rating_change < 0 else '+'}{abs(attempt.rating_change):.0f})" in html
    assert re.findall(r'data-answer="([^"]+)"', html) == [v.answer for v in _spec(puzzle).verdicts]
    assert 'data-testid="next"' in html
    assert ReviewCard.objects.count() == 1


@pytest.mark.parametrize(("language", "said"), [
    ("en", "no signed-in learner has tried it yet"), ("it", "nessun utente registrato l'ha ancora provato"),
])
def test_a_puzzle_nobody_signed_in_has_played_says_so_instead_of_played_0_times(client, puzzles, language, said):
    """A visitor's answer does not count in the puzzle's plays (only signed-in learners' do)."""
    puzzle = puzzles[1]
    html = client.post(_answer_url(puzzle), wrong(puzzle), HTTP_ACCEPT_LANGUAGE=language, **HTMX).content.decode()
    assert said in html and "0 times" not in html and "0 volte" not in html
    Puzzle.objects.filter(pk=puzzle.pk).update(plays=3)
    again = client.post(_answer_url(puzzle), wrong(puzzle), HTTP_ACCEPT_LANGUAGE=language, **HTMX).content.decode()
    assert said not in again and ("played 3 times" if language == "en" else "giocato 3 volte") in again


@pytest.mark.parametrize("fields", [
    {"card": "11X", "number": "0"},          # malformed card
    {"card": "", "number": "0"},             # no card
    {"card": "7D", "take": ["7Q"], "number": "0"},
    {"number": "zero"},
    {"card": "7D", "number": "-1"},
])
def test_malformed_answers_are_400_and_record_nothing(client, puzzles, fields):
    response = client.post(_answer_url(puzzles[0]), fields, **HTMX)
    assert response.status_code == 400
    assert 'data-testid="error"' in response.content.decode()
    assert not PuzzleAttempt.objects.exists() and not LearnerRating.objects.exists()


def test_illegal_answers_are_400_with_the_rule(client, puzzles):
    puzzle = puzzles[0]
    not_in_hand = next(f"{r}{s}" for s in "DCSB" for r in range(1, 11) if f"{r}{s}" not in puzzle.position)
    hand_card = puzzle.position.split()[1].split(",")[0]
    for fields in ({"card": not_in_hand}, {"card": hand_card, "take": [not_in_hand]}):
        response = client.post(_answer_url(puzzle), {**fields, "number": "0"})
        assert response.status_code == 400
        assert "SCOPA-" in response.content.decode()
    assert not PuzzleAttempt.objects.exists()


def test_a_second_submission_of_the_same_attempt_changes_nothing(client, puzzles):
    puzzle = puzzles[0]
    client.get(_page(puzzle))
    client.post(_answer_url(puzzle), right(puzzle), **HTMX)
    rating = LearnerRating.objects.get().rating
    again = client.post(_answer_url(puzzle), wrong(puzzle), **HTMX)  # the same page, posted again
    html = again.content.decode()
    assert again.status_code == 200 and 'data-testid="repeat"' in html and "Right!" in html
    puzzle.refresh_from_db()
    assert (PuzzleAttempt.objects.count(), LearnerRating.objects.get().rating, puzzle.plays) == (1, rating, 0)
    # A fresh page asks for attempt 1, which is not rated.
    assert 'name="number" value="1"' in client.get(_page(puzzle)).content.decode()
    client.post(_answer_url(puzzle), right(puzzle, number=1), **HTMX)
    assert LearnerRating.objects.get().rating == rating and PuzzleAttempt.objects.count() == 2
    stale = client.post(_answer_url(puzzle), right(puzzle, number=5), **HTMX)
    assert stale.status_code == 400 and PuzzleAttempt.objects.count() == 2


def test_choosing_a_capture(client, puzzles):
    puzzle = next(p for p in puzzles if needs_choice(_spec(p)))
    card = answer_of(puzzle.solution)["card"]
    html = client.get(_page(puzzle, choose=card)).content.decode()
    assert "choice-panel" in html and html.count('class="capture-option"') >= 2
    partial = client.get(_page(puzzle, choose=card), **HTMX).content.decode()
    assert partial.lstrip().startswith('<section id="puzzle"')
    assert client.post(_answer_url(puzzle), right(puzzle)).status_code == 302
    assert PuzzleAttempt.objects.get().correct


def test_privacy_another_learner_sees_nothing_of_mine(client, puzzles):
    puzzle = puzzles[0]
    client.post(_answer_url(puzzle), wrong(puzzle))
    stranger = Client()
    html = stranger.get(_page(puzzle, result=0)).content.decode()
    assert 'data-testid="result"' not in html and 'name="number" value="0"' in html
    assert 'data-testid="due"' not in stranger.get(reverse("puzzle_review", args=["scopa"])).content.decode()
    board = stranger.get(reverse("puzzle_dashboard", args=["scopa"])).content.decode()
    assert "0 / 0" in board
    assert "1500?" in stranger.get(reverse("puzzle_home", args=["scopa"])).content.decode()
    # My own result page shows it.
    assert 'data-testid="result"' in client.get(_page(puzzle, result=0)).content.decode()


def test_csrf_is_required(puzzles):
    client = Client(enforce_csrf_checks=True)
    puzzle = puzzles[0]
    assert client.post(_answer_url(puzzle), right(puzzle)).status_code == 403
    html = client.get(_page(puzzle)).content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html).group(1)
    response = client.post(_answer_url(puzzle), {**right(puzzle), "csrfmiddlewaretoken": token})
    assert response.status_code == 302 and PuzzleAttempt.objects.count() == 1


def test_review_lists_due_puzzles_and_next_leads_through_them(client, puzzles):
    puzzle = puzzles[0]
    client.post(_answer_url(puzzle), wrong(puzzle))
    ReviewCard.objects.update(due="2000-01-01T00:00Z")
    html = client.get(reverse("puzzle_review", args=["scopa"])).content.decode()
    assert 'data-testid="due"' in html and _page(puzzle) in html
    response = client.get(reverse("puzzle_next", args=["scopa"]) + "?review=1")
    assert response.status_code == 302 and response.url.startswith(_page(puzzle))
    page = client.get(response.url).content.decode()
    assert "back for review" in page
    result = client.post(_answer_url(puzzle), right(puzzle, number=1), **HTMX).content.decode()
    assert "Next review" in result and reverse("review_next") in result  # one queue across the games
    assert 'data-testid="nothing-due"' in client.get(reverse("puzzle_review", args=["scopa"])).content.decode()


def test_next_goes_to_an_untried_puzzle_of_the_theme(client, puzzles):
    theme = next(p for p in puzzles if p.themes).themes[0]
    response = client.get(reverse("puzzle_next", args=["scopa"]) + f"?theme={theme}")
    puzzle = Puzzle.objects.get(pk=int(response.url.split("/")[3]))
    assert theme in puzzle.themes and f"theme={theme}" in response.url
    client.post(_answer_url(puzzle), {**right(puzzle), "theme": theme})
    again = client.get(reverse("puzzle_next", args=["scopa"]) + f"?theme={theme}")
    assert again.url != response.url


def test_dashboard_shows_success_by_theme(client, puzzles):
    themed = [p for p in puzzles if p.themes][:3]
    client.post(_answer_url(themed[0]), right(themed[0]))
    client.post(_answer_url(themed[1]), wrong(themed[1]))
    html = client.get(reverse("puzzle_dashboard", args=["scopa"])).content.decode()
    assert 'data-testid="themes"' in html
    for theme in set(themed[0].themes) | set(themed[1].themes):
        assert f'data-theme="{theme}"' in html
    assert re.search(r'data-testid="solved">1 / 2<', html)


def test_attempts_merge_into_the_account_at_login(client, puzzles):
    puzzle = puzzles[0]
    client.post(_answer_url(puzzle), wrong(puzzle))
    User.objects.create_user("ada", password="a-long-password-1")
    assert client.post("/accounts/login/", {"username": "ada", "password": "a-long-password-1"}).status_code == 302
    attempt = PuzzleAttempt.objects.get()
    assert attempt.user.username == "ada" and attempt.anon_key == ""
    assert LearnerRating.objects.get().user.username == "ada"
    assert ReviewCard.objects.get().user.username == "ada"
    assert 'name="number" value="1"' in client.get(_page(puzzle)).content.decode()


def test_query_counts_are_bounded(client, puzzles, django_assert_max_num_queries):
    puzzle = puzzles[0]
    client.get(_page(puzzle))  # the session exists
    with django_assert_max_num_queries(8):
        client.get(_page(puzzle))
    with django_assert_max_num_queries(24):  # 3 of them savepoints
        client.post(_answer_url(puzzle), right(puzzle), **HTMX)
    with django_assert_max_num_queries(10):
        client.get(reverse("puzzle_home", args=["scopa"]))
    with django_assert_max_num_queries(8):
        client.get(reverse("puzzle_dashboard", args=["scopa"]))
    with django_assert_max_num_queries(8):
        client.get(reverse("puzzle_review", args=["scopa"]))


@pytest.mark.parametrize(("method", "statement"), [
    ("known", "Every card is known here: the values are exact"),
    ("all_deals", "Proven over all {deals} ways the cards you have not seen can lie"),
    ("sampled", "Values are averages over {samples} random deals of the cards you have not seen (of {deals} possible)"),
])
def test_the_result_says_what_the_answer_is_proven_against(client, shipped_specs, method, statement):
    spec = next(s for s in shipped_specs if s.method == method)
    puzzles_store(game="scopa", specs=[spec])
    puzzle = Puzzle.objects.get()
    response = client.post(_answer_url(puzzle), right(puzzle))
    html = client.get(response.url).content.decode()
    assert statement.format(deals=f"{spec.deals:,}", samples=f"{spec.samples:,}") in html
    if method == "sampled":
        assert f"at least {spec.gap_bound:.2f} points" in html


def test_a_retired_puzzle_is_not_given_again_and_says_what_it_was_checked_against(client, puzzles):
    old, other = puzzles[0], puzzles[1]
    spec = dict(old.spec)
    del spec["method"]  # stored before proofs counted every deal
    Puzzle.objects.filter(pk=old.pk).update(spec=spec, retired=True)
    Puzzle.objects.exclude(pk__in=[old.pk, other.pk]).delete()
    assert list(selectors.served("scopa")) == [other]
    assert selectors.todays_puzzle("scopa").pk == other.pk
    response = client.post(_answer_url(old), right(old))
    html = client.get(response.url).content.decode()
    assert "from before every puzzle was proven over all of them" in html


def test_the_home_pages_puzzle_of_the_day_takes_turns_across_the_games(client, puzzles, shipped_specs):
    puzzles_store(game="settemezzo", specs=starter_specs("settemezzo")[:3])
    days = [date(2026, 12, 1) + timedelta(days=n) for n in range(len(PUZZLE_GAMES))]
    picked = [selectors.todays_puzzle_of_any_game(day) for day in days]
    assert {p.game for p in picked} == {"scopa", "settemezzo"}  # each game with puzzles has its turn
    assert all(p == selectors.todays_puzzle(p.game, day) for p, day in zip(picked, days, strict=True))
    daily = selectors.todays_puzzle_of_any_game()
    html = client.get("/").content.decode()
    assert f"Today's {daily.game_name} puzzle:" in html and reverse("puzzle_show", args=[daily.game, daily.pk]) in html


def test_one_review_queue_across_the_games(client, puzzles):
    """Missed puzzles of two games come back in one queue, soonest first."""
    puzzles_store(game="settemezzo", specs=starter_specs("settemezzo")[:1])
    sette = Puzzle.objects.get(game="settemezzo")
    scopa = puzzles[0]
    client.post(_answer_url(scopa), wrong(scopa))
    client.post(reverse("puzzle_answer", args=["settemezzo", sette.pk]),
                {"choice": sette.spec["verdicts"][-1]["answer"], "number": "0"})
    ReviewCard.objects.filter(puzzle=sette).update(due="2000-01-01T00:00Z")
    ReviewCard.objects.filter(puzzle=scopa).update(due="2000-01-02T00:00Z")
    html = client.get(reverse("review_all")).content.decode()
    assert "Sette e Mezzo · Puzzle" in html and "Scopa · Puzzle" in html
    assert html.index(f"/settemezzo/puzzles/{sette.pk}/") < html.index(f"/scopa/puzzles/{scopa.pk}/")
    first = client.get(reverse("review_next"))
    assert first.status_code == 302 and first.url == reverse("puzzle_show", args=["settemezzo", sette.pk])
    client.post(reverse("puzzle_answer", args=["settemezzo", sette.pk]), {"choice": sette.solution, "number": "1"})
    second = client.get(reverse("review_next"))
    assert second.url == reverse("puzzle_show", args=["scopa", scopa.pk])
    client.post(_answer_url(scopa), right(scopa, number=1))
    assert client.get(reverse("review_next")).url == reverse("review_all")
    assert 'data-testid="nothing-due"' in client.get(reverse("review_all")).content.decode()


def test_the_progress_page_counts_the_reviews_due_in_every_game(client, puzzles):
    assert 'data-testid="reviews-due"' not in client.get(reverse("progress")).content.decode()
    for puzzle in puzzles[:2]:
        client.post(_answer_url(puzzle), wrong(puzzle))
    ReviewCard.objects.update(due="2000-01-01T00:00Z")
    html = client.get(reverse("progress")).content.decode()
    assert "2 puzzles you missed are due for review" in html and reverse("review_all") in html


def test_a_card_counting_question_is_answered_with_a_choice(client, shipped_specs):
    spec = next(s for s in shipped_specs if s.kind == "race_primiera")
    puzzles_store(game="scopa", specs=[spec])
    puzzle = Puzzle.objects.get()
    html = client.get(_page(puzzle)).content.decode()
    assert 'data-testid="choices"' in html and 'name="choice" value="open"' in html
    assert 'name="card"' not in html and spec.explain(spec.verdicts[0]) not in html
    assert client.post(_answer_url(puzzle), {"card": "7D", "number": "0"}, **HTMX).status_code == 400
    wrong_answer = spec.verdicts[-1].answer
    html = client.post(_answer_url(puzzle), {"choice": wrong_answer, "number": "0"}, **HTMX).content.decode()
    assert "Not the best answer" in html and "gives away" not in html
    assert spec.explain(spec.verdicts[0]).split(" (SCOPA-9)")[0] in html and "Counted from the piles" in html
    assert 'data-rule="SCOPA-9"' in html  # the rule cited links to the rules page


@pytest.mark.parametrize(("game", "italian"), [
    ("scopa", "Regole della Scopa"), ("settemezzo", "Regole del Sette e Mezzo"),
    ("stoppa", "Regole della Stoppa"), ("saltacavallo", "Regole del Saltacavallo"),
])
def test_a_puzzle_links_its_rules_with_the_article_italian_gives_the_game(client, db, game, italian):
    from tests.conftest import starter_specs

    puzzles_store(game=game, specs=starter_specs(game)[:1])
    puzzle = Puzzle.objects.get(game=game)
    html = client.get(reverse("puzzle_show", args=[game, puzzle.pk]), HTTP_ACCEPT_LANGUAGE="it").content.decode()
    assert f'<a href="{reverse("rules", args=[game])}">{italian}</a>' in html
