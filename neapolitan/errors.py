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
