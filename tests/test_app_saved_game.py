"""The games in progress survive leaving them and quitting; no save is ever lost or crashes the app."""

from __future__ import annotations

import errno
import os
import sys
import types
from pathlib import Path

import pygame
import pytest

from app_helpers import DESKTOP, PHONE, new_app, press, pump, shot, top

from game.app.games.know.scene import KnowScene
from game.app.games.savoy.scene import SavoyScene
from game.app.games.star.scene import StarScene
from game.app.saves.saved_game import LEGACY, PREFIX, SUFFIX, load_all, read_saved
from game.app.saves.storage import BrowserStorage, Storage
from game.app.screens.menu import MenuScene
from game.rules.errors import RecordError


def start_star(app, touch=False):
    press(app, "play-star", touch=touch)
    press(app, "seat1-human", touch=touch)  # two people on this device
    press(app, "options", touch=touch)
    press(app, "size-minus", touch=touch)  # size 5
    press(app, "start", touch=touch)
    scene = top(app)
    assert isinstance(scene, StarScene)
    return scene


def start_savoy(app):
    press(app, "play-savoy")
    press(app, "seat1-human")
    press(app, "start")
    scene = top(app)
    assert isinstance(scene, SavoyScene)
    scene.roller.seconds = 0
    return scene


def type_moves(app, *moves):
    for move in moves:
        for char in move:
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=char))
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
        pump(app)


def saves(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith(PREFIX) and p.name.endswith(SUFFIX))


def aside(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if ".unreadable" in p.name)


STAR_SAVE = '[Seats "Human,Human"]\n[Game "star"]\n[Options "-size=5"]\n\n1. E1\n'


# ----------------------------------------------------------------------------- keeping and resuming
def test_leaving_a_game_keeps_it_for_resume(tmp_path):
    storage = Storage(tmp_path)
    app = new_app(PHONE, storage)
    scene = start_star(app)
    type_moves(app, "E1", "swap", "G3")
    assert saves(tmp_path) == [scene.save_id + SUFFIX]
    press(app, "menu")
    menu = top(app)
    assert isinstance(menu, MenuScene) and menu.resume_button.enabled
    shot(app, "menu_resume_phone")
    press(app, "resume")
    resumed = top(app)
    assert isinstance(resumed, StarScene) and resumed is not scene and resumed.save_id == scene.save_id
    assert resumed.history.notation() == ["E1", "swap", "G3"]
    assert resumed.state.size == 5 and resumed.state.swapped
    type_moves(app, "F2")
    assert resumed.history.notation()[-1] == "F2"
    assert len(saves(tmp_path)) == 1  # the same game, saved in its place


def test_a_later_session_resumes_from_storage(tmp_path):
    storage = Storage(tmp_path)
    app = new_app(DESKTOP, storage)
    start_star(app)
    type_moves(app, "E1", "F2")
    press(app, "undo")  # undo is saved too
    again = new_app(DESKTOP, Storage(tmp_path))
    assert again.saved is not None and again.saved.history.notation() == ["E1"]
    shot(again, "menu_resume_desktop")
    press(again, "resume")
    assert top(again).history.notation() == ["E1"]


def test_a_finished_game_is_forgotten(tmp_path):
    app = new_app(DESKTOP, Storage(tmp_path))
    start_star(app)
    type_moves(app, "E1", "pass", "pass")
    assert saves(tmp_path) == [] and app.saved is None
    assert new_app(DESKTOP, Storage(tmp_path)).saved is None


def test_a_new_game_keeps_the_one_in_progress(tmp_path):
    """Starting another game never replaces the game in progress: both are kept, Resume opens the last."""
    app = new_app(DESKTOP, Storage(tmp_path))
    first = start_star(app)
    type_moves(app, "E1", "F2")
    press(app, "menu")
    second = start_savoy(app)
    assert len(saves(tmp_path)) == 1  # no move yet: nothing to keep
    press(app, "roll")
    assert saves(tmp_path) == sorted([first.save_id + SUFFIX, second.save_id + SUFFIX])
    press(app, "menu")
    assert [g.id for g in app.saved_games] == [second.save_id, first.save_id]
    shot(app, "menu_two_kept_desktop")
    later = new_app(PHONE, Storage(tmp_path))
    assert [g.id for g in later.saved_games] == [second.save_id, first.save_id]
    shot(later, "menu_two_kept_phone")
    press(later, "resume")
    assert isinstance(top(later), SavoyScene) and top(later).history.notation() == second.history.notation()


def test_dice_games_resume_with_their_rolls_and_seed(tmp_path):
    app = new_app(DESKTOP, Storage(tmp_path))
    app.settings.set_manual_rolls(True)  # the dice by hand: a roll alone can be taken back and thrown again
    scene = start_savoy(app)
    press(app, "roll")
    first_roll = scene.history.notation()
    assert first_roll[0].startswith("roll:")
    again = new_app(DESKTOP, Storage(tmp_path))
    press(again, "resume")
    resumed = top(again)
    assert resumed.history.notation() == scene.history.notation() and resumed.state == scene.state
    assert resumed.history.seed == scene.history.seed
    resumed.roller.seconds = 0
    press(again, "undo")  # taking the resumed roll back and rolling again gives the same dice
    assert resumed.history.moves == []
    press(again, "roll")
    assert resumed.history.notation() == first_roll


# ----------------------------------------------------------------------------- dice cannot be re-rolled
@pytest.mark.parametrize("scene_class, name", [(SavoyScene, "savoy"), (KnowScene, "know")])
def test_undo_then_roll_gives_the_same_dice(scene_class, name):
    from game.rules import GAMES

    app = new_app(DESKTOP)
    app.settings.set_manual_rolls(True)  # the dice by hand: a roll alone can be taken back and thrown again
    scene = scene_class(app, GAMES[name], None)
    if hasattr(scene, "roller"):
        scene.roller.seconds = 0
    else:
        scene.roll_seconds = 0
    app.push(scene)
    pump(app)
    rolls = []
    for _ in range(3):
        press(app, "roll")
        rolls.append(scene.history.notation()[-1])
        press(app, "undo")
        while scene.history.moves:
            press(app, "undo")
    assert len(set(rolls)) == 1 and rolls[0].startswith("roll:"), rolls
    press(app, "roll")
    press(app, "undo")
    press(app, "redo")
    assert scene.history.notation()[-1] == rolls[0]


def test_a_typed_roll_is_refused_unless_it_is_the_games_own(tmp_path):
    app = new_app(DESKTOP, Storage(tmp_path))
    scene = start_savoy(app)
    own = str(scene.history.next_roll())
    other = next(f"roll:{a},{b}" for a in range(1, 7) for b in range(1, 7) if f"roll:{a},{b}" != own)
    type_moves(app, other)
    assert scene.history.moves == [] and scene.message_is_error and "thrown, not typed" in scene.message
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    pump(app)
    type_moves(app, own)
    assert scene.history.notation() == [own]


# ----------------------------------------------------------------------------- saves that cannot be read
def test_a_corrupt_save_is_set_aside_with_a_message(tmp_path):
    (tmp_path / "game-x.txt").write_text(STAR_SAVE + "2. E1\n")
    app = new_app(PHONE, Storage(tmp_path))
    menu = top(app)
    assert app.saved is None and not menu.resume_button.enabled
    assert "line 6: move 2 'E1': E1 is already taken" in app.saved_notice
    assert aside(tmp_path) == ["game-x.txt.unreadable"] and saves(tmp_path) == []
    shot(app, "menu_corrupt_save_phone")
    start_star(app)  # the app goes on as usual


BAD_SAVES = {
    "binary": b"\xff\xfe\x00 not a record at all",
    "utf16": STAR_SAVE.encode("utf-16"),
    "latin1": STAR_SAVE.replace("E1", "\u00e91").encode("latin-1"),
    "bad seats count": STAR_SAVE.replace("Human,Human", "Human").encode(),
    "unknown seat": STAR_SAVE.replace("Human,Human", "Human,Robot").encode(),
    "huge number": STAR_SAVE.replace("1. E1", "9" * 5000 + ". E1").encode(),
    "huge bad line": (STAR_SAVE + "2. " + "x" * 1_000_000 + "\n").encode(),
    "far too large": b"#" * (10 << 20),
}


@pytest.mark.parametrize("kind", sorted(BAD_SAVES))
def test_bad_saves_are_set_aside_with_a_short_message_and_never_overwritten(tmp_path, kind):
    data = BAD_SAVES[kind]
    (tmp_path / "game-old.txt").write_bytes(data)
    app = new_app(DESKTOP, Storage(tmp_path))
    assert app.saved is None
    assert app.saved_notice.startswith("A saved game could not be read") and len(app.saved_notice) < 300
    assert "set aside as 'game-old.txt.unreadable'" in app.saved_notice
    assert (tmp_path / "game-old.txt.unreadable").read_bytes() == data  # kept as it was
    shot(app, f"menu_bad_save_{kind.replace(' ', '_')}")
    scene = start_star(app)
    type_moves(app, "E1")
    assert (tmp_path / "game-old.txt.unreadable").read_bytes() == data
    assert saves(tmp_path) == [scene.save_id + SUFFIX]


def test_seats_are_checked_like_every_other_header():
    with pytest.raises(RecordError, match="line 1: the Seats header 'Human,Human,Human' must name 2 seats"):
        read_saved(STAR_SAVE.replace("Human,Human", "Human,Human,Human"))
    with pytest.raises(RecordError, match="each one of Human, Computer"):
        read_saved(STAR_SAVE.replace("Human,Human", "Human,nobody"))
    assert read_saved(STAR_SAVE.replace('[Seats "Human,Human"]\n', "")).seats == ("Human", "Human")
    assert read_saved("\ufeff" + STAR_SAVE).history.notation() == ["E1"]  # a byte-order mark is passed over


def test_saves_that_are_not_plain_files_are_set_aside_without_hanging(tmp_path):
    os.mkfifo(tmp_path / "game-pipe.txt")  # reading a named pipe would wait for a writer for ever
    (tmp_path / "game-folder.txt").mkdir()
    games, notice = load_all(Storage(tmp_path))
    assert games == [] and notice.count("it is not a plain file") == 2
    assert aside(tmp_path) == ["game-folder.txt.unreadable", "game-pipe.txt.unreadable"]


def test_a_save_that_cannot_be_read_now_is_kept(tmp_path, monkeypatch):
    (tmp_path / "game-io.txt").write_text(STAR_SAVE)
    real = Path.read_bytes

    def failing(path):
        if path.name == "game-io.txt":
            raise OSError(errno.EIO, "Input/output error")
        return real(path)

    monkeypatch.setattr(Path, "read_bytes", failing)
    monkeypatch.setattr(os, "rename", lambda *args: (_ for _ in ()).throw(OSError(errno.EROFS, "Read-only")))
    app = new_app(DESKTOP, Storage(tmp_path))
    assert app.saved is None and "Input/output error" in app.saved_notice and "left as it is" in app.saved_notice
    scene = start_star(app)
    type_moves(app, "E1")
    assert (tmp_path / "game-io.txt").read_text() == STAR_SAVE  # never written over
    assert scene.save_id != "game-io"


def test_the_single_save_of_earlier_versions_is_migrated(tmp_path):
    (tmp_path / LEGACY).write_text(STAR_SAVE)
    app = new_app(DESKTOP, Storage(tmp_path))
    assert app.saved is not None and app.saved.history.notation() == ["E1"]
    assert not (tmp_path / LEGACY).exists() and saves(tmp_path) == [app.saved.id + SUFFIX]
    text = (tmp_path / saves(tmp_path)[0]).read_text()
    assert '[Seats "Human,Human"]' in text and "[Saved " in text and "1. E1" in text
    press(app, "resume")
    assert top(app).history.notation() == ["E1"]


def test_unwritable_storage_never_crashes_and_leaves_no_temporary_file(tmp_path):
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the folder should be")
    app = new_app(DESKTOP, Storage(blocked / "inside"))
    scene = start_star(app)
    type_moves(app, "E1")
    assert scene.history.notation() == ["E1"]  # the move stands
    assert scene.message_is_error and "could not save the game" in scene.message
    # the final rename fails (a folder has the save's name): the half-written text is removed
    storage = Storage(tmp_path)
    (tmp_path / "game-clash.txt").mkdir()
    assert storage.save("game-clash.txt", "text").startswith("could not save the game")
    assert not (tmp_path / "game-clash.txt.tmp").exists()
    (tmp_path / "game-crash.txt.tmp").write_text("half a record")  # left by a crash while writing
    new_app(DESKTOP, storage)
    assert not (tmp_path / "game-crash.txt.tmp").exists()


# ----------------------------------------------------------------------------- the browser
class LocalStorage:
    """A stand-in for the page's localStorage (the browser's method names)."""

    def __init__(self):
        self.items = {}

    @property
    def length(self):
        return len(self.items)

    def key(self, index):
        return list(self.items)[index] if index < len(self.items) else None

    def getItem(self, key):  # noqa: N802 - the browser's names
        return self.items.get(key)

    def setItem(self, key, value):  # noqa: N802
        self.items[key] = value

    def removeItem(self, key):  # noqa: N802
        self.items.pop(key, None)


@pytest.fixture
def local(monkeypatch):
    page = LocalStorage()
    monkeypatch.setitem(sys.modules, "platform", types.SimpleNamespace(window=types.SimpleNamespace(localStorage=page)))
    return page


def test_browser_storage_keeps_each_game_under_its_key(local):
    storage = BrowserStorage()
    assert storage.load("game-none.txt") is None and storage.names() == []
    app = new_app(DESKTOP, storage)
    scene = start_star(app)
    type_moves(app, "E1")
    key = "pbmgames:" + scene.save_id + SUFFIX
    assert "1. E1" in local.items[key]
    press(app, "menu")
    start_star(app)
    type_moves(app, "F2")
    assert len([k for k in local.items if k.startswith("pbmgames:game-")]) == 2
    later = new_app(DESKTOP, BrowserStorage())
    assert [g.history.notation() for g in later.saved_games] == [["F2"], ["E1"]]


def test_browser_storage_sets_aside_and_migrates(local):
    local.setItem("pbmgames:" + LEGACY, STAR_SAVE)
    local.setItem("pbmgames:game-bad.txt", STAR_SAVE.replace("Human,Human", "Human"))
    app = new_app(DESKTOP, BrowserStorage())
    assert app.saved is not None and app.saved.history.notation() == ["E1"]
    assert "pbmgames:" + LEGACY not in local.items
    assert "pbmgames:game-bad.txt" not in local.items and "pbmgames:game-bad.txt.unreadable" in local.items
    assert "Seats header" in app.saved_notice
