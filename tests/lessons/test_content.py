"""Every lesson file is valid, written in both languages, and every interactive step's answer is
what the engine computes."""
import re
import tomllib

import pytest

from tutorials.lessons.content import lesson_dirs, read_all
from tutorials.lessons.languages import LANGUAGES, TEXT_FIELDS
from tutorials.lessons.steps import STEP_KINDS

LESSONS = read_all()
STEPS = [
    pytest.param(lesson, number, step, id=f"{lesson.game}/{lesson.path.stem}#{number}")
    for lesson in LESSONS for number, step in enumerate(lesson.steps, start=1)
]
INTERACTIVE = [p for p in STEPS if STEP_KINDS[p.values[2]["kind"]].interactive]
FILES = [pytest.param(path, id=f"{game}/{path.stem}") for game, folder in lesson_dirs()
         for path in sorted(folder.glob("*.toml"))]


def test_lesson_slugs_and_orders_are_unique():
    keys = [(lesson.game, lesson.slug) for lesson in LESSONS]
    orders = [(lesson.game, lesson.order) for lesson in LESSONS]
    assert len(set(keys)) == len(keys)
    assert len(set(orders)) == len(orders)


@pytest.mark.parametrize(("lesson", "number", "step"), INTERACTIVE)
def test_written_answer_is_the_engines(lesson, number, step):
    """The answer the author wrote must be what the engine computes: content never drifts."""
    kind = STEP_KINDS[step["kind"]]
    assert "answer" in step, "write the expected answer, so the engine can confirm it"
    assert kind.expected(step) == step["answer"]
    assert step.get("hint")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("lesson", "number", "step"), INTERACTIVE)
def test_the_engines_right_answer_is_accepted_and_a_wrong_one_explained(lesson, number, step, language):
    """Every step kind says how a right and a wrong answer are posted (answer_fields); its own
    check must accept the first and refuse the second with an explanation, in each language."""
    from django.http import QueryDict

    shown = lesson.steps_in(language)[number - 1]
    kind = STEP_KINDS[step["kind"]]
    for right in (True, False):
        posted = QueryDict(mutable=True)
        for field, value in kind.answer_fields(shown, right=right).items():
            posted.setlist(field, value if isinstance(value, list) else [value])
        verdict = kind.check(shown, posted)
        assert verdict.correct is right and verdict.explanation


# -- both languages, read straight from the files (not through the loader that refuses them) -----
def _texts(path):
    """(where, {language: text}) for every text of a lesson file, lists item by item."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    fields = [("title", data.get("title")), ("summary", data.get("summary"))]
    fields += [(f"step {n} {field}", step[field]) for n, step in enumerate(data["steps"], start=1)
               for field in TEXT_FIELDS if field in step]
    for where, value in fields:
        assert isinstance(value, dict), f"{where} is not written in each language"
        if any(isinstance(text, list) for text in value.values()):
            lengths = {len(value.get(code, [])) for code in LANGUAGES}
            assert len(lengths) == 1, f"{where}: lists of different lengths"
            for i in range(lengths.pop()):
                yield f"{where} {i + 1}", {code: value[code][i] for code in LANGUAGES}
        else:
            yield where, value


@pytest.mark.parametrize("path", FILES)
def test_every_text_of_every_lesson_is_written_in_each_language(path):
    for where, text in _texts(path):
        for code in LANGUAGES:
            assert isinstance(text.get(code), str) and text[code].strip(), f"{where} lacks {code}"


CARDS = re.compile(r"\[\[[^\]]*\]\]")
RULE_ID = re.compile(r"\b[A-Z]+-(?:OP-|EX-)?\d+(?:\.\d+)*")


@pytest.mark.parametrize("path", FILES)
def test_the_languages_show_the_same_cards_and_cite_the_same_rules(path):
    """A translation keeps the card pictures ([[7D 3C]]) and the rule IDs (SCOPA-5.1) as they are."""
    for where, text in _texts(path):
        english, *others = (text[code] for code in LANGUAGES)
        for other in others:
            assert sorted(CARDS.findall(other)) == sorted(CARDS.findall(english)), where
            assert sorted(RULE_ID.findall(other)) == sorted(RULE_ID.findall(english)), where


@pytest.mark.parametrize("path", FILES)
def test_no_text_of_more_than_three_words_is_left_untranslated(path):
    for where, text in _texts(path):
        english, *others = (text[code] for code in LANGUAGES)
        if len(english.split()) > 3:
            assert english not in others, f"{where}: the same text in two languages"


NUMBER = re.compile(r"\d+(?:[.,]\d+)?½?|½")


@pytest.mark.parametrize(("lesson", "number", "step"), INTERACTIVE)
def test_no_translation_gives_away_more_of_the_answer_than_the_english(lesson, number, step):
    """A number the answer is (23, 5½) appears in a question's Italian only where the English has it."""
    answer = str(step.get("answer", ""))
    if not NUMBER.fullmatch(answer):
        return
    english = lesson.steps_in("en")[number - 1]
    for language in LANGUAGES:
        shown = lesson.steps_in(language)[number - 1]
        for field in ("title", "prompt", "hint"):
            if answer in NUMBER.findall(shown.get(field, "")):
                assert answer in NUMBER.findall(english.get(field, "")), f"{field} in {language} shows {answer}"


SAYS_RIGHT = re.compile(r"(Right|Correct|Esatto|Giusto|Corretto|Bravo|Sì)\b[:!,.]", re.IGNORECASE)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_right_choice_is_explained_without_saying_right_again(language):
    """The page already says "Right!" above the explanation: no "Right! Right: …"."""
    for lesson in LESSONS:
        for number, step in enumerate(lesson.steps_in(language), start=1):
            if step["kind"] == "choice":
                why = step["explanations"][step["answer"]]
                assert not SAYS_RIGHT.match(why), f"{lesson.path.name} step {number} ({language}): {why}"
