"""Card counting (neapolitan.scopa.races): a race's answer from the two extreme ways the cards still
out could go, checked against every way they could go (each card to either side), SCOPA-8 and 9."""
import itertools

import pytest

from neapolitan.cards import cards_from_mask
from neapolitan.errors import BadNotation
from neapolitan.scopa import Rules
from neapolitan.scopa.bots import greedy
from neapolitan.scopa.puzzles import RACE_QUESTIONS, judge, race_puzzle_from, verify
from neapolitan.scopa.races import LOST, OPEN, RACES, WON, race, still_out, winner
from neapolitan.scopa.state import deal


def positions(count: int, most_out: int):
    """Positions of greedy games with at most `most_out` cards in no pile yet."""
    found = []
    for n in range(400):
        state = deal(Rules(), f"races:{n}")
        while not state.is_over:
            view = state.view(state.to_move)
            if still_out(view).bit_count() <= most_out:
                found.append(view)
                break
            state = state.apply(greedy(view))
        if len(found) == count:
            return found
    raise AssertionError("not enough positions")


def brute_force(view, name: str) -> str:
    side = view.rules.side_of(view.seat)
    ours, theirs = view.piles[side], view.piles[1 - side]
    out = [c.bit for c in cards_from_mask(still_out(view))]
    results = set()
    for goes_to_us in itertools.product((False, True), repeat=len(out)):
        mine = ours | sum(b for b, us in zip(out, goes_to_us, strict=True) if us)
        yours = theirs | sum(b for b, us in zip(out, goes_to_us, strict=True) if not us)
        results.add(winner(name, mine, yours, view.rules) == 0)
    return WON if results == {True} else LOST if results == {False} else OPEN


@pytest.mark.parametrize("view", positions(8, 11), ids=lambda v: v.to_text()[:20])
def test_every_race_agrees_with_every_way_the_cards_still_out_could_go(view):
    for name in RACES:
        assert race(view, name) == brute_force(view, name), name


def test_a_race_puzzle_is_judged_and_verified():
    view = positions(1, 11)[0]
    for name in RACE_QUESTIONS:
        spec = race_puzzle_from(view, name)
        assert verify(spec) and spec.solution == race(view, name)
        assert judge(spec, spec.solution).loss == 0
        assert all(judge(spec, other).loss == 1 for other in (WON, OPEN, LOST) if other != spec.solution)
        with pytest.raises(BadNotation):
            judge(spec, "7D")
