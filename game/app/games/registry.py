"""Which scene plays which game, and which rules page explains it.

Adding a game to the app is one line in each table (its rules come from
`game.rules.GAMES`; the menu, options and game-over screens are generic).
"""

from __future__ import annotations

from .rules_screen import RulesPage
from .scene import GameScene
from .star_scene import STAR_RULES, StarScene
from .know_scene import KNOW_RULES, KnowScene
from .savoy_scene import SAVOY_RULES, SavoyScene
from .truchet_scene import TRUCHET_RULES, TruchetScene

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
