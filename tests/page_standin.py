"""A stand-in for the page's `window` as the app sees it in a browser (pygbag's ``platform.window``):
localStorage, location, and the helper functions web/template.tmpl defines for the app (pbm_copy,
pbm_copy_state, pbm_download, pbm_ask_text, pbm_show_text, pbm_take_answer, pbm_set_address), each
answering as the page's JavaScript does. The JavaScript itself is tested in Chromium
(tests/test_web_page.py); this stands in for it when the app's Python is what is tested.
"""

from __future__ import annotations

import json
import types
from typing import Any

PAGE = "https://example.itch.zone/html/123/index.html"


class LocalStorage:
    """The Web Storage API over a dict (getItem gives None, JS null, for a missing key)."""

    def __init__(self) -> None:
        self.items: dict[str, str] = {}

    @property
    def length(self) -> int:
        return len(self.items)

    def key(self, index: int) -> str | None:
        keys = list(self.items)
        return keys[index] if 0 <= index < len(keys) else None

    def getItem(self, key: str) -> str | None:  # noqa: N802 - the browser's names
        return self.items.get(key)

    def setItem(self, key: str, value: Any) -> None:  # noqa: N802
        self.items[key] = str(value)

    def removeItem(self, key: str) -> None:  # noqa: N802
        self.items.pop(key, None)


class PageWindow:
    """The page as the app's BrowserDevice and BrowserStorage see it.

    `clipboard` gets what pbm_copy copies (the copy finishes on the next pbm_copy_state when
    `async_copy`, and fails when `refuse_copy`); `downloads` lists (name, text); `dialogs` lists the
    page dialogs opened; `answer(...)` queues what the player gives the paste dialog.
    """

    def __init__(self, address: str = PAGE, async_copy: bool = True, refuse_copy: bool = False) -> None:
        self.localStorage = LocalStorage()
        self.location = types.SimpleNamespace(href=address)
        self.clipboard = ""
        self.async_copy = async_copy
        self.refuse_copy = refuse_copy
        self._copying: str | None = None
        self._copied = ""
        self.downloads: list[tuple[str, str]] = []
        self.dialogs: list[tuple[str, ...]] = []
        self._answer = ""

    # -- the page's helpers ------------------------------------------------------------------
    def pbm_copy(self, text: str) -> str:
        if self.refuse_copy:
            self._copied = "failed"
        elif self.async_copy:
            self._copying, self._copied = text, "pending"
        else:
            self.clipboard, self._copied = text, "copied"
        return self._copied

    def pbm_copy_state(self) -> str:
        if self._copying is not None:  # the browser's promise settles
            self.clipboard, self._copying, self._copied = self._copying, None, "copied"
        return self._copied

    def pbm_download(self, name: str, text: str) -> str:
        self.downloads.append((name, text))
        return "ok"

    def pbm_ask_text(self, title: str, note: str) -> str:
        self.dialogs.append(("ask", title))
        return "ok"

    def pbm_show_text(self, title: str, text: str, note: str) -> str:
        self.dialogs.append(("show", title, text))
        return "ok"

    def pbm_take_answer(self) -> str:
        answer, self._answer = self._answer, ""
        return answer

    def pbm_set_address(self, link: str) -> str:
        base = self.location.href.split("#", 1)[0]
        self.location.href = base + ("#" + link if link else "")
        return "ok"

    # -- what the player does ------------------------------------------------------------------
    def answer(self, text: str | None = None, name: str = "", error: str = "") -> None:
        """The player pastes `text` (or picks the file `name`), closes the dialog (None), or picks a file
        that cannot be read (`error`)."""
        if error:
            self._answer = json.dumps({"error": error, "name": name})
        elif text is None:
            self._answer = json.dumps({"cancel": True})
        else:
            self._answer = json.dumps({"text": text, "name": name} if name else {"text": text})

    def go_to(self, address: str) -> None:
        """The player changes the address (a link pasted into the address bar)."""
        self.location.href = address
