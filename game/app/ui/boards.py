"""The boards the menu offers, and a game described in words from them.

A board is a game of `game.rules.GAMES` with the options that make it: Truchet is played on a board of
squares or of hexagons, Savoy's board for two to four is Savoya. Each game keeps its boards beside its
scene (``game/app/games/<game>/boards.py``) as `Board` values: the board's name, a line saying what it
is, and the position its picture on the menu shows (drawn by the game's own view). The registry lists
them in the menu's order; the menu, the new-game page and the list of games in progress read them here.

`describe` names a game in progress in words (``Truchet, hexagonal board``, ``Savoya for 3``,
``Star · Scoring: Maxi-Star``), never in the referee's flags; `changes` lists what differs from a
board's standard rules (the new-game page's "Rules options" line). No pygame here.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from game.rules.base import Game
from game.rules.history import GameHistory
from game.rules.options import OptionValue, chosen
from .option_words import Words, value_words, words_for

#: the option that says how many play (a board names it: "Savoya for 3")
PLAYERS = "players"


@dataclass(frozen=True)
class Board:
    """One board on the menu."""

    key: str    # the name its last new-game choices are kept under (``truchet-hex``)
    game: str   # its rules: a name in `game.rules.GAMES`
    title: str  # as the menu and the new-game page name it (``Hexagonal Truchet``)
    #: as a game in progress on it is described (``Truchet, hexagonal board``; the title by default)
    heading: str = ""
    #: the options that make this board (``{"hex": True}``); the others start at the game's defaults
    options: Mapping[str, OptionValue] = field(default_factory=dict)
    #: a line or two saying what it is (the game's own summary by default)
    summary: str = ""
    #: the picture's position: options besides the board's (a smaller board reads better small), and
    #: random legal moves played from the start, drawn from `picture_seed`
    picture_options: Mapping[str, OptionValue] = field(default_factory=dict)
    picture_moves: int = 0
    picture_seed: int = 1
    #: the key of its lesson (the registry's ``LESSONS``; the board's key by default)
    lesson: str = ""

    @property
    def name(self) -> str:
        return self.heading or self.title


def summary_of(board: Board, game: Game) -> str:
    return board.summary or game.summary


def players_text(game: Game) -> str:
    """How many play: ``2 players``, ``2-4 players``."""
    counts = game.player_counts
    low, high = min(counts), max(counts)
    return f"{low} players" if low == high else f"{low}-{high} players"


def board_of(boards: Sequence[Board], game: Game, options: Mapping[str, Any]) -> Board | None:
    """The board of `game` these options are played on: the one whose own options they match most
    closely (Truchet with ``hex`` on is Hexagonal Truchet); None when no board is listed for the game."""
    mine = [board for board in boards if board.game == game.name]
    fits = [board for board in mine if all(options.get(k) == v for k, v in board.options.items())]
    return max(fits, key=lambda board: len(board.options), default=mine[0] if mine else None)


def standard(game: Game, board: Board | None) -> dict[str, OptionValue]:
    """The board's standard options: the defaults of the options in force on it, with the board's own."""
    own = dict(board.options) if board is not None else {}
    return {**{spec.name: spec.default for spec in chosen(game.OPTIONS, own, game.VARIANT_OPTIONS)}, **own}


def changes(game: Game, options: Mapping[str, Any], board: Board | None, words: Words) -> list[str]:
    """What these options change from the board's standard rules, in the player's words (``Board size:
    8``, ``Scoring: Maxi-Star``); the number of players and the options that make the board are not
    changes."""
    base = standard(game, board)
    switches = {variant[0].name for variant in game.VARIANT_OPTIONS}
    found = []
    for spec in chosen(game.OPTIONS, options, game.VARIANT_OPTIONS):
        name = spec.name
        if name == PLAYERS or name in switches or (board is not None and name in board.options):
            continue
        value = options.get(name, spec.default)
        if value != base.get(name, spec.default) or type(value) is not type(base.get(name, spec.default)):
            found.append(f"{words_for(spec, words).label}: {value_words(spec, value, words)}")
    return found


def describe(game: Game, options: Mapping[str, Any], boards: Sequence[Board], words: Words) -> str:
    """A game in words: its board (``Truchet, hexagonal board``), how many play where that is a choice
    (``Savoya for 3``), and what its options change (``Star · Scoring: Maxi-Star``)."""
    board = board_of(boards, game, options)
    name = board.name if board is not None else game.title
    if len(game.player_counts) > 1:
        name += f" for {game.player_count(options)}"
    changed = changes(game, options, board, words)
    return f"{name} · {', '.join(changed)}" if changed else name


def sample(game: Game, board: Board) -> Any:
    """The position the board's picture shows: `picture_moves` random legal moves (rolls from the seed,
    passes only when nothing else is legal) from the start."""
    history: GameHistory[Any, Any] = GameHistory(game, {**board.options, **board.picture_options},
                                                 seed=board.picture_seed)
    rng = random.Random(board.picture_seed)
    for _ in range(board.picture_moves):
        if history.outcome() is not None:
            break
        if history.roll_due():
            history.roll()
            continue
        legal = game.legal_moves(history.state)
        history.play(rng.choice([m for m in legal if str(m) not in ("pass", "draw")] or legal))
    return history.state
