"""The four games the site teaches, as the home page and navigation present them."""
from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _


@dataclass(frozen=True)
class GameInfo:
    slug: str
    name: str
    tagline: str
    players: str  # what the practice table seats (tests/core/test_home.py checks it against the forms)
    emblem: str  # a card shown as the game's picture
    playable: bool
    rules_title: str  # "Rules of Scopa": each its own sentence, for Italian's article (della Scopa, del Sette e Mezzo)


GAMES = (
    GameInfo("scopa", "Scopa", _("Capture cards from the table by pairing or by sums; sweep it clean for a scopa."),
             _("2, 3 or 4 players"), "7D", True, _("Rules of Scopa")),
    GameInfo("settemezzo", "Sette e Mezzo", _("Draw towards seven and a half without going over; beat the bank."),
             _("2 to 4 players"), "10D", True, _("Rules of Sette e Mezzo")),
    GameInfo("stoppa", "Stoppa", _("Bet on the best three cards of a suit, then shed your hand in runs."),
             _("3 to 6 players"), "1D", True, _("Rules of Stoppa")),
    GameInfo("saltacavallo", "Saltacavallo", _("Keep your card or swap it; kings wall, horses are jumped, the lowest loses a life."),
             _("3 to 10 players"), "9B", True, _("Rules of Saltacavallo")),
)
GAMES_BY_SLUG = {game.slug: game for game in GAMES}
