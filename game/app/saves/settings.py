"""The player's settings, kept between sessions beside the games in progress (`Storage`: a file on the
desktop, the page's localStorage in a browser): whether the app's sounds are on, and how far the player
got in each lesson (`lesson`, `set_lesson`: the steps done and where they stopped, as the lesson runner
writes them; `game.app.play.lesson.Progress` reads them back).

They are a small JSON text (``settings.json``). One that cannot be read (missing, damaged, not JSON,
a value of the wrong kind) gives the defaults, and is written over at the next change: settings are
no game, nothing is lost with them.
"""

from __future__ import annotations

import json
from typing import Any

from .storage import Storage, Unreadable

NAME = "settings.json"
DEFAULTS: dict[str, Any] = {"sound": True, "lessons": {}}


class Settings:
    """The settings kept in `storage` (read once, when made; written at each change)."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.values = dict(DEFAULTS)
        try:
            text = storage.load(NAME)
            kept = json.loads(text) if text else {}
        except (Unreadable, ValueError):
            kept = {}
        if isinstance(kept, dict):
            for key, default in DEFAULTS.items():
                if isinstance(kept.get(key), type(default)):
                    self.values[key] = kept[key]

    @property
    def sound(self) -> bool:
        """The sounds are on (not muted)."""
        return bool(self.values["sound"])

    def set_sound(self, on: bool) -> str | None:
        """Turn the sounds on or off and keep that; an error message if it could not be written."""
        self.values["sound"] = bool(on)
        return self._keep()

    def lesson(self, key: str) -> Any:
        """What was kept of the lesson `key` (as `set_lesson` wrote it; None if nothing): its reader checks
        it, for a settings file is text from outside."""
        return self.values["lessons"].get(key)

    def set_lesson(self, key: str, progress: Any) -> str | None:
        """Keep the progress of the lesson `key` (a small JSON value); an error message if it could not be
        written."""
        self.values["lessons"] = {**self.values["lessons"], key: progress}
        return self._keep()

    def _keep(self) -> str | None:
        problem = self.storage.save(NAME, json.dumps(self.values, sort_keys=True))
        return None if problem is None else f"The setting could not be kept: {problem.split(': ', 1)[-1]}."
