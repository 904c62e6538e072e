"""Where the games in progress are kept between sessions: a few named texts.

On the desktop: a folder (``$PBMGAMES_HOME``, else ``~/.local/share/pbmgames``),
one file per name. In the browser (pygbag): the page's localStorage, one key
per name (``pbmgames:`` + name), since files written there live in memory and
vanish on reload.

Nothing here raises on a failure to write: a full disk must not end a game, so
`save` returns the message instead. Reading tells three cases apart: no such
text (None), the text, and a text that is there but cannot be read now
(`Unreadable`, with the reason: not UTF-8, not a regular file such as a named
pipe, no permission, an I/O error, far too large). What cannot be read is never
written over; `set_aside` moves it out of the way, keeping it for a bug report.
"""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

#: A save larger than this is no game record (3,000 moves take about 40 kB): it is not read at all.
MAX_BYTES = 8 << 20
ASIDE = ".unreadable"


class Unreadable(Exception):
    """A stored text that exists but cannot be read; `reason` says why, in a few words."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class Storage:
    """Named texts in a folder (None: nowhere, nothing is kept)."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder

    def names(self) -> list[str]:
        """The names of the texts kept, sorted (texts being written and set-aside ones included)."""
        if self.folder is None:
            return []
        try:
            return sorted(entry.name for entry in os.scandir(self.folder))
        except OSError:
            return []

    def load(self, name: str) -> str | None:
        """The text called `name`; None when there is none; Unreadable when it is there but cannot be read."""
        if self.folder is None:
            return None
        path = self.folder / name
        try:
            info = path.stat()
        except FileNotFoundError:
            return None
        except OSError as error:
            raise Unreadable(f"it cannot be read: {error.strerror or error}") from None
        if not stat.S_ISREG(info.st_mode):  # a named pipe would hang the app, a folder cannot be read
            raise Unreadable("it is not a plain file")
        if info.st_size > MAX_BYTES:
            raise Unreadable(f"it is far too large for a game record ({info.st_size:,} bytes)")
        try:
            data = path.read_bytes()
        except OSError as error:
            raise Unreadable(f"it cannot be read: {error.strerror or error}") from None
        return decode(data)

    def save(self, name: str, text: str) -> str | None:
        """Keep `text` under `name`; returns an error message instead of raising."""
        if self.folder is None:
            return None
        tmp = self.folder / (name + ".tmp")
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            tmp.write_text(text, encoding="utf-8")
            tmp.replace(self.folder / name)  # never leave half a file behind
        except OSError as error:
            try:
                tmp.unlink(missing_ok=True)
            except OSError:
                pass
            return f"could not save the game: {error.strerror or error}"
        return None

    def delete(self, name: str) -> None:
        if self.folder is not None:
            try:
                (self.folder / name).unlink()
            except OSError:
                pass

    def set_aside(self, name: str) -> str | None:
        """Move an unreadable text out of the way (never over another); returns its new name, or None if
        it could not be moved (it then stays where it is, and is still never written over)."""
        if self.folder is None:
            return None
        target = self.aside_name(name)
        try:
            os.rename(self.folder / name, self.folder / target)
        except OSError:
            return None
        return target

    def aside_name(self, name: str) -> str:
        taken = set(self.names())
        target, n = name + ASIDE, 1
        while target in taken:
            n += 1
            target = f"{name}{ASIDE}-{n}"
        return target


def decode(data: bytes) -> str:
    """Stored bytes as text; Unreadable when they are not UTF-8."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise Unreadable(f"it is not UTF-8 text (byte {error.start + 1:,} is not)") from None


class BrowserStorage(Storage):
    """The page's localStorage (pygbag exposes the page's `window` as `platform.window`)."""

    PREFIX = "pbmgames:"

    def __init__(self) -> None:
        super().__init__(None)
        import platform  # pygbag's module in the browser, not the standard library's

        self.local = platform.window.localStorage  # type: ignore[attr-defined]

    def names(self) -> list[str]:
        try:
            keys = [self.local.key(i) for i in range(int(self.local.length))]
        except Exception:  # the page may forbid storage (private browsing)
            return []
        return sorted(str(k)[len(self.PREFIX):] for k in keys if k is not None and str(k).startswith(self.PREFIX))

    def load(self, name: str) -> str | None:
        try:
            value = self.local.getItem(self.PREFIX + name)
        except Exception:  # the page may forbid storage (private browsing)
            return None
        if value is None or value == "null":
            return None
        text = str(value)
        if len(text) > MAX_BYTES:
            raise Unreadable(f"it is far too large for a game record ({len(text):,} characters)")
        return text

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

    def set_aside(self, name: str) -> str | None:
        try:
            value = self.local.getItem(self.PREFIX + name)
        except Exception:
            return None
        if value is None:
            return None
        target = self.aside_name(name)
        if self.save(target, str(value)) is not None:
            return None
        self.delete(name)
        return target


def default_storage(browser: bool) -> Storage:
    if browser and sys.platform == "emscripten":
        try:
            return BrowserStorage()
        except Exception:
            return Storage(None)
    home = os.environ.get("PBMGAMES_HOME")
    folder = Path(home) if home else Path.home() / ".local" / "share" / "pbmgames"
    return Storage(folder)
