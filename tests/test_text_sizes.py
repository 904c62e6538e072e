"""No text smaller than 12 px on any screen, at 360x640, 390x844, 800x600 and 1280x720.

The sizes are measured where the letters are made: every font the app opens is a recording stand-in for
pygame's Font, which notes the pixel size (the font's em) of every text it renders while a screen is
drawn. The menu, each game's new-game page and rules page, each game at its start, in mid-game,
zoomed in and with its move list opened, and its game-over screen are drawn."""

from __future__ import annotations

import pygame
import pytest

from app_helpers import double_tap, new_app, open_game, press, top
from game.app.screens.game_over import GameOverScene
from game.app.ui import theme

SIZES = [(360, 640), (390, 844), (800, 600), (1280, 720)]
GAMES = [("star", {"size": 6}), ("star", {"size": 14}), ("savoy", None), ("know", None), ("truchet", None),
         ("truchet", {"size": 25}), ("truchet", {"hex": True})]


class Recorder:
    """A Font class that notes the pixel size of each text it draws (`drawn`: (px, text))."""

    def __init__(self) -> None:
        self.drawn: list[tuple[int, str]] = []
        recorder = self

        class Font(pygame.font.Font):
            def render(self, text, *args, **kwargs):  # type: ignore[override]
                if str(text).strip():
                    recorder.drawn.append((self.get_point_size(), str(text)))
                return super().render(text, *args, **kwargs)

        self.font_class = Font

    def smallest(self, app) -> tuple[int, str]:
        """Draw the app's screen now; the smallest text drawn."""
        self.drawn.clear()
        app.draw()
        assert self.drawn, "nothing was drawn"
        return min(self.drawn)


@pytest.fixture
def recorder(monkeypatch):
    rec = Recorder()
    monkeypatch.setattr(pygame.font, "Font", rec.font_class)
    theme.font.cache_clear()
    yield rec
    theme.font.cache_clear()


def check(rec: Recorder, app, screen: str, found: dict) -> None:
    px, words = rec.smallest(app)
    found[screen] = px
    assert px >= theme.MIN_TEXT_PX, f"{screen}: {words!r} drawn at {px} px"


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_menu_new_game_and_rules_pages(size, recorder):
    found: dict[str, int] = {}
    app = new_app(size)
    check(recorder, app, "menu", found)
    for game in ("star", "savoy", "know", "truchet"):
        press(app, f"play-{game}")
        check(recorder, app, f"new {game}", found)
        press(app, "rules")
        check(recorder, app, f"rules {game}", found)
        app.pop_to_root()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name,options", GAMES, ids=lambda v: str(v))
def test_game_screens(size, name, options, recorder):
    found: dict[str, int] = {}
    app, scene = open_game(size, name, options)
    check(recorder, app, "start", found)
    app, scene = open_game(size, name, options, moves=40, seed=5)
    check(recorder, app, "mid-game", found)
    double_tap(app, scene.board_rect.center)
    check(recorder, app, "zoomed", found)
    scene.board_zoom.zoom_out()
    scene.toggle_moves()
    check(recorder, app, "move list opened", found)
    scene.toggle_moves()
    scene.say("A long message: " + "this move is refused for a reason that takes many words to tell. " * 4,
              error=True)
    check(recorder, app, "long message", found)
    app.push(GameOverScene(app, scene))
    check(recorder, app, "game over", found)
    assert top(app) is not scene


def test_the_recorder_sees_small_text(recorder):
    """The measure itself: text drawn small on purpose is found."""
    small = pygame.font.Font(None, 10)
    recorder.drawn.clear()
    small.render("tiny", True, (0, 0, 0))
    assert recorder.drawn == [(6, "tiny")]
