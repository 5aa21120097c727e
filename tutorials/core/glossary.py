"""The glossary: the Italian words the games are played with, each in a sentence or two of our own,
with the games that use it and the place on a rules page that explains it (DESIGN.md, "Words").

Every word a rules page introduces as a definition (`<dfn lang="it">`) is here, under its own name
or one of its `forms`: tests/core/test_glossary.py checks it, and that every rules link lands on a
section of that page.
"""
from __future__ import annotations

from dataclasses import dataclass

from django.utils.text import slugify
from django.utils.translation import gettext_lazy as _

from tutorials.core.games import GAMES_BY_SLUG, GameInfo

ALL = tuple(GAMES_BY_SLUG)


@dataclass(frozen=True)
class Term:
    word: str  # as players say it, in Italian in both languages
    meaning: str
    games: tuple[str, ...]  # the games that use it (slugs)
    explained: tuple[tuple[str, str], ...]  # (game, section id of its rules page, "" for the opening)
    forms: tuple[str, ...] = ()  # the other forms a rules page defines it under ("Scope" for scopa)

    @property
    def anchor(self) -> str:
        return slugify(self.word)

    @property
    def in_every_game(self) -> bool:
        return set(self.games) == set(ALL)

    @property
    def played_in(self) -> list[GameInfo]:
        return [GAMES_BY_SLUG[slug] for slug in self.games]

    @property
    def rules(self) -> list[tuple[GameInfo, str]]:
        """Each rules page that explains the word, and the section's id there ("" for the top)."""
        return [(GAMES_BY_SLUG[slug], section) for slug, section in self.explained]

    def sort_key(self) -> str:
        return self.word.casefold()


TERMS = tuple(sorted((
    Term("Asso", _("The Ace, the card 1 of each suit. It counts 1 when capturing in Scopa and in Sette e Mezzo, "
                   "16 in the primiera and in Stoppa's punto, and it is the lowest card of Saltacavallo."),
         ALL, (("scopa", "deck"), ("settemezzo", "cards"), ("stoppa", "pack"), ("saltacavallo", "cards")), ("Assi",)),
    Term("Asso che fugge", _("\"The Ace that runs away\": Saltacavallo's other name, because the lowest cards are "
                             "passed along the table from hand to hand."),
         ("saltacavallo",), (("saltacavallo", ""),)),
    Term("Bastoni", _("Clubs, or batons: one of the four suits, drawn as green-brown wooden clubs."),
         ALL, (("scopa", "deck"),)),
    Term("carta", _("\"Card\": in Sette e Mezzo, what you say to be dealt one more card."),
         ("settemezzo",), (("settemezzo", "your-turn"),)),
    Term("Carte", _("In Scopa's count, the point for capturing the most cards: with two sides, 21 or more of the "
                    "40. At 20 each nobody scores it."),
         ("scopa",), (("scopa", "scoring"),)),
    Term("Cavallo", _("The knight on horseback, the middle picture card: 9 in Scopa and Saltacavallo, a half in Sette "
                      "e Mezzo, 10 in Stoppa's punto. In Saltacavallo he is safe, and a swap jumps over him."),
         ALL, (("scopa", "deck"), ("settemezzo", "cards"), ("stoppa", "pack"), ("saltacavallo", "kings-knights")),
         ("Cavalli",)),
    Term("Coppe", _("Cups: one of the four suits, drawn as golden goblets."),
         ALL, (("scopa", "deck"), ("stoppa", "punto"))),
    Term("Denari", _("Coins: one of the four suits, drawn as gold coins. In Scopa it is also a point of the count: "
                     "whoever captures the most Denari scores it."),
         ALL, (("scopa", "deck"), ("settemezzo", "cards"), ("stoppa", "punto"), ("saltacavallo", "deal"))),
    Term("di mano", _("In Stoppa, the player on the dealer's right: he gets the first card, speaks first and deals "
                      "next."),
         ("stoppa",), (("stoppa", "dealer"),)),
    Term("Fante", _("The jack, the lowest picture card: 8 in Scopa and Saltacavallo, a half in Sette e Mezzo, "
                    "10 in Stoppa's punto."),
         ALL, (("scopa", "deck"), ("settemezzo", "cards"), ("stoppa", "pack"), ("saltacavallo", "cards"))),
    Term("giro", _("In Stoppa, a round of deals: it is over when everyone has dealt once."),
         ("stoppa",), (("stoppa", "dealer"),)),
    Term("matta", _("In Sette e Mezzo, the Re di Denari, a wild card: it is worth a half or any whole number from 1 "
                    "to 7, whichever helps the hand most."),
         ("settemezzo",), (("settemezzo", "cards"),)),
    Term("mazziere", _("The dealer. In Sette e Mezzo he is also the bank, whom every other player plays against."),
         ALL, (("settemezzo", "dealer"), ("stoppa", "dealer"))),
    Term("mi basta", _("\"That's enough for me\": in a Stoppa showdown, giving up without showing your cards."),
         ("stoppa",), (("stoppa", "contest"),)),
    Term("misera", _("Stoppa's unit of chips: everyone puts one misera into the pot at each deal, and every payment "
                     "is counted in misere."),
         ("stoppa",), (("stoppa", "dealer"),)),
    Term("morto", _("\"Dead\": in Saltacavallo, a player with no lives left. He is dealt no more cards."),
         ("saltacavallo",), (("saltacavallo", "end"),)),
    Term("Napola", _("One of the Neapolitan bonuses of Scopa: the Asso, Due and Tre di Denari in your pile score 3, "
                     "and each Denari that carries the run on without a gap scores one more."),
         ("scopa",), (("scopa", "napoletana"),)),
    Term("Napoleone", _("One of the Neapolitan bonuses of Scopa: capturing all ten Denari in one hand wins the game "
                        "outright."),
         ("scopa",), (("scopa", "napoletana"),)),
    Term("primiera", _("In Scopa's count, the point for the best four cards, one of each suit, valued in a scale of "
                       "their own with the Sette on top (21). A pile that lacks a suit has no primiera."),
         ("scopa",), (("scopa", "primiera"),)),
    Term("punto", _("In Stoppa, what your best cards of one suit are worth (three at most): Sette 21, Sei 18, Asso 16, "
                    "and so on down to 10 for a figure. 55 is the best punto there is."),
         ("stoppa",), (("stoppa", "punto"),)),
    Term("punto grosso", _("Stoppa's second phase: one contest on the best punto among all the cards you hold."),
         ("stoppa",), (("stoppa", "phase-2"),)),
    Term("punto piccolo", _("A contest of Stoppa's first phase, played on a hand of just three cards."),
         ("stoppa",), (("stoppa", "phase-1"),)),
    Term("Re", _("The king, the highest picture card: 10 in Scopa and Saltacavallo, a half in Sette e Mezzo, 10 in "
                 "Stoppa's punto. In Saltacavallo he is safe, and a wall: no swap can reach him or pass him."),
         ALL, (("scopa", "deck"), ("settemezzo", "cards"), ("stoppa", "pack"), ("saltacavallo", "kings-knights"))),
    Term("re bello", _("\"The handsome king\", the Re di Denari. With the Re Bello rule, whoever captures it in Scopa "
                       "scores one point, as for the settebello."),
         ("scopa",), (("scopa", "re-bello"),)),
    Term("reale", _("In Sette e Mezzo, a 7½ made with just two cards: a Sette with a picture card or the matta, or a "
                    "picture card with the matta. The dealer pays it double, unless he has one too."),
         ("settemezzo",), (("settemezzo", "cards"),)),
    Term("regola del vile", _("\"The coward's rule\": in Scopa d'Assi dealt ten cards each, a house rule that bars "
                              "the first player from leading an Asso."),
         ("scopa",), (("scopa", "house-rules"),)),
    Term("sballato", _("Bust: in Sette e Mezzo, a total above 7½. You lose your chips at once."),
         ("settemezzo",), (("settemezzo", "cards"),)),
    Term("scopa", _("A sweep (the word means \"broom\"): a capture that leaves the table empty, one point each. "
                    "The very last card of a hand never makes a scopa."),
         ("scopa",), (("scopa", "sweep"),), ("Scope",)),
    Term("settebello", _("The Sette di Denari, the most wanted card of Scopa: whoever captures it scores a point."),
         ("scopa",), (("scopa", "deck"),)),
    Term("sette e mezzo", _("Seven and a half, the best total of the game that bears its name."),
         ("settemezzo",), (("settemezzo", "cards"),)),
    Term("Spade", _("Swords: one of the four suits, drawn as blue steel blades."),
         ALL, (("scopa", "deck"), ("stoppa", "punto"))),
    Term("sto", _("\"I stand\": in Sette e Mezzo, what you say to take no more cards."),
         ("settemezzo",), (("settemezzo", "your-turn"),)),
    Term("stoppata", _("Stoppa's last phase, a race to empty your hand by laying cards in runs that climb one rank "
                       "at a time."),
         ("stoppa",), (("stoppa", "phase-3"),)),
    Term("stoppata di mano", _("Going out of cards in your very first turn of the stoppata: every payment to you is "
                               "doubled."),
         ("stoppa",), (("stoppa", "phase-3"),)),
    Term("vedo", _("\"I see\": in Stoppa, matching the chips of whoever opened or raised, to stay in the contest."),
         ("stoppa",), (("stoppa", "contest"),)),
), key=Term.sort_key))


def terms_of(game: str | None) -> list[Term]:
    """The glossary, or the words one game uses."""
    return [term for term in TERMS if game is None or game in term.games]
