"""Draw the Neapolitan 40-card pack as one SVG sprite: static/cards/cards.svg.

The sprite holds one set of reusable symbols (suit pips, the three figures, the
plain card face) and one ``card-{rank}{suit}`` symbol per card plus ``card-back``;
every card is assembled from ``<use>`` references to that shared set.

Run ``.venv/bin/python scripts/draw_cards.py`` to rewrite the file; the test
tests/core/test_card_sprite.py checks the committed file matches ``build_sprite()``.
Stdlib only.
"""

from __future__ import annotations

import math
from pathlib import Path

OUTPUT = Path(__file__).resolve().parents[1] / "static" / "cards" / "cards.svg"

CARD_W, CARD_H = 60, 96
SUITS = ("D", "C", "S", "B")
RANKS = tuple(range(1, 11))
FIGURES = {8: "fante", 9: "cavallo", 10: "re"}

# Palette (from the design notes).
CREAM = "#fbf6e9"
BORDER = "#6b5a3e"
GOLD, GOLD_DARK, GOLD_LIGHT = "#d4a017", "#8a6508", "#f0c94a"
RED, RED_DARK = "#b3261e", "#5e1510"
STEEL, STEEL_LIGHT = "#3a5f8f", "#9fb4cc"
GREEN, WOOD, WOOD_DARK, WOOD_LIGHT = "#5b7f2a", "#6b4423", "#3f2814", "#8e6238"
SKIN, SKIN_INK = "#f1d3b3", "#6b4a32"
BLUE, BLUE_DARK = "#2f5d8a", "#1d3350"
ERMINE = "#f8f5ee"
INK = "#2e2218"

# Rank-number colour per suit: gold-brown, red, steel blue, green.
SUIT_INK = {"D": GOLD_DARK, "C": RED, "S": STEEL, "B": "#4a6b1f"}

# Natural size (viewBox width, height) of each pip symbol.
PIP_BOX = {"D": (20, 20), "C": (20, 24), "S": (11, 30), "B": (12, 30)}
# How much taller than a coin each pip is drawn, so the suits look equally heavy.
PIP_STRETCH = {"D": 1.0, "C": 1.15, "S": 1.6, "B": 1.55}


# --------------------------------------------------------------------------- helpers


def num(value: float) -> str:
    """Format a coordinate compactly and deterministically."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("", "-0") else text


def attrs(**kwargs: object) -> str:
    """Render keyword arguments as SVG attributes (``stroke_width`` -> ``stroke-width``)."""
    parts = []
    for key, value in kwargs.items():
        if value is None:
            continue
        if isinstance(value, float | int):
            value = num(value)
        parts.append(f'{key.rstrip("_").replace("_", "-")}="{value}"')
    return " ".join(parts)


def shape(tag: str, **kwargs: object) -> str:
    return f"<{tag} {attrs(**kwargs)}/>"


def path(d: str, fill: str, stroke: str | None = None, width: float = 0.6, **extra) -> str:
    return shape(
        "path",
        d=d,
        fill=fill,
        stroke=stroke,
        stroke_width=width if stroke else None,
        stroke_linejoin="round" if stroke else None,
        **extra,
    )


def circle(
    cx: float, cy: float, r: float, fill: str, stroke: str | None = None, width: float = 0.6
) -> str:
    return shape(
        "circle",
        cx=cx,
        cy=cy,
        r=r,
        fill=fill,
        stroke=stroke,
        stroke_width=width if stroke else None,
    )


def ellipse(
    cx: float,
    cy: float,
    rx: float,
    ry: float,
    fill: str,
    stroke: str | None = None,
    width: float = 0.6,
) -> str:
    return shape(
        "ellipse",
        cx=cx,
        cy=cy,
        rx=rx,
        ry=ry,
        fill=fill,
        stroke=stroke,
        stroke_width=width if stroke else None,
    )


def symbol(symbol_id: str, width: float, height: float, body: list[str]) -> str:
    inner = "\n".join(f"  {line}" for line in body)
    return f'<symbol id="{symbol_id}" viewBox="0 0 {num(width)} {num(height)}">\n{inner}\n</symbol>'


def use(ref: str, x: float = 0, y: float = 0, width: float = CARD_W, height: float = CARD_H) -> str:
    return shape("use", href=f"#{ref}", x=x, y=y, width=width, height=height)


# --------------------------------------------------------------------------- suit pips


def draw_coin() -> str:
    """Denari: a gold coin with a ring and a sun in the middle."""
    rays = []
    for i in range(16):
        angle = i * 22.5
        radius = 5.6 if i % 2 == 0 else 3.2
        rays.append((radius, angle))
    points = " ".join(_polar(10, 10, r, a) for r, a in rays)
    return symbol(
        "pip-D",
        *PIP_BOX["D"],
        [
            circle(10, 10, 9.3, GOLD, GOLD_DARK, 1),
            circle(10, 10, 7, "none", GOLD_DARK, 0.7),
            shape(
                "polygon",
                points=points,
                fill=GOLD_LIGHT,
                stroke=GOLD_DARK,
                stroke_width=0.5,
                stroke_linejoin="round",
            ),
            circle(10, 10, 2.3, RED, GOLD_DARK, 0.5),
        ],
    )


def _polar(cx: float, cy: float, r: float, degrees: float) -> str:
    rad = math.radians(degrees)
    return f"{num(cx + r * math.sin(rad))},{num(cy - r * math.cos(rad))}"


def draw_cup() -> str:
    """Coppe: a gold goblet with a red band and a red knop on the stem."""
    return symbol(
        "pip-C",
        *PIP_BOX["C"],
        [
            path("M2,3H18C18,10 15,14 10,14C5,14 2,10 2,3Z", GOLD, GOLD_DARK, 0.8),
            path("M2.4,6.2H17.6C17.4,7.6 17,8.8 16.4,9.8H3.6C3,8.8 2.6,7.6 2.4,6.2Z", RED),
            ellipse(10, 3, 8, 1.6, GOLD_LIGHT, GOLD_DARK, 0.7),
            path("M9,13.6H11V19H9Z", GOLD, GOLD_DARK, 0.5),
            ellipse(10, 16.2, 2.3, 1.3, RED, RED_DARK, 0.4),
            path(
                "M4.5,23C4.5,20.6 8,19.2 10,18.6C12,19.2 15.5,20.6 15.5,23Z", GOLD, GOLD_DARK, 0.7
            ),
        ],
    )


def draw_sword() -> str:
    """Spade: a steel-blue sword, point up, with cross-guard, grip and pommel."""
    return symbol(
        "pip-S",
        *PIP_BOX["S"],
        [
            path("M5.5,0.5L8,4.2V21H3V4.2Z", STEEL_LIGHT, STEEL, 0.7),
            path("M5.5,4.4V20.4", "none", STEEL, 0.6),
            path(
                "M0.6,21.8C0.6,20.5 1.7,20.5 2.6,21H8.4C9.3,20.5 10.4,20.5 10.4,21.8"
                "C10.4,22.9 9.3,23.1 8.4,22.6H2.6C1.7,23.1 0.6,22.9 0.6,21.8Z",
                STEEL,
                "#233b5a",
                0.4,
            ),
            path("M4.3,22.8H6.7V27.2H4.3Z", WOOD, WOOD_DARK, 0.4),
            circle(5.5, 28.4, 1.5, STEEL, "#233b5a", 0.4),
        ],
    )


def draw_club() -> str:
    """Bastoni: a knotty wooden club, thick at the top, with green sprouts."""
    return symbol(
        "pip-B",
        *PIP_BOX["B"],
        [
            path(
                "M4.6,29.4C4.2,22 3.2,12 2.4,5.4C2,2.2 3.8,0.7 6,0.7C8.2,0.7 10,2.2 9.6,5.4"
                "C8.8,12 7.8,22 7.4,29.4Z",
                WOOD,
                WOOD_DARK,
                0.7,
            ),
            path("M5.2,3.5C5,10 5.4,18 5.8,27", "none", WOOD_LIGHT, 0.7),
            ellipse(3, 9, 1.3, 0.9, WOOD_LIGHT, WOOD_DARK, 0.5),
            ellipse(8.8, 14.5, 1.2, 0.85, WOOD_LIGHT, WOOD_DARK, 0.5),
            ellipse(4, 20, 1.1, 0.8, WOOD_LIGHT, WOOD_DARK, 0.5),
            path(
                "M8.9,14C10,11.6 11.4,11 11.9,11.3C11.8,12.8 10.6,13.9 8.9,14Z",
                GREEN,
                "#3c5a18",
                0.4,
            ),
            path(
                "M2.9,8.6C1.4,6.8 0.2,6.6 0.1,7.1C0.4,8.4 1.5,8.9 2.9,8.6Z", GREEN, "#3c5a18", 0.4
            ),
            path(
                "M7.6,24.6C9.2,23 10.4,23 10.8,23.4C10.4,24.6 9.2,25.1 7.6,24.6Z",
                GREEN,
                "#3c5a18",
                0.4,
            ),
        ],
    )


def pip_size(suit: str, coin_size: float, max_height: float) -> tuple[float, float]:
    """Width and height of a pip whose coin-equivalent size is ``coin_size``."""
    box_w, box_h = PIP_BOX[suit]
    height = min(coin_size * PIP_STRETCH[suit], max_height)
    return height * box_w / box_h, height


def place_pip(suit: str, cx: float, cy: float, coin_size: float, max_height: float) -> str:
    width, height = pip_size(suit, coin_size, max_height)
    return use(f"pip-{suit}", cx - width / 2, cy - height / 2, width, height)


# --------------------------------------------------------------------------- figures


def draw_fante() -> str:
    """Fante (8): a standing page in a blue tunic and red beret, right hand raised."""
    return symbol(
        "fig-fante",
        CARD_W,
        CARD_H,
        [
            ellipse(28, 81, 13, 2.2, "#e6dabd"),
            path("M22,62L21.6,80H25.6L26,62Z", RED, RED_DARK),
            path("M30,62L30.4,80H34.4L34,62Z", RED, RED_DARK),
            ellipse(23.2, 80.6, 3.6, 1.6, INK),
            ellipse(32.8, 80.6, 3.6, 1.6, INK),
            path(
                "M21,36C17.6,44 16.6,54 15.6,64H40.4C39.4,54 38.4,44 35,36Z", BLUE, BLUE_DARK, 0.7
            ),
            path("M21.5,52V63.5M28,52V63.5M34.5,52V63.5", "none", BLUE_DARK, 0.5),
            path("M18.4,49.5H37.6L37.9,52H18.1Z", GOLD, GOLD_DARK, 0.5),
            path("M15.8,62.4H40.2L40.4,64H15.6Z", GOLD, GOLD_DARK, 0.4),
            path(
                "M21,37C16.6,41 15,49 15.2,56.5L18.6,56.8C18.6,50 19.6,44.4 22.6,41Z",
                BLUE,
                BLUE_DARK,
            ),
            circle(16.9, 58.1, 1.9, SKIN, SKIN_INK, 0.5),
            path(
                "M34.6,37C39.4,38.6 43,41.6 45.8,45.6L43.4,47.6C41,44.6 38,42.4 34.4,41.4Z",
                BLUE,
                BLUE_DARK,
            ),
            circle(45.2, 47.4, 2, SKIN, SKIN_INK, 0.5),
            path("M26.5,30H29.5V35H26.5Z", SKIN, SKIN_INK, 0.4),
            ellipse(28, 36.4, 5.4, 1.9, ERMINE, "#8a8070", 0.5),
            circle(28, 26.5, 5.6, SKIN, SKIN_INK),
            path(
                "M22.4,27.5C21.4,22.4 24.2,20.4 28,20.4C31.8,20.4 34.6,22.4 33.6,27.5"
                "C33,25 31,23.8 28,23.8C25,23.8 23,25 22.4,27.5Z",
                "#8a5a24",
                "#4e3214",
                0.4,
            ),
            path("M22.6,25.8C21.8,29 22.2,31.2 24,32.2L24.4,27Z", "#8a5a24", "#4e3214", 0.4),
            path("M33.4,25.8C34.2,29 33.8,31.2 32,32.2L31.6,27Z", "#8a5a24", "#4e3214", 0.4),
            circle(26, 26.6, 0.65, INK),
            circle(30, 26.6, 0.65, INK),
            path("M26.8,29.6Q28,30.4 29.2,29.6", "none", "#8a3a2a", 0.5),
            path(
                "M30.4,21C33.6,15.6 37.4,13.8 40.4,13.2C38.4,15.8 35.6,18.8 32.4,21.8Z",
                ERMINE,
                "#8a8070",
                0.5,
            ),
            ellipse(27, 21.2, 7.6, 2.6, RED, RED_DARK),
        ],
    )


def draw_cavallo() -> str:
    """Cavallo (9): a rider in green on a chestnut horse facing left, hand raised."""
    horse, horse_ink, mane = "#9a5b2e", "#4a2a14", "#4a2a14"
    return symbol(
        "fig-cavallo",
        CARD_W,
        CARD_H,
        [
            ellipse(28, 80.6, 17, 2, "#e6dabd"),
            path("M43.6,52C50,53 52.4,61 51,70C49.2,64.4 47.6,60 43.6,58Z", mane, horse_ink, 0.4),
            path("M38.4,61L39.6,70.6L37.6,79.4H40.6L42.6,70.6L42.4,61Z", "#804a24", horse_ink),
            path("M18.6,61L18,70.6L17,79.4H20L21.2,70.6L22.4,62Z", "#804a24", horse_ink),
            path(
                "M17.4,54C17.4,48.4 22.6,47 31,47C39.4,47 45.4,48.4 45.6,55.6"
                "C45.8,62.4 41.4,65 31,65C21.6,65 17.4,61.6 17.4,54Z",
                horse,
                horse_ink,
                0.7,
            ),
            path("M42.6,61.6L44.6,70.6L42.6,79.4H45.6L47.6,70.6L46,59.4Z", horse, horse_ink),
            path("M22.4,62.6L24.6,70.4L21.4,76.4L23.4,78L27.8,70.6L26.4,63Z", horse, horse_ink),
            path(
                "M24,50.6C21,46.4 18.4,41.6 17,36.4L12.4,39.6C14.4,46.8 16.4,52 18.4,57.6Z",
                horse,
                horse_ink,
                0.7,
            ),
            path(
                "M13.2,32.8C16.2,32 18.2,34.4 17.6,37.2L13.4,46.4C12.6,48 10.4,48.6 8.8,47.6"
                "L5.8,45.6C4.6,44.8 4.8,43.2 5.8,42.4Z",
                horse,
                horse_ink,
                0.7,
            ),
            path("M14.6,33.4L15.2,29.4L17.2,33.6Z", horse, horse_ink, 0.5),
            circle(7.2, 45, 0.6, horse_ink),
            path(
                "M15.8,35.4C18.8,40 22,45 26,48.8L23.6,50.4C20.8,46.6 17.8,41.8 15.2,37Z",
                mane,
                horse_ink,
                0.4,
            ),
            circle(12.4, 37.2, 0.8, INK),
            path("M26,47.2H41L42,59.6H26.6Z", RED, RED_DARK),
            path("M26.5,58H41.9L42,59.6H26.6Z", GOLD, GOLD_DARK, 0.4),
            path("M31,51.4H35.2L34.4,61.2L30.4,62.4Z", "#b3261e", RED_DARK),
            path("M29.6,61.6L34.6,60.8L34.8,64.4L29.2,64.6Z", INK),
            path(
                "M28,51.6C27.8,44 29,38 31,34.6H37.4C39.4,38 40.4,44 40.2,51.6Z",
                "#3f6b2a",
                "#24401a",
                0.7,
            ),
            path("M28.2,45.6H40.2L40.2,47.8H28.1Z", GOLD, GOLD_DARK, 0.4),
            path(
                "M30.4,37.4C27.2,40.6 25,43.4 22.4,45.2L23.6,47.2C26.8,45.6 29.6,43 31.8,40.4Z",
                "#3f6b2a",
                "#24401a",
            ),
            circle(22.6, 46.4, 1.6, SKIN, SKIN_INK, 0.4),
            path("M22,46.6L9.4,44.8", "none", INK, 0.5),
            path(
                "M37.4,36.4C41.6,35.6 44.8,33 47,29.4L49.2,31C47.2,35 43.6,38.4 38.8,40.4Z",
                "#3f6b2a",
                "#24401a",
            ),
            circle(48.4, 30.4, 1.9, SKIN, SKIN_INK, 0.5),
            path("M32.6,29.4H35.6V34.6H32.6Z", SKIN, SKIN_INK, 0.4),
            circle(34.2, 26, 5, SKIN, SKIN_INK),
            path("M29.2,26.6C28.6,28.6 29,30.2 30.4,31L30.8,26.6Z", "#4e3214"),
            circle(32.4, 26, 0.6, INK),
            circle(36, 26, 0.6, INK),
            path("M33.2,28.8Q34.2,29.4 35.2,28.8", "none", "#8a3a2a", 0.5),
            path(
                "M27.6,23.2C29,22.2 39.4,22.2 40.8,23.2C40,24.2 28.4,24.2 27.6,23.2Z",
                RED,
                RED_DARK,
                0.5,
            ),
            path(
                "M30.2,23C30,19.2 31.8,17.8 34.2,17.8C36.6,17.8 38.4,19.2 38.2,23Z",
                RED,
                RED_DARK,
                0.5,
            ),
            path(
                "M36.6,18.6C39,14.8 42,13.6 44.4,13.4C42.6,15.6 40.4,18 37.8,20.2Z",
                ERMINE,
                "#8a8070",
                0.5,
            ),
        ],
    )


def draw_re() -> str:
    """Re (10): a bearded king with a gold crown, red robe and ermine trim."""
    dots = " ".join(
        f"M{num(x)},{num(y)}h0.01"
        for x, y in (
            (20.6, 48),
            (19.8, 58),
            (19, 68),
            (35.4, 48),
            (36.2, 58),
            (37, 68),
            (15, 77.8),
            (21, 77.8),
            (35, 77.8),
            (41, 77.8),
            (22, 39.6),
            (28, 40.4),
            (34, 39.6),
        )
    )
    return symbol(
        "fig-re",
        CARD_W,
        CARD_H,
        [
            ellipse(28, 80, 17, 2, "#e6dabd"),
            path("M17,39C13.2,52 12,66 11.4,79.4H44.6C44,66 42.8,52 39,39Z", RED, RED_DARK, 0.7),
            path("M24.2,41H31.8L34.8,76H21.2Z", BLUE, BLUE_DARK, 0.5),
            path("M28,44V76", "none", GOLD, 1.2),
            path("M22,41H24.6L21.4,76.2H18.6Z", ERMINE, "#8a8070", 0.4),
            path("M31.4,41H34L37.4,76.2H34.6Z", ERMINE, "#8a8070", 0.4),
            path("M11.6,76H44.4L44.6,79.6H11.4Z", ERMINE, "#8a8070", 0.4),
            path(
                "M16.4,40.6C19,35.6 37,35.6 39.6,40.6C36,43.4 20,43.4 16.4,40.6Z",
                ERMINE,
                "#8a8070",
                0.5,
            ),
            path(dots, "none", INK, 1.1, stroke_linecap="round"),
            path("M19,42C15.2,47 14,53 14.6,59L17.8,59.4C17.8,54 19,49 21.6,45Z", RED, RED_DARK),
            circle(16.4, 60.6, 1.9, SKIN, SKIN_INK, 0.5),
            path(
                "M37,42C40.8,45 43.2,49 44.4,53.8L41.6,55.2C40.4,51.4 38.4,48.4 35.6,46Z",
                RED,
                RED_DARK,
            ),
            circle(43.4, 55.6, 2, SKIN, SKIN_INK, 0.5),
            path("M26.5,31H29.5V36H26.5Z", SKIN, SKIN_INK, 0.4),
            circle(28, 28.5, 5.6, SKIN, SKIN_INK),
            path(
                "M22.4,28.6C22.2,35.4 25.4,38.6 28,38.6C30.6,38.6 33.8,35.4 33.6,28.6"
                "C32.6,31.6 30.6,32.6 28,32.6C25.4,32.6 23.4,31.6 22.4,28.6Z",
                "#7a5a3a",
                "#4e3214",
                0.4,
            ),
            path("M25.4,31.6Q28,30.2 30.6,31.6", "none", "#4e3214", 0.8),
            circle(26, 28, 0.65, INK),
            circle(30, 28, 0.65, INK),
            path(
                "M21.6,25.6L20.8,15.4L24.6,20L28,13L31.4,20L35.2,15.4L34.4,25.6Z",
                GOLD,
                GOLD_DARK,
                0.6,
            ),
            path("M21.4,22.8H34.6L34.4,25.6H21.6Z", GOLD_LIGHT, GOLD_DARK, 0.5),
            circle(20.8, 15.4, 1.1, RED, RED_DARK, 0.3),
            circle(28, 13, 1.2, RED, RED_DARK, 0.3),
            circle(35.2, 15.4, 1.1, RED, RED_DARK, 0.3),
            circle(28, 24.2, 0.9, STEEL, "#233b5a", 0.3),
        ],
    )


# Where each figure's raised hand is: the pip is held there.
FIGURE_HAND = {"fante": (45.2, 47.4), "cavallo": (48.4, 30.4), "re": (43.4, 55.6)}
FIGURE_PIP_SIZE = 16


def held_pip(suit: str, figure: str) -> str:
    """The suit pip in the figure's hand: swords and clubs by the grip, coins/cups on top."""
    hand_x, hand_y = FIGURE_HAND[figure]
    width, height = pip_size(suit, FIGURE_PIP_SIZE, 27)
    bottom = hand_y + 2.2 if suit in ("S", "B") else hand_y - 1.2
    return use(f"pip-{suit}", hand_x - width / 2, bottom - height, width, height)


# --------------------------------------------------------------------------- card faces


def draw_face() -> str:
    """The blank cream card with a thin rounded border, shared by every face."""
    return symbol(
        "card-face",
        CARD_W,
        CARD_H,
        [
            shape(
                "rect",
                x=0.5,
                y=0.5,
                width=59,
                height=95,
                rx=4,
                fill=CREAM,
                stroke=BORDER,
                stroke_width=1,
            ),
            shape(
                "rect",
                x=2.6,
                y=2.6,
                width=54.8,
                height=90.8,
                rx=2.6,
                fill="none",
                stroke="#d9c9a3",
                stroke_width=0.5,
            ),
        ],
    )


# Pip centres for the number cards, and (coin size, tallest allowed pip) per count.
PIP_LAYOUT = {
    1: ([(30, 48)], 36, 62),
    2: ([(30, 30), (30, 66)], 22, 31),
    3: ([(30, 25), (30, 48), (30, 71)], 18, 22),
    4: ([(19, 31), (41, 31), (19, 65), (41, 65)], 19, 31),
    5: ([(19, 28), (41, 28), (30, 48), (19, 68), (41, 68)], 16, 24),
    6: ([(18, 25), (42, 25), (18, 48), (42, 48), (18, 71), (42, 71)], 16, 22),
    7: ([(17, 25), (43, 25), (30, 36.5), (17, 48), (43, 48), (17, 71), (43, 71)], 15, 22),
}


def rank_index(rank: int, suit: str) -> str:
    """The rank number top-left and, turned upside down, bottom-right. A 6 and a 9 are
    underlined, as on printed packs, so that the upside-down one is not read as the other."""
    font = attrs(
        font_family="Georgia, 'Times New Roman', serif",
        font_weight="bold",
        font_size=13,
        fill=SUIT_INK[suit],
        text_anchor="middle",
        style="font-variant-numeric:lining-nums",
    )
    spacing = ' letter-spacing="-0.6"' if rank >= 10 else ""
    if rank in (6, 9):
        mark = path("M5.5 17.6H13.5", fill="none", stroke=SUIT_INK[suit], width=1.4)
        return (
            f'<g {font}{spacing}><text x="9.5" y="15">{rank}</text>{mark}'
            f'<g transform="rotate(180 30 48)"><text x="9.5" y="15">{rank}</text>{mark}</g></g>'
        )
    return (
        f'<g {font}{spacing}><text x="9.5" y="15">{rank}</text>'
        f'<text x="9.5" y="15" transform="rotate(180 30 48)">{rank}</text></g>'
    )


def draw_number_card(rank: int, suit: str) -> str:
    centres, coin_size, max_height = PIP_LAYOUT[rank]
    body = [use("card-face")]
    body += [place_pip(suit, x, y, coin_size, max_height) for x, y in centres]
    body.append(rank_index(rank, suit))
    return symbol(f"card-{rank}{suit}", CARD_W, CARD_H, body)


def draw_figure_card(rank: int, suit: str) -> str:
    figure = FIGURES[rank]
    body = [use("card-face"), use(f"fig-{figure}"), held_pip(suit, figure), rank_index(rank, suit)]
    return symbol(f"card-{rank}{suit}", CARD_W, CARD_H, body)


def draw_card(rank: int, suit: str) -> str:
    if rank in FIGURES:
        return draw_figure_card(rank, suit)
    return draw_number_card(rank, suit)


# --------------------------------------------------------------------------- card back


def clipped_diagonal(
    c: float, slope: int, box: tuple[float, float, float, float]
) -> tuple[float, float, float, float] | None:
    """The part of the line y = slope*x + c inside box (x0, y0, x1, y1), or None."""
    x0, y0, x1, y1 = box
    points = []
    for x in (x0, x1):
        y = slope * x + c
        if y0 <= y <= y1:
            points.append((x, y))
    for y in (y0, y1):
        x = (y - c) / slope
        if x0 <= x <= x1:
            points.append((x, y))
    points = sorted(set(points))
    if len(points) < 2 or points[0] == points[-1]:
        return None
    (ax, ay), (bx, by) = points[0], points[-1]
    return ax, ay, bx, by


def lattice_path(box: tuple[float, float, float, float], step: float) -> str:
    """Both families of diagonals over the box, as one path."""
    x0, y0, x1, y1 = box
    segments = []
    offset = step / 2
    for slope in (1, -1):
        start = y0 - x1 if slope == 1 else y0 + x0
        stop = y1 - x0 if slope == 1 else y1 + x1
        c = start + offset
        while c < stop:
            segment = clipped_diagonal(c, slope, box)
            if segment:
                ax, ay, bx, by = segment
                segments.append(f"M{num(ax)},{num(ay)}L{num(bx)},{num(by)}")
            c += step
    return "".join(segments)


def draw_back_lattice() -> str:
    """Dark red field with a woven green-and-gold lattice and a diamond in the middle."""
    box = (4.5, 4.5, 55.5, 91.5)
    lattice = lattice_path(box, 8)
    return symbol(
        "back-lattice",
        CARD_W,
        CARD_H,
        [
            shape(
                "rect",
                x=3.5,
                y=3.5,
                width=53,
                height=89,
                rx=2.5,
                fill="#7a1f1f",
                stroke=GOLD,
                stroke_width=0.8,
            ),
            path(lattice, "none", "#234a30", 2.2, stroke_linecap="square"),
            path(lattice, "none", "#d9b45a", 0.5),
            # A diamond rather than an oval: at thumbnail size an oval reads as a zero.
            path("M30,33L41,48L30,63L19,48Z", "#7a1f1f", GOLD, 1.2),
            path("M30,38L37.5,48L30,58L22.5,48Z", GOLD, GOLD_DARK, 0.6),
            circle(30, 48, 2.6, "#234a30", GOLD_DARK, 0.5),
        ],
    )


def draw_card_back() -> str:
    return symbol("card-back", CARD_W, CARD_H, [use("card-face"), use("back-lattice")])


# --------------------------------------------------------------------------- sprite


def build_sprite() -> str:
    """The whole sprite file as text (what scripts/draw_cards.py writes)."""
    shared = [
        draw_coin(),
        draw_cup(),
        draw_sword(),
        draw_club(),
        draw_fante(),
        draw_cavallo(),
        draw_re(),
        draw_face(),
        draw_back_lattice(),
    ]
    cards = [draw_card(rank, suit) for suit in SUITS for rank in RANKS]
    parts = [
        '<svg xmlns="http://www.w3.org/2000/svg" style="display:none">',
        "<!-- Generated by scripts/draw_cards.py; edit that script, not this file. -->",
        "<defs>",
        *shared,
        *cards,
        draw_card_back(),
        "</defs>",
        "</svg>",
    ]
    return "\n".join(parts) + "\n"


def main() -> None:
    OUTPUT.parent.mkdir(parents=True, exist_ok=True)
    OUTPUT.write_text(build_sprite(), encoding="utf-8", newline="\n")
    print(f"wrote {OUTPUT} ({OUTPUT.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
