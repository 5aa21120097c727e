"""Where A gains against B, deal by deal of the stock: the changes add up to the arena's margin."""
import pytest

from neapolitan.scopa import Rules
from neapolitan.scopa.arena import make_bot, paired_margin
from neapolitan.scopa.bots import learned_leaf
from neapolitan.scopa.phases import deal_changes, paired_changes, report
from neapolitan.scopa.state import deal


@pytest.mark.parametrize(("variant", "deals"), [("SCOPA_2P", 6), ("SCOPA_4P", 3), ("SCOPONE_SCIENTIFICO", 1)])
def test_each_deal_of_the_stock_has_its_change(variant, deals):
    """Two players are dealt 3 cards six times; four players 3 cards three times (36 cards);
    Scopone Scientifico deals all 40 at once."""
    greedy = make_bot("greedy")
    assert len(deal_changes(Rules(variant), "phases:0", (greedy, greedy), 0)) == deals


@pytest.mark.parametrize("seed", ["phases:1", "phases:2"])
def test_the_changes_add_up_to_the_margin_less_the_first_expectation(seed):
    rules = Rules()
    a, b = make_bot("greedy"), make_bot("search-v1:1")
    start = deal(rules, seed, dealer=1)
    leaf = learned_leaf(rules)
    expected = (leaf(start, 0) + leaf(start, 1)) / 2
    assert sum(paired_changes(a, b, seed, rules)) == pytest.approx(paired_margin(a, b, seed, rules) - expected)


def test_the_report_has_a_line_per_deal_and_their_sum():
    lines = report([[1.0, -1.0], [0.0, 1.0], [2.0, 0.0]])
    assert lines[0].startswith("  deal 1 to the next deal: +1.000")
    assert lines[1].startswith("  deal 2 to the end of the hand: +0.000")
    assert lines[2].startswith("  all deals: +1.000")
