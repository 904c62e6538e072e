"""Open a game from outside the app: a pasted link or record, or a record file.

On the desktop, Paste reads the clipboard (Ctrl+V does the same, here and on the menu) and the
record files in the exports folder are listed to open; in a browser, Paste or choose a file opens
the page's own dialog (a canvas cannot take a paste on a phone), whose answer arrives on a later frame.
What opens, and how, is the menu's business (`opener`): a link opens live for the player to move, a
record opens in review. A text that cannot be read gets the reader's message, with its line.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from game.app.saves.exchange import read_record_file
from game.app.ui.input import Intent
from game.app.ui.scene import Host
from game.app.ui.widgets import Button
from game.rules.errors import RecordError
from .dialog import DialogScene

#: at most this many record files are offered (the newest)
MAX_FILES = 4
#: opens a text (from `source`, in words); returns the reason it could not, or None once it opened
Opener = Callable[[str, str], "str | None"]


class OpenGameScene(DialogScene):
    def __init__(self, app: Host, opener: Opener) -> None:
        self.opener = opener
        device = app.device
        self.files: list[Path] = device.record_files()[:MAX_FILES]
        buttons = [Button("Paste a link or record", self.paste, name="paste", primary=True)]
        if device.browser:
            buttons.append(Button("Choose a record file", self.paste, name="choose"))
        for k, path in enumerate(self.files):
            buttons.append(Button(path.name, (lambda p=path: self.open_file(p)), name=f"file{k}"))
        buttons.append(Button("Close", self.close, name="close"))
        if device.browser:
            body = "Paste a game link or a game record, or choose a record file (a .txt you downloaded)."
            note = "A link opens the game for the player to move; a record opens to look back over it."
        else:
            place = device.exports_place()
            body = "Paste a game link or a game record (Ctrl+V), or open a record file" + (
                f" from {place}:" if self.files else ".")
            note = ("" if self.files else f"Record files put in {place} are listed here. ") + \
                "A link opens the game for the player to move; a record opens to look back over it."
        super().__init__(app, "Open a game", body, buttons=buttons, note=note)
        self.asking = False  # the page's dialog is open: its answer is collected in `update`

    def paste(self) -> None:
        device = self.app.device
        if device.browser:
            self.asking = device.ask_text("Open a game", "Paste a game link or a game record, or choose a file.")
            if not self.asking:
                self.say("The page could not open its paste box.", error=True)
            return
        text = device.paste()
        if not text or not text.strip():
            self.say("The clipboard holds no text: copy a game link or a game record first.", error=True)
            return
        self.open_text(text, "the clipboard")

    def open_file(self, path: Path) -> None:
        try:
            text = read_record_file(path)
        except RecordError as error:
            self.say(f"{error}.", error=True)
            return
        self.open_text(text, path.name)

    def open_text(self, text: str, source: str) -> None:
        problem = self.opener(text, source)
        if problem is not None and self.app.top is self:
            self.say(problem, error=True)

    def update(self, dt: float) -> None:
        if not self.asking:
            return
        answer = self.app.device.take_answer()
        if answer is None:
            return
        self.asking = False
        if answer.error:
            self.say(f"{answer.error}.", error=True)
        elif answer.text is not None:
            if not answer.text.strip():
                self.say("Nothing was pasted.", error=True)
            else:
                self.open_text(answer.text, answer.name or "what was pasted")

    def handle(self, intent: Intent) -> None:
        if intent.kind == "paste":
            self.paste()
            return
        super().handle(intent)
