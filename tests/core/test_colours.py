"""The stylesheet's colour pairs for words meet WCAG AA (4.5:1), worked out from the colours
themselves: axe cannot measure text on the felt's radial gradient, whose light centre
(--felt-light) is the hardest ground there (issue 17)."""
import re
from pathlib import Path

import pytest

CSS = (Path(__file__).resolve().parents[2] / "static" / "css" / "site.css").read_text(encoding="utf-8")
VARIABLES = dict(re.findall(r"--([a-z-]+):\s*(#[0-9a-fA-F]{6})", CSS))


def _colour(name: str) -> str:
    return VARIABLES[name[2:]] if name.startswith("--") else name


def luminance(hex_colour: str) -> float:
    channels = [int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    high, low = sorted([luminance(_colour(a)), luminance(_colour(b))], reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_the_contrast_formula_on_known_pairs():
    assert contrast("#000000", "#ffffff") == pytest.approx(21)
    assert contrast("#d4a017", "#1f5135") == pytest.approx(3.86, abs=0.01)  # the audit's figure


@pytest.mark.parametrize(("text", "ground"), [
    ("--gold-text", "--felt-light"),  # phase titles, labels, pots at the felt's centre
    ("--gold-text", "--felt"),
    ("--gold-text", "--felt-dark"),  # scores, the hand's punto
    ("--cream", "--felt-light"),
    ("--ink", "--gold"),  # badges, the pot, "in" tags
    ("--ink", "--cream"),  # the "di mano" badge
    ("#ffffff", "#2f6b2f"),  # the "best" badge
    ("#ffffff", "--accent"),  # primary buttons, the "lost a life" tag
    ("--muted", "--cream"),
    ("--muted", "#f4efe3"),  # the page's ground
    ("--accent-dark", "--cream"),
])
def test_words_have_aa_contrast(text, ground):
    assert contrast(text, ground) >= 4.5


def test_the_stars_won_stand_out_from_the_cream():
    star = re.search(r"\.star--on \{ color: (#[0-9a-f]{6})", CSS).group(1)
    assert contrast(star, "--cream") >= 3  # a picture's contrast (WCAG 1.4.11)
