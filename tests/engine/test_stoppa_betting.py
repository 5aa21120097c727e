"""How much to open or raise (STOPPA-6): the answer rule, the exact value of each amount, checked
against every rival hand played through the engine's own contest (heads-up) and against random
deals played through it (several rivals), and the choices a betting position offers."""
import itertools
import math
import random
from fractions import Fraction

import pytest

from neapolitan.cards import DECK, parse_cards
from neapolitan.errors import BadNotation
from neapolitan.stoppa import Rules, position, punto
from neapolitan.stoppa.actions import SHOW
from neapolitan.stoppa.betting import NOBODY, bet_value, see_value, sees, threshold
from neapolitan.stoppa.odds import below_all
from neapolitan.stoppa.puzzles import BetPosition, bet_puzzle_from, bet_values
from neapolitan.stoppa.state import LEDGER

RULES = Rules(players=4)


# -- the exact count with a limit for each opponent -------------------------------------------------
def brute_below(limits, unseen, hand_size=3):
    """Every ordered deal of the opponents' hands, one by one."""
    good = total = 0

    def deal(i, pool, ok):
        nonlocal good, total
        if i == len(limits):
            total += 1
            good += ok
            return
        for combo in itertools.combinations(pool, hand_size):
            rest = [c for c in pool if c not in combo]
            deal(i + 1, rest, ok and punto(combo) < limits[i])

    deal(0, list(unseen), True)
    return Fraction(good, total)


@pytest.mark.parametrize(("seed", "size", "limits"), [
    (1, 11, (30, 22)), (2, 12, (25, 40)), (3, 10, (18, 33, 27)), (4, 12, (56, 21)), (5, 9, (10, 35)),
])
def test_below_all_with_a_limit_for_each_opponent_matches_brute_force(seed, size, limits):
    unseen = random.Random(seed).sample(list(DECK), size)
    assert below_all(limits, unseen) == brute_below(limits, unseen)


# -- the answer rule ----------------------------------------------------------------------------------
def pack_counts():
    """How many three-card hands of the 40-card pack have each punto (counted here, once)."""
    counts = [0] * 57
    for hand in itertools.combinations(DECK, 3):
        counts[punto(hand)] += 1
    return counts


COUNTS = pack_counts()


def rule_sees(value, cost, pot, others):
    """The stated rule, from the counts: chance below ** others x (pot + cost) > cost."""
    chance = Fraction(sum(COUNTS[:value]), math.comb(40, 3)) ** others
    return chance * (pot + cost) > cost


@pytest.mark.parametrize(("cost", "pot", "others"), [(1, 6, 1), (3, 9, 2), (5, 11, 3), (12, 24, 1), (1, 2, 3), (20, 21, 3)])
def test_the_answer_rule_is_a_threshold_on_the_punto(cost, pot, others):
    t = threshold(cost, pot, others, RULES)
    for value in range(10, 56):
        assert sees(value, cost, pot, others, RULES) == rule_sees(value, cost, pot, others) == (value >= t)
    assert t == NOBODY or rule_sees(t, cost, pot, others)


def test_a_bigger_bet_is_seen_by_fewer_hands_and_more_rivals_need_more():
    seen = [threshold(a, 6 + a, 2, RULES) for a in range(1, 7)]
    assert seen == sorted(seen) and seen[0] < seen[-1]
    assert threshold(3, 9, 1, RULES) < threshold(3, 9, 3, RULES)


# -- every rival hand through the engine ---------------------------------------------------------------
def play_heads_up(mine, rival, stage, pot, bet, pay, cost):
    """The contest through the engine's own rules, the rival answering by the rule: my chips from now.

    Opening: I sit third, the two before me pass, the rival (the dealer) answers. Raising: the rival
    (di mano) opened `bet`, the two between us fold, I (the dealer) raise."""
    if stage == "open":
        state = position(RULES, [(), (), mine, rival], pot=pot)
        state = state.apply_text("pass").apply_text("pass").apply_text(f"open {pay}")
        me = 2
    else:
        state = position(RULES, [rival, (), (), mine], pot=pot - bet)
        state = state.apply_text(f"open {bet}").apply_text("fold").apply_text("fold")
        state = state.apply_text(f"raise {pay - bet}")
        me = 3
    answer = "call" if rule_sees(punto(rival), cost, pot + pay, 1) else "fold"
    state = state.apply_text(answer)
    return chips_from_now(state, me)


def chips_from_now(state, me):
    """Finish the showdown (whoever may show does), then what I won less what I bet in the contest
    (the ledger: the next hand's misera, paid at once by the dealer, is not part of it)."""
    while state.contest is not None and state.contest.stage == "show":
        state = state.apply(SHOW)
    bets, won = LEDGER.index("bets"), LEDGER.index("won")
    return state.ledger[me][won] - state.ledger[me][bets]


@pytest.mark.parametrize(("hand", "stage", "pot", "bet", "name"), [
    ("4B 5B 7S", "open", 6, 0, "open 6"),  # STOPPA-6.1: up to the pot
    ("10C 9S 8D", "open", 8, 0, "open 4"),  # a bluff: every hand that sees beats a 10
    ("5C 4C 7D", "raise", 7, 2, "raise 9"),  # STOPPA-6.5: up to the pot after the call (7 + 2)
])
def test_a_bet_s_value_is_every_rival_hand_played_through_the_engine_STOPPA_6(hand, stage, pot, bet, name):
    mine = tuple(parse_cards(hand))
    where = BetPosition(mine, stage, 1, pot, bet)
    pay, cost = where.choices(RULES)[name]
    unseen = [c for c in DECK if c not in mine]
    total = sum(play_heads_up(mine, rival, stage, pot, bet, pay, cost) for rival in itertools.combinations(unseen, 3))
    exact = Fraction(total, math.comb(37, 3))
    assert bet_value(mine, 1, pot, pay, cost, RULES).value == exact


def test_seeing_is_the_chance_of_beating_every_hand_times_the_pot():
    mine = tuple(parse_cards("5C 4C 7D"))
    unseen = [c for c in DECK if c not in mine]
    wins = sum(punto(r) < punto(mine) for r in itertools.combinations(unseen, 3))  # a tie goes to the bettor
    values = bet_values(BetPosition(mine, "raise", 1, 7, 2), RULES)
    assert values["see"][0] == see_value(Fraction(wins, math.comb(37, 3)), 7, 2)
    assert values["fold"][0] == 0


def play_several(rng, mine, rivals, pot, pay, cost):
    """One random deal, several rivals, through the engine: I open first (di mano) and each rival
    answers by the rule, in turn."""
    unseen = [c for c in DECK if c not in mine]
    cards = rng.sample(unseen, 3 * rivals)
    hands = [cards[3 * i:3 * i + 3] for i in range(rivals)]
    seats = [()] * (3 - rivals) + [mine] + hands
    me = 3 - rivals
    state = position(RULES, seats, pot=pot)
    for _ in range(me):
        state = state.apply_text("pass")
    state = state.apply_text(f"open {pay}")
    for hand in hands:
        state = state.apply_text("call" if rule_sees(punto(hand), cost, pot + pay, rivals) else "fold")
    return chips_from_now(state, me)


@pytest.mark.parametrize(("hand", "rivals", "pot", "amount"), [("7C 5C 9B", 2, 7, 4), ("1D 3D 6S", 3, 10, 1)])
def test_with_several_rivals_random_deals_through_the_engine_agree_within_their_error(hand, rivals, pot, amount):
    """4 standard errors of the mean of 4,000 deals: wrong about once in 16,000 runs."""
    mine = tuple(parse_cards(hand))
    rng = random.Random(hand)
    results = [play_several(rng, mine, rivals, pot, amount, amount) for _ in range(4000)]
    mean = sum(results) / len(results)
    sd = (sum((x - mean) ** 2 for x in results) / (len(results) - 1)) ** 0.5
    exact = bet_value(mine, rivals, pot, amount, amount, RULES).value
    assert abs(mean - float(exact)) <= 4 * sd / len(results) ** 0.5


# -- the choices of a betting position -------------------------------------------------------------------
@pytest.mark.parametrize(("text", "choices"), [
    ("7D,6D,1D | open | 2 | 5", {"pass": (0, 0), "open 1": (1, 1), "open 3": (3, 3), "open 5": (5, 5)}),  # STOPPA-6.1
    ("7D,6D,1D | open | 3 | 1", {"pass": (0, 0), "open 1": (1, 1)}),  # the pot below the misera: the misera
    ("5B,4B,7S | raise | 1 | 7 | 2", {"fold": (0, 0), "see": (2, 0), "raise 1": (3, 1), "raise 5": (7, 5),
                                      "raise 9": (11, 9)}),  # STOPPA-6.4, 6.5
])
def test_the_choices_of_a_betting_position_STOPPA_6_1_STOPPA_6_5(text, choices):
    where = BetPosition.from_text(text)
    assert where.to_text() == text
    assert where.choices(RULES) == choices


@pytest.mark.parametrize("text", [
    "7D,6D | open | 2 | 5", "7D,6D,1D | open | 4 | 5", "7D,6D,1D | open | 2 | 0", "7D,6D,1D | raise | 2 | 5",
    "7D,6D,1D | raise | 2 | 4 | 2", "7D,6D,1D | open | 2 | 5 | 1", "7D,6D,1D | bet | 2 | 5",
])
def test_bad_betting_positions_are_refused(text):
    with pytest.raises(BadNotation):
        BetPosition.from_text(text)


def test_a_betting_puzzle_names_the_best_amount_and_every_choice():
    spec = bet_puzzle_from(BetPosition.from_text("7D,6D,1D | raise | 1 | 7 | 2"), RULES)
    assert spec is not None and spec.kind == "bet_size"
    assert spec.solution == "raise 9"  # 55 cannot be beaten: the biggest raise
    assert {v.answer for v in spec.verdicts} == {"fold", "see", "raise 1", "raise 5", "raise 9"}
    assert spec.verdicts[1].loss >= 0.05 * 11
