"""Stoppa's lessons: every step kind judged against the engine (rule IDs of the rules reference in the
test names), malformed answers refused with BadAnswer, no answer in a step page before answering,
and a curriculum of at least 8 lessons and 40 steps where the learner acts."""
from __future__ import annotations

import re
from collections import Counter
from itertools import combinations
from math import comb

import pytest
from django.core.management import call_command
from django.http import QueryDict
from django.urls import reverse
from django.utils.html import escape

from neapolitan.cards import DECK, parse_cards
from tests.lessons.support import answer, right_answer, wrong_answer
from tutorials.lessons.content import read_all
from tutorials.lessons.languages import LANGUAGES
from tutorials.lessons.models import Lesson, LessonProgress
from tutorials.lessons.steps import STEP_KINDS, BadAnswer, BadContent

NAMES = ["Aldo", "Bea", "Ciro", "Dora"]
KINDS = ["stoppa_punto", "stoppa_misera", "stoppa_showdown", "stoppa_bet", "stoppa_needed",
         "stoppa_plays", "stoppa_turn", "stoppa_next", "stoppa_payment", "stoppa_cancel", "stoppa_odds",
         "stoppa_estimate"]


def posted(**fields) -> QueryDict:
    data = QueryDict(mutable=True)
    for name, value in fields.items():
        data.setlist(name, value if isinstance(value, list) else [value])
    return data


def judge(kind: str, data: dict, **fields):
    step = {"prompt": "?", "hint": "!", **data}
    STEP_KINDS[kind].validate(step)
    return STEP_KINDS[kind].check(step, posted(**fields))


# -- the punto (STOPPA-1.4, STOPPA-5) -----------------------------------------------------------------
@pytest.mark.parametrize("cards, value", [
    ("7D 6D 1D", 55),  # STOPPA-EX-2: 21 + 18 + 16
    ("7D 2D 7C", 33),  # STOPPA-EX-2: the two 7s are of different suits
    ("10C 9S 8D", 10),  # STOPPA-EX-2 / 5.2: three figures of three suits, the least there is
    ("5B 4B 7S", 29),  # STOPPA-EX-2
    ("1S 6C 3C", 31),  # STOPPA-EX-2
    ("1S", 16),  # STOPPA-1.4: the Asso is worth 16
    ("7C 6C 5C 1C 2S 3S 10D 9B 4B 8D", 55),  # STOPPA-EX-3: punto grosso, the 5C left out
    ("7S 5S 4S 2S 7B 6B 10B 9D 8C 3C", 50),  # STOPPA-EX-3
])
def test_punto_STOPPA_5_1(cards, value):
    assert judge("stoppa_punto", {"cards": cards}, value=str(value)).correct
    assert not judge("stoppa_punto", {"cards": cards}, value=str(value + 1)).correct


def test_punto_explains_the_scale_and_the_three_card_limit_STOPPA_1_4_and_5_3():
    by_number = judge("stoppa_punto", {"cards": "7D 6D 1D"}, value="14")  # 7 + 6 + 1
    assert not by_number.correct and "punto scale" in by_number.explanation
    mixed = judge("stoppa_punto", {"cards": "7D 2D 7C"}, value="54")  # 21 + 12 + 21
    assert "different suits" in mixed.explanation
    four = judge("stoppa_punto", {"cards": "7C 6C 5C 1C 2S 3S 10D 9B 4B 8D"}, value="70")
    assert "best three" in four.explanation and "Cinque di Coppe" in four.explanation


# -- the misere (STOPPA-3, STOPPA-4.1) -------------------------------------------------------------
@pytest.mark.parametrize("players, misera, ask, value", [
    (4, 1, "pot_first_hand", 5),  # STOPPA-EX-4: everyone 1, the dealer 1 more
    (5, 2, "pot_first_hand", 12),  # STOPPA-3.2 + 3.3
    (4, 1, "hands", 3),  # STOPPA-4.1: 10 cards, 3 hands
    (5, 1, "hands", 2),  # STOPPA-4.1: 8 cards
    (3, 1, "hands", 4),  # STOPPA-4.1: 13 cards
    (6, 1, "hands", 2),  # STOPPA-4.1: 6 cards
    (4, 1, "phase2_each", 3),  # STOPPA-EX-4: the non-dealers pay 3 each
    (5, 2, "per_deal", 6),  # STOPPA-3.4 check: (H + 1) x m
])
def test_misere_STOPPA_3(players, misera, ask, value):
    data = {"players": players, "misera": misera, "ask": ask}
    assert judge("stoppa_misera", data, value=str(value)).correct
    assert not judge("stoppa_misera", data, value=str(value + 2)).correct


# -- bets (STOPPA-6.1, 6.5) ------------------------------------------------------------------------
@pytest.mark.parametrize("pot, bets, ask, misera, value", [
    (5, [], "most", 1, 5),  # STOPPA-EX-6: openings 1..5
    (5, [], "least", 2, 2),  # STOPPA-6.1: at least the misera
    (8, ["pass"], "most", 1, 8),  # STOPPA-6.2: a pass adds nothing
    (5, ["open 3"], "most", 1, 11),  # STOPPA-EX-6: pot 8, call 3, raise up to 11
    (4, ["pass", "open 2", "call"], "most", 1, 10),  # STOPPA-6.5: 8 + 2
    (6, ["open 4"], "least", 1, 1),  # STOPPA-6.5: at least the misera
])
def test_opening_and_raise_bounds_STOPPA_6_1_and_6_5(pot, bets, ask, misera, value):
    data = {"names": NAMES, "pot": pot, "bets": bets, "ask": ask, "misera": misera}
    assert judge("stoppa_bet", data, value=str(value)).correct
    assert not judge("stoppa_bet", data, value=str(value + 1)).correct


def test_a_raise_answered_with_the_pot_is_told_to_count_the_call_STOPPA_EX_6():
    verdict = judge("stoppa_bet", {"names": NAMES, "pot": 5, "bets": ["open 3"]}, value="8")
    assert not verdict.correct and "see the bet" in verdict.explanation


def test_a_bet_step_after_the_contest_is_bad_content():
    with pytest.raises(BadContent):
        judge("stoppa_bet", {"names": NAMES, "pot": 5, "bets": ["open 2", "fold", "fold", "fold"]}, value="1")


# -- who takes the pot (STOPPA-6.3, 6.7, 6.8, 6.9) ---------------------------------------------------
SHOWDOWNS = [
    # STOPPA-EX-8: everyone passes, the dealer takes it
    (["7D 6D 2D", "3S 8B 9C", "4C 5D 10S", "2B 9D 8S"], 6, ["pass"] * 4, 3, 6),
    # STOPPA-EX-8 / 6.7: the others fold, the bettor takes it without showing
    (["10C 9S 8D", "7B 6B 3S", "1C 5C 2D", "4D 5D 6S"], 5, ["open 2", "fold", "fold", "fold"], 0, 7),
    # STOPPA-EX-5: 33 against 33, the tie goes to the bettor whose bet was seen
    (["1B 6B 7B", "7D 2D 7C", "3C 4C 5C", "7S 2S 4B"], 5, ["pass", "open 5", "fold", "call"], 1, 15),
    # STOPPA-6.8: the highest punto shown wins
    (["5B 4B 7S", "1S 6C 3C", "2B 3B 9D", "7D 6D 2C"], 4, ["open 2", "call", "fold", "call"], 3, 10),
    # STOPPA-EX-7: D and P1 both 47, D shows first after the raiser and wins (STOPPA-OP-3 A)
    (["7C 1C 8C", "4B 5B 6S", "2S 3S 9B", "7D 1D 10D"], 5,
     ["open 1", "call", "raise 2", "call", "call", "fold"], 3, 15),
]


@pytest.mark.parametrize("hands, pot, bets, winner, amount", SHOWDOWNS)
def test_who_takes_the_pot_STOPPA_6_9(hands, pot, bets, winner, amount):
    data = {"names": NAMES, "hands": hands, "pot": pot, "bets": bets}
    kind = STEP_KINDS["stoppa_showdown"]
    assert kind.winner({"prompt": "?", "hint": "!", **data})[:2] == (winner, amount)
    assert judge("stoppa_showdown", data, choice=str(winner)).correct
    wrong = judge("stoppa_showdown", data, choice=str((winner + 1) % 4))
    assert not wrong.correct and NAMES[winner] in wrong.explanation


def test_the_tie_explanation_names_the_rule_STOPPA_6_9():
    hands, pot, bets, _winner, _amount = SHOWDOWNS[4]
    verdict = judge("stoppa_showdown", {"names": NAMES, "hands": hands, "pot": pot, "bets": bets}, choice="0")
    assert "tie goes to whoever showed first" in verdict.explanation


def test_seat_priority_house_rule_gives_the_tie_to_di_mano_STOPPA_OP_3():
    hands, pot, bets, _winner, _amount = SHOWDOWNS[4]
    data = {"names": NAMES, "hands": hands, "pot": pot, "bets": bets, "rules": {"tie": "seat_priority"}}
    assert judge("stoppa_showdown", data, choice="0").correct


def test_an_unfinished_contest_is_bad_content():
    with pytest.raises(BadContent, match="bets"):
        judge("stoppa_showdown", {"names": NAMES, "hands": SHOWDOWNS[0][0], "pot": 5, "bets": ["open 1"]},
              choice="0")
    with pytest.raises(BadContent, match="bets #1"):
        judge("stoppa_showdown", {"names": NAMES, "hands": SHOWDOWNS[0][0], "pot": 5, "bets": ["open 9"]},
              choice="0")


# -- the stoppata runs (STOPPA-9.2 to 9.9) -----------------------------------------------------------
@pytest.mark.parametrize("players, table, run, value", [
    (4, "", "4S", "5"),  # STOPPA-9.2: one rank up
    (4, "7D 7C 7S 7B", "5D 6D", "8"),  # STOPPA-EX-10: the 7s are gone, the Fante follows
    (4, "7D 7C 7S 7B 8D 8C 8S 8B", "6C", "9"),  # STOPPA-EX-10: and with the Fanti gone, the Cavallo
    (4, "", "8D 9C 10S", "closed"),  # STOPPA-9.3: the Re closes
    (6, "", "7C 8C 9D", "closed"),  # STOPPA-EX-1 / 9.3: no Re with six, the Cavallo closes
    (3, "10D 10C", "10S", "closed"),  # STOPPA-9.2: three players, three Re in the pack
])
def test_the_next_rank_of_a_run_STOPPA_9_2_and_9_3(players, table, run, value):
    data = {"players": players, "table": table, "run": run}
    assert judge("stoppa_needed", data, value=value).correct
    wrong = "closed" if value != "closed" else "10"
    assert not judge("stoppa_needed", data, value=wrong).correct


@pytest.mark.parametrize("table, run, hand, legal", [
    ("", "3C", "4B 7D 9S", "4B"),  # STOPPA-9.8: any suit continues
    ("", "5D", "7D 9S 2C", "none"),  # STOPPA-9.8: no 6, stopped
    ("", "", "1D 1C 6S", "1C|1D|1D+1C|6S"),  # STOPPA-9.6: Assi together when starting a run
    ("", "1S", "1B 2C 7D", "1B+2C|2C"),  # STOPPA-EX-12: Assi on an Asso only with a 2
    ("", "1S", "1B 7D", "none"),  # STOPPA-EX-12: no 2, no Asso
])
def test_legal_plays_STOPPA_9_6_to_9_9(table, run, hand, legal):
    data = {"prompt": "?", "hint": "!", "table": table, "run": run, "hand": hand}
    assert STEP_KINDS["stoppa_plays"].expected(data) == legal


def test_illegal_plays_are_explained_STOPPA_9_6_and_9_9():
    start = judge("stoppa_plays", {"run": "", "hand": "1D 1C 6S"}, cards=["1D", "6S"])
    assert not start.correct and "Asso and another card" in start.explanation
    on_ace = judge("stoppa_plays", {"run": "1S", "hand": "1B 7D"}, cards=["1B"])
    assert not on_ace.correct and "with a 2" in on_ace.explanation
    stopped = judge("stoppa_plays", {"run": "5D", "hand": "6C 9S"}, nothing="1")
    assert not stopped.correct and "Sei di Coppe" in stopped.explanation
    assert judge("stoppa_plays", {"run": "", "hand": "1D 1C 6S"}, cards=["1D", "1C"]).correct


@pytest.mark.parametrize("players, hand, value", [
    (4, "3D 4D 5C 9S", 3),  # STOPPA-9.8: 3, 4, 5 and stopped
    (4, "8D 9C 10S 3B 5B", 4),  # STOPPA-9.7: the Re closes, the same player starts again
    (4, "8D 9C 10S 3B 4B 7C", 6),  # STOPPA-9.7 / 9.12: start at 7, close, 3 4: the hand is empty
    (4, "1D 1C 2S 3B 9D", 4),  # STOPPA-9.6: the Assi together
    (6, "1D 1C 2D 3D 4D 9D", 6),  # STOPPA-EX-9 (a): 9D closes at once, then the Assi and 2 3 4
])
def test_most_cards_in_one_turn_STOPPA_9_6_and_9_7(players, hand, value):
    data = {"players": players, "hand": hand}
    assert judge("stoppa_turn", data, value=str(value)).correct
    assert not judge("stoppa_turn", data, value=str(value - 1)).correct


@pytest.mark.parametrize("hands, table, run, last, nxt", [
    (["9S 2B", "6D 7B 1C", "5S 8C", "5D 10B"], "", "3D 4C", 0, 2),  # STOPPA-9.8: Bea stopped, Ciro has a 5
    (["4C 10D", "7C 1B", "3C 9B", "8D 2S"], "", "6S", 2, 1),  # STOPPA-9.8: round past Dora and Aldo
    (["1D 3C", "3B 10C", "9S 2C", "8B 4S"], "7D 7C 7S 7B", "5D 6D", 1, 3),  # STOPPA-EX-10: needs an 8
])
def test_who_plays_next_STOPPA_9_8(hands, table, run, last, nxt):
    data = {"names": NAMES, "hands": hands, "table": table, "run": run, "last": last}
    assert judge("stoppa_next", data, choice=str(nxt)).correct
    wrong = judge("stoppa_next", data, choice=str(last))
    assert not wrong.correct and "stopped" in wrong.explanation


def test_a_next_step_whose_last_player_can_still_play_is_bad_content():
    with pytest.raises(BadContent, match="last"):
        judge("stoppa_next", {"names": NAMES, "hands": ["5S", "", "", ""], "run": "4C", "last": 0}, choice="1")


# -- payments and the cancellation (STOPPA-9.1, 9.13, 9.14) -----------------------------------------
@pytest.mark.parametrize("left, misera, double, who, value", [
    ([5, 1, 4], 2, False, None, 8),  # STOPPA-EX-14: 4 + 0 + 4
    ([5, 1, 4], 2, True, None, 16),  # STOPPA-EX-14: stoppata di mano, doubled
    ([6, 6, 6, 6, 6], 1, True, None, 30),  # STOPPA-EX-9 (a)
    ([3, 7, 2], 1, False, "B", 3),  # STOPPA-9.13: 7 cards, 3 pairs, the odd card free
    ([1, 1, 9], 1, False, None, 4),  # STOPPA-9.13: a single card pays nothing
])
def test_stoppata_payments_STOPPA_9_13_and_9_14(left, misera, double, who, value):
    names = ["A", "B", "C", "D", "E"][:len(left)]
    data = {"names": names, "left": left, "misera": misera, "di_mano": double}
    if who:
        data["who"] = who
    assert judge("stoppa_payment", data, value=str(value)).correct
    assert not judge("stoppa_payment", data, value=str(value + 1)).correct


def test_doubling_an_ordinary_stoppata_is_explained_STOPPA_9_14():
    verdict = judge("stoppa_payment", {"names": ["A", "B", "C"], "left": [5, 1, 4], "misera": 2}, value="16")
    assert not verdict.correct and "Only a stoppata di mano" in verdict.explanation


@pytest.mark.parametrize("players, hand, result", [
    (4, "2D 2C 2S 5B 7C 8D 9S 3B 4C 6D", "cancelled"),  # STOPPA-EX-13: three 2s, no Re
    (4, "2D 2C 2S 5B 7C 8D 9S 3B 4C 10S", "played"),  # STOPPA-EX-13: a Re saves it
    (4, "2D 2C 5B 7C 8D 9S 3B 4C 6D 1S", "played"),  # STOPPA-9.1: two 2s are not enough
    (6, "2D 2C 2S 9B 8C 1D", "cancelled"),  # STOPPA-OP-7: no Re with six players
])
def test_three_twos_cancel_the_stoppata_STOPPA_9_1(players, hand, result):
    data = {"players": players, "hand": hand}
    assert judge("stoppa_cancel", data, choice=result).correct
    other = "played" if result == "cancelled" else "cancelled"
    assert not judge("stoppa_cancel", data, choice=other).correct


# -- odds (neapolitan.stoppa.odds) ----------------------------------------------------------------
@pytest.mark.parametrize("data, value", [
    ({"ask": "break_even", "pot": 9, "to_call": 3}, 25),  # 3 of the 12 chips the pot will hold
    ({"ask": "break_even", "pot": 4, "to_call": 4}, 50),  # a pot-sized bet (STOPPA-6.1 cap)
    ({"ask": "break_even", "pot": 10, "to_call": 2}, 17),  # 2 in 12, rounded
    ({"ask": "beat", "cards": "7D 6D 2C"}, 96),  # 39, counted exactly over every other hand
    ({"ask": "beat", "cards": "10C 9S 8D"}, 0),  # STOPPA-5.2: 10 is the least punto, it never wins
])
def test_odds_percent_within_one_point(data, value):
    assert judge("stoppa_odds", data, value=str(value)).correct
    assert judge("stoppa_odds", data, value=str(max(0, value - 1))).correct
    assert not judge("stoppa_odds", data, value=str(value + 3)).correct
    with pytest.raises(BadAnswer):
        judge("stoppa_odds", data, value="101")


# -- estimating the chance to win (tutorials/lessons/estimate.py) -------------------------------------
VALUE = {7: 21, 6: 18, 1: 16, 5: 15, 4: 14, 3: 13, 2: 12, 8: 10, 9: 10, 10: 10}  # STOPPA-1.4


def _punto(cards) -> int:
    """STOPPA-5.1, counted here again: the best sum of at most three cards of one suit."""
    return max(sum(sorted((VALUE[c.rank] for c in cards if c.suit == suit), reverse=True)[:3])
               for suit in {c.suit for c in cards})


def _lower_hands(cards: str) -> tuple[list[frozenset], list]:
    """Every three-card hand of the cards not in `cards` whose punto is below theirs (4 players: all 40)."""
    mine = parse_cards(cards)
    unseen = [c for c in DECK if c not in mine]
    value = _punto(mine)
    return [frozenset(h) for h in combinations(unseen, 3) if _punto(h) < value], unseen


@pytest.mark.parametrize("cards, lower", [
    ("7C 7S 7B", 3240),  # STOPPA-5.2: three suits, so one Sette counts: 21
    ("1D 1C 1S", 1372),  # only one Asso counts: 16
    ("6B 5B 10C", 6631),  # 33
    ("7D 6D 2C", 7438),  # 39
    ("10C 9S 8D", 0),  # STOPPA-5.2: the least punto beats nothing
])
def test_the_chance_to_beat_one_hand_is_counted_hand_by_hand(cards, lower):
    hands, unseen = _lower_hands(cards)
    assert len(hands) == lower and len(unseen) == 37
    step = {"prompt": "?", "hint": "!", "cards": cards}
    count = STEP_KINDS["stoppa_estimate"].count(step)
    assert (count.hits, count.total) == (lower, 7770)
    assert STEP_KINDS["stoppa_estimate"].expected(step) == round(100 * lower / 7770, 1)
    verdict = judge("stoppa_estimate", {"cards": cards}, guess=str(round(100 * lower / 7770)))
    assert verdict.correct and f"{lower:,} of them are lower than yours" in verdict.explanation


@pytest.mark.parametrize("cards", ["6B 5B 10C", "7D 6D 2C"])
def test_the_chance_to_beat_two_hands_counts_every_deal_STOPPA_6_9(cards):
    """Ordered deals of two disjoint hands, both lower: for each lower hand A, the lower hands that
    share no card with it, by inclusion and exclusion over A's cards."""
    hands, unseen = _lower_hands(cards)
    one, two = Counter(), Counter()
    for hand in hands:
        one.update(hand)
        two.update(frozenset(pair) for pair in combinations(sorted(hand, key=str), 2))
    both = 0
    for hand in hands:
        meeting = sum(one[c] for c in hand) - sum(two[frozenset(p)] for p in combinations(sorted(hand, key=str), 2)) + 1
        both += len(hands) - meeting
    step = {"prompt": "?", "hint": "!", "cards": cards, "opponents": 2}
    count = STEP_KINDS["stoppa_estimate"].count(step)
    assert (count.hits, count.total) == (both, comb(37, 3) * comb(34, 3))
    assert "both hands are lower than yours" in count.said


def test_an_estimate_far_off_is_wrong_and_close_is_told():
    data = {"cards": "6B 5B 10C"}  # 85.3%
    assert judge("stoppa_estimate", data, guess="81").correct
    close = judge("stoppa_estimate", data, guess="75")
    assert not close.correct and close.explanation.startswith("Close:")
    far = judge("stoppa_estimate", data, guess="40")
    assert not far.correct and "85.3%" in far.explanation and far.solution == "85.3%"


@pytest.mark.parametrize("value", ["", "²", "101", "-1", "1e2", "50.5", "😀", "9" * 40])
def test_a_malformed_guess_is_a_bad_answer(value):
    with pytest.raises(BadAnswer, match="whole percent"):
        judge("stoppa_estimate", {"cards": "6B 5B 10C"}, guess=value)


# -- malformed answers are BadAnswer, never another exception ------------------------------------
SAMPLE = {
    "stoppa_punto": {"cards": "7D 6D 1D"},
    "stoppa_misera": {"ask": "hands"},
    "stoppa_showdown": {"names": NAMES, "hands": SHOWDOWNS[2][0], "pot": 5, "bets": SHOWDOWNS[2][2]},
    "stoppa_bet": {"names": NAMES, "pot": 5, "bets": ["open 3"]},
    "stoppa_needed": {"run": "4S"},
    "stoppa_plays": {"run": "3C", "hand": "4B 7D 9S"},
    "stoppa_turn": {"hand": "3D 4D 5C 9S"},
    "stoppa_next": {"names": NAMES, "hands": ["9S 2B", "6D 7B 1C", "5S 8C", "5D 10B"], "run": "3D 4C", "last": 0},
    "stoppa_payment": {"names": ["A", "B"], "left": [3, 4]},
    "stoppa_cancel": {"hand": "2D 2C 2S 5B"},
    "stoppa_odds": {"ask": "break_even", "pot": 9, "to_call": 3},
    "stoppa_estimate": {"cards": "5B 4B 7S"},
}
ODD = ["", " ", "²", "⑤", "-1", "1e3", "9" * 40, "NaN", "\x00", "11X", "7D" * 30, "😀", "99", "10"]


@pytest.mark.parametrize("kind", KINDS)
def test_malformed_answers_are_bad_answers(kind):
    step = {"prompt": "?", "hint": "!", **SAMPLE[kind]}
    STEP_KINDS[kind].validate(step)
    for value in ODD:
        fields = {name: value for name in ("value", "choice", "card")}
        fields["cards"] = [value, value]
        try:
            verdict = STEP_KINDS[kind].check(step, posted(**fields))
        except BadAnswer as error:
            assert str(error)
        else:  # a well-formed answer (e.g. "10" to "which rank?") gets a verdict with a reason
            assert verdict.explanation


@pytest.mark.parametrize("kind", KINDS)
def test_empty_answers_are_bad_answers(kind):
    step = {"prompt": "?", "hint": "!", **SAMPLE[kind]}
    with pytest.raises(BadAnswer):
        STEP_KINDS[kind].check(step, QueryDict())


@pytest.mark.parametrize("kind, data, field", [
    ("stoppa_punto", {"cards": "7D 7D"}, "twice"),
    ("stoppa_punto", {"cards": "11X"}, "cards"),
    ("stoppa_misera", {"ask": "everything"}, "ask"),
    ("stoppa_misera", {"ask": "hands", "players": 9}, "rules"),
    ("stoppa_showdown", {"names": ["A"], "hands": ["7D"], "pot": 1, "bets": []}, "names"),
    ("stoppa_needed", {"run": ""}, "run"),
    ("stoppa_needed", {"run": "10D", "players": 6}, "table/run"),
    ("stoppa_payment", {"names": ["A"], "left": [-1]}, "left"),
    ("stoppa_cancel", {"hand": "2D 2C 2S 5B 7C 8D 9S 3B 4C 6D 1S"}, "hand"),
    ("stoppa_estimate", {"cards": "7D 6D"}, "cards"),
    ("stoppa_estimate", {"cards": "7D 6D 6D"}, "twice"),
    ("stoppa_estimate", {"cards": "7D 6D 2C", "opponents": 3}, "opponents"),
    ("stoppa_estimate", {"cards": "7D 6D 2C", "opponents": 0}, "opponents"),
    ("stoppa_estimate", {"cards": "10D 6D 2C", "players": 6}, "pack"),
])
def test_bad_content_names_the_field(kind, data, field):
    with pytest.raises(BadContent, match=re.escape(field)):
        STEP_KINDS[kind].validate({"prompt": "?", "hint": "!", **data})


# -- the curriculum --------------------------------------------------------------------------------
STOPPA = sorted((lesson for lesson in read_all() if lesson.game == "stoppa"), key=lambda lesson: lesson.order)


def test_the_curriculum_has_8_lessons_and_40_interactive_steps():
    interactive = [s for lesson in STOPPA for s in lesson.steps if STEP_KINDS[s["kind"]].interactive]
    assert len(STOPPA) >= 8
    assert len(interactive) >= 40
    assert set(KINDS) <= {s["kind"] for s in interactive}, "every Stoppa step kind is used"
    assert sum(s["kind"] == "choice" for s in interactive) <= len(interactive) // 5, "mostly engine-computed"


def test_no_rule_id_is_shown_to_a_learner():
    pattern = re.compile(r"\b(STOPPA|SCOPA|SETTE|SALTA)-|\bOP-\d|\bEX-\d")
    for lesson in STOPPA:
        for language in LANGUAGES:
            for where, text in lesson.texts(language):
                assert not pattern.search(text), f"{lesson.slug} {where} ({language})"
        for number, step in enumerate(lesson.steps, start=1):
            assert not pattern.search(" ".join(step.get("names", []))), f"{lesson.slug} step {number} names"


# -- over HTTP -------------------------------------------------------------------------------------
@pytest.fixture
def content(db):
    """The lesson files loaded into the test database."""
    call_command("sync_content", verbosity=0)


@pytest.mark.django_db
def test_no_step_page_shows_its_answer_before_it_is_answered(client, content, no_rate_limits):
    lessons = Lesson.objects.filter(game="stoppa").order_by("order")
    assert lessons.count() == len(STOPPA)
    for lesson in lessons:
        for step in lesson.steps.order_by("number"):
            url = reverse("lesson_step", args=["stoppa", lesson.slug, step.number])
            html = client.get(url).content.decode()
            if step.kind == "read":
                answer(client, step, {}, htmx=False)
                continue
            kind = STEP_KINDS[step.kind]
            fields = right_answer(step)
            verdict = kind.check(step.in_language(), posted(**fields))
            assert escape(verdict.explanation) not in html, f"{lesson.slug} #{step.number}"
            assert "feedback--right" not in html and " checked" not in html
            if step.kind in ("stoppa_punto", "stoppa_misera", "stoppa_bet", "stoppa_turn", "stoppa_payment",
                             "stoppa_odds", "stoppa_estimate"):
                assert f'value="{step.in_language()["answer"]}"' not in html  # the number is typed, never filled in
            if step.kind == "stoppa_plays":
                assert "stoppa-legal" not in html
            wrong = answer(client, step, wrong_answer(step))
            assert wrong.status_code == 200 and "Not quite" in wrong.content.decode()
            right = answer(client, step, fields)
            assert right.status_code == 200 and "Right!" in right.content.decode(), f"{lesson.slug} #{step.number}"
        progress = LessonProgress.objects.get(lesson=lesson)
        assert progress.completed, lesson.slug


@pytest.mark.django_db
def test_malformed_answers_over_http_are_400_and_change_nothing(client, content, no_rate_limits):
    seen = set()
    for lesson in Lesson.objects.filter(game="stoppa").order_by("order"):
        for step in lesson.steps.order_by("number"):
            if step.kind != "read" and step.kind not in seen:
                seen.add(step.kind)
                before = LessonProgress.objects.filter(lesson=lesson).values_list("step", "mistakes").first()
                for value in ("²", "11X", "", "-1", "9" * 40):
                    response = answer(client, step, {"value": value, "choice": value, "cards": [value],
                                                     "guess": value})
                    assert response.status_code == 400, (step.kind, value)
                after = LessonProgress.objects.filter(lesson=lesson).values_list("step", "mistakes").first()
                assert before == after
            if step.kind == "read":
                answer(client, step, {}, htmx=False)
            else:
                answer(client, step, right_answer(step))
    assert seen >= set(KINDS)
