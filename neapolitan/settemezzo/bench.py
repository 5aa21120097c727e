"""Speed figures of the Sette e Mezzo odds for `make bench` (printed, never asserted)."""
from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable

from neapolitan.settemezzo.bots import exact
from neapolitan.settemezzo.coach import dealer_advice, punter_advice
from neapolitan.settemezzo.game import Game
from neapolitan.settemezzo.odds import PunterOdds
from neapolitan.settemezzo.rules import Rules


def optimal_policy_time(repeats: int = 3) -> float:
    """Seconds to compute the optimal punter policy from a full pack, with a fresh solver
    (no memo carried over), best of `repeats`."""
    timings = []
    for _ in range(repeats):
        start = time.perf_counter()
        PunterOdds(Rules()).optimal_policy()
        timings.append(time.perf_counter() - start)
    return min(timings)


def decision_times(players: int = 4, hands: int = 12) -> tuple[float, float, float]:
    """Milliseconds for the coach's figures at the decisions of games played by the exact bots:
    the punters' median, the dealer's median, and the slowest of all."""
    punters: list[float] = []
    dealers: list[float] = []
    game = Game.new(Rules(players=players), "bench")
    rng = random.Random(0)
    for _ in range(hands):
        while not game.hand.is_over:
            view = game.hand.view(game.hand.to_move)
            start = time.perf_counter()
            if view.is_dealer:
                dealer_advice(view)
                dealers.append(time.perf_counter() - start)
            else:
                punter_advice(view)
                punters.append(time.perf_counter() - start)
            game = game.apply(exact(view, rng))
        game = game.next_hand()
    return (statistics.median(punters) * 1e3, statistics.median(dealers) * 1e3,
            max(punters + dealers) * 1e3)


def play_games(bot: Callable, players: int, enough: Callable[[], bool], seed: str = "bench") -> None:
    """Games of ten hands with `bot` in every seat, one after another, until `enough()`."""
    n = 0
    while not enough():
        game = Game.new(Rules(players=players), f"{seed}:{n}", hands=10)
        n += 1
        while not enough() and not game.is_over:
            if game.hand.is_over:
                game = game.next_hand()
                continue
            game = game.apply(bot(game.hand.view(game.hand.to_move), random.Random(n)))


LEVELS = {"exact": "Exact", "simple": "Simple"}
SIZES = (4,)  # the practice table seats 2 to 4


def figures() -> list[tuple[str, str]]:
    punter, dealer, slowest = decision_times()
    return [
        ("Sette e Mezzo: optimal punter policy, full pack", f"{optimal_policy_time():8.3f} s"),
        ("Sette e Mezzo: punter's exact odds, 4 players", f"{punter:8.2f} ms (median)"),
        ("Sette e Mezzo: dealer's exact best response, 4 players", f"{dealer:8.2f} ms (median)"),
        ("Sette e Mezzo: slowest decision in those games", f"{slowest:8.2f} ms"),
    ]


if __name__ == "__main__":
    for label, value in figures():
        print(f"  {label:55}: {value}")
