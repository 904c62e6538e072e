"""A game's More sheet (share a link, analyse the game, export or copy the record, resign) and the Share dialog.

They serve any game scene (`PlayedGame` says what they read of it), so no game is imported here.

- Share: the game's link (`game.app.saves.exchange.link_text`, carrying the game's id). In a browser it
  is copied to the clipboard at once and put in the page's address; where copying is refused, the page
  shows it as selectable text. On the desktop it is shown selected, and Copy (or Ctrl+C) copies it.
- Analyse the game: the Analyse screen (`game.app.screens.analysis`) over the game, at the position shown.
- Export: the record (with seats, readable by the referee) to a file in the exports folder on the
  desktop, a download in the browser. Copy the record: the same text to the clipboard.
- Resign (asked first): who may resign is the scene's `resigners` (between two people, both: it asks which).
- Sound: on or off (the mute switch, as on the menu).
- Rolls (games with dice): thrown by themselves as soon as a roll is all that can happen, or by hand with
  the Roll button; kept in the settings.
"""

from __future__ import annotations

from typing import Protocol

from game.app.saves.exchange import export_name, link_text, record_text
from game.app.saves.saved_game import SavedGame
from game.app.ui.device import COPIED, PENDING
from game.app.ui.scene import Host
from game.app.ui.widgets import Button
from game.rules.base import Game
from game.rules.history import GameHistory
from .dialog import ConfirmScene, DialogScene


class PlayedGame(Protocol):
    """What the sheet and the Share dialog read of the game scene they were opened from."""

    game: Game
    seats: tuple[str, ...]
    save_id: str
    share_due: bool
    hand_rolls: bool  # its chance moves are rolls a player may throw by hand

    @property
    def has_computer(self) -> bool: ...

    def mark_shared(self) -> None: ...

    @property
    def live_history(self) -> GameHistory: ...

    @property
    def seat_names(self) -> tuple[str, ...]: ...

    def seat_label(self, colour: int) -> str: ...

    def resigners(self) -> list[int]: ...

    def resign(self, colour: int) -> None: ...

    def open_analysis(self) -> None:
        """The Analyse screen over the game."""


def summary(scene: PlayedGame) -> str:
    saved = SavedGame(scene.live_history, scene.seats, scene.save_id)
    outcome = scene.live_history.outcome()
    state = f"over: {outcome.reason}" if outcome is not None else saved.progress_text
    return f"{saved.heading} · {state}"


def rolls_label(manual: bool) -> str:
    return "Rolls: by hand" if manual else "Rolls: automatic"


class CopyWatch:
    """Follows a copy to the clipboard that the browser finishes later, and says how it went."""

    def __init__(self, dialog: DialogScene, what: str) -> None:
        self.dialog, self.what = dialog, what
        self.waiting = False

    def copy(self, text: str) -> None:
        state = self.dialog.app.device.copy(text)
        self.waiting = state == PENDING
        self.report(state)

    def update(self) -> None:
        if self.waiting:
            state = self.dialog.app.device.copy_state()
            if state != PENDING:
                self.waiting = False
                self.report(state)

    def report(self, state: str) -> None:
        if state == COPIED:
            self.dialog.say(f"{self.what} is on the clipboard: paste it where you like.")
        elif state == PENDING:
            self.dialog.say(f"Copying {self.what.lower()}...")
        else:
            self.dialog.say(self.refused(), error=True)

    def refused(self) -> str:
        if self.dialog.app.device.browser:
            return "The browser did not allow copying: Show as text lets you select it and copy it."
        return "The clipboard could not be reached."


class GameActionsScene(DialogScene):
    """The More sheet of a game."""

    def __init__(self, app: Host, scene: PlayedGame) -> None:
        self.scene = scene
        device = app.device
        colours = scene.resigners()
        label = f"Resign ({scene.seat_names[colours[0]]})" if len(colours) == 1 else "Resign..."
        resign = Button(label, self.ask_resign, name="resign", enabled=bool(colours))
        buttons = [Button("Share a link", self.share, name="share", primary=True),
                   Button("Analyse the game", self.analyse, name="analyse", enabled=bool(scene.live_history.moves)),
                   Button("Download the record" if device.browser else "Export the record", self.export,
                          name="export"),
                   Button("Copy the record", self.copy_record, name="copy_record"),
                   resign,
                   Button(app.sound.label, self.toggle_sound, name="sound"),
                   *([Button(rolls_label(app.settings.manual_rolls), self.toggle_rolls, name="rolls")]
                     if scene.game.has_chance and scene.hand_rolls else []),
                   Button("Close", self.close, name="close")]
        place = device.exports_place()
        note = f"Exported records go to {place}." if place else ""
        super().__init__(app, "This game", summary(scene), buttons=buttons, note=note)
        self.danger = {"resign"}
        self.copying = CopyWatch(self, "The record")
        self.shown_record = False

    def update(self, dt: float) -> None:
        self.copying.update()

    def share(self) -> None:
        self.app.replace(ShareScene(self.app, self.scene))

    def analyse(self) -> None:
        self.close()
        self.scene.open_analysis()

    def toggle_sound(self) -> None:
        """The mute switch (the menu has it too; kept between sessions)."""
        problem = self.app.sound.toggle()
        self.button("sound").label = self.app.sound.label
        self.say(problem or ("Sounds are off." if self.app.sound.muted else "Sounds are on."), error=bool(problem))

    def toggle_rolls(self) -> None:
        """Dice thrown by themselves (when a roll is all that can happen) or by the Roll button (kept)."""
        problem = self.app.settings.set_manual_rolls(not self.app.settings.manual_rolls)
        self.button("rolls").label = rolls_label(self.app.settings.manual_rolls)
        self.say(problem or ("The dice wait for the Roll button." if self.app.settings.manual_rolls else
                             "The dice are rolled as soon as a roll is all that can happen."), error=bool(problem))

    def record(self) -> str:
        scene = self.scene
        return record_text(SavedGame(scene.live_history, scene.seats, scene.save_id))

    def export(self) -> None:
        done, words = self.app.device.export(export_name(self.scene.live_history), self.record())
        self.say(words, error=not done)

    def copy_record(self) -> None:
        if self.copying.waiting:
            return
        self.copying.copy(self.record())
        if self.message_error and self.app.device.browser:  # refused: the page shows it to copy by hand
            self.app.device.show_text("The game record", self.record(), "Select it and copy it.")

    def ask_resign(self) -> None:
        """Ask first; between two people, which of them resigns."""
        scene = self.scene
        colours = scene.resigners()
        if not colours:
            return
        players = scene.seat_names

        def who(colour: int) -> str:
            return f"{players[colour]} ({scene.seat_label(colour)})"

        if len(colours) == 1:
            colour = colours[0]
            other = f"{players[1 - colour]} ({scene.seat_label(1 - colour)})"
            if scene.seat_label(colour) == "You":
                body = f"You resign, and {other} wins. The record keeps the resignation; it cannot be taken back."
            else:
                body = (f"{who(colour)} resigns and {other} wins. The record keeps the resignation; "
                        "it cannot be taken back.")
        else:
            body = "Who resigns? The other player wins. The record keeps the resignation; it cannot be taken back."
        choices = [("I resign" if scene.seat_label(c) == "You" else f"{who(c)} resigns", (lambda c=c: scene.resign(c)))
                   for c in colours]
        self.app.replace(ConfirmScene(self.app, "Resign this game?", body, choices=choices, cancel_label="Play on"))


class ShareScene(DialogScene):
    """The game's link: copied (browser) or shown selected to copy (desktop)."""

    def __init__(self, app: Host, scene: PlayedGame) -> None:
        self.scene = scene
        device = app.device
        self.link = link_text(scene.live_history, scene.save_id)
        self.url = device.link_url(self.link)
        buttons = [Button("Copy the link", self.copy, name="copy", primary=True)]
        if device.browser:
            buttons.append(Button("Show as text", self.show, name="show"))
        buttons.append(Button("Close", self.close, name="close"))
        outcome = scene.live_history.outcome()
        if outcome is not None:
            body = f"The game is over ({outcome.reason}). Send this link to show it to someone."
        elif scene.has_computer:  # (nobody else plays this game: the link shows it, or moves it elsewhere)
            body = ("This link opens the game as it stands, on any device: to look at it, or to play it on "
                    "from there.")
        elif len(scene.seat_names) > 2:
            body = ("Send this link to the player whose turn it is. It opens the game as it stands, for their "
                    "turn; after it they share the new link on.")
        else:
            body = ("Send this link to the other player. It opens the game as it stands, for their turn; "
                    "after it they share the new link back.")
        note = ("Paste it into a message. It also opens in the app's Open a game." if device.browser else
                "Ctrl+C or Copy puts it on the clipboard. In the app, the menu's Open a game (or Ctrl+V there) "
                "opens a link; in a browser, add it to the game page's address after #.")
        super().__init__(app, "Share this game", body, buttons=buttons, boxed=self.url, note=note)
        self.copying = CopyWatch(self, "The link")
        scene.mark_shared()
        if device.browser:
            device.set_address(self.link)  # the page's address carries the game shown
            self.copying.copy(self.url)

    def update(self, dt: float) -> None:
        self.copying.update()

    def copy(self) -> None:
        self.copying.copy(self.url)

    def copy_boxed(self) -> None:
        self.copy()

    def show(self) -> None:
        if not self.app.device.show_text("Share this game", self.url, "Select the link and copy it."):
            self.say("The page could not show the link.", error=True)
