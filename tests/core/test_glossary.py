"""The glossary (DESIGN.md, "Words"): every Italian word a rules page defines is in it, each of its
links lands on the section of the rules that explains the word, and it can show one game's words."""
import re

import pytest
from django.urls import reverse

from tutorials.core.games import GAMES
from tutorials.core.glossary import TERMS, terms_of

pytestmark = pytest.mark.django_db

SLUGS = [game.slug for game in GAMES]
DEFINED = re.compile(r'<dfn lang="it">(.*?)</dfn>', re.S)
ENTRY = re.compile(r'<div class="glossary__entry" id="([^"]+)">')


def _html(client, url: str, status: int = 200, **headers) -> str:
    response = client.get(url, **headers)
    assert response.status_code == status
    return response.content.decode()


def _rules(client, slug: str) -> str:
    return _html(client, reverse("rules", args=[slug]))


def _known(term) -> set[str]:
    return {word.casefold() for word in (term.word, *term.forms)}


@pytest.mark.parametrize("slug", SLUGS)
def test_every_word_a_rules_page_defines_is_in_the_glossary_for_that_game(client, slug):
    defined = {" ".join(word.split()).casefold() for word in DEFINED.findall(_rules(client, slug))}
    assert defined, "a rules page with no defined word: the pattern no longer matches"
    listed = {word for term in terms_of(slug) for word in _known(term)}
    assert defined - listed == set()


@pytest.mark.parametrize("slug", SLUGS)
def test_every_link_to_the_rules_lands_on_a_section_of_that_page(client, slug):
    ids = set(re.findall(r'\bid="([^"]+)"', _rules(client, slug)))
    sections = {section for term in TERMS for game, section in term.rules if game.slug == slug}
    assert sections and sections - ids <= {""}


def test_a_word_is_explained_only_in_the_rules_of_games_that_use_it_and_listed_once():
    for term in TERMS:
        assert {game.slug for game, _ in term.rules} <= set(term.games), term.word
    assert len({term.anchor for term in TERMS}) == len(TERMS)
    words = [word for term in TERMS for word in _known(term)]
    assert len(words) == len(set(words))
    assert [term.word.casefold() for term in TERMS] == sorted(term.word.casefold() for term in TERMS)


def test_the_page_lists_every_word_with_its_links_and_a_game_only_its_own(client):
    every = _html(client, reverse("core:glossary"))
    assert ENTRY.findall(every) == [term.anchor for term in TERMS]
    assert 'href="/scopa/rules/#primiera"' in every and 'href="/settemezzo/rules/#cards"' in every
    stoppa = _html(client, reverse("core:glossary") + "?game=stoppa")
    shown = ENTRY.findall(stoppa)
    assert "misera" in shown and "settebello" not in shown and "matta" not in shown
    assert shown == [term.anchor for term in TERMS if "stoppa" in term.games]


def test_a_game_the_site_does_not_have_is_a_400_that_says_so_above_every_word(client):
    html = _html(client, reverse("core:glossary") + "?game=chess", status=400)
    assert "There is no such game here" in html
    assert len(ENTRY.findall(html)) == len(TERMS)


def test_in_italian_the_words_stay_and_their_meanings_are_translated(client):
    html = _html(client, reverse("core:glossary") + "?game=settemezzo", HTTP_ACCEPT_LANGUAGE="it")
    assert "<h1>Glossario</h1>" in html and '<dfn lang="it">reale</dfn>' in html
    assert "made with just two cards" not in html and "fatto con due carte soltanto" in html


@pytest.mark.parametrize("slug", SLUGS)
def test_a_game_s_home_and_rules_link_to_its_words(client, slug):
    link = f'href="{reverse("core:glossary")}?game={slug}"'
    assert link in _html(client, reverse("game_home", args=[slug]))
    assert link in _rules(client, slug)
