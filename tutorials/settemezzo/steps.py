"""Sette e Mezzo's lesson steps: the engine computes every answer and explains every wrong one.

Kinds (each named `sette_*` so it never collides with another game's): the value of a hand, the
value the matta takes, what a hand is (below 7½, simple 7½, reale, bust), what a showdown pays,
who holds the bank next, the dealer's drawing rule, how many unseen cards do something, and the
chance of it as a guess in percent (tutorials/lessons/estimate.py scores it).
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any

from django.http import QueryDict
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy
from django.utils.translation import ngettext

from neapolitan.cards import Card, parse_cards
from neapolitan.errors import BadNotation
from neapolitan.settemezzo import (
    Game,
    HandState,
    Rules,
    hand_outcome,
    hand_value,
    matta_value,
    next_card,
    payoff,
    wins_bank,
)
from neapolitan.settemezzo.actions import HIT
from neapolitan.settemezzo.odds import NextCard, unseen_counts
from neapolitan.settemezzo.state import BUST_, OVER, PLAY, SETTE, STOOD, Seat, legal_for
from neapolitan.settemezzo.values import (
    BUST,
    MATTA_CARD,
    REALE,
    SEVEN_HALF,
    SIMPLE,
    card_value,
    halves_text,
    matta_values,
)
from tutorials.core.inputs import whole_number
from tutorials.lessons.estimate import Count, EstimateKind, percent_text
from tutorials.lessons.steps import (
    BadAnswer,
    BadContent,
    Verdict,
    cards_field,
    distinct_cards,
    register,
    require,
    rules_field,
)

OUTCOMES = ("under", "simple", "reale", "bust")
ODDS_ASKS = ("bust", "safe", "seven_half")
MULTIPLES = ("2", "1", "0", "-1", "-2")  # the payoff choices, in stakes


# -- reading a step's data --------------------------------------------------------------------------
def _hand(data: dict[str, Any], key: str) -> list[Card]:
    cards = cards_field(data, key)
    if not cards:
        raise BadContent(f"{key}: at least one card")
    return cards


def _rules(data: dict[str, Any], **fixed: Any) -> Rules:
    return rules_field(data, Rules, **fixed)


def _total(cards: list[Card], rules: Rules) -> int:
    """The hand's total in half points, as the engine counts it (SETTE-3.1)."""
    return int(hand_value(cards, rules) * 2)


# -- words a player uses ------------------------------------------------------------------------
def _name(card: Card) -> str:
    return _("the matta (Re di Denari)") if card is MATTA_CARD else card.italian_name


def _sum_text(cards: list[Card], rules: Rules) -> str:
    """ "Tre di Coppe 3 + Fante di Spade ½ = 3½": each card's value, then the total."""
    parts = []
    for card in cards:
        value = card_value(card)
        halves = int(matta_value(cards, rules) * 2) if value is None else int(value * 2)
        parts.append(f"{_name(card)} {halves_text(halves)}")
    text = f"{' + '.join(parts)} = {halves_text(_total(cards, rules))}"
    return text[0].upper() + text[1:]


def _outcome_words(outcome: int, cards: list[Card], rules: Rules) -> str:
    if outcome == BUST:
        return _("a bust hand (%(total)s)") % {"total": halves_text(_total(cards, rules))}
    if outcome == REALE:
        return _("a sette e mezzo reale")
    if outcome == SIMPLE:
        return _("a simple sette e mezzo (%(n)s cards)") % {"n": len(cards)}
    return halves_text(outcome)


def _read_halves(text: str | None) -> int | None:
    """A total typed by a learner, in half points: "6", "6½", "6.5", "6,5", "6 1/2", "½", "0.5"."""
    text = (text or "").strip()
    if not text or len(text) > 8:
        return None
    text = "½" if text == "1/2" else text.replace(" 1/2", "½").replace(" ", "")
    half = 0
    for ending in ("½", ".5", ",5"):
        if text.endswith(ending):
            text, half = text[: -len(ending)], 1
            break
    else:
        for ending in (".0", ",0"):
            if text.endswith(ending):
                text = text[: -len(ending)]
                break
    if not text:
        return half or None
    whole = whole_number(text, digits=2)
    return None if whole is None else whole * 2 + half


class _Kind:
    interactive = True

    def answer_fields(self, data: dict[str, Any], right: bool = True) -> dict[str, Any]:
        raise NotImplementedError


# -- the value of a hand ------------------------------------------------------------------------
class ValueStep(_Kind):
    """ "What is this hand worth?": a total (halves allowed), or "bust"."""

    name = "sette_value"
    template = "settemezzo/steps/_value.html"

    def validate(self, data: dict[str, Any]) -> None:
        require(data, "prompt", "cards", "hint")
        distinct_cards(_hand(data, "cards"))
        _rules(data)

    def context(self, data: dict[str, Any]) -> dict[str, Any]:
        return {"cards": _hand(data, "cards")}

    def expected(self, data: dict[str, Any]) -> str:
        cards, rules = _hand(data, "cards"), _rules(data)
        return "bust" if hand_outcome(cards, rules) == BUST else halves_text(_total(cards, rules))

    def check(self, data: dict[str, Any], answer: QueryDict) -> Verdict:
        cards, rules = _hand(data, "cards"), _rules(data)
        bust = hand_outcome(cards, rules) == BUST
        total = _total(cards, rules)
        solution = _("bust") if bust else halves_text(total)
        why = _sum_text(cards, rules) + "."
        if bust:
            why += " " + _("That is more than 7½: the hand is bust.")
        if answer.get("bust"):
            if bust:
                return Verdict(True, why, solution)
            return Verdict(False, why + " " + _("That is not more than 7½, so the hand is not bust."), solution)
        given = _read_halves(answer.get("value"))
        if given is None:
            raise BadAnswer(_("Type the total as a number, like 6 or 6½ (6.5 works too), or choose “Bust”."))
        if bust:
            if given == total:
                return Verdict(False, why + " " + _("Your sum is right, but a total over 7½ means bust."), solution)
            return Verdict(False, why, solution)
        return Verdict(given == total, why, solution)

    def answer_fields(self, data: dict[str, Any], right: bool = True) -> dict[str, Any]:
        expected = self.expected(data)
        if expected == "bust":
            return {"bust": "1"} if right else {"value": "7"}
        if right:
            return {"value": expected}
        return {"bust": "1"}


# -- the matta ---------------------------------------------------------------------------------
class MattaStep(_Kind):
    """ "What does the matta count in this hand?" (SETTE-1.3, SETTE-3.1)."""

    name = "sette_matta"
    template = "settemezzo/steps/_matta.html"

    def validate(self, data: dict[str, Any]) -> None:
        require(data, "prompt", "cards", "hint")
        cards = _hand(data, "cards")
        distinct_cards(cards)
        if MATTA_CARD not in cards:
            raise BadContent("cards: the hand must hold the matta, 10D")
        _rules(data)

    def context(self, data: dict[str, Any]) -> dict[str, Any]:
        return {"cards": _hand(data, "cards")}

    def _value(self, data: dict[str, Any]) -> int:
        return int(matta_value(_hand(data, "cards"), _rules(data)) * 2)

    def expected(self, data: dict[str, Any]) -> str:
        return halves_text(self._value(data))

    def check(self, data: dict[str, Any], answer: QueryDict) -> Verdict:
        cards, rules = _hand(data, "cards"), _rules(data)
        given = _read_halves(answer.get("value"))
        if given is None:
            raise BadAnswer(_("Type the matta's value as a number, like 4 or ½ (0.5 works too)."))
        value = self._value(data)
        others = [c for c in cards if c is not MATTA_CARD]
        allowed = ", ".join(halves_text(v) for v in matta_values(rules))
        if not others:
            why = _("Alone, the matta counts %(v)s.") % {"v": halves_text(value)}
        else:
            base = _total(others, rules)
            why = _("Your other cards make %(base)s. The matta may be %(allowed)s, and it takes the "
                    "biggest of these that keeps you at 7½ or under.") % {
                "base": halves_text(base), "allowed": allowed}
            if base + value > SEVEN_HALF:
                why += " " + _("Even at ½ the hand goes over 7½: it is bust, with the matta at ½.")
            else:
                why += " " + _("So the matta is %(v)s: %(sum)s.") % {
                    "v": halves_text(value), "sum": _sum_text(cards, rules)}
                if given not in matta_values(rules) and given != value:
                    why += " " + _("%(g)s is not one of its values at this table.") % {"g": halves_text(given)}
                elif given > value and base + given > SEVEN_HALF:
                    why += " " + _("At %(g)s the hand would be %(t)s: bust.") % {
                        "g": halves_text(given), "t": halves_text(base + given)}
        return Verdict(given == value, why, halves_text(value))

    def answer_fields(self, data: dict[str, Any], right: bool = True) -> dict[str, Any]:
        value = self._value(data)
        return {"value": halves_text(value) if right else halves_text(value + 2 if value < 14 else 1)}


# -- what a hand is -----------------------------------------------------------------------------
class OutcomeStep(_Kind):
    """ "Below 7½, a simple 7½, a reale, or bust?" (SETTE-3.2 to SETTE-3.5)."""

    name = "sette_outcome"
    template = "settemezzo/steps/_outcome.html"

    def validate(self, data: dict[str, Any]) -> None:
        require(data, "prompt", "cards", "hint")
        distinct_cards(_hand(data, "cards"))
        _rules(data)

    def context(self, data: dict[str, Any]) -> dict[str, Any]:
        return {"cards": _hand(data, "cards"), "options": [
            ("under", _("Below 7½")), ("simple", _("A simple sette e mezzo")),
            ("reale", _("A sette e mezzo reale")), ("bust", _("Bust")),
        ]}

    def expected(self, data: dict[str, Any]) -> str:
        outcome = hand_outcome(_hand(data, "cards"), _rules(data))
        return {BUST: "bust", REALE: "reale", SIMPLE: "simple"}.get(outcome, "under")

    def check(self, data: dict[str, Any], answer: QueryDict) -> Verdict:
        given = answer.get("outcome", "")
        if given not in OUTCOMES:
            raise BadAnswer(_("Choose one of the four answers."))
        cards, rules = _hand(data, "cards"), _rules(data)
        right = self.expected(data)
        why = _sum_text(cards, rules) + ". "
        if right == "bust":
            why += _("Over 7½: bust.")
        elif right == "under":
            why += _("Below 7½: you may stand or ask for another card.")
        elif right == "reale":
            why += _("7½ with exactly two cards: a reale.")
        elif len(cards) == 2:
            why += _("7½ with two cards, but at this table a 7½ made this way is not a reale: a simple sette e mezzo.")
        else:
            why += _("7½ with %(n)s cards: a simple sette e mezzo. Only two cards make a reale.") % {"n": len(cards)}
        labels = dict(self.context(data)["options"])
        return Verdict(given == right, why, labels[right])

    def answer_fields(self, data: dict[str, Any], right: bool = True) -> dict[str, Any]:
        expected = self.expected(data)
        return {"outcome": expected if right else ("simple" if expected != "simple" else "reale")}


# -- the showdown ---------------------------------------------------------------------------------
class PayoffStep(_Kind):
    """ "You against the dealer: what is paid?" in chips, from the settlement table (SETTE-6)."""

    name = "sette_payoff"
    template = "settemezzo/steps/_payoff.html"

    def validate(self, data: dict[str, Any]) -> None:
        require(data, "prompt", "you", "dealer", "stake", "hint")
        distinct_cards(_hand(data, "you"), _hand(data, "dealer"))
        self._stake(data)
        _rules(data)

    def _stake(self, data: dict[str, Any]) -> int:
        stake = data.get("stake")
        if not isinstance(stake, int) or isinstance(stake, bool) or not 1 <= stake <= 100:
            raise BadContent("stake: a whole number of chips from 1 to 100")
        return stake

    def context(self, data: dict[str, Any]) -> dict[str, Any]:
        stake = self._stake(data)
        labels = {
            "2": _("You win %(n)s chips") % {"n": 2 * stake},
            "1": ngettext("You win %(n)s chip", "You win %(n)s chips", stake) % {"n": stake},
            "0": _("Nobody pays"),
            "-1": ngettext("You pay %(n)s chip", "You pay %(n)s chips", stake) % {"n": stake},
            "-2": _("You pay %(n)s chips") % {"n": 2 * stake},
        }
        return {"you": _hand(data, "you"), "dealer": _hand(data, "dealer"), "stake": stake,
                "options": [(m, labels[m]) for m in MULTIPLES]}

    def _multiple(self, data: dict[str, Any]) -> int:
        rules = _rules(data)
        return payoff(hand_outcome(_hand(data, "you"), rules), hand_outcome(_hand(data, "dealer"), rules), rules)

    def expected(self, data: dict[str, Any]) -> int:
        return self._multiple(data) * self._stake(data)

    def check(self, data: dict[str, Any], answer: QueryDict) -> Verdict:
        given = answer.get("result", "")
        if given not in MULTIPLES:
            raise BadAnswer(_("Choose one of the answers."))
        multiple = self._multiple(data)
        chips = multiple * self._stake(data)
        if chips > 0:
            solution = ngettext("You win %(n)s chip", "You win %(n)s chips", chips) % {"n": chips}
        elif chips < 0:
            solution = ngettext("You pay %(n)s chip", "You pay %(n)s chips", -chips) % {"n": -chips}
        else:
            solution = _("Nobody pays")
        return Verdict(int(given) == multiple, f"{self.explain(data)} {solution}.", solution)

    def explain(self, data: dict[str, Any]) -> str:
        rules = _rules(data)
        you, dealer = _hand(data, "you"), _hand(data, "dealer")
        mine, his = hand_outcome(you, rules), hand_outcome(dealer, rules)
        multiple = payoff(mine, his, rules)
        hands = _("You have %(you)s; the dealer has %(dealer)s.") % {
            "you": _outcome_words(mine, you, rules), "dealer": _outcome_words(his, dealer, rules)}
        return hands + " " + _why_paid(mine, his, multiple)

    def answer_fields(self, data: dict[str, Any], right: bool = True) -> dict[str, Any]:
        multiple = self._multiple(data)
        return {"result": str(multiple if right else (-multiple or 1))}


def _why_paid(mine: int, his: int, multiple: int) -> str:
    """The line of the settlement table (SETTE-6) that decides, in a player's words."""
    if mine == BUST:
        return _("A hand that goes bust pays its stake at once, whatever the dealer does later.")
    if his == BUST:
        if mine == REALE and multiple == 2:
            return _("The dealer went bust: every hand still in play is paid, and a reale is paid double.")
        return _("The dealer went bust: every hand still in play is paid its stake.")
    if mine == REALE:
        if his == REALE:
            if multiple == 0:
                return _("Reale against reale: at this table nobody pays.")
            return _("Reale against the dealer's reale is a tie, and ties go to the dealer.")
        if multiple == 2:
            return _("A reale is paid double unless the dealer also has a reale.")
        if multiple == 1:
            return _("At this table a reale against the dealer's 7½ is paid a single stake.")
        return _("At this table a reale against the dealer's 7½ is a tie, and ties go to the dealer.")
    if mine == SIMPLE:
        if his in (SIMPLE, REALE):
            return _("7½ against the dealer's 7½ is a tie: the dealer wins it, but your simple 7½ pays only "
                     "one stake, never double.")
        return _("Your 7½ beats the dealer's total.")
    if his in (SIMPLE, REALE):
        if multiple == -2:
            return _("When the dealer makes 7½, every hand below 7½ pays double.")
        return _("At this table the dealer's 7½ collects a single stake.")
    if mine > his:
        return _("Your total is higher than the dealer's.")
    if mine == his:
        return _("Equal totals go to the dealer.")
    return _("The dealer's total is higher than yours.")


# -- the bank -----------------------------------------------------------------------------------
class BankStep(_Kind):
    """ "Who holds the bank next hand?" from a finished hand (SETTE-7)."""

    name = "sette_bank"
    template = "settemezzo/steps/_bank.html"

    def validate(self, data: dict[str, Any]) -> None:
        require(data, "prompt", "dealer", "punters", "hint")
        punters = data["punters"]
        if not isinstance(punters, list) or not 1 <= len(punters) <= 11:
            raise BadContent("punters: a list of 1 to 11 hands, in turn order from the dealer's right")
        distinct_cards(_hand(data, "dealer"), *self._punters(data))
        rules = self._rules(data)
        if rules.bank == "until_deck_empty":
            raise BadContent("rules: bank = until_deck_empty depends on the stock, not on this hand")

    def _punters(self, data: dict[str, Any]) -> list[list[Card]]:
        hands = []
        for number, text in enumerate(data.get("punters") or [], start=1):
            try:
                cards = parse_cards(text) if isinstance(text, str) else []
            except BadNotation as error:
                raise BadContent(f"punters: hand {number}: {error}") from None
            if not cards:
                raise BadContent(f"punters: hand {number} has no cards")
            hands.append(cards)
        return hands

    def _rules(self, data: dict[str, Any]) -> Rules:
        return _rules(data, players=len(data.get("punters") or []) + 1)

    def _game(self, data: dict[str, Any]) -> Game:
        """The finished hand as the engine holds it: the dealer in seat 0, the punters after him."""
        rules = self._rules(data)
        seats = []
        for cards in [_hand(data, "dealer"), *self._punters(data)]:
            outcome = hand_outcome(cards, rules)
            status = BUST_ if outcome == BUST else SETTE if outcome >= SIMPLE else STOOD
            seats.append(Seat(status=status, stake=1, hole=cards[0], up=tuple(cards[1:]), shown=True))
        hand = HandState(rules, "lesson", 0, tuple(seats), (), phase=OVER)
        return Game(rules, "lesson", 1, (0,) * rules.players, hand, hand)

    def context(self, data: dict[str, Any]) -> dict[str, Any]:
        punters = self._punters(data)
        return {"dealer": _hand(data, "dealer"),
                "punters": [(str(n), _("Player %(n)s") % {"n": n}, cards) for n, cards in enumerate(punters, 1)]}

    def _next(self, data: dict[str, Any]) -> int:
        return self._game(data).next_dealer()

    def expected(self, data: dict[str, Any]) -> str:
        seat = self._next(data)
        return "dealer" if seat == 0 else f"player {seat}"

    def check(self, data: dict[str, Any], answer: QueryDict) -> Verdict:
        given = answer.get("seat", "")
        count = len(self._punters(data))
        if given != "dealer" and not (given.isascii() and given.isdigit() and 1 <= int(given) <= count):
            raise BadAnswer(_("Choose the dealer or one of the players."))
        chosen = 0 if given == "dealer" else int(given)
        seat = self._next(data)
        solution = _("The dealer keeps the bank") if seat == 0 else _("Player %(n)s") % {"n": seat}
        return Verdict(chosen == seat, self.explain(data, seat), solution)

    def explain(self, data: dict[str, Any], seat: int) -> str:
        game = self._game(data)
        rules, hand = game.rules, game.hand
        if rules.bank == "rotates":
            return _("At this table the bank moves every hand to the player on the dealer's right: Player 1.")
        his = hand.outcome(0)
        lines = []
        reali = [p for p in hand.punter_order() if hand.outcome(p) == REALE]
        for p in reali:
            won = payoff(REALE, his, rules)
            if his == REALE:
                lines.append(_("Player %(n)s's reale met the dealer's reale: the dealer wins that tie.") % {"n": p})
            elif won > 0:
                lines.append(_("Player %(n)s's reale is paid.") % {"n": p})
            else:
                lines.append(_("Player %(n)s's reale is not paid at this table.") % {"n": p})
        if not reali:
            lines.append(_("Nobody made a reale. A simple 7½ or a high total wins chips, never the bank."))
        if seat == 0:
            lines.append(_("No reale was paid, so the dealer keeps the bank."))
        elif sum(1 for p in reali if wins_bank(REALE, his, rules)) > 1:
            lines.append(_("Several reali were paid: the first in turn order, nearest the dealer's right, "
                           "takes the bank: Player %(n)s.") % {"n": seat})
        else:
            lines.append(_("Player %(n)s takes the bank for the next hand.") % {"n": seat})
        return " ".join(lines)

    def answer_fields(self, data: dict[str, Any], right: bool = True) -> dict[str, Any]:
        seat = self._next(data)
        if right:
            return {"seat": "dealer" if seat == 0 else str(seat)}
        return {"seat": "1" if seat == 0 else "dealer"}


# -- the dealer's rule ----------------------------------------------------------------------------
class DealerStep(_Kind):
    """ "At a table where the dealer stands on n: does he draw or stand?" (SETTE-OP-6)."""

    name = "sette_dealer"
    template = "settemezzo/steps/_dealer.html"

    def validate(self, data: dict[str, Any]) -> None:
        require(data, "prompt", "cards", "hint")
        cards = _hand(data, "cards")
        distinct_cards(cards)
        rules = _rules(data)
        if not rules.dealer_stands_on:
            raise BadContent("rules: set dealer_stands_on; with free choice the dealer's move is his own")
        if hand_outcome(cards, rules) in (SIMPLE, REALE, BUST):
            raise BadContent("cards: at 7½ or bust the dealer's turn is already over")

    def context(self, data: dict[str, Any]) -> dict[str, Any]:
        return {"cards": _hand(data, "cards"), "stands_on": _rules(data).dealer_stands_on}

    def _draws(self, data: dict[str, Any]) -> bool:
        cards, rules = _hand(data, "cards"), _rules(data)
        seat = Seat(status=PLAY, hole=cards[0], up=tuple(cards[1:]))
        return any(a.kind == HIT for a in legal_for(rules, seat, True, True))

    def expected(self, data: dict[str, Any]) -> str:
        return "draw" if self._draws(data) else "stand"

    def check(self, data: dict[str, Any], answer: QueryDict) -> Verdict:
        given = answer.get("move", "")
        if given not in ("draw", "stand"):
            raise BadAnswer(_("Choose “He draws” or “He stands”."))
        cards, rules = _hand(data, "cards"), _rules(data)
        draws = self._draws(data)
        n = rules.dealer_stands_on
        why = _sum_text(cards, rules) + ". "
        if draws:
            why += _("That is below %(n)s, so he must take a card.") % {"n": n}
        else:
            why += _("That is %(n)s or more, so he must stand.") % {"n": n}
        return Verdict((given == "draw") == draws, why, _("he draws") if draws else _("he stands"))

    def answer_fields(self, data: dict[str, Any], right: bool = True) -> dict[str, Any]:
        expected = self.expected(data)
        return {"move": expected if right else ("stand" if expected == "draw" else "draw")}


# -- odds from the cards seen --------------------------------------------------------------------------
CLASS_WORDS = {0: _lazy("figures (worth ½)"), 1: _lazy("aces"), 2: _lazy("twos"), 3: _lazy("threes"),
               4: _lazy("fours"), 5: _lazy("fives"), 6: _lazy("sixes"), 7: _lazy("sevens")}


def _validate_next_card(data: dict[str, Any]) -> None:
    """A hand that may take another card, the cards seen beside it, and what is asked."""
    require(data, "prompt", "cards", "hint")
    distinct_cards(_hand(data, "cards"), cards_field(data, "seen"))
    if data.get("ask", "bust") not in ODDS_ASKS:
        raise BadContent(f"ask: one of {', '.join(ODDS_ASKS)}")
    rules = _rules(data)
    if hand_outcome(_hand(data, "cards"), rules) in (SIMPLE, REALE, BUST):
        raise BadContent("cards: at 7½ or bust nobody takes another card")


def _unseen(data: dict[str, Any]) -> tuple[int, ...]:
    """How many unseen cards of each value class: the pack without your cards and the cards seen."""
    return unseen_counts([*_hand(data, "cards"), *cards_field(data, "seen")])


def _next_card_context(data: dict[str, Any]) -> dict[str, Any]:
    return {"cards": _hand(data, "cards"), "seen": cards_field(data, "seen"), "unseen": sum(_unseen(data))}


def _share(odds: NextCard, ask: str) -> Fraction:
    return {"bust": odds.bust, "safe": odds.at_or_under, "seven_half": odds.seven_half}[ask]


def _hits(data: dict[str, Any]) -> dict[int, int]:
    """For each value class, how many unseen cards of it do what is asked."""
    cards, rules, ask = _hand(data, "cards"), _rules(data), data.get("ask", "bust")
    found = {}
    for cls, k in enumerate(_unseen(data)):
        if not k:
            continue
        only = [0] * 9
        only[cls] = k
        if _share(next_card(cards, only, rules), ask):
            found[cls] = k
    return found


def _next_card_count(data: dict[str, Any]) -> int:
    """How many unseen cards do what is asked, from the engine's exact odds of the next card."""
    unseen = _unseen(data)
    odds = next_card(_hand(data, "cards"), unseen, _rules(data))
    return int(_share(odds, data.get("ask", "bust")) * sum(unseen))


def _doing(data: dict[str, Any]) -> str:
    return {"bust": _("bust you"), "safe": _("keep you at 7½ or under"),
            "seven_half": _("give you exactly 7½")}[data.get("ask", "bust")]


def _listed(hits: dict[int, int]) -> str:
    """ "4 twos, 3 threes, the matta" """
    return ", ".join(f"{k} {CLASS_WORDS[c]}" if c != 8 else _("the matta") for c, k in sorted(hits.items()))


class OddsStep(_Kind):
    """ "Of the cards you have not seen, how many bust you (keep you safe, make 7½)?" — exact."""

    name = "sette_odds"
    template = "settemezzo/steps/_odds.html"

    def validate(self, data: dict[str, Any]) -> None:
        _validate_next_card(data)

    def context(self, data: dict[str, Any]) -> dict[str, Any]:
        return _next_card_context(data)

    def expected(self, data: dict[str, Any]) -> int:
        return _next_card_count(data)

    def check(self, data: dict[str, Any], answer: QueryDict) -> Verdict:
        given = whole_number(answer.get("number"), digits=2)
        if given is None:
            raise BadAnswer(_("Type how many cards, as a whole number like 12."))
        count, total = self.expected(data), sum(_unseen(data))
        hits = _hits(data)
        rules = _rules(data)
        doing = _doing(data)
        have = _("You have %(total)s.") % {"total": halves_text(_total(_hand(data, "cards"), rules))}
        if hits:
            listed = _listed(hits)
            why = _("%(have)s Of the %(total)s cards you have not seen, these %(doing)s: %(listed)s. "
                    "That is %(count)s cards, a chance of %(count)s in %(total)s (%(pct)s%%).") % {
                "have": have, "total": total, "doing": doing, "listed": listed, "count": count,
                "pct": round(100 * count / total) if total else 0}
        else:
            why = _("%(have)s None of the %(total)s cards you have not seen would %(doing)s.") % {
                "have": have, "total": total, "doing": doing}
        return Verdict(given == count, why, str(count))

    def answer_fields(self, data: dict[str, Any], right: bool = True) -> dict[str, Any]:
        count = self.expected(data)
        return {"number": str(count if right else count + 1)}


class EstimateStep(EstimateKind):
    """ "What is the chance that one more card busts you (keeps you safe, gives you 7½)?": a guess in
    percent, scored by its distance from the engine's exact count of the unseen cards."""

    name = "sette_estimate"
    template = "settemezzo/steps/_estimate.html"

    def validate(self, data: dict[str, Any]) -> None:
        _validate_next_card(data)

    def context(self, data: dict[str, Any]) -> dict[str, Any]:
        return _next_card_context(data)

    def count(self, data: dict[str, Any]) -> Count:
        hits, total = _next_card_count(data), sum(_unseen(data))
        have = _("You have %(total)s.") % {"total": halves_text(_total(_hand(data, "cards"), _rules(data)))}
        words = {"have": have, "count": hits, "total": total, "doing": _doing(data),
                 "pct": percent_text(hits, total), "listed": _listed(_hits(data))}
        if hits:
            said = _("%(have)s %(count)s of the %(total)s cards you have not seen %(doing)s (%(listed)s): "
                     "%(pct)s.") % words
        else:
            said = _("%(have)s None of the %(total)s cards you have not seen would %(doing)s: 0%%.") % words
        return Count(hits, total, said)


for kind in (ValueStep(), MattaStep(), OutcomeStep(), PayoffStep(), BankStep(), DealerStep(), OddsStep(),
             EstimateStep()):
    register(kind)
