"""The settlement table of SETTE-6 and the bank (SETTE-7), with every option that changes them."""
from __future__ import annotations

import pytest

from neapolitan.settemezzo import Rules, payoff, wins_bank
from neapolitan.settemezzo.values import BUST, REALE, SIMPLE

DEFAULT = Rules()
T6, T5 = 12, 10  # totals 6 and 5 in half points


# punter outcome, dealer outcome, punter's result in stakes (the SETTE-6 table, default options)
TABLE = [
    (T6, BUST, 1), (SIMPLE, BUST, 1), (REALE, BUST, 2),
    (T6, T5, 1), (T5, T6, -1), (T6, T6, -1),  # SETTE-6.2: equal totals go to the dealer
    (SIMPLE, T6, 1), (REALE, T6, 2),
    (T6, SIMPLE, -2), (SIMPLE, SIMPLE, -1), (REALE, SIMPLE, 2),
    (T6, REALE, -2), (SIMPLE, REALE, -1), (REALE, REALE, -1),
    (BUST, BUST, -1), (BUST, T5, -1),  # SETTE-4.5: a bust has paid, whatever the dealer does
]


@pytest.mark.parametrize(("punter", "dealer", "result"), TABLE)
def test_settlement_table_SETTE_6(punter, dealer, result):
    assert payoff(punter, dealer, DEFAULT) == result


@pytest.mark.parametrize(
    ("options", "punter", "dealer", "result"),
    [
        ({"dealer_double": "reale_only"}, T6, SIMPLE, -1),  # SETTE-OP-7 (B)
        ({"dealer_double": "reale_only"}, T6, REALE, -2),
        ({"dealer_double": "never"}, T6, REALE, -1),  # SETTE-OP-7 (C)
        ({"dealer_double": "never"}, T6, SIMPLE, -1),
        ({"reale_vs_simple": "single"}, REALE, SIMPLE, 1),  # SETTE-OP-8 (B)
        ({"reale_vs_simple": "tie"}, REALE, SIMPLE, -1),  # SETTE-OP-8 (C)
        ({"reale_vs_reale": "push"}, REALE, REALE, 0),  # SETTE-OP-9 (B)
        ({"reale_vs_reale": "bank_passes"}, REALE, REALE, -1),  # SETTE-OP-9 (C)
        ({"bust_pays_single": True}, REALE, BUST, 1),  # SETTE-OP-10 (B)
        ({"bust_pays_single": True}, T6, BUST, 1),
    ],
)
def test_settlement_options_SETTE_OP_7_to_10(options, punter, dealer, result):
    assert payoff(punter, dealer, Rules(**options)) == result


@pytest.mark.parametrize(
    ("options", "punter", "dealer", "takes"),
    [
        ({}, REALE, T6, True),  # SETTE-7.1
        ({}, REALE, SIMPLE, True),  # SETTE-EX-9
        ({}, REALE, BUST, True),  # SETTE-EX-8
        ({}, REALE, REALE, False),  # SETTE-EX-10: the bank stays
        ({}, SIMPLE, T6, False),
        ({"reale_vs_simple": "single"}, REALE, SIMPLE, True),  # SETTE-EX-9 with the option
        ({"reale_vs_simple": "tie"}, REALE, SIMPLE, False),
        ({"bust_pays_single": True}, REALE, BUST, True),
        ({"reale_vs_reale": "bank_passes"}, REALE, REALE, True),
        ({"reale_vs_reale": "push"}, REALE, REALE, False),
        ({"bank": "rotates"}, REALE, T6, False),  # SETTE-OP-11 (B): the bank moves by turns instead
    ],
)
def test_who_takes_the_bank_SETTE_7_1(options, punter, dealer, takes):
    assert wins_bank(punter, dealer, Rules(**options)) is takes
