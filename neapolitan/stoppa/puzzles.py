"""Stoppa puzzles of three kinds, each choice valued exactly by the engine.

`see_or_fold` (variant P4): a bet is on the punto (Phase I): see it or fold, from the exact odds
of beating the hands still in and the chips in the pot. A position is your three cards, how many
other hands are still in, the pot and what you must pay to see (a table of four with the whole
pack, the first hand of the deal). The odds count every deal of the cards you have not seen to
those hands (`neapolitan.stoppa.odds.beat_odds`, exact): their cards are taken as dealt at
random, and nothing is read into their bets. When you see a bet, the bettor shows first, and a
tie goes to him (STOPPA-6.9, OP-3 A): you win only when every other punto is lower. Seeing is
worth `win x (pot + to pay) - to pay` chips from now; folding is worth 0 (what you have put in is
gone either way). A position becomes a puzzle when one choice is ahead by MIN_GAP chips for each
chip you would pay, and the answer is not a foregone conclusion.
Text form: `hand | hands still in | pot | to pay`, e.g. `7D 6D 1D | 2 | 6 | 2`.

`bet_size` (variant BET): how much to open or raise, each amount valued exactly under the answer
rule of `neapolitan.stoppa.betting` (the others see or fold by the pot odds, from their own punto
alone; nobody raises back). See `BetPosition` for the text form.

`stoppata` (variant STOPPATA): which card to lay in the stoppata (STOPPA-9), each play valued
over every way the cards you have not seen can lie, each played out to the end with open hands
(`neapolitan.stoppa.proof`). Its position is the deal's text form (`DealState.to_text()`), the
player to act being the one the puzzle is put to; the others' cards stay on the server.
"""
from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from fractions import Fraction

from neapolitan.cards import DECK, Card
from neapolitan.errors import BadNotation
from neapolitan.i18n import _, decimal, gettext_noop, join_words, ngettext, percent, pgettext
from neapolitan.notation import cards_field, parse_cards_field
from neapolitan.puzzles import SpecForm
from neapolitan.stoppa.betting import NOBODY, BetValue, beat_all, bet_value, see_value
from neapolitan.stoppa.bots import QUICK
from neapolitan.stoppa.odds import Odds, beat_odds, break_even, ev_see
from neapolitan.stoppa.proof import hidden_ways, prove
from neapolitan.stoppa.punto import punto, punto_cards
from neapolitan.stoppa.rules import Rules
from neapolitan.stoppa.search import Move, SearchTooLarge, Solver, evaluate, move_of, pack_hand
from neapolitan.stoppa.search import Position as RankPosition
from neapolitan.stoppa.state import PHASE3, DealState, PlayerView, deal

MIN_GAP = 0.05  # chips a choice is ahead by, for each chip at stake (you would pay to see, or bet)
MIN_GAP_STOPPATA = 0.5  # chips the best stoppata play is ahead by on average, half a misera
MIN_SHARE = 0.7  # ... and the share of the ways the hidden cards can lie in which it is best (or as good)
MAX_HIDDEN = 14  # stoppata positions with more cards unseen than this are not proven ...
MAX_WAYS = 2500  # ... nor those whose hidden cards can lie in more ways than this, by ranks
PUZZLE_RULES = Rules(players=4)
VARIANTS = ("P4", "BET", "STOPPATA")  # see or fold; how much to open or raise; the stoppata
# Questions are kept in English in the spec and translated where the page shows them.
QUESTION = gettext_noop("A bet is on the punto: see it, or fold?")
QUESTIONS = {
    "open_first": gettext_noop("You speak first on the punto: pass, or open, and for how much?"),
    "open": gettext_noop("Everyone before you has passed: pass, or open the betting, and for how much?"),
    "raise": gettext_noop("You speak last on a bet: fold, see it, or raise, and by how much?"),
    "stoppata_open": gettext_noop("The stoppata: you start a new sequence. Which card do you lay?"),
    "stoppata_aces": gettext_noop("The sequence needs a Two: do you lay Aces with it, and how many?"),
}


def rules_for(variant: str) -> Rules:
    """Every kind is played at a table of four with the whole pack and the default rules."""
    if variant not in VARIANTS:
        raise BadNotation(_("Stoppa puzzles come in %(variants)s (four players, the whole pack)")
                          % {"variants": ", ".join(VARIANTS)})
    return PUZZLE_RULES


@dataclass(frozen=True)
class Position:
    hand: tuple[Card, ...]
    rivals: int  # other hands still in the contest
    pot: int  # chips in the pot now, the bet included
    to_pay: int  # what you must put in to see

    def to_text(self) -> str:
        return f"{cards_field(self.hand)} | {self.rivals} | {self.pot} | {self.to_pay}"

    @classmethod
    def from_text(cls, text: str) -> Position:
        parts = [p.strip() for p in text.split("|")]
        if len(parts) != 4:
            raise BadNotation(_("A Stoppa puzzle position is `hand | hands still in | pot | to pay`"))
        hand = parse_cards_field(parts[0])
        try:
            rivals, pot, to_pay = (int(p) for p in parts[1:])
        except ValueError:
            raise BadNotation(_("Hands still in, pot and to pay are whole numbers")) from None
        if len(hand) != 3 or len(set(hand)) != 3:
            raise BadNotation(_("A Phase I hand is three different cards (STOPPA-4.1)"))
        if not 1 <= rivals <= 3 or to_pay < 1 or pot < to_pay:
            raise BadNotation(_("One to three other hands, something to pay, and a pot holding the bet"))
        return cls(tuple(hand), rivals, pot, to_pay)

    def unseen(self) -> list[Card]:
        return [c for c in DECK if c not in self.hand]

    def odds(self) -> Odds:
        return beat_odds(punto(self.hand), self.rivals, self.unseen(), 3, method="exact")


@dataclass(frozen=True)
class Verdict:
    answer: str  # see, fold, pass, open N, raise N; in the stoppata lay R, aces N, aces N and 2
    value: float  # chips won on average from now
    loss: float
    # The numbers its explanation is written from, beyond the spec's own (bet_size: a bet's figures;
    # stoppata: where the play leads and the share of deals in which it is best); never sentences.
    facts: dict = field(default_factory=dict)


@dataclass(frozen=True)
class PuzzleSpec(SpecForm):
    RULES = Rules
    VERDICT = Verdict

    rules_text: str
    position: str
    kind: str
    question: str
    themes: tuple[str, ...]
    verdicts: tuple[Verdict, ...]
    solution: str
    win: float = 0.0  # the contest for the punto: the chance that every other punto is lower (exact)
    exact: bool = True
    deals: int = 0  # the stoppata: the deals of the hidden cards the values are averaged over
    hidden: int = 0  # ... the cards the player has not seen
    share: float = 0.0  # ... the share of those deals in which the solution is best (or as good)

    def view(self) -> Position | BetPosition | DealState:
        if self.kind == "stoppata":
            return DealState.from_text(self.position, self.rules())
        if self.kind == "bet_size":
            return BetPosition.from_text(self.position)
        return Position.from_text(self.position)


NOT_AN_ANSWER = {
    "see_or_fold": gettext_noop("Answer see or fold"),
    "bet_size": gettext_noop("That is not one of the choices here: pass or fold, see, or one of the amounts shown"),
    "stoppata": gettext_noop("That is not one of your plays here: choose one of the cards shown"),
}


def judge(spec: PuzzleSpec, answer: str) -> Verdict:
    answer = " ".join(answer.strip().lower().split())
    verdict = spec.verdict_of(answer)
    if verdict is not None:
        return verdict
    raise BadNotation(_(NOT_AN_ANSWER[spec.kind]))


def verify(spec: PuzzleSpec) -> bool:
    """Recompute the puzzle from its position: the same choices, values, themes and words."""
    if spec.kind == "stoppata":
        return stoppata_puzzle_from(spec.view()) == spec
    if spec.kind == "bet_size":
        return bet_puzzle_from(spec.view(), spec.rules()) == spec
    return puzzle_from(spec.view(), spec.rules()) == spec


def puzzle_from(position: Position, rules: Rules = PUZZLE_RULES) -> PuzzleSpec | None:
    odds = position.odds()
    win = round(odds.win, 6)
    if not 0.05 <= win <= 0.9:
        return None  # a near-certain win or loss is no puzzle
    values = {"see": round(ev_see(win, position.pot, position.to_pay), 4), "fold": 0.0}
    ranking = sorted(values, key=lambda name: (-values[name], name != "fold"))
    best, second = ranking
    if values[best] - values[second] < MIN_GAP * position.to_pay:
        return None
    verdicts = tuple(
        Verdict(name, values[name], round(values[best] - values[name], 4))
        for name in ranking
    )
    return PuzzleSpec(
        rules_text=rules.to_text(), position=position.to_text(), kind="see_or_fold", question=QUESTION,
        themes=themes_of(position, win), verdicts=verdicts, solution=best, win=win,
    )


def themes_of(position: Position, win: float) -> tuple[str, ...]:
    themes = ["pot_odds"]
    if position.rivals > 1:
        themes.append("several_rivals")
    if len({c.suit for c in punto_cards(position.hand)}) == 1 and len(punto_cards(position.hand)) == 3:
        themes.append("three_of_a_suit")
    return tuple(themes)


def explain(spec: PuzzleSpec, verdict: Verdict) -> str:
    """Why the verdict is what it is, in the reader's language, from the puzzle alone (written when
    the page is drawn)."""
    if spec.kind == "bet_size":
        text = explain_bet(spec, verdict)
    elif spec.kind == "stoppata":
        return explain_stoppata(spec, verdict)
    elif verdict.answer == "see":
        position = spec.view()
        text = _see_sentence(punto(position.hand), position.rivals, spec.win, position.to_pay, position.pot,
                             verdict.value)
    else:
        text = _("Folding is worth 0 from now: what you have put in is gone either way.")
    return " ".join((text, _against_the_best(spec, verdict)))


def _see_sentence(mine: int, rivals: int, win: float, pay: int, pot: int, value: float) -> str:
    words = {"punto": mine, "hands": rivals, "win": percent(win, 1), "pay": pay, "pot": pot + pay,
             "need": percent(break_even(pot, pay), 1), "value": _chips(value)}
    return ngettext(
        "Your punto of %(punto)s beats the other hand in %(win)s of the deals of the cards you have not "
        "seen (a tie goes to the bettor). Paying %(pay)s to win a pot of %(pot)s needs %(need)s to break "
        "even: seeing is worth %(value)s on average.",
        "Your punto of %(punto)s beats the other %(hands)s hands in %(win)s of the deals of the cards you "
        "have not seen (a tie goes to the bettor). Paying %(pay)s to win a pot of %(pot)s needs %(need)s to "
        "break even: seeing is worth %(value)s on average.", rivals) % words


def _against_the_best(spec: PuzzleSpec, verdict: Verdict) -> str:
    best, second = spec.verdicts[0], spec.verdicts[1]
    if verdict.answer == best.answer:
        return _("This is the best choice, by %(amount)s.") % {
            "amount": _chips(best.value - second.value, signed=False)}
    return _("It gives away %(amount)s against the best choice.") % {
        "amount": _chips(best.value - verdict.value, signed=False)}


def _chips(value: float | Fraction, signed: bool = True) -> str:
    return _("%(n)s chips") % {"n": decimal(value, 2, signed=signed)}


def generate(rules: Rules, seed: int | str, count: int, progress: Callable[[int], None] | None = None) -> Iterator[PuzzleSpec]:
    """Deal hands from seeded shuffles, with one to three hands still in, a pot and a bet."""
    rng = random.Random(f"stoppa-puzzles:{seed}")
    seen: set[tuple] = set()
    found = tries = 0
    while found < count and tries < 100 * count + 1000:
        tries += 1
        deck = list(DECK)
        rng.shuffle(deck)
        hand = tuple(deck[:3])
        rivals = rng.choice((1, 1, 2, 2, 3))
        to_pay = rng.choice((1, 2, 3, 4, 5))
        pot = to_pay + rng.randrange(1, 13)
        position = Position(hand, rivals, pot, to_pay)
        key = (punto(hand), rivals, pot, to_pay)
        if key in seen:
            continue
        seen.add(key)
        spec = puzzle_from(position, rules)
        if spec is not None:
            found += 1
            if progress:
                progress(found)
            yield spec


# -- how much to open or raise ------------------------------------------------------------------
@dataclass(frozen=True)
class BetPosition:
    """A betting decision in the contest for the punto (Phase I, a table of four).

    `open`: everyone before you has passed and `rivals` players are still to speak after you (you
    are di mano when they are three); you pass, or open between the misera and the pot
    (STOPPA-6.1). `raise`: `rivals` players have each put in the bet of `bet` chips and you speak
    last; you fold, see, or see and raise by up to the pot after your call (STOPPA-6.4, 6.5).
    `pot` holds every chip put in so far, the bets included.

    Text form: `hand | open | rivals | pot` or `hand | raise | rivals | pot | bet`, e.g.
    `7D,6D,1D | open | 2 | 5` or `5B,4B,7S | raise | 1 | 7 | 2`.
    """

    hand: tuple[Card, ...]
    stage: str
    rivals: int
    pot: int
    bet: int = 0

    def to_text(self) -> str:
        text = f"{cards_field(self.hand)} | {self.stage} | {self.rivals} | {self.pot}"
        return text + (f" | {self.bet}" if self.stage == "raise" else "")

    @classmethod
    def from_text(cls, text: str) -> BetPosition:
        parts = [p.strip() for p in text.split("|")]
        if len(parts) not in (4, 5) or parts[1] not in ("open", "raise") or (len(parts) == 5) != (parts[1] == "raise"):
            raise BadNotation(_("A betting position is `hand | open | rivals | pot` or `hand | raise | rivals | pot | bet`"))
        hand = parse_cards_field(parts[0])
        try:
            numbers = [int(p) for p in parts[2:]]
        except ValueError:
            raise BadNotation(_("Rivals, pot and bet are whole numbers")) from None
        if len(hand) != 3 or len(set(hand)) != 3:
            raise BadNotation(_("A Phase I hand is three different cards (STOPPA-4.1)"))
        rivals, pot, *bet = numbers
        position = cls(tuple(hand), parts[1], rivals, pot, *bet)
        if not 1 <= rivals <= 3 or pot < 1:
            raise BadNotation(_("One to three other players, and a pot"))
        if position.stage == "raise" and (position.bet < 1 or pot <= rivals * position.bet):
            raise BadNotation(_("The pot holds the bet of each other player in, and a misera at least"))
        return position

    def choices(self, rules: Rules) -> dict[str, tuple[int, int]]:
        """Each choice open: what you pay now, and what each other player must pay to see it."""
        m = rules.misera
        if self.stage == "open":
            top = max(m, self.pot)
            out = {"pass": (0, 0)}
            out.update({f"open {a}": (a, a) for a in sorted({m, max(m, -(-self.pot // 2)), top})})
            return out
        top = max(m, self.pot + self.bet)  # raise by up to the pot after your call (STOPPA-6.5)
        out = {"fold": (0, 0), "see": (self.bet, 0)}
        out.update({f"raise {r}": (self.bet + r, r) for r in sorted({m, max(m, -(-top // 2)), top})})
        return out


def bet_values(position: BetPosition, rules: Rules) -> dict[str, tuple[Fraction, BetValue | None]]:
    """The exact value of every choice, in chips from now, with the bet's figures for the bets."""
    out: dict[str, tuple[Fraction, BetValue | None]] = {}
    for name, (pay, cost) in position.choices(rules).items():
        if not pay:
            out[name] = (Fraction(0), None)
        elif name == "see":
            out[name] = (see_value(beat_all(position.hand, position.rivals, rules), position.pot, pay), None)
        else:
            figures = bet_value(position.hand, position.rivals, position.pot, pay, cost, rules)
            out[name] = (figures.value, figures)
    return out


def bet_puzzle_from(position: BetPosition, rules: Rules = PUZZLE_RULES) -> PuzzleSpec | None:
    """The puzzle this betting position makes, or None when no choice is ahead of the next by
    MIN_GAP chips for each chip the two of them would put in."""
    values = bet_values(position, rules)
    order = list(values)
    ranking = sorted(order, key=lambda name: (-values[name][0], order.index(name)))
    best, second = ranking[:2]
    pays = position.choices(rules)
    at_stake = max(pays[best][0], pays[second][0], 1)
    if values[best][0] - values[second][0] < Fraction(str(MIN_GAP)) * at_stake:
        return None
    rounded = {name: round(float(values[name][0]), 4) for name in order}
    verdicts = tuple(
        Verdict(name, rounded[name], round(rounded[best] - rounded[name], 4), bet_facts(values[name][1]))
        for name in ranking
    )
    question = QUESTIONS["raise"] if position.stage == "raise" else (
        QUESTIONS["open_first"] if position.rivals == 3 else QUESTIONS["open"])
    return PuzzleSpec(
        rules_text=rules.to_text(), position=position.to_text(), kind="bet_size", question=question,
        themes=bet_themes(position, values, best), verdicts=verdicts, solution=best,
        win=round(float(beat_all(position.hand, position.rivals, rules)), 6),
    )


def bet_themes(position: BetPosition, values: dict[str, tuple[Fraction, BetValue | None]], best: str) -> tuple[str, ...]:
    figures = values[best][1]
    themes = ["pot_odds" if figures is None else "bluff" if figures.bluff else "bet_for_value"]
    if position.rivals > 1:
        themes.append("several_rivals")
    cards = punto_cards(position.hand)
    if len(cards) == 3 and len({c.suit for c in cards}) == 1:
        themes.append("three_of_a_suit")
    return tuple(themes)


def bet_facts(figures: BetValue | None) -> dict:
    """A bet's figures its explanation is written from (nothing for passing, folding or seeing)."""
    if figures is None:
        return {}
    return {"pay": figures.pay, "cost": figures.cost, "seen_from": figures.seen_from, "bluff": figures.bluff,
            "nobody_sees": round(float(figures.nobody_sees), 6), "win_showdown": round(float(figures.win_showdown), 6),
            "lose": round(float(figures.lose), 6)}


def explain_bet(spec: PuzzleSpec, verdict: Verdict) -> str:
    """A choice of `bet_size`, without the comparison with the best."""
    position = spec.view()
    name, facts = verdict.answer, verdict.facts
    mine = punto(position.hand)
    if name == "pass":
        return _("Passing is worth 0 from now: you are out of this contest for good (STOPPA-6.2).")
    if name == "fold":
        return _("Folding is worth 0 from now: what you have put in is gone either way.")
    if name == "see":
        words = {"punto": mine, "hands": position.rivals, "win": percent(spec.win, 1), "pay": position.bet,
                 "pot": position.pot + position.bet, "need": percent(break_even(position.pot, position.bet), 1),
                 "value": _chips(verdict.value)}
        return ngettext(
            "Your punto of %(punto)s beats the other hand in %(win)s of the deals of the cards you have not "
            "seen (the bettor shows first and a tie goes to him). Paying %(pay)s to win a pot of %(pot)s needs "
            "%(need)s to break even: seeing is worth %(value)s on average.",
            "Your punto of %(punto)s beats the other %(hands)s hands in %(win)s of the deals of the cards you "
            "have not seen (the bettor shows first and a tie goes to him). Paying %(pay)s to win a pot of "
            "%(pot)s needs %(need)s to break even: seeing is worth %(value)s on average.", position.rivals) % words
    amount = int(name.split()[1])
    if position.stage == "open":
        what = _("Opening %(amount)s") % {"amount": amount}
    else:
        what = _("Seeing the %(bet)s and raising by %(amount)s (you pay %(pay)s)") % {
            "bet": position.bet, "amount": amount, "pay": facts["pay"]}
    pot_after = position.pot + facts["pay"]
    if facts["seen_from"] >= NOBODY:
        answer = _("nobody sees it: no punto makes paying %(cost)s for a pot of %(pot)s pay") % {
            "cost": facts["cost"], "pot": pot_after + facts["cost"]}
    else:
        answer = _("each other player sees it only with a punto of %(punto)s or more") % {
            "punto": facts["seen_from"]}
    parts = [_("%(what)s: %(answer)s.") % {"what": what, "answer": answer}]
    if facts["bluff"]:
        parts.append(_("Everyone who sees beats your %(punto)s, so it wins only when nobody sees, in %(share)s "
                       "of the deals, and loses %(pay)s otherwise.") % {
            "punto": mine, "share": percent(facts["nobody_sees"], 1), "pay": facts["pay"]})
    else:
        parts.append(_("Nobody sees in %(nobody)s of the deals and the pot is yours; you win the showdown (a tie "
                       "is yours, you show first) in %(win)s, and lose %(pay)s in %(lose)s.") % {
            "nobody": percent(facts["nobody_sees"], 1), "win": percent(facts["win_showdown"], 1),
            "pay": facts["pay"], "lose": percent(facts["lose"], 1)})
    parts.append(_("On average it is worth %(value)s.") % {"value": _chips(verdict.value)})
    return " ".join(parts)


BET_SHAPES = ("pass", "fold", "see", "least", "half", "pot")


def _shape(position: BetPosition, answer: str, rules: Rules) -> str:
    """What kind of answer: no bet, or the least, a middling or the largest amount."""
    if " " not in answer:
        return answer
    amounts = [int(n.split()[1]) for n in position.choices(rules) if " " in n]
    amount = int(answer.split()[1])
    return "least" if amount == amounts[0] else "pot" if amount == amounts[-1] else "half"


def generate_bets(rules: Rules, seed: int | str, count: int,
                  progress: Callable[[int], None] | None = None) -> Iterator[PuzzleSpec]:
    """Deal hands from seeded shuffles, with an opening or a bet to answer, one to three other
    players and a pot; keep the clear-cut ones, no shape of answer (passing, folding, seeing, the
    least, a middling or the largest bet) more than a quarter of them."""
    rng = random.Random(f"stoppa-bets:{seed}")
    seen: set[tuple] = set()
    shapes: dict[str, int] = dict.fromkeys(BET_SHAPES, 0)
    cap = max(1, -(-count // 4))
    found = tries = 0
    while found < count and tries < 200 * count + 1000:
        tries += 1
        deck = list(DECK)
        rng.shuffle(deck)
        hand = tuple(deck[:3])
        if rng.random() < 0.5:
            position = BetPosition(hand, "open", rng.choice((1, 2, 2, 3, 3)), rng.randrange(2, 13))
        else:
            rivals, bet = rng.choice((1, 1, 2, 2, 3)), rng.choice((1, 1, 2, 2, 3, 4))
            position = BetPosition(hand, "raise", rivals, rivals * bet + rng.randrange(1, 9), bet)
        key = (punto(hand), position.stage, position.rivals, position.pot, position.bet)
        if key in seen:
            continue
        seen.add(key)
        spec = bet_puzzle_from(position, rules)
        if spec is None:
            continue
        shape = _shape(position, spec.solution, rules)
        if shapes[shape] >= cap:
            continue
        shapes[shape] += 1
        found += 1
        if progress:
            progress(found)
        yield spec


# -- the stoppata ------------------------------------------------------------------------------------



def move_answer(move: Move) -> str:
    """A play by ranks as an answer: `lay 7` (one card of that rank), `aces 2` (two Aces to open
    a sequence), `aces 1 and 2` (an Ace laid with the Two that continues one, STOPPA-9.9)."""
    _, rank, aces = move
    if rank == 1:
        return f"aces {aces}"
    return f"aces {aces} and {rank}" if aces else f"lay {rank}"


ANSWER_FORM = re.compile(r"^(lay (10|[2-9])|aces [1-4]( and 2)?)$")


def _rank(rank: int) -> str:
    """How the stoppata's explanations name a rank: a word for the Ace and the figures, else a number."""
    if rank == 1:
        return pgettext("stoppata rank", "Ace")
    if rank == 8:
        return pgettext("stoppata rank", "Fante")
    if rank == 9:
        return pgettext("stoppata rank", "Cavallo")
    if rank == 10:
        return pgettext("stoppata rank", "King")
    return str(rank)


def _a(rank: int) -> str:
    """ "a 7", "a King", "an Ace"."""
    if rank == 1:
        return pgettext("stoppata", "an Ace")
    return pgettext("stoppata", "a %(rank)s") % {"rank": _rank(rank)}


def _aces(count: int) -> str:
    """ "an Ace", "two Aces"... """
    return ngettext("an Ace", "%(count)s Aces", count) % {"count": _count_word(count)}


def _count_word(count: int) -> str:
    return {2: _("two"), 3: _("three"), 4: _("four")}.get(count, str(count))


@dataclass(frozen=True)
class Run:
    """What a play leads to in the player's own turn, whatever the hidden cards: the ranks he lays
    (forced continuations included), and then: "out" (his hand is empty; `double` if in his first
    turn, STOPPA-9.14), "closed" (the sequence is closed, he opens a new one), "passed" (the turn
    passes, `needed` being the rank the sequence needs) or "choice" (how many Aces go with the Two
    he must lay next, STOPPA-9.9)."""

    ranks: tuple[int, ...]
    end: str
    needed: int = 0
    double: bool = False


def run_after(state: DealState, move: Move) -> Run:
    """Follow a play through the forced plays after it (they do not depend on the hidden cards:
    whether a rank is exhausted is public, STOPPA-9.11), until a new choice, the end or the turn
    passing."""
    view = state.view(state.to_act)
    solver = Solver(state.rules, 0)
    pos = RankPosition.of(state)
    seat = pos.turn
    ranks: list[int] = []
    while True:
        _, rank, aces = move
        ranks.extend([1] * aces + ([rank] if rank != 1 else []))
        child, end = solver.apply(pos, move)
        if end is not None:
            double = pos.first_now and (state.rules.di_mano == "first_turn" or seat == view.di_mano)
            return Run(tuple(ranks), "out", double=double)
        if child.turn != seat:
            return Run(tuple(ranks), "passed", solver.needed(child.hands, child.top))
        if not child.top:
            return Run(tuple(ranks), "closed")
        moves = solver.moves(child)
        if len(moves) != 1:
            return Run(tuple(ranks), "choice")
        pos, move = child, moves[0]


def stoppata_puzzle_from(state: DealState) -> PuzzleSpec | None:
    """The stoppata decision of the player to act as a puzzle, or None: fewer than two plays, too
    many cards unseen, or no play ahead of the next by MIN_GAP_STOPPATA chips on average and best
    (or as good) in MIN_SHARE of the ways the hidden cards can lie."""
    if state.phase != PHASE3 or state.to_act is None:
        return None
    view = state.view(state.to_act)
    if len(view.unknown()) > MAX_HIDDEN or sum(1 for _ in hidden_ways(view)) > MAX_WAYS:
        return None
    try:
        proof = prove(view)
    except SearchTooLarge:
        return None
    if len(proof.moves) < 2:
        return None
    ranking = proof.ranking
    best, second = ranking[:2]
    if proof.values[best] - proof.values[second] < MIN_GAP_STOPPATA or proof.best_in[best] < MIN_SHARE:
        return None
    runs = {move: run_after(state, move) for move in proof.moves}
    rounded = {move: round(float(proof.values[move]), 4) for move in proof.moves}
    verdicts = tuple(
        Verdict(move_answer(move), rounded[move], round(rounded[best] - rounded[move], 4),
                stoppata_facts(runs[move], proof.best_in[move]))
        for move in ranking
    )
    question = QUESTIONS["stoppata_open"] if not view.stoppata.top else QUESTIONS["stoppata_aces"]
    return PuzzleSpec(
        rules_text=state.rules.to_text(), position=state.to_text(), kind="stoppata", question=question,
        themes=stoppata_themes(runs, best), verdicts=verdicts, solution=move_answer(best),
        deals=proof.deals, hidden=proof.hidden, share=round(float(proof.best_in[best]), 4),
    )


def stoppata_themes(runs: dict[Move, Run], best: Move) -> tuple[str, ...]:
    themes = [{"out": "go_out", "closed": "keep_the_turn"}.get(runs[best].end, "stop_the_run")]
    if best[2]:
        themes.append("aces")
    return tuple(themes)


def _promising(view: PlayerView, seed: str) -> bool:
    """A quick look before the proof (a few deals of the hidden cards, `search.evaluate`): is one
    play ahead of the others?"""
    estimates: dict[Move, float] = {}
    top = view.stoppata.top
    for estimate in evaluate(view, 12, random.Random(seed), exact_limit=20_000):
        estimates[move_of(estimate.action, top)] = estimate.chips
    ranked = sorted(estimates.values(), reverse=True)
    return len(ranked) > 1 and ranked[0] - ranked[1] >= MIN_GAP_STOPPATA / 2


def stoppata_facts(run: Run, share: Fraction) -> dict:
    """Where a play leads and the share of the deals in which it is best: what its explanation needs."""
    return {"ranks": list(run.ranks), "end": run.end, "needed": run.needed, "double": run.double,
            "share": round(float(share), 6)}


def explain_stoppata(spec: PuzzleSpec, verdict: Verdict) -> str:
    """A stoppata play: what it lays, where it leads, and what it is worth over the hidden cards."""
    facts = verdict.facts
    ranks, end = facts["ranks"], facts["end"]
    kind, rank, aces = _move_of_answer(verdict.answer, spec)
    if rank == 1:
        text = _("Opening with %(aces)s") % {"aces": _aces(aces)}
    elif aces:
        text = _("Laying %(aces)s with the Two") % {"aces": _aces(aces)}
    elif kind == "open":
        text = _("Opening with %(card)s") % {"card": _a(rank)}
    else:
        text = _("Laying the %(rank)s") % {"rank": _rank(rank)}
    laid = len(ranks) - aces - (rank != 1)
    if laid:
        text = _("%(play)s, you go on with %(ranks)s (%(count)s cards in all)") % {
            "play": text, "ranks": join_words(_rank(r) for r in ranks[-laid:]), "count": len(ranks)}
    if end == "out":
        if facts["double"]:
            text = _("%(play)s, and your hand is empty: you are out in your first turn, so everyone pays you "
                     "double (STOPPA-9.14)") % {"play": text}
        else:
            text = _("%(play)s, and your hand is empty: you are out") % {"play": text}
    elif end == "choice":
        text = _("%(play)s; then you lay the Two, and choose whether your other Aces go with it "
                 "(STOPPA-9.9)") % {"play": text}
    elif end == "closed":
        top = ranks[-1]
        why = _("no rank is above the King") if top == 10 else _("no card above %(card)s is left in play") % {
            "card": _a(top)}
        text = _("%(play)s; that closes the sequence (%(why)s), so you start a new one (STOPPA-9.7)") % {
            "play": text, "why": why}
    else:
        text = _("%(play)s; then %(card)s is needed, which you do not hold, and the turn passes "
                 "(STOPPA-9.8)") % {"play": text, "card": _a(facts["needed"])}
    share = facts["share"]
    if spec.deals == 1:
        worth = _("Every card is known: played out with everyone playing his best, this play gives you "
                  "%(value)s.") % {"value": _chips(verdict.value)}
    else:
        if share == 1:
            best_in = _("the best play, or as good, in every one of them")
        elif share == 0:
            best_in = _("never the best play")
        else:
            best_in = _("the best play, or as good, in %(share)s of them") % {"share": percent(share, 1)}
        worth = _("Over the %(deals)s ways the %(hidden)s cards you have not seen can lie, each played out with "
                  "everyone playing his best, it gives you %(value)s on average, and it is %(best_in)s.") % {
            "deals": decimal(spec.deals, 0), "hidden": spec.hidden, "value": _chips(verdict.value), "best_in": best_in}
    best, second = spec.verdicts[0], spec.verdicts[1]
    if verdict.answer == best.answer:
        against = _("This is the best play, by %(amount)s.") % {
            "amount": _chips(best.value - second.value, signed=False)}
    else:
        against = _("It gives away %(amount)s against the best play.") % {
            "amount": _chips(best.value - verdict.value, signed=False)}
    return f"{text}. {worth} {against}"


def _move_of_answer(answer: str, spec: PuzzleSpec) -> Move:
    """The play an answer names (`lay 7`, `aces 2`, `aces 1 and 2`): ("open" when it starts a
    sequence, the rank, the Aces laid with it)."""
    words = answer.split()
    kind = "open" if not spec.view().stoppata.top else "play"
    if words[0] == "lay":
        return (kind, int(words[1]), 0)
    return (kind, 2, int(words[1])) if len(words) == 4 else (kind, 1, int(words[1]))


def _view_key(state: DealState) -> tuple:
    """What the values depend on: the player's hand by ranks, every hand's size, the cards the
    others are known to hold, the table and the turn (not where the hidden cards actually lie)."""
    view = state.view(state.to_act)
    st = view.stoppata
    known = tuple(pack_hand(view.known_in_hand(s)) for s in range(view.players) if s != view.seat)
    return (view.seat, view.dealer, pack_hand(view.hand), view.hand_sizes, known, pack_hand(st.played),
            st.top, st.first_done, st.first_now, st.last)


def generate_stoppata(rules: Rules, seed: int | str, count: int,
                      progress: Callable[[int], None] | None = None) -> Iterator[PuzzleSpec]:
    """The engine's quick players play deals to the end; stoppata decisions with two plays or more
    and at most MAX_HIDDEN cards unseen are proven, one puzzle a deal at most."""
    found = deal_no = 0
    seen: set[tuple] = set()
    while found < count and deal_no < 40 * count + 100:
        state = deal(rules, f"stoppata-puzzles:{seed}:{deal_no}", dealer=deal_no % rules.players)
        deal_no += 1
        while not state.is_over:
            seat = state.to_act
            if state.phase == PHASE3 and len(state.legal_actions()) > 1:
                key = _view_key(state)
                if key not in seen and len(state.view(seat).unknown()) <= MAX_HIDDEN:
                    seen.add(key)
                    spec = stoppata_puzzle_from(state) if _promising(state.view(seat), f"{seed}:{key}") else None
                    if spec is not None:
                        found += 1
                        if progress:
                            progress(found)
                        yield spec
                        break
            state = state.apply(QUICK(state.view(seat)))


def puzzle_at(rules: Rules, position: str) -> PuzzleSpec | None:
    """The puzzle a position typed as `hand | hands still in | pot | to pay` makes, or None when
    neither choice is clearly best. BadNotation if the text is not a position."""
    return puzzle_from(Position.from_text(position.strip()), rules)
