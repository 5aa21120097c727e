"""Two languages over HTTP (issue 17): the browser's Accept-Language picks the default, the
header's switch changes it and the cookie remembers it, htmx requests keep it, the same URLs serve
both; pages, tables, puzzle verdicts, engine refusals and rules pages speak Italian."""
import html
import re

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils import translation

from tests.tables.support import create_table, post_action
from tutorials.puzzles.models import Puzzle
from tutorials.puzzles.registry import PUZZLE_GAMES
from tutorials.puzzles.services import puzzles_store
from tutorials.tables.models import Table

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}
COOKIE = settings.LANGUAGE_COOKIE_NAME
SCOPA_TABLE = {"variant": "SCOPA_2P", "opponent": "greedy", "seed": "17"}


@pytest.fixture
def italian() -> Client:
    """A browser whose first language is Italian."""
    return Client(HTTP_ACCEPT_LANGUAGE="it-IT,it;q=0.9,en;q=0.5")


def _text(response) -> str:
    page = re.sub(r"<(script|svg)\b.*?</\1>", " ", response.content.decode(), flags=re.S)
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)))


def _hand(table: Table) -> list[str]:
    """The learner's cards at a Scopa table (seat 0's hand in the engine's text form)."""
    table.refresh_from_db()
    return table.state_text.split("|")[-1].split()[0].split("/")[0].split(",")


def _not_in_hand(table: Table) -> str:
    return next(code for code in ("9S", "1C", "2B") if code not in _hand(table))


def _lang(response) -> str:
    return re.search(r'<html lang="([^"]+)"', response.content.decode()).group(1)


@pytest.mark.parametrize(("url", "italian_words"), [
    ("/", "Impara i giochi di carte napoletane"),
    ("/scopa/", "Un tavolo di allenamento contro il computer."),
    ("/scopa/rules/", "Come si gioca a Scopa"),
    ("/settemezzo/rules/", "Come si gioca a Sette e Mezzo"),
    ("/stoppa/rules/", "Terza fase: la stoppata"),
    ("/saltacavallo/rules/", "Il Re fa da muro."),
    ("/scopa/play/", "Distribuisci le carte"),
    ("/progress/", "I tuoi progressi"),
    ("/settemezzo/lab/", "Laboratorio di strategia"),
])
def test_an_italian_browser_gets_italian_pages(italian, url, italian_words):
    response = italian.get(url)
    assert response.status_code == 200 and _lang(response) == "it"
    assert italian_words in _text(response)
    assert "Accept-Language" in response["Vary"] and response["Content-Language"] == "it"


def test_a_browser_with_neither_language_gets_english():
    response = Client(HTTP_ACCEPT_LANGUAGE="fr-FR,fr;q=0.9").get("/")
    assert _lang(response) == "en" and "Learn the Neapolitan card games" in _text(response)


def test_the_rules_pages_are_cached_per_language(client, italian):
    """The rules pages come from the cache: each language keeps its own copy."""
    for _round in range(2):
        assert "How to play Stoppa" in _text(client.get("/stoppa/rules/"))
        assert "Come si gioca a Stoppa" in _text(italian.get("/stoppa/rules/"))


def test_the_italian_rules_pages_name_cards_in_italian_only(italian):
    """No English card words left in the Italian pages (the English ones gloss each figure once)."""
    english = re.compile(r"\b(?:aces?|kings?|knights?|jacks?|queens?|deck|dealer|chips?|stake)\b", re.IGNORECASE)
    for slug in ("scopa", "settemezzo", "stoppa", "saltacavallo"):
        main = _text(italian.get(f"/{slug}/rules/")).split("Vai al contenuto")[-1]
        assert english.findall(main) == [], slug


def test_a_table_speaks_italian_and_so_do_the_engines_refusals(italian):
    table = create_table(italian, "scopa", SCOPA_TABLE)
    page = _text(italian.get(reverse("play_table", args=["scopa", table.public_id])))
    assert "Tocca a te: gioca una carta." in page and "Regole della Scopa" in page
    refused = post_action(italian, table, _not_in_hand(table), settle=False)
    assert refused.status_code == 400
    message = _text(refused)
    assert "non è nella tua mano" in message and "regola" in message  # the rule cited, as a link


def test_a_puzzle_verdict_and_its_explanations_in_italian(italian, shipped_specs):
    puzzles_store(game="scopa", specs=shipped_specs[:3])
    puzzle = Puzzle.objects.order_by("pk").first()
    spec = PUZZLE_GAMES["scopa"].spec(puzzle.spec)
    page = italian.get(reverse("puzzle_show", args=["scopa", puzzle.pk]))
    assert "Tutte le carte sono note" in _text(page) or "Tocca a te" in _text(page)
    worst = spec.verdicts[-1].answer
    card, _x, taken = worst.partition("x")
    answer = {"card": card, "take": taken.split("+") if taken else [], "number": "0"}
    result = _text(italian.post(reverse("puzzle_answer", args=["scopa", puzzle.pk]), answer, **HTMX))
    assert "Non è la risposta migliore." in result and "Tutte le risposte, dalla migliore" in result
    with translation.override("it"):
        explanations = [spec.explain(v) for v in spec.verdicts]
    assert all(e in result for e in explanations)
    assert any(re.search(r"\d,\d punt[oi]", e) for e in explanations)  # "2,0 punti": the Italian decimal comma
    with translation.override("en"):
        assert spec.explain(spec.verdicts[0]) not in result


def test_the_header_switch_sets_the_language_and_the_cookie_remembers_it(client):
    home = client.get("/stoppa/rules/")
    form = re.search(r'<form class="language-switch".*?</form>', home.content.decode(), re.S).group(0)
    assert 'action="/i18n/setlang/"' in form and 'name="csrfmiddlewaretoken"' in form
    assert 'name="next" value="/stoppa/rules/"' in form and 'value="it"' in form and 'lang="it"' in form
    switched = client.post("/i18n/setlang/", {"language": "it", "next": "/stoppa/rules/"})
    assert switched.status_code == 302 and switched["Location"] == "/stoppa/rules/"
    cookie = switched.cookies[COOKIE]
    assert cookie.value == "it" and int(cookie["max-age"]) >= 300 * 24 * 3600 and cookie["samesite"] == "Lax"
    # the choice outranks the browser's own language, on every page and in htmx requests
    again = client.get("/stoppa/rules/", HTTP_ACCEPT_LANGUAGE="en")
    assert _lang(again) == "it" and "Come si gioca a Stoppa" in _text(again)
    assert "Impara i giochi" in _text(client.get("/", HTTP_ACCEPT_LANGUAGE="en"))
    back = client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    assert back.cookies[COOKIE].value == "en" and _lang(client.get("/", HTTP_ACCEPT_LANGUAGE="it")) == "en"


def test_htmx_requests_keep_the_chosen_language(client):
    client.post("/i18n/setlang/", {"language": "it", "next": "/"})
    table = create_table(client, "scopa", SCOPA_TABLE)
    refused = post_action(client, table, _not_in_hand(table), settle=False)
    assert "non è nella tua mano" in _text(refused)
    chosen = client.get(reverse("play_table", args=["scopa", table.public_id]), **HTMX)
    assert "Tocca a te" in _text(chosen) and "<html" not in chosen.content.decode()  # a fragment, in Italian


def test_the_switch_is_a_csrf_protected_post():
    strict = Client(enforce_csrf_checks=True)
    assert strict.post("/i18n/setlang/", {"language": "it", "next": "/"}).status_code == 403
    assert COOKIE not in strict.cookies
    assert strict.get("/i18n/setlang/").status_code in (302, 405)  # a GET changes nothing
    assert COOKIE not in strict.cookies


def test_the_switch_never_sends_a_learner_to_another_site(client):
    response = client.post("/i18n/setlang/", {"language": "it", "next": "https://elsewhere.example/"})
    assert response.status_code == 302 and "elsewhere" not in response["Location"]
    assert client.post("/i18n/setlang/", {"language": "xx", "next": "/"}).cookies.get(COOKIE) is None


def test_every_kind_of_page_offers_the_switch(client, shipped_specs):
    puzzles_store(game="scopa", specs=shipped_specs[:1])
    table = create_table(client, "scopa", SCOPA_TABLE)
    pages = ["/", "/scopa/", "/scopa/rules/", "/scopa/learn/", "/scopa/puzzles/", "/progress/",
             reverse("puzzle_show", args=["scopa", Puzzle.objects.get().pk]),
             reverse("play_table", args=["scopa", table.public_id]), "/accounts/login/", "/nowhere/"]
    for url in pages:
        assert 'data-testid="language-switch"' in client.get(url).content.decode(), url


def test_a_tables_story_follows_the_learner_into_the_other_language(client):
    """The narration is written at each move in both languages: after a switch, the moves made
    before it read in the new language."""
    table = create_table(client, "scopa", {**SCOPA_TABLE, "seed": "4"})
    post_action(client, table, _hand(table)[0])
    table.refresh_from_db()
    assert all(set(entry["text"]) == {"en", "it"} for entry in table.log)
    url = reverse("play_table", args=["scopa", table.public_id])
    english = _text(client.get(url))
    client.post("/i18n/setlang/", {"language": "it", "next": url})
    italian = _text(client.get(url))
    assert any(entry["text"]["en"] in english for entry in table.log if entry["text"]["en"])
    assert any(entry["text"]["it"] in italian for entry in table.log if entry["text"]["it"])


def test_a_finished_games_outcome_reads_in_the_readers_language(client, italian):
    client.get("/")  # the anonymous learner's session
    table = create_table(client, "scopa", SCOPA_TABLE)
    Table.objects.filter(pk=table.pk).update(
        finished=True, outcome={"en": "You won, 11–7.", "it": "Vittoria: Tu, 11–7."})
    assert "You won, 11–7." in _text(client.get("/progress/"))
    client.post("/i18n/setlang/", {"language": "it", "next": "/progress/"})
    assert "Vittoria: Tu, 11–7." in _text(client.get("/progress/"))
    Table.objects.filter(pk=table.pk).update(outcome="You won, 11–7.")  # a row from before: shown as it is
    assert "You won, 11–7." in _text(client.get("/progress/"))
