"""Every lesson file is valid, and every interactive step's answer is what the engine computes."""
import pytest

from tutorials.lessons.content import read_all
from tutorials.lessons.steps import STEP_KINDS

LESSONS = read_all()
STEPS = [
    pytest.param(lesson, number, step, id=f"{lesson.game}/{lesson.path.stem}#{number}")
    for lesson in LESSONS for number, step in enumerate(lesson.steps, start=1)
]
INTERACTIVE = [p for p in STEPS if STEP_KINDS[p.values[2]["kind"]].interactive]


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


@pytest.mark.parametrize(("lesson", "number", "step"), INTERACTIVE)
def test_the_engines_right_answer_is_accepted_and_a_wrong_one_explained(lesson, number, step):
    """Every step kind says how a right and a wrong answer are posted (answer_fields); its own
    check must accept the first and refuse the second with an explanation."""
    from django.http import QueryDict

    kind = STEP_KINDS[step["kind"]]
    for right in (True, False):
        posted = QueryDict(mutable=True)
        for field, value in kind.answer_fields(step, right=right).items():
            posted.setlist(field, value if isinstance(value, list) else [value])
        verdict = kind.check(step, posted)
        assert verdict.correct is right and verdict.explanation
