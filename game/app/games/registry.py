"""Which scene plays which game, and which rules page explains it.

Adding a game to the app is one line in each table (its rules come from
`game.rules.GAMES`; the menu, options and game-over screens are generic).
"""

from __future__ import annotations

from game.app.games.know.rules_page import KNOW_RULES
from game.app.games.know.scene import KnowScene
from game.app.games.savoy.rules_page import SAVOY_RULES
from game.app.games.savoy.scene import SavoyScene
from game.app.games.star.rules_page import STAR_RULES
from game.app.games.star.scene import StarScene
from game.app.games.truchet.rules_page import TRUCHET_RULES
from game.app.games.truchet.scene import TruchetScene
from game.app.play.game_scene import GameScene
from game.app.screens.rules import RulesPage

GAME_SCENES: dict[str, type[GameScene]] = {
    "star": StarScene,
    "know": KnowScene,
    "savoy": SavoyScene,
    "truchet": TruchetScene,
}

RULES_PAGES: dict[str, RulesPage] = {
    "star": STAR_RULES,
    "know": KNOW_RULES,
    "savoy": SAVOY_RULES,
    "truchet": TRUCHET_RULES,
}
