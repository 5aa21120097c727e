"""`make bench` measures every computer player (the figures are printed, never asserted here:
only what is timed, and how the times are summed up)."""
import pytest

from neapolitan.bench import thinking_cases
from neapolitan.scopa import Rules
from neapolitan.scopa.arena import make_bot, paired_margins
from neapolitan.scopa.rules import VARIANT_NAMES, VARIANTS
from neapolitan.timing import Stopwatch, summary


def test_every_computer_player_of_every_table_is_timed():
    cases = {(game, table, level) for game, table, level, *_ in thinking_cases()}
    for variant, (counts, *_rest) in VARIANTS.items():
        for players in counts:
            for level in ("Thoughtful", "Quick", "Coach"):
                assert ("Scopa", f"{VARIANT_NAMES[variant]}, {players}p", level) in cases
    assert {("Stoppa", "6 players", "Thoughtful"), ("Stoppa", "6 players", "Quick"),
            ("Sette e Mezzo", "4 players", "Exact"), ("Sette e Mezzo", "4 players", "Simple"),
            ("Saltacavallo", "10 players", "Engine player")} <= cases


class _View:
    def __init__(self, legal: int) -> None:
        self.legal = legal

    def legal_actions(self) -> list[int]:
        return list(range(self.legal))


def test_the_stopwatch_times_only_real_choices():
    watch = Stopwatch(lambda view, rng=None: view.legal_actions()[0])
    assert watch(_View(1)) == 0 and watch(_View(3)) == 0
    assert len(watch.seconds) == 1


def test_median_and_99th_percentile_by_hand():
    seconds = [n / 1000 for n in range(1, 101)]  # 1 ms to 100 ms
    assert summary(seconds) == pytest.approx((50.5, 100.0))
    assert summary([]) == (0.0, 0.0)


def test_each_bot_plays_every_case_to_its_decisions():
    """Two decisions of each case (the quick ones): every game's self-play runs."""
    for game, _table, level, bot, play, players in thinking_cases():
        if level in ("Quick", "Simple", "Engine player"):
            watch = Stopwatch(bot)
            play(watch, players, lambda watch=watch: len(watch.seconds) >= 2)
            assert len(watch.seconds) >= 2, game


def test_paired_scopone_deals_cancel_the_luck_of_the_cards():
    greedy = make_bot("greedy")
    assert paired_margins(greedy, greedy, 3, "pairs", Rules("SCOPONE_SCIENTIFICO")) == [0.0] * 3
