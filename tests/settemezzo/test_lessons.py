"""Sette e Mezzo's lessons: every step kind judged against the engine, malformed answers refused
with BadAnswer, no page giving its answer away, and a curriculum of the promised size."""
from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from django.core.management import call_command
from django.http import QueryDict
from django.urls import reverse

from neapolitan.cards import DECK, parse_cards
from neapolitan.settemezzo import hand_value
from tests.lessons.support import answer as post_answer
from tests.lessons.support import go_to, right_answer, wrong_answer
from tutorials.lessons.content import read_all
from tutorials.lessons.languages import LANGUAGES
from tutorials.lessons.models import Lesson, LessonProgress, Step
from tutorials.lessons.steps import STEP_KINDS, BadAnswer, BadContent


@pytest.fixture
def content(db):
    """The lesson files loaded into the test database."""
    call_command("sync_content", verbosity=0)


KINDS = ("sette_value", "sette_matta", "sette_outcome", "sette_payoff", "sette_bank", "sette_dealer", "sette_odds",
         "sette_estimate")


def _post(**fields) -> QueryDict:
    posted = QueryDict(mutable=True)
    for name, value in fields.items():
        posted.setlist(name, value if isinstance(value, list) else [value])
    return posted


def _judge(kind: str, step: dict, **fields) -> bool:
    return STEP_KINDS[kind].check(step, _post(**fields)).correct


def _step(kind: str, **data) -> dict:
    return {"kind": kind, "prompt": "?", "hint": "!", **data}


# -- the value of a hand ----------------------------------------------------------------------------
@pytest.mark.parametrize(("cards", "total"), [
    ("5C 9S", "5½"),  # SETTE-1.2: numbers at face value, a figure is a half
    ("8C 9B 4S", "5"),  # SETTE-1.2: two halves make one
    ("3C 10D", "7"),  # SETTE-EX-6: 3 + matta = 7, the matta at 4 (never 4½ by default)
    ("6D 10D 8S", "7½"),  # SETTE-EX-7: the matta drops to 1 beside 6 + ½
    ("10D", "7"),  # SETTE-4.8: the matta alone counts 7
    ("7D 6C", "bust"),  # SETTE-EX-7, SETTE-3.2: 13 is bust
    ("4C 5S", "bust"),  # SETTE-EX-4
])
def test_value_of_a_hand_SETTE_1_2_and_3_1(cards, total):
    step = _step("sette_value", cards=cards)
    assert STEP_KINDS["sette_value"].expected(step) == total
    if total == "bust":
        assert _judge("sette_value", step, bust="1")
        assert not _judge("sette_value", step, value=str(int(hand_value(parse_cards(cards)))))  # right sum, but bust
    else:
        assert _judge("sette_value", step, value=total)
        assert not _judge("sette_value", step, bust="1")


@pytest.mark.parametrize("typed", ["5½", "5.5", "5,5", " 5 ½ ", "5 1/2"])
def test_a_half_may_be_typed_several_ways(typed):
    assert _judge("sette_value", _step("sette_value", cards="5C 9S"), value=typed)


def test_the_figures_half_is_explained_SETTE_1_2():
    verdict = STEP_KINDS["sette_value"].check(_step("sette_value", cards="6C 8C"), _post(value="6"))
    assert not verdict.correct and "Fante di Coppe ½" in verdict.explanation and "6½" in verdict.explanation


# -- the matta ------------------------------------------------------------------------------------
@pytest.mark.parametrize(("cards", "rules", "value"), [
    ("3C 10D", {}, "4"),  # SETTE-EX-6: values ½, 1 … 7: 4 keeps 3 at 7
    ("3C 10D", {"matta": "half_steps"}, "4½"),  # SETTE-EX-6 with SETTE-OP-1 (B)
    ("3C 10D", {"matta": "integer"}, "4"),  # SETTE-OP-1 (C)
    ("8C 10D", {}, "7"),  # SETTE-3.4: figure + matta at 7 makes a reale
    ("7D 10D", {}, "½"),  # SETTE-3.4: 7 + matta at ½
    ("6D 10D", {}, "1"),  # SETTE-EX-7
    ("7C 1B 10D", {}, "½"),  # SETTE-3.1: nothing fits, the matta is ½ and the hand is bust
    ("10D", {}, "7"),  # SETTE-4.8, SETTE-OP-2 (A)
    ("10D", {"matta_alone": "half"}, "½"),  # SETTE-OP-2 (B)
])
def test_the_matta_takes_the_best_value_SETTE_1_3(cards, rules, value):
    step = _step("sette_matta", cards=cards, rules=rules)
    assert STEP_KINDS["sette_matta"].expected(step) == value
    assert _judge("sette_matta", step, value=value)


def test_a_matta_value_that_busts_is_explained_SETTE_3_1():
    verdict = STEP_KINDS["sette_matta"].check(_step("sette_matta", cards="3C 10D"), _post(value="5"))
    assert not verdict.correct and "bust" in verdict.explanation and "4" in verdict.solution


# -- what a hand is -------------------------------------------------------------------------------
@pytest.mark.parametrize(("cards", "rules", "outcome"), [
    ("7S 10C", {}, "reale"),  # SETTE-EX-1: 7 + figure
    ("9S 10D", {}, "reale"),  # SETTE-EX-5: figure + matta at 7
    ("9S 10D", {"reale": "natural_only"}, "simple"),  # SETTE-EX-5 with SETTE-OP-3 (B)
    ("7D 10D", {}, "reale"),  # SETTE-3.4: 7 + matta at ½
    ("5C 2S 8D", {}, "simple"),  # SETTE-EX-3: three cards
    ("6D 10D 8S", {}, "simple"),  # SETTE-EX-7
    ("4C 10D", {}, "under"),  # SETTE-3.1: the matta is never 3½ by default
    ("4C 10D", {"matta": "half_steps"}, "reale"),  # SETTE-OP-1 (B)
    ("7D 6C", {}, "bust"),  # SETTE-EX-7
])
def test_outcome_of_a_hand_SETTE_3(cards, rules, outcome):
    step = _step("sette_outcome", cards=cards, rules=rules)
    assert STEP_KINDS["sette_outcome"].expected(step) == outcome
    assert _judge("sette_outcome", step, outcome=outcome)
    assert not _judge("sette_outcome", step, outcome="under" if outcome != "under" else "bust")


# -- the showdown ----------------------------------------------------------------------------------
@pytest.mark.parametrize(("you", "dealer", "stake", "rules", "chips"), [
    ("3D 6B", "2C 4S", 4, {}, -4),  # SETTE-EX-2, SETTE-6.2: 6 against 6, ties go to the dealer
    ("6C", "5B", 2, {}, 2),  # SETTE-6.1
    ("5C 2S 8D", "3B 4D 10S", 1, {}, -1),  # SETTE-EX-3, SETTE-6.3: simple against simple, not doubled
    ("4C 5S", "6B 3C 2S", 1, {}, -1),  # SETTE-EX-4, SETTE-4.5: a bust pays even if the dealer busts
    ("7S 10C", "6B", 1, {}, 2),  # SETTE-EX-1, SETTE-6.4
    ("2B", "4B 6S", 1, {}, 1),  # SETTE-EX-8, SETTE-6.6
    ("9S 10D", "4B 6S", 1, {}, 2),  # SETTE-EX-8: a reale when the dealer busts
    ("9S 10D", "4B 6S", 1, {"bust_pays_single": True}, 1),  # SETTE-OP-10 (B)
    ("6S", "4B 3S 9C", 1, {}, -2),  # SETTE-EX-9, SETTE-6.3: the dealer's 7½ collects double
    ("6S", "4B 3S 9C", 1, {"dealer_double": "never"}, -1),  # SETTE-OP-7 (C)
    ("6S", "4B 3S 9C", 1, {"dealer_double": "reale_only"}, -1),  # SETTE-OP-7 (B)
    ("7B 9C", "4B 3S 9D", 2, {}, 4),  # SETTE-EX-9, SETTE-6.4: reale against a simple 7½
    ("7B 9C", "4B 3S 9D", 2, {"reale_vs_simple": "single"}, 2),  # SETTE-OP-8 (B)
    ("7B 9C", "4B 3S 9D", 2, {"reale_vs_simple": "tie"}, -2),  # SETTE-OP-8 (C)
    ("7S 8B", "7C 9D", 1, {}, -1),  # SETTE-EX-10, SETTE-6.5: reale against reale
    ("7S 8B", "7C 9D", 1, {"reale_vs_reale": "push"}, 0),  # SETTE-OP-9 (B)
    ("5D", "7C 9D", 1, {}, -2),  # SETTE-EX-10: P2 stood on 5
    ("10D", "7S", 3, {}, -3),  # SETTE-EX-13: the lone matta's 7 ties the dealer's 7
])
def test_showdown_payments_SETTE_6(you, dealer, stake, rules, chips):
    step = _step("sette_payoff", you=you, dealer=dealer, stake=stake, rules=rules)
    kind = STEP_KINDS["sette_payoff"]
    assert kind.expected(step) == chips
    assert _judge("sette_payoff", step, result=str(chips // stake))
    wrong = kind.check(step, _post(result=str(-(chips // stake) or 1)))
    assert not wrong.correct and wrong.explanation


def test_the_showdown_explains_the_double_SETTE_6_3():
    verdict = STEP_KINDS["sette_payoff"].check(
        _step("sette_payoff", you="6S", dealer="4B 3S 9C", stake=3), _post(result="-1"))
    assert not verdict.correct
    assert "pays double" in verdict.explanation and "You pay 6 chips" in verdict.explanation


# -- the bank -----------------------------------------------------------------------------------
@pytest.mark.parametrize(("dealer", "punters", "rules", "next_dealer"), [
    ("4B 6S", ["2B", "9S 10D", "5C 6C"], {}, "player 2"),  # SETTE-EX-8: a reale paid by a busted dealer
    ("4B 3S 9C", ["6S", "5C 2S 8D", "7B 9D"], {}, "player 3"),  # SETTE-EX-9, SETTE-OP-8 (A)
    ("4B 3S 9C", ["6S", "5C 2S 8D", "7B 9D"], {"reale_vs_simple": "single"}, "player 3"),  # SETTE-EX-9 (B)
    ("4B 3S 9C", ["6S", "5C 2S 8D", "7B 9D"], {"reale_vs_simple": "tie"}, "dealer"),  # SETTE-OP-8 (C)
    ("7C 9D", ["7S 8B", "5D"], {}, "dealer"),  # SETTE-EX-10, SETTE-6.5
    ("7C 9D", ["7S 8B", "5D"], {"reale_vs_reale": "bank_passes"}, "player 1"),  # SETTE-OP-9 (C)
    ("6B", ["7S 10C", "2D", "9S 10D"], {}, "player 1"),  # SETTE-EX-11: the first in turn order
    ("3C 2S 9D", ["6B 1C", "4D 3S 8S"], {}, "dealer"),  # SETTE-7.2: a simple 7½ never takes the bank
    ("2B 5D", ["3S 4B", "7S 9S"], {"bank": "rotates"}, "player 1"),  # SETTE-OP-11 (B)
])
def test_who_holds_the_bank_SETTE_7(dealer, punters, rules, next_dealer):
    step = _step("sette_bank", dealer=dealer, punters=punters, rules=rules)
    assert STEP_KINDS["sette_bank"].expected(step) == next_dealer
    seat = "dealer" if next_dealer == "dealer" else next_dealer.split()[1]
    assert _judge("sette_bank", step, seat=seat)
    assert not _judge("sette_bank", step, seat="1" if seat == "dealer" else "dealer")


# -- the dealer's rule ----------------------------------------------------------------------------
@pytest.mark.parametrize(("cards", "stands_on", "move"), [
    ("2B 2C", 5, "draw"),  # SETTE-OP-6 (B): 4 is below 5
    ("5S", 5, "stand"),  # SETTE-OP-6 (B): 5 stands
    ("4D 9C", 5, "draw"),  # 4½ is below 5
    ("10D", 5, "stand"),  # SETTE-4.8: the lone matta counts 7
    ("1S 3C 8B 9B", 5, "stand"),  # 1 + 3 + ½ + ½ = 5
    ("5S 9C", 6, "draw"),  # another house limit: 5½ is below 6
])
def test_the_dealers_drawing_rule_SETTE_OP_6(cards, stands_on, move):
    step = _step("sette_dealer", cards=cards, rules={"dealer_stands_on": stands_on})
    assert STEP_KINDS["sette_dealer"].expected(step) == move
    assert _judge("sette_dealer", step, move=move)
    assert not _judge("sette_dealer", step, move="stand" if move == "draw" else "draw")


# -- odds from the cards seen --------------------------------------------------------------------------
def _brute_force(cards: str, seen: str, ask: str) -> int:
    """Count the unseen cards one by one with hand_value: independent of the odds module."""
    hand, known = parse_cards(cards), set(parse_cards(cards) + parse_cards(seen))
    count = 0
    for card in DECK:
        if card in known:
            continue
        total = hand_value([*hand, card])
        count += {"bust": total > 7.5, "safe": total <= 7.5, "seven_half": total == 7.5}[ask]
    return count


@pytest.mark.parametrize(("cards", "seen", "ask", "count"), [
    ("6C", "", "bust", 23),  # SETTE-1.2, SETTE-3.2: every 2 to 7 busts a 6
    ("5S", "7B 7C 3D", "bust", 16),  # the face-up cards are out of the count (SETTE-4.4)
    ("4D 2S", "1C 8B", "safe", 14),  # figures, aces and the matta (SETTE-1.3) keep 6 safe
    ("7C", "", "seven_half", 12),  # 11 figures and the matta make 7½
    ("10D 5C", "9S", "bust", 19),  # SETTE-3.1: the matta drops to ½, so a 2 still fits
    ("3C 4S", "10B 9D", "seven_half", 10),
    ("10D", "", "bust", 0),  # the matta alone adapts to any card
])
def test_counting_the_unseen_cards(cards, seen, ask, count):
    step = _step("sette_odds", cards=cards, seen=seen, ask=ask)
    assert STEP_KINDS["sette_odds"].expected(step) == count == _brute_force(cards, seen, ask)
    assert _judge("sette_odds", step, number=str(count))
    assert not _judge("sette_odds", step, number=str(count + 1))


# -- estimating the chance (tutorials/lessons/estimate.py) -----------------------------------------
@pytest.mark.parametrize(("cards", "seen", "ask", "hits", "total"), [
    ("5C", "", "bust", 19, 39),  # SETTE-3.2: 3 to 7 bust a 5, less the learner's own Cinque
    ("4S 2D", "7C 8B 3D", "bust", 20, 35),  # SETTE-4.4: the face-up cards are not in the count
    ("7D", "9C 10S 8B", "seven_half", 9, 36),  # SETTE-3.3: eight figures left and the matta
    ("10D 3C", "", "safe", 26, 38),  # SETTE-3.1: the matta drops to ½, only 5, 6 and 7 bust
    ("10D", "", "bust", 0, 39),  # the matta alone adapts to any card: 0%
    ("6C", "1C 2C 3C 4B 5B", "bust", 19, 34),
])
def test_the_chance_of_the_next_card_is_the_exact_count(cards, seen, ask, hits, total):
    step = _step("sette_estimate", cards=cards, seen=seen, ask=ask)
    STEP_KINDS["sette_estimate"].validate(step)
    assert _brute_force(cards, seen, ask) == hits  # an independent count, card by card
    assert 40 - len(parse_cards(cards)) - len(parse_cards(seen)) == total
    count = STEP_KINDS["sette_estimate"].count(step)
    assert (count.hits, count.total) == (hits, total)
    assert STEP_KINDS["sette_estimate"].expected(step) == round(100 * hits / total, 1)
    exact = 100 * hits / total
    verdict = STEP_KINDS["sette_estimate"].check(step, _post(guess=str(round(exact))))
    assert verdict.correct
    if hits:
        assert f"{hits} of the {total} cards you have not seen" in verdict.explanation
    assert verdict.solution == f"{round(exact, 1):g}%"


# 9 of 36 cards make 7½: exactly 25%, so the distances are whole points.
QUARTER = _step("sette_estimate", cards="7D", seen="9C 10S 8B", ask="seven_half")


@pytest.mark.parametrize(("guess", "correct", "opening"), [
    ("25", True, "Spot on: 25% is exactly the chance."),
    ("20", True, "Spot on: your 20% is 5 points below"),  # within 5 points counts
    ("30", True, "Spot on: your 30% is 5 points above"),
    ("24", True, "Spot on: your 24% is 1 point below"),
    ("19", False, "Close: your 19% is 6 points below"),  # close is told, but tried again
    ("40", False, "Close: your 40% is 15 points above"),
    ("41", False, "Your 41% is 16 points above"),
    ("0", False, "Your 0% is 25 points below"),
    ("100", False, "Your 100% is 75 points above"),
])
def test_a_guess_is_scored_by_its_distance_from_the_exact_chance(guess, correct, opening):
    verdict = STEP_KINDS["sette_estimate"].check(QUARTER, _post(guess=guess))
    assert verdict.correct is correct
    assert verdict.explanation.startswith(opening)
    assert "9 of the 36 cards you have not seen give you exactly 7½" in verdict.explanation
    assert "25%" in verdict.explanation and verdict.solution == "25%"


@pytest.mark.parametrize(("posted", "read"), [
    (["30"], 30),  # the slider alone, or the number box alone
    (["50", ""], 50),  # without JavaScript: the slider moved, nothing typed
    (["50", "30"], 30),  # a typed number (after the slider in the form) is the one meant
    (["30", "30"], 30),  # with JavaScript the two move together
    ([" 25 "], 25),
])
def test_the_slider_and_the_number_box_post_one_guess(posted, read):
    verdict = STEP_KINDS["sette_estimate"].check(QUARTER, _post(guess=posted))
    assert f"{read}%" in verdict.explanation.split(".")[0]


@pytest.mark.parametrize("value", ["", " ", "²", "⑤", "٣", "-1", "101", "1000", "25.5", "25%", "1e2", "NaN",
                                   "9" * 40, "\x00", "😀"])
def test_a_malformed_guess_is_a_bad_answer_with_a_message(value):
    with pytest.raises(BadAnswer, match="whole percent from 0 to 100"):
        STEP_KINDS["sette_estimate"].check(QUARTER, _post(guess=value))
    with pytest.raises(BadAnswer):
        STEP_KINDS["sette_estimate"].check(QUARTER, _post(guess=["50", value]) if value.strip() else _post())


def test_the_engines_answers_for_an_estimate_are_far_apart():
    right = STEP_KINDS["sette_estimate"].answer_fields(QUARTER, right=True)
    wrong = STEP_KINDS["sette_estimate"].answer_fields(QUARTER, right=False)
    assert right == {"guess": "25"} and abs(int(wrong["guess"]) - 25) > 15


# -- malformed answers and content ------------------------------------------------------------------
STEPS = {
    "sette_value": _step("sette_value", cards="5C 9S"),
    "sette_matta": _step("sette_matta", cards="3C 10D"),
    "sette_outcome": _step("sette_outcome", cards="7S 10C"),
    "sette_payoff": _step("sette_payoff", you="6C", dealer="5B", stake=2),
    "sette_bank": _step("sette_bank", dealer="6C", punters=["7S 8C", "5D"]),
    "sette_dealer": _step("sette_dealer", cards="2B 2C", rules={"dealer_stands_on": 5}),
    "sette_odds": _step("sette_odds", cards="6C"),
    "sette_estimate": _step("sette_estimate", cards="6C"),
}
FIELD = {"sette_value": "value", "sette_matta": "value", "sette_outcome": "outcome", "sette_payoff": "result",
         "sette_bank": "seat", "sette_dealer": "move", "sette_odds": "number",
         "sette_estimate": "guess"}
ODD = ["", " ", "²", "⑤", "٣", "-1", "1e3", "9" * 40, "NaN", "\x00", "11X", "½½", "7..5", "3", "99", "0",
       "<script>", "😀", "draw stand", "reale ", "-3", "1/2/3"]


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_is_registered_and_the_fields_are_valid(kind):
    assert STEP_KINDS[kind].interactive
    STEP_KINDS[kind].validate(STEPS[kind])


@pytest.mark.parametrize("kind", KINDS)
def test_malformed_answers_are_bad_answers_never_other_errors(kind):
    step, field = STEPS[kind], FIELD[kind]
    with pytest.raises(BadAnswer):
        STEP_KINDS[kind].check(step, _post())
    for value in ODD:
        try:
            STEP_KINDS[kind].check(step, _post(**{field: value}))
        except BadAnswer as error:
            assert str(error)  # a message a person can read
        # an odd value that happens to be a legal answer ("3", "0") is judged, not refused


@pytest.mark.parametrize(("kind", "field", "value"), [
    ("sette_value", "value", "11X"), ("sette_value", "value", "seven"), ("sette_matta", "value", "²"),
    ("sette_outcome", "outcome", "royal"), ("sette_payoff", "result", "3"), ("sette_payoff", "result", "+1"),
    ("sette_bank", "seat", "0"), ("sette_bank", "seat", "3"), ("sette_bank", "seat", "٣"),
    ("sette_dealer", "move", "hit"), ("sette_odds", "number", "-1"), ("sette_odds", "number", "⑤"),
    ("sette_odds", "number", "1e3"), ("sette_estimate", "guess", "101"), ("sette_estimate", "guess", "-1"),
    ("sette_estimate", "guess", "²"), ("sette_estimate", "guess", ""),
])
def test_these_answers_are_refused(kind, field, value):
    with pytest.raises(BadAnswer):
        STEP_KINDS[kind].check(STEPS[kind], _post(**{field: value}))


@pytest.mark.parametrize(("kind", "changes", "field"), [
    ("sette_value", {"cards": "11X"}, "cards"),
    ("sette_value", {"cards": ""}, "cards"),
    ("sette_value", {"cards": "7D 7D"}, "twice"),
    ("sette_matta", {"cards": "3C 4C"}, "cards"),
    ("sette_outcome", {"rules": {"matta": "wild"}}, "rules"),
    ("sette_outcome", {"rules": {"no_such_option": 1}}, "rules"),
    ("sette_payoff", {"stake": 0}, "stake"),
    ("sette_payoff", {"stake": "2"}, "stake"),
    ("sette_payoff", {"dealer": "5C", "you": "5C"}, "twice"),
    ("sette_bank", {"punters": "7S 8C"}, "punters"),
    ("sette_bank", {"punters": ["7S 8C", ""]}, "punters"),
    ("sette_dealer", {"rules": {}}, "dealer_stands_on"),
    ("sette_dealer", {"cards": "7S 8C"}, "cards"),
    ("sette_odds", {"ask": "win"}, "ask"),
    ("sette_odds", {"seen": "6C"}, "twice"),
    ("sette_estimate", {"ask": "win"}, "ask"),
    ("sette_estimate", {"cards": "7C 10C"}, "cards"),
    ("sette_estimate", {"seen": "6C"}, "twice"),
])
def test_bad_content_names_the_field(kind, changes, field):
    with pytest.raises(BadContent, match=field):
        STEP_KINDS[kind].validate({**STEPS[kind], **changes})


# -- the curriculum -----------------------------------------------------------------------------
LESSONS = sorted((lesson for lesson in read_all() if lesson.game == "settemezzo"), key=lambda lesson: lesson.order)
RULE_ID = re.compile(r"SETTE-|\(SETTE|OP-\d")


def test_the_curriculum_has_at_least_8_lessons_and_40_interactive_steps():
    interactive = [s for lesson in LESSONS for s in lesson.steps if STEP_KINDS[s["kind"]].interactive]
    assert len(LESSONS) >= 8
    assert len(interactive) >= 40
    used = {s["kind"] for s in interactive}
    assert set(KINDS) <= used
    computed = [s for s in interactive if s["kind"] != "choice"]
    assert len(computed) >= 3 * (len(interactive) - len(computed))  # most answers come from the engine


def test_every_lesson_alternates_reading_and_questions():
    for lesson in LESSONS:
        kinds = [s["kind"] for s in lesson.steps]
        assert kinds[0] == "read", lesson.slug
        assert any(k != "read" for k in kinds), lesson.slug


def test_learners_never_see_a_rule_id():
    for lesson in LESSONS:
        for language in LANGUAGES:
            for where, text in lesson.texts(language):
                assert not RULE_ID.search(text), f"{lesson.slug} {where} ({language}): {text!r}"


# -- over HTTP -------------------------------------------------------------------------------------
class _Text(HTMLParser):
    """The text a reader sees, and every attribute value, of a page."""

    def __init__(self) -> None:
        super().__init__()
        self.text: list[str] = []
        self.values: list[str] = []

    def handle_data(self, data: str) -> None:
        self.text.append(data)

    def handle_starttag(self, tag, attrs) -> None:
        self.values += [v for k, v in attrs if k in ("value", "data-answer", "data-solution") and v]


HELP = "For a half, type ½ or use a decimal point."
NUMBER = re.compile(r"\d+½?|½")


def _assert_no_answer(html: str, step) -> None:
    kind = STEP_KINDS[step.kind]
    start = html.index("<form", html.index('id="main"'))  # the step's form, not the header's
    form = html[start:html.index("</form>", start)]
    assert 'id="feedback"' in html and "feedback--right" not in html and "Right!" not in html
    verdict = kind.check(step.in_language(), _post(**kind.answer_fields(step.in_language(), right=True)))
    assert verdict.explanation not in html
    parser = _Text()
    parser.feed(form)
    prompt = step.in_language().get("prompt", "")
    if step.kind in ("sette_value", "sette_matta", "sette_odds"):
        # the only numbers shown are the question's own: its prompt, and the count of unseen cards
        text = " ".join(parser.text).replace(HELP, "").replace(prompt, "")
        if step.kind == "sette_odds":
            text = text.replace(f"{kind.context(step.in_language())['unseen']} cards you have not seen", "")
        assert str(step.in_language()["answer"]) not in NUMBER.findall(text), (step.lesson.slug, step.number, text)
        assert str(step.in_language()["answer"]) not in parser.values
    if step.kind == "sette_estimate":
        # the slider starts in the middle, the number box is empty: no figure of the answer anywhere
        text = " ".join(parser.text).replace(prompt, "")
        exact = step.in_language()["answer"]
        assert f"{exact:g}" not in text and f"{round(exact)}%" not in text, (step.lesson.slug, step.number)
        assert parser.values.count("50") == 1 and str(round(exact)) not in parser.values
    if step.kind in ("sette_value", "sette_matta", "sette_odds", "sette_dealer", "sette_estimate"):
        assert 'type="hidden" name="csrfmiddlewaretoken"' in form
        assert form.count('type="hidden"') == 1


@pytest.mark.usefixtures("no_rate_limits")
def test_every_step_page_hides_its_answer_until_answered(client, content):
    """A learner walks the whole curriculum: each page before answering gives nothing away, a
    wrong answer is explained, the right one moves on."""
    lessons = Lesson.objects.filter(game="settemezzo").order_by("order")
    assert lessons.count() == len(LESSONS)
    for lesson in lessons:
        for step in lesson.steps.order_by("number"):
            url = reverse("lesson_step", args=["settemezzo", lesson.slug, step.number])
            response = client.get(url)
            assert response.status_code == 200, url
            html = response.content.decode()
            if step.kind == "read":
                post_answer(client, step, {}, htmx=False)
                continue
            _assert_no_answer(html, step)
            wrong = post_answer(client, step, wrong_answer(step))
            assert wrong.status_code == 200 and "Not quite" in wrong.content.decode()
            right = post_answer(client, step, right_answer(step))
            assert right.status_code == 200 and "Right!" in right.content.decode(), url
        done = client.get(reverse("lesson_done", args=["settemezzo", lesson.slug]))
        assert done.status_code == 200


def test_the_learn_page_lists_the_lessons(client, content):
    html = client.get("/settemezzo/learn/").content.decode()
    assert "being written" not in html
    for lesson in LESSONS:
        assert lesson.title["en"].replace("'", "&#x27;") in html


@pytest.mark.usefixtures("no_rate_limits")
@pytest.mark.parametrize("kind", KINDS)
def test_a_malformed_post_is_a_400_and_changes_nothing(client, content, kind):
    step = Step.objects.filter(lesson__game="settemezzo", kind=kind).select_related("lesson").first()
    go_to(client, step)
    before = LessonProgress.objects.filter(lesson=step.lesson).values_list("step", "mistakes").first()
    for value in ("²", "11X", "", "9" * 40):
        response = post_answer(client, step, {FIELD[kind]: value})
        assert response.status_code == 400, (kind, value)
        assert 'role="alert"' in response.content.decode()
    after = LessonProgress.objects.filter(lesson=step.lesson).values_list("step", "mistakes").first()
    assert after == before
