"""Saltacavallo's lesson steps: each kind judged against the engine on a table of positions (rule IDs of
the rules reference in the names), malformed answers refused with BadAnswer, pages that never show
the answer before it is given, and a curriculum big enough to learn the game from."""
from __future__ import annotations

import re

import pytest
from django.core.management import call_command
from django.http import QueryDict
from django.test import Client
from django.urls import reverse

from tests.lessons.support import answer, go_to, right_answer, wrong_answer
from tutorials.lessons.content import read_all
from tutorials.lessons.languages import LANGUAGES
from tutorials.lessons.models import Lesson, LessonProgress, Step
from tutorials.lessons.steps import STEP_KINDS, BadAnswer, BadContent

SALTA_KINDS = ("salta_loser", "salta_target", "salta_after", "salta_draw", "salta_decide", "salta_lives",
               "salta_first_dealer")


@pytest.fixture
def content(db):
    """The lesson files loaded into the test database."""
    call_command("sync_content", verbosity=0)


def _post(**fields) -> QueryDict:
    posted = QueryDict(mutable=True)
    for name, value in fields.items():
        posted.setlist(name, value if isinstance(value, list) else [value])
    return posted


def _step(kind: str, **data) -> dict:
    return {"kind": kind, "prompt": "?", "hint": "!", **data}


def _judge(kind: str, data: dict, **fields):
    return STEP_KINDS[kind].check(data, _post(**fields))


# -- who loses a life (SALTA-8) ------------------------------------------------------------------
LOSER_TABLE = [
    # cards in play order (dealer last), lives, the losers
    ("5C 3D 7S 6B", None, "P2"),  # SALTA-8.2: the lowest card, 3
    ("3D 3C 7S 8B", None, "P1 P2"),  # SALTA-EX-7: everyone tied for lowest loses
    ("2C 9S 6D 10B 3S", None, "P1"),  # SALTA-5.2: the Cavallo and the Re are safe
    ("9C 10S 9B 10D", None, "none"),  # SALTA-EX-8 / SALTA-8.1: everyone immune, nobody loses
    ("8D 9S 8C 10C 8S", None, "P1 P3 D"),  # a Fante is not safe: three Fanti tie
    ("4C - 4S", "1 0 1", "none"),  # SALTA-EX-10 / SALTA-8.3: the last two would die, the hand is void
    ("4C - 1S", "1 0 1", "D"),  # SALTA-11.1: one last life lost, the other wins
]


@pytest.mark.parametrize(("cards", "lives", "losers"), LOSER_TABLE)
def test_who_loses_a_life_SALTA_8(cards, lives, losers):
    data = _step("salta_loser", cards=cards, **({"lives": lives} if lives else {}))
    kind = STEP_KINDS["salta_loser"]
    kind.validate(data)
    assert kind.expected(data) == losers
    if losers == "none":
        assert _judge("salta_loser", data, nobody="1").correct
    else:
        assert _judge("salta_loser", data, seats=losers.split()).correct
        assert not _judge("salta_loser", data, nobody="1").correct


def test_a_tie_needs_every_tied_player_SALTA_8_2():
    data = _step("salta_loser", cards="3D 3C 7S 8B")
    verdict = _judge("salta_loser", data, seats=["P1"])
    assert not verdict.correct and "Everyone tied" in verdict.explanation
    assert "Tre di Denari (3)" in verdict.explanation and "Tre di Coppe (3)" in verdict.explanation


def test_choosing_a_cavallo_is_explained_SALTA_5_2():
    verdict = _judge("salta_loser", _step("salta_loser", cards="2C 9S 6D 10B 3S"), seats=["P2"])
    assert not verdict.correct and "never loses a life" in verdict.explanation


def test_a_void_hand_is_explained_SALTA_8_3():
    verdict = _judge("salta_loser", _step("salta_loser", cards="4C - 4S", lives="1 0 1"), seats=["P1", "D"])
    assert not verdict.correct and "void" in verdict.explanation


# -- where a swap goes: the neighbour, the wall, the jump (SALTA-6.3) --------------------------------
TARGET_TABLE = [
    # cards, who swaps, options, where the swap lands
    ("3C 6D 5B 7S", "P1", {}, "P2"),  # SALTA-6.1: the right-hand neighbour
    ("4C 6D 5B 7S", "P3", {}, "D"),  # SALTA-6.4: the dealer is a legal target
    ("2C 10S 6D 7B", "P1", {}, "none"),  # SALTA-6.3: a Re is a wall
    ("3C 6D 2S 10D", "P3", {}, "none"),  # SALTA-6.4: the dealer's Re is a wall too
    ("2C 9S 6D 10B 3S", "P1", {}, "P3"),  # SALTA-EX-1: a Cavallo is jumped
    ("2D 9C 9B 5S 7C", "P1", {}, "P4"),  # SALTA-EX-3 / SALTA-OP-3: jumps cascade
    ("2D 9C 9B 5S 7C", "P1", {"no_cascade": True}, "none"),  # SALTA-OP-3 (B): NO_CASCADE
    ("1D 9C 10S 4B", "P1", {}, "none"),  # SALTA-EX-2 / SALTA-OP-2: a Re two seats away still walls
    ("1D 9C 10S 4B 5C", "P1", {"king_wall_adjacent_only": True}, "P4"),  # SALTA-OP-2 (B)
    ("3B 6C 1C 9S", "P3", {}, "none"),  # SALTA-EX-4 / SALTA-OP-4: never past the dealer
    ("4S 9D 7C", "P1", {}, "D"),  # a jump may land on the dealer
    ("3C 5D 2S 4B", "D", {}, "none"),  # SALTA-7.4: the dealer never swaps
]


@pytest.mark.parametrize(("cards", "who", "rules", "target"), TARGET_TABLE)
def test_where_a_swap_goes_SALTA_6_3(cards, who, rules, target):
    data = _step("salta_target", cards=cards, who=who, **({"rules": rules} if rules else {}))
    kind = STEP_KINDS["salta_target"]
    kind.validate(data)
    assert kind.expected(data) == target
    assert _judge("salta_target", data, seat=target).correct


def test_the_wall_and_the_jump_are_named_in_the_explanation():
    wall = _judge("salta_target", _step("salta_target", cards="2C 10S 6D 7B", who="P1"), seat="P2")
    assert not wall.correct and "Re di Spade (10) is a wall" in wall.explanation and "refused" in wall.explanation
    jump = _judge("salta_target", _step("salta_target", cards="2C 9S 6D 10B 3S", who="P1"), seat="P2")
    assert not jump.correct and "jumps over him" in jump.explanation and "Player 3" in jump.explanation
    dealer = _judge("salta_target", _step("salta_target", cards="3B 6C 1C 9S", who="P3"), seat="P1")
    assert "never jumps past the dealer" in dealer.explanation


def test_a_player_showing_a_re_or_cavallo_is_not_asked_to_swap_SALTA_5_1():
    with pytest.raises(BadContent, match="who"):
        STEP_KINDS["salta_target"].validate(_step("salta_target", cards="2C 9S 6D 7B", who="P2"))


# -- what a swap does (SALTA-6.2, SALTA-6.5) ----------------------------------------------------------
AFTER_TABLE = [
    ("3C 6D 5B 7S", "swap keep keep", "P1", "6D"),  # SALTA-6.2: the target must accept
    ("2C 6D 5B 7S", "swap swap keep", "P3", "2C"),  # SALTA-6.5: a card received is decided on again
    ("1D 7C 4S 5B 8D", "swap swap swap swap", "D", "1D"),  # the ace runs away to the dealer
    ("2C 9S 6D 10B 3S", "swap keep", "P1", "6D"),  # SALTA-EX-1: P1 now holds 6D
    ("2C 9S 6D 10B 3S", "swap keep", "P3", "2C"),  # SALTA-EX-1: P3 holds 2C, walled by the Re
    ("6C 1D 10S 3B 5D", "swap keep swap", "D", "3B"),
]


@pytest.mark.parametrize(("cards", "actions", "ask", "card"), AFTER_TABLE)
def test_who_holds_what_after_the_swaps_SALTA_6(cards, actions, ask, card):
    data = _step("salta_after", cards=cards, actions=actions, ask=ask)
    kind = STEP_KINDS["salta_after"]
    kind.validate(data)
    assert kind.expected(data) == card
    assert _judge("salta_after", data, card=card).correct


def test_a_swap_into_a_wall_is_bad_content_SALTA_6_3():
    with pytest.raises(BadContent, match="actions"):
        STEP_KINDS["salta_after"].validate(
            _step("salta_after", cards="2C 10S 6D 7B", actions="swap", ask="P1"))


# -- the dealer's draw (SALTA-7.3, SALTA-OP-1) -----------------------------------------------------------
DRAW_TABLE = [
    ("2B", "6C 3D", {}, "6C"),  # SALTA-7.3: an ordinary card replaces his
    ("1S", "10C 4D", {}, "1S"),  # SALTA-EX-5: a Re is void, he keeps his card
    ("2B", "9D 5C", {}, "5C"),  # SALTA-EX-6: a Cavallo is thrown away, he draws again
    ("3C", "9S 10B 7D", {}, "3C"),  # a Cavallo, then a Re: he keeps his card
    ("4S", "9C 9B 1C", {}, "1C"),  # two Cavalli, then the Asso
    ("1S", "10C 4D", {"dealer_draw": "literal"}, "10C"),  # SALTA-OP-1 (A): DEALER_DRAW_LITERAL
    ("2B", "9D 5C", {"dealer_draw": "king_void"}, "9D"),  # SALTA-OP-1 (B): DEALER_KING_VOID
]


@pytest.mark.parametrize(("card", "stock", "rules", "held"), DRAW_TABLE)
def test_the_dealers_draw_SALTA_7_3(card, stock, rules, held):
    data = _step("salta_draw", card=card, stock=stock, **({"rules": rules} if rules else {}))
    kind = STEP_KINDS["salta_draw"]
    kind.validate(data)
    assert kind.expected(data) == held
    assert _judge("salta_draw", data, card=held).correct


def test_a_draw_is_told_card_by_card_SALTA_EX_6():
    verdict = _judge("salta_draw", _step("salta_draw", card="2B", stock="9D 5C"), card="9D")
    assert not verdict.correct
    assert "draws again" in verdict.explanation and "Cinque di Coppe (5)" in verdict.explanation


def test_a_draw_that_does_not_end_is_bad_content():
    with pytest.raises(BadContent, match="stock"):
        STEP_KINDS["salta_draw"].validate(_step("salta_draw", card="2B", stock="9D 9C"))


# -- keep or swap, keep or draw: the engine's exact odds ---------------------------------------------------
DECIDE_TABLE = [
    ("1C 6D 5B 7S", "P1", "", "swap"),  # an Asso kept always loses
    ("8C 6D 5B 7S", "P1", "", "keep"),  # a Fante kept cannot lose (SALTA-5.1: no hidden Re or Cavallo)
    ("3C 6D 5B 7S", "P1", "", "swap"),
    ("7C 2D 5B 4S", "P2", "swap", "keep"),  # SALTA-6.6: he knows P1 holds his Due
    ("5C 6D 3B 2S", "D", "keep keep keep", "draw"),  # SALTA-7.2: the dealer holds the lowest card
    ("5C 6D 2B 7S", "D", "keep keep keep", "keep"),  # someone else is lower: keep
]


@pytest.mark.parametrize(("cards", "who", "actions", "best"), DECIDE_TABLE)
def test_keep_or_change_by_the_odds(cards, who, actions, best):
    data = _step("salta_decide", cards=cards, who=who, actions=actions)
    kind = STEP_KINDS["salta_decide"]
    kind.validate(data)
    assert kind.expected(data) == best
    verdict = _judge("salta_decide", data, decision=best)
    assert verdict.correct and "%" in verdict.explanation


def test_a_close_call_is_bad_content():
    """A question whose two answers are nearly as good is not a lesson."""
    with pytest.raises(BadContent, match="too close"):
        STEP_KINDS["salta_decide"].validate(
            _step("salta_decide", cards="4C 6D 5B 7S", who="P1"))  # keep 40.8%, swap 37.9%


# -- lives, the pot, the revival (SALTA-2.3, SALTA-9, SALTA-11) -----------------------------------------------
LIVES_TABLE = [
    ("5C 2D 7S 6B", "3 3 3 3", "", "P2", 2),  # SALTA-2.3: a life lost
    ("5C 2D 7S 6B", "3 3 3 3", "", "pot", 1),  # SALTA-2.3: its chip goes to the pot
    ("4C - 1S 6B 5D", "2 0 1 3 3", "", "pot", 7),  # SALTA-EX-9: 15 chips, 8 in front of the players
    ("4C - 4S", "1 0 1", "", "P1", 1),  # SALTA-EX-10: a void hand
    ("7C - - - 3S", "2 0 0 0 1", "", "pot", 13),  # SALTA-EX-12: the winner's pot
    ("8C - 2S 6B", "2 0 3 3", "P2 P1", "P1", 1),  # SALTA-EX-11 / SALTA-9.2: a life given
    ("8C - 2S 6B", "2 0 3 3", "P2 P1", "P2", 1),  # SALTA-EX-11: back in the game
    ("8C - 2S 6B", "1 0 3 3", "P2 P1", "P1", 0),  # SALTA-9.2: even the last life
    ("5C 3D 7S 6B", "3 1 3 3", "P2 D", "pot", 3),  # a revival does not touch the pot
]


@pytest.mark.parametrize(("cards", "lives", "revive", "ask", "value"), LIVES_TABLE)
def test_lives_pot_and_revival_SALTA_9(cards, lives, revive, ask, value):
    data = _step("salta_lives", cards=cards, lives=lives, revive=revive, ask=ask)
    kind = STEP_KINDS["salta_lives"]
    kind.validate(data)
    assert kind.expected(data) == value
    assert _judge("salta_lives", data, value=str(value)).correct
    assert not _judge("salta_lives", data, value=str(value + 1)).correct


def test_no_revival_at_a_table_without_it_SALTA_OP_8():
    data = _step("salta_lives", cards="8C - 2S 6B", lives="2 0 3 3", revive="P2 P1", ask="P1",
                 rules={"revival": "off"})
    with pytest.raises(BadContent, match="revive"):
        STEP_KINDS["salta_lives"].validate(data)


def test_the_end_of_the_game_is_told_SALTA_11_1():
    data = _step("salta_lives", cards="7C - - - 3S", lives="2 0 0 0 1", ask="pot")
    assert "game is over" in _judge("salta_lives", data, value="13").explanation


# -- the first dealer (SALTA-3.1) ---------------------------------------------------------------------
FIRST_DEALER_TABLE = [
    (4, "3C 5S 4D 2B 1D", {}, "P1"),  # SALTA-EX-14
    (3, "7D 2C 10D", {}, "P3"),
    (5, "1S 6B 9C 2D 8S 4C 3B 10B 5D", {}, "P4"),  # both Denari to the same player
    (3, "7D 2C 10D", {"first_dealer": "10D"}, "P3"),  # SALTA-OP-11 (B): FIRST_DEALER_10D
]


@pytest.mark.parametrize(("players", "deal", "rules", "dealer"), FIRST_DEALER_TABLE)
def test_the_first_dealer_SALTA_3_1(players, deal, rules, dealer):
    data = _step("salta_first_dealer", players=players, deal=deal, **({"rules": rules} if rules else {}))
    kind = STEP_KINDS["salta_first_dealer"]
    kind.validate(data)
    assert kind.expected(data) == dealer
    assert _judge("salta_first_dealer", data, seat=dealer).correct


def test_a_deal_past_the_deciding_card_is_bad_content():
    with pytest.raises(BadContent, match="deal"):
        STEP_KINDS["salta_first_dealer"].validate(_step("salta_first_dealer", players=3, deal="7D 2C 10D 4S"))


# -- bad content names the field ------------------------------------------------------------------------
@pytest.mark.parametrize(("kind", "data", "field"), [
    ("salta_loser", {"cards": "2C 2C 3S"}, "cards"),
    ("salta_loser", {"cards": "2C 11X 3S"}, "cards"),
    ("salta_loser", {"cards": "2C 3S -"}, "cards"),
    ("salta_loser", {"cards": "2C 3S 4B", "lives": "3 3"}, "lives"),
    ("salta_loser", {"cards": "2C 3S 4B", "rules": {"lives": 0}}, "rules"),
    ("salta_target", {"cards": "2C 3S 4B", "who": "P7"}, "who"),
    ("salta_after", {"cards": "2C 3S 4B", "actions": "jump", "ask": "P1"}, "actions"),
    ("salta_draw", {"card": "9B", "stock": "2C"}, "card"),
    ("salta_decide", {"cards": "2C 9S 4B", "who": "P2"}, "who"),
    ("salta_lives", {"cards": "2C 3S 4B", "ask": "P9"}, "ask"),
    ("salta_first_dealer", {"players": 2, "deal": "1D 2D"}, "players"),
])
def test_bad_content_names_the_field(kind, data, field):
    with pytest.raises(BadContent, match=field):
        STEP_KINDS[kind].validate(_step(kind, **data))


# -- malformed answers: BadAnswer, never another exception ------------------------------------------------------
ODD = ["", " ", "²", "⑤", "-1", "1e3", "9" * 40, "11X", "P0", "P99", "none", "nobody", "<b>", "😀", "\x00", "7D" * 50]
SAMPLES = {
    "salta_loser": _step("salta_loser", cards="2C 9S 6D 10B 3S"),
    "salta_target": _step("salta_target", cards="2C 9S 6D 10B 3S", who="P1"),
    "salta_after": _step("salta_after", cards="2C 9S 6D 10B 3S", actions="swap keep", ask="P3"),
    "salta_draw": _step("salta_draw", card="2B", stock="9D 5C"),
    "salta_decide": _step("salta_decide", cards="3C 6D 5B 7S", who="P1"),
    "salta_lives": _step("salta_lives", cards="5C 2D 7S 6B", ask="P2"),
    "salta_first_dealer": _step("salta_first_dealer", players=4, deal="3C 5S 4D 2B 1D"),
}
FIELDS = ("seats", "seat", "card", "decision", "value", "nobody")


@pytest.mark.parametrize("kind", SALTA_KINDS)
def test_malformed_answers_are_bad_answers(kind):
    data = SAMPLES[kind]
    step_kind = STEP_KINDS[kind]
    step_kind.validate(data)
    refused = 0
    for value in ODD:
        for field in FIELDS:
            try:
                verdict = step_kind.check(data, _post(**{field: value}))
            except BadAnswer as error:
                assert str(error)
                refused += 1
            else:
                assert verdict.explanation  # a real answer, judged and explained
    assert refused
    with pytest.raises(BadAnswer):
        step_kind.check(data, _post())


def test_the_swapper_cannot_name_himself():
    with pytest.raises(BadAnswer):
        _judge("salta_target", SAMPLES["salta_target"], seat="P1")


def test_a_player_who_is_out_cannot_be_chosen():
    with pytest.raises(BadAnswer):
        _judge("salta_loser", _step("salta_loser", cards="4C - 1S", lives="1 0 1"), seats=["P2"])


# -- the whole curriculum ------------------------------------------------------------------------------------
LESSONS = [lesson for lesson in read_all() if lesson.game == "saltacavallo"]


def test_the_curriculum_has_eight_lessons_and_forty_steps_where_you_act():
    assert len(LESSONS) >= 8
    interactive = [s for lesson in LESSONS for s in lesson.steps if STEP_KINDS[s["kind"]].interactive]
    assert len(interactive) >= 40
    engine = [s for s in interactive if s["kind"] != "choice"]
    assert len(engine) >= 3 * len(interactive) // 4  # most answers are the engine's
    assert {s["kind"] for s in interactive} >= set(SALTA_KINDS)
    assert all(s.get("hint") for s in interactive)


def test_no_rule_ids_in_what_a_learner_reads():
    for lesson in LESSONS:
        for language in LANGUAGES:
            for where, text in lesson.texts(language):
                assert not re.search(r"SALTA-|\(SALTA|OP-\d", text), (lesson.path.name, where, language, text)


# -- over HTTP -----------------------------------------------------------------------------------------------
def _one_step_of_each_kind() -> list[Step]:
    steps: dict[str, Step] = {}
    for step in Step.objects.filter(lesson__game="saltacavallo").select_related("lesson").order_by(
            "lesson__order", "number"):
        steps.setdefault(step.kind, step)
    return [steps[kind] for kind in SALTA_KINDS]


@pytest.mark.django_db
def test_the_step_page_never_contains_the_answer(client: Client, content):
    for step in _one_step_of_each_kind():
        go_to(client, step)
        url = reverse("lesson_step", args=["saltacavallo", step.lesson.slug, step.number])
        response = client.get(url)
        html = response.content.decode()
        assert response.status_code == 200, step.kind
        verdict = STEP_KINDS[step.kind].check(step.in_language(), _post(**right_answer(step)))
        assert verdict.explanation not in html, step.kind
        assert " checked" not in html and "feedback--" not in html, step.kind
        if step.kind == "salta_lives":  # the number is typed, never filled in
            assert 'name="value" min="0" max="99" inputmode="numeric" required>' in html


@pytest.mark.django_db
def test_right_and_wrong_answers_and_a_bad_one_over_http(client: Client, content):
    for step in _one_step_of_each_kind():
        go_to(client, step)
        bad = answer(client, step, {"seats": ["P99"], "seat": "11X", "card": "7Q", "decision": "fold",
                                    "value": "²"})
        assert bad.status_code == 400, step.kind
        wrong = answer(client, step, wrong_answer(step))
        assert wrong.status_code == 200 and "Not quite" in wrong.content.decode(), step.kind
        right = answer(client, step, right_answer(step))
        assert right.status_code == 200 and "Right!" in right.content.decode(), step.kind


@pytest.mark.django_db
@pytest.mark.usefixtures("no_rate_limits")
def test_every_lesson_can_be_completed_over_http(client: Client, content):
    lessons = Lesson.objects.filter(game="saltacavallo").order_by("order")
    assert lessons.count() >= 8
    for lesson in lessons:
        for step in lesson.steps.order_by("number"):
            page = client.get(reverse("lesson_step", args=["saltacavallo", lesson.slug, step.number]))
            assert page.status_code == 200, (lesson.slug, step.number)
            answer(client, step, right_answer(step) if step.kind != "read" else {}, htmx=False)
        assert LessonProgress.objects.get(lesson=lesson).completed, lesson.slug
