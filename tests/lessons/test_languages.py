"""Lessons in two languages: the loader refuses a text that lacks one, the database keeps both, and
a page shows the learner's language (English for a language the lessons are not written in)."""
import re

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse
from django.utils import translation

from tests.lessons.support import go_to
from tutorials.lessons import content
from tutorials.lessons.content import read_lesson, sync
from tutorials.lessons.models import Lesson, Step
from tutorials.lessons.steps import BadContent

LESSON = '''
title = { en = "Capturing a single card", it = "Prendere una carta" }
summary = { en = "Your card takes its match.", it = "La tua carta prende quella uguale." }

[[steps]]
kind = "read"
title = { en = "Take your match", it = "Prendi la carta uguale" }
cards = "6B 6C"

[steps.text]
en = """
A card takes a table card of the same value: a **presa** (SCOPA-5.1).
"""
it = """
Una carta prende la carta in tavola dello stesso valore: una **presa** (SCOPA-5.1).
"""

[[steps]]
kind = "capture"
play = "6C"
table = "6B 2D 9S"
answer = "6B"

[steps.prompt]
en = "You play the 6 di Coppe. Which card does it take?"
it = "Giochi il 6 di Coppe. Quale carta prende?"

[steps.hint]
en = "Find the table card worth 6."
it = "Cerca la carta in tavola che vale 6."

[[steps]]
kind = "choice"
answer = 1
options = { en = ["8", "9"], it = ["8", "9"] }

[steps.prompt]
en = "What is the Cavallo worth?"
it = "Quanto vale il Cavallo?"

[steps.hint]
en = "Fante, Cavallo, Re."
it = "Fante, Cavallo, Re."

[steps.explanations]
en = ["8 is the Fante.", "The Cavallo is worth 9."]
it = ["8 è il Fante.", "Il Cavallo vale 9."]
'''


def _write(tmp_path, text=LESSON, name="01-capturing.toml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _refusal(tmp_path, text) -> str:
    with pytest.raises(BadContent) as refused:
        read_lesson("scopa", _write(tmp_path, text))
    return str(refused.value)


def test_a_file_with_both_languages_is_read_with_both(tmp_path):
    lesson = read_lesson("scopa", _write(tmp_path))
    assert lesson.title == {"en": "Capturing a single card", "it": "Prendere una carta"}
    assert lesson.steps_in("it")[1]["prompt"] == "Giochi il 6 di Coppe. Quale carta prende?"
    assert lesson.steps_in("en")[2]["explanations"] == ["8 is the Fante.", "The Cavallo is worth 9."]
    assert lesson.steps_in("it")[1]["table"] == "6B 2D 9S"  # what is not language is the same


@pytest.mark.parametrize(("lacking", "message"), [("it", "lacks it (Italian)"), ("en", "lacks en (English)")])
def test_a_step_lacking_a_language_is_refused_naming_the_file_step_and_field(tmp_path, lacking, message):
    line = {"it": 'it = "Cerca la carta in tavola che vale 6."\n',
            "en": 'en = "Find the table card worth 6."\n'}[lacking]
    refusal = _refusal(tmp_path, LESSON.replace(line, ""))
    assert refusal == f"01-capturing.toml step 2 (capture): hint {message}"


def test_a_text_written_in_one_language_is_refused(tmp_path):
    text = LESSON.replace('[steps.hint]\nen = "Find the table card worth 6."\nit = "Cerca la carta in tavola che vale 6."',
                          "").replace('answer = "6B"', 'answer = "6B"\nhint = "Find the table card worth 6."')
    assert "step 2 (capture): hint is written in one language" in _refusal(tmp_path, text)


def test_a_lesson_title_lacking_italian_is_refused(tmp_path):
    text = LESSON.replace(', it = "Prendere una carta"', "")
    assert _refusal(tmp_path, text) == "01-capturing.toml: title lacks it (Italian)"


def test_an_empty_text_or_an_unknown_language_is_refused(tmp_path):
    assert "text lacks it" in _refusal(tmp_path, re.sub(r'it = """\nUna carta[^"]*"""', 'it = """ """', LESSON))
    text = LESSON.replace('it = "Quanto vale il Cavallo?"', 'it = "Quanto vale il Cavallo?"\nfr = "Combien?"')
    assert "step 3 (choice): prompt: fr is not one of the languages" in _refusal(tmp_path, text)


def test_options_in_one_language_must_match_the_other(tmp_path):
    text = LESSON.replace('it = ["8", "9"]', 'it = ["8", "9", "10"]')
    assert _refusal(tmp_path, text) == "01-capturing.toml step 3 (choice): options: en has 2 items, it has 3 items"
    text = LESSON.replace('it = ["8 è il Fante.", "Il Cavallo vale 9."]', 'it = ["8 è il Fante."]')
    assert _refusal(tmp_path, text) == \
        "01-capturing.toml step 3 (choice): explanations: en has 2 items, it has 1 items"


def test_sync_content_refuses_the_file_and_writes_nothing(tmp_path, monkeypatch, db):
    _write(tmp_path, LESSON.replace('it = "Giochi il 6 di Coppe. Quale carta prende?"\n', ""))
    monkeypatch.setattr(content, "lesson_dirs", lambda: iter([("scopa", tmp_path)]))
    with pytest.raises(CommandError, match=r"01-capturing\.toml step 2 \(capture\): prompt lacks it"):
        call_command("sync_content", verbosity=0)
    assert not Lesson.objects.exists()


@pytest.fixture
def bilingual(tmp_path, db):
    sync([read_lesson("scopa", _write(tmp_path))])
    return Lesson.objects.get(slug="capturing")


def test_both_languages_are_stored(bilingual):
    assert (bilingual.title_en, bilingual.title_it) == ("Capturing a single card", "Prendere una carta")
    assert bilingual.summary_it == "La tua carta prende quella uguale."
    step = Step.objects.get(lesson=bilingual, number=2)
    assert step.data["hint"] == {"en": "Find the table card worth 6.", "it": "Cerca la carta in tavola che vale 6."}
    assert step.in_language("it")["hint"] == "Cerca la carta in tavola che vale 6."
    with translation.override("it"):
        assert bilingual.title == "Prendere una carta" and step.in_language()["prompt"].startswith("Giochi")
    with translation.override("en"):
        assert bilingual.title == "Capturing a single card" and step.in_language()["prompt"].startswith("You play")


@pytest.fixture
def browser_language():
    """Requests activate the language they ask for; the test's own thread goes back to the default."""
    yield
    translation.deactivate()


def _page(client, lesson, number, language):
    url = reverse("lesson_step", args=["scopa", lesson.slug, number])
    return client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()


@pytest.mark.usefixtures("browser_language")
def test_a_step_is_shown_in_italian_to_an_italian_browser_and_in_english_otherwise(client, bilingual):
    italian = _page(client, bilingual, 1, "it-IT,it;q=0.9")
    assert "Prendi la carta uguale" in italian and "Una carta prende la carta in tavola" in italian
    assert "Take your match" not in italian and "<strong>presa</strong>" in italian
    assert 'data-rule="SCOPA-5.1"' in italian  # rule links and card pictures as in English
    english = _page(client, bilingual, 1, "en-GB,en;q=0.8")
    assert "Take your match" in english and "Prendi" not in english
    assert "Take your match" in _page(client, bilingual, 1, "fr-FR,fr;q=0.9")  # not written in French
    lessons = client.get(reverse("lesson_list", args=["scopa"]), HTTP_ACCEPT_LANGUAGE="it").content.decode()
    assert "Prendere una carta" in lessons and "La tua carta prende quella uguale." in lessons


@pytest.mark.usefixtures("browser_language")
def test_the_site_language_setting_shows_italian(client, bilingual, settings):
    settings.LANGUAGE_CODE = "it"
    assert "Prendi la carta uguale" in _page(client, bilingual, 1, "")


@pytest.mark.usefixtures("browser_language")
def test_an_answer_is_explained_in_the_learners_language(client, bilingual):
    choice = Step.objects.get(lesson=bilingual, number=3)
    go_to(client, choice)
    url = reverse("lesson_answer", args=["scopa", bilingual.slug, 3])
    italian = client.post(url, {"choice": "0"}, HTTP_HX_REQUEST="true", HTTP_ACCEPT_LANGUAGE="it").content.decode()
    assert "8 è il Fante." in italian
    english = client.post(url, {"choice": "1"}, HTTP_HX_REQUEST="true", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "The Cavallo is worth 9." in english


def _plain(text: str) -> str:
    """The longest run of a text with no markup in it (cards, bold, line breaks), as a page shows it."""
    return max(re.split(r"\[\[.*?\]\]|\*+|\n|\(?[A-Z]+-[\d.]+\)?", text), key=len).strip()


@pytest.mark.usefixtures("browser_language")
def test_every_step_of_every_lesson_is_shown_in_italian(client, content):
    """A learner who has finished every lesson opens each step with an Italian browser."""
    from django.contrib.auth.models import User
    from django.utils.html import escape

    from tutorials.lessons.models import LessonProgress

    learner = User.objects.create_user("lettrice", password="x")
    client.force_login(learner)
    for lesson in Lesson.objects.all():
        LessonProgress.objects.create(user=learner, lesson=lesson, completed=True, stars=3,
                                      step=lesson.steps.count())
    for step in Step.objects.select_related("lesson").order_by("lesson__game", "lesson__order", "number"):
        url = reverse("lesson_step", args=[step.lesson.game, step.lesson.slug, step.number])
        response = client.get(url, HTTP_ACCEPT_LANGUAGE="it")
        html = response.content.decode()
        assert response.status_code == 200, url
        italian, english = step.in_language("it"), step.in_language("en")
        for field in ("title", "prompt"):
            if field in step.data:
                assert escape(_plain(italian[field])) in html, (url, field)
        for field in ("prompt", "text"):  # long enough not to be a label of the page's own
            if len(english.get(field, "")) > 40:
                assert escape(_plain(english[field])) not in html, (url, field)
        assert escape(step.lesson.title_it) in html and "{&#x27;en&#x27;" not in html, url
