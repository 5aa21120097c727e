"""Domain errors shared by every game: each names the rule that was broken."""


class IllegalAction(ValueError):
    """An action the rules forbid. The message says why and cites the rule ID."""

    def __init__(self, message: str, rule: str | None = None) -> None:
        if rule and rule not in message:
            message = f"{message.rstrip('.')} ({rule})."
        super().__init__(message)
        self.rule = rule


class BadNotation(ValueError):
    """Text that is not a valid card, action or position."""


QUOTE_LIMIT = 40


def quoted(value: object, limit: int = QUOTE_LIMIT) -> str:
    """What was typed, as an error message quotes it: text in quotes, cut after `limit`
    characters ('QQQQ…'), so that a message never echoes a long input in full; anything else as
    its repr, cut the same way."""
    if not isinstance(value, str):
        shown = repr(value)
        return shown if len(shown) <= limit else shown[:limit] + "…"
    return repr(value if len(value) <= limit else value[:limit] + "…")
