"""The game in progress, saved after every move so that leaving, a crash or a reload never loses it.

The save is the plain-text game record with one more header for the seats,
so it replays exactly like any record; an unreadable save is set aside with
a message naming the line and the reason.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..rules.errors import RulesError
from ..rules.history import GameHistory
from ..rules.record import read_record, write_record
from .storage import Storage

NAME = "current-game.txt"
_SEATS = re.compile(r'^\[Seats "([^"]*)"\]$', re.MULTILINE)


@dataclass
class SavedGame:
    history: GameHistory
    seats: tuple[str, ...]

    @property
    def title(self) -> str:
        flags = " ".join(self.history.game.flags(self.history.options))
        moves = len(self.history.moves)
        return f"{self.history.game.title}{' ' + flags if flags else ''}, {moves} move{'s' * (moves != 1)}"


def save(storage: Storage, history: GameHistory, seats: tuple[str, ...]) -> str | None:
    """Keep the game (or forget it once it is over); an error message if it could not be written."""
    if history.game.outcome(history.state) is not None or not history.moves:
        storage.delete(NAME)
        return None
    record = write_record(history)
    return storage.save(NAME, f'[Seats "{",".join(seats)}"]\n' + record)


def load(storage: Storage) -> tuple[SavedGame | None, str]:
    """The saved game, or None with a message when there is none or it could not be read."""
    text = storage.load(NAME)
    if text is None:
        return None, ""
    seats_match = _SEATS.search(text)
    seats = tuple(seats_match.group(1).split(",")) if seats_match else ("Human", "Human")
    try:
        history = read_record(text)  # the Seats header is one the reader passes over
    except RulesError as error:
        storage.set_aside(NAME)
        return None, f"The saved game could not be read ({error}); it was set aside."
    if history.game.outcome(history.state) is not None:
        storage.delete(NAME)
        return None, ""
    return SavedGame(history, seats), ""
