"""Plain-text game records.

A record is a few header lines, then the moves in the game's own notation,
one per line and numbered; dice rolls are moves of their own, so a game
replays exactly::

    [Game "star"]
    [Options "-size=5 -maxi"]
    [Result "X"]

    1. C3
    2. swap
    3. pass

Blank lines and lines starting with ``#`` are ignored. The Result header is
written for people; when present it must agree with the replay. Reading
refuses a corrupt or illegal record with a RecordError naming the line.
"""

from __future__ import annotations

import re
import shlex

from . import GAMES, get_game
from .errors import RecordError, RulesError
from .history import GameHistory

_HEADER = re.compile(r'^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]$')
_NUMBERED = re.compile(r"^(\d+)\s*\.\s*(.*)$")


def result_text(history: GameHistory) -> str:
    outcome = history.game.outcome(history.state)
    if outcome is None:
        return "*"
    return "draw" if outcome.winner is None else history.game.players[outcome.winner]


def write_record(history: GameHistory) -> str:
    game = history.game
    lines = [
        f'[Game "{game.name}"]',
        f'[Options "{" ".join(game.flags(history.options))}"]',
        f'[Result "{result_text(history)}"]',
        "",
    ]
    lines += [f"{number}. {move}" for number, move in enumerate(history.moves, 1)]
    return "\n".join(lines) + "\n"


def read_record(text: str) -> GameHistory:
    """Replay a record; RecordError names the line and the reason when it is refused."""
    headers: dict[str, tuple[int, str]] = {}
    moves: list[tuple[int, str]] = []
    expected_number = 1
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        header = _HEADER.match(line)
        if header:
            if moves:
                raise RecordError("headers must come before the moves", number)
            key = header.group(1).lower()
            if key in headers:
                raise RecordError(f"the {header.group(1)} header is given twice", number)
            headers[key] = (number, header.group(2).replace('\\"', '"'))
            continue
        if line.startswith("["):
            raise RecordError(f'malformed header {line!r}: write it as [Name "value"]', number)
        numbered = _NUMBERED.match(line)
        if numbered:
            if int(numbered.group(1)) != expected_number:
                raise RecordError(
                    f"move number {numbered.group(1)} out of order: expected {expected_number}", number
                )
            line = numbered.group(2).strip()
            if not line:
                raise RecordError(f"move {expected_number} is missing after its number", number)
        moves.append((number, line))
        expected_number += 1

    if "game" not in headers:
        raise RecordError(f'the record has no [Game "..."] header (games: {", ".join(sorted(GAMES))})')
    game_line, game_name = headers["game"]
    try:
        game = get_game(game_name)
    except RulesError as error:
        raise RecordError(str(error), game_line) from None
    options_line, options_text = headers.get("options", (game_line, ""))
    try:
        history = GameHistory(game, game.options_from_flags(shlex.split(options_text)))
    except (RulesError, ValueError) as error:
        raise RecordError(str(error), options_line) from None
    for index, (line_number, move_text) in enumerate(moves, 1):
        try:
            history.play(move_text)
        except RulesError as error:
            raise RecordError(f"move {index} {move_text!r}: {error}", line_number) from None
    if "result" in headers:
        result_line, claimed = headers["result"]
        actual = result_text(history)
        if claimed.strip() and claimed.strip() != actual:
            raise RecordError(f"the record says the result is {claimed!r} but the moves give {actual!r}", result_line)
    return history
