"""The game in progress survives leaving it, quitting and a corrupt save never crashes the app."""

from __future__ import annotations


from app_helpers import DESKTOP, PHONE, Dice, new_app, press, pump, shot, top

import pygame

from game.app.menu import MenuScene
from game.app.saved_game import NAME
from game.app.savoy_scene import SavoyScene
from game.app.star_scene import StarScene
from game.app.storage import Storage


def start_star(app, touch=False):
    press(app, "play-star", touch=touch)
    press(app, "size-minus", touch=touch)  # size 5
    press(app, "start", touch=touch)
    scene = top(app)
    assert isinstance(scene, StarScene)
    return scene


def type_moves(app, *moves):
    for move in moves:
        for char in move:
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=char))
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
        pump(app)


def test_leaving_a_game_keeps_it_for_resume(tmp_path):
    storage = Storage(tmp_path)
    app = new_app(PHONE, storage)
    scene = start_star(app)
    type_moves(app, "E1", "swap", "G3")
    assert (tmp_path / NAME).exists()
    press(app, "menu")
    menu = top(app)
    assert isinstance(menu, MenuScene) and menu.resume_button.enabled
    shot(app, "menu_resume_phone")
    press(app, "resume")
    resumed = top(app)
    assert isinstance(resumed, StarScene) and resumed is not scene
    assert resumed.history.notation() == ["E1", "swap", "G3"]
    assert resumed.state.size == 5 and resumed.state.swapped
    type_moves(app, "F2")
    assert resumed.history.notation()[-1] == "F2"


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
    assert not (tmp_path / NAME).exists() and app.saved is None
    assert new_app(DESKTOP, Storage(tmp_path)).saved is None


def test_dice_games_resume_with_their_rolls(tmp_path):
    app = new_app(DESKTOP, Storage(tmp_path))
    press(app, "play-savoy")
    press(app, "start")
    scene = top(app)
    assert isinstance(scene, SavoyScene)
    scene.rng = Dice([5, 3])
    scene.roller.seconds = 0
    press(app, "roll")
    pump(app, 3)
    assert scene.history.notation()[0] == "roll:5,3"
    again = new_app(DESKTOP, Storage(tmp_path))
    press(again, "resume")
    assert top(again).history.notation() == scene.history.notation()
    assert top(again).state == scene.state


def test_a_corrupt_save_is_set_aside_with_a_message(tmp_path):
    (tmp_path / NAME).write_text('[Seats "Human,Human"]\n[Game "star"]\n[Options "-size=5"]\n\n1. E1\n2. E1\n')
    app = new_app(PHONE, Storage(tmp_path))
    menu = top(app)
    assert app.saved is None and not menu.resume_button.enabled
    assert "line 6: move 2 'E1': E1 is already taken" in app.saved_notice
    assert (tmp_path / (NAME + ".unreadable")).exists() and not (tmp_path / NAME).exists()
    shot(app, "menu_corrupt_save_phone")
    start_star(app)  # the app goes on as usual


def test_garbage_and_unwritable_storage_never_crash(tmp_path):
    (tmp_path / NAME).write_bytes(b"\xff\xfe not a record at all")
    app = new_app(DESKTOP, Storage(tmp_path))
    assert app.saved is None
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the folder should be")
    app = new_app(DESKTOP, Storage(blocked / "inside"))
    scene = start_star(app)
    type_moves(app, "E1")
    assert scene.history.notation() == ["E1"]  # the move stands
    assert scene.message_is_error and "could not save the game" in scene.message


def test_browser_storage_uses_local_storage(monkeypatch):
    """In pygbag the page's localStorage keeps the save; a fake page stands in for it here."""
    import types

    from game.app.storage import BrowserStorage

    class LocalStorage:
        def __init__(self):
            self.items = {}

        def getItem(self, key):  # noqa: N802 - the browser's names
            return self.items.get(key)

        def setItem(self, key, value):  # noqa: N802
            self.items[key] = value

        def removeItem(self, key):  # noqa: N802
            self.items.pop(key, None)

    local = LocalStorage()
    monkeypatch.setitem(__import__("sys").modules, "platform",
                        types.SimpleNamespace(window=types.SimpleNamespace(localStorage=local)))
    storage = BrowserStorage()
    assert storage.load(NAME) is None
    app = new_app(DESKTOP, storage)
    start_star(app)
    type_moves(app, "E1")
    assert "1. E1" in local.items["pbmgames:" + NAME]
    assert new_app(DESKTOP, storage).saved.history.notation() == ["E1"]
    storage.set_aside(NAME)
    assert "pbmgames:" + NAME not in local.items and "pbmgames:" + NAME + ".unreadable" in local.items
