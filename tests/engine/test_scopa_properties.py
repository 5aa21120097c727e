"""Property tests over seeded random games of every Scopa variant and player count."""
from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from neapolitan.cards import DECK, SETTEBELLO, Card, by_index, cards_from_mask
from neapolitan.errors import IllegalAction
from neapolitan.scopa import HandState, Match, Play, PlayerView, Rules, deal, score_hand
from neapolitan.scopa.bots import SearchBot, greedy

from ._support import all_cards

VARIANTS = [
    ("SCOPA_2P", 2),
    ("SCOPA_3P", 3),
    ("SCOPA_4P", 4),
    ("SCOPONE_SCIENTIFICO", 4),
    ("SCOPONE", 4),
    ("QUINDICI", 2),
    ("QUINDICI", 3),
    ("QUINDICI", 4),
    ("QUINDICI_NAPOLETANA", 2),
    ("QUINDICI_NAPOLETANA", 3),
    ("QUINDICI_NAPOLETANA", 4),
    ("ASSI", 2),
    ("ASSI", 3),
    ("ASSI", 4),
]

# Open-point options that change how a hand is played or scored (any variant accepts them).
OPTIONS = st.fixed_dictionaries(
    {},
    optional={
        "re_bello": st.booleans(),
        "last_sweep": st.sampled_from(["last_play", "last_capture_literal", "counts"]),
        "min_cards": st.booleans(),
        "king_redeal": st.sampled_from(["three_or_four", "three_only", "off"]),
        "primiera_missing": st.sampled_from(["complete_wins", "partial_compare"]),
        "primiera_sevens": st.booleans(),
        "primiera_figure_values": st.booleans(),
        "quindici_also_pair": st.booleans(),
        "quindici_optional": st.booleans(),
        "quindici_table_15_to_dealer": st.booleans(),
        "three_suit_bonus": st.booleans(),
        "napola": st.booleans(),
        "napoleone_wins": st.booleans(),
        "ace_sweeps_always": st.booleans(),
        "ace_sweep_is_scopa": st.booleans(),
        "ace_empty_self_capture": st.booleans(),
        "assi_4p_ten_each": st.booleans(),
        "regola_del_vile": st.booleans(),
        "target": st.sampled_from([11, 16, 21]),
    },
)

SEEDS = st.integers(0, 10**6)
SOME_VARIANT = st.sampled_from(VARIANTS)
FAST = settings(max_examples=40, deadline=None, database=None)


def make_rules(variant: tuple[str, int], options: dict | None = None) -> Rules:
    return Rules(variant[0], players=variant[1], **(options or {}))


def cards_expected(before: HandState, after: HandState) -> int:
    """40, except when a hand ends with no capture at all: its table goes to no one (SCOPA-7.2)."""
    if after.is_over and after.last_capturer is None:
        return 40 - len(before.table) - 1
    return 40


def random_illegal(state: HandState, rng: random.Random) -> Play:
    """A play that is likely illegal: a random card with a random part of the table (and
    sometimes a card that is not on the table)."""
    hand = state.hands[state.to_move]
    card = rng.choice(hand) if hand and rng.random() < 0.6 else rng.choice(DECK)
    taken = [c for c in state.table if rng.random() < 0.5]
    if rng.random() < 0.2:
        taken.append(rng.choice(DECK))
    return Play(card, frozenset(c for c in taken if c is not card))


def play_hand(state: HandState, rng: random.Random, check=None) -> HandState:
    while not state.is_over:
        actions = state.legal_actions()
        assert actions, "a player must always have a play (SCOPA-4.1)"
        play = rng.choice(actions)
        after = state.apply(play)
        if check is not None:
            check(state, play, after)
        state = after
    return state


@FAST
@given(seed=SEEDS, variant=SOME_VARIANT, options=OPTIONS)
def test_forty_cards_and_only_legal_plays(seed, variant, options):
    """Every card is somewhere exactly once after every action (and each hand's bit mask holds
    its cards); plays come from legal_actions; an illegal play is refused with IllegalAction and
    changes nothing."""
    rules = make_rules(variant, options)
    rng = random.Random(seed)
    state = deal(rules, seed, dealer=rng.randrange(rules.players))
    assert sorted(all_cards(state), key=by_index) == list(DECK)

    def check(before: HandState, play: Play, after: HandState) -> None:
        assert play in before.legal_actions()
        assert play.card in before.hands[before.to_move]
        assert play.captured <= set(before.table)
        cards = all_cards(after)
        assert len(cards) == len(set(cards)) == cards_expected(before, after)
        assert after.hand_masks == tuple(sum(1 << card.index for card in hand) for hand in after.hands)
        text = before.to_text()
        for _ in range(3):
            wrong = random_illegal(before, rng)
            if wrong in before.legal_actions():
                continue
            try:
                before.apply(wrong)
            except IllegalAction as error:
                assert error.rule and error.rule in str(error)
            else:
                raise AssertionError(f"{wrong} was accepted in {text}")
            assert before.to_text() == text

    final = play_hand(state, rng, check)
    assert final.table == () and final.stock == () and not any(final.hands)
    assert final.legal_actions() == []


@FAST
@given(seed=SEEDS, variant=SOME_VARIANT, options=OPTIONS)
def test_the_searches_unchecked_play_is_apply(seed, variant, options):
    """`apply_legal` (the searches' play, without the check) leads where `apply` does, for every
    legal play, in the position and in another deal of the cards its player has not seen."""
    rules = make_rules(variant, options)
    rng = random.Random(seed)
    state = deal(rules, seed, dealer=rng.randrange(rules.players))

    def check(before: HandState, play: Play, after: HandState) -> None:
        world = before.view(before.to_move).sample_state(rng)
        for position in (before, world):
            for legal in before.legal_actions():
                expected, found = position.apply(legal), position.apply_legal(legal)
                assert found == expected
                assert (found.hands, found.hand_masks, found.table, found._sig, found._left, found.is_over) == (
                    expected.hands, expected.hand_masks, expected.table, expected._sig, expected._left, expected.is_over)

    play_hand(state, rng, check)


@FAST
@given(seed=SEEDS, variant=SOME_VARIANT)
def test_text_round_trip_of_every_state(seed, variant):
    rules = make_rules(variant)
    rng = random.Random(seed)
    state = deal(rules, seed, dealer=rng.randrange(rules.players))
    while True:
        again = HandState.from_text(state.to_text(), rules)
        assert again == state
        assert again.to_text() == state.to_text()
        assert again.legal_actions() == state.legal_actions()
        assert again.is_over == state.is_over
        if state.is_over:
            break
        play = rng.choice(state.legal_actions())
        assert Play.parse(str(play)) == play
        state = state.apply(play)


@FAST
@given(seed=SEEDS, variant=SOME_VARIANT)
def test_views_hide_the_other_hands_and_samples_agree(seed, variant):
    rules = make_rules(variant)
    rng = random.Random(seed)
    state = deal(rules, seed, dealer=rng.randrange(rules.players))
    while not state.is_over:
        for seat in range(rules.players):
            view = state.view(seat)
            hidden = {c for s, h in enumerate(state.hands) if s != seat for c in h}
            assert set(view.unseen()) == hidden | set(state.stock)
            assert len(view.unseen()) == len(hidden) + len(state.stock)
            assert view.hand == state.hands[seat]
            assert view.hand_sizes == tuple(len(h) for h in state.hands)
            assert view.stock_size == len(state.stock)
            assert PlayerView.from_text(view.to_text(), rules) == view
            sample = view.sample_state(random.Random(seed + seat))
            assert sorted(all_cards(sample), key=by_index) == list(DECK)
            assert sample.hands[seat] == state.hands[seat]
            assert sample.table == state.table
            assert sample.piles == state.piles
            assert sample.scope == state.scope
            assert tuple(len(h) for h in sample.hands) == view.hand_sizes
            assert len(sample.stock) == len(state.stock)
            assert sample.to_move == state.to_move
        mover = state.view(state.to_move)
        assert set(mover.legal_actions()) == set(state.legal_actions())
        state = state.apply(rng.choice(state.legal_actions()))


@FAST
@given(seed=SEEDS, variant=SOME_VARIANT, options=OPTIONS)
def test_scores_are_consistent(seed, variant, options):
    rules = make_rules(variant, options)
    rng = random.Random(seed)
    final = play_hand(deal(rules, seed, dealer=rng.randrange(rules.players)), rng)
    score = score_hand(final.piles, final.scope, rules, final.bonus)
    piles = [final.captured(side) for side in range(rules.sides)]
    everything = sum(len(p) for p in piles) == 40
    assert len(score.sides) == rules.sides
    for side, result in zip(range(rules.sides), score.sides, strict=True):
        assert result.total == sum(result.points.values())
        assert result.points["scope"] == final.scope[side]
        assert result.cards == len(piles[side])
        assert result.denari == sum(c.suit == "D" for c in piles[side])
        assert result.points["settebello"] == int(SETTEBELLO in piles[side])
        if rules.re_bello:
            assert result.points["re_bello"] == int(Card(10, "D") in piles[side])
        if rules.three_suit_bonus:
            assert result.points["quindici"] == final.bonus[side]
        else:
            assert final.bonus[side] == 0
    assert score.totals == tuple(s.total for s in score.sides)
    for category in ("carte", "denari", "primiera", "settebello"):
        assert sum(s.points[category] for s in score.sides) <= 1
    if everything:
        assert sum(s.points["settebello"] for s in score.sides) == 1
        if rules.sides == 2:
            for result in score.sides:
                assert result.points["carte"] == int(result.cards >= 21)
                assert result.points["denari"] == int(result.denari >= 6)
        counts = [s.cards for s in score.sides]
        top = max(counts)
        winners = [i for i, c in enumerate(counts) if c == top]
        expected = winners[0] if len(winners) == 1 else None
        assert score.winner_of("carte") == expected
        if expected is not None and rules.sides == 3:
            assert counts[expected] >= 14


@FAST
@given(seed=SEEDS, variant=SOME_VARIANT, options=OPTIONS)
def test_replaying_the_same_seed_and_choices_gives_the_same_hand(seed, variant, options):
    rules = make_rules(variant, options)

    def run() -> tuple[HandState, list[str]]:
        rng = random.Random(seed)
        state = deal(rules, seed, dealer=seed % rules.players)
        plays = []
        while not state.is_over:
            play = rng.choice(state.legal_actions())
            plays.append(str(play))
            state = state.apply(play)
        return state, plays

    first, plays_1 = run()
    second, plays_2 = run()
    assert plays_1 == plays_2
    assert first == second
    assert first.to_text() == second.to_text()
    assert len(plays_1) == 40 - rules.table_size


@FAST
@given(seed=SEEDS, variant=SOME_VARIANT, options=OPTIONS)
def test_a_match_ends_with_a_winner_at_or_above_the_target(seed, variant, options):
    options = {k: v for k, v in options.items() if k != "call_out"}
    rules = make_rules(variant, options)
    rng = random.Random(seed)
    match = Match.new(rules, seed)
    hands = 1
    while not match.is_over:
        while not match.hand_over:
            match = match.apply(rng.choice(match.legal_actions()))
        if match.is_over:
            break
        assert match.winner is None
        top = max(match.scores)
        assert top < rules.target or match.scores.count(top) > 1
        match = match.next_hand()
        hands += 1
        assert match.hand_no == hands
        assert hands < 100
    winner = match.winner
    assert winner is not None and 0 <= winner < rules.sides
    if match.hand_score().napoleone is not None:
        assert winner == match.hand_score().napoleone
    else:
        assert match.scores[winner] >= rules.target
        assert all(s < match.scores[winner] for i, s in enumerate(match.scores) if i != winner)
    assert Match.from_text(match.to_text(), rules) == match


@settings(max_examples=12, deadline=None, database=None)
@given(seed=SEEDS, variant=SOME_VARIANT, steps=st.integers(0, 39))
def test_bots_choose_legal_plays_from_a_view(seed, variant, steps):
    rules = make_rules(variant)
    rng = random.Random(seed)
    state = deal(rules, seed)
    for _ in range(min(steps, 40 - rules.table_size - 1)):
        state = state.apply(rng.choice(state.legal_actions()))
    view = state.view(state.to_move)
    legal = state.legal_actions()
    assert greedy(view) in legal
    assert SearchBot(samples=2, seed=seed)(view) in legal
    # the bots never see the other hands: an equivalent view gives the same choice
    again = PlayerView.from_text(view.to_text(), rules)
    assert greedy(again) == greedy(view)


@FAST
@given(seed=SEEDS, variant=SOME_VARIANT, options=OPTIONS)
def test_what_a_play_leaves_on_the_table_SCOPA_7(seed, variant, options):
    """left_on_table(play) is the table apply() leaves; after the hand's last card, those cards go
    to the side of the last capture (SCOPA-7.1), or to no one (SCOPA-7.2): read from the piles."""
    rules = make_rules(variant, options)
    rng = random.Random(seed)

    def check(before: HandState, play: Play, after: HandState) -> None:
        left = before.left_on_table(play)
        if not after.is_over:
            assert sorted(left, key=by_index) == sorted(after.table, key=by_index)
            return
        gained = [cards_from_mask(a & ~b) for a, b in zip(after.piles, before.piles, strict=True)]
        captured = set(play.captured)
        if after.last_capturer == before.to_move and play.card not in left:  # the last play captured
            captured.add(play.card)
        if after.last_capturer is None:
            assert not any(gained)
        else:
            side = rules.seat_sides[after.last_capturer]
            assert set(gained[side]) == captured | set(left)
            assert not any(g for s, g in enumerate(gained) if s != side)

    play_hand(deal(rules, seed, dealer=rng.randrange(rules.players)), rng, check)
