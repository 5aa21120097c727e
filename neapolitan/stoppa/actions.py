"""Stoppa actions and their text forms: bets (STOPPA-6), the showdown, the stoppata's plays (STOPPA-9)."""
from __future__ import annotations

from dataclasses import dataclass

from neapolitan.cards import Card, by_rank, format_cards, parse_card, parse_cards
from neapolitan.errors import BadNotation, quoted
from neapolitan.i18n import _

# kind -> does it take an amount
BET_KINDS = {"pass": False, "open": True, "call": False, "raise": True, "fold": False}
SHOWDOWN_KINDS = ("show", "concede")
ALIASES = {
    "see": "call", "vedo": "call", "passo": "pass", "chiudo": "pass", "check": "pass",
    "mi basta": "concede", "mibasta": "concede", "reveal": "show",
}


@dataclass(frozen=True)
class Action:
    """One decision. `kind` is one of pass, open, call, raise, fold (a contest), show, concede (the
    showdown), shed, stop (the stoppata), remove (the dealer's King, STOPPA-OP-12 B), claim and
    decline (the cancellation, STOPPA-OP-7 C).

    Text forms: `pass`, `open 3`, `call`, `raise 5` (raise BY 5), `fold`, `show`, `concede`,
    `7D` or `1D+1C` or `1B+2C` (shed), `stop`, `remove 10C`, `claim`, `decline`.
    """

    kind: str
    amount: int = 0
    cards: tuple[Card, ...] = ()

    def __str__(self) -> str:
        if self.kind == "shed":
            return format_cards(self.cards, "+")
        if self.kind == "remove":
            return f"remove {self.cards[0]}"
        if BET_KINDS.get(self.kind):
            return f"{self.kind} {self.amount}"
        return self.kind

    def __repr__(self) -> str:
        return f"Action({self})"

    @classmethod
    def parse(cls, text: str) -> Action:
        """Parse any text form above (case-insensitive; `see`/`vedo` mean call, `mi basta` concede)."""
        raw = " ".join(text.strip().lower().split())
        if not raw:
            raise BadNotation(_("An empty action: say what you do, like pass, open 2, call or 7D"))
        raw = ALIASES.get(raw, raw)
        head, _space, rest = raw.partition(" ")
        head = ALIASES.get(head, head)
        if head in BET_KINDS:
            if not BET_KINDS[head]:
                if rest:
                    raise BadNotation(_("%(head)s takes no amount") % {"head": quoted(head)})
                return cls(head)
            if not rest.isdigit():
                raise BadNotation(_("Say how many chips: '%(head)s 2', not %(value)s") % {"head": head, "value": quoted(text.strip())})
            return cls(head, int(rest))
        if head in (*SHOWDOWN_KINDS, "stop", "claim", "decline") and not rest:
            return cls(head)
        if head == "remove":
            return cls("remove", cards=(parse_card(rest),))
        cards = parse_cards(raw.replace("+", " "))
        if len(set(cards)) != len(cards):
            raise BadNotation(_("%(value)s names a card twice") % {"value": quoted(text.strip())})
        return shed(*cards)


def shed(*cards: Card) -> Action:
    """Lay cards on the stoppata table: one card, or Aces first then at most one other card."""
    return Action("shed", cards=tuple(sorted(cards, key=by_rank)))


PASS = Action("pass")
CALL = Action("call")
FOLD = Action("fold")
SHOW = Action("show")
CONCEDE = Action("concede")
STOP = Action("stop")
CLAIM = Action("claim")
DECLINE = Action("decline")


