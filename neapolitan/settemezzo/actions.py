"""A Sette e Mezzo action: exchange a 3 or 4, take a card ("carta") or stand ("sto")."""
from __future__ import annotations

from dataclasses import dataclass

from neapolitan.errors import BadNotation, quoted
from neapolitan.i18n import _

REPLACE, HIT, STAND = "replace", "hit", "stand"
_WORDS = {
    "replace": REPLACE, "cambia": REPLACE, "exchange": REPLACE,
    "hit": HIT, "card": HIT, "carta": HIT,
    "stand": STAND, "sto": STAND,
}


@dataclass(frozen=True)
class Action:
    """What the player to act does.

    Text forms: `replace`; `hit 5` / `stand 5` (the punter's first declaration, with his stake,
    SETTE-4.3); `hit` / `stand` afterwards and for the dealer; `hit +2` adds 2 chips to the
    stake with the card under STAKE_PER_CARD (SETTE-OP-14). Italian words work too: `carta 5`,
    `sto`, `cambia`.
    """

    kind: str
    stake: int | None = None  # the stake declared with the first choice
    add: int = 0  # chips added with a card (SETTE-OP-14 B)

    def __str__(self) -> str:
        if self.stake is not None:
            return f"{self.kind} {self.stake}"
        if self.add:
            return f"{self.kind} +{self.add}"
        return self.kind

    @classmethod
    def parse(cls, text: str) -> Action:
        tokens = text.strip().lower().replace("_", " ").split()
        if not tokens:
            raise BadNotation(_("An empty action: say hit (carta) or stand (sto), with your stake the first time"))
        kind = _WORDS.get(tokens[0])
        if kind is None:
            raise BadNotation(_("%(value)s is not an action: say hit (carta), stand (sto) or replace") % {"value": quoted(tokens[0])})
        if len(tokens) == 1:
            return cls(kind)
        if len(tokens) > 2 or kind == REPLACE:
            raise BadNotation(_("%(value)s: too many words; for example 'hit 5', 'stand' or 'replace'") % {"value": quoted(text.strip())})
        amount = tokens[1]
        adding = amount.startswith("+")
        digits = amount[1:] if adding else amount
        if not digits.isdigit() or int(digits) < 1 or len(digits) > 6:
            raise BadNotation(_("%(amount)s is not a number of chips") % {"amount": quoted(amount)})
        if adding:
            if kind != HIT:
                raise BadNotation(_("Chips can only be added together with a card: 'hit +2'"))
            return cls(kind, add=int(digits))
        return cls(kind, stake=int(digits))


def replace() -> Action:
    return Action(REPLACE)


def hit(stake: int | None = None, add: int = 0) -> Action:
    return Action(HIT, stake, add)


def stand(stake: int | None = None) -> Action:
    return Action(STAND, stake)
