"""What the app asks of the machine it runs on, besides the screen: a clipboard, a place for exported
records, and in a browser the page's address and its own dialogs.

- `DesktopDevice`: the clipboard is SDL's (``pygame.scrap``); records are exported to and imported
  from a folder the player can find (`exports_folder`: ``$PBMGAMES_HOME/exports`` when that is set,
  else ``~/Documents/pbmgames`` when there is a Documents folder, else ``~/.local/share/pbmgames/exports``).
- `BrowserDevice`: pygbag's ``platform.window`` and the helper functions our page defines
  (web/template.tmpl: ``pbm_copy``, ``pbm_download``, ``pbm_ask_text``, ``pbm_show_text``,
  ``pbm_take_answer``, ``pbm_set_address``): a record is downloaded; pasting and picking a file
  happen in a dialog of the page (a canvas cannot take a paste on a phone), whose answer the app
  collects with `take_answer` on a later frame; a link lives in the address after ``#``.

Nothing here raises for a failure of the machine (no clipboard, a full disk, a page that forbids it):
each method says what happened in words for the player.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame

from game.app.saves.exchange import link_in

#: the states a copy to the clipboard can be in
COPIED, PENDING, FAILED = "copied", "pending", "failed"
#: the file names an import lists (records are plain text)
RECORD_SUFFIXES = (".txt", ".rec", ".record")


@dataclass(frozen=True)
class Answer:
    """What the player gave the page's dialog: a text (pasted, or read from the file `name`), None when
    they closed it, or `error` when the file they picked could not be read."""

    text: str | None
    name: str = ""
    error: str = ""


class Device:
    """The desktop's and the browser's common ground; the base does nothing and says so."""

    browser = False

    # -- the clipboard --------------------------------------------------------------------
    def copy(self, text: str) -> str:
        """Put `text` on the clipboard: COPIED, PENDING (the browser is still at it: see `copy_state`) or
        FAILED."""
        return FAILED

    def copy_state(self) -> str:
        """How the last copy went (PENDING until the browser says)."""
        return FAILED

    def paste(self) -> str | None:
        """The clipboard's text now, or None when it cannot be read at once (the browser: `ask_text`)."""
        return None

    # -- records ------------------------------------------------------------------------
    def export(self, name: str, text: str) -> tuple[bool, str]:
        """Keep a record outside the app (a file, a download): whether it worked, and words saying where."""
        return False, "Records cannot be exported here."

    def exports_place(self) -> str:
        """Where exported records go, in words for the player."""
        return ""

    def record_files(self) -> list[Path]:
        """Record files the player can import (the desktop's exports folder, newest first)."""
        return []

    # -- the page (browser only) -------------------------------------------------------------
    def ask_text(self, title: str, note: str) -> bool:
        """Open the page's dialog to paste a text or pick a file; False where there is none."""
        return False

    def show_text(self, title: str, text: str, note: str) -> bool:
        """Show `text` selectable (with a Copy button) in a dialog of the page; False where there is none."""
        return False

    def take_answer(self) -> Answer | None:
        """The answer of the page's dialog once given (then forgotten), else None."""
        return None

    def address(self) -> str:
        """The page's address (empty on the desktop)."""
        return ""

    def new_link(self) -> str:
        """A game link that has come into the page's address since last asked (and that the app did not
        put there itself), else ""."""
        return ""

    def set_address(self, link: str) -> None:
        """Make the page's address carry `link` after ``#`` ("" clears it), without reloading."""

    def link_url(self, link: str) -> str:
        """What to send for a link: the page's address with ``#link`` in a browser, the link itself on the desktop."""
        return link


# ----------------------------------------------------------------------------- the desktop
def exports_folder() -> Path:
    """Where the desktop exports records (see the module docstring)."""
    home = os.environ.get("PBMGAMES_HOME")
    if home:
        return Path(home) / "exports"
    documents = Path.home() / "Documents"
    if documents.is_dir():
        return documents / "pbmgames"
    return Path.home() / ".local" / "share" / "pbmgames" / "exports"


def shown_path(path: Path) -> str:
    """A path as the player would type it (``~/Documents/pbmgames``)."""
    try:
        return "~/" + path.relative_to(Path.home()).as_posix()
    except ValueError:
        return str(path)


class DesktopDevice(Device):
    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder if folder is not None else exports_folder()
        self._copied = FAILED

    def copy(self, text: str) -> str:
        try:
            pygame.scrap.put_text(text)
            self._copied = COPIED
        except (pygame.error, AttributeError, OSError):
            self._copied = FAILED
        return self._copied

    def copy_state(self) -> str:
        return self._copied

    def paste(self) -> str | None:
        try:
            text = pygame.scrap.get_text()
        except (pygame.error, AttributeError, OSError):
            return None
        return text if isinstance(text, str) else None

    def export(self, name: str, text: str) -> tuple[bool, str]:
        target = self.folder / name
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            with open(target, "x", encoding="utf-8") as out:  # never over another file
                out.write(text)
        except FileExistsError:
            return False, f"{shown_path(target)} is there already: nothing was written over it."
        except OSError as error:
            return False, f"The record could not be written to {shown_path(self.folder)}: {error.strerror or error}."
        return True, f"Saved as {shown_path(target)}"

    def exports_place(self) -> str:
        return shown_path(self.folder)

    def record_files(self) -> list[Path]:
        try:
            files = [entry for entry in self.folder.iterdir()
                     if entry.suffix.lower() in RECORD_SUFFIXES and entry.is_file()]
        except OSError:
            return []
        return sorted(files, key=lambda p: (_mtime(p), p.name), reverse=True)


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


# ----------------------------------------------------------------------------- the browser
class BrowserDevice(Device):
    """The page's `window` (pygbag's ``platform.window``, or a stand-in in tests)."""

    browser = True

    def __init__(self, window: Any = None) -> None:
        if window is None:
            import platform  # pygbag's module in the browser, not the standard library's

            window = platform.window  # type: ignore[attr-defined]
        self.window = window
        self._seen = ""  # the link last taken from the address or put there

    def _call(self, name: str, *args: Any) -> str:
        """Call the page's function `name`; its answer as text ("" for none, or when the call failed)."""
        try:
            value = getattr(self.window, name)(*args)
        except Exception:  # an older page without the helper, or the browser refused
            return ""
        return "" if value is None else str(value)

    def copy(self, text: str) -> str:
        state = self._call("pbm_copy", text)
        return state if state in (COPIED, PENDING) else FAILED

    def copy_state(self) -> str:
        state = self._call("pbm_copy_state")
        return state if state in (COPIED, PENDING) else FAILED

    def export(self, name: str, text: str) -> tuple[bool, str]:
        answer = self._call("pbm_download", name, text)
        if answer == "ok":
            return True, f"Downloaded as {name} (look in the browser's downloads)."
        return False, "The browser did not allow the download" + (f" ({answer})." if answer else ".")

    def exports_place(self) -> str:
        return "the browser's downloads"

    def ask_text(self, title: str, note: str) -> bool:
        return self._call("pbm_ask_text", title, note) == "ok"

    def show_text(self, title: str, text: str, note: str) -> bool:
        return self._call("pbm_show_text", title, text, note) == "ok"

    def take_answer(self) -> Answer | None:
        raw = self._call("pbm_take_answer")
        if not raw:
            return None
        try:
            answer = json.loads(raw)
        except ValueError:
            return None
        if not isinstance(answer, dict):
            return None
        if answer.get("cancel"):
            return Answer(None)
        text, name, error = answer.get("text"), answer.get("name"), answer.get("error")
        name = name if isinstance(name, str) else ""
        if error:
            return Answer(None, name, str(error))
        return Answer(text if isinstance(text, str) else "", name)

    def address(self) -> str:
        try:
            return str(self.window.location.href or "")
        except Exception:
            return ""

    def new_link(self) -> str:
        link = link_in(self.address())
        if link == self._seen:
            return ""
        self._seen = link
        return link

    def set_address(self, link: str) -> None:
        self._seen = link
        self._call("pbm_set_address", link)

    def link_url(self, link: str) -> str:
        return self.address().split("#", 1)[0] + "#" + link


def default_device(browser: bool) -> Device:
    if browser:
        try:
            return BrowserDevice()
        except Exception:
            return Device()
    return DesktopDevice()
