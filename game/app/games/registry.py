"""Which scene plays which game, and which rules page explains it.

Adding a game to the app is one line in each table (its rules come from
`game.rules.GAMES`; the menu, options and game-over screens are generic).
"""

from __future__ import annotations

from game.app.games.know.scene import KNOW_RULES, KnowScene
from game.app.games.savoy.scene import SAVOY_RULES, SavoyScene
from game.app.games.star.scene import STAR_RULES, StarScene
from game.app.games.truchet.scene import TRUCHET_RULES, TruchetScene
from game.app.screens.rules import RulesPage
from game.app.ui.scene import GameScene

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
