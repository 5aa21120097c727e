"""A beginner never reads raw rule IDs: lessons, hints and the engine's explanations cite rules as
small links to the rule on the game's rules page, and each link lands on an anchor there."""
import re
from html.parser import HTMLParser

import pytest
from django.urls import reverse

from tests.lessons.support import answer, right_answer, wrong_answer
from tutorials.core.games import GAMES
from tutorials.lessons.models import Step

pytestmark = pytest.mark.django_db
RAW_ID = re.compile(r"\b(?:SCOPA|SETTE|STOPPA|SALTA)-[A-Z0-9]+(?:\.[0-9]+)*")
RAW_MARKUP = re.compile(r"\*[^\s*][^*]*\*|\[\[")  # our lesson markup (*di mano*, [[7D]]) left unread
RULE_LINK = re.compile(r'<a class="rule-ref" href="(/[a-z]+/rules/)#([^"]+)"')  # those with an anchor


class _VisibleText(HTMLParser):
    """The text a reader sees (no tags, no attributes, no scripts)."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag, attrs):
        self._skip += tag in ("script", "style")

    def handle_endtag(self, tag):
        self._skip -= tag in ("script", "style")

    def handle_data(self, data):
        if not self._skip:
            self.parts.append(data)


def visible(html: str) -> str:
    parser = _VisibleText()
    parser.feed(html)
    return " ".join(parser.parts)


def _anchors(client, path: str) -> list[str]:
    return re.findall(r'class="rule-id" id="([^"]+)"', client.get(path).content.decode())


def test_each_rules_page_marks_each_rule_once_as_an_anchor(client):
    for game in GAMES:
        anchors = _anchors(client, reverse("rules", args=[game.slug]))
        assert anchors and len(anchors) == len(set(anchors)), game.slug


def test_no_lesson_page_or_feedback_shows_a_raw_rule_id_or_markup_and_every_rule_link_lands(client, content):
    pages: dict[str, set[str]] = {}
    links = 0
    for step in Step.objects.select_related("lesson").order_by("lesson__game", "lesson__order", "number"):
        if step.number == 1:
            client.cookies.clear()  # a new learner for each lesson, who answers every step in turn
        url = reverse("lesson_step", args=[step.lesson.game, step.lesson.slug, step.number])
        shown = [client.get(url).content.decode()]
        if step.kind != "read":
            shown.append(answer(client, step, wrong_answer(step)).content.decode())
        shown.append(answer(client, step, right_answer(step)).content.decode())
        for html in shown:
            assert not RAW_ID.search(visible(html)), (url, RAW_ID.findall(visible(html)))
            assert not RAW_MARKUP.search(visible(html)), (url, RAW_MARKUP.findall(visible(html)))
            for page, rule in RULE_LINK.findall(html):
                links += 1
                if page not in pages:
                    pages[page] = set(_anchors(client, page))
                assert rule in pages[page], (url, rule)
    assert links > 50  # the lessons do cite rules, as links now
