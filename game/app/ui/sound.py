"""The app's sounds: a move, a capture and the end of a game, short ``.ogg`` files played through
``pygame.mixer``, with a mute switch kept in the settings.

Sound never stops the app: with no audio device (``SDL_AUDIODRIVER=dummy``, a machine without a sound
card), a mixer that cannot start, or a file that cannot be read, the app goes on silently. In a browser
no sound is tried before the player's first touch, click or key (`unlock`): pages may not start audio
on their own. The files are made by ``build/make_sounds.py`` (synthesised, a few KB each) and ship in
``game/app/assets/sounds/`` (the web build packs every ``assets`` folder).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from game.app.saves.settings import Settings

SOUND_DIR = Path(__file__).resolve().parent.parent / "assets" / "sounds"
#: the sounds there are, each a file ``<name>.ogg`` in SOUND_DIR
NAMES = ("move", "capture", "end")
VOLUME = 0.7


class Sounds:
    """Plays the app's sounds unless muted; `mixer` stands in for ``pygame.mixer`` (tests)."""

    def __init__(self, settings: Settings, *, mixer: Any = None, folder: Path = SOUND_DIR,
                 wait_for_input: bool = False) -> None:
        self.settings = settings
        self.mixer = mixer if mixer is not None else pygame.mixer
        self.folder = folder
        self.waiting = wait_for_input  # a browser page: silent until the player's first input
        self.loaded: dict[str, Any] | None = None  # the sounds, loaded at the first one played
        self.failed = False  # no audio here: never tried again

    @property
    def muted(self) -> bool:
        return not self.settings.sound

    def set_muted(self, muted: bool) -> str | None:
        """Mute or unmute, remembered between sessions; an error message if it could not be kept."""
        if muted:
            self.stop()
        return self.settings.set_sound(not muted)

    def toggle(self) -> str | None:
        return self.set_muted(not self.muted)

    @property
    def label(self) -> str:
        """The mute switch's label: whether the sounds are on now."""
        return "Sound: off" if self.muted else "Sound: on"

    def unlock(self) -> None:
        """The player has touched, clicked or pressed a key: a page may play sounds from now on."""
        self.waiting = False

    def play(self, name: str) -> bool:
        """Play the sound `name` ("move", "capture" or "end"); False when it is not heard (muted, no audio,
        no such sound), never an error."""
        if self.muted or self.waiting or self.failed:
            return False
        sounds = self.load()
        sound = sounds.get(name)
        if sound is None:
            return False
        try:
            sound.play()
        except Exception:  # a mixer that went away: silence, never a crash
            return False
        return True

    def load(self) -> dict[str, Any]:
        """The sounds that could be loaded (starting the mixer if it is not yet); none without audio."""
        if self.loaded is not None:
            return self.loaded
        self.loaded = {}
        try:
            if not self.mixer.get_init():
                self.mixer.init()
        except Exception:
            self.failed = True
            return self.loaded
        for name in NAMES:
            try:
                sound = self.mixer.Sound(str(self.folder / f"{name}.ogg"))
                sound.set_volume(VOLUME)
            except Exception:  # a missing or unreadable file: that sound is silent
                continue
            self.loaded[name] = sound
        return self.loaded

    def stop(self) -> None:
        try:
            if self.loaded and self.mixer.get_init():
                self.mixer.stop()
        except Exception:
            pass
