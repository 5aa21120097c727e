"""What the opponent's plays of the deal say about his hand (`neapolitan.scopa.belief`): the deal's
history as recorded, worlds always consistent with the view, the weights favouring the worlds where
his plays were sensible, and reproducible with a seed."""
import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from neapolitan.cards import DECK, by_rank, mask_of, parse_cards
from neapolitan.scopa import Play, Rules, deal
from neapolitan.scopa.belief import (
    Belief,
    Opponent,
    Reading,
    TableBelief,
    _Position,
    belief_of,
    play_features,
    positions_then,
    reader_features,
    replies,
    reply_worth,
    searcher_value,
)
from neapolitan.scopa.bots import (
    READING_OPPONENT,
    SEARCHING_OPPONENT,
    THOUGHTFUL,
    THOUGHTFUL_PLAYER,
    Thinker,
    greedy,
    play_value,
)
from neapolitan.scopa.captures import capture_options
from neapolitan.scopa.state import Seen, deal_history, history_after
from tests.engine._support import position

SENSIBLE = Opponent(play_value)


def after_plays(state, *plays: str):
    """The state after `plays` (texts), and the deal's history as a caller keeps it."""
    history: tuple[Seen, ...] = ()
    for text in plays:
        play = Play.parse(text)
        after = state.apply(play)
        history = history_after(history, state, play, after)
        state = after
    return state, history


def test_history_records_each_play_of_the_deal_with_the_table_it_was_played_on():
    # Seat 1 trails 2B on 3C 4S; seat 0 takes 3C with 3D: both plays, each with its table.
    start = position(table="3C 4S", hand="2B 8C 9C", seat=1, others=("3D 5D 6D",))
    state, history = after_plays(start, "2B", "3Dx3C")
    assert history == (
        Seen(1, Play.parse("2B"), tuple(parse_cards("3C 4S"))),
        Seen(0, Play.parse("3Dx3C"), tuple(parse_cards("2B 3C 4S"))),
    )
    assert state.view(1, history).history == history
    assert state.view(1).history == ()  # no history unless the caller kept it


def test_history_starts_again_when_the_stock_deals():
    # SCOPA-3.4: the sixth play empties both hands and the stock deals three cards each.
    state = deal(Rules(), "belief:redeal", dealer=1)
    history: tuple[Seen, ...] = ()
    for n in range(1, 8):
        play = greedy(state.view(state.to_move))
        after = state.apply(play)
        history = history_after(history, state, play, after)
        state = after
        assert len(history) == n % 6


def test_the_text_form_of_a_view_does_not_change_with_its_history():
    start = position(table="3C 4S", hand="2B 8C 9C", seat=1, others=("3D 5D 6D",))
    state, history = after_plays(start, "2B")
    assert state.view(0, history).to_text() == state.view(0).to_text()
    assert state.view(0, history) == state.view(0)


def sweep_declined():
    """Seat 1 laid 2B on 3C 4S when a 7 would have swept them (a scopa, SCOPA-6.1)."""
    start = position(table="3C 4S", hand="2B 8C 9C", seat=1, others=("1D 5D 6D",))
    state, history = after_plays(start, "2B")
    return state.view(0, history)


@pytest.mark.parametrize(("opponent", "seven", "settebello", "sevens_dealt"), [
    # Uniformly each card is his 2 times in 34 (0.059), and one of his two cards is a 7 in 22% of deals.
    (Opponent(play_value, 5.0, 0.1), 0.03, 0.03, 0.11),  # read as the greedy player
    (SEARCHING_OPPONENT, 0.02, 0.015, 0.08),  # read as a searching player (`search-v3`)
    (READING_OPPONENT, 0.02, 0.015, 0.08),  # ... by more facts of his play (the usual player)
])
def test_a_declined_sweep_makes_the_sevens_that_would_have_swept_rare(opponent, seven, settebello, sevens_dealt):
    view = sweep_declined()
    belief = Belief(view, opponent)
    assert belief.chance_of(parse_cards("7C")[0]) < seven
    assert belief.chance_of(parse_cards("7D")[0]) < settebello
    assert belief.chance_of(parse_cards("2C")[0]) > 2 / 34  # a 2 could not have swept: likelier
    worlds = [belief.deal(random.Random(n)) for n in range(400)]
    assert sum(any(c.rank == 7 for c in w.hands[1]) for w in worlds) / len(worlds) < sevens_dealt


@pytest.mark.parametrize(("table", "play", "value"), [
    # SCOPA-6.1: 7C sweeps 3C 4S: two cards and the played one, one denaro, one 7, a scopa.
    ("3C 4S", "7Cx3C+4S", 3 * 0.71 + 0.47 + 0.99),
    # 7D takes 7B: two cards, a denaro, the settebello, two sevens; leaves 2S, which a 2 sweeps.
    ("2S 7B", "7Dx7B", 2 * 0.71 + 0.53 + 0.51 + 2 * 0.47 - 0.94),
    # 9B laid on 3C 4S: 16 is beyond one card's reach; a laid card of rank 9.
    ("3C 4S", "9B", -1.05 * 0.9 + 0.91),
])
def test_searcher_value_by_hand(table, play, value):
    position = _Position(Rules(), tuple(parse_cards(table)), 30)
    assert searcher_value(position, Play.parse(play)) == pytest.approx(value)


def test_without_plays_of_the_opponent_the_belief_is_uniform():
    state = position(table="3C 4S", hand="2B 8C 9C", seat=0, others=("1D 5D 6D",))
    view = state.view(0)
    belief = Belief(view, SENSIBLE)
    assert belief.work == 0
    assert belief.deal(random.Random(3)).to_text() == view.sample_state(random.Random(3)).to_text()


@settings(max_examples=40, deadline=None, database=None)
@given(seed=st.integers(0, 10**6), plays=st.integers(0, 35))
def test_every_world_is_consistent_with_the_view_and_deals_no_card_the_player_has_seen(seed, plays):
    rules = Rules()
    # The view after `plays` random plays, with the history as the arena keeps it.
    history: tuple[Seen, ...] = ()
    state = deal(rules, f"belief:{seed}", dealer=1)
    rng = random.Random(seed)
    for _ in range(plays):
        play = rng.choice(state.legal_actions())
        after = state.apply(play)
        history = history_after(history, state, play, after)
        state = after
    view = state.view(state.to_move, history)
    belief = Belief(view, SENSIBLE)
    seen = mask_of(view.hand) | mask_of(view.table)
    for pile in view.piles:
        seen |= pile
    for n in range(5):
        world = belief.deal(random.Random(n))
        world.check_cards_conserved()
        assert world.hands[view.seat] == view.hand
        assert tuple(map(len, world.hands)) == view.hand_sizes and len(world.stock) == view.stock_size
        assert world.view(view.seat).to_text() == view.to_text()
        hidden = [c for h in world.hands[:view.seat] + world.hands[view.seat + 1:] for c in h] + list(world.stock)
        assert not mask_of(hidden) & seen
        # His hand could have made every play he made in this deal.
        for seen_play in history:
            if seen_play.seat != view.seat:
                assert seen_play.play.card not in world.hands[seen_play.seat]


def test_the_same_view_and_seed_deal_the_same_worlds():
    view = sweep_declined()
    first = [Belief(view, SENSIBLE).deal(random.Random("seed")).to_text() for _ in range(2)]
    assert first[0] == first[1]
    a, b = (Thinker(THOUGHTFUL, {view.rules.variant: SENSIBLE}) for _ in range(2))
    assert a.analyse(view, random.Random(7)).values == b.analyse(view, random.Random(7)).values


def test_more_than_two_players_with_a_stock_deal_uniformly():
    """Four players of Scopa hold three cards at a time: a deal of the stock tells little, and
    the reading of more than one opponent is made for tables with no stock (Scopone)."""
    rules = Rules("SCOPA_4P")
    start = deal(rules, "belief:4p", dealer=3)
    play = greedy(start.view(0))
    after = start.apply(play)
    view = after.view(1, history_after((), start, play, after))
    assert Belief(view, SENSIBLE).work == 0
    belief = belief_of(view, SENSIBLE)
    assert isinstance(belief, TableBelief) and belief.work == 0
    assert belief.deal(random.Random(3)).to_text() == view.sample_state(random.Random(3)).to_text()


def scopone_view(variant: str, seed: int | str, plays: int):
    """The view of the player to move after `plays` plays of the greedy player, with the hand's
    history as the arena keeps it."""
    state = deal(Rules(variant), f"table-belief:{seed}", dealer=3)
    history: tuple[Seen, ...] = ()
    for _ in range(plays):
        play = greedy(state.view(state.to_move))
        after = state.apply(play)
        history = history_after(history, state, play, after)
        state = after
    return state.view(state.to_move, history)


@settings(max_examples=30, deadline=None, database=None)
@given(seed=st.integers(0, 10**6), plays=st.integers(0, 35),
       variant=st.sampled_from(["SCOPONE_SCIENTIFICO", "SCOPONE"]))
def test_at_scopone_every_world_is_consistent_with_the_view(seed, plays, variant):
    """The chain only swaps cards between hidden hands: every world keeps the 40 cards, the
    player's own hand, every hand's size, and deals no card the player has seen."""
    view = scopone_view(variant, seed, plays)
    belief = belief_of(view, READING_OPPONENT)
    seen = mask_of(view.hand) | mask_of(view.table)
    for pile in view.piles:
        seen |= pile
    rng = random.Random(seed)
    for _ in range(4):
        world = belief.deal(rng)
        world.check_cards_conserved()
        assert world.hands[view.seat] == view.hand and not world.stock
        assert tuple(map(len, world.hands)) == view.hand_sizes
        assert world.view(view.seat).to_text() == view.to_text()
        hidden = [c for seat, hand in enumerate(world.hands) if seat != view.seat for c in hand]
        assert not mask_of(hidden) & seen


@pytest.mark.parametrize(("variant", "seed", "plays"), [
    ("SCOPONE_SCIENTIFICO", 1, 33), ("SCOPONE_SCIENTIFICO", 2, 32), ("SCOPONE", 3, 29),
])
def test_at_scopone_the_chain_deals_each_hand_as_often_as_its_plays_odds_say(variant, seed, plays):
    """Late in the hand few deals of the hidden cards are left: weighed one by one (every deal,
    `TableBelief.chance`), each card's chance of being in each hidden hand is known exactly; the
    chain's worlds give the same chances, and they are far from the uniform ones."""
    view = scopone_view(variant, seed, plays)
    belief = TableBelief(view, READING_OPPONENT)
    seats = belief.seats
    unseen = view.unseen()
    assert belief.work and 1 < len(seats) and len(unseen) <= 7
    exact: dict[tuple[int, object], float] = {}
    total = 0.0
    for order in itertools.permutations(unseen):
        hands, taken = {}, 0
        for seat in seats:
            hands[seat] = tuple(sorted(order[taken:taken + view.hand_sizes[seat]], key=lambda c: c.index))
            taken += view.hand_sizes[seat]
        chance = belief.chance(hands)
        total += chance
        for seat, hand in hands.items():
            for card in hand:
                exact[seat, card] = exact.get((seat, card), 0.0) + chance
    drawn: dict[tuple[int, object], int] = {}
    rng = random.Random(0)
    worlds = 4000
    for _ in range(worlds):
        world = belief.deal(rng)
        for seat in seats:
            for card in world.hands[seat]:
                drawn[seat, card] = drawn.get((seat, card), 0) + 1
    uniform = max(abs(p / total - view.hand_sizes[seat] / len(unseen)) for (seat, _), p in exact.items())
    assert uniform > 0.15  # the plays told something
    for key, p in exact.items():
        assert drawn.get(key, 0) / worlds == pytest.approx(p / total, abs=0.04)


def test_the_thoughtful_player_reads_every_other_player_at_scopone_scientifico():
    """At Scopone Scientifico the Thoughtful player deals the hidden cards by what the three others'
    plays of the hand say, and the same view and seed deal the same worlds; at Scopone, where the
    arena has not shown the reading stronger, uniformly."""
    view = scopone_view("SCOPONE_SCIENTIFICO", 7, 14)
    belief = THOUGHTFUL_PLAYER.belief(view)
    assert isinstance(belief, TableBelief) and belief.work > 0
    first, again = (THOUGHTFUL_PLAYER.belief(view) for _ in range(2))
    assert [first.deal(random.Random(5)).to_text() for _ in range(3)] == \
        [again.deal(random.Random(5)).to_text() for _ in range(3)]
    assert THOUGHTFUL_PLAYER.belief(scopone_view("SCOPONE", 7, 14)) is None


@settings(max_examples=40, deadline=None, database=None)
@given(seed=st.integers(0, 10**6), plays=st.integers(0, 39),
       game=st.sampled_from([("SCOPA_2P", 2), ("QUINDICI", 2), ("SCOPONE_SCIENTIFICO", 4), ("ASSI", 2)]))
def test_the_deal_history_worked_back_from_the_plays_is_the_one_kept_play_by_play(seed, plays, game):
    rules = Rules(game[0], players=game[1])
    state = deal(rules, f"history:{seed}", dealer=1)
    rng = random.Random(seed)
    kept: tuple[Seen, ...] = ()
    made: list[tuple[int, Play]] = []
    for _ in range(min(plays, 40 - rules.table_size - 1)):
        play = rng.choice(state.legal_actions())
        made.append((state.to_move, play))
        after = state.apply(play)
        kept = history_after(kept, state, play, after)
        state = after
    assert deal_history(state, made) == kept
    assert deal_history(state, made[len(made) - len(kept) + 1:]) == (() if kept else kept)  # too few: none


@pytest.mark.parametrize(("table", "played", "later", "hand", "odds"), [
    # Any play as likely as any other: his play's odds are one over the plays his other cards
    # had (the hidden ones and those he played later), the card he played left out.
    ("", "3B", "", "4B", 1 / 1),
    ("", "3B", "5C", "4B", 1 / 2),
    ("", "3B", "5C", "4B 6B", 1 / 3),
    ("2C", "3B", "", "2D", 1 / 1),  # 2D could take 2C (SCOPA-5): still one play
    ("2C 3S", "5Bx2C+3S", "", "5D 1B", 1 / 2),  # 5D must take 2C+3S (SCOPA-5): one play; 1B one
])
def test_a_play_is_weighed_against_the_plays_his_other_cards_had(table, played, later, hand, odds):
    indifferent = Opponent(lambda position, play: 0.0, temperature=1.0, mistakes=0.0)
    seen = Seen(1, Play.parse(played), tuple(parse_cards(table)))
    reading = Reading(seen, list(parse_cards(later)), list(parse_cards(hand)), indifferent,
                      _Position(Rules(), seen.table, 30))
    assert reading.chance(tuple(parse_cards(hand))) == pytest.approx(odds)


@pytest.mark.parametrize(("public", "pile"), [("9C 5D 6D 2B 8S", ""), ("9C 5D 6D 2B 8S", "7S 6C"), ("5D 1B", "7S")])
def test_a_reading_is_the_same_worked_out_afresh_or_from_the_terms_remembered(public, pile):
    """Each position's terms are remembered for the later decisions of the hand (`_TERMS`): a
    reading made from them is the one made afresh, even after a reading of another position
    with the same table and cards left (other cards still out, another pile)."""
    from neapolitan.scopa import belief as belief_module

    seen = Seen(1, Play.parse("2B"), tuple(parse_cards("3C 4S")))
    hand = list(parse_cards("7C 9C 5D 8S 1B"))

    def reading(public, pile):
        position = _Position(Rules(), seen.table, 30, tuple(parse_cards(public)), tuple(parse_cards(pile)))
        made = Reading(seen, [], hand, READING_OPPONENT, position)
        return made.chosen, made.weight, made.count

    belief_module._TERMS.clear()
    afresh = reading(public, pile)
    for other_public, other_pile in ((public, "6S"), ("9C 5D 6D 2B", pile)):
        belief_module._TERMS.clear()
        reading(other_public, other_pile)
        assert reading(public, pile) == afresh


def test_the_coach_deals_the_hidden_cards_as_the_thoughtful_player_does():
    """In two-player Scopa the coach reads the opponent's plays of the deal too: its values are
    the Thoughtful player's search over the worlds that player's belief deals, and they differ
    from the values over uniform deals."""
    from neapolitan.scopa.bots import THOUGHTFUL_PLAYER, learned_leaf
    from neapolitan.scopa.coach import SEED, _canonical, advise
    from neapolitan.scopa.thinking import think

    view = _canonical(sweep_declined())
    belief = THOUGHTFUL_PLAYER.belief(view)
    assert belief is not None and belief.hands
    expected = think(view, THOUGHTFUL[2], learned_leaf(view.rules), SEED, belief)
    advice = advise(view)
    assert {v.answer: v.value for v in advice.verdicts} == {str(p): round(x, 3) for p, x in expected.values.items()}
    uniform = advise(_canonical(view.__class__(**{name: getattr(view, name) for name in view.__slots__
                                                  if name != "history"})))
    assert {v.answer: v.value for v in uniform.verdicts} != {v.answer: v.value for v in advice.verdicts}


def test_the_coach_counts_the_risk_of_a_sweep_over_the_worlds_it_believes():
    """Seat 1 laid 2B on 3C 4S when a 7 would have swept them; now 2D must take 2B and leave 3C 4S,
    which only a 7 sweeps (SCOPA-6.1). Dealt uniformly, one of his two cards is a 7 in about 22%
    of deals; read as the Thoughtful player reads him, far fewer."""
    from neapolitan.scopa.coach import _canonical, advise

    start = position(table="3C 4S", hand="2B 8C 9C", seat=1, others=("2D 9D 10C",))
    state, history = after_plays(start, "2B")
    read = {v.answer: v.scopa_risk for v in advise(_canonical(state.view(0, history))).verdicts}
    uniform = {v.answer: v.scopa_risk for v in advise(_canonical(state.view(0))).verdicts}
    assert uniform["2Dx2B"] > 0.1
    assert read["2Dx2B"] < uniform["2Dx2B"] - 0.06


@settings(max_examples=60, deadline=None, database=None)
@given(cards=st.permutations(DECK), tabled=st.integers(0, 6), out=st.integers(1, 12),
       variant=st.sampled_from(["SCOPA_2P", "QUINDICI"]))
def test_the_next_player_s_replies_are_his_best_capture_with_each_card_still_out(cards, tabled, out, variant):
    """`replies` is, over the cards still out but the one played, the mean and the most of each
    card's best capture by `reply_worth`, every capture that card may make tried (`capture_options`,
    the rules' own list, not the search's cached index sets)."""
    rules = Rules(variant, players=2)
    table = tuple(sorted(cards[:tabled], key=by_rank))
    public = tuple(cards[tabled:tabled + out])
    played = public[0]
    best = [max(reply_worth(card, list(option), len(table)) for option in options)
            for card in public[1:] if (options := capture_options(card, table, rules))]
    mean, most = replies(table, public, played, rules)
    assert mean == pytest.approx(sum(best) / max(len(public) - 1, 1))
    assert most == pytest.approx(max(best, default=0.0))


@pytest.mark.parametrize(("table", "public", "pile", "left", "play", "extra"), [
    # 7C sweeps 3C 4S: nothing left on the table to risk or take; the capture's primiera: 7C and
    # 3C in clubs (21), 4S in swords (14), from an empty pile.
    ("3C 4S", "7B 9C", "", 30, "7Cx3C+4S", (0, 0, 0, 0, 35 / 30, 0, 0, 0, 0, 0, 0, 0, 0)),
    # ... from a pile that already holds 7S and 6C: only clubs' 7 over the 6 adds (21 - 18).
    ("3C 4S", "7B 9C", "7S 6C", 30, "7Cx3C+4S", (0, 0, 0, 0, 3 / 30, 0, 0, 0, 0, 0, 0, 0, 0)),
    # 2B laid on 3C 4S leaves 9, which the one 9 of the four cards still out would sweep; no 2
    # is out to take the 2B back; a table of three cards adding up to 9. The next player's
    # replies: 9C sweeps (4 cards, a scopa: 1.5), 5D takes 2B 3C (3 cards, a denaro: 0.708),
    # 6D takes 2B 4S (0.708): 2.917 / 3 on average.
    ("3C 4S", "9C 5D 6D 2B", "", 30, "2B", (1 / 4, 0, 0, 0, 0, 0.9, 0.75, 0, 0, 0, 0, 2.75 / 3 + 1 / 18, 1.5)),
    # 7B laid on 1C with 20 cards left (the last three deals): the table adds up to 8, which the
    # 8S sweeps; the 7D would take the 7B back (a seven); a seven is left on the table. Replies:
    # 8S sweeps (3 cards, a seven, a scopa: 1.675), 7D takes 7B (the settebello, two sevens,
    # a denaro: 2.183), 5C nothing.
    ("1C", "8S 7D 5C 7B", "", 20, "7B", (1 / 4, 1 / 4, 1, 0, 0, 0.8, 0.5, 1, 0, 1 / 4, 1 / 4,
                                         (1.675 + 0.25 + 1 / 3 + 0.6 + 1) / 3, 0.25 + 1 / 3 + 0.6 + 1)),
    # The settebello laid on a table of 5S 6S (18: beyond one card): 1C and 2C take nothing.
    ("5S 6S", "1C 2C", "", 30, "7D", (0, 0, 1, 1, 0, 1.8, 0.75, 0, 0, 0, 0, 0, 0)),
])
def test_reader_features_by_hand(table, public, pile, left, play, extra):
    position = _Position(Rules(), tuple(parse_cards(table)), left, tuple(parse_cards(public)),
                         tuple(parse_cards(pile)))
    features = reader_features(position, Play.parse(play))
    assert features[:13] == play_features(position, Play.parse(play))
    assert features[13:] == pytest.approx(extra)


@settings(max_examples=30, deadline=None, database=None)
@given(seed=st.integers(0, 10**6), plays=st.integers(1, 35))
def test_the_positions_read_are_those_each_mover_saw(seed, plays):
    """Worked back from the view's piles, each play's position is the one its player saw: the
    table, the cards left, the cards in no pile nor on the table, his side's pile."""
    rules = Rules()
    history: tuple[Seen, ...] = ()
    state = deal(rules, f"positions:{seed}", dealer=1)
    rng = random.Random(seed)
    saw = []
    for _ in range(plays):
        view = state.view(state.to_move, history)
        saw.append(view)
        play = rng.choice(state.legal_actions())
        after = state.apply(play)
        history = history_after(history, state, play, after)
        state = after
    if state.is_over:
        return
    found = positions_then(state.view(state.to_move, history))
    assert len(found) == len(history)
    for read, then in zip(found, saw[len(saw) - len(history):], strict=True):
        assert read.table == then.table
        assert read.left == then.cards_left_to_play()
        assert set(read.public) == set(then.unseen()) | set(then.hand)
        assert mask_of(read.pile) == then.piles[rules.seat_sides[then.seat]]
