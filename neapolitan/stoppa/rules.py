"""The rules of a Stoppa giro: players, misera, the pack (STOPPA-1) and every open point's option."""
from __future__ import annotations

from dataclasses import dataclass, field

from neapolitan.cards import DECK, SUITS, Card, parse_card
from neapolitan.errors import BadNotation, quoted
from neapolitan.i18n import _
from neapolitan.options import RulesText

# Values of the open-point options (STOPPA-OP-n); the first of each tuple is the reference default.
PHASE1_HANDS = ("floor", "ceil", "one")  # STOPPA-OP-1 (A, B, C)
ANTE = ("dealer_per_hand", "all_per_hand", "initial_plus_catchup")  # STOPPA-OP-2 (A, B, C)
TIE = ("reveal_order", "seat_priority", "split")  # STOPPA-OP-3 (A, B, C)
RAISE_LIMIT = ("pot", "no_limit", "fixed")  # STOPPA-OP-4 (A, B, C)
ALL_PASS_PHASE2 = ("dealer", "carry_over")  # STOPPA-OP-5 (A, B)
GIRO = ("n", "n_minus_1")  # STOPPA-OP-6 (A, B)
CANCEL_ACES = (0, 3, 4)  # STOPPA-OP-7 (B): 0 is off
DI_MANO = ("first_turn", "only_leader")  # STOPPA-OP-10 (A, B)
KING_REMOVAL = ("fixed", "dealer", "random")  # STOPPA-OP-12 (A, B, C)
SHOWDOWN = ("concede", "auto_reveal")  # STOPPA-OP-14 (A, B)

CHOICES: dict[str, tuple] = {
    "phase1_hands": PHASE1_HANDS, "ante": ANTE, "tie": TIE, "raise_limit": RAISE_LIMIT,
    "all_pass_phase2": ALL_PASS_PHASE2, "giro": GIRO, "cancel_aces": CANCEL_ACES,
    "di_mano": DI_MANO, "king_removal": KING_REMOVAL, "showdown": SHOWDOWN,
}
KINGS = tuple(Card(10, suit) for suit in SUITS)


@dataclass(frozen=True)
class Rules(RulesText):
    """The players, the misera and the house rules. Defaults are those of the rules reference.

    `Rules(players=5, misera=2, tie="seat_priority")`; `Rules.from_text(rules.to_text()) == rules`.
    """

    TEXT_HEAD = "STOPPA"
    TEXT_ALWAYS = ("players", "misera")

    players: int = 4  # STOPPA-1.1: 3 to 6
    misera: int = 1  # STOPPA-3.1: the unit stake, in play chips
    phase1_hands: str = "floor"  # STOPPA-OP-1
    ante: str = "dealer_per_hand"  # STOPPA-OP-2
    tie: str = "reveal_order"  # STOPPA-OP-3
    raise_limit: str = "pot"  # STOPPA-OP-4
    all_pass_phase2: str = "dealer"  # STOPPA-OP-5
    giro: str = "n"  # STOPPA-OP-6
    cancel_aces: int = 0  # STOPPA-OP-7 (B): three (3) or four (4) Aces without a King also cancel
    cancel_claim: bool = False  # STOPPA-OP-7 (C): the holder must claim the cancellation
    cancel_cavallo_as_king: bool = False  # STOPPA-OP-7: with no Kings in the pack a Cavallo blocks it
    all_aces: bool = False  # STOPPA-OP-8 (B): opening with Aces throws all of them
    optional_continue: bool = False  # STOPPA-OP-9 (B)
    di_mano: str = "first_turn"  # STOPPA-OP-10
    king_removal: str = "fixed"  # STOPPA-OP-12, three players only
    removed_king: str = "10B"  # STOPPA-OP-12 (A): the King left out of every deal of the giro
    bankroll: int = 0  # STOPPA-OP-13: 0 is unlimited credit (A); n > 0 is table stakes of n chips (B)
    showdown: str = "concede"  # STOPPA-OP-14
    # Derived, filled in by __post_init__.
    cards_each: int = field(init=False, compare=False, repr=False)
    hands_in_phase1: int = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        if not isinstance(self.players, int) or not 3 <= self.players <= 6:
            raise BadNotation(_("Stoppa is played by 3 to 6 players, not %(players)s (STOPPA-1.1)") % {"players": self.players})
        if not isinstance(self.misera, int) or self.misera < 1:
            raise BadNotation(_("The misera is a whole number of chips, at least 1 (STOPPA-3.1)"))
        self.check_choices(CHOICES)
        king = _king(self.removed_king)
        object.__setattr__(self, "removed_king", str(king))
        if self.bankroll < 0:
            raise BadNotation(_("The bankroll is a number of chips, or 0 for unlimited credit"))
        cards_each = self.pack_size // self.players
        object.__setattr__(self, "cards_each", cards_each)
        hands = {"floor": cards_each // 3, "ceil": -(-cards_each // 3), "one": 1}[self.phase1_hands]
        object.__setattr__(self, "hands_in_phase1", hands)

    # -- the pack (STOPPA-1.2) ------------------------------------------------------------------
    @property
    def pack_size(self) -> int:
        return {3: 39, 4: 40, 5: 40, 6: 36}[self.players]

    def removed_cards(self, king: Card | None = None) -> tuple[Card, ...]:
        """The cards left out of a deal: one King with 3 players, all four with 6 (STOPPA-1.2)."""
        if self.players == 6:
            return KINGS
        if self.players == 3:
            return (king or Card(10, self.removed_king[-1]),)
        return ()

    def pack(self, king: Card | None = None) -> tuple[Card, ...]:
        removed = self.removed_cards(king)
        return tuple(c for c in DECK if c not in removed)

    def copies(self, rank: int) -> int:
        """`copies(r)` of STOPPA-9.2: how many cards of `rank` the deal's pack holds."""
        if rank == 10:
            return {3: 3, 6: 0}.get(self.players, 4)
        return 4

    def hand_sizes(self) -> tuple[int, ...]:
        """Cards per player in each Phase I hand (STOPPA-4.1, STOPPA-OP-1)."""
        c = self.cards_each
        if self.phase1_hands == "one":
            return (min(3, c),)
        return tuple(min(3, c - 3 * h) for h in range(self.hands_in_phase1))

    @property
    def table_stakes(self) -> bool:
        return self.bankroll > 0

    @property
    def giro_length(self) -> int:
        """Deals in a giro (STOPPA-2.6, STOPPA-OP-6)."""
        return self.players if self.giro == "n" else self.players - 1

    @property
    def name(self) -> str:
        return _("Stoppa (%(players)s players)") % {"players": self.players}


def _king(text: str) -> Card:
    try:
        card = parse_card(text)
    except BadNotation:
        card = None
    if card is None or card.rank != 10:
        raise BadNotation(_("removed_king must be a King (10D, 10C, 10S or 10B), not %(text)s") % {"text": quoted(text)})
    return card

