"""The Scopa rules beyond the worked examples, and every open-point option (SCOPA-OP-1..14)."""
from __future__ import annotations

import random

import pytest

from neapolitan.cards import DECK, Card, parse_card, parse_cards, shuffled_deck
from neapolitan.errors import BadNotation, IllegalAction
from neapolitan.scopa import (
    CallOut,
    HandState,
    Match,
    Play,
    PlayerView,
    Rules,
    capture_options,
    deal,
    deal_from,
    deal_is_void,
    parse_action,
    score_hand,
    why_not_capture,
)
from neapolitan.scopa.match import _winner

from ._support import all_cards, count_cards, cset, options_of, pile, piles_for, position

# (rules, hand size, initial table, deals per hand) - SCOPA-0
VARIANT_DEALS = [
    (Rules("SCOPA_2P"), 3, 4, 6),
    (Rules("SCOPA_3P"), 3, 4, 4),
    (Rules("SCOPA_4P"), 3, 4, 3),
    (Rules("SCOPONE_SCIENTIFICO"), 10, 0, 1),
    (Rules("SCOPONE"), 9, 4, 1),
    (Rules("QUINDICI"), 3, 4, 6),
    (Rules("QUINDICI", players=3), 3, 4, 4),
    (Rules("QUINDICI", players=4), 3, 4, 3),
    (Rules("QUINDICI_NAPOLETANA"), 3, 4, 6),
    (Rules("QUINDICI_NAPOLETANA", players=3), 3, 4, 4),
    (Rules("QUINDICI_NAPOLETANA", players=4), 3, 4, 3),
    (Rules("ASSI"), 3, 4, 6),
    (Rules("ASSI", players=3), 3, 4, 4),
    (Rules("ASSI", players=4), 3, 4, 3),
    (Rules("ASSI", players=4, assi_4p_ten_each=True), 10, 0, 1),
]
VARIANT_IDS = [
    f"{r.variant}-{r.players}p" + ("-ten-each" if r.assi_4p_ten_each else "")
    for r, *_ in VARIANT_DEALS
]


def random_play(state: HandState, rng: random.Random) -> HandState:
    return state.apply(rng.choice(state.legal_actions()))


def deck_with_table(rules: Rules, table: str, seed: int = 5) -> list[Card]:
    """A pack ordered so that the initial table is `table`."""
    table_cards = parse_cards(table)
    rest = [c for c in shuffled_deck(seed) if c not in table_cards]
    dealt = rules.players * rules.hand_size
    return rest[:dealt] + table_cards + rest[dealt:]


# -- SCOPA-0, SCOPA-3: dealing -----------------------------------------------------------------
@pytest.mark.parametrize(("rules", "hand_size", "table_size", "deals"), VARIANT_DEALS,
                         ids=VARIANT_IDS)
def test_deal_sizes_per_variant_SCOPA_0(rules, hand_size, table_size, deals):
    state = deal(rules, 11, dealer=0)
    assert [len(h) for h in state.hands] == [hand_size] * rules.players
    assert len(state.table) == table_size
    assert len(state.stock) == 40 - table_size - hand_size * rules.players
    assert 1 + len(state.stock) // (3 * rules.players) == deals
    assert len(state.stock) % (3 * rules.players) == 0
    assert state.piles == (0,) * rules.sides
    assert state.scope == (0,) * rules.sides
    assert state.to_move == 1
    assert state.last_capturer is None


@pytest.mark.parametrize(("rules", "hand_size", "table_size", "deals"), VARIANT_DEALS,
                         ids=VARIANT_IDS)
def test_a_hand_has_one_play_per_card_and_the_counted_deals_SCOPA_4(
    rules, hand_size, table_size, deals
):
    """36 plays with a 4-card initial table, 40 in Scopone Scientifico (SCOPA-EX-5)."""
    rng = random.Random(3)
    state = deal(rules, 3)
    plays = 0
    deals_seen = 1
    while not state.is_over:
        before_stock = len(state.stock)
        state = random_play(state, rng)
        plays += 1
        if len(state.stock) < before_stock:
            deals_seen += 1
    assert plays == 40 - table_size
    assert deals_seen == deals
    assert state.legal_actions() == []


@pytest.mark.parametrize(("rules", "hand_size", "table_size", "deals"), VARIANT_DEALS,
                         ids=VARIANT_IDS)
@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_deal_order_one_card_at_a_time_from_the_dealers_right_SCOPA_3_2(
    rules, hand_size, table_size, deals, dealer
):
    """The dealer gives one card at a time starting at next(D), then turns up the table."""
    if dealer >= rules.players:
        dealer %= rules.players
    deck = shuffled_deck(f"order-{dealer}")
    if rules.fifteen:
        rules = rules.with_options(quindici_table_15_to_dealer=False)
    state = deal_from(rules, deck, dealer)
    n = rules.players
    for k in range(1, n + 1):
        seat = (dealer + k) % n
        assert list(state.hands[seat]) == deck[k - 1: n * hand_size: n]
    dealt = n * hand_size
    assert set(state.table) == set(deck[dealt: dealt + table_size])
    assert list(state.table) == sorted(state.table, key=lambda c: c.by_rank)
    assert list(state.stock) == deck[dealt + table_size:]
    assert state.to_move == (dealer + 1) % n
    assert state.dealer == dealer


def test_deal_is_reproducible_from_the_seed():
    for rules, *_ in VARIANT_DEALS:
        assert deal(rules, "same", 1).to_text() == deal(rules, "same", 1).to_text()
    assert deal(Rules(), 1).to_text() != deal(Rules(), 2).to_text()


def test_deal_from_needs_the_whole_pack():
    with pytest.raises(BadNotation):
        deal_from(Rules(), list(DECK)[:39])
    with pytest.raises(BadNotation):
        deal_from(Rules(), [*list(DECK)[:39], DECK[0]])


@pytest.mark.parametrize(
    "rules",
    [r for r, _, t, d in VARIANT_DEALS if d > 1],
    ids=[i for (_, _, _, d), i in zip(VARIANT_DEALS, VARIANT_IDS, strict=True) if d > 1],
)
@pytest.mark.parametrize("dealer", [0, 1, 3])
def test_redeal_gives_three_each_and_nothing_to_the_table_SCOPA_3_4(rules, dealer):
    """When every hand is empty the dealer gives 3 cards each from the stock, in the deal
    order, no card goes to the table, and next(D) plays first again."""
    dealer %= rules.players
    n = rules.players
    rng = random.Random(dealer)
    state = deal(rules, f"redeal-{dealer}", dealer)
    redeals = 0
    while not state.is_over:
        before = state
        play = rng.choice(state.legal_actions())
        state = state.apply(play)
        if len(state.stock) < len(before.stock):
            redeals += 1
            assert sum(len(h) for h in before.hands) == 1
            assert [len(h) for h in state.hands] == [3] * n
            for k in range(1, n + 1):
                seat = (dealer + k) % n
                assert list(state.hands[seat]) == list(before.stock[k - 1: 3 * n: n])
            assert state.stock == before.stock[3 * n:]
            assert set(state.table) <= set(before.table) | {play.card}
            assert state.to_move == (dealer + 1) % n
        else:
            assert state.stock == before.stock
            if not state.is_over:
                assert state.to_move == (before.to_move + 1) % n
    assert redeals == (40 - rules.table_size) // (3 * n) - 1


@pytest.mark.parametrize(
    ("rules", "kings", "void"),
    [
        (Rules(), 3, True),
        (Rules(), 4, True),
        (Rules(), 2, False),
        (Rules(king_redeal="three_only"), 3, True),
        (Rules(king_redeal="three_only"), 4, False),
        (Rules(king_redeal="off"), 3, False),
        (Rules(king_redeal="off"), 4, False),
        (Rules("QUINDICI"), 3, False),
        (Rules("QUINDICI"), 4, False),
        (Rules("QUINDICI", king_redeal="three_or_four"), 3, True),
        (Rules("QUINDICI_NAPOLETANA", players=3, king_redeal="three_or_four"), 4, True),
        (Rules("QUINDICI", players=4, king_redeal="three_only"), 4, False),
        (Rules("SCOPONE"), 3, True),
        (Rules("SCOPA_4P", king_redeal="three_only"), 3, True),
        (Rules("ASSI", players=3), 4, True),
    ],
    ids=[
        "default-3", "default-4", "default-2", "three_only-3", "three_only-4", "off-3",
        "off-4", "quindici-default-3", "quindici-default-4", "quindici-on-3",
        "napoletana-on-4", "quindici-three_only-4", "scopone-3", "4p-three_only", "assi-3p",
    ],
)
def test_king_redeal_options_SCOPA_OP_4_and_OP_9(rules, kings, void):
    """SCOPA-3.5 / SCOPA-OP-4 (three_or_four, three_only, off) and SCOPA-OP-9 (Quindici)."""
    table = parse_cards("10D 10C 10S 10B")[:kings] + parse_cards("4B 5S 6C")[: 4 - kings]
    assert deal_is_void(rules, table) is void
    state = deal_from(rules, deck_with_table(rules, " ".join(map(str, table))), 0)
    assert sum(c.rank == 10 for c in state.table) == kings


def test_empty_table_is_never_void_SCOPA_10_4():
    rules = Rules("SCOPONE_SCIENTIFICO")
    assert deal_is_void(rules, []) is False
    assert deal(rules, 1).table == ()


@pytest.mark.parametrize(
    ("rules", "void"),
    [(Rules(king_redeal="off"), False), (Rules(king_redeal="three_only"), None),
     (Rules(), True)],
    ids=["off-keeps", "three_only", "three_or_four"],
)
def test_deal_redeals_only_under_the_option_SCOPA_OP_4(rules, void):
    """`deal` re-deals a void table with the same dealer, and keeps it when the option is off."""
    for seed in range(20_000):
        first = deal_from(rules, shuffled_deck(seed), 1)
        kings = sum(c.rank == 10 for c in first.table)
        if kings >= 3:
            break
    else:
        raise AssertionError("no seed puts three Kings on the table")
    dealt = deal(rules, seed, 1)
    expect_void = deal_is_void(rules, first.table) if void is None else void
    assert (dealt.to_text() != first.to_text()) is expect_void
    assert dealt.dealer == 1
    assert not deal_is_void(rules, dealt.table)


@pytest.mark.parametrize("dealer", [-1, 2, 5])
def test_the_dealer_must_be_a_seat_SCOPA_2_2(dealer):
    with pytest.raises(BadNotation, match="dealer must be a seat"):
        deal(Rules(), 1, dealer)
    with pytest.raises(BadNotation, match="dealer must be a seat"):
        deal_from(Rules(), shuffled_deck(1), dealer)


# -- SCOPA-2: turn order -----------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_turn_passes_to_the_right_SCOPA_2_2(players):
    rules = Rules("ASSI", players=players)
    state = deal(rules, 9, dealer=players - 1)
    rng = random.Random(9)
    assert state.to_move == 0
    order = []
    for _ in range(players * 3):
        order.append(state.to_move)
        state = random_play(state, rng)
    assert order == list(range(players)) * 3
    assert state.to_move == 0  # after the re-deal next(D) plays first again


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_deal_passes_to_the_right_each_hand_SCOPA_3_1(players):
    rules = Rules("QUINDICI", players=players)
    match = Match.new(rules, "rotation", first_dealer=1)
    rng = random.Random(1)
    dealers = [match.hand.dealer]
    while len(dealers) < 4 and not match.is_over:
        while not match.hand_over:
            match = match.apply(rng.choice(match.legal_actions()))
        if match.is_over:
            break
        match = match.next_hand()
        dealers.append(match.hand.dealer)
        assert match.hand.to_move == (match.hand.dealer + 1) % players
    assert dealers == [(1 + i) % players for i in range(len(dealers))]
    assert len(dealers) >= 2


def test_first_dealer_is_drawn_from_the_seed_SCOPA_3_1():
    dealers = {Match.new(Rules("SCOPA_4P"), seed).hand.dealer for seed in range(40)}
    assert dealers == {0, 1, 2, 3}
    assert Match.new(Rules(), "x").hand.dealer == Match.new(Rules(), "x").hand.dealer


# -- SCOPA-4, SCOPA-5: plays and refusals -------------------------------------------------------
ILLEGAL = [
    # rules, table, hand, play, rule
    (Rules(), "7C 3S 4D", "7D 2B 9C", "5Bx3S", "SCOPA-4.1"),
    (Rules(), "7C 3S 4D", "7D 2B 9C", "7Dx7S", "SCOPA-5"),
    (Rules(), "7C 3S 4D", "7D 2B 9C", "7D", "SCOPA-5.4"),
    (Rules(), "5B 3C 6S 2D", "8D 1C 9B", "8Dx5B+2D", "SCOPA-5.2"),
    (Rules(), "5B 3C 6S 2D", "8D 1C 9B", "8Dx5B+3C+6S", "SCOPA-5.2"),
    (Rules(), "7C 3S 4D", "7D 2B 9C", "7Dx3S+4D", "SCOPA-5.1"),
    (Rules(), "7C 3S 4D", "7D 2B 9C", "7Dx7C+3S", "SCOPA-5.1"),
    (Rules(), "7C 3S 4D", "7D 2B 9C", "9Cx3S+4D", "SCOPA-5.3"),
    (Rules(), "1C 3S 4D", "1D 2B 9C", "1Dx3S", "SCOPA-5.1"),
    (Rules("QUINDICI"), "8C 3D 4S", "7B 2D 9B", "7B", "SCOPA-14.2"),
    (Rules("QUINDICI"), "8C 3D 4S", "7B 2D 9B", "7Bx3D+4S", "SCOPA-14.1"),
    (Rules("QUINDICI"), "7C", "7B 2D 9B", "7Bx7C", "SCOPA-14.1"),
    (Rules("ASSI"), "7D 3C 9S", "1B 2D 8B", "1Bx7D", "SCOPA-16.1"),
    (Rules("ASSI"), "7D 3C 9S", "1B 2D 8B", "1B", "SCOPA-16.1"),
    (Rules(min_cards=True), "2C 3S 4D 5B 7S", "9B 1D 10C", "9Bx2C+3S+4D", "SCOPA-OP-6"),
]


@pytest.mark.parametrize(("rules", "table", "hand", "play", "rule"), ILLEGAL,
                         ids=[f"{c[3]}-{c[4]}" for c in ILLEGAL])
def test_illegal_plays_are_refused_naming_the_rule_SCOPA_5(rules, table, hand, play, rule):
    """An illegal play raises IllegalAction whose message cites the rule; nothing changes.

        e.g. Table: 7C 3S 4D   hand 7D 2B 9C   plays 7D (trail)  ->  SCOPA-5.4
    """
    state = position(rules, table=table, hand=hand)
    before = state.to_text()
    legal_before = list(state.legal_actions())
    action = Play.parse(play)
    assert action not in legal_before
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert isinstance(info.value, ValueError)
    assert info.value.rule == rule
    assert rule in str(info.value)
    assert state.to_text() == before
    assert state.legal_actions() == legal_before
    # the refusal leaves the state usable
    assert state.apply(legal_before[0]).to_text() != before


@pytest.mark.parametrize(("rules", "table", "hand", "play", "rule"), ILLEGAL[1:],
                         ids=[f"{c[3]}-{c[4]}" for c in ILLEGAL[1:]])
def test_why_not_capture_agrees_with_the_refusal(rules, table, hand, play, rule):
    """`why_not_capture` gives the same rule as the refusal, and None for every legal play."""
    state = position(rules, table=table, hand=hand)
    action = Play.parse(play)
    reason = why_not_capture(action.card, state.table, action.captured, rules)
    assert reason is not None and reason[1] == rule
    for legal in state.legal_actions():
        assert why_not_capture(legal.card, state.table, legal.captured, rules) is None


def test_pair_priority_message_SCOPA_5_1():
    state = position(table="7C 3S 4D", hand="7D 2B 9C")
    with pytest.raises(IllegalAction, match=r"^7D must take 7C: a single card of equal value "
                                            r"has priority, SCOPA-5\.1$"):
        state.apply(Play.parse("7Dx3S+4D"))
    state = position(table="7C 7S 3S 4D", hand="7D 2B 9C")
    with pytest.raises(IllegalAction) as info:
        state.apply(Play.parse("7Dx3S+4D"))
    assert str(info.value).startswith("7D must take 7C or 7S")
    assert str(info.value).endswith("SCOPA-5.1")


def test_card_not_in_hand_names_the_card_SCOPA_4_1():
    state = position(table="7C 3S 4D", hand="7D 2B 9C")
    with pytest.raises(IllegalAction) as info:
        state.apply(Play.parse("5B"))
    assert "5B" in str(info.value)
    # a card of another seat is not playable either
    other = state.hands[1][0]
    with pytest.raises(IllegalAction) as info:
        state.apply(Play(other))
    assert info.value.rule == "SCOPA-4.1"


def test_no_play_once_the_hand_is_over_SCOPA_7():
    state = position(table="1S", hand="9S", last=True, last_capturer=1)
    done = state.apply(Play.parse("9S"))
    assert done.is_over and done.legal_actions() == []
    with pytest.raises(IllegalAction) as info:
        done.apply(Play.parse("9S"))
    assert info.value.rule == "SCOPA-7"


def test_a_player_cannot_pass_SCOPA_4_1():
    """Every play plays exactly one card from the mover's hand; there is always one."""
    state = deal(Rules(), 4)
    actions = state.legal_actions()
    assert actions
    assert {p.card for p in actions} == set(state.hands[state.to_move])


def test_ace_captures_only_an_ace_SCOPA_5_6():
    """Table: 1C 2S 3D   plays 1B  ->  {1C};   Table: 2S 3D   plays 1B  ->  trailed."""
    assert set(capture_options(parse_card("1B"), parse_cards("1C 2S 3D"))) == options_of("1C")
    assert capture_options(parse_card("1B"), parse_cards("2S 3D")) == []


def test_trail_leaves_the_card_on_the_table_SCOPA_5_3():
    """Table: 2C 3S   plays 9B  ->  Table 2C 3S 9B, no capture, no scopa."""
    state = position(table="2C 3S", hand="9B 1D 10C", last_capturer=1)
    after = state.apply(Play.parse("9B"))
    assert set(after.table) == cset("2C 3S 9B")
    assert after.piles == state.piles
    assert after.last_capturer == 1
    assert after.scope == (0, 0)


def test_trail_onto_an_empty_table_is_not_a_scopa_SCOPA_6_4():
    state = position(table="", hand="9B 1D 10C")
    after = state.apply(Play.parse("9B"))
    assert after.table == (Card(9, "B"),)
    assert after.scope == (0, 0)


def test_no_limit_on_scope_SCOPA_6_3():
    state = position(table="4C 2B", hand="6S 9D 1C", scope=(5, 2))
    after = state.apply(Play.parse("6Sx4C+2B"))
    assert after.scope == (6, 2)
    score = score_hand(after.piles, after.scope)
    assert score.sides[0].points["scope"] == 6


def test_capture_goes_to_the_sides_pile_SCOPA_5_5():
    rules = Rules("SCOPA_4P")
    state = position(rules, table="5B 3C 6S 2D", hand="8D 1C 9B", seat=2)
    after = state.apply(Play.parse("8Dx6S+2D"))
    assert pile(after, 0) == cset("8D 6S 2D")
    assert pile(after, 1) == frozenset()
    assert after.last_capturer == 2


# -- SCOPA-7: end of hand ---------------------------------------------------------------------
def test_leftovers_go_to_no_one_without_a_capture_SCOPA_7_2():
    state = position(table="1S 4C", hand="9S", last=True, last_capturer=None, piles=("", ""))
    after = state.apply(Play.parse("9S"))
    assert after.is_over
    assert after.table == ()
    assert after.piles == state.piles
    assert after.scope == (0, 0)


def test_leftovers_never_make_a_scopa_SCOPA_7_1():
    """The final table going to the last capturer empties it, but scores no scopa.

        Table: 2C 5S   seat 1's last card 8B is trailed  ->  seat 0 takes 2C 5S 8B
    """
    state = position(table="2C 5S", hand="8B", seat=1, last=True, last_capturer=0)
    after = state.apply(Play.parse("8B"))
    assert after.scope == (0, 0)
    assert cset("2C 5S 8B") <= pile(after, 0)


# -- SCOPA-OP-5: the last play ------------------------------------------------------------------
LAST_SWEEP_CASES = [
    # scenario, last_sweep option, expected scope of side 0
    ("final-sweep", "last_play", 0),
    ("final-sweep", "last_capture_literal", 0),
    ("final-sweep", "counts", 1),
    ("sweep-then-trail", "last_play", 1),
    ("sweep-then-trail", "last_capture_literal", 0),
    ("sweep-then-trail", "counts", 1),
    ("sweep-then-capture", "last_play", 1),
    ("sweep-then-capture", "last_capture_literal", 1),
    ("sweep-then-capture", "counts", 1),
]


def _last_sweep_scenario(name: str, rules: Rules) -> tuple[HandState, list[str]]:
    if name == "final-sweep":
        # Table: 3D 2C   seat 0 plays its last card 5B x 3D+2C
        return position(rules, table="3D 2C", hand="5B", last=True), ["5Bx2C+3D"]
    if name == "sweep-then-trail":
        # Table: 4C 2B   seat 0: 6S x 4C+2B (sweep); seat 1 trails the last card 9B
        return position(rules, table="4C 2B", hand="6S", last=True, others=("9B",)), [
            "6Sx2B+4C", "9B"
        ]
    # Table: 4C 2B  seat 0: 6S sweeps; seat 1 trails 9B; seat 0 trails 2D; seat 1: 2C x 2D
    return position(rules, table="4C 2B", hand="6S 2D", last=True, others=("9B 2C",)), [
        "6Sx2B+4C", "9B", "2D", "2Cx2D"
    ]


@pytest.mark.parametrize(("scenario", "option", "expected"), LAST_SWEEP_CASES,
                         ids=[f"{s}-{o}" for s, o, _ in LAST_SWEEP_CASES])
def test_sweep_on_the_last_play_options_SCOPA_OP_5(scenario, option, expected):
    """SCOPA-6.2 and its options: last_play (default), last_capture_literal, counts."""
    rules = Rules(last_sweep=option)
    state, plays = _last_sweep_scenario(scenario, rules)
    for text in plays:
        play = Play.parse(text)
        assert play in state.legal_actions(), text
        state = state.apply(play)
    assert state.is_over
    assert state.scope == (expected, 0)
    assert count_cards(state) == 40
    assert score_hand(state.piles, state.scope, rules).sides[0].points["scope"] == expected


def test_sweep_earlier_in_the_hand_always_counts_SCOPA_6_2():
    """Only the hand's last play is affected: a sweep with cards still to play is a scopa."""
    for option in ("last_play", "last_capture_literal", "counts"):
        rules = Rules(last_sweep=option)
        state = position(rules, table="4C 2B", hand="6S", last=True, others=("9B",))
        after = state.apply(Play.parse("6Sx2B+4C"))
        assert after.scope == (1, 0)


# -- SCOPA-14, SCOPA-OP-8, SCOPA-OP-9: Quindici options -------------------------------------------
@pytest.mark.parametrize(
    ("rules", "table", "played", "expected"),
    [
        (Rules("QUINDICI"), "7C", "7D", []),
        (Rules("QUINDICI", quindici_also_pair=True), "7C", "7D", ["7C"]),
        (Rules("QUINDICI", quindici_also_pair=True), "7C 8S", "7D", ["7C", "8S"]),
        (Rules("QUINDICI", quindici_also_pair=True), "5C 10S", "5D", ["5C", "10S"]),
        (Rules("QUINDICI"), "8C", "7B", ["8C"]),
        (Rules("QUINDICI", quindici_optional=True), "8C", "7B", ["8C", ""]),
        (Rules("QUINDICI", quindici_optional=True), "7C", "7B", []),
        (Rules("QUINDICI_NAPOLETANA", quindici_also_pair=True, quindici_optional=True),
         "7C 8S", "7D", ["7C", "8S", ""]),
    ],
    ids=["default-no-pair", "ALSO_PAIR", "ALSO_PAIR-or-fifteen", "ALSO_PAIR-five",
         "default-compulsory", "OPTIONAL", "OPTIONAL-nothing-to-take", "both"],
)
def test_quindici_capture_options_SCOPA_OP_8(rules, table, played, expected):
    """SCOPA-OP-8: (B) QUINDICI_ALSO_PAIR pairs too; (C) QUINDICI_OPTIONAL may trail.

        Table: 7C   plays 7D  ->  trailed (default), takes 7C with ALSO_PAIR
        Table: 8C   plays 7B  ->  must take 8C (default), may trail with OPTIONAL
    """
    options = capture_options(parse_card(played), parse_cards(table), rules)
    assert set(options) == options_of(*expected)
    assert len(options) == len(set(options))


def test_quindici_optional_trail_is_legal_and_applied_SCOPA_OP_8():
    """Table: 8C   plays 7B (trail) under QUINDICI_OPTIONAL  ->  Table 7B 8C."""
    rules = Rules("QUINDICI", quindici_optional=True)
    state = position(rules, table="8C", hand="7B 2B 9B", last_capturer=1)
    assert Play(Card(7, "B")) in state.legal_actions()
    after = state.apply(Play(Card(7, "B")))
    assert set(after.table) == cset("7B 8C")
    assert after.piles == state.piles and after.last_capturer == 1
    taken = state.apply(Play.parse("7Bx8C"))
    assert taken.table == () and taken.scope == (1, 0)


def test_quindici_also_pair_capture_applied_SCOPA_OP_8():
    """Table: 7C 4S   plays 7D x 7C under QUINDICI_ALSO_PAIR  ->  Table 4S, pile 7D 7C."""
    rules = Rules("QUINDICI", quindici_also_pair=True)
    state = position(rules, table="7C 4S", hand="7D 2B 9B")
    after = state.apply(Play.parse("7Dx7C"))
    assert set(after.table) == cset("4S")
    assert pile(after, 0) == cset("7D 7C")


@pytest.mark.parametrize(
    ("rules", "table", "dealer", "taken"),
    [
        (Rules("QUINDICI", quindici_table_15_to_dealer=True), "1D 2C 3S 9B", 0, True),
        (Rules("QUINDICI", quindici_table_15_to_dealer=True), "1D 2C 3S 9B", 1, True),
        (Rules("QUINDICI", quindici_table_15_to_dealer=True), "10D 5C 8S 7B", 0, True),
        (Rules("QUINDICI", quindici_table_15_to_dealer=True), "10D 10C 9S 1B", 0, False),
        (Rules("QUINDICI", quindici_table_15_to_dealer=True), "1D 2C 3S 8B", 0, False),
        (Rules("QUINDICI"), "1D 2C 3S 9B", 0, False),
        (Rules("QUINDICI_NAPOLETANA", players=4, quindici_table_15_to_dealer=True),
         "1D 2C 3S 9B", 3, True),
        (Rules("QUINDICI", players=3, quindici_table_15_to_dealer=True), "1D 4C 5S 5B", 2,
         True),
        (Rules("QUINDICI", players=3, quindici_table_15_to_dealer=True), "6D 9C 5S 10B", 1,
         True),
    ],
    ids=["sum-15", "sum-15-dealer-1", "two-fifteens", "thirty-no-split", "fourteen",
         "default-off", "4p-dealer-3", "3p-dealer-2", "3p-thirty"],
)
def test_table_of_fifteen_goes_to_the_dealer_SCOPA_OP_9(rules, table, dealer, taken):
    """SCOPA-OP-9 (C): 4 initial cards making 15 (or two fifteens) go to the dealer's side."""
    state = deal_from(rules, deck_with_table(rules, table), dealer)
    side = rules.side_of(dealer)
    if taken:
        assert state.table == ()
        assert pile(state, side) == cset(table)
        assert all(p == 0 for i, p in enumerate(state.piles) if i != side)
    else:
        assert set(state.table) == cset(table)
        assert all(p == 0 for p in state.piles)
    assert state.scope == (0,) * rules.sides
    assert count_cards(state) == 40


# -- SCOPA-15, SCOPA-OP-10: Napoletana ------------------------------------------------------------
@pytest.mark.parametrize(
    ("rules", "has_bonus", "has_napola", "napoleone"),
    [
        (Rules("QUINDICI_NAPOLETANA"), True, True, True),
        (Rules("QUINDICI_NAPOLETANA", three_suit_bonus=False), False, True, True),
        (Rules("QUINDICI_NAPOLETANA", napola=False, napoleone_wins=False), True, False, False),
        (Rules("QUINDICI"), False, False, False),
        (Rules(napola=True), False, True, False),
        (Rules("ASSI", napola=True, napoleone_wins=True), False, True, True),
        (Rules(), False, False, False),
    ],
    ids=["napoletana-default", "napola-only", "three-suit-only", "quindici-none",
         "NAPOLA-in-scopa", "NAPOLA+NAPOLEONE-in-assi", "scopa-none"],
)
def test_napoletana_bonus_options_SCOPA_OP_10(rules, has_bonus, has_napola, napoleone):
    assert rules.three_suit_bonus is has_bonus
    assert rules.napola is has_napola
    assert rules.napoleone_wins is napoleone
    piles = piles_for("1D 2D 3D 4D 5D 6D 7D 8D 9D 10D 1C", "REST")
    score = score_hand(piles, (0, 0), rules, (2, 0))
    points = score.sides[0].points
    assert ("quindici" in points) is has_bonus
    assert ("napola" in points) is has_napola
    if has_bonus:
        assert points["quindici"] == 2
    if has_napola:
        assert points["napola"] == 10
    assert score.napoleone == (0 if napoleone else None)
    assert score.totals[0] == sum(points.values())


def test_three_suit_bonus_is_scored_per_side_SCOPA_15_2():
    """Table: 4D 5S 2B.  Seat 0: 6C x 4D+5S (three suits, +1, table 2B); seat 1 trails 10C;
    seat 0 trails 8D; seat 1: 3S x 2B+10C (three suits, +1); seat 0 trails 9B."""
    rules = Rules("QUINDICI_NAPOLETANA")
    state = position(rules, table="4D 5S 2B", hand="6C 8D 9B", others=("10C 3S 1S",))
    for text, bonus in [("6Cx4D+5S", (1, 0)), ("10C", (1, 0)), ("8D", (1, 0)),
                        ("3Sx2B+10C", (1, 1)), ("9B", (1, 1))]:
        play = Play.parse(text)
        assert play in state.legal_actions(), text
        state = state.apply(play)
        assert state.bonus == bonus, text
    assert set(state.table) == cset("8D 9B")
    assert state.scope == (0, 0)
    score = score_hand(state.piles, state.scope, rules, state.bonus)
    assert [s.points["quindici"] for s in score.sides] == [1, 1]


# -- SCOPA-16, SCOPA-OP-11..14: Scopa d'Assi -------------------------------------------------------
@pytest.mark.parametrize(
    ("rules", "table", "play", "table_after", "scope"),
    [
        (Rules("ASSI"), "1C 5D 6S", "1Sx1C", "5D 6S", 0),
        (Rules("ASSI", ace_sweeps_always=True), "1C 5D 6S", "1Sx1C+5D+6S", "", 0),
        (Rules("ASSI", ace_sweeps_always=True, ace_sweep_is_scopa=True), "1C 5D 6S",
         "1Sx1C+5D+6S", "", 1),
        (Rules("ASSI", ace_sweeps_always=True), "1C", "1Sx1C", "", 0),
        (Rules("ASSI", ace_sweeps_always=True, ace_sweep_is_scopa=True), "1C", "1Sx1C", "", 1),
        (Rules("ASSI"), "1C", "1Sx1C", "", 1),
        (Rules("ASSI"), "7D 3C 9S", "1Bx3C+7D+9S", "", 0),
        (Rules("ASSI", ace_sweep_is_scopa=True), "7D 3C 9S", "1Bx3C+7D+9S", "", 1),
        (Rules("ASSI"), "", "1D", "1D", 0),
        (Rules("ASSI", ace_empty_self_capture=True), "", "1D", "", 0),
        (Rules("ASSI", players=4, ace_sweep_is_scopa=True), "10C 10S", "1Bx10C+10S", "", 1),
        (Rules(), "7D 3C 9S", "1B", "7D 3C 9S 1B", 0),
    ],
    ids=["OP11-default-one-ace", "OP11-ACE_SWEEPS_ALWAYS", "OP11+OP12", "OP11-lone-ace",
         "OP11+OP12-lone-ace", "lone-ace-pairing-scopa", "OP12-default", "OP12-ACE_SWEEP_IS_SCOPA",
         "OP13-default", "OP13-ACE_EMPTY_SELF_CAPTURE", "4p-OP12", "classic-no-sweep"],
)
def test_ace_options_SCOPA_OP_11_12_13(rules, table, play, table_after, scope):
    """Scopa d'Assi options.

        Table: 1C 5D 6S   plays 1S  ->  1C only; everything with ACE_SWEEPS_ALWAYS
        Table: 7D 3C 9S   plays 1B  ->  all three; a scopa only with ACE_SWEEP_IS_SCOPA
        Table: (empty)    plays 1D  ->  stays; taken by its player with ACE_EMPTY_SELF_CAPTURE
    """
    state = position(rules, table=table, hand=play.split("x")[0] + " 4C 8B", last_capturer=1)
    action = Play.parse(play)
    assert action in state.legal_actions()
    assert [p for p in state.legal_actions() if p.card is action.card] == [action]
    after = state.apply(action)
    assert set(after.table) == cset(table_after)
    assert after.scope[0] == scope and sum(after.scope) == scope
    self_capture = rules.ace_empty_self_capture and not table
    if action.captured or self_capture:
        assert after.last_capturer == 0
        assert pile(after, 0) == action.captured | {action.card}
    else:
        assert after.last_capturer == 1
        assert pile(after, 0) == frozenset()


def test_ace_self_capture_counts_as_last_capture_SCOPA_OP_13():
    """Table: (empty)   seat 0 plays 1D (self-capture), seat 1 trails its last card 9B:
    seat 0, the last capturer, takes 9B; no scopa."""
    rules = Rules("ASSI", ace_empty_self_capture=True)
    state = position(rules, table="", hand="1D", last=True, others=("9B",), last_capturer=1)
    state = state.apply(Play.parse("1D"))
    assert state.last_capturer == 0 and not state.last_was_scopa
    state = state.apply(Play.parse("9B"))
    assert state.is_over
    assert cset("1D 9B") <= pile(state, 0)
    assert state.scope == (0, 0)


def test_ace_sweep_with_the_last_card_is_no_scopa_SCOPA_6_2():
    rules = Rules("ASSI", ace_sweep_is_scopa=True)
    state = position(rules, table="7D 3C", hand="1B", last=True)
    after = state.apply(Play.parse("1Bx3C+7D"))
    assert after.scope == (0, 0)
    counting = position(rules.with_options(last_sweep="counts"), table="7D 3C", hand="1B",
                        last=True)
    assert counting.apply(Play.parse("1Bx3C+7D")).scope == (1, 0)


@pytest.mark.parametrize(
    ("rules", "sizes", "table"),
    [
        (Rules("ASSI", players=4), [3, 3, 3, 3], 4),
        (Rules("ASSI", players=4, assi_4p_ten_each=True), [10, 10, 10, 10], 0),
        (Rules("ASSI", players=2, assi_4p_ten_each=True), [3, 3], 4),
        (Rules("ASSI", players=3, assi_4p_ten_each=True), [3, 3, 3], 4),
    ],
    ids=["4p-default", "4p-ASSI_4P_TEN_EACH", "2p-option-ignored", "3p-option-ignored"],
)
def test_four_player_assi_deal_SCOPA_OP_14(rules, sizes, table):
    state = deal(rules, 21)
    assert [len(h) for h in state.hands] == sizes
    assert len(state.table) == table
    assert len(state.stock) == 40 - table - sum(sizes)


def test_regola_del_vile_SCOPA_OP_14():
    """With the regola del vile the first player may not lead an Ace; later plays may."""
    rules = Rules("ASSI", players=4, assi_4p_ten_each=True, regola_del_vile=True)
    lenient = rules.with_options(regola_del_vile=False)
    deck = list(shuffled_deck(8))
    ace = Card(1, "D")
    deck.remove(ace)
    deck.insert(0, ace)  # the first card goes to next(D): seat 1 when seat 0 deals
    state = deal_from(rules, deck, 0)
    assert ace in state.hands[1] and state.to_move == 1
    aces = [c for c in state.hands[1] if c.rank == 1]
    assert all(p.card.rank != 1 for p in state.legal_actions())
    assert {p.card for p in deal_from(lenient, deck, 0).legal_actions()} >= set(aces)
    before = state.to_text()
    with pytest.raises(IllegalAction) as info:
        state.apply(Play(ace))
    assert info.value.rule == "SCOPA-OP-14"
    assert "SCOPA-OP-14" in str(info.value)
    assert state.to_text() == before
    lead = next(p for p in state.legal_actions())
    state = state.apply(lead)
    # the next player may play an Ace (as a sweep of the led card, or on a table holding one)
    second = [c for c in state.hands[2] if c.rank == 1]
    assert {p.card for p in state.legal_actions()} == set(state.hands[2])
    assert second == [] or any(p.card.rank == 1 for p in state.legal_actions())


def test_regola_del_vile_allows_a_hand_of_only_aces_SCOPA_OP_14():
    rules = Rules("ASSI", players=2, regola_del_vile=True)
    aces = parse_cards("1D 1C 1S")
    deck = [aces[0], Card(5, "B"), aces[1], Card(6, "B"), aces[2], Card(7, "B")]
    deck += [c for c in shuffled_deck(2) if c not in deck]
    state = deal_from(rules, deck, 0)
    assert set(state.hands[1]) == set(aces)
    assert {p.card for p in state.legal_actions()} == set(aces)


# -- SCOPA-8, SCOPA-9: scoring options -------------------------------------------------------------
@pytest.mark.parametrize(
    ("texts", "category", "points"),
    [
        (("REST", "1C 2C 3C 4C 5C 6C 7C 8C 9C 10C 1S 2S 3S",
          "1B 2B 3B 4B 5B 6B 7B 8B 9B 10B 4S 5S 6S"), "carte", [1, 0, 0]),
        (("1D 2D 3D 4D 5C", "5D 6D 7D 8D 6C", "REST"), "carte", [0, 0, 1]),
        (("1D 2D 3D 4D", "5D 6D 7D 8D", "REST"), "denari", [0, 0, 0]),
        (("1D 2D 3D 4D", "5D 6D 7D", "REST"), "denari", [1, 0, 0]),
        (("1D 2D 3D", "5D 6D 7D", "REST"), "denari", [0, 0, 1]),
        (("1D 2D 3D", "5D 6D 7D", "REST"), "settebello", [0, 1, 0]),
        (("1D 2C 3S 4B 5C", "1C 2D 3B 4S 5D", "REST"), "carte", [0, 0, 1]),
    ],
    ids=["carte-14", "carte-rest", "denari-tie-4-4", "denari-4-3-3", "denari-rest",
         "settebello", "carte-top-is-rest"],
)
def test_three_player_categories_SCOPA_8_6(texts, category, points):
    """Three players: strict unique maximum; any tie at the top gives no point (SCOPA-OP-1)."""
    rules = Rules("SCOPA_3P")
    score = score_hand(piles_for(*texts), rules=rules)
    assert [s.points[category] for s in score.sides] == points


def test_three_player_carte_tie_at_the_top_SCOPA_8_6():
    rules = Rules("SCOPA_3P")
    piles = piles_for(
        "1D 2D 3D 4D 5D 6D 7D 8D 9D 10D 1C 2C 3C 4C",
        "1S 2S 3S 4S 5S 6S 7S 8S 9S 10S 5C 6C 7C 8C",
        "REST",
    )
    assert [len(p) for p in piles] == [14, 14, 12]
    score = score_hand(piles, rules=rules)
    assert [s.points["carte"] for s in score.sides] == [0, 0, 0]
    assert [s.points["denari"] for s in score.sides] == [1, 0, 0]
    # every primiera is incomplete: no point
    assert [s.primiera for s in score.sides] == [None, None, None]
    assert [s.points["primiera"] for s in score.sides] == [0, 0, 0]


FIGURE_A = "1D 2D 3D 4D 5D 6D 7D 9D 10D 1C 2C 3C 4C 5C 6C 7C 9C 10C 8S 9S 8B 9B"


@pytest.mark.parametrize(
    ("rules", "texts", "winner"),
    [
        (Rules(), ("REST", "1B 2B 3B 4B 5B 6B 7B 8B 9B 10B 6D 4C 5S"), 1),
        (Rules(primiera_sevens=True), ("REST", "1B 2B 3B 4B 5B 6B 7B 8B 9B 10B 6D 4C 5S"), 0),
        (Rules(primiera_sevens=True), ("7D 7C 1S 1B", "REST"), 1),
        (Rules(primiera_sevens=True), ("7D 7C 7S 7B", "REST"), 0),
        (Rules("SCOPA_3P", primiera_sevens=True), ("7D 7C 7S", "REST", "1D"), 0),
        (Rules(), (FIGURE_A, "REST"), None),
        (Rules(primiera_figure_values=True), (FIGURE_A, "REST"), 0),
    ],
    ids=["default-complete-wins", "PRIMIERA_SEVENS-three", "PRIMIERA_SEVENS-two",
         "PRIMIERA_SEVENS-four", "PRIMIERA_SEVENS-3p", "figures-tie",
         "PRIMIERA_FIGURE_VALUES"],
)
def test_primiera_options_SCOPA_OP_3(rules, texts, winner):
    """SCOPA-OP-3 (C) PRIMIERA_SEVENS: three or more 7s win it outright; PRIMIERA_FIGURE_VALUES:
    Fante 8, Cavallo 9, Re 10 (A: 7D 7C 9S 9B = 62 or 60; B: 8D 8C 7S 7B = 62 or 58)."""
    score = score_hand(piles_for(*texts), rules=rules)
    assert score.winner_of("primiera") == winner
    assert sum(s.points["primiera"] for s in score.sides) == (winner is not None)


def test_figure_values_primiera_totals_SCOPA_OP_3():
    piles = piles_for(FIGURE_A, "REST")
    default = score_hand(piles)
    figures = score_hand(piles, rules=Rules(primiera_figure_values=True))
    assert [s.primiera for s in default.sides] == [62, 62]
    assert [s.primiera for s in figures.sides] == [60, 58]


def test_total_points_are_the_sum_of_the_categories_SCOPA_8():
    rules = Rules("QUINDICI_NAPOLETANA", re_bello=True)
    piles = piles_for("1D 2D 3D 4D 10D 7C 7S 7B 6D", "REST")
    score = score_hand(piles, (3, 1), rules, (1, 2))
    for side in score.sides:
        assert side.total == sum(side.points.values())
        assert set(side.points) == {"carte", "denari", "settebello", "primiera", "scope",
                                    "re_bello", "quindici", "napola"}
    assert score.sides[0].points["napola"] == 4
    assert score.sides[0].points["re_bello"] == 1
    assert score.sides[1].points["settebello"] == 1
    assert score.totals == tuple(s.total for s in score.sides)


# -- SCOPA-12, SCOPA-OP-7: match end -----------------------------------------------------------------
@pytest.mark.parametrize(
    ("target", "scores", "winner"),
    [(11, (11, 9), 0), (16, (11, 9), None), (16, (16, 15), 0), (16, (17, 17), None),
     (21, (20, 25), 1), (31, (30, 30), None), (31, (31, 29), 0), (1, (1, 0), 0)],
    ids=["11", "16-not-yet", "16-reached", "16-tie", "21", "31-below", "31", "1"],
)
def test_target_option_SCOPA_OPT_TARGET(target, scores, winner):
    rules = Rules(target=target)
    score = score_hand(piles_for("REST", ""), rules=rules)
    assert _winner(scores, score, rules) == winner


def test_target_must_be_positive():
    with pytest.raises(BadNotation):
        Rules(target=0)


def _mid_hand(rules: Rules, piles: tuple[str, ...]) -> HandState:
    """A position with cards still to play: Table 4C 2B, seat 0 to move with 6S 9D 1C."""
    return position(rules, table="4C 2B", hand="6S 9D 1C", piles=piles)


@pytest.mark.parametrize(
    ("scores", "winner"),
    [((10, 3), 0), ((9, 3), 1), ((3, 9), 1), ((11, 11), 0)],
    ids=["right-call-wins", "wrong-call-loses", "wrong-call-trailing", "right-even-if-behind"],
)
def test_call_out_SCOPA_OP_7(scores, winner):
    """CALL_OUT, mid-hand.  Seat 0's pile: 7D (settebello, +1 running);
    seat 1's pile: 1D 2D 3C 5C (carte and denari so far, +2 running).

    10 + 1 reaches 11: a right call wins; 9 + 1 does not: the caller loses."""
    rules = Rules(call_out=True)
    state = _mid_hand(rules, ("7D", "1D 2D 3C 5C"))
    match = Match.from_text(f"c|2|{scores[0]}/{scores[1]}|-|-|{state.to_text()}", rules)
    assert CallOut() in match.legal_actions()
    assert match.hand_score().totals == (1, 2)
    done = match.apply(CallOut())
    assert done.called_out == 0
    assert done.hand_over and done.is_over
    assert done.winner == winner
    assert done.scores == (scores[0] + 1, scores[1] + 2)
    assert Match.from_text(done.to_text(), rules) == done
    with pytest.raises(IllegalAction):
        done.apply(Play.parse("6Sx2B+4C"))


def test_wrong_call_in_three_players_gives_the_best_other_the_game_SCOPA_OP_7():
    rules = Rules("SCOPA_3P", call_out=True)
    state = _mid_hand(rules, ("", "", ""))
    match = Match.from_text(f"c|2|5/9/10|-|-|{state.to_text()}", rules)
    done = match.apply(CallOut())
    assert done.winner == 2


def test_call_out_needs_the_option_SCOPA_OP_7():
    rules = Rules()
    state = _mid_hand(rules, ("7D", ""))
    match = Match.from_text(f"c|2|10/3|-|-|{state.to_text()}", rules)
    assert CallOut() not in match.legal_actions()
    with pytest.raises(IllegalAction) as info:
        match.apply(CallOut())
    assert info.value.rule == "SCOPA-OP-7"
    assert parse_action("call") == CallOut()
    assert str(CallOut()) == "call"


def test_without_call_out_the_hand_is_counted_at_its_end_SCOPA_12_1():
    """Default: 10 + a running point is not a win until the hand is over."""
    rules = Rules()
    state = _mid_hand(rules, ("7D", ""))
    match = Match.from_text(f"c|2|10/3|-|-|{state.to_text()}", rules)
    after = match.apply(Play.parse("6Sx2B+4C"))
    assert after.winner is None and not after.hand_over
    assert after.scores == (10, 3)


@pytest.mark.parametrize("players", [2, 3])
def test_ties_at_the_target_play_on_SCOPA_12_2(players):
    rules = Rules("QUINDICI", players=players)
    score = score_hand(piles_for(*(["REST"] + [""] * (players - 1))), rules=rules)
    tie = (12, 12) if players == 2 else (12, 12, 4)
    assert _winner(tie, score, rules) is None
    ahead = (12, 13) if players == 2 else (12, 13, 4)
    assert _winner(ahead, score, rules) == 1


def test_match_over_refuses_more_actions_SCOPA_12():
    rules = Rules()
    state = position(rules, table="1S", hand="9S", last=True, last_capturer=0)
    match = Match.from_text(f"m|7|20/0|-|-|{state.to_text()}", rules)
    done = match.apply(Play.parse("9S"))
    assert done.is_over and done.winner == 0
    assert done.legal_actions() == []
    with pytest.raises(IllegalAction) as info:
        done.apply(Play.parse("9S"))
    assert info.value.rule == "SCOPA-12"
    with pytest.raises(IllegalAction):
        done.next_hand()


def test_next_hand_needs_the_hand_over_SCOPA_12_3():
    match = Match.new(Rules(), 5)
    with pytest.raises(IllegalAction) as info:
        match.next_hand()
    assert info.value.rule == "SCOPA-12.3"


# -- Text forms ---------------------------------------------------------------------------------
RULES_TEXTS = [
    (Rules(), "SCOPA_2P"),
    (Rules("QUINDICI", players=3, re_bello=True), "QUINDICI players=3 re_bello=1"),
    (Rules(target=21, call_out=True), "SCOPA_2P target=21 call_out=1"),
    (Rules("SCOPA_4P", king_redeal="three_only"), "SCOPA_4P king_redeal=three_only"),
    (Rules("QUINDICI", king_redeal="three_or_four"), "QUINDICI king_redeal=three_or_four"),
    (Rules("QUINDICI_NAPOLETANA", napoleone_wins=False), "QUINDICI_NAPOLETANA napoleone_wins=0"),
]


@pytest.mark.parametrize(("rules", "text"), RULES_TEXTS, ids=[t for _, t in RULES_TEXTS])
def test_rules_text_form(rules, text):
    assert rules.to_text() == text
    assert Rules.from_text(text) == rules


ALL_OPTIONS = [
    Rules(last_sweep="last_capture_literal", min_cards=True, primiera_missing="partial_compare",
          primiera_sevens=True, primiera_figure_values=True, napola=True, napoleone_wins=True,
          king_redeal="off", target=16),
    Rules("QUINDICI", players=4, quindici_also_pair=True, quindici_optional=True,
          quindici_table_15_to_dealer=True, three_suit_bonus=True, last_sweep="counts"),
    Rules("ASSI", players=4, ace_sweeps_always=True, ace_sweep_is_scopa=True,
          ace_empty_self_capture=True, assi_4p_ten_each=True, regola_del_vile=True,
          re_bello=True),
    Rules("SCOPONE_SCIENTIFICO"),
    Rules("SCOPONE", call_out=True),
]


@pytest.mark.parametrize("rules", ALL_OPTIONS, ids=[r.variant for r in ALL_OPTIONS])
def test_rules_round_trip_with_every_option(rules):
    again = Rules.from_text(rules.to_text())
    assert again == rules
    assert hash(again) == hash(rules)
    assert (again.hand_size, again.table_size) == (rules.hand_size, rules.table_size)


@pytest.mark.parametrize(
    "text",
    ["", "SCOPA_5P", "SCOPA_2P players=3", "SCOPA_2P bogus=1", "SCOPA_2P re_bello=2",
     "SCOPA_2P target=x", "SCOPA_2P re_bello", "SCOPA_2P king_redeal=sometimes",
     "SCOPA_2P last_sweep=never", "SCOPA_2P primiera_missing=x", "SCOPA_2P variant=ASSI",
     "ASSI players=5", "SCOPONE players=2", "SCOPA_2P target=0"],
)
def test_malformed_rules_text_SCOPA_0(text):
    with pytest.raises(BadNotation):
        Rules.from_text(text)


@pytest.mark.parametrize(
    ("text", "card", "captured"),
    [("7D", "7D", ""), ("8Dx3C+5B", "8D", "3C 5B"), ("8dX5b+3c", "8D", "3C 5B"),
     ("8D x 3C 5B", "8D", "3C 5B"), ("10Cx10S", "10C", "10S"), ("1Bx3C+7D+9S", "1B", "3C 7D 9S")],
    ids=["trail", "capture", "case", "spaces", "kings", "ace-sweep"],
)
def test_play_text_form(text, card, captured):
    play = Play.parse(text)
    assert play.card is parse_card(card)
    assert play.captured == cset(captured)
    assert Play.parse(str(play)) == play
    assert hash(Play.parse(str(play))) == hash(play)
    assert play.is_trail is (captured == "")


def test_play_text_is_canonical():
    assert str(Play.parse("8Dx5B+3C")) == str(Play.parse("8Dx3C+5B"))
    assert Play.parse("8Dx5B+3C") == Play(Card(8, "D"), (Card(3, "C"), Card(5, "B")))
    assert Play(Card(8, "D")) != Play(Card(8, "D"), cset("8C"))


@pytest.mark.parametrize("text", ["", "  ", "8Dx", "x3C", "8Dx3C+3C", "11Xx3C", "8Dx3Q",
                                  "8D3C", "8Dx3C+8D7"])
def test_malformed_play_text(text):
    with pytest.raises(BadNotation):
        Play.parse(text)


@pytest.mark.parametrize("rules", [r for r, *_ in VARIANT_DEALS], ids=VARIANT_IDS)
def test_state_view_and_match_text_round_trip(rules):
    rng = random.Random(rules.variant)
    match = Match.new(rules, f"text-{rules.players}")
    for _step in range(20):
        state = match.hand
        again = HandState.from_text(state.to_text(), rules)
        assert again == state and again.to_text() == state.to_text()
        assert again.legal_actions() == state.legal_actions()
        for seat in range(rules.players):
            view = state.view(seat)
            assert PlayerView.from_text(view.to_text(), rules) == view
        assert Match.from_text(match.to_text(), rules) == match
        match = match.apply(rng.choice(match.hand.legal_actions()))


def test_state_text_example():
    text = "7D,3C/5B - 2D,1C - /- 0/0 0/0 0 1 - 0"
    with pytest.raises(BadNotation):  # only 9 fields: the piles need "-/-"
        HandState.from_text(text)
    text = "7D,3C/5B 4S 2D,1C -/- 0/0 0/0 0 1 - 0"
    state = HandState.from_text(text)
    assert state.hands == (tuple(parse_cards("7D 3C")), tuple(parse_cards("5B")))
    assert state.table == (Card(4, "S"),)
    assert state.stock == tuple(parse_cards("2D 1C"))
    assert state.to_move == 0 and state.dealer == 1 and state.last_capturer is None
    assert state.to_text() == text


@pytest.mark.parametrize(
    "text",
    [
        "7D,3C/5B 4S 2D,1C -/- 0/0 0/0 0 1 -",  # 9 fields
        "7D,3C/5B 4S 2D,7D -/- 0/0 0/0 0 1 - 0",  # 7D twice
        "7D,3C/5B 4S 2D,1C 4S/- 0/0 0/0 0 1 - 0",  # 4S on the table and in a pile
        "7D,3C 4S 2D,1C -/- 0/0 0/0 0 1 - 0",  # one hand for two players
        "7D,3C/5B 4S 2D,1C - 0/0 0/0 0 1 - 0",  # one pile for two sides
        "7D,3C/5B 4S 2D,1C -/- 0/0 0/0 2 1 - 0",  # seat 2 does not exist
        "7D,3C/5B 4S 2D,1C -/- 0/x 0/0 0 1 - 0",  # bad scope
        "7D,3C/5B 4S 2D,1C -/- 0/0 0/0/0 0 1 - 0",  # three bonus counts
        "7D,3C/5B 4S 2D,1C -/- -1/0 0/0 0 1 - 0",  # negative scope
        "7D,3X/5B 4S 2D,1C -/- 0/0 0/0 0 1 - 0",  # not a card
        "7D,3C/5B 4S 2D,1C -/- 0/0 0/0 0 1 z 0",  # bad last capturer
        "7D,3C/5B 4S 2D,1C -/- 0/0 0/0 0 1 - x",  # last_was_scopa is 0 or 1
        "7D,3C/5B 4S 2D,1C -/- 0/0 0/0 0 1 - 2",  # last_was_scopa is 0 or 1
    ],
    ids=["nine-fields", "7D-twice", "4S-twice", "one-hand", "one-pile", "seat-2-of-2",
         "bad-scope", "three-bonus", "negative-scope", "not-a-card", "bad-last-capturer",
         "last-was-scopa-x", "last-was-scopa-2"],
)
def test_malformed_state_text(text):
    with pytest.raises(BadNotation):
        HandState.from_text(text, Rules())


def test_view_text_example_and_malformed_views():
    state = position(table="4C 2B", hand="6S 9D 1C")
    view = state.view(0)
    text = view.to_text()
    assert PlayerView.from_text(text) == view
    fields = text.split()
    bad_hand_size = " ".join([*fields[:6], "2/3", *fields[7:]])
    bad_stock = " ".join([*fields[:7], "3", *fields[8:]])
    for bad in (" ".join(fields[:-1]), bad_hand_size, bad_stock, text.replace("6S", "6X"),
                " ".join(["5", *fields[1:]])):
        with pytest.raises(BadNotation):
            PlayerView.from_text(bad)


@pytest.mark.parametrize(
    "text",
    ["", "a|1|0/0|-|-", "a|x|0/0|-|-|7D,3C/5B 4S 2D,1C -/- 0/0 0/0 0 1 - 0",
     "a|1|0/y|-|-|7D,3C/5B 4S 2D,1C -/- 0/0 0/0 0 1 - 0",
     "a|1|0/0|q|-|7D,3C/5B 4S 2D,1C -/- 0/0 0/0 0 1 - 0",
     "a|1|0/0|-|-|7D,3C/5B 4S 2D,7D -/- 0/0 0/0 0 1 - 0",
     "a|1|0/0/0|-|-|7D,3C/5B 4S 2D,1C -/- 0/0 0/0 0 1 - 0",
     "a|1|0/0|5|-|7D,3C/5B 4S 2D,1C -/- 0/0 0/0 0 1 - 0",
     "a|1|0/0|-|9|7D,3C/5B 4S 2D,1C -/- 0/0 0/0 0 1 - 0"],
    ids=["empty", "five-fields", "hand-no", "scores", "winner", "duplicate-card",
         "three-scores-for-two-sides", "winner-side-5-of-2", "caller-seat-9-of-2"],
)
def test_malformed_match_text(text):
    with pytest.raises(BadNotation) as info:
        Match.from_text(text, Rules())
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize(
    "make",
    [lambda: PlayerView.from_text("0 5D,9C 5C,2D,3B -/- 0/0 0/0 2/3 32 0 1 - 0"),
     lambda: HandState(Rules(), (tuple(parse_cards("5D 9C")), tuple(parse_cards("1B 1S 4D"))),
                       tuple(parse_cards("5C 2D 3B")), (), (0, 0), (0, 0), (0, 0), 0, 1, None)],
    ids=["view", "state"],
)
def test_a_table_given_in_any_order_gives_the_same_captures_SCOPA_5_1(make):
    """The table is kept in rank order whatever order it is given in: 5D must take 5C (SCOPA-5.1)."""
    position = make()
    assert [str(c) for c in position.table] == ["2D", "3B", "5C"]
    assert sorted(str(p) for p in position.legal_actions()) == ["5Dx5C", "9C"]


def test_view_hides_the_other_hands():
    state = deal(Rules("SCOPA_4P"), 31)
    for seat in range(4):
        view = state.view(seat)
        hidden = {c for s, h in enumerate(state.hands) if s != seat for c in h} | set(state.stock)
        assert set(view.unseen()) == hidden
        text = view.to_text()
        for s, hand in enumerate(state.hands):
            for card in hand:
                assert (str(card) in text.split()[1].split(",")) is (s == seat)
        assert view.hand_sizes == (3, 3, 3, 3)
        assert view.stock_size == 24
        assert len(all_cards(state)) == 40
