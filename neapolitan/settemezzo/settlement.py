"""Settlement between a punter and the dealer (SETTE-6) and who takes the bank (SETTE-7)."""
from __future__ import annotations

from functools import cache

from neapolitan.settemezzo.rules import Rules
from neapolitan.settemezzo.values import BUST, REALE, SEVEN_HALF, SIMPLE


def payoff(punter: int, dealer: int, rules: Rules) -> int:
    """What the punter wins (+) or pays (-), in stakes, given both outcome codes (SETTE-6 table).

    A busted punter has paid one stake at once, whatever the dealer does (SETTE-4.5).
    """
    return _payoffs(rules)[punter][dealer]


def payoff_row(punter: int, rules: Rules) -> tuple[int, ...]:
    """`payoff(punter, d, rules)` for every dealer outcome code d (index 0 unused)."""
    return _payoffs(rules)[punter]


@cache
def _payoffs(rules: Rules) -> tuple[tuple[int, ...], ...]:
    return tuple(
        tuple(_payoff(p, d, rules) if p and d else 0 for d in range(BUST + 1))
        for p in range(BUST + 1)
    )


def _payoff(punter: int, dealer: int, rules: Rules) -> int:
    if punter == BUST:
        return -1  # SETTE-4.5
    if dealer == BUST:  # SETTE-6.6, SETTE-OP-10
        return 2 if punter == REALE and not rules.bust_pays_single else 1
    if punter == REALE:
        if dealer == REALE:  # SETTE-6.5, SETTE-OP-9
            return 0 if rules.reale_vs_reale == "push" else -1
        if dealer == SIMPLE:  # SETTE-6.4, SETTE-OP-8
            return {"double": 2, "single": 1, "tie": -1}[rules.reale_vs_simple]
        return 2  # SETTE-6.4
    if punter == SIMPLE:
        return -1 if dealer in (SIMPLE, REALE) else 1  # SETTE-6.1, 6.2, 6.3
    # a total below 7½
    if dealer == REALE:  # SETTE-6.3, SETTE-OP-7
        return -1 if rules.dealer_double == "never" else -2
    if dealer == SIMPLE:
        return -2 if rules.dealer_double == "any" else -1
    return 1 if punter > dealer else -1  # SETTE-6.1, SETTE-6.2: ties go to the dealer


def wins_bank(punter: int, dealer: int, rules: Rules) -> bool:
    """SETTE-7.1 / SETTE-OP-9: does this punter's hand take the bank for the next hand?

    Only under the default bank rule (SETTE-OP-11 A): a reale that is paid, or under
    REALE_VS_REALE_BANK_PASSES a reale that meets the dealer's reale.
    """
    if rules.bank != "reale" or punter != REALE:
        return False
    if dealer == REALE:
        return rules.reale_vs_reale == "bank_passes"
    return payoff(punter, dealer, rules) > 0


__all__ = ["SEVEN_HALF", "payoff", "payoff_row", "wins_bank"]
