"""Where the game in progress is kept between sessions.

On the desktop: a folder (``$PBMGAMES_HOME``, else ``~/.local/share/pbmgames``).
In the browser (pygbag): the page's localStorage, since files written there
live in memory and vanish on reload. Values are plain text.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path


class Storage:
    """A few named texts. Failures to write are reported, never raised: a full disk must not end a game."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder

    def load(self, name: str) -> str | None:
        if self.folder is None:
            return None
        try:
            return (self.folder / name).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            return None

    def save(self, name: str, text: str) -> str | None:
        """Keep `text`; returns an error message instead of raising."""
        if self.folder is None:
            return None
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            tmp = self.folder / (name + ".tmp")
            tmp.write_text(text, encoding="utf-8")
            tmp.replace(self.folder / name)  # never leave half a file behind
        except OSError as error:
            return f"could not save the game: {error.strerror or error}"
        return None

    def delete(self, name: str) -> None:
        if self.folder is not None:
            try:
                (self.folder / name).unlink()
            except OSError:
                pass

    def set_aside(self, name: str) -> None:
        """Keep an unreadable file for a bug report, out of the way."""
        if self.folder is not None:
            try:
                (self.folder / name).replace(self.folder / (name + ".unreadable"))
            except OSError:
                pass


class BrowserStorage(Storage):
    """The page's localStorage (pygbag exposes the page's `window` as `platform.window`)."""

    PREFIX = "pbmgames:"

    def __init__(self) -> None:
        super().__init__(None)
        import platform  # pygbag's module in the browser, not the standard library's

        self.local = platform.window.localStorage  # type: ignore[attr-defined]

    def load(self, name: str) -> str | None:
        try:
            value = self.local.getItem(self.PREFIX + name)
        except Exception:  # the page may forbid storage (private browsing)
            return None
        return None if value in (None, "null") else str(value)

    def save(self, name: str, text: str) -> str | None:
        try:
            self.local.setItem(self.PREFIX + name, text)
        except Exception as error:
            return f"could not save the game: {error}"
        return None

    def delete(self, name: str) -> None:
        try:
            self.local.removeItem(self.PREFIX + name)
        except Exception:
            pass

    def set_aside(self, name: str) -> None:
        value = self.load(name)
        self.delete(name)
        if value is not None:
            self.save(name + ".unreadable", value)


def default_storage(browser: bool) -> Storage:
    if browser and sys.platform == "emscripten":
        try:
            return BrowserStorage()
        except Exception:
            return Storage(None)
    home = os.environ.get("PBMGAMES_HOME")
    folder = Path(home) if home else Path.home() / ".local" / "share" / "pbmgames"
    return Storage(folder)
