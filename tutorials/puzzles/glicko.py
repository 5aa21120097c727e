"""Glicko-2 ratings (Mark Glickman, "Example of the Glicko-2 system", 2012), for learners and puzzles.

Each attempt is one rating period with one game: the learner "beats" the puzzle by solving it.
Ratings are kept on the Glicko scale (1500, RD 350); the algorithm works on the Glicko-2 scale.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

SCALE = 173.7178  # Glicko -> Glicko-2 (step 2 of the paper)
DEFAULT_RATING = 1500.0
DEFAULT_RD = 350.0
DEFAULT_VOLATILITY = 0.06
TAU = 0.5  # constrains the change of volatility; the paper suggests 0.3 to 1.2
EPSILON = 0.000001  # convergence tolerance of step 5
MIN_RD = 45.0  # never fully certain: a learner who improves must still move (Lichess's floor)
MAX_RD = DEFAULT_RD


@dataclass(frozen=True)
class Rating:
    rating: float = DEFAULT_RATING
    rd: float = DEFAULT_RD
    volatility: float = DEFAULT_VOLATILITY

    @property
    def mu(self) -> float:
        return (self.rating - DEFAULT_RATING) / SCALE

    @property
    def phi(self) -> float:
        return self.rd / SCALE


def g(phi: float) -> float:
    """How much an opponent's uncertainty dampens the result."""
    return 1 / math.sqrt(1 + 3 * phi * phi / (math.pi * math.pi))


def expected_score(player: Rating, opponent: Rating) -> float:
    """The probability that `player` beats `opponent` (E in the paper)."""
    return 1 / (1 + math.exp(-g(opponent.phi) * (player.mu - opponent.mu)))


def rate(player: Rating, results: Sequence[tuple[Rating, float]], tau: float = TAU,
         clamp: bool = True) -> Rating:
    """The player's rating after one period of games: `results` are (opponent, score 1/0.5/0).

    With `clamp`, the rating deviation stays within [MIN_RD, MAX_RD] (the paper itself has no
    bounds; pass clamp=False to follow it exactly).
    """
    mu, phi, sigma = player.mu, player.phi, player.volatility
    if not results:  # step 6 only: uncertainty grows while the player is away
        return _finish(player.rating, math.sqrt(phi * phi + sigma * sigma) * SCALE, sigma, clamp)
    # Step 3: the estimated variance of the rating from game outcomes alone.
    v_inverse = 0.0
    improvement = 0.0
    for opponent, score in results:
        g_j = g(opponent.phi)
        e_j = expected_score(player, opponent)
        v_inverse += g_j * g_j * e_j * (1 - e_j)
        improvement += g_j * (score - e_j)
    v = 1 / v_inverse
    delta = v * improvement  # step 4
    sigma_new = _new_volatility(delta, phi, v, sigma, tau)  # step 5
    phi_star = math.sqrt(phi * phi + sigma_new * sigma_new)  # step 6
    phi_new = 1 / math.sqrt(1 / (phi_star * phi_star) + 1 / v)  # step 7
    mu_new = mu + phi_new * phi_new * improvement
    return _finish(mu_new * SCALE + DEFAULT_RATING, phi_new * SCALE, sigma_new, clamp)  # step 8


def _new_volatility(delta: float, phi: float, v: float, sigma: float, tau: float) -> float:
    """Step 5: solve f(x) = 0 for x = ln(sigma'^2) by the Illinois algorithm."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2 * (phi * phi + v + ex) ** 2) - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2)


def _finish(rating: float, rd: float, volatility: float, clamp: bool) -> Rating:
    if clamp:
        rd = min(max(rd, MIN_RD), MAX_RD)
    return Rating(rating, rd, volatility)


def combine(a: Rating, b: Rating) -> Rating:
    """One rating from two independent estimates of the same learner (two devices merged).

    Both started from the same prior (1500, RD 350), so the product of the two Gaussians is
    divided by the prior once: precisions add, less the prior's.
    """
    prior = 1 / DEFAULT_RD ** 2
    pa, pb = 1 / a.rd ** 2, 1 / b.rd ** 2
    surer = a if a.rd <= b.rd else b
    precision = pa + pb - prior
    if precision <= max(pa, pb):  # one of them knows nothing beyond the prior
        return surer
    rating = (a.rating * pa + b.rating * pb - DEFAULT_RATING * prior) / precision
    return _finish(rating, 1 / math.sqrt(precision), surer.volatility, True)
