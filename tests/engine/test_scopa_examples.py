"""The worked examples SCOPA-EX-1..18 of the Scopa rules reference, as test tables.

Each test is named after the rule it checks. Positions are whole 40-card states: the cards not
named in an example sit in the other hands and the stock (or, for a hand's last play, in the piles).
"""
from __future__ import annotations

import pytest

from neapolitan.cards import DECK, Card, by_index, parse_card, parse_cards, shuffled_deck
from neapolitan.errors import IllegalAction
from neapolitan.scopa import (
    HandState,
    Match,
    Play,
    Rules,
    capture_options,
    deal,
    deal_from,
    deal_is_void,
    napola,
    primiera,
    score_hand,
)
from neapolitan.scopa.match import _winner

from ._support import cset, options_of, pile, piles_for, position

CLASSIC = Rules()
QUINDICI = Rules("QUINDICI")
NAPOLETANA = Rules("QUINDICI_NAPOLETANA")
ASSI = Rules("ASSI")


def _apply(state: HandState, text: str) -> HandState:
    play = Play.parse(text)
    assert play in state.legal_actions()
    return state.apply(play)


# -- SCOPA-EX-1 -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("table", "played", "expected"),
    [
        ("7C 3S 4D", "7D", ["7C"]),
        ("7C 7S 3S 4D", "7D", ["7C", "7S"]),
        ("5B 2C 3S", "5D", ["5B"]),
        ("1C 1S 2B", "1D", ["1C", "1S"]),
        ("10C 4S 6D", "10B", ["10C"]),
    ],
    ids=["EX-1", "two-sevens", "five-over-2+3", "ace-on-aces", "king-over-4+6"],
)
def test_single_card_priority_SCOPA_5_1(table, played, expected):
    """Equal value beats a sum.

        Table: 7C 3S 4D
        plays 7D  ->  only {7C}
    """
    assert set(capture_options(parse_card(played), parse_cards(table))) == options_of(*expected)


def test_single_card_priority_after_the_play_SCOPA_5_1():
    """SCOPA-EX-1 applied.

        Table: 7C 3S 4D          Table after: 3S 4D
        plays 7D x 7C            pile: +7D +7C, no scopa
    """
    state = position(table="7C 3S 4D", hand="7D 2B 9C")
    assert [p for p in state.legal_actions() if p.card is Card(7, "D")] == [
        Play(Card(7, "D"), cset("7C"))
    ]
    after = _apply(state, "7Dx7C")
    assert set(after.table) == cset("3S 4D")
    assert pile(after, 0) == cset("7D 7C")
    assert after.scope == (0, 0)
    assert after.last_capturer == 0


def test_sum_instead_of_equal_value_is_illegal_SCOPA_5_1():
    """SCOPA-EX-1: taking the sum when an equal card lies on the table.

        Table: 7C 3S 4D
        plays 7D x 3S+4D  ->  IllegalAction
    """
    state = position(table="7C 3S 4D", hand="7D 2B 9C")
    before = state.to_text()
    with pytest.raises(IllegalAction) as info:
        state.apply(Play.parse("7Dx3S+4D"))
    assert str(info.value) == "7D must take 7C: a single card of equal value has priority, SCOPA-5.1"
    assert info.value.rule == "SCOPA-5.1"
    assert state.to_text() == before


# -- SCOPA-EX-2 -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("capture", "table_after"),
    [("5B 3C", "6S 2D"), ("6S 2D", "5B 3C")],
    ids=["takes-5B+3C", "takes-6S+2D"],
)
def test_choice_between_sums_SCOPA_5_2(capture, table_after):
    """SCOPA-EX-2.

        Table: 5B 3C 6S 2D
        plays 8D  ->  {5B, 3C} or {6S, 2D}, the player's choice
    """
    state = position(table="5B 3C 6S 2D", hand="8D 1C 9B")
    assert set(capture_options(Card(8, "D"), state.table)) == options_of("5B 3C", "6S 2D")
    after = state.apply(Play(Card(8, "D"), cset(capture)))
    assert set(after.table) == cset(table_after)
    assert pile(after, 0) == cset(capture) | {Card(8, "D")}
    assert after.scope == (0, 0)


def test_trailing_a_card_that_can_sum_is_illegal_SCOPA_5_4():
    """SCOPA-EX-2: trailing 8D is illegal.

        Table: 5B 3C 6S 2D
        plays 8D (trail)  ->  IllegalAction
    """
    state = position(table="5B 3C 6S 2D", hand="8D 1C 9B")
    before = state.to_text()
    assert Play(Card(8, "D")) not in state.legal_actions()
    with pytest.raises(IllegalAction) as info:
        state.apply(Play(Card(8, "D")))
    assert info.value.rule == "SCOPA-5.4"
    assert "SCOPA-5.4" in str(info.value)
    assert state.to_text() == before


# -- SCOPA-EX-3 -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("rules", "expected"),
    [
        (Rules(), ["2C 7S", "4D 5B", "2C 3S 4D"]),
        (Rules(min_cards=True), ["2C 7S", "4D 5B"]),
    ],
    ids=["default-free-choice", "MIN_CARDS"],
)
def test_fewest_cards_option_SCOPA_OP_6(rules, expected):
    """SCOPA-EX-3.

        Table: 2C 3S 4D 5B 7S
        plays 9B  ->  {2C,7S} {4D,5B} {2C,3S,4D}; MIN_CARDS keeps only the pairs
    """
    table = parse_cards("2C 3S 4D 5B 7S")
    assert set(capture_options(Card(9, "B"), table, rules)) == options_of(*expected)
    state = position(rules, table="2C 3S 4D 5B 7S", hand="9B 1D 10C")
    assert {p.captured for p in state.legal_actions() if p.card is Card(9, "B")} == options_of(
        *expected
    )


def test_three_card_capture_refused_under_min_cards_SCOPA_OP_6():
    """SCOPA-EX-3 with MIN_CARDS.

        Table: 2C 3S 4D 5B 7S
        plays 9B x 2C+3S+4D  ->  IllegalAction (a two-card capture exists)
    """
    state = position(Rules(min_cards=True), table="2C 3S 4D 5B 7S", hand="9B 1D 10C")
    before = state.to_text()
    with pytest.raises(IllegalAction) as info:
        state.apply(Play.parse("9Bx2C+3S+4D"))
    assert info.value.rule == "SCOPA-OP-6"
    assert state.to_text() == before
    assert Play.parse("9Bx2C+3S+4D") in position(
        table="2C 3S 4D 5B 7S", hand="9B 1D 10C"
    ).legal_actions()


# -- SCOPA-EX-4 -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("rules", "seat", "side"),
    [(Rules(), 0, 0), (Rules(), 1, 1), (Rules("SCOPA_3P"), 2, 2), (Rules("SCOPA_4P"), 3, 1)],
    ids=["2p-seat0", "2p-seat1", "3p-seat2", "4p-seat3-side1"],
)
def test_sweep_scores_a_scopa_SCOPA_6_1(rules, seat, side):
    """SCOPA-EX-4 (not the hand's last card).

        Table: 4C 2B            Table after: (empty)
        plays 6S x 4C+2B        +1 scopa for the player's side
    """
    state = position(rules, table="4C 2B", hand="6S 9D 1C", seat=seat)
    after = _apply(state, "6Sx4C+2B")
    assert after.table == ()
    expected = [0] * rules.sides
    expected[side] = 1
    assert after.scope == tuple(expected)
    assert after.last_was_scopa
    assert pile(after, side) == cset("6S 4C 2B")
    assert not after.is_over


# -- SCOPA-EX-5 -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("rules", "scope"),
    [
        (Rules(), 0),
        (Rules(last_sweep="counts"), 1),
        (Rules(last_sweep="last_capture_literal"), 0),
        (Rules("SCOPONE_SCIENTIFICO"), 0),
        (Rules("SCOPONE_SCIENTIFICO", last_sweep="counts"), 1),
        (Rules("SCOPA_3P"), 0),
        (Rules("SCOPA_4P", last_sweep="counts"), 1),
    ],
    ids=[
        "default", "LAST_SWEEP_COUNTS", "LAST_CAPTURE_LITERAL", "scientifico-default",
        "scientifico-COUNTS", "3p-default", "4p-COUNTS",
    ],
)
def test_sweep_with_the_last_card_SCOPA_6_2(rules, scope):
    """SCOPA-EX-5: the hand's last card sweeps.

        Table: 3D 2C            (every other card is already played)
        plays 5B x 3D+2C   ->  no scopa by default; +1 with LAST_SWEEP_COUNTS
    """
    state = position(rules, table="3D 2C", hand="5B", last=True)
    assert state.cards_left_to_play() == 1
    after = _apply(state, "5Bx3D+2C")
    assert after.is_over
    assert after.scope[0] == scope
    assert sum(after.scope) == scope
    assert cset("5B 3D 2C") <= pile(after, 0)


# -- SCOPA-EX-6 -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("rules", "mover", "last_capturer", "taker"),
    [(Rules(), 0, 1, 1), (Rules("SCOPA_3P"), 0, 2, 2), (Rules("SCOPA_4P"), 2, 3, 1),
     (Rules("SCOPA_4P"), 1, 2, 0)],
    ids=["2p-B-takes", "3p-P2-takes", "4p-side1-takes", "4p-side0-takes"],
)
def test_leftovers_go_to_the_last_capturer_SCOPA_7_1(rules, mover, last_capturer, taker):
    """SCOPA-EX-6.

        Table: 1S               A trails the last card 9S: Table 1S 9S
        plays 9S (trail)   ->  B, the last capturer, takes 1S and 9S; no scopa
    """
    state = position(rules, table="1S", hand="9S", seat=mover, last=True,
                     last_capturer=last_capturer)
    taker_before = pile(state, taker)
    after = _apply(state, "9S")
    assert after.is_over
    assert after.table == ()
    assert pile(after, taker) == taker_before | cset("1S 9S")
    assert after.scope == state.scope == (0,) * rules.sides
    assert sum(p.bit_count() for p in after.piles) == 40


# -- SCOPA-EX-7 -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("rules", "table", "void"),
    [
        (Rules(), "10D 10C 10S 4B", True),
        (Rules(), "10D 10C 4B 5S", False),
        (Rules(), "10D 10C 10S 10B", True),
        (Rules("QUINDICI"), "10D 10C 10S 4B", False),
        (Rules("QUINDICI_NAPOLETANA"), "10D 10C 10S 10B", False),
        (Rules("SCOPONE"), "10D 10C 10S 4B", True),
        (Rules("ASSI"), "10D 10C 10S 4B", True),
    ],
    ids=["three-kings", "two-kings", "four-kings", "quindici", "napoletana", "scopone", "assi"],
)
def test_king_redeal_check_SCOPA_3_5(rules, table, void):
    """SCOPA-EX-7.

        Table: 10D 10C 10S 4B  ->  void, same dealer deals again (not in QUINDICI)
        Table: 10D 10C 4B 5S   ->  play normally
    """
    assert deal_is_void(rules, parse_cards(table)) is void


def _seed_with_kings(rules: Rules, dealer: int) -> int:
    """A seed whose first shuffle puts three or four Kings on the initial table."""
    for seed in range(100_000):
        table = deal_from(rules, shuffled_deck(seed), dealer).table
        if sum(c.rank == 10 for c in table) >= 3:
            return seed
    raise AssertionError("no such seed")


@pytest.mark.parametrize(
    ("rules", "redealt"),
    [(Rules(), True), (Rules("SCOPA_4P"), True), (Rules("QUINDICI"), False)],
    ids=["2p-redeals", "4p-redeals", "quindici-plays-on"],
)
def test_void_deal_is_dealt_again_by_the_same_dealer_SCOPA_3_5(rules, redealt):
    """SCOPA-EX-7 through `deal`: a void deal is reshuffled, the dealer does not change."""
    dealer = 1
    seed = _seed_with_kings(rules, dealer)
    first = deal_from(rules, shuffled_deck(seed), dealer)
    dealt = deal(rules, seed, dealer)
    assert dealt.dealer == dealer
    assert dealt.to_move == (dealer + 1) % rules.players
    kings = sum(c.rank == 10 for c in dealt.table)
    if redealt:
        assert kings < 3
        assert dealt.to_text() != first.to_text()
    else:
        assert kings >= 3
        assert dealt.to_text() == first.to_text()


# -- SCOPA-EX-8 -------------------------------------------------------------------------------
EX8_A = "7D 6D 1D 8D 9D 10D 7C 8C 9C 10C 6S 8S 9S 10S 1B 2B 3B 4B 5B 8B 9B 10B"
EX8_B = "5D 2D 3D 4D 6C 1C 2C 3C 4C 5C 7S 1S 2S 3S 4S 5S 7B 6B"


@pytest.mark.parametrize(
    ("category", "a", "b"),
    [("carte", 1, 0), ("denari", 1, 0), ("settebello", 1, 0), ("primiera", 1, 0),
     ("scope", 2, 1)],
    ids=["carte", "denari", "settebello", "primiera", "scope"],
)
def test_two_player_scoring_SCOPA_8(category, a, b):
    """SCOPA-EX-8: A 22 cards, 6 Denari, 7D, primiera 76, 2 scope; B 18 cards, 75, 1 scopa."""
    score = score_hand(piles_for(EX8_A, EX8_B), (2, 1))
    assert score.sides[0].points[category] == a
    assert score.sides[1].points[category] == b


def test_two_player_scoring_totals_SCOPA_8():
    """SCOPA-EX-8: A +6, B +1."""
    piles = piles_for(EX8_A, EX8_B)
    assert sorted(piles[0] + piles[1], key=by_index) == list(DECK)
    assert [len(p) for p in piles] == [22, 18]
    assert primiera(piles[0]) == 76
    assert primiera(piles[1]) == 75
    score = score_hand(piles, (2, 1))
    assert (score.sides[0].cards, score.sides[0].denari) == (22, 6)
    assert (score.sides[1].cards, score.sides[1].denari) == (18, 4)
    assert score.totals == (6, 1)


# -- SCOPA-EX-9 -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("rules", "a", "b", "winner"),
    [
        (Rules(), "REST", "1B 2B 3B 4B 5B 6B 7B 8B 9B 10B 6D 4C 5S", 1),
        (Rules(primiera_missing="partial_compare"), "REST",
         "1B 2B 3B 4B 5B 6B 7B 8B 9B 10B 6D 4C 5S", 1),
        (Rules(), "REST", "1B 2B 3B 4B 5B 6B 7B 8B 9B 10B 6D 5S", None),
        (Rules(primiera_missing="partial_compare"), "REST",
         "1B 2B 3B 4B 5B 6B 7B 8B 9B 10B 6D 5S", 0),
    ],
    ids=["complete-beats-incomplete", "complete-beats-incomplete-PARTIAL",
         "both-incomplete", "both-incomplete-PRIMIERA_PARTIAL_COMPARE"],
)
def test_primiera_with_a_missing_suit_SCOPA_9_2(rules, a, b, winner):
    """SCOPA-EX-9: A holds 7D 7C 7S and no Bastoni (63, incomplete).

    B holds every Bastoni with best cards 6D 4C 5S 7B = 68 and wins; when B lacks the Coppe too,
    nobody wins (default) or the higher partial sum, A's 63 over B's 54, wins (PARTIAL_COMPARE).
    """
    piles = piles_for(a, b)
    assert primiera(piles[0]) is None
    score = score_hand(piles, rules=rules)
    assert score.sides[0].primiera_partial == 63
    if "4C" in b:
        assert primiera(piles[1]) == 68
    else:
        assert primiera(piles[1]) is None
        assert score.sides[1].primiera_partial == 54
    assert score.winner_of("primiera") == winner
    assert sum(s.points["primiera"] for s in score.sides) == (winner is not None)


# -- SCOPA-EX-10 ------------------------------------------------------------------------------
def test_ties_in_two_player_scoring_SCOPA_8_1_and_8_2():
    """SCOPA-EX-10: 20-20 cards gives no carte point, 5-5 Denari no denari point."""
    piles = piles_for("1D 2D 3D 4D 5D 1C 2C 3C 4C 5C 6C 7C 8C 9C 10C 1S 2S 3S 4S 5S", "REST")
    assert [len(p) for p in piles] == [20, 20]
    score = score_hand(piles)
    assert [s.denari for s in score.sides] == [5, 5]
    assert [s.points["carte"] for s in score.sides] == [0, 0]
    assert [s.points["denari"] for s in score.sides] == [0, 0]
    assert [s.points["settebello"] for s in score.sides] == [0, 1]


# -- SCOPA-EX-11 ------------------------------------------------------------------------------
EX11_P1 = "7D 1D 2D 3D 6C 1C 2C 3C 4C 1S 10S 5B 2B 3B"
EX11_P2 = "6D 4D 5D 7C 5C 8C 9C 10C 5S 1B 4B 8B 9B 10B"
EX11_P3 = "8D 9D 10D 7S 6S 2S 3S 4S 8S 9S 7B 6B"


def test_three_player_scoring_SCOPA_8_6():
    """SCOPA-EX-11: cards 14/14/12 no point; Denari 4/3/3 to P1; primiera 70/70/incomplete none."""
    rules = Rules("SCOPA_3P")
    piles = piles_for(EX11_P1, EX11_P2, EX11_P3)
    assert sorted((c for p in piles for c in p), key=by_index) == list(DECK)
    score = score_hand(piles, rules=rules)
    assert [s.cards for s in score.sides] == [14, 14, 12]
    assert [s.denari for s in score.sides] == [4, 3, 3]
    assert [s.primiera for s in score.sides] == [70, 70, None]
    assert [s.points["carte"] for s in score.sides] == [0, 0, 0]
    assert [s.points["denari"] for s in score.sides] == [1, 0, 0]
    assert [s.points["primiera"] for s in score.sides] == [0, 0, 0]
    assert [s.points["settebello"] for s in score.sides] == [1, 0, 0]


def test_three_player_primiera_only_complete_ones_compete_SCOPA_9_3():
    """SCOPA-EX-11: P1 70 complete, P2 63 incomplete (7D 7C 7S), P3 52 complete: P1 wins."""
    rules = Rules("SCOPA_3P")
    piles = piles_for(
        "7B 6D 1C 5S 1B 2B 4B 5B 6B 8B 9B 10B",
        "REST",
        "4D 3C 2S 3B",
    )
    assert primiera(piles[0]) == 70
    assert primiera(piles[1]) is None
    assert primiera(piles[2]) == 52
    score = score_hand(piles, rules=rules)
    assert score.sides[1].primiera_partial == 63
    assert [s.points["primiera"] for s in score.sides] == [1, 0, 0]


# -- SCOPA-EX-12 ------------------------------------------------------------------------------
def _text(cards) -> str:
    return " ".join(map(str, cards))


def _final_position(rules: Rules = CLASSIC, b_pile: str = "1D 2D 3D 4D 5D 6D 8D 9D 10D",
                    last_capturer: int = 1) -> HandState:
    """A's last card 9S trails onto 1S; B holds the Denari but 7D and made one scopa.

        Table: 1S        A (seat 0) plays 9S, the last card of the hand
        A's pile: every other card (7D, all Coppe, all Bastoni, Spade but 1S 9S)

    A ends with carte, settebello and primiera (+3); B with denari and the scopa (+2).
    """
    b = parse_cards(b_pile)
    a = [c for c in DECK if c not in b and c not in parse_cards("9S 1S")]
    return position(rules, table="1S", hand="9S", last=True, piles=(_text(a), _text(b)),
                    scope=(0, 1), last_capturer=last_capturer)


@pytest.mark.parametrize(
    ("before", "after", "winner"),
    [((9, 10), (12, 12), None), ((8, 11), (11, 13), 1), ((10, 7), (13, 9), 0),
     ((5, 5), (8, 7), None)],
    ids=["12-12-plays-on", "11-13-B-wins", "13-9-A-wins", "below-target"],
)
def test_game_end_SCOPA_12(before, after, winner):
    """SCOPA-EX-12: the hand gives A +3 and B +2.

        9-10 -> 12-12: another hand;   8-11 -> 11-13: B wins.
    """
    state = _final_position()
    rules = state.rules
    match = Match.from_text(f"ex12|4|{before[0]}/{before[1]}|-|-|{state.to_text()}", rules)
    done = match.apply(Play.parse("9S"))
    assert done.hand_over
    assert done.hand_score().totals == (3, 2)
    assert done.scores == after
    assert done.winner == winner
    assert done.is_over is (winner is not None)
    assert _winner(after, done.hand_score(), rules) == winner
    if winner is None:
        following = done.next_hand()
        assert following.hand_no == 5
        assert following.scores == after
        assert following.hand.dealer == (state.dealer + 1) % 2
        assert not following.hand_over
    else:
        with pytest.raises(IllegalAction):
            done.next_hand()


@pytest.mark.parametrize(
    ("scores", "winner"),
    [((12, 12), None), ((11, 13), 1), ((11, 10), 0), ((10, 10), None), ((10, 11), 1),
     ((14, 14, 3), None), ((14, 13, 12), 0), ((2, 3, 11), 2)],
    ids=["tie-12", "13-beats-11", "11-10", "below", "exactly-11", "3p-tie", "3p-top",
         "3p-third"],
)
def test_winner_logic_SCOPA_12_2(scores, winner):
    """SCOPA-EX-12 directly on `_winner`: the highest total at or above 11 wins; ties play on."""
    rules = Rules() if len(scores) == 2 else Rules("SCOPA_3P")
    hand_score = score_hand(piles_for(*(["REST"] + [""] * (len(scores) - 1))), rules=rules)
    assert hand_score.napoleone is None
    assert _winner(scores, hand_score, rules) == winner


# -- SCOPA-EX-13 ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("table", "played", "expected"),
    [
        ("8C 3D 4S", "7B", ["8C"]),
        ("5D 10C 1S 4B", "10S", ["5D", "1S 4B"]),
        ("10C", "5C", ["10C"]),
        ("7C", "7D", []),
        ("1B 6C", "8S", ["1B 6C"]),
        ("9C 6D 6S", "9D", ["6D", "6S"]),
        ("1C 2C 3C 4C", "5D", ["1C 2C 3C 4C"]),
    ],
    ids=["7+8", "one-or-two", "king-by-five", "no-pairing", "ace-via-14", "nine-not-nine",
         "four-card-fifteen"],
)
def test_fifteen_captures_SCOPA_14_1(table, played, expected):
    """SCOPA-EX-13: played card + captured cards = 15, the only way to capture.

        Table: 8C 3D 4S  plays 7B  ->  {8C}  (3+4+7 = 14 takes nothing)
    """
    assert set(capture_options(parse_card(played), parse_cards(table), QUINDICI)) == options_of(
        *expected
    )


@pytest.mark.parametrize(
    ("table", "play", "table_after", "scope"),
    [
        ("8C 3D 4S", "7Bx8C", "3D 4S", 0),
        ("5D 10C 1S 4B", "10Sx5D", "10C 1S 4B", 0),
        ("5D 10C 1S 4B", "10Sx1S+4B", "5D 10C", 0),
        ("10C", "5Cx10C", "", 1),
        ("7C", "7D", "7C 7D", 0),
        ("1B 6C", "8Sx1B+6C", "", 1),
    ],
    ids=["7+8", "takes-5D", "takes-1S+4B", "king-by-five-scopa", "7D-trailed",
         "ace-via-14-scopa"],
)
def test_fifteen_plays_applied_SCOPA_14_2(table, play, table_after, scope):
    """SCOPA-EX-13 applied (none of these is the hand's last play).

        Table: 10C   plays 5C x 10C  ->  Table empty, +1 scopa
        Table: 7C    plays 7D        ->  Table 7C 7D (7 + 7 = 14)
    """
    state = position(QUINDICI, table=table, hand=play.split("x")[0] + " 2B 9B")
    after = _apply(state, play)
    assert set(after.table) == cset(table_after)
    assert after.scope == (scope, 0)


def test_fifteen_capture_is_compulsory_SCOPA_14_2():
    """SCOPA-EX-13: 7B on 8C 3D 4S cannot be trailed.

        Table: 8C 3D 4S   plays 7B (trail)  ->  IllegalAction
    """
    state = position(QUINDICI, table="8C 3D 4S", hand="7B 2D 9B")
    before = state.to_text()
    with pytest.raises(IllegalAction) as info:
        state.apply(Play(Card(7, "B")))
    assert info.value.rule == "SCOPA-14.2"
    with pytest.raises(IllegalAction) as info:
        state.apply(Play.parse("7Bx3D+4S"))
    assert info.value.rule == "SCOPA-14.1"
    assert state.to_text() == before


# -- SCOPA-EX-14 ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("rules", "table", "play", "bonus", "scope"),
    [
        (NAPOLETANA, "4D 5S", "6Cx4D+5S", 1, 1),
        (NAPOLETANA, "4D 5D", "6Cx4D+5D", 0, 1),
        (NAPOLETANA, "4D 5S 10B", "6Cx4D+5S", 1, 0),
        (NAPOLETANA, "10B 8S", "5Cx10B", 0, 0),
        (NAPOLETANA, "1D 2S 6B 9C", "6Cx1D+2S+6B", 0, 0),
        (QUINDICI, "4D 5S", "6Cx4D+5S", 0, 1),
        (Rules("QUINDICI_NAPOLETANA", three_suit_bonus=False), "4D 5S", "6Cx4D+5S", 0, 1),
        (Rules("QUINDICI_NAPOLETANA", players=4), "4D 5S", "6Cx4D+5S", 1, 1),
    ],
    ids=["three-suits", "two-denari", "three-suits-no-sweep", "two-cards", "four-cards",
         "plain-quindici", "bonus-off", "4p"],
)
def test_three_suit_fifteen_bonus_SCOPA_15_2(rules, table, play, bonus, scope):
    """SCOPA-EX-14.

        Table: 4D 5S   plays 6C x 4D+5S  ->  +1 bonus (three suits) and +1 scopa
        Table: 4D 5D   plays 6C x 4D+5D  ->  no bonus (two Denari)
    """
    state = position(rules, table=table, hand=play.split("x")[0] + " 3C 9B")
    after = _apply(state, play)
    assert after.bonus[0] == bonus and sum(after.bonus) == bonus
    assert after.scope[0] == scope and sum(after.scope) == scope
    score = score_hand(after.piles, after.scope, rules, after.bonus)
    if rules.three_suit_bonus:
        assert score.sides[0].points["quindici"] == bonus
    else:
        assert "quindici" not in score.sides[0].points


@pytest.mark.parametrize(
    ("cards", "points"),
    [
        ("1D 2D 3D 4D 6D", 4),
        ("1D 2D 3D", 3),
        ("1D 2D 3D 5D", 3),
        ("1D 2D 4D 5D 6D", 0),
        ("2D 3D 4D 5D", 0),
        ("1D 2D 3D 4D 5D 6D 7D 8D 9D", 9),
        ("1D 2D 3D 4D 5D 6D 7D 8D 9D 10D", 10),
        ("1C 2C 3C", 0),
    ],
    ids=["run-of-4", "run-of-3", "gap-at-4", "no-3D", "no-1D", "run-of-9", "napoleone",
         "coppe"],
)
def test_napola_SCOPA_15_3(cards, points):
    """SCOPA-EX-14: 1D 2D 3D 4D 6D (no 5D) is a Napola of 4."""
    assert napola(parse_cards(cards)) == points
    piles = piles_for(cards, "REST")
    score = score_hand(piles, rules=NAPOLETANA)
    assert score.sides[0].points["napola"] == points
    # Napoleone: a side holding all ten Denari (with "1C 2C 3C" the other side holds them).
    expected = 0 if points == 10 else (1 if "D" not in cards else None)
    assert score.napoleone == expected


@pytest.mark.parametrize(
    ("rules", "winner"),
    [(NAPOLETANA, 1), (Rules(napola=True, napoleone_wins=True), 1),
     (Rules("QUINDICI_NAPOLETANA", napoleone_wins=False), 0)],
    ids=["napoletana", "SCOPA_2P-with-NAPOLEONE_WINS", "NAPOLEONE_WINS-off"],
)
def test_napoleone_wins_the_game_SCOPA_15_3(rules, winner):
    """SCOPA-EX-14: a pile holding 1D-10D is Napoleone, and that side wins the match.

        Table: 1S    A (15 points before the hand) trails the last card 9S;
        B's pile: 1D 2D 3D 4D 5D 6D 7D 8D 9D 10D   ->  B wins, whatever the totals
    """
    denari = " ".join(f"{r}D" for r in range(1, 11))
    state = _final_position(rules, b_pile=denari, last_capturer=0)
    match = Match.from_text(f"ex14|3|15/0|-|-|{state.to_text()}", rules)
    done = match.apply(Play.parse("9S"))
    assert done.hand_score().napoleone == (1 if rules.napoleone_wins else None)
    assert done.hand_score().sides[1].points["napola"] == 10
    # A's total is higher and past the target, yet Napoleone overrides it (SCOPA-15.3).
    assert done.scores[0] > done.scores[1]
    assert done.scores[0] >= rules.target
    assert done.winner == winner
    assert done.is_over


# -- SCOPA-EX-15 ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("table", "played", "expected", "table_after", "scope"),
    [
        ("7D 3C 9S", "1B", "7D 3C 9S", "", 0),
        ("1C 5D 6S", "1S", "1C", "5D 6S", 0),
        ("1C", "1S", "1C", "", 1),
        ("", "1D", "", "1D", 0),
    ],
    ids=["ace-sweeps-no-scopa", "ace-takes-one-ace", "lone-ace-is-a-scopa", "empty-table"],
)
def test_ace_sweep_SCOPA_16(table, played, expected, table_after, scope):
    """SCOPA-EX-15 (Scopa d'Assi, defaults).

        Table: 7D 3C 9S   plays 1B  ->  takes all three, no scopa, 1B's player last capturer
        Table: 1C 5D 6S   plays 1S  ->  takes 1C only
        Table: 1C         plays 1S  ->  takes 1C, +1 scopa
        Table: (empty)    plays 1D  ->  trailed
    """
    card = parse_card(played)
    options = capture_options(card, parse_cards(table), ASSI)
    assert set(options) == (options_of(expected) if expected else set())
    state = position(ASSI, table=table, hand=f"{played} 4C 8B", last_capturer=1)
    after = _apply(state, str(Play(card, cset(expected))))
    assert set(after.table) == cset(table_after)
    assert after.scope == (scope, 0)
    if expected:
        assert after.last_capturer == 0
        assert pile(after, 0) == cset(expected) | {card}
    else:
        assert after.last_capturer == 1
        assert pile(after, 0) == frozenset()


def test_ace_still_counts_one_in_sums_SCOPA_16_5():
    """SCOPA-16.5: Table 4C 1D, plays 5S  ->  takes 4C+1D."""
    assert set(capture_options(Card(5, "S"), parse_cards("4C 1D"), ASSI)) == options_of("4C 1D")


# -- SCOPA-EX-16 ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("rules", "texts", "holder"),
    [
        (Rules(re_bello=True), ("REST", "10D 2C"), 1),
        (Rules(re_bello=True), ("REST", "9D 2C"), 0),
        (Rules("SCOPA_3P", re_bello=True), ("REST", "1C", "10D 2C"), 2),
        (Rules("QUINDICI", re_bello=True), ("REST", "10D"), 1),
        (Rules("SCOPA_4P", re_bello=True), ("REST", "10D 9D"), 1),
    ],
    ids=["B-holds", "A-holds", "3p", "quindici", "4p"],
)
def test_re_bello_SCOPA_17_1(rules, texts, holder):
    """SCOPA-EX-16: the side whose pile holds 10D gets +1 on top of the other categories."""
    piles = piles_for(*texts)
    assert Card(10, "D") in piles[holder]
    with_bello = score_hand(piles, rules=rules)
    without = score_hand(piles, rules=rules.with_options(re_bello=False))
    for side in range(rules.sides):
        assert with_bello.sides[side].points["re_bello"] == int(side == holder)
        assert "re_bello" not in without.sides[side].points
        assert with_bello.totals[side] == without.totals[side] + int(side == holder)


# -- SCOPA-EX-17 ------------------------------------------------------------------------------
@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_scopone_scientifico_opening_SCOPA_10(dealer):
    """SCOPA-EX-17: 10 cards each, empty table.

        Table: (empty)   P1 = next(D) plays 5C: trailed       ->  Table 5C
        Table: 5C        P2 plays 5D: must take 5C, empties the table  ->  +1 scopa for P2's side
    """
    rules = Rules("SCOPONE_SCIENTIFICO")
    first, second = parse_cards("5C 5D")
    deck = [first, second] + [c for c in shuffled_deck(17) if c not in (first, second)]
    state = deal_from(rules, deck, dealer)
    p1, p2 = (dealer + 1) % 4, (dealer + 2) % 4
    assert [len(h) for h in state.hands] == [10, 10, 10, 10]
    assert state.table == () and state.stock == ()
    assert state.to_move == p1
    assert first in state.hands[p1] and second in state.hands[p2]
    assert all(p.is_trail for p in state.legal_actions())
    state = _apply(state, "5C")
    assert state.table == (first,)
    assert state.to_move == p2
    assert [p for p in state.legal_actions() if p.card is second] == [Play(second, {first})]
    with pytest.raises(IllegalAction):
        state.apply(Play(second))
    state = _apply(state, "5Dx5C")
    assert state.table == ()
    side = p2 % 2
    assert state.scope[side] == 1 and state.scope[1 - side] == 0
    assert pile(state, side) == {first, second}


# -- SCOPA-EX-18 ------------------------------------------------------------------------------
@pytest.mark.parametrize("variant", ["SCOPA_4P", "SCOPONE", "SCOPONE_SCIENTIFICO"])
def test_four_player_pairs_SCOPA_8_7(variant):
    """SCOPA-EX-18: NS 23 cards with 5 Denari, EW 17 with 5: NS gets carte, nobody denari."""
    rules = Rules(variant)
    ns = "1D 2D 3D 4D 5D " + " ".join(f"{r}{s}" for s in "CS" for r in range(1, 10))
    piles = piles_for(ns, "REST")
    assert [len(p) for p in piles] == [23, 17]
    score = score_hand(piles, rules=rules)
    assert [s.denari for s in score.sides] == [5, 5]
    assert [s.points["carte"] for s in score.sides] == [1, 0]
    assert [s.points["denari"] for s in score.sides] == [0, 0]
    assert len(score.sides) == 2
    assert rules.side_of(0) == rules.side_of(2) == 0
    assert rules.side_of(1) == rules.side_of(3) == 1
