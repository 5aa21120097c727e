"""Under its heading "Right!", a right answer's explanation does not say "Right:" again (issue 17:
"Right! Right: the Cavallo is worth 9."), whether the words come from a lesson file or from a
step kind's code."""
import re

import pytest
from django.http import QueryDict

from tests.lessons.support import answer, go_to, right_answer
from tutorials.lessons.content import read_all
from tutorials.lessons.languages import step_in
from tutorials.lessons.models import Step
from tutorials.lessons.steps import STEP_KINDS, Verdict

INTERACTIVE = [
    pytest.param(step, id=f"{lesson.game}/{lesson.path.stem}#{number}")
    for lesson in read_all() for number, step in enumerate(lesson.steps, start=1)
    if STEP_KINDS[step["kind"]].interactive
]


@pytest.mark.parametrize(("verdict", "shown"), [
    (Verdict(True, "Right: the Cavallo, the rider, is worth 9."), "The Cavallo, the rider, is worth 9."),
    (Verdict(True, "right! 4 × 10 = 40"), "4 × 10 = 40"),
    (Verdict(True, "Correct, you keep it."), "You keep it."),
    (Verdict(True, "Rightly, the dealer stands."), "Rightly, the dealer stands."),
    (Verdict(True, "The Re is a wall."), "The Re is a wall."),
    (Verdict(False, "Right: only for the dealer."), "Right: only for the dealer."),  # not the verdict's word
])
def test_the_explanation_shown_under_the_verdict(verdict, shown):
    assert verdict.why == shown


@pytest.mark.parametrize("language", ["en", "it"])
@pytest.mark.parametrize("bilingual", INTERACTIVE)
def test_no_right_answer_says_right_twice(bilingual, language):
    step = step_in(bilingual, language)
    kind = STEP_KINDS[step["kind"]]
    posted = QueryDict(mutable=True)
    for field, value in kind.answer_fields(step, right=True).items():
        posted.setlist(field, value if isinstance(value, list) else [value])
    verdict = kind.check(step, posted)
    assert verdict.correct
    assert not re.match(r"\W*(right|correct|giusto|esatto|corretto)\b", verdict.why, re.IGNORECASE), verdict.why


@pytest.mark.django_db
def test_the_page_says_right_once(client, content):
    """The page of a right answer says "Right!" once."""
    step = next(s for s in Step.objects.filter(kind="choice").order_by("lesson__game", "lesson__order", "number"))
    go_to(client, step)
    html = answer(client, step, right_answer(step)).content.decode()
    assert "Right!" in html and "Right: " not in html
