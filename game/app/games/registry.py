"""Which scene plays which game (and so which rules page explains it: the scene's `rules_page`).

Adding a game to the app is a package beside the others (scene, view, rules page) and one line
here (its rules come from `game.rules.GAMES`; the menu, options and game-over screens are
generic). The shell hands this table to the menu, so no shared screen imports a game.
"""

from __future__ import annotations

from game.app.games.know.scene import KnowScene
from game.app.games.savoy.scene import SavoyScene
from game.app.games.savoya.scene import SavoyaScene
from game.app.games.star.scene import StarScene
from game.app.games.truchet.scene import TruchetScene
from game.app.play.game_scene import GameScene

GAME_SCENES: dict[str, type[GameScene]] = {
    "star": StarScene,
    "know": KnowScene,
    "savoy": SavoyScene,
    "savoya": SavoyaScene,
    "truchet": TruchetScene,
}
