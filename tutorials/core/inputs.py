"""Reading what a visitor typed or posted: anything odd is None, never an exception."""
from __future__ import annotations


def whole_number(text: str | None, digits: int = 9) -> int | None:
    """`text` as a whole number of at most `digits` ASCII digits (surrounding spaces allowed),
    else None: "²", "⑤", "-1", "1e3" and a thousand-digit number are not answers, and a value
    this size always fits a database integer."""
    text = (text or "").strip()
    if not (text.isascii() and text.isdigit()) or len(text) > digits:
        return None
    return int(text)
