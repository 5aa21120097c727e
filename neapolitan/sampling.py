"""How sure a sampled estimate is: Hoeffding's bound for a frequency, used by every game's odds."""
from __future__ import annotations

import math

CONFIDENCE = 0.95  # the odds shown are right to within their stated error 95 times in 100


def hoeffding_error(samples: int, confidence: float = CONFIDENCE) -> float:
    """Half-width of the confidence interval of a frequency (values in [0, 1]) over `samples` draws."""
    return math.sqrt(math.log(2 / (1 - confidence)) / (2 * samples))


def samples_for(error: float, confidence: float = CONFIDENCE) -> int:
    """How many random draws bring the Hoeffding half-width down to `error`."""
    return math.ceil(math.log(2 / (1 - confidence)) / (2 * error * error))
