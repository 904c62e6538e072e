"""Games that leave the app and come back: records exported and imported, and game links.

A record goes out as the plain game record with the app's seats (``[Seats "..."]``), readable by the
referee; a link is the same record compacted (`game.rules.link`) with the game's id (``[Id "..."]``),
so that the next link of the same game, sent back by the other player, continues it instead of
starting another. Whatever comes in (a pasted link or address, a pasted record, a file) is read by
`read_shared`, which says what is wrong, with the line, when it cannot be read. No pygame here.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from pathlib import Path

from game.rules.errors import RecordError
from game.rules.history import GameHistory
from game.rules.link import link_for, record_from_link
from game.rules.reading import quote
from game.rules.record import header_line, split_record, write_record
from .saved_game import SavedGame, local_id, read_saved

#: A record file larger than this is not read (a 3,000-move game is about 40 kB).
MAX_IMPORT = 4 << 20
_LINKISH = re.compile(r"g[0-9]")


@dataclass
class SharedGame:
    """A game read from a link or a record: the game itself, and where it came from."""

    game: SavedGame
    from_link: bool   # a link (opened live, for the player to move) or a record (opened in review)
    shared_id: str    # the id the link carries, as kept here (`local_id`; "" when none): the same game


def looks_like_link(text: str) -> bool:
    """`text` is meant as a game link or an address, not a record: it has no header line (a record has
    at least its ``[Game "..."]``)."""
    return not any(line.strip().removeprefix("\ufeff").startswith("[") for line in text.splitlines())


def link_in(text: str) -> str:
    """What an address (or a pasted link) carries as a game link after its ``#`` (``g1....``, or another
    version ``g2...``; damaged or not: the reader says what is wrong), else "" (no ``#``, or another use
    of it such as pygbag's ``#debug``)."""
    fragment = text.strip().rsplit("#", 1)[-1]
    return fragment if _LINKISH.match(fragment) else ""


def read_shared(text: str) -> SharedGame:
    """A game from a pasted link, an address ending in one, or a record's text. RecordError says what is
    wrong: a damaged link, or the record's line and reason."""
    if not isinstance(text, str) or not text.strip():
        raise RecordError("there is nothing to open: paste a game link or a game record")
    if looks_like_link(text):
        record = record_from_link("".join(text.split()))  # a link a message broke over lines is whole again
        game = read_saved(record)
        shared_id = split_record(record).header("id") or ""
        return SharedGame(game, True, local_id(shared_id) if shared_id else "")
    return SharedGame(read_saved(text), False, "")


def record_text(game: SavedGame) -> str:
    """The record exported for `game`: the game record with its seats (readable by the referee)."""
    return header_line("Seats", ",".join(game.seats)) + "\n" + write_record(game.history)


def link_text(history: GameHistory, game_id: str) -> str:
    """The link (``g1....``, without ``#``) for a game, carrying its id so a link sent back continues it."""
    return link_for(history, {"Id": game_id} if game_id else None)


def export_name(history: GameHistory, when: float | None = None) -> str:
    """A file name for an exported record: the game, its move count and the time (``savoy-12-20250101-1200.txt``)."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(time.time() if when is None else when))
    return f"{history.game.name}-{len(history.moves)}moves-{stamp}.txt"


def read_record_file(path: Path) -> str:
    """A record file's text; RecordError naming the file and why it cannot be read."""
    name = quote(path.name, 80)
    try:
        size = path.stat().st_size
        if not path.is_file():
            raise RecordError(f"{name} is not a plain file")
        if size > MAX_IMPORT:
            raise RecordError(f"{name} is far too large for a game record ({size:,} bytes)")
        data = path.read_bytes()
    except OSError as error:
        raise RecordError(f"{name} cannot be read: {error.strerror or error}") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise RecordError(f"{name} is not a text file (byte {error.start + 1:,} is not UTF-8)") from None
