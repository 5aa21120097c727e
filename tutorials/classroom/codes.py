"""The random names the classroom hands out: ids in URLs, class codes, students' usernames,
passwords and personal codes. Every one comes from `secrets`, never from a counter."""
from __future__ import annotations

import re
import secrets

# No 0/O, 1/I/L: a code read aloud or copied from a card by a child is typed right.
CLASS_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CLASS_CODE_LENGTH = 6  # 31**6, about 890 million codes
TOKEN_PATTERN = r"[A-Za-z0-9_-]{1,32}"  # an id or a class code as it may appear in a URL
PERSONAL_CODE_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"
PERSONAL_CODE_LENGTH = 4  # 31**4, about 920,000: with QUICK_SIGNIN_TRIES wrong tries, then locked

# Short words a young child can read and type, for generated usernames and passwords.
ADJECTIVES = (
    "brave", "calm", "clever", "happy", "jolly", "kind", "lucky", "merry", "proud", "quick",
    "quiet", "sunny", "swift", "wise", "bold", "bright", "eager", "gentle", "keen", "lively",
    "neat", "polite", "witty", "cosy", "fair", "grand", "royal", "smart", "tidy", "warm",
)
NOUNS = (
    "otter", "tiger", "panda", "koala", "eagle", "heron", "lemon", "mango", "olive", "peach",
    "plum", "cherry", "comet", "river", "cloud", "maple", "pine", "coral", "pearl", "amber",
    "robin", "finch", "zebra", "llama", "bison", "camel", "dolphin", "falcon", "badger", "beaver",
    "walrus", "rabbit", "turtle", "parrot", "pebble", "meadow", "island", "harbor", "garden", "lantern",
)


def public_id() -> str:
    """An id for a URL: 96 random bits, 16 URL-safe characters."""
    return secrets.token_urlsafe(12)


def is_token(text: str) -> bool:
    """Could `text` be an id of ours (or a class code as typed)? Anything else is looked up nowhere."""
    return re.fullmatch(TOKEN_PATTERN, text or "") is not None


def class_code() -> str:
    return "".join(secrets.choice(CLASS_CODE_ALPHABET) for _ in range(CLASS_CODE_LENGTH))


def normal_class_code(text: str) -> str:
    """A class code as typed ("ab c-d2 3") in its stored form ("ABCD23"); "" if it cannot be one."""
    code = "".join(ch for ch in (text or "").upper() if not ch.isspace() and ch != "-")
    if len(code) != CLASS_CODE_LENGTH or any(ch not in CLASS_CODE_ALPHABET for ch in code):
        return ""
    return code


def personal_code() -> str:
    return "".join(secrets.choice(PERSONAL_CODE_ALPHABET) for _ in range(PERSONAL_CODE_LENGTH))


def normal_personal_code(text: str) -> str:
    return (text or "").strip().lower()


def username() -> str:
    """A username that names no one: "happyotter47" (the caller checks it is free)."""
    return f"{secrets.choice(ADJECTIVES)}{secrets.choice(NOUNS)}{secrets.randbelow(90) + 10}"


def easy_password() -> str:
    """Two words and a number, "tiger-plum-47": short enough for a child to type from a card."""
    first, second = secrets.choice(NOUNS), secrets.choice(ADJECTIVES)
    return f"{second}-{first}-{secrets.randbelow(900) + 100}"
