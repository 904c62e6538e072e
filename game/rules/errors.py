"""The errors the rules raise. All are `ValueError`s carrying a message key.

The key (for example ``"occupied"``) lets a user interface choose its own
words; the message is already a complete English sentence naming what is
wrong.
"""

from __future__ import annotations


class RulesError(ValueError):
    """Base class: something a player or a file said that the rules refuse."""

    def __init__(self, message: str, key: str = "general") -> None:
        super().__init__(message)
        self.key = key

    @property
    def message(self) -> str:
        return str(self)


class NotationError(RulesError):
    """The text cannot be read as a move of this game."""


class IllegalMoveError(RulesError):
    """The move is well formed but not legal in this position."""


class AmbiguousMoveError(RulesError):
    """The text fits more than one legal move."""


class OptionError(RulesError):
    """An unknown game option or an out-of-range value."""


class RecordError(RulesError):
    """A game record that cannot be read or replayed."""

    def __init__(self, message: str, line: int | None = None, key: str = "record") -> None:
        super().__init__(f"line {line}: {message}" if line is not None else message, key)
        self.line = line
