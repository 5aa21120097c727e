"""Stoppa's table narration: every engine event in one plain sentence, every chip explained."""
from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from neapolitan.cards import Card
from neapolitan.stoppa import Event, Rules
from tutorials.tables.registry import seat_name, told


def cards_text(cards: Sequence[Card]) -> str:
    return ", ".join(c.italian_name for c in cards)


def chips(n: int) -> str:
    return ngettext("%(n)s chip", "%(n)s chips", n) % {"n": n}


def describe(events: Sequence[Event], rules: Rules, dealer: int) -> list[str]:
    """One line per event; the misere paid together are told in one line."""
    lines: list[str] = []
    i = 0
    while i < len(events):
        e = events[i]
        if e.kind == "misera":
            group = [e]
            while i + 1 < len(events) and events[i + 1].kind == "misera" and events[i + 1].how == e.how:
                i += 1
                group.append(events[i])
            lines.append(_misere(group, rules))
        else:
            line = _line(e, rules, dealer)
            if line:
                lines.append(line)
        i += 1
    return lines


def _misere(group: list[Event], rules: Rules) -> str:
    pot = group[-1].value
    how = group[0].how
    if how == "STOPPA-3.3":
        e = group[0]
        return told(e.seat, _("As dealer you pay another misera (%(c)s) for this hand: pot %(pot)s."),
                    _("%(who)s, the dealer, pays another misera (%(c)s) for this hand: pot %(pot)s."),
                    c=chips(e.amount), pot=pot)
    if how == "STOPPA-3.4":
        names = ", ".join(seat_name(e.seat) for e in group)
        return _("%(names)s pay the misera for each of the %(h)s hands (%(c)s each): pot %(pot)s.") % {
            "names": names, "h": rules.hands_in_phase1, "c": chips(rules.misera * rules.hands_in_phase1),
            "pot": pot}
    short = [e for e in group if e.amount < rules.misera]
    text = _("Everyone puts the misera (%(c)s) in the pot: pot %(pot)s.") % {
        "c": chips(rules.misera), "pot": pot}
    for e in short:
        text += " " + _("%(who)s had only %(c)s left.") % {"who": seat_name(e.seat), "c": chips(e.amount)}
    return text


def _line(e: Event, rules: Rules, dealer: int) -> str:  # noqa: C901 - one case per event kind
    kind = e.kind
    if kind == "deal":
        return ngettext("Hand %(h)s: the dealer gives everyone %(n)s card.",
                        "Hand %(h)s: the dealer gives everyone %(n)s cards.", e.count) % {"h": e.value, "n": e.count}
    if kind == "rest":
        return ngettext("The last card each is dealt, with no contest.",
                        "The last %(n)s cards each are dealt, with no contest.", e.count) % {"n": e.count}
    if kind == "phase":
        if e.value == 2:
            return _("Phase II: everyone picks up all his cards and plays for the punto grosso.")
        return _("Phase III: the stoppata. Empty your hand first!")
    if kind == "pass":
        return told(e.seat, _("You pass."), _("%(who)s passes."))
    if kind == "fold":
        return told(e.seat, _("You fold."), _("%(who)s folds."))
    if kind == "open":
        return told(e.seat, _("You open with %(c)s: pot %(pot)s."), _("%(who)s opens with %(c)s: pot %(pot)s."),
                    c=chips(e.amount), pot=e.value)
    if kind == "call":
        return told(e.seat, _("You see with %(c)s: pot %(pot)s."), _("%(who)s sees with %(c)s: pot %(pot)s."),
                    c=chips(e.amount), pot=e.value)
    if kind == "raise":
        return told(e.seat, _("You raise by %(r)s, paying %(c)s: pot %(pot)s."),
                    _("%(who)s raises by %(r)s, paying %(c)s: pot %(pot)s."),
                    r=e.count, c=chips(e.amount), pot=e.value)
    if kind == "show":
        return told(e.seat, _("You show a punto of %(v)s (%(cards)s)."),
                    _("%(who)s shows a punto of %(v)s (%(cards)s)."), v=e.value, cards=cards_text(e.cards))
    if kind == "concede":
        # A concession tells the others nothing (STOPPA-6.11): only the learner hears why.
        if e.how == "cannot_beat" and e.seat == 0:
            return _("You cannot beat that: mi basta.")
        return told(e.seat, _("You concede without showing: mi basta."),
                    _("%(who)s concedes without showing: mi basta."))
    if kind == "award":
        return _award(e)
    if kind == "carry":
        return _("Nobody opened: the pot of %(c)s stays for the next deal.") % {"c": chips(e.amount)}
    if kind == "cancel":
        if e.how == "aces":
            return told(e.seat, _("You hold the Aces and no King: the stoppata is cancelled."),
                        _("%(who)s holds the Aces and no King: the stoppata is cancelled."))
        return told(e.seat, _("You hold three Twos and no King: the stoppata is cancelled."),
                    _("%(who)s holds three Twos and no King: the stoppata is cancelled."))
    if kind == "decline":
        return told(e.seat, _("You play the stoppata instead of cancelling it."),
                    _("%(who)s plays the stoppata instead of cancelling it."))
    if kind == "king":
        return told(e.seat, _("As dealer you leave the %(card)s out of the pack."),
                    _("%(who)s, the dealer, leaves the %(card)s out of the pack."), card=e.cards[0].italian_name)
    if kind == "shed":
        return told(e.seat, _("You play %(cards)s."), _("%(who)s plays %(cards)s."), cards=cards_text(e.cards))
    if kind == "stop":
        return told(e.seat, _("You stop."), _("%(who)s stops."))
    if kind == "close":
        return told(e.seat, _("Nothing can follow: the sequence is closed and you start a new one."),
                    _("Nothing can follow: the sequence is closed and %(who)s starts a new one."))
    if kind == "turn":
        text = ""
        if e.others:
            text = ngettext("%(names)s cannot go on. ", "%(names)s cannot go on. ", len(e.others)) % {
                "names": ", ".join(seat_name(s) for s in e.others)}
        if e.how == "closed":
            return text + told(e.seat, _("Nobody went on: you start a new sequence."),
                               _("Nobody went on: %(who)s starts a new sequence."))
        return text + told(e.seat, _("Your turn to go on."), _("The turn passes to %(who)s."))
    if kind == "stoppata":
        text = told(e.seat, _("Stoppata! You are out of cards."), _("Stoppata! %(who)s is out of cards."))
        if e.how == "double":
            text += " " + _("It is a stoppata di mano, in the first turn: every payment is doubled.")
        return text
    if kind == "pay":
        return _payment(e, rules)
    return ""


def _award(e: Event) -> str:
    c = chips(e.amount)
    if e.how == "all_pass":
        return told(e.seat, _("Everyone passed: as dealer you take the pot of %(c)s."),
                    _("Everyone passed: %(who)s, the dealer, takes the pot of %(c)s."), c=c)
    if e.how == "uncontested":
        return told(e.seat, _("Nobody else is left: you take the pot of %(c)s without showing."),
                    _("Nobody else is left: %(who)s takes the pot of %(c)s without showing."), c=c)
    if e.how == "giro_end":
        # Only a pot carried over from an unclaimed contest is left at the end of a giro; the rules
        # leave open who takes it, and this table gives it to the last dealer (neapolitan/stoppa/giro.py).
        return told(e.seat, _("The giro is over with %(c)s still carried over in the pot: at this table "
                              "it goes to the last dealer, you."),
                    _("The giro is over with %(c)s still carried over in the pot: at this table it goes "
                      "to the last dealer, %(who)s."), c=c)
    return told(e.seat, _("You win %(c)s."), _("%(who)s wins %(c)s."), c=c)


def _payment(e: Event, rules: Rules) -> str:
    pairs = e.count // 2
    held = ngettext("%(n)s card", "%(n)s cards", e.count) % {"n": e.count}
    if not e.amount:
        if e.count and rules.table_stakes and pairs:
            return told(e.seat, _("You hold %(held)s but have no chips left to pay."),
                        _("%(who)s holds %(held)s but has no chips left to pay."), held=held)
        return told(e.seat, _("You hold %(held)s: nothing to pay (pulisciti)."),
                    _("%(who)s holds %(held)s: nothing to pay (pulisciti)."), held=held)
    if e.how == "double":
        sums = _("%(p)s × %(m)s misera × 2") % {"p": pairs, "m": rules.misera}
    else:
        sums = _("%(p)s × %(m)s misera") % {"p": pairs, "m": rules.misera}
    pair_text = ngettext("%(n)s pair", "%(n)s pairs", pairs) % {"n": pairs}
    values = {"held": held, "pairs": pair_text, "sums": sums, "c": chips(e.amount), "to": seat_name(e.to)}
    if e.seat == 0:
        return _("You hold %(held)s (%(pairs)s) and pay %(c)s to %(to)s: %(sums)s.") % values
    if e.to == 0:
        return _("%(who)s holds %(held)s (%(pairs)s) and pays you %(c)s: %(sums)s.") % {
            "who": seat_name(e.seat), **values}
    return _("%(who)s holds %(held)s (%(pairs)s) and pays %(c)s to %(to)s: %(sums)s.") % {
        "who": seat_name(e.seat), **values}
