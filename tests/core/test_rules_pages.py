"""The rules pages (issue 18): one name per card, the Italian one, and the Stoppa page's worked
examples, each number of which is recomputed here with the engine from the cards the page shows."""
import re
from html.parser import HTMLParser

import pytest
from django.urls import reverse

from neapolitan.cards import PRIMIERA_VALUE, parse_card, parse_cards
from neapolitan.errors import IllegalAction
from neapolitan.stoppa import Rules, position
from neapolitan.stoppa.contest import open_bounds
from neapolitan.stoppa.punto import punto, punto_cards
from neapolitan.stoppa.stoppata import cancels, payment

pytestmark = pytest.mark.django_db

SLUGS = ("scopa", "settemezzo", "stoppa", "saltacavallo")

# The English words a page may still show: one gloss where it introduces each figure, and the
# translation of a game's name. Each must appear exactly once on its page.
ALLOWED = {
    "scopa": ("Fante (a jack)", "Cavallo (a knight, on horseback)", "Re (a king)"),
    "settemezzo": ("Fante (a jack)", "Cavallo (a knight)", "Re (a king)"),
    "stoppa": (
        "Fante (a jack)", "Cavallo (a knight)", "Re (a king)",
    ),
    "saltacavallo": (
        'Asso che fugge ("the Ace that runs away")',  # the game's other name, translated
        "Re (the kings)", "Cavalli (the knights)", "Fante (a jack, 8)",
    ),
}
ENGLISH_CARD_WORD = re.compile(
    r"\b(?:aces?|kings?|knights?|jacks?|queens?|twos|threes|fours|fives|sixes|sevens)\b", re.IGNORECASE
)
NUMBER_OF_SUIT = re.compile(
    r"\b(?:Ace|One|Two|Three|Four|Five|Six|Seven|Eight|Nine|Ten|Jack|Knight|King|Queen"
    r"|Asso|Due|Tre|Quattro|Cinque|Sei|Sette|Fante|Cavallo|Re)\s+of\s+(?:Denari|Coppe|Spade|Bastoni)\b",
    re.IGNORECASE,
)


VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class _Page(HTMLParser):
    """The visible text of a page, and each element with an id: its text and its groups of pictured
    cards (one group per `.cards` row)."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.ids: dict[str, dict] = {}
        self._stack: list[str] = []
        self._open: list[tuple[int, dict]] = []  # (depth, record) of the elements with an id being read
        self._skip = 0

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        self._skip += tag in ("script", "style")
        for _, record in self._open:
            if "cards" in (attrs.get("class") or "").split():
                record["groups"].append([])
            if "data-card" in attrs and record["groups"]:
                record["groups"][-1].append(attrs["data-card"])
        if tag in VOID:
            return
        self._stack.append(tag)
        if "id" in attrs:
            record = {"parts": [], "groups": []}
            self.ids[attrs["id"]] = record
            self._open.append((len(self._stack), record))

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.handle_endtag(tag)

    def handle_endtag(self, tag):
        self._skip -= tag in ("script", "style")
        if tag in VOID or tag not in self._stack:
            return
        while self._stack:
            if self._open and self._open[-1][0] == len(self._stack):
                self._open.pop()
            if self._stack.pop() == tag:
                break

    def handle_data(self, data):
        if self._skip:
            return
        self.parts.append(data)
        for _, record in self._open:
            record["parts"].append(data)


def _squash(parts: list[str]) -> str:
    return " ".join(" ".join(parts).split())


def _page(client, slug: str) -> _Page:
    response = client.get(reverse("rules", args=[slug]))
    assert response.status_code == 200
    page = _Page()
    page.feed(response.content.decode())
    return page


def _text(client, slug: str) -> str:
    return _squash(_page(client, slug).parts)


def _example(client, name: str) -> tuple[str, list[list]]:
    """The text of a Stoppa worked example and its groups of pictured cards."""
    page = _page(client, "stoppa")
    record = page.ids[f"example-{name}"]
    groups = [[parse_card(c) for c in group] for group in record["groups"]]
    assert groups and all(groups)
    return _squash(record["parts"]), groups


def _play(state, *texts):
    for text in texts:
        state = state.apply_text(text)
    return state


# -- one name per card ------------------------------------------------------------------------------
@pytest.mark.parametrize("slug", SLUGS)
def test_rules_pages_name_cards_in_italian_with_one_gloss_per_figure(client, slug):
    text = _text(client, slug)
    for phrase in ALLOWED[slug]:
        assert text.count(phrase) == 1, (slug, phrase, text.count(phrase))
        text = text.replace(phrase, " ")
    assert not ENGLISH_CARD_WORD.findall(text), (slug, ENGLISH_CARD_WORD.findall(text))
    assert not NUMBER_OF_SUIT.findall(text), (slug, NUMBER_OF_SUIT.findall(text))


def test_the_allowed_glosses_are_few():
    assert sum(len(phrases) for phrases in ALLOWED.values()) == 13
    figures = [p for phrases in ALLOWED.values() for p in phrases if re.search(r"jack|knight|king", p)]
    assert len(figures) == 12  # Fante, Cavallo and Re, once on each of the four pages


def test_the_pages_use_the_italian_names_of_the_engine(client):
    from neapolitan.cards import Card

    scopa = _text(client, "scopa")
    for card in (Card(7, "D"), Card(7, "C"), Card(6, "S"), Card(1, "B")):
        assert card.italian_name in scopa  # the primiera example
    assert "Re di Denari" in _text(client, "settemezzo") and "Re di Denari" in _text(client, "saltacavallo")
    assert "Asso di Denari" in _text(client, "stoppa")


# -- the Stoppa worked examples ---------------------------------------------------------------------
OTHERS = "3B 4S 5D"  # a three-card hand for the players whose cards do not matter


def test_the_contest_example_STOPPA_EX_5(client):
    text, (opener, dealer) = _example(client, "contest")
    # Four players: di mano, the second player (the opener), the third, the dealer; the pot holds
    # everyone's misera and the dealer's extra one.
    rules = Rules(players=4)
    pot = rules.players * rules.misera + rules.misera
    assert rules.misera == 1 and "Four players, a misera of one chip" in text
    assert pot == 5 and "the pot holds 5" in text

    high = open_bounds(pot=pot, misera=rules.misera, stack=None)[1]
    assert high == 5 and f"opens with {high}, the most he may" in text

    state = position(rules, [OTHERS, opener, OTHERS, dealer], pot=pot)
    state = _play(state, "pass", f"open {high}")
    assert state.pot == 10 and f"the pot is now {state.pot}" in text
    state = _play(state, "fold", "call")
    assert state.hand_no == 2  # the contest is over

    shown = punto_cards(opener)
    values = " + ".join(str(PRIMIERA_VALUE[c.rank]) for c in shown)
    assert punto(opener) == 33 and f"a punto of {punto(opener)} ({values})" in text
    assert [c.italian_name for c in shown] == ["Sette di Denari", "Due di Denari"]
    assert "the Sette and Due di Denari" in text
    assert punto(dealer) == punto(opener) and f"dealer also holds {punto(dealer)}" in text
    assert [c.italian_name for c in punto_cards(dealer)] == ["Sette di Spade", "Due di Spade"]
    assert "the Sette and Due di Spade" in text

    # Only the opener showed: the dealer's equal punto could not be shown (mi basta).
    assert [(r.seat, r.value) for r in state.prev.reveals] == [(1, 33)]
    assert state.prev.awards == ((1, 15),)
    assert "which makes the pot 15" in text and "The second player takes the whole pot of 15" in text
    assert state.ledger[1][1] == 5 and state.ledger[3][1] == 5
    assert "his own 5, the dealer's 5 and the 5 that were there before" in text


EX12 = ["1S 3S 4S 5S 6S 7S 8S 9S 10S 3D", "1B 2C 3C 4C 5C 6C 7C 8C 9C 10C",
        "2D 2S 2B 4D 5D 6D 7D 8D 9D 10D", "1D 1C 3B 4B 5B 6B 7B 8B 9B 10B"]


def test_the_asso_example_STOPPA_EX_12(client):
    text, (run, held) = _example(client, "asso")
    assert [str(c) for c in run] == ["1S"] and sorted(map(str, held)) == ["1B", "2C"]
    hands = list(EX12)
    assert set(parse_cards(hands[0])) >= set(run) and set(parse_cards(hands[1])) >= set(held)
    state = _play(position(Rules(), hands, phase="III"), str(run[0]))
    assert state.to_act == 1  # di mano has no Due: the turn passes to his right
    assert "has no Due, so the turn passes to his right" in text
    assert set(map(str, state.legal_actions())) == {"2C", "1B+2C"}
    assert "he may lay it alone, or lay his Asso di Bastoni together with it" in text
    with pytest.raises(IllegalAction, match="STOPPA-9.9"):
        state.apply_text("1B")
    assert "The Asso alone is not allowed" in text
    # The Asso but no Due: he cannot play, and the turn passes on.
    p2 = hands[1].replace("2C", "4D")
    p3 = hands[2].replace("4D", "2C")
    state = _play(position(Rules(), [hands[0], p2, p3, hands[3]], phase="III"), "1S")
    assert state.to_act == 2
    assert "he could not play at all, and the turn would pass on again" in text


def test_the_stoppata_example_STOPPA_EX_9(client):
    text, (first, second, third) = _example(client, "stoppata")
    rules = Rules(players=6)
    others = ["1S 2S 3S 4S 5S 6S", "7S 8S 9S 1B 2B 3B", "4B 5B 6B 7B 8B 9B"]
    hands = [first, second, third, *map(parse_cards, others)]
    assert all(len(h) == rules.cards_each == 6 for h in hands)
    assert "the three others also hold six cards each" in text
    assert rules.copies(10) == 0 and "there is no Re in the pack" in text
    assert not any(cancels(tuple(h), rules) for h in hands) and "Nobody has three Due" in text

    state = position(rules, hands, phase="III")
    state = _play(state, "1D+1C", "2D", "3D", "4D")
    assert "lays his two Assi together and goes on with the Due, Tre and Quattro di Denari" in text
    assert state.to_act == 1 and [c.italian_name for c in state.hands[0]] == ["Cavallo di Denari"]
    assert "he holds only the Cavallo di Denari" in text
    state = _play(state, "5D", "6D", "7D", "8D")
    assert state.to_act == 2 and "takes over with the 5, 6, 7 and Fante di Denari" in text
    state = _play(state, "9C")
    assert state.stoppata.top == 0 and state.to_act == 2  # the Cavallo closed: he starts again
    assert "the Cavallo di Coppe, which closes the run" in text
    state = _play(state, "4C", "5C", "6C", "7C", "8C")
    assert state.is_over and state.stoppata.winner == 2 and not state.hands[2]

    assert state.stoppata.double and "a stoppata di mano, so every payment is doubled" in text
    left = [len(h) for h in state.hands]
    assert left == [1, 2, 0, 6, 6, 6]
    paid = [payment(n, rules, double=True) for n in left]
    assert paid == [0, 2, 0, 6, 6, 6]
    assert state.net() == (-paid[0], -paid[1], 20, -paid[3], -paid[4], -paid[5])
    single = [payment(n, rules, double=False) for n in left]
    assert rules.misera == 1 and "With a misera of one chip, di mano, left with one card, pays nothing" in text
    assert f"the second player has two cards and pays {paid[1]} chips instead of {single[1]}" in text
    assert f"the other three have six each and pay {paid[3]} chips each instead of {single[3]}" in text
    assert f"The third player collects {state.net()[2]} chips." in text


def test_the_french_pack_note_keeps_forty_cards_and_the_matta(client):
    """SETTE-1.1 / the Scopa original: a French pack without its 8, 9 and 10 is a 40-card pack."""
    french = [(rank, suit) for rank in ["A", *map(str, range(2, 11)), "J", "Q", "K"] for suit in "♦♥♠♣"]
    kept = [card for card in french if card[0] not in ("8", "9", "10")]
    assert len(kept) == 40
    for slug, words in (("scopa", "remove the 8, 9 and 10 of every suit"),
                        ("settemezzo", "the highest figure of diamonds is then the matta")):
        html = client.get(f"/{slug}/rules/").content.decode()
        assert words in " ".join(re.sub(r"<[^>]+>", " ", html).split())
