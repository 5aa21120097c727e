"""Stoppa properties over random deals, options and play: chips are conserved, every card is
accounted for, views hold only what a player may know, and every deal and giro ends."""
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from neapolitan.stoppa import DealState, Giro, Rules, deal
from neapolitan.stoppa.rules import CHOICES

MAX_ACTIONS_PER_DEAL = 1500


@st.composite
def rules_st(draw) -> Rules:
    options = {name: draw(st.sampled_from(values)) for name, values in CHOICES.items()}
    return Rules(
        players=draw(st.integers(3, 6)), misera=draw(st.integers(1, 3)),
        cancel_claim=draw(st.booleans()), cancel_cavallo_as_king=draw(st.booleans()),
        all_aces=draw(st.booleans()), optional_continue=draw(st.booleans()),
        bankroll=draw(st.sampled_from([0, 0, 15, 60])), **options,
    )


def random_action(state, rng: random.Random):
    """A kind of action first, then one of its forms: raises stay rare enough to end."""
    actions = state.legal_actions()
    kinds = sorted({a.kind for a in actions})
    kind = rng.choice(kinds)
    return rng.choice([a for a in actions if a.kind == kind])


def check(state: DealState, total: int) -> None:
    state.check_cards_conserved()
    assert sum(state.chips) + state.pot == total
    if state.rules.table_stakes:
        assert min(state.chips) >= 0
    assert state.pot >= 0


@settings(deadline=None, max_examples=60)
@given(rules=rules_st(), seed=st.integers(0, 10**6), dealer=st.integers(0, 5))
def test_a_deal_conserves_chips_and_cards_and_ends(rules, seed, dealer):
    dealer %= rules.players
    state = deal(rules, seed, dealer)
    total = sum(state.chips) + state.pot
    rng = random.Random(seed)
    for _ in range(MAX_ACTIONS_PER_DEAL):
        check(state, total)
        if state.is_over:
            break
        seat = state.to_act
        view = state.view(seat)
        assert view.hand == state.hands[seat]
        assert set(view.legal_actions()) == set(state.legal_actions())
        state = state.apply(random_action(state, rng))
    assert state.is_over
    assert DealState.from_text(state.to_text(), rules) == state
    if state.stoppata and state.stoppata.winner >= 0:
        assert not state.hands[state.stoppata.winner]


@settings(deadline=None, max_examples=12)
@given(rules=rules_st(), seed=st.integers(0, 10**6))
def test_a_giro_ends_after_every_dealer_has_dealt(rules, seed):
    g = Giro.new(rules, seed)
    total = sum(g.chips) + g.deal.pot
    rng = random.Random(seed)
    dealers = []
    for _ in range(MAX_ACTIONS_PER_DEAL * rules.players):
        if g.deal.is_over:
            dealers.append(g.deal.dealer)
            if g.is_over:
                break
            g = g.next_deal()
        check(g.deal, total)
        g = g.apply(random_action(g.deal, rng))
    assert g.is_over
    assert len(dealers) == rules.giro_length == len(set(dealers))
    assert g.deal.pot == 0  # a pot still carried over goes to the last dealer
    assert sum(g.chips) == total


@settings(deadline=None, max_examples=40)
@given(rules=rules_st(), seed=st.integers(0, 10**6))
def test_a_view_never_shows_hidden_cards(rules, seed):
    state = deal(rules, seed)
    rng = random.Random(seed)
    while not state.is_over:
        seat = state.to_act
        view = state.view(seat)
        others = {c for s, h in enumerate(state.hands) if s != seat for c in h}
        visible = set(view.hand)
        for s in range(rules.players):
            visible |= set(view.shown[s]) | set(view.known_in_hand(s))
        hidden_here = others - visible
        assert not hidden_here & set(view.hand)
        # what the view claims to know about another hand is really there
        for s in range(rules.players):
            if s != seat:
                assert set(view.known_in_hand(s)) <= set(state.hands[s])
        if state.phase == "I":
            assert not set(view.hand) & set(state.used[seat])
        sample = view.sample_state(rng)
        sample.check_cards_conserved()
        assert sample.hands[seat] == state.hands[seat]
        assert tuple(map(len, sample.hands)) == tuple(map(len, state.hands))
        state = state.apply(random_action(state, rng))
