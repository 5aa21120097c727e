"""Computer players for Scopa: a greedy player with sensible priorities, the thoughtful player
(sampling search within a budget, with a learned evaluation), and the searcher it replaced.

Every bot chooses from a PlayerView, never from the full state: it cannot see hidden cards.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import replace
from functools import lru_cache

from neapolitan.cards import SETTEBELLO, Card
from neapolitan.scopa.actions import Play
from neapolitan.scopa.belief import (
    Belief,
    Opponent,
    TableBelief,
    belief_of,
    reader_value,
    searcher_value,
)
from neapolitan.scopa.captures import sweepable
from neapolitan.scopa.evaluation import leaf_of, tables_for
from neapolitan.scopa.rules import Rules
from neapolitan.scopa.search import Analysis, Leaf, PlayValues, analyse, searched_values
from neapolitan.scopa.state import HandState, PlayerView
from neapolitan.scopa.thinking import NO_SHALLOW, Budget, think

# Weights of the greedy player's priorities.
SETTEBELLO_W = 30.0
SCOPA_W = 40.0
SEVEN_W = 6.0
DENARO_W = 2.5
CARD_W = 1.0
LEAVE_SWEEP_W = 18.0


def play_value(state_or_view: HandState | PlayerView, play: Play) -> float:
    """How good a play looks on its own: what it takes, and what it leaves the next player."""
    table = state_or_view.table
    rules = state_or_view.rules
    taken = [play.card, *play.captured] if play.captured else []
    value = 0.0
    for card in taken:
        value += CARD_W + _card_worth(card)
    if play.captured:
        left = [c for c in table if c not in play.captured]
        if not left and not _is_last_play(state_or_view):
            value += SCOPA_W
    else:
        left = [*table, play.card]
        value -= 0.6 * _card_worth(play.card) + 0.05 * play.card.rank  # keep good cards back
    if left and sweepable(left, rules.fifteen):
        value -= LEAVE_SWEEP_W
    return value


def _card_worth(card: Card) -> float:
    worth = 0.0
    if card is SETTEBELLO:
        worth += SETTEBELLO_W
    if card.rank == 7:
        worth += SEVEN_W
    elif card.rank == 6:
        worth += SEVEN_W / 2
    elif card.rank == 1:
        worth += SEVEN_W / 3
    if card.suit == "D":
        worth += DENARO_W
    return worth


def _is_last_play(state: HandState | PlayerView) -> bool:
    return state.cards_left_to_play() == 1


def greedy(view: PlayerView, rng: random.Random | None = None) -> Play:
    """The play with the best immediate value (ties broken by the order of legal plays)."""
    actions = view.legal_actions()
    return max(actions, key=lambda play: play_value(view, play))


class SearchBot:
    """Determinization: deal the unseen cards at random `samples` times, search each deal with
    alpha-beta (to the end of the hand when few cards are left, else to the end of the current
    deal), and play the best play on average (`neapolitan.scopa.search.analyse`)."""

    def __init__(self, samples: int = 12, seed: int | str = 0, values_of: PlayValues = searched_values) -> None:
        self.samples = samples
        self.seed = seed
        self.values_of = values_of  # how each deal is searched (the arena may pass a compiled solver)

    def __call__(self, view: PlayerView, rng: random.Random | None = None) -> Play:
        actions = view.legal_actions()
        if len(actions) == 1:
            return actions[0]
        analysis = analyse(view, self.samples, seed=self.seed if rng is None else rng.random(),
                           values_of=self.values_of)
        return analysis.best


class Thinker:
    """The "Thoughtful" player: deals the cards it has not seen many times, searches each deal
    of them to the end of the current deal of the stock (whole rounds without one) and judges
    it with the learned evaluation; it plays the best play on average, within a budget per
    number of players that counts positions searched, never seconds (`neapolitan.scopa.thinking`)."""

    def __init__(self, budgets: Mapping[int | tuple[int, bool], Budget],
                 readers: Mapping[str, Opponent] | None = None, judges_worlds: bool = False) -> None:
        self.budgets = budgets
        self.readers = readers or {}  # by variant, how it reads the other players' plays (a variant
        # not there: not at all)
        self.judges_worlds = judges_worlds  # judges a world's positions by what its hands hold, where
        # there are tables for it (`neapolitan.scopa.evaluation.WorldFacts`)

    def __call__(self, view: PlayerView, rng: random.Random | None = None) -> Play:
        return self.analyse(view, rng).best

    def analyse(self, view: PlayerView, rng: random.Random | None = None) -> Analysis:
        actions = view.legal_actions()
        if len(actions) == 1:
            return Analysis({actions[0]: 0.0}, 0, False)
        seed = 0 if rng is None else rng.random()
        return think(view, budget_for(self.budgets, view.rules), self.leaf(view.rules), seed, self.belief(view))

    def leaf(self, rules: Rules) -> Leaf:
        """How this player judges the positions where its search stops."""
        return learned_leaf(rules, self.judges_worlds)

    def belief(self, view: PlayerView) -> Belief | TableBelief | None:
        """What this player reads of the hidden hands from the plays that came from them: the
        opponent's plays of the deal with two players, every other player's plays of the hand at a
        table with no stock (`neapolitan.scopa.belief.belief_of`; None: it deals the hidden cards
        uniformly)."""
        opponent = self.readers.get(view.rules.variant)
        return None if opponent is None else belief_of(view, opponent)


def budget_for(budgets: Mapping[int | tuple[int, bool], Budget], rules: Rules) -> Budget:
    """The budget for a table: by number of players, or by (players, captures by fifteens) where
    the fifteens have their own."""
    return budgets.get((rules.players, rules.fifteen)) or budgets[rules.players]


@lru_cache(maxsize=32)
def learned_leaf(rules: Rules, world: bool = False) -> Leaf:
    return leaf_of(tables_for(rules, world))


# What the thoughtful player may spend on one decision, by number of players, in positions
# searched. With two players it searches up to 128 worlds together and stops early once one play
# is clearly best, and values the opponent's replies at their soft minimum at half a point
# (`Budget.soft`: he cannot see the player's cards, so he does not always find the reply that is
# worst for him: +0.035 a hand over the player before, `search-v4`, 95% CI +0.002 to +0.068,
# paired deal by deal on 2,000 deals against `search-v1`, seed final; +0.264 against `search-v1`
# on 4,000, CI +0.219 to +0.308; at Scopa d'Assi +0.034, at Scopa a Quindici +0.018, neither shown
# at the 95% level on 1,000 deals). With four, 2,400 positions usually, and up to 12,000 when the
# best two plays are close; one round of plays ahead, and with 12 cards left or fewer deeper, to
# the end of the hand while the world's share lasts (at Scopone Scientifico +0.230 a hand, 95% CI
# -0.003 to +0.463, paired deal by deal on 100 deals against `search-v1`, seed probe; against the
# player before, `search-v5`, on 300 paired deals: Scopone Scientifico +0.210, Scopone +0.153, Scopa
# +0.218, each CI above 0; still -0.655 against `search-v1` at Scopone Scientifico, -0.815 to
# -0.495 on 600, and -0.492 once it read the other players' plays, below: see README). With more
# than 24 cards left it searches only the next two plays of each world, and so deals three times as
# many worlds for less: at Scopone Scientifico +0.392 a hand, 95% CI +0.174 to +0.610, over the
# player searching a round ahead there (`search-v7`), 300 paired deals, seed x4, at under half its
# median time (from 32 cards, +0.160; from 16, +0.300; twice the usual budget beside it, +0.022
# more, and twice the worlds at least, +0.030, neither shown; against `search-v1` -0.050, 95% CI
# -0.205 to +0.105, on the 600 deals of seed scopone where `search-v7` made -0.492; more worlds,
# deeper or shallower searches tried since gained nothing; judging each world's positions by what
# its hands hold, +0.333 a hand over that player, and against `search-v1` +0.376, 95% CI +0.260 to
# +0.492, on 1,000 paired deals of seed target: see README). Capturing by fifteens offers
# more plays in every position, so a position costs about twice as much: two players at Scopa a
# Quindici search fewer (30,000 positions since the slowest day yet, 6,207 to 6,584 random hands a
# second, half the speed of the fastest days, put their 99th percentile at 258 to 276 ms with 45,000
# and 36,000; 30,000 gave 244 ms). The budgets
# are sized so that the slowest machines of our kind seen so far (half as fast as the fastest)
# keep the median decision within 20 ms and the 99th percentile within 250 ms, but at Scopone
# Scientifico (below); `make bench` prints the times these budgets give on this machine. At Scopone Scientifico,
# judging each world by its hands (below) doubles a decision's cost with the same budget: 14.6 ms
# (median) for the player and 17.7 ms for its coach on a day of 10,141 random hands a second, and
# on the slowest day yet (6,466) 22.7 and 27.5 ms, over the target; a smaller `usual` cuts little
# (1,500 positions: 17.6 and 20.6 ms), so the way on was a cheaper world leaf: with it, move
# ordering and the coach's risk made cheaper (the same decisions), a ninth and a seventh less on
# another day, which would put the slowest day's figures within the target (see README).
THOUGHTFUL: dict[int | tuple[int, bool], Budget] = {
    2: Budget(nodes=70_000, worlds=128, min_worlds=16, sure=4.0, sure_after=16, together=True, soft=0.5),
    (2, True): Budget(nodes=30_000, worlds=128, min_worlds=16, sure=4.0, sure_after=16, together=True, soft=0.5),
    3: Budget(nodes=30_000, worlds=64, min_worlds=8, sure=4.0, sure_after=16),
    4: Budget(nodes=12_000, worlds=32, min_worlds=4, deepen_from=12, shallow_above=24, sure=4.0, sure_after=4,
              usual=2_400, close=1.0),
}

# How the thoughtful player reads the other players' plays (as a searching player's,
# `neapolitan.scopa.belief.reader_value`), where the arena has measured it: in two-player Scopa
# the opponent's plays of the current deal (it was fitted there; reading fewer facts of each play,
# `searcher_value`, SEARCHING_OPPONENT: the player before issue 11's second round, `search-v3`,
# 1,000 paired deals, seed dev2: +0.076 points a hand, 95% CI +0.013 to +0.140, over the same
# player dealing the hidden cards uniformly; reading them all: see README, "Computer players"),
# and at Scopone Scientifico all three others' plays of the hand (`TableBelief`: +0.296 a hand,
# 95% CI +0.140 to +0.452, over the player dealing them uniformly, `search-v6`, 600 paired deals,
# seed tb4; against `search-v1` -0.492, -0.655 to -0.328, where `search-v6` made -0.655 on the same
# 600 deals of seed scopone; at Scopone not shown stronger, -0.028, -0.224 to +0.168, 300 deals;
# at Scopone Scientifico read at temperature 1, or by weights fitted on its own plays, not stronger
# either: see README). One reading per variant (`Thinker.readers`), so each game can have its own.
SEARCHING_OPPONENT = Opponent(searcher_value, temperature=1.5, mistakes=0.05)
READING_OPPONENT = Opponent(reader_value, temperature=1.5, mistakes=0.05)
READS_TWO = {"SCOPA_2P": READING_OPPONENT}
READERS = {**READS_TWO, "SCOPONE_SCIENTIFICO": READING_OPPONENT}

# At Scopone Scientifico every card is dealt at the start, so each world it deals says who holds
# every card still out, and it judges the positions its search reaches there by tables measured on
# those facts too (`neapolitan.scopa.evaluation.WorldFacts`: who holds the settebello, each side's
# sevens and denari, whether the player to move or the next holds a card that sweeps the table),
# on greedy hands with a share of random plays: +0.333 a hand, 95% CI +0.217 to +0.450, over the
# player before (`search-v8`), 900 paired deals, seed z3 (the same tables measured on greedy hands
# alone: +0.114, +0.045 to +0.182, on 2,700; see README), at about twice its time a decision (a
# world's leaves are its own: no values shared between worlds). Elsewhere there are no such tables,
# and it judges the public facts.
THOUGHTFUL_PLAYER = Thinker(THOUGHTFUL, READERS, judges_worlds=True)

BOTS: dict[str, Callable[..., Play]] = {
    "greedy": greedy,
    "search": THOUGHTFUL_PLAYER,
}
# Players kept for comparison in the arena (which also makes `search-v1`, the search player as it
# was before issue 11: `SearchBot`, with a compiled solver at the Scopone games), the
# thoughtful player before it read the opponent's plays (issue 11, item 4), before it read them by
# `reader_value`, before it valued his replies at their soft minimum, (with four players) before
# it searched the last 12 cards deeper, before it read the other players' plays at Scopone,
# before it searched only two plays ahead early in the hand, and before it judged a world's
# positions by what its hands hold.
ROUNDS_EARLY = {**THOUGHTFUL, 4: replace(THOUGHTFUL[4], shallow_above=NO_SHALLOW)}
ONE_ROUND = {**ROUNDS_EARLY, 4: replace(ROUNDS_EARLY[4], deepen_from=0)}
HARD_REPLIES = {players: replace(budget, soft=0.0) for players, budget in ONE_ROUND.items()}
ARENA_BOTS: dict[str, Callable[..., Play]] = {
    **BOTS, "search-v2": Thinker(HARD_REPLIES),
    "search-v3": Thinker(HARD_REPLIES, {"SCOPA_2P": SEARCHING_OPPONENT}),
    "search-v4": Thinker(HARD_REPLIES, READS_TWO),
    "search-v5": Thinker(ONE_ROUND, READS_TWO),
    "search-v6": Thinker(ROUNDS_EARLY, READS_TWO),
    "search-v7": Thinker(ROUNDS_EARLY, READERS),
    "search-v8": Thinker(THOUGHTFUL, READERS),
}
