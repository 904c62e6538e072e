"""The player's settings, kept between sessions beside the games in progress (`Storage`: a file on the
desktop, the page's localStorage in a browser): whether the app's sounds are on, whether the dice are
rolled by hand, the last choices made on each board's new-game page (who plays, the computer's level, the
rules options), so that the next game starts as the last one did, and how far the player got in each
lesson (`lesson`, `set_lesson`: the steps done and where they stopped, as the lesson runner writes them;
`game.app.play.lesson.Progress` reads them back).

They are a small JSON text (``settings.json``). One that cannot be read (missing, damaged, not JSON,
a value of the wrong kind) gives the defaults, and is written over at the next change: settings are
no game, nothing is lost with them. The choices kept for a board are checked again where they are used
(the game's `check_options`, `game.app.saves.seats.parse_seat`): one that no longer holds is dropped.
"""

from __future__ import annotations

import json
from typing import Any, Mapping, Sequence

from .storage import Storage, Unreadable

NAME = "settings.json"
DEFAULTS: dict[str, Any] = {"sound": True, "manual_rolls": False, "new_game": {}, "lessons": {}}
#: the most boards whose last choices are kept (far more than the app has: only a guard)
MAX_BOARDS = 40


class Settings:
    """The settings kept in `storage` (read once, when made; written at each change)."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.values = {key: (dict(value) if isinstance(value, dict) else value) for key, value in DEFAULTS.items()}
        try:
            text = storage.load(NAME)
            kept = json.loads(text) if text else {}
        except (Unreadable, ValueError):
            kept = {}
        if isinstance(kept, dict):
            for key, default in DEFAULTS.items():
                if isinstance(kept.get(key), type(default)):
                    self.values[key] = kept[key]

    def _write(self) -> str | None:
        """Keep the settings; an error message if they could not be written."""
        problem = self.storage.save(NAME, json.dumps(self.values, sort_keys=True))
        return None if problem is None else f"The setting could not be kept: {problem.split(': ', 1)[-1]}."

    @property
    def sound(self) -> bool:
        """The sounds are on (not muted)."""
        return bool(self.values["sound"])

    def set_sound(self, on: bool) -> str | None:
        """Turn the sounds on or off and keep that; an error message if it could not be written."""
        self.values["sound"] = bool(on)
        return self._write()

    def lesson(self, key: str) -> Any:
        """What was kept of the lesson `key` (as `set_lesson` wrote it; None if nothing): its reader checks
        it, for a settings file is text from outside."""
        return self.values["lessons"].get(key)

    def set_lesson(self, key: str, progress: Any) -> str | None:
        """Keep the progress of the lesson `key` (a small JSON value); an error message if it could not be
        written."""
        self.values["lessons"] = {**self.values["lessons"], key: progress}
        return self._write()

    @property
    def manual_rolls(self) -> bool:
        """The dice wait for the Roll button (by default they are rolled as soon as a roll is all that can
        happen)."""
        return bool(self.values["manual_rolls"])

    def set_manual_rolls(self, on: bool) -> str | None:
        self.values["manual_rolls"] = bool(on)
        return self._write()

    # -- the new-game page's last choices, by board --------------------------------------------
    def last_choices(self, board: str) -> tuple[dict[str, Any], tuple[str, ...]] | None:
        """The options and seats last started on `board` (as they were kept: the caller checks them), or
        None."""
        kept = self.values["new_game"].get(board)
        if not isinstance(kept, dict):
            return None
        options, seats = kept.get("options"), kept.get("seats")
        if not isinstance(options, dict) or not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
            return None
        return dict(options), tuple(seats)

    def remember(self, board: str, options: Mapping[str, Any], seats: Sequence[str]) -> str | None:
        """Keep the choices a game on `board` was started with (the newest last); an error message if they
        could not be written."""
        boards = {k: v for k, v in self.values["new_game"].items() if k != board}
        boards[board] = {"options": dict(options), "seats": list(seats)}
        self.values["new_game"] = dict(list(boards.items())[-MAX_BOARDS:])
        return self._write()
