"""The rules of a Sette e Mezzo table: every open point (SETTE-OP-1..16) as an option."""
from __future__ import annotations

from dataclasses import dataclass

from neapolitan.errors import BadNotation
from neapolitan.i18n import _
from neapolitan.options import RulesText

# Values of the open-point options; the first of each tuple is the reference's default.
MATTA = ("any", "half_steps", "integer")  # SETTE-OP-1: (A), MATTA_HALF_STEPS, MATTA_INTEGER_ONLY
MATTA_ALONE = ("seven", "half", "must_hit")  # SETTE-OP-2: (A), MATTA_ALONE_HALF, MATTA_ALONE_MUST_HIT
REALE = ("two_cards", "natural_only", "any_matta")  # SETTE-OP-3: (A), REALE_NATURAL_ONLY, REALE_ANY_MATTA
REPLACE = ("once", "repeat", "off")  # SETTE-OP-4: (A), REPLACE_REPEAT, REPLACE_OFF
DEALER_DOUBLE = ("any", "reale_only", "never")  # SETTE-OP-7: (A), DEALER_DOUBLE_REALE_ONLY, DEALER_NEVER_DOUBLE
REALE_VS_SIMPLE = ("double", "single", "tie")  # SETTE-OP-8: (A), REALE_VS_SIMPLE_SINGLE, REALE_VS_SIMPLE_TIE
REALE_VS_REALE = ("dealer", "push", "bank_passes")  # SETTE-OP-9: (A), REALE_VS_REALE_PUSH, ..._BANK_PASSES
BANK = ("reale", "rotates", "until_deck_empty")  # SETTE-OP-11: (A), BANK_ROTATES, BANK_UNTIL_DECK_EMPTY
STOCK_OUT = ("reshuffle", "end_hand")  # SETTE-OP-15: (A), (B)

_CHOICES = {
    "matta": MATTA,
    "matta_alone": MATTA_ALONE,
    "reale": REALE,
    "replace": REPLACE,
    "dealer_double": DEALER_DOUBLE,
    "reale_vs_simple": REALE_VS_SIMPLE,
    "reale_vs_reale": REALE_VS_REALE,
    "bank": BANK,
    "stock_out": STOCK_OUT,
}

MIN_PLAYERS = 2
MAX_PLAYERS = 12  # SETTE-OP-16 (A): 2-12 players


@dataclass(frozen=True)
class Rules(RulesText):
    """A Sette e Mezzo table: players, stake limits, and every open point's option.

    `Rules()` is the rules reference's defaults with four players; `Rules(players=3,
    matta="half_steps", dealer_stands_on=5)` picks named alternatives. Stakes are play chips.
    """

    TEXT_HEAD = "SETTE"

    players: int = 4  # SETTE-2.1, including the dealer
    max_players: int = MAX_PLAYERS  # SETTE-OP-16 (B) SETTE_OPT_MAX_PLAYERS
    min_stake: int = 1  # SETTE-4.3: the table limits
    max_stake: int = 10
    matta: str = "any"  # SETTE-OP-1
    matta_alone: str = "seven"  # SETTE-OP-2
    reale: str = "two_cards"  # SETTE-OP-3
    replace: str = "once"  # SETTE-OP-4 (A), (B) repeat, (D) off
    replace_dealer_too: bool = False  # SETTE-OP-4 (C)
    bust_reveal: bool = False  # SETTE-OP-5 (B)
    dealer_stands_on: int = 0  # SETTE-OP-6: 0 is free choice (A); n draws below n, stands on n or more
    dealer_double: str = "any"  # SETTE-OP-7
    reale_vs_simple: str = "double"  # SETTE-OP-8
    reale_vs_reale: str = "dealer"  # SETTE-OP-9
    bust_pays_single: bool = False  # SETTE-OP-10 (B)
    bank: str = "reale"  # SETTE-OP-11
    dealer_draw_by_game_value: bool = False  # SETTE-OP-12 (B)
    continuous_deck: bool = False  # SETTE-OP-13 (B)
    stake_per_card: bool = False  # SETTE-OP-14 (B)
    stock_out: str = "reshuffle"  # SETTE-OP-15

    def __post_init__(self) -> None:
        self.check_choices(_CHOICES)
        if not MIN_PLAYERS <= self.max_players:
            raise BadNotation(_("max_players must be at least %(MIN_PLAYERS)s (SETTE-OP-16)") % {"MIN_PLAYERS": MIN_PLAYERS})
        if not MIN_PLAYERS <= self.players <= self.max_players:
            raise BadNotation(
                _("Sette e Mezzo is played by %(MIN_PLAYERS)s to %(max_players)s players, not %(players)s (SETTE-OP-16)") % {"MIN_PLAYERS": MIN_PLAYERS, "max_players": self.max_players, "players": self.players}
            )
        if not 1 <= self.min_stake <= self.max_stake:
            raise BadNotation(_("The stake limits need 1 <= min_stake <= max_stake (SETTE-4.3)"))
        if not 0 <= self.dealer_stands_on <= 8:
            raise BadNotation(_("dealer_stands_on is 0 (free choice) or a total from 1 to 8 (SETTE-OP-6)"))

    # -- derived facts ----------------------------------------------------------------------
    def replace_allowed(self, is_dealer: bool, times_replaced: int) -> bool:
        """SETTE-4.2 / SETTE-5.3 / SETTE-OP-4: may this player exchange a 3 or 4 now?"""
        if self.replace == "off" or (is_dealer and not self.replace_dealer_too):
            return False
        return times_replaced == 0 or self.replace == "repeat"

