"""The Savoya scene: Savoy's scene (`SavoyScene`) on Savoya's board, for two, three or four players."""

from __future__ import annotations

import random

from game.app.games.savoy.scene import SavoyScene
from game.app.ui.scene import Host
from game.rules.base import Game
from game.rules.options import OptionValue
from game.rules.savoy import SavoyState
from game.rules.savoya import SAVOYA
from .view import SAVOYA_LOOK
from .rules_page import SAVOYA_RULES


class SavoyaScene(SavoyScene):
    rules_page = SAVOYA_RULES
    look = SAVOYA_LOOK

    def seat_ink(self, colour: int) -> tuple[int, int, int]:
        """A seat's colour; by two, each seat plays two colours and is named for its strand: its ribbon's."""
        if len(self.seat_colours(colour)) > 1:
            return self.look.ribbons[colour][0]
        return super().seat_ink(colour)

    def __init__(self, app: Host, game: Game = SAVOYA, options: dict[str, OptionValue] | None = None,
                 seats: tuple[str, ...] = ("Human", "Human"), rng: random.Random | None = None,
                 seed: int | None = None, start: SavoyState | None = None) -> None:
        super().__init__(app, game, options, seats, rng=rng, seed=seed, start=start)
