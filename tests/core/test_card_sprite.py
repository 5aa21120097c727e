"""The card sprite static/cards/cards.svg: complete, self-consistent and up to date."""

import importlib.util
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SPRITE = ROOT / "static" / "cards" / "cards.svg"
GENERATOR = ROOT / "scripts" / "draw_cards.py"
SVG = "{http://www.w3.org/2000/svg}"

FACE_IDS = {f"card-{rank}{suit}" for suit in "DCSB" for rank in range(1, 11)}
CARD_IDS = FACE_IDS | {"card-back"}
PIP_IDS = {f"pip-{suit}" for suit in "DCSB"}


def load_generator():
    spec = importlib.util.spec_from_file_location("draw_cards", GENERATOR)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def root() -> ET.Element:
    return ET.fromstring(SPRITE.read_text(encoding="utf-8"))  # raises if malformed


@pytest.fixture(scope="module")
def card_symbols(root) -> dict[str, ET.Element]:
    return {
        el.get("id"): el
        for el in root.iter(f"{SVG}symbol")
        if el.get("id", "").startswith("card-") and el.get("id") != "card-face"
    }


def href_targets(element: ET.Element) -> list[str]:
    return [use.get("href", "") for use in element.iter(f"{SVG}use")]


def test_sprite_is_a_hidden_svg_root(root):
    assert root.tag == f"{SVG}svg"
    assert root.get("style") == "display:none"


def test_exactly_the_41_card_symbols_exist(card_symbols):
    assert set(card_symbols) == CARD_IDS


def test_pip_symbols_exist(root):
    ids = {el.get("id") for el in root.iter() if el.get("id")}
    assert PIP_IDS <= ids


def test_every_card_has_the_card_viewbox(card_symbols):
    for card_id, symbol in card_symbols.items():
        assert symbol.get("viewBox") == "0 0 60 96", card_id


def test_every_face_uses_a_suit_pip_or_figure(card_symbols):
    for card_id in FACE_IDS:
        targets = href_targets(card_symbols[card_id])
        assert any(t.startswith(("#pip-", "#fig-")) for t in targets), card_id
        suit = card_id[-1]
        assert f"#pip-{suit}" in targets, card_id


def test_figures_use_their_figure_symbol(card_symbols):
    for suit in "DCSB":
        for rank, figure in ((8, "fante"), (9, "cavallo"), (10, "re")):
            assert f"#fig-{figure}" in href_targets(card_symbols[f"card-{rank}{suit}"])


def test_every_use_points_at_an_existing_id(root):
    ids = {el.get("id") for el in root.iter() if el.get("id")}
    for target in href_targets(root):
        assert target.startswith("#"), target
        assert target[1:] in ids, target


def test_no_external_references_or_current_color():
    text = SPRITE.read_text(encoding="utf-8")
    assert "currentColor" not in text
    assert "<image" not in text
    assert "url(" not in text
    assert "xlink" not in text


def test_committed_sprite_matches_the_generator():
    generated = load_generator().build_sprite()
    assert SPRITE.read_text(encoding="utf-8") == generated, (
        "static/cards/cards.svg is stale: run .venv/bin/python scripts/draw_cards.py"
    )


ROTATED = "rotate(180 30 48)"


@pytest.mark.parametrize("rank", range(1, 11))
def test_six_and_nine_are_underlined_in_both_corners(card_symbols, rank):
    """Upside down, a 6 looks like a 9: printed packs underline both, so do we (issue 17)."""
    for suit in "DCSB":
        symbol = card_symbols[f"card-{rank}{suit}"]
        parents = {child: parent for parent in symbol.iter() for child in parent}
        top, bottom = symbol.iter(f"{SVG}text")
        assert ROTATED in (bottom.get("transform"), parents[bottom].get("transform"))
        underlines = [sum(1 for c in parents[text] if c.tag == f"{SVG}path") for text in (top, bottom)]
        assert underlines == ([1, 1] if rank in (6, 9) else [0, 0]), (rank, suit)
