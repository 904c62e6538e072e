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

Blank lines and lines starting with ``#`` are ignored, and so is a UTF-8
byte-order mark at the very start. The Result header is written for people;
when present it must agree with the replay. Games with dice also carry a
``[Seed "..."]`` header: the seed the rest of the game's rolls come from
(see `history`); a record without one replays its written rolls all the same.
A game for more than two players (Savoya's -players=3, know's -players=4)
also writes ``[Players "R,B,L,T"]``, the seats in turn order, which must
agree with the options when read. A game that ended by resignation (not a
move of any game) says so in a ``[Resigned "X"]`` header naming who resigned,
and its Result names the winner, the other player; reading it replays the
moves, then the resignation. Other headers are kept for whoever wrote them
(the app's ``[Seats "..."]``) and otherwise passed over. Reading refuses a
corrupt or illegal record with a RecordError naming the line.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass, field

from . import GAMES, get_game
from .errors import RecordError, RulesError
from .history import MAX_PLIES, GameHistory, check_seed, too_long
from .reading import excerpt, quote, whole_number

_HEADER = re.compile(r'^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]$', re.ASCII)
_NUMBERED = re.compile(r"^([0-9]+)\s*\.\s*(.*)$", re.ASCII)
BOM = "\ufeff"


@dataclass
class RecordText:
    """A record split into its headers (lower-case name: (line, value)) and its moves ((line, text))."""

    headers: dict[str, tuple[int, str]] = field(default_factory=dict)
    moves: list[tuple[int, str]] = field(default_factory=list)

    def header(self, name: str) -> str | None:
        found = self.headers.get(name.lower())
        return None if found is None else found[1]


def result_text(history: GameHistory) -> str:
    """``*`` while the game goes on, ``draw``, or the winner's seat name (partners joined by ``+``)."""
    game, state = history.game, history.state
    outcome = history.outcome()  # the rules' verdict, or a resignation
    if outcome is None:
        return "*"
    names = game.seat_names(state)
    return "draw" if outcome.winner is None else "+".join(names[seat] for seat in outcome.winning_seats)


def seats_text(history: GameHistory) -> str:
    """The seats in order, as the ``[Players "..."]`` header writes them (``R,B,L,T``)."""
    return ",".join(history.game.seat_names(history.start))


def header_line(name: str, value: str) -> str:
    escaped = value.replace("\\", "\\\\").replace('"', '\\"')
    return f'[{name} "{escaped}"]'


def write_record(history: GameHistory) -> str:
    game = history.game
    lines = [header_line("Game", game.name), header_line("Options", " ".join(game.flags(history.options)))]
    if game.seat_names(history.start) != tuple(game.players):  # the seats, where they are not the usual two
        lines.append(header_line("Players", seats_text(history)))
    if game.has_chance:
        lines.append(header_line("Seed", str(history.seed)))
    if history.resigned is not None:
        lines.append(header_line("Resigned", game.seat_names(history.start)[history.resigned]))
    lines += [header_line("Result", result_text(history)), ""]
    lines += [f"{number}. {move}" for number, move in enumerate(history.moves, 1)]
    return "\n".join(lines) + "\n"


def split_record(text: str) -> RecordText:
    """The headers and move lines of a record, checked for form only (numbering, header syntax, at most
    MAX_PLIES moves), each refusal at its line: nothing after the first wrong line is read."""
    if not isinstance(text, str):
        raise RecordError(f"a record is text, not {type(text).__name__}")
    record = RecordText()
    expected_number = 1
    for number, raw in enumerate(text.removeprefix(BOM).splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        header = _HEADER.match(line)
        if header:
            if record.moves:
                raise RecordError("headers must come before the moves", number)
            key = header.group(1).lower()
            if key in record.headers:
                raise RecordError(f"the {excerpt(header.group(1))} header is given twice", number)
            record.headers[key] = (number, re.sub(r"\\(.)", r"\1", header.group(2)))
            continue
        if line.startswith("["):
            raise RecordError(f'malformed header {quote(line)}: write it as [Name "value"]', number)
        numbered = _NUMBERED.match(line)
        if numbered:
            if whole_number(numbered.group(1)) != expected_number:
                raise RecordError(
                    f"move number {excerpt(numbered.group(1))} out of order: expected {expected_number}", number)
            line = numbered.group(2).strip()
            if not line:
                raise RecordError(f"move {expected_number} is missing after its number", number)
        if expected_number > MAX_PLIES:  # refused before anything is replayed, and before more is read
            raise RecordError(too_long(), number, key="too_long")
        record.moves.append((number, line))
        expected_number += 1
    return record


def replay(record: RecordText) -> GameHistory:
    """Play a split record's moves from the start; RecordError names the line and the reason."""
    if "game" not in record.headers:
        raise RecordError(f'the record has no [Game "..."] header (games: {", ".join(sorted(GAMES))})')
    game_line, game_name = record.headers["game"]
    try:
        game = get_game(game_name)
    except RulesError as error:
        raise RecordError(str(error), game_line) from None
    options_line, options_text = record.headers.get("options", (game_line, ""))
    seed = None
    if "seed" in record.headers:
        seed_line, seed_text = record.headers["seed"]
        try:
            seed = check_seed(whole_number(seed_text))
        except RulesError as error:
            raise RecordError(str(error), seed_line) from None
    try:
        history = GameHistory(game, game.options_from_flags(shlex.split(options_text)), seed=seed)
    except (RulesError, ValueError) as error:  # shlex: an unclosed quote
        raise RecordError(str(error), options_line) from None
    for index, (line_number, move_text) in enumerate(record.moves, 1):
        try:
            history.play(move_text)
        except RulesError as error:
            raise RecordError(f"move {index} {quote(move_text)}: {error}", line_number) from None
    if "players" in record.headers:
        players_line, claimed = record.headers["players"]
        actual = seats_text(history)
        if [name.strip() for name in claimed.split(",")] != actual.split(","):
            raise RecordError(f"the record names the players {quote(claimed)} but its options seat {actual!r}",
                              players_line)
    if "resigned" in record.headers:
        _resign(history, *record.headers["resigned"])
    if "result" in record.headers:
        result_line, claimed = record.headers["result"]
        actual = result_text(history)
        if claimed.strip() and claimed.strip() != actual:
            raise RecordError(f"the record says the result is {quote(claimed)} but the moves give {actual!r}",
                              result_line)
    return history


def _resign(history: GameHistory, line: int, name: str) -> None:
    """The resignation a record's Resigned header names, after its moves; RecordError naming the line."""
    players = history.game.seat_names(history.start)
    if name.strip() not in players:
        raise RecordError(f"the Resigned header {quote(name)} must name a player: {' or '.join(players)}", line)
    try:
        history.resign(players.index(name.strip()))
    except RulesError as error:
        raise RecordError(str(error), line) from None


def read_record(text: str) -> GameHistory:
    """Replay a record; RecordError names the line and the reason when it is refused."""
    return replay(split_record(text))
