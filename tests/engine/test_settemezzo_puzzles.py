"""Sette e Mezzo puzzles (neapolitan.settemezzo.puzzles): positions, verdicts and the shipped set.

The exact values come from the odds solver; here they are checked by playing the hands out at
random, card by card, with the dealer's rule written out again (SETTE-OP-6 B, SETTE-6 payments).
"""
from __future__ import annotations

import random

import pytest

from neapolitan.errors import BadNotation, IllegalAction
from neapolitan.settemezzo import payoff
from neapolitan.settemezzo.puzzles import (
    MIN_GAP,
    PUZZLE_RULES,
    Position,
    PuzzleSpec,
    advice,
    generate,
    judge,
    puzzle_from,
    verify,
)
from neapolitan.settemezzo.values import BUST, hand_outcome, hand_value


def dealer_outcome(cards, rules) -> int:
    """The dealer draws below his rule's total and stands on it or more."""
    hand = []
    for card in cards:
        hand.append(card)
        if hand_value(hand, rules) >= rules.dealer_stands_on:
            break
    return hand_outcome(hand, rules)


def played_out(position: Position, choice: str, rng: random.Random, rules) -> int:
    """One random hand from this position: the punter makes `choice`, then follows the engine's
    best choice at each later decision; the dealer plays by his rule."""
    cards = position.unseen()
    rng.shuffle(cards)
    hand = list(position.hand)
    pos = 0
    if choice == "replace":
        hand = [cards[pos]]
        pos += 1
        choice = _best(Position(tuple(hand), position.seen + (position.hand[0],)), rules)
    while choice == "card":
        hand.append(cards[pos])
        pos += 1
        if hand_outcome(hand, rules) == BUST:
            return -1
        known = Position(tuple(hand), position.seen + tuple(c for c in position.hand if c not in hand))
        options = advice(known, rules).options
        choice = max(options, key=options.get) if len(options) > 1 else "stand"
    return payoff(hand_outcome(hand, rules), dealer_outcome(cards[pos:], rules), rules)


def _best(position: Position, rules) -> str:
    options = advice(position, rules).options
    return max(options, key=options.get)


@pytest.fixture(scope="module")
def specs():
    return list(generate(PUZZLE_RULES, "tests", 40))


def test_generated_puzzles_have_one_choice_clearly_best(specs):
    assert len(specs) == 40
    for spec in specs:
        values = [v.value for v in spec.verdicts]
        assert values == sorted(values, reverse=True)
        assert values[0] - values[1] >= float(MIN_GAP) - 1e-4
        assert spec.solution == spec.verdicts[0].answer and spec.themes
        assert PuzzleSpec.from_dict(spec.to_dict()) == spec and verify(spec)
    assert {s.solution for s in specs} == {"card", "stand", "replace"}


@pytest.mark.parametrize("choice", ["stand", "card", "replace"])
def test_exact_values_agree_with_hands_played_out_at_random(specs, choice):
    """Each exact value against the mean of random hands (within four standard errors)."""
    rng = random.Random(choice)
    rules = PUZZLE_RULES
    checked = 0
    for spec in specs:
        verdict = next((v for v in spec.verdicts if v.answer == choice), None)
        if verdict is None or checked == 2:
            continue
        n = 6000 if choice == "stand" else 1500
        results = [played_out(spec.view(), choice, rng, rules) for _ in range(n)]
        mean = sum(results) / n
        sd = (sum((r - mean) ** 2 for r in results) / (n - 1)) ** 0.5
        assert abs(mean - verdict.value) <= 4 * sd / n ** 0.5, (spec.position, choice, mean, verdict.value)
        checked += 1
    assert checked == 2


def test_judge_gives_the_verdict_or_the_rule():
    position = Position.from_text("6B 9C | 7D 1C | -")
    spec = puzzle_from(position)
    assert spec is not None and spec.solution == "stand"
    assert judge(spec, "STAND").loss == 0 and judge(spec, "card").loss > 0
    with pytest.raises(IllegalAction, match="SETTE-4.2|3 or a 4"):
        judge(spec, "replace")
    with pytest.raises(BadNotation):
        judge(spec, "double")


@pytest.mark.parametrize("text", [
    "6B 9C | 7D",                # two fields
    "6B 6B | - | -",             # a card twice
    "6B | 6B | -",
    " | 7D | -",                 # no hand
    "6B | - | may",              # only a 3 or a 4 may be exchanged
    "6B | - | perhaps",
])
def test_bad_positions_are_refused(text):
    with pytest.raises(BadNotation):
        Position.from_text(text)


def test_position_text_round_trips():
    position = Position.from_text("4C | 8B 9B | may")
    assert Position.from_text(position.to_text()) == position
    assert len(position.unseen()) == 37
