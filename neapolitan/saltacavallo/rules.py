"""The rules of a Saltacavallo game: player count, lives, and every open point's option (SALTA-OP-n)."""
from __future__ import annotations

from dataclasses import dataclass

from neapolitan.errors import BadNotation, quoted
from neapolitan.i18n import _
from neapolitan.options import RulesText, parse_option

RE = 10  # SALTA-1.2: the wall
CAVALLO = 9  # SALTA-1.2: the jump

# Values of the open-point options; the first of each tuple is the default.
DEALER_DRAW = ("king_void_cavallo_again", "king_void", "literal")  # SALTA-OP-1 (C, B, A)
TIE_ELIMINATION = ("void", "split", "replay")  # SALTA-OP-7 (A, B, C)
REVIVAL = ("obliged", "off", "voluntary")  # SALTA-OP-8 (A, B, C)
FINAL_TWO = ("play_on", "split", "sudden_death")  # SALTA-OP-9 (A, B, C)
FIRST_DEALER = ("second_denari", "10D")  # SALTA-OP-11 (A, B)

# The option keys of the rules reference, and the Rules field value each one sets.
OPTION_KEYS: dict[str, tuple[str, object]] = {
    "DEALER_DRAW_LITERAL": ("dealer_draw", "literal"),  # SALTA-OP-1 (A)
    "DEALER_KING_VOID": ("dealer_draw", "king_void"),  # SALTA-OP-1 (B)
    "KING_WALL_ADJACENT_ONLY": ("king_wall_adjacent_only", True),  # SALTA-OP-2 (B)
    "NO_CASCADE": ("no_cascade", True),  # SALTA-OP-3 (B)
    "WRAP_PAST_DEALER": ("wrap_past_dealer", True),  # SALTA-OP-4 (B)
    "COMPARE_ALL": ("compare_all", True),  # SALTA-OP-5 (B)
    "SHOW_ON_DEMAND": ("show_on_demand", True),  # SALTA-OP-6 (B)
    "TIE_ELIM_SPLIT": ("tie_elimination", "split"),  # SALTA-OP-7 (B)
    "TIE_ELIM_REPLAY": ("tie_elimination", "replay"),  # SALTA-OP-7 (C)
    "NO_REVIVAL": ("revival", "off"),  # SALTA-OP-8 (B)
    "REVIVAL_VOLUNTARY": ("revival", "voluntary"),  # SALTA-OP-8 (C)
    "SPLIT_FINAL_TWO": ("final_two", "split"),  # SALTA-OP-9 (B)
    "SUDDEN_DEATH_FINAL": ("final_two", "sudden_death"),  # SALTA-OP-9 (C)
    "DEAL_UNTIL_STOCK_SHORT": ("deal_until_stock_short", True),  # SALTA-OP-10 (B)
    "FIRST_DEALER_10D": ("first_dealer", "10D"),  # SALTA-OP-11 (B)
}

MIN_PLAYERS, MAX_PLAYERS = 3, 20  # SALTA-2.1


@dataclass(frozen=True)
class Rules(RulesText):
    """Player count, lives and options. Defaults are those of the rules reference.

    `Rules(players=5)`; `Rules.with_keys(5, "NO_CASCADE", "SALTA_OPT_LIVES=2")` names options
    by their keys in the reference.
    """

    TEXT_HEAD = "saltacavallo"
    TEXT_ALWAYS = ("players",)

    players: int = 4
    lives: int = 3  # SALTA-2.2, SALTA-OP-12 (SALTA_OPT_LIVES)
    dealer_draw: str = "king_void_cavallo_again"  # SALTA-OP-1
    king_wall_adjacent_only: bool = False  # SALTA-OP-2 (B)
    no_cascade: bool = False  # SALTA-OP-3 (B)
    wrap_past_dealer: bool = False  # SALTA-OP-4 (B)
    compare_all: bool = False  # SALTA-OP-5 (B)
    show_on_demand: bool = False  # SALTA-OP-6 (B)
    tie_elimination: str = "void"  # SALTA-OP-7
    revival: str = "obliged"  # SALTA-OP-8
    final_two: str = "play_on"  # SALTA-OP-9
    deal_until_stock_short: bool = False  # SALTA-OP-10 (B)
    first_dealer: str = "second_denari"  # SALTA-OP-11

    def __post_init__(self) -> None:
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise BadNotation(
                _("Saltacavallo is played by %(MIN_PLAYERS)s to %(MAX_PLAYERS)s players, not %(players)s (SALTA-2.1)") % {"MIN_PLAYERS": MIN_PLAYERS, "MAX_PLAYERS": MAX_PLAYERS, "players": self.players}
            )
        if not 1 <= self.lives <= 9:
            raise BadNotation(_("Each player starts with 1 to 9 lives, not %(lives)s (SALTA-OP-12)") % {"lives": self.lives})
        self.check_choices({
            "dealer_draw": DEALER_DRAW, "tie_elimination": TIE_ELIMINATION, "revival": REVIVAL,
            "final_two": FINAL_TWO, "first_dealer": FIRST_DEALER,
        })

    @classmethod
    def with_keys(cls, players: int, *keys: str) -> Rules:
        """Rules from the option keys of the reference: `Rules.with_keys(5, "NO_CASCADE")`."""
        options: dict[str, object] = {}
        for key in keys:
            name, sep, raw = key.partition("=")
            if name == "SALTA_OPT_LIVES" and sep:
                options["lives"] = parse_option(name, raw, "int")
            elif name in OPTION_KEYS and not sep:
                field, value = OPTION_KEYS[name]
                options[field] = value
            else:
                raise BadNotation(_("Unknown Saltacavallo option key %(key)s") % {"key": quoted(key)})
        return cls(players=players, **options)

    @property
    def revival_on(self) -> bool:
        return self.revival != "off"

    @property
    def name(self) -> str:
        return _("Saltacavallo (%(players)s players)") % {"players": self.players}

    def is_immune(self, rank: int) -> bool:
        """SALTA-5.2: a Re or Cavallo holder cannot lose a life (unless COMPARE_ALL, SALTA-OP-5)."""
        return rank >= CAVALLO and not self.compare_all

