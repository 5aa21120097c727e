"""Hand values of Sette e Mezzo (SETTE-1, SETTE-3), the matta and the reale, with every option."""
from __future__ import annotations

from fractions import Fraction

import pytest

from neapolitan.cards import parse_cards
from neapolitan.errors import BadNotation
from neapolitan.settemezzo import (
    Rules,
    hand_outcome,
    hand_value,
    is_bust,
    is_reale,
    is_sette_e_mezzo,
    matta_value,
)
from neapolitan.settemezzo.values import BUST, REALE, SIMPLE, card_value, halves_text, matta_values

DEFAULT = Rules()
HALF_STEPS = Rules(matta="half_steps")
INTEGER = Rules(matta="integer")
NATURAL = Rules(reale="natural_only")
ANY_MATTA = Rules(reale="any_matta")
ALONE_HALF = Rules(matta_alone="half")


def F(text: str) -> Fraction:
    return Fraction(text)


@pytest.mark.parametrize(
    ("card", "value"),
    [("1D", 1), ("4C", 4), ("7S", 7), ("8B", F("1/2")), ("9C", F("1/2")), ("10S", F("1/2")), ("10D", None)],
)
def test_card_values_SETTE_1_2(card, value):
    assert card_value(parse_cards(card)[0]) == value


@pytest.mark.parametrize(
    ("cards", "rules", "total"),
    [
        ("7C", DEFAULT, 7),
        ("8D 9S", DEFAULT, 1),
        ("5C 2S 8D", DEFAULT, F("15/2")),
        ("4C 5S", DEFAULT, 9),
        ("10D", DEFAULT, 7),  # SETTE-4.8: the matta alone counts 7
        ("10D", ALONE_HALF, F("1/2")),  # SETTE-OP-2 (B)
        ("10D", HALF_STEPS, 7),  # OP-1 (B): alone it still counts at most 7
        ("3C 10D", DEFAULT, 7),  # SETTE-EX-6: the best the matta can be is 4
        ("3C 10D", HALF_STEPS, F("15/2")),  # SETTE-EX-6 with MATTA_HALF_STEPS: 4½
        ("3C 10D", INTEGER, 7),
        ("9S 10D", DEFAULT, F("15/2")),  # SETTE-EX-5: the matta becomes 7
        ("9S 10D", INTEGER, F("15/2")),
        ("6D 10D", DEFAULT, 7),  # SETTE-EX-7: the matta is 1
        ("6D 10D 8S", DEFAULT, F("15/2")),  # SETTE-EX-7: 6 + ½ + matta 1
        ("7D 6C", DEFAULT, 13),  # SETTE-EX-7: bust
        ("7D 10D", DEFAULT, F("15/2")),  # 7 + matta ½
        ("7D 10D", INTEGER, 8),  # OP-1 (C): the smallest value, 1, busts
        ("5C 4S 10D", DEFAULT, F("19/2")),  # SETTE-3.1: no value fits, v = ½ and bust
        ("7C 6B 10D", DEFAULT, F("27/2")),
    ],
)
def test_hand_value_SETTE_3_1(cards, rules, total):
    assert hand_value(parse_cards(cards), rules) == total


@pytest.mark.parametrize(
    ("cards", "rules", "expected"),
    [
        ("7S 10C", DEFAULT, True),  # SETTE-EX-1: 7 + figure
        ("7S 10D", DEFAULT, True),  # 7 + matta
        ("9S 10D", DEFAULT, True),  # SETTE-EX-5: figure + matta
        ("9S 10D", NATURAL, False),  # SETTE-EX-5 under REALE_NATURAL_ONLY
        ("7S 10C", NATURAL, True),
        ("5C 2S 8D", DEFAULT, False),  # SETTE-EX-3: three cards make a simple 7½
        ("6D 10D 8S", DEFAULT, False),  # SETTE-EX-7
        ("6D 10D 8S", ANY_MATTA, True),  # OP-3 (C): any 7½ that uses the matta
        ("5C 2S 8D", ANY_MATTA, False),
        ("3C 10D", HALF_STEPS, True),  # SETTE-EX-6 with MATTA_HALF_STEPS
        ("3C 10D", DEFAULT, False),
        ("7S", DEFAULT, False),
    ],
)
def test_reale_SETTE_3_4(cards, rules, expected):
    assert is_reale(parse_cards(cards), rules) is expected


@pytest.mark.parametrize(
    ("cards", "outcome"),
    [("7S 10C", REALE), ("5C 2S 8D", SIMPLE), ("4C 5S", BUST), ("6D 10D", 14), ("8D", 1)],
)
def test_outcome_codes_SETTE_3(cards, outcome):
    assert hand_outcome(parse_cards(cards)) == outcome


def test_bust_and_seven_half_SETTE_3_2_and_3_3():
    assert is_bust(parse_cards("4C 5S")) and not is_bust(parse_cards("5C 2S 8D"))
    assert is_sette_e_mezzo(parse_cards("5C 2S 8D")) and is_sette_e_mezzo(parse_cards("7S 10C"))
    assert not is_sette_e_mezzo(parse_cards("6D 10D"))


@pytest.mark.parametrize(
    ("cards", "rules", "value"),
    [("3C 10D", DEFAULT, 4), ("3C 10D", HALF_STEPS, F("9/2")), ("6D 10D 8S", DEFAULT, 1),
     ("10D", DEFAULT, 7), ("7S 10D", DEFAULT, F("1/2")), ("7S", DEFAULT, None)],
)
def test_the_matta_takes_the_best_value_SETTE_1_3(cards, rules, value):
    assert matta_value(parse_cards(cards), rules) == value


def test_matta_value_sets_SETTE_OP_1():
    assert matta_values(DEFAULT) == (1, 2, 4, 6, 8, 10, 12, 14)
    assert matta_values(HALF_STEPS) == tuple(range(1, 15))
    assert matta_values(INTEGER) == (2, 4, 6, 8, 10, 12, 14)


def test_halves_text():
    assert [halves_text(h) for h in (1, 2, 13, 15)] == ["½", "1", "6½", "7½"]


def test_rules_text_round_trips_and_rejects_nonsense():
    rules = Rules(players=6, matta="half_steps", dealer_stands_on=5, replace_dealer_too=True)
    assert Rules.from_text(rules.to_text()) == rules
    assert Rules().to_text() == "SETTE"
    for bad in ("SCOPA", "SETTE matta=wild", "SETTE players=1", "SETTE players=13", "SETTE nope=1",
                "SETTE bust_reveal=2", "SETTE min_stake=5 max_stake=2", "SETTE dealer_stands_on=x"):
        with pytest.raises(BadNotation):
            Rules.from_text(bad)
    assert Rules(players=20, max_players=20).players == 20  # SETTE-OP-16 (B)
