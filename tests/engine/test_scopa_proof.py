"""What a puzzle's answer is proven against (neapolitan.scopa.proof): the consistent deals counted
by formula, listed once each, and checked against a brute force over every order of the unseen
cards; the exact averages against a sample; the sampled bound; a partner who plays against you."""
import itertools
import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from neapolitan.cards import deal_round, parse_cards, shuffled_deck
from neapolitan.scopa import Rules
from neapolitan.scopa.bots import greedy
from neapolitan.scopa.coach import _sweep_share
from neapolitan.scopa.proof import (
    ALL_DEALS,
    KNOWN,
    SAMPLED,
    can_sweep,
    count_deals,
    every_deal,
    prove,
    random_deal,
)
from neapolitan.scopa.search import Solver
from neapolitan.scopa.state import deal, deal_from


def position(variant: str, seed: str, stop) -> "PlayerView":  # noqa: F821
    """The first position of greedy self-play where `stop(view)` holds."""
    for n in range(200):
        state = deal(Rules(variant), f"{seed}:{n}")
        while not state.is_over:
            view = state.view(state.to_move)
            if stop(view):
                return view
            state = state.apply(greedy(view))
    raise AssertionError("no such position")


def second_to_last_deal(cards_in_other_hand: int):
    return lambda v: v.stock_size == 6 and v.hand_sizes[1 - v.seat] == cards_in_other_hand and v.table


def scopone_others(*sizes: int):
    """The other three hands hold these many cards (largest first)."""
    def stop(v):
        others = sorted((n for s, n in enumerate(v.hand_sizes) if s != v.seat), reverse=True)
        return tuple(others) == sizes and v.table and len(v.legal_actions()) > 1
    return stop


def canonical(state, seat: int) -> tuple:
    """Where each hidden card goes: the other hands now and each hand the stock deals later."""
    hands = tuple(frozenset(h) if s != seat else None for s, h in enumerate(state.hands))
    later, stock = [], state.stock
    players = state.rules.players
    while stock:
        dealt, stock = deal_round(stock, players, state.dealer, state.rules.hand_size)
        later.append(tuple(frozenset(h) for h in dealt))
    return hands, tuple(later)


@pytest.mark.parametrize(("variant", "stop", "expected"), [
    # 2 players, the second-to-last deal: the opponent's cards and the six of the last deal
    ("SCOPA_2P", second_to_last_deal(1), math.comb(7, 1) * math.comb(6, 3)),  # 140
    ("SCOPA_2P", second_to_last_deal(2), math.comb(8, 2) * math.comb(6, 3)),  # 560
    # Scopone Scientifico, no stock: the three other hands
    ("SCOPONE_SCIENTIFICO", scopone_others(2, 2, 1), 30),  # 5! / (2! 2! 1!)
    ("SCOPONE_SCIENTIFICO", scopone_others(3, 2, 2), 210),  # 7! / (3! 2! 2!)
])
def test_every_deal_is_listed_once_and_matches_a_brute_force_over_every_order(variant, stop, expected):
    view = position(variant, "proof", stop)
    assert count_deals(view) == expected
    listed = [canonical(state, view.seat) for state in every_deal(view)]
    assert len(listed) == len(set(listed)) == expected
    # Brute force: deal the unseen cards in every order, as a shuffle would; each deal must come up
    # equally often (so that averaging the listed deals is the right weighting).
    unseen = view.unseen()
    orders = itertools.permutations(unseen) if len(unseen) <= 8 else (
        random.Random(1).sample(unseen, len(unseen)) for _ in range(20_000))
    tally: dict[tuple, int] = {}
    for order in orders:
        state = view.sample_state(_FixedShuffle(order))
        tally[canonical(state, view.seat)] = tally.get(canonical(state, view.seat), 0) + 1
    assert set(tally) <= set(listed)
    if len(unseen) <= 8:
        assert set(tally) == set(listed) and len(set(tally.values())) == 1


class _FixedShuffle(random.Random):
    """A Random whose shuffle puts the cards in a given order."""

    def __init__(self, order):
        super().__init__(0)
        self.order = list(order)

    def shuffle(self, x):
        x[:] = self.order


def test_every_listed_deal_agrees_with_what_the_player_sees():
    view = position("SCOPA_2P", "agree", second_to_last_deal(2))
    for state in itertools.islice(every_deal(view), 0, None, 37):
        state.check_cards_conserved()
        assert state.view(view.seat).to_text() == view.to_text()
    drawn = random_deal(view, random.Random(3))
    assert drawn.view(view.seat).to_text() == view.to_text()


def test_the_exact_average_over_every_deal_agrees_with_a_large_sample():
    view = position("SCOPA_2P", "sample", second_to_last_deal(1))
    proof = prove(view)
    assert proof.method == ALL_DEALS and proof.deals == proof.possible == 140
    side = view.rules.seat_sides[view.seat]
    rng = random.Random(11)
    sample = [Solver(side).play_values(random_deal(view, rng)) for _ in range(600)]
    for play, value in proof.values.items():
        values = [s[play] for s in sample]
        mean = sum(values) / len(values)
        sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (len(values) - 1))
        assert abs(mean - value) <= 4 * sd / math.sqrt(len(values)) + 1e-9


def test_a_position_with_every_card_known_has_one_deal():
    view = position("SCOPA_2P", "known", lambda v: v.stock_size == 0 and v.table and len(v.legal_actions()) > 1)
    proof = prove(view)
    assert proof.method == KNOWN and proof.possible == proof.deals == 1
    assert proof.gap_bound == proof.gap


def test_too_many_deals_are_sampled_and_the_bound_is_below_the_mean():
    view = position("SCOPA_2P", "sampled", lambda v: v.stock_size == 12 and v.table and len(v.legal_actions()) > 2)
    proof = prove(view, max_samples=64)
    assert proof.method == SAMPLED and proof.possible == count_deals(view) > 200_000
    assert proof.deals in (32, 64)
    assert proof.gap_bound < proof.gap
    n = len(proof.lead)
    sd = math.sqrt(sum((x - proof.gap) ** 2 for x in proof.lead) / (n - 1))
    assert proof.gap_bound == pytest.approx(proof.gap - 2.326 * sd / math.sqrt(n))


def test_a_partner_playing_against_you_never_helps():
    view = position("SCOPONE_SCIENTIFICO", "alone", scopone_others(3, 3, 2))
    side = view.rules.seat_sides[view.seat]
    for state in itertools.islice(every_deal(view), 0, None, 23):
        together = Solver(side).play_values(state)
        alone = Solver(side, alone=view.seat).play_values(state)
        assert all(alone[p] <= together[p] for p in together)
    assert prove(view, allies=False).values.keys() == prove(view).values.keys()


SWEEP_TABLES = [
    Rules("SCOPA_2P"), Rules("QUINDICI"), Rules("ASSI"), Rules("ASSI", ace_sweeps_always=True),
    Rules("SCOPONE_SCIENTIFICO"), Rules("SCOPA_2P", min_cards=True),
    Rules("ASSI", players=4, assi_4p_ten_each=True, regola_del_vile=True), Rules("ASSI", regola_del_vile=True),
]


@settings(max_examples=40, deadline=None, database=None)
@given(seed=st.integers(0, 10**6), rules=st.sampled_from(SWEEP_TABLES))
def test_can_sweep_is_whether_a_legal_play_takes_the_whole_table_as_a_scopa(seed, rules):
    """By its definition (SCOPA-6.1, 6.2): the player to move has a legal play taking every card
    on the table, not with the hand's last card; the Ace rule of the opening (SCOPA-OP-14)
    included. The same for every position of a randomly played hand, and so for the coach's
    share of the deals (`_sweep_share`, which reads each deal's hand instead of playing into it)."""
    rng = random.Random(seed)
    state = deal(rules, seed, dealer=rng.randrange(rules.players))
    while not state.is_over:
        size = len(state.table)
        scopa = size > 0 and state.cards_left_to_play() > 1
        assert can_sweep(state) == (scopa and any(len(p.captured) == size for p in state.legal_actions()))
        view = state.view(state.to_move)
        deals = [view.sample_state(rng) for _ in range(4)]
        for play in state.legal_actions():
            assert _sweep_share(deals, play) == sum(can_sweep(d.apply(play)) for d in deals) / 4
        state = state.apply(rng.choice(state.legal_actions()))


def test_at_the_opening_an_ace_that_may_not_be_led_sweeps_nothing_SCOPA_OP_14():
    """Scopa d'Assi: an Ace takes the whole table, but with the regola del vile the opening player
    may not lead it (the property test above meets this position only by chance)."""
    rules = Rules("ASSI", players=2, regola_del_vile=True)
    front = parse_cards("1D 5B 2C 6B 3C 7B 4S 8S 9S 10S")  # the opener's 1D 2C 3C; the table 4S 8S 9S 10S
    deck = [*front, *(c for c in shuffled_deck(2) if c not in front)]
    opening = deal_from(rules, deck, 0)
    assert opening.to_move == 1 and parse_cards("1D")[0] in opening.hands[1]
    assert not can_sweep(opening)
    assert can_sweep(deal_from(rules.with_options(regola_del_vile=False), deck, 0))
