"""The random things a live session hands out: ids in URLs, PINs, players' tokens and nicknames.
Every one comes from `secrets`; a nickname is chosen from generated ones, never typed."""
from __future__ import annotations

import re
import secrets
from collections.abc import Collection

PIN_DIGITS = 7  # ten million PINs; wrong tries are rate-limited per address, and a lobby can be locked

# Friendly words, no one's name: a nickname is "Brave Otter" or, in a very full room, "Brave Otter 7".
ADJECTIVES = (
    "Brave", "Calm", "Clever", "Happy", "Jolly", "Kind", "Lucky", "Merry", "Proud", "Quick",
    "Quiet", "Sunny", "Swift", "Wise", "Bold", "Bright", "Eager", "Gentle", "Keen", "Lively",
    "Neat", "Polite", "Witty", "Cosy", "Fair", "Grand", "Royal", "Smart", "Tidy", "Warm",
    "Golden", "Silver",
)
NOUNS = (
    "Otter", "Tiger", "Panda", "Koala", "Eagle", "Heron", "Lemon", "Mango", "Olive", "Peach",
    "Plum", "Cherry", "Comet", "River", "Cloud", "Maple", "Pine", "Coral", "Pearl", "Amber",
    "Robin", "Finch", "Zebra", "Llama", "Bison", "Camel", "Dolphin", "Falcon", "Badger", "Beaver",
    "Walrus", "Rabbit", "Turtle", "Parrot", "Pebble", "Lantern",
)
NICKNAME = re.compile(r"^(?P<adjective>[A-Z][a-z]+) (?P<noun>[A-Z][a-z]+)(?: (?P<n>[2-9]|[1-9][0-9]))?$")
OFFERED = 8  # names offered at once


def public_id() -> str:
    """An id for a URL: 96 random bits."""
    return secrets.token_urlsafe(12)


def token() -> str:
    return secrets.token_hex(16)


def pin() -> str:
    return "".join(secrets.choice("0123456789") for _ in range(PIN_DIGITS))


def normal_pin(text: str | None) -> str:
    """A PIN as typed ("123 4567", "123-4567") in its stored form; "" if it cannot be one."""
    digits = "".join(ch for ch in (text or "") if not ch.isspace() and ch != "-")
    if len(digits) != PIN_DIGITS or not (digits.isascii() and digits.isdigit()):
        return ""
    return digits


def shown_pin(value: str) -> str:
    """A PIN as the host screen shows it, easy to read out: "123 4567"."""
    return f"{value[:3]} {value[3:]}"


def is_nickname(text: str) -> bool:
    """Is this one of the names we generate (and never free text)?"""
    found = NICKNAME.match(text or "")
    return bool(found) and found["adjective"] in ADJECTIVES and found["noun"] in NOUNS


def nickname_choices(taken: Collection[str], count: int = OFFERED) -> list[str]:
    """`count` generated nicknames nobody in the session has; numbered ones once the plain ones
    run short (a room of more than a thousand)."""
    plain = len(ADJECTIVES) * len(NOUNS)
    numbered = len(taken) > plain // 2
    names: set[str] = set()
    for _attempt in range(50 * count):
        name = f"{secrets.choice(ADJECTIVES)} {secrets.choice(NOUNS)}"
        if numbered:
            name += f" {secrets.randbelow(98) + 2}"
        if name not in taken:
            names.add(name)
            if len(names) == count:
                break
    return sorted(names)
