"""The 40-card Italian pack: notation, Italian names, primiera values, seeded shuffles (README §1, §3)."""
from __future__ import annotations

import hashlib

import pytest

from neapolitan.cards import (
    DECK,
    SETTEBELLO,
    Card,
    cards_from_mask,
    mask_of,
    parse_card,
    parse_cards,
    shuffled_deck,
)
from neapolitan.errors import BadNotation

SUITS = "DCSB"
ALL_TEXTS = [f"{rank}{suit}" for suit in SUITS for rank in range(1, 11)]


def test_the_pack_has_forty_distinct_cards_SCOPA_1_1():
    assert len(DECK) == 40
    assert len(set(DECK)) == 40
    assert {(c.rank, c.suit) for c in DECK} == {(r, s) for r in range(1, 11) for s in SUITS}


@pytest.mark.parametrize("text", ALL_TEXTS, ids=ALL_TEXTS)
def test_parse_and_format_round_trip(text):
    card = parse_card(text)
    assert str(card) == text
    assert (card.rank, card.suit) == (int(text[:-1]), text[-1])
    assert parse_card(str(card)) is card
    assert Card(card.rank, card.suit) is card


def test_round_trip_of_the_whole_pack_as_one_text():
    text = " ".join(ALL_TEXTS)
    cards = parse_cards(text)
    assert len(cards) == 40 and set(cards) == set(DECK)
    assert " ".join(map(str, cards)) == text


def test_cards_are_interned():
    assert Card(7, "D") is Card(7, "D")
    assert parse_card("7d") is Card(7, "D") is SETTEBELLO


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("7d", "7D"),
        ("10c", "10C"),
        ("1s", "1S"),
        ("9b", "9B"),
        ("  8D ", "8D"),
    ],
    ids=["7d", "10c", "1s", "9b", "padded"],
)
def test_parsing_is_case_insensitive(text, expected):
    assert str(parse_card(text)) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("7D 3c,10S", ["7D", "3C", "10S"]),
        ("7D,3C,10S", ["7D", "3C", "10S"]),
        ("7D   3C\t10S\n", ["7D", "3C", "10S"]),
        ("7D, 3C , 10S", ["7D", "3C", "10S"]),
        ("", []),
        ("  ", []),
    ],
    ids=["mixed", "commas", "whitespace", "comma-space", "empty", "blank"],
)
def test_card_lists_split_on_spaces_and_commas(text, expected):
    assert [str(c) for c in parse_cards(text)] == expected


@pytest.mark.parametrize(
    "bad", ["11X", "0D", "11D", "7X", "D7", "7", "D", "10", "7DD", "xyz", "7♦"],
)
def test_bad_card_text_raises_a_value_error_naming_the_token(bad):
    with pytest.raises(ValueError) as info:
        parse_cards(f"7D {bad} 3C")
    assert isinstance(info.value, BadNotation)
    assert bad in str(info.value)


def test_parse_cards_11x_message_contains_the_token():
    with pytest.raises(ValueError, match="11X"):
        parse_cards("11X")


@pytest.mark.parametrize(("rank", "suit"), [(0, "D"), (11, "C"), (7, "X"), ("7", "D")])
def test_no_such_card_constructor(rank, suit):
    with pytest.raises(BadNotation):
        Card(rank, suit)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("7D", "Sette di Denari"),
        ("10C", "Re di Coppe"),
        ("8S", "Fante di Spade"),
        ("9B", "Cavallo di Bastoni"),
        ("1D", "Asso di Denari"),
        ("2C", "Due di Coppe"),
        ("3S", "Tre di Spade"),
        ("4B", "Quattro di Bastoni"),
        ("5D", "Cinque di Denari"),
        ("6C", "Sei di Coppe"),
    ],
    ids=lambda v: v if isinstance(v, str) and len(v) <= 3 else None,
)
def test_italian_names(text, name):
    assert parse_card(text).italian_name == name


def test_every_card_has_a_distinct_italian_name():
    names = {c.italian_name for c in DECK}
    assert len(names) == 40
    assert all(" di " in n for n in names)


@pytest.mark.parametrize(
    ("rank", "points"),
    [(7, 21), (6, 18), (1, 16), (5, 15), (4, 14), (3, 13), (2, 12), (8, 10), (9, 10), (10, 10)],
    ids=["sette", "sei", "asso", "cinque", "quattro", "tre", "due", "fante", "cavallo", "re"],
)
def test_primiera_values_README_3(rank, points):
    for suit in SUITS:
        assert Card(rank, suit).primiera_value == points


def test_figures_are_8_9_10():
    assert [c.rank for c in DECK if c.is_figure and c.suit == "D"] == [8, 9, 10]


def test_masks_round_trip():
    for card in DECK:
        assert cards_from_mask(card.bit) == [card]
    assert mask_of(DECK) == (1 << 40) - 1
    cards = parse_cards("7D 3C 10S 1B")
    assert set(cards_from_mask(mask_of(cards))) == set(cards)
    assert cards_from_mask(0) == []


@pytest.mark.parametrize("seed", [0, 1, 42, "abc", 10**6])
def test_shuffled_deck_is_a_permutation_and_reproducible(seed):
    deck = shuffled_deck(seed)
    assert len(deck) == 40
    assert set(deck) == set(DECK)
    assert shuffled_deck(seed) == deck


@pytest.mark.parametrize("seed", [0, "42", "Sette bello", "é"])
def test_a_seed_deals_the_same_order_on_every_machine(seed):
    """The pack sorted by the little-endian 64-bit words of SHAKE-128 of the seed's text."""
    digest = hashlib.shake_128(str(seed).encode("utf-8")).digest(320)
    keys = [int.from_bytes(digest[8 * i: 8 * i + 8], "little") for i in range(40)]
    assert shuffled_deck(seed) == sorted(DECK, key=lambda card: keys[card.index])


def test_different_seeds_give_different_orders():
    orders = {tuple(shuffled_deck(seed)) for seed in range(20)}
    assert len(orders) == 20
    assert shuffled_deck(1) != list(DECK)
