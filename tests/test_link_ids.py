"""A link's [Id] comes from outside: it maps into the app's own naming (``game-...``), so the game is
listed the next session, and opening a link of a game kept here never replaces more moves with fewer.
Real storage: the app's default storage in a throw-away $PBMGAMES_HOME.
"""

from __future__ import annotations

import os
import random

import pytest

from app_helpers import DESKTOP, new_app, top

from game.app.saves.exchange import link_text, read_shared
from game.app.saves.saved_game import PREFIX, SUFFIX, load_all, local_id
from game.app.saves.storage import default_storage
from game.app.screens.menu import MenuScene
from game.rules import get_game
from game.rules.history import GameHistory
from game.rules.link import link_for


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("PBMGAMES_HOME", str(tmp_path))
    return tmp_path


def star_game(moves: int, seed: int = 1) -> GameHistory:
    game = get_game("star")
    history = GameHistory(game, {"size": 5}, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        history.play(rng.choice([m for m in game.legal_moves(history.state) if str(m) not in ("pass", "swap")]))
    return history


def app_session():
    """A new session of the app on the default storage ($PBMGAMES_HOME)."""
    return new_app(DESKTOP, storage=default_storage(False))


def stored(home) -> dict[str, int]:
    """The saves on disk: file name -> number of moves."""
    found = {}
    for path in home.iterdir():
        if path.name.endswith(SUFFIX):
            found[path.name] = len(read_shared(path.read_text(encoding="utf-8")).game.history.moves)
    return found


def open_link(app, link: str):
    menu = app.stack[0]
    assert isinstance(menu, MenuScene)
    app.pop_to_root()
    assert menu.open_text(link, "test") is None
    return top(app)


@pytest.mark.parametrize("outside", ["abc", "game-", "game-a/b", "../game-x", "x" * 200, "current-game",
                                     "game-20250101T120000-3f2a.txt", "\u0661\u0662", "GAME-abc"])
def test_an_outside_id_maps_into_the_apps_naming_and_always_the_same_way(outside):
    mine = local_id(outside)
    assert mine.startswith(PREFIX) and mine == local_id(outside) and len(mine) < 100
    assert all(c.isascii() and (c.isalnum() or c in "-_") for c in mine)
    assert local_id("game-20250101T120000-3f2a") == "game-20250101T120000-3f2a"  # the app's own ids stay
    assert local_id("abc") != local_id("abd")


def test_a_link_whose_id_is_not_ours_is_listed_next_session_and_never_loses_moves(home):
    longer, shorter = star_game(6), star_game(6).until(2)
    app = app_session()
    scene = open_link(app, link_for(longer, {"Id": "abc"}))
    assert scene.save_id.startswith(PREFIX) and stored(home) == {scene.save_id + SUFFIX: 6}
    later = app_session()  # the next session lists it
    assert [g.id for g in later.saved_games] == [scene.save_id]
    again = open_link(later, link_for(shorter, {"Id": "abc"}))  # the same link, older: the kept game shows
    assert again.history.notation() == longer.notation() and "as you left it" in again.message
    assert stored(home) == {scene.save_id + SUFFIX: 6}
    open_link(later, link_for(longer, {"Id": "abc"}))
    assert stored(home) == {scene.save_id + SUFFIX: 6}  # the same link once more: still one game


def test_a_save_written_since_the_session_started_is_not_replaced_by_a_shorter_link(home):
    app = app_session()  # lists nothing yet
    other = app_session()  # another window (or tab) of the app plays the game further meanwhile
    open_link(other, link_for(star_game(7), {"Id": "game-20250101T120000-3f2a"}))
    assert stored(home) == {"game-20250101T120000-3f2a.txt": 7}
    shown = open_link(app, link_for(star_game(7).until(3), {"Id": "game-20250101T120000-3f2a"}))
    assert stored(home) == {"game-20250101T120000-3f2a.txt": 7}  # the 7 moves are kept
    assert len(shown.history.moves) == 7


def test_a_save_that_cannot_be_read_under_the_links_id_is_never_written_over(home):
    app = app_session()
    (home / "game-20250101T120000-3f2a.txt").write_bytes(b"\xff damaged, but someone's game")
    scene = open_link(app, link_for(star_game(3), {"Id": "game-20250101T120000-3f2a"}))
    assert scene.save_id != "game-20250101T120000-3f2a"
    assert (home / "game-20250101T120000-3f2a.txt").read_bytes() == b"\xff damaged, but someone's game"
    games, _ = load_all(default_storage(False))
    assert [len(g.history.moves) for g in games] == [3]


def test_a_link_with_another_game_under_the_same_id_opens_beside_it(home):
    app = app_session()
    mine = open_link(app, link_for(star_game(5, seed=1), {"Id": "abc"}))
    theirs = open_link(app, link_for(star_game(2, seed=9), {"Id": "abc"}))
    assert theirs.save_id != mine.save_id and sorted(stored(home).values()) == [2, 5]
    assert sorted(len(g.history.moves) for g in app_session().saved_games) == [2, 5]
    assert os.environ["PBMGAMES_HOME"] == str(home)
    assert link_text(star_game(1), mine.save_id)  # the id goes out again as the app's own
