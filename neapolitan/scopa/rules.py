"""The rules of a Scopa game: variant (SCOPA-0), player count, and every open point's option."""
from __future__ import annotations

from dataclasses import dataclass, field, fields

from neapolitan.errors import BadNotation, quoted
from neapolitan.i18n import _, gettext_noop, join_choices
from neapolitan.options import RulesText

# SCOPA-0: variant key -> (allowed player counts, hand size, initial table cards, capture rule)
VARIANTS: dict[str, tuple[tuple[int, ...], int, int, str]] = {
    "SCOPA_2P": ((2,), 3, 4, "classic"),
    "SCOPA_3P": ((3,), 3, 4, "classic"),
    "SCOPA_4P": ((4,), 3, 4, "classic"),
    "SCOPONE_SCIENTIFICO": ((4,), 10, 0, "classic"),
    "SCOPONE": ((4,), 9, 4, "classic"),
    "QUINDICI": ((2, 3, 4), 3, 4, "fifteen"),
    "QUINDICI_NAPOLETANA": ((2, 3, 4), 3, 4, "fifteen"),
    "ASSI": ((2, 3, 4), 3, 4, "classic"),
}

VARIANT_NAMES = {  # translated where they are shown (Rules.name)
    "SCOPA_2P": gettext_noop("Scopa (2 players)"),
    "SCOPA_3P": gettext_noop("Scopa (3 players)"),
    "SCOPA_4P": gettext_noop("Scopa (4 players in pairs)"),
    "SCOPONE_SCIENTIFICO": gettext_noop("Scopone Scientifico"),
    "SCOPONE": gettext_noop("Scopone"),
    "QUINDICI": gettext_noop("Scopa a Quindici"),
    "QUINDICI_NAPOLETANA": gettext_noop("Scopa di Quindici napoletana"),
    "ASSI": gettext_noop("Scopa d'Assi"),
}

# Values of the open-point options (SCOPA-OP-n); the first of each tuple is the default.
KING_REDEAL = ("three_or_four", "three_only", "off")  # SCOPA-OP-4 / OP-9
LAST_SWEEP = ("last_play", "last_capture_literal", "counts")  # SCOPA-OP-5
PRIMIERA_MISSING = ("complete_wins", "partial_compare")  # SCOPA-OP-3


# Capture options by the table's rank signature, one dict per set of capture-deciding options
# (see captures.py).
_CAPTURE_CACHES: dict[tuple, dict] = {}


@dataclass(frozen=True, slots=True)  # slots: the hot path reads rules attributes at every play
class Rules(RulesText):
    """A variant and its options. Defaults are those of the rules reference.

    `Rules("QUINDICI", players=3, re_bello=True)`; options left at `None` take the
    variant's default (for example the King re-deal is off in Scopa a Quindici, SCOPA-14.5).
    """

    TEXT_HEAD_FIELD = "variant"

    variant: str = "SCOPA_2P"
    players: int | None = None
    re_bello: bool = False  # SCOPA-17
    target: int = 11  # SCOPA-12.1, SCOPA_OPT_TARGET
    call_out: bool = False  # SCOPA-OP-7 (B)
    king_redeal: str | None = None  # SCOPA-OP-4 / SCOPA-OP-9 (B)
    last_sweep: str = "last_play"  # SCOPA-OP-5
    min_cards: bool = False  # SCOPA-OP-6 (B)
    primiera_missing: str = "complete_wins"  # SCOPA-OP-3 (A/B)
    primiera_sevens: bool = False  # SCOPA-OP-3 (C)
    primiera_figure_values: bool = False  # SCOPA-OP-3: Fante 8, Cavallo 9, Re 10
    quindici_also_pair: bool = False  # SCOPA-OP-8 (B)
    quindici_optional: bool = False  # SCOPA-OP-8 (C)
    quindici_table_15_to_dealer: bool = False  # SCOPA-OP-9 (C)
    three_suit_bonus: bool | None = None  # SCOPA-OP-10, default on in QUINDICI_NAPOLETANA
    napola: bool | None = None  # SCOPA-OP-10
    napoleone_wins: bool | None = None  # SCOPA-OP-10
    ace_sweeps_always: bool = False  # SCOPA-OP-11 (B)
    ace_sweep_is_scopa: bool = False  # SCOPA-OP-12 (B)
    ace_empty_self_capture: bool = False  # SCOPA-OP-13 (B)
    assi_4p_ten_each: bool = False  # SCOPA-OP-14 (B)
    regola_del_vile: bool = False  # SCOPA-OP-14: the first player may not lead an Ace
    # Derived, filled in by __post_init__.
    hand_size: int = field(init=False, compare=False, repr=False)
    table_size: int = field(init=False, compare=False, repr=False)
    fifteen: bool = field(init=False, compare=False, repr=False)
    ace_sweep: bool = field(init=False, compare=False, repr=False)
    capture_key: tuple = field(init=False, compare=False, repr=False)
    seat_sides: tuple[int, ...] = field(init=False, compare=False, repr=False)
    next_seat: tuple[int, ...] = field(init=False, compare=False, repr=False)  # the seat on the right
    capture_cache: dict = field(init=False, compare=False, repr=False)
    _hash: int = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.variant not in VARIANTS:
            raise BadNotation(
                _("Unknown Scopa variant %(variant)s; choose one of %(variants)s")
                % {"variant": quoted(self.variant), "variants": ", ".join(VARIANTS)}
            )
        counts, hand_size, table_size, capture = VARIANTS[self.variant]
        players = self.players if self.players is not None else counts[0]
        if players not in counts:
            raise BadNotation(
                _("%(variant)s is played by %(counts)s players, not %(players)s")
                % {"variant": self.variant, "counts": join_choices(map(str, counts)), "players": players}
            )
        napoletana = self.variant == "QUINDICI_NAPOLETANA"
        set_ = object.__setattr__
        set_(self, "players", players)
        for name in ("three_suit_bonus", "napola", "napoleone_wins"):
            if getattr(self, name) is None:
                set_(self, name, napoletana)
        if self.king_redeal is None:
            set_(self, "king_redeal", "off" if capture == "fifteen" else "three_or_four")
        self.check_choices(
            {"king_redeal": KING_REDEAL, "last_sweep": LAST_SWEEP, "primiera_missing": PRIMIERA_MISSING}
        )
        if self.target < 1:
            raise BadNotation(_("The target score must be at least 1"))
        if self.variant == "ASSI" and players == 4 and self.assi_4p_ten_each:
            hand_size, table_size = 10, 0
        set_(self, "hand_size", hand_size)
        set_(self, "table_size", table_size)
        set_(self, "fifteen", capture == "fifteen")
        set_(self, "ace_sweep", self.variant == "ASSI")
        set_(self, "seat_sides", tuple(seat % 2 if players == 4 else seat for seat in range(players)))
        set_(self, "next_seat", tuple((seat + 1) % players for seat in range(players)))
        # The options that decide what a card captures: a cheap key for the capture caches.
        set_(self, "capture_key", (
            self.fifteen, self.ace_sweep, self.ace_sweeps_always, self.ace_empty_self_capture,
            self.quindici_also_pair, self.quindici_optional, self.min_cards,
        ))
        set_(self, "capture_cache", _CAPTURE_CACHES.setdefault(self.capture_key, {}))
        set_(self, "_hash", hash(tuple(getattr(self, f.name) for f in fields(self) if f.compare)))

    def __hash__(self) -> int:  # cached: rules key the capture caches on the hot path
        return self._hash

    # -- derived facts -------------------------------------------------------------------
    @property
    def sides(self) -> int:
        """Scoring sides: 4 players play in two pairs (SCOPA-2.1)."""
        return 2 if self.players == 4 else self.players

    def side_of(self, seat: int) -> int:
        return self.seat_sides[seat]

    @property
    def name(self) -> str:
        base = _(VARIANT_NAMES[self.variant])
        if self.variant in ("QUINDICI", "QUINDICI_NAPOLETANA", "ASSI"):
            base = _("%(game)s (%(players)s players)") % {"game": base, "players": self.players}
        return _("%(game)s with Re Bello") % {"game": base} if self.re_bello else base

