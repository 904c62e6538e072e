"""Which scene plays which game (and so which rules page explains it: the scene's `rules_page`), the
boards the menu offers, what the game's options are called on the new-game page, each game's lessons, and
what a scene cannot show yet.

Adding a game to the app is a package beside the others (scene, view, rules page, its options' words, its
boards, its lessons) and a line in each table here (its rules come from `game.rules.GAMES`; the menu, options
and game-over screens are generic). The shell hands these tables to the menu, so no shared screen imports a game.
"""

from __future__ import annotations

from typing import Collection

from game.app.games.know import boards as know_boards
from game.app.games.know import lessons as know_lessons
from game.app.games.know import options as know_options
from game.app.games.know.scene import KnowScene
from game.app.games.savoy import boards as savoy_boards
from game.app.games.savoy import lessons as savoy_lessons
from game.app.games.savoy import options as savoy_options
from game.app.games.savoy.scene import SavoyScene
from game.app.games.savoya import boards as savoya_boards
from game.app.games.savoya import lessons as savoya_lessons
from game.app.games.savoya.scene import SavoyaScene
from game.app.games.star import boards as star_boards
from game.app.games.star import lessons as star_lessons
from game.app.games.star import options as star_options
from game.app.games.star.scene import StarScene
from game.app.games.truchet import boards as truchet_boards
from game.app.games.truchet import lessons as truchet_lessons
from game.app.games.truchet import options as truchet_options
from game.app.games.truchet.scene import TruchetScene
from game.app.play.game_scene import GameScene
from game.app.play.lesson import Lesson
from game.app.ui.boards import Board
from game.app.ui.option_words import Words
from game.rules.options import OptionValue

GAME_SCENES: dict[str, type[GameScene]] = {
    "star": StarScene,
    "know": KnowScene,
    "savoy": SavoyScene,
    "savoya": SavoyaScene,
    "truchet": TruchetScene,
}

#: the boards on the menu, in its order (each game's own: `game.app.ui.boards`); Savoya beside Savoy, and
#: Truchet's two boards one after the other
BOARDS: tuple[Board, ...] = (*savoy_boards.BOARDS, *savoya_boards.BOARDS, *star_boards.BOARDS, *know_boards.BOARDS,
                             *truchet_boards.BOARDS)

#: each game's options in the player's words (`game.app.ui.option_words`)
OPTION_WORDS: dict[str, Words] = {
    "star": star_options.WORDS,
    "know": know_options.WORDS,
    "savoy": savoy_options.WORDS,
    "savoya": savoy_options.SAVOYA_WORDS,
    "truchet": truchet_options.WORDS,
}

#: each game's lessons (`game.app.play.lesson`), by key: a game's name, or a variant's (``truchet-hex``)
LESSONS: dict[str, Lesson] = {lesson.key: lesson for lesson in (
    savoy_lessons.LESSON, savoya_lessons.LESSON, star_lessons.LESSON, know_lessons.LESSON,
    truchet_lessons.LESSON, truchet_lessons.HEX_LESSON,
)}

#: Option values the rules allow but a game's scene cannot show yet: the new-game page offers them
#: disabled, saying so (a variant is its switch's True). A game not listed shows every value; remove a
#: line when its scene learns the values.
NOT_SHOWN: dict[str, dict[str, Collection[OptionValue]]] = {}
