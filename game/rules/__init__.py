"""The rules of every game: pure Python, standard library only (no pygame here).

The registry `GAMES` maps a game's name to its rules object; everything else
(menu, records, referee, AI, tests) goes through it.
"""

from __future__ import annotations

from .base import Game, Outcome
from .errors import AmbiguousMoveError, IllegalMoveError, NotationError, OptionError, RecordError, RulesError
from .reading import quote
from .know import KNOW
from .savoy import SAVOY
from .savoya import SAVOYA
from .star import STAR
from .truchet import TRUCHET

GAMES: dict[str, Game] = {game.name: game for game in (SAVOY, STAR, KNOW, TRUCHET, SAVOYA)}


def get_game(name: str) -> Game:
    """The game called `name` (case-insensitive); OptionError lists the known names."""
    game = GAMES.get(name.strip().lower())
    if game is None:
        raise OptionError(f"unknown game {quote(name)}; the games are: {', '.join(sorted(GAMES))}", "unknown_game")
    return game


__all__ = [
    "GAMES", "get_game", "Game", "Outcome", "RulesError", "NotationError", "IllegalMoveError",
    "AmbiguousMoveError", "OptionError", "RecordError",
]
