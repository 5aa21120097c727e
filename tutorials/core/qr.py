"""QR codes of links, drawn as SVG by segno (no picture files, no JavaScript)."""
from __future__ import annotations

import segno


def qr_svg(url: str, title: str, scale: int = 4) -> str:
    """An inline <svg> of the QR code of `url`, with `title` as its accessible name."""
    code = segno.make(url, error="m")
    svg = code.svg_inline(scale=scale, border=2, title=title, svgclass="qr", lineclass=None, omitsize=True)
    return svg.replace("<svg ", '<svg role="img" ', 1)  # named by its <title>
