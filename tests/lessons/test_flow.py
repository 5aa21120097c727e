"""A learner goes through a lesson over HTTP: answers checked on the server, progress kept."""
import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tests.lessons.support import answer, go_to, interactive_step, right_answer, wrong_answer
from tutorials.lessons.models import Lesson, LessonProgress

pytestmark = pytest.mark.django_db


def test_lesson_list_and_first_step(client, content):
    html = client.get("/scopa/learn/").content.decode()
    first = Lesson.objects.filter(game="scopa").order_by("order").first()
    assert first.title in html
    response = client.get(reverse("lesson_start", args=["scopa", first.slug]))
    assert response.status_code == 302 and response.url.endswith("/1/")
    assert client.get(response.url).status_code == 200


def test_the_page_never_contains_the_solution(client, content):
    step = interactive_step()
    go_to(client, step)
    html = client.get(reverse("lesson_step", args=["scopa", step.lesson.slug, step.number])).content.decode()
    for value in (step.in_language().get("explanations") or []):
        assert value not in html
    if step.kind != "choice":
        main = html[html.index('id="main"'):]  # the step's form, not the header's
        assert str(step.in_language()["answer"]) not in main.split('name="csrfmiddlewaretoken"')[0][-50:]


def test_right_and_wrong_answers_and_stars(client, content):
    step = interactive_step()
    go_to(client, step)
    wrong = answer(client, step, wrong_answer(step))
    assert wrong.status_code == 200 and "Not quite" in wrong.content.decode()
    again = answer(client, step, wrong_answer(step))  # the same wrong answer twice counts once
    progress = LessonProgress.objects.get(lesson=step.lesson)
    assert again.status_code == 200 and progress.mistakes == 1
    right = answer(client, step, right_answer(step))
    assert "Right!" in right.content.decode()
    progress.refresh_from_db()
    assert progress.step == step.number + 1 or progress.completed


def test_a_double_submit_of_a_right_answer_counts_once(client, content):
    step = interactive_step()
    go_to(client, step)
    answer(client, step, right_answer(step))
    before = LessonProgress.objects.get(lesson=step.lesson)
    answer(client, step, right_answer(step))
    answer(client, step, wrong_answer(step))
    after = LessonProgress.objects.get(lesson=step.lesson)
    assert (after.step, after.mistakes, after.completed) == (before.step, before.mistakes, before.completed)


def test_completing_a_lesson_gives_stars(client, content):
    lesson = Lesson.objects.filter(game="scopa").order_by("order").first()
    steps = list(lesson.steps.all())
    go_to(client, steps[-1])
    answer(client, steps[-1], right_answer(steps[-1]) if steps[-1].kind != "read" else {}, htmx=False)
    progress = LessonProgress.objects.get(lesson=lesson)
    assert progress.completed and progress.stars == 3
    done = client.get(reverse("lesson_done", args=["scopa", lesson.slug]))
    assert done.status_code == 200 and 'data-testid="stars"' in done.content.decode()


def test_bad_answers_are_400_and_change_nothing(client, content):
    step = interactive_step()
    go_to(client, step)
    before = LessonProgress.objects.get(lesson=step.lesson)
    bad = {"choice": {"choice": "99"}, "capture": {"cards": ["11X"]}, "sweep": {"card": "7Q"},
           "primiera": {"value": "lots"}, "points": {"carte": "2"}}[step.kind]
    response = answer(client, step, bad)
    assert response.status_code == 400
    after = LessonProgress.objects.get(lesson=step.lesson)
    assert (after.step, after.mistakes) == (before.step, before.mistakes)


def test_answering_ahead_is_400(client, content):
    lesson = Lesson.objects.filter(game="scopa").order_by("order").first()
    last = lesson.steps.order_by("-number").first()
    response = answer(client, last, {})
    assert response.status_code == 400
    assert not LessonProgress.objects.filter(lesson=lesson, step__gt=1).exists()


def test_a_future_step_redirects_to_the_current_one(client, content):
    lesson = Lesson.objects.filter(game="scopa").order_by("order").first()
    response = client.get(reverse("lesson_step", args=["scopa", lesson.slug, 4]))
    assert response.status_code == 302 and response.url.endswith(f"/{lesson.slug}/1/")


def test_unknown_lesson_or_step_is_404(client, content):
    lesson = Lesson.objects.filter(game="scopa").first()
    assert client.get("/scopa/learn/no-such-lesson/1/").status_code == 404
    assert client.get(reverse("lesson_step", args=["scopa", lesson.slug, 999])).status_code == 404
    assert client.get("/chess/learn/").status_code == 404


def test_progress_merges_into_the_account_at_login(client, content):
    step = interactive_step()
    go_to(client, step)
    answer(client, step, right_answer(step))
    anon = LessonProgress.objects.get(lesson=step.lesson)
    User.objects.create_user("ada", password="a-long-password-1")
    assert client.post("/accounts/login/", {"username": "ada", "password": "a-long-password-1"}).status_code == 302
    merged = LessonProgress.objects.get(lesson=step.lesson)
    assert merged.user.username == "ada" and merged.step == anon.step
    assert LessonProgress.objects.filter(lesson=step.lesson).count() == 1


def test_signup_keeps_progress_and_no_duplicates(client, content):
    step = interactive_step()
    go_to(client, step)
    response = client.post("/accounts/signup/", {
        "username": "bea", "password1": "a-long-password-2", "password2": "a-long-password-2"})
    assert response.status_code == 302
    assert LessonProgress.objects.filter(user__username="bea").count() == 1
    assert LessonProgress.objects.filter(user__isnull=True).count() == 0


def test_progress_is_private(client, content):
    step = interactive_step()
    go_to(client, step)
    stranger = Client()
    html = stranger.get("/progress/").content.decode()
    assert 'aria-valuenow="0"' in html
    assert stranger.get("/").content.decode().count('data-testid="resume"') == 0
    assert 'data-testid="resume"' in client.get("/").content.decode()


def test_query_counts_are_bounded(client, content, django_assert_max_num_queries):
    step = interactive_step()
    go_to(client, step)
    url = reverse("lesson_step", args=["scopa", step.lesson.slug, step.number])
    with django_assert_max_num_queries(10):
        client.get(url)
    with django_assert_max_num_queries(14):
        answer(client, step, right_answer(step))


def test_progress_page_shows_the_puzzle_rating(client, content):
    html = client.get("/progress/").content.decode()
    assert 'data-testid="puzzle-standing-scopa"' in html
    assert "rating 1500?" in html  # a new learner's provisional rating
    assert html.count("The ? goes once you have solved a few puzzles.") == html.count("rating 1500?")  # and what the ? means
