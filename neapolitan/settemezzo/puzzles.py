"""Sette e Mezzo puzzles: card, stand or exchange, as a punter, with each choice's exact value.

A position is the punter's cards (his face-down card first), the other cards he has seen face
up at the table, and whether he may still exchange his first card (a 3 or a 4, SETTE-4.2). The
dealer follows a fixed drawing rule (the rules' SETTE-OP-6 B; puzzles use "stands on 5").
Every choice is valued exactly (`neapolitan.settemezzo.odds`): every order of the cards the
punter has not seen, for his next cards and for the dealer's, is counted. A position becomes a
puzzle when its best choice beats the next by MIN_GAP stakes, a margin a learner can learn from.

Text form of a position: `hand | seen | exchange`, e.g. `3D 10C | 7S 1B | -` or `4C | - | may`.

The dealer's puzzles (kind `dealer`) are his own decision at a table whose dealer plays as he sees
fit (SETTE-OP-6 A): card or stand, against what the punters show (their face-up cards, who stood,
who busted), each choice valued exactly in chips (`coach.dealer_advice`, his best response). Their
position is the dealer's `PlayerView.to_text()`.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from fractions import Fraction

from neapolitan.cards import DECK, Card
from neapolitan.errors import BadNotation, IllegalAction
from neapolitan.i18n import _, decimal, gettext_noop, ngettext, percent
from neapolitan.notation import cards_field, parse_cards_field
from neapolitan.puzzles import SpecForm
from neapolitan.settemezzo.actions import HIT, STAND
from neapolitan.settemezzo.bots import exact as exact_player
from neapolitan.settemezzo.coach import dealer_advice
from neapolitan.settemezzo.odds import (
    DealerPolicy,
    PunterAdvice,
    class_counts,
    next_card,
    punter_odds,
)
from neapolitan.settemezzo.rules import Rules
from neapolitan.settemezzo.state import SETTE, STOOD, PlayerView, deal
from neapolitan.settemezzo.values import (
    BUST,
    FIGURE,
    MATTA_CARD,
    REALE,
    SIMPLE,
    card_class,
    halves_text,
    hand_outcome,
    hand_value,
)

MIN_GAP = Fraction(1, 20)  # the best choice beats the next by 0.05 stakes at least
PUZZLE_RULES = Rules(dealer_stands_on=5)  # the dealer draws below 5 and stands on 5 or more
DEALER_RULES = Rules()  # the dealer plays as he sees fit: his choice is the puzzle
CHOICES = ("card", "stand", "replace")
QUESTIONS = {  # a puzzle keeps its question in English; pages translate it
    "card_or_stand": gettext_noop("Your turn as a punter: take another card, or stand?"),
    "exchange": gettext_noop("Your first card is a 3 or a 4: exchange it, take a card, or stand?"),
    "dealer": gettext_noop("You are the dealer: take another card, or stand?"),
}


def rules_for(variant: str) -> Rules:
    """STANDS_ON_5: the punter's decisions, the dealer standing on 5; DEALER: the dealer's own."""
    if variant not in ("STANDS_ON_5", "DEALER"):
        raise BadNotation(_("Sette e Mezzo puzzles come in two variants, STANDS_ON_5 and DEALER"))
    return PUZZLE_RULES if variant == "STANDS_ON_5" else DEALER_RULES


# -- positions -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Position:
    hand: tuple[Card, ...]  # the face-down card first, then the cards drawn face up
    seen: tuple[Card, ...]  # the other cards seen face up at the table
    may_exchange: bool = False

    def to_text(self) -> str:
        return f"{cards_field(self.hand)} | {cards_field(self.seen)} | {'may' if self.may_exchange else '-'}"

    @classmethod
    def from_text(cls, text: str) -> Position:
        parts = [p.strip() for p in text.split("|")]
        if len(parts) != 3:
            raise BadNotation(_("A Sette e Mezzo puzzle position is `hand | seen | exchange`"))
        hand, seen = tuple(parse_cards_field(parts[0])), tuple(parse_cards_field(parts[1]))
        if parts[2] not in ("may", "-"):
            raise BadNotation(_("The exchange field is `may` or `-`"))
        if not hand or len({*hand, *seen}) != len(hand) + len(seen):
            raise BadNotation(_("A position needs a hand, and no card twice"))
        position = cls(hand, seen, parts[2] == "may")
        if position.may_exchange and (len(hand) != 1 or hand[0].rank not in (3, 4)):
            raise BadNotation(_("Only a 3 or a 4 alone in the hand may be exchanged (SETTE-4.2)"))
        return position

    def unseen(self) -> list[Card]:
        known = {*self.hand, *self.seen}
        return [c for c in DECK if c not in known]


def advice(position: Position, rules: Rules) -> PunterAdvice:
    """The exact value of each choice open to the punter, in stakes."""
    return punter_odds(rules, DealerPolicy.for_rules(rules)).advice(
        position.hand, position.unseen(), can_replace=position.may_exchange)


# -- puzzles ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Verdict:
    answer: str  # card, stand or replace
    value: float  # expected result in stakes (+1: one stake won)
    loss: float  # best value minus this value


@dataclass(frozen=True)
class PuzzleSpec(SpecForm):
    RULES = Rules
    VERDICT = Verdict

    rules_text: str
    position: str  # Position.to_text()
    kind: str
    question: str
    themes: tuple[str, ...]
    verdicts: tuple[Verdict, ...]  # every choice open, best first
    solution: str
    unseen: int  # the cards the punter has not seen, over whose every order the values are exact
    exact: bool = True


    def view(self) -> Position | PlayerView:
        if self.kind == "dealer":
            return PlayerView.from_text(self.position, self.rules())
        return Position.from_text(self.position)


def judge(spec: PuzzleSpec, answer: str) -> Verdict:
    """The verdict of an answer (card, stand or replace); IllegalAction if that choice is not open."""
    answer = answer.strip().lower()
    if answer not in CHOICES:
        raise BadNotation(_("Answer card, stand or replace"))
    verdict = spec.verdict_of(answer)
    if verdict is not None:
        return verdict
    if answer == "replace":
        raise IllegalAction(_("Only a 3 or a 4 dealt as your first card may be exchanged."), "SETTE-4.2")
    raise IllegalAction(_("That choice is not open here."), "SETTE-4")


def puzzle_from(position: Position, rules: Rules = PUZZLE_RULES) -> PuzzleSpec | None:
    """The puzzle this position makes, or None when no choice is clearly best."""
    figures = advice(position, rules)
    options = figures.options
    if len(options) < 2:
        return None
    ranking = sorted(options, key=lambda name: (-options[name], CHOICES.index(name)))
    best, second = ranking[0], ranking[1]
    if options[best] - options[second] < MIN_GAP:
        return None
    verdicts = tuple(
        Verdict(name, round(float(options[name]), 4), round(float(options[best] - options[name]), 4))
        for name in ranking
    )
    kind = "exchange" if "replace" in options else "card_or_stand"
    return PuzzleSpec(
        rules_text=rules.to_text(), position=position.to_text(), kind=kind, question=QUESTIONS[kind],
        themes=themes_of(position, rules, best), verdicts=verdicts, solution=best,
        unseen=len(position.unseen()),
    )


def themes_of(position: Position, rules: Rules, best: str) -> tuple[str, ...]:
    themes = []
    if MATTA_CARD in position.hand:
        themes.append("matta")
    if len(position.hand) == 1 and card_class(position.hand[0]) in (FIGURE, 7) and rules.reale != "natural_only":
        themes.append("reale")  # a 7 or a figure alone: one more card may make the reale (SETTE-3.4)
    if position.may_exchange:
        themes.append("exchange")
    if position.seen and _counting_changes_answer(position, rules, best):
        themes.append("card_counting")
    if not themes:
        themes.append("hit_or_stand")
    return tuple(themes)


def _counting_changes_answer(position: Position, rules: Rules, best: str) -> bool:
    """Would the best choice differ for a punter who ignored the cards seen face up?"""
    blind = advice(Position(position.hand, (), position.may_exchange), rules).options
    return max(blind, key=lambda name: (blind[name], -CHOICES.index(name))) != best


def explain(spec: PuzzleSpec, verdict: Verdict) -> str:
    """Why the verdict is what it is, in the reader's language, from the puzzle alone (written when
    the page is drawn)."""
    if spec.kind == "dealer":
        return _explain_dealer(spec, verdict)
    position, rules = Position.from_text(spec.position), spec.rules()
    words = {"total": halves_text(int(hand_value(position.hand, rules) * 2)), "value": _stakes(verdict.value)}
    if verdict.answer == "stand":
        n = halves_text(int(DealerPolicy.for_rules(rules).stand_on * 2))
        text = _("Standing on %(total)s is worth %(value)s on average against a dealer who draws below %(n)s "
                 "and stands on %(n)s or more.") % {**words, "n": n}
    elif verdict.answer == "card":
        unseen = position.unseen()
        nxt = next_card(position.hand, unseen, rules)
        bust, seven = round(nxt.bust * len(unseen)), round(nxt.seven_half * len(unseen))
        words |= {"bust": bust, "unseen": len(unseen), "share": percent(Fraction(bust, len(unseen))),
                  "seven": seven}
        text = (_("One more card busts you with %(bust)s of the %(unseen)s cards you have not seen (%(share)s) "
                  "and makes 7½ with %(seven)s; playing on as well as possible, it is worth %(value)s on average.")
                if seven else
                _("One more card busts you with %(bust)s of the %(unseen)s cards you have not seen (%(share)s); "
                  "playing on as well as possible, it is worth %(value)s on average.")) % words
    else:
        text = _("Exchanging %(card)s for the next card of the stack, then playing as well as possible, is worth "
                 "%(value)s on average.") % {**words, "card": position.hand[0].the}
    return " ".join((text, _against_the_best(spec, verdict)))


_CHOICE_WORDS = {"card": gettext_noop("taking a card"), "stand": gettext_noop("standing"),
                 "replace": gettext_noop("exchanging")}


def _against_the_best(spec: PuzzleSpec, verdict: Verdict) -> str:
    """How the punter's choice compares with the best (or, for the best, with the next)."""
    amount = _stakes
    best, second = spec.verdicts[0], spec.verdicts[1]
    if verdict.answer != best.answer:
        return _("It gives away %(amount)s a hand against the best choice.") % {
            "amount": amount(best.value - verdict.value, signed=False)}
    return _("This is the best choice: %(amount)s a hand better than %(other)s.") % {
        "amount": amount(best.value - second.value, signed=False), "other": _(_CHOICE_WORDS[second.answer])}


def _stakes(value: float, signed: bool = True) -> str:
    return ngettext("%(n)s stake", "%(n)s stakes", 1 if abs(value) == 1 else 2) % {
        "n": decimal(float(value), 2, signed=signed)}


# -- finding puzzles -------------------------------------------------------------------------------
def generate(rules: Rules, seed: int | str, count: int, progress: Callable[[int], None] | None = None) -> Iterator[PuzzleSpec]:
    """Deal positions from seeded shuffles and yield up to `count` puzzles: a hand a punter may
    still play on, some cards seen face up, one choice clearly best; no two alike in value."""
    if not rules.dealer_stands_on:  # a dealer free to choose: his own decisions are the puzzles
        yield from generate_dealer(rules, seed, count, progress)
        return
    rng = random.Random(f"settemezzo-puzzles:{seed}")
    seen_shapes: set[tuple] = set()
    found = tries = 0
    while found < count and tries < 200 * count + 1000:
        tries += 1
        position = _deal_position(rng, rules)
        if position is None:
            continue
        shape = _shape(position)
        if shape in seen_shapes:
            continue
        seen_shapes.add(shape)
        spec = puzzle_from(position, rules)
        if spec is not None:
            found += 1
            if progress:
                progress(found)
            yield spec


def _deal_position(rng: random.Random, rules: Rules) -> Position | None:
    deck = list(DECK)
    rng.shuffle(deck)
    exchange = rules.replace != "off" and deck[0].rank in (3, 4) and rng.random() < 0.5
    hand = (deck[0],) if exchange else tuple(deck[:1 + rng.choice((0, 1, 1, 2))])
    if len(hand) == 1 and hand[0].rank in (3, 4) and not exchange:
        return None  # a 3 or a 4 alone may be exchanged: a position without that choice would puzzle
    outcome = hand_outcome(hand, rules)
    if outcome in (SIMPLE, REALE, BUST):
        return None
    if not exchange and hand_value(hand, rules) < 4 and MATTA_CARD not in hand:
        return None  # a low hand takes a card: no puzzle in that
    seen = tuple(deck[len(hand):len(hand) + rng.choice((0, 2, 3, 4, 5, 6, 8))])
    return Position(hand, seen, exchange)


def _shape(position: Position) -> tuple:
    """What the values depend on: the hand's and the seen cards' value classes."""
    hole, *drawn = position.hand
    return card_class(hole), tuple(sorted(map(card_class, drawn))), class_counts(position.seen), position.may_exchange


def verify(spec: PuzzleSpec) -> bool:
    """Recompute the puzzle from its position: the same choices, values, themes and words."""
    if spec.kind == "dealer":
        return dealer_puzzle_from(spec.view()) == spec
    return puzzle_from(spec.view(), spec.rules()) == spec


def puzzle_at(rules: Rules, position: str) -> PuzzleSpec | None:
    """The puzzle a position typed in its text form makes, or None when no choice is clearly best:
    a punter's `hand | seen | exchange` under a dealer who stands on a number, or else the
    dealer's own view (`PlayerView.to_text()`). BadNotation if the text is not a position."""
    if rules.dealer_stands_on:
        return puzzle_from(Position.from_text(position.strip()), rules)
    return dealer_puzzle_from(PlayerView.from_text(position.strip(), rules))


# -- the dealer's decision -------------------------------------------------------------------------
def at_stake(view: PlayerView) -> int:
    """The stakes of the punters still facing the dealer (those who stood or showed 7½)."""
    return sum(s.stake for i, s in enumerate(view.seats) if i != view.dealer and s.status in (STOOD, SETTE))


def dealer_puzzle_from(view: PlayerView) -> PuzzleSpec | None:
    """The dealer's card-or-stand as a puzzle, or None: not his decision, nothing at stake, or no
    choice ahead by MIN_GAP chips for each chip at stake."""
    kinds = {a.kind for a in view.legal_actions()}
    stake = at_stake(view)
    if not view.is_dealer or not {HIT, STAND} <= kinds or not stake:
        return None
    if hand_value(view.my_cards, view.rules) < 4 and MATTA_CARD not in view.my_cards:
        return None  # a dealer this low takes a card: no puzzle in that
    figures = dealer_advice(view)
    options = {name: value for name, value in figures.options.items() if name in ("card", "stand")}
    ranking = sorted(options, key=lambda name: (-options[name], CHOICES.index(name)))
    best, second = ranking
    if options[best] - options[second] < MIN_GAP * stake:
        return None
    verdicts = tuple(
        Verdict(name, round(float(options[name]), 4), round(float(options[best] - options[name]), 4))
        for name in ranking
    )
    themes = ["dealer_choice", *(["matta"] if MATTA_CARD in view.my_cards else [])]
    return PuzzleSpec(
        rules_text=view.rules.to_text(), position=view.to_text(), kind="dealer", question=QUESTIONS["dealer"],
        themes=tuple(themes), verdicts=verdicts, solution=best, unseen=len(view.unseen()),
    )


def _explain_dealer(spec: PuzzleSpec, verdict: Verdict) -> str:
    view = spec.view()
    words = {"total": halves_text(int(hand_value(view.my_cards, view.rules) * 2)), "value": _chips(verdict.value)}
    if verdict.answer == "stand":
        text = _("Standing on %(total)s is worth %(value)s to you on average, with %(stake)s chips staked against "
                 "you and what the punters show.") % {**words, "stake": at_stake(view)}
    else:
        text = _("Taking another card, then playing on as well as possible, is worth %(value)s to you on average."
                 ) % words
    best = spec.verdicts[0]
    if verdict.answer == best.answer:
        return " ".join((text, _("This is the best choice: %(amount)s better.") % {
            "amount": _chips(best.value - spec.verdicts[1].value, signed=False)}))
    return " ".join((text, _("It gives away %(amount)s against the best choice.") % {
        "amount": _chips(best.value - verdict.value, signed=False)}))


def _chips(value: float, signed: bool = True) -> str:
    return _("%(n)s chips") % {"n": decimal(float(value), 2, signed=signed)}


def generate_dealer(rules: Rules, seed: int | str, count: int,
                    progress: Callable[[int], None] | None = None) -> Iterator[PuzzleSpec]:
    """The dealer's decisions in hands the engine's players play out (they play the optimal punter
    policy, the dealer his best response); positions alike in every card and stake are one puzzle."""
    seen: set[str] = set()
    found = hand_no = 0
    rng = random.Random(f"sette-dealer:{seed}")
    while found < count and hand_no < 40 * count + 100:
        state = deal(rules, f"{seed}:{hand_no}", dealer=hand_no % rules.players)
        hand_no += 1
        while not state.is_over and found < count:
            view = state.view(state.to_move)
            if view.is_dealer:
                key = view.to_text().rsplit(" ", 1)[0]  # the history aside
                if key not in seen:
                    seen.add(key)
                    spec = dealer_puzzle_from(view)
                    if spec is not None:
                        found += 1
                        if progress:
                            progress(found)
                        yield spec
                        break  # one puzzle a hand
            state = state.apply(exact_player(view, rng))
