"""The games in progress, each saved after every move so that leaving, a crash or a reload never loses it.

Every game in progress is kept under its own id (``game-20250101T120000-3f2a``)
as one text, ``<id>.txt``: the plain-text game record (with its dice seed)
and two more headers, the seats (``[Seats "Human,Computer 3"]``: who plays
each side, the computer with its level; see `seats`) and when it was last saved (``[Saved "2025-01-01T12:00:00.000000Z"]``),
and, for a game played at a distance by links, ``[Played "by link"]``, so it replays exactly
like any record. Starting a new game never replaces another: both are kept,
and the menu's Resume opens the one played last. The single save of earlier
versions (``current-game.txt``) is moved under an id of its own.

A save that cannot be read, whether a corrupt record, a bad header, text that
is not UTF-8 or a file that cannot be opened, is set aside
(``<id>.txt.unreadable``) with a short message naming the reason; it is never
written over.
"""

from __future__ import annotations

import calendar
import hashlib
import random
import re
import time
from dataclasses import dataclass

from game.rules.errors import RecordError, RulesError
from game.rules.history import GameHistory
from game.rules.reading import excerpt, quote
from game.rules.record import header_line, replay, split_record, write_record
from .seats import SEAT_WORDS, parse_seat
from .storage import Storage, Unreadable

PREFIX, SUFFIX = "game-", ".txt"
BY_LINK = "by link"
LEGACY = "current-game.txt"  # the one save of earlier versions
#: At most this many notices about set-aside saves are shown at once.
MAX_NOTICES = 3


@dataclass
class SavedGame:
    history: GameHistory
    seats: tuple[str, ...]
    id: str = ""
    saved: str = ""  # when it was last saved (UTC, ISO 8601), for ordering
    by_link: bool = False  # played at a distance by links (``[Played "by link"]``): Share follows each move

    @property
    def title(self) -> str:
        flags = " ".join(self.history.game.flags(self.history.options))
        moves = len(self.history.moves)
        return f"{self.history.game.title}{' ' + flags if flags else ''}, {moves} move{'s' * (moves != 1)}"

    @property
    def name(self) -> str:
        return name_of(self.id)

    @property
    def finished(self) -> bool:
        return self.history.outcome() is not None or not self.history.moves

    # -- what the menu's list says of it -------------------------------------------------------
    @property
    def heading(self) -> str:
        """The game and its options: ``Savoy -stack=4``."""
        flags = " ".join(self.history.game.flags(self.history.options))
        return f"{self.history.game.title}{' ' + flags if flags else ''}"

    @property
    def players_text(self) -> str:
        """Who plays: ``R Human vs L Computer 3`` (``· by link`` for a game played at a distance); three or
        four seats ``R, B, L, T: all Human`` or ``R Human · B Computer 2 · L Human``."""
        players = self.history.game.seat_names(self.history.start)
        if len(players) > 2 and len(set(self.seats)) == 1:
            who = f"{', '.join(players)}: all {self.seats[0]}"
        else:
            who = (" vs " if len(players) == 2 else " · ").join(f"{name} {seat}" for name, seat in zip(players, self.seats))
        return who + (" · by link" if self.by_link else "")

    @property
    def progress_text(self) -> str:
        """How far it went: ``12 moves · R to move``."""
        history = self.history
        moves = len(history.moves)
        mover = history.game.to_move(history.state)
        turn = f" · {history.game.seat_names(history.start)[mover]} to move" if mover is not None else ""
        return f"{moves} move{'s' * (moves != 1)}{turn}"

    def played_text(self, now: float | None = None) -> str:
        """When it was last played, in words: ``just now``, ``5 min ago``, ``3 h ago``, ``2 days ago``."""
        return ago(self.saved, now)


def ago(stamp: str, now: float | None = None) -> str:
    """A saved time (UTC, as `now()` writes it) as words relative to `now` (seconds since the epoch)."""
    try:
        then = calendar.timegm(time.strptime(stamp[:19], "%Y-%m-%dT%H:%M:%S"))
    except (ValueError, TypeError):
        return "some time ago"
    seconds = (time.time() if now is None else now) - then
    if seconds < 90:
        return "just now"
    if seconds < 3600:
        return f"{round(seconds / 60)} min ago"
    if seconds < 36 * 3600:
        return f"{round(seconds / 3600)} h ago"
    if seconds < 60 * 86400:
        return f"{round(seconds / 86400)} days ago"
    return time.strftime("on %d %b %Y", time.gmtime(then))


def new_id() -> str:
    """A fresh id: the time it was made and a few random digits (two games never share one)."""
    stamp = time.strftime("%Y%m%dT%H%M%S", time.gmtime())
    return f"{PREFIX}{stamp}-{random.SystemRandom().randrange(16 ** 6):06x}"


#: an id the app itself could have made (``game-`` and letters, digits, ``-``, ``_``): kept as it is
_OWN_ID = re.compile(r"game-[A-Za-z0-9_-]{1,80}", re.ASCII)


def local_id(outside: str) -> str:
    """The id a game from outside (a link's ``[Id]``) is kept under here: the app's own ids as they are,
    any other text (``abc``, a path, an id of another program) mapped, always the same way, to
    ``game-x`` and a digest of it, so the game is listed with the others and the next link of the same
    game finds it."""
    if _OWN_ID.fullmatch(outside):
        return outside
    digest = hashlib.sha256(outside.encode("utf-8", "surrogatepass")).hexdigest()[:24]
    return f"{PREFIX}x{digest}"


def name_of(game_id: str) -> str:
    return game_id + SUFFIX


def now() -> str:
    seconds = time.time()
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(seconds)) + f".{int(seconds % 1 * 1e6):06d}Z"


def save(storage: Storage, game: SavedGame) -> str | None:
    """Keep the game (or forget it once it is over or before its first move); an error message if it
    could not be written."""
    if game.finished:
        storage.delete(game.name)
        return None
    game.saved = now()
    record = write_record(game.history)
    head = header_line("Seats", ",".join(game.seats)) + "\n" + header_line("Saved", game.saved) + "\n"
    if game.by_link:
        head += header_line("Played", BY_LINK) + "\n"
    return storage.save(game.name, head + record)


def read_saved(text: str, game_id: str = "") -> SavedGame:
    """A saved game from its text; RecordError names the line and the reason when it cannot be resumed."""
    record = split_record(text)
    history = replay(record)
    count = len(history.game.seat_names(history.start))  # (the players the options seat: 2 to 4)
    seats: tuple[str, ...] = ("Human",) * count
    if "seats" in record.headers:
        line, value = record.headers["seats"]
        try:
            seats = tuple(parse_seat(seat) for seat in value.split(","))
            count_ok = len(seats) == count
        except ValueError:
            count_ok = False
        if not count_ok:
            raise RecordError(
                f"the Seats header {quote(value)} must name {count} seats, each one of {SEAT_WORDS}", line)
    return SavedGame(history, seats, game_id, record.header("saved") or "", record.header("played") == BY_LINK)


def kept_game(storage: Storage, listed: list[SavedGame], game_id: str) -> tuple[SavedGame | None, bool]:
    """The game kept under `game_id` as it is stored now (fresher than `listed`, this session's list,
    when another window saved it since), and whether that id is taken at all: a save there that cannot
    be read takes it too, and is never written over."""
    if not game_id:
        return None, False
    kept = next((game for game in listed if game.id == game_id), None)
    try:
        text = storage.load(name_of(game_id))
        if text is None:
            return kept, kept is not None
        return read_saved(text, game_id), True
    except (Unreadable, RulesError):
        return None, True


def load_all(storage: Storage) -> tuple[list[SavedGame], str]:
    """Every game in progress, the one saved last first, and a short notice about any save set aside."""
    notices: list[str] = []
    games: list[SavedGame] = []
    legacy = _migrate(storage, notices)
    if legacy is not None:
        games.append(legacy)
    for name in storage.names():
        if name.endswith(SUFFIX + ".tmp"):
            storage.delete(name)  # half written when the app stopped: the save itself is whole
            continue
        if not (name.startswith(PREFIX) and name.endswith(SUFFIX)):
            continue  # set aside
        game = _load(storage, name, notices)
        if game is not None:
            games.append(game)
    games.sort(key=lambda g: (g.saved, g.id), reverse=True)
    return games, notice_text(notices)


def _load(storage: Storage, name: str, notices: list[str]) -> SavedGame | None:
    try:
        text = storage.load(name)
        if text is None:
            return None
        game = read_saved(text, name[:-len(SUFFIX)])
    except (Unreadable, RulesError) as error:
        aside = storage.set_aside(name)
        where = f"set aside as {quote(aside, 80)}" if aside else "left as it is"
        notices.append(f"A saved game could not be read ({excerpt(str(error), 200)}); it was {where}.")
        return None
    if game.finished:
        storage.delete(name)
        return None
    return game


def _migrate(storage: Storage, notices: list[str]) -> SavedGame | None:
    """The single save of earlier versions becomes a saved game with an id of its own; returned only if it
    could not be written under that id (it then goes on under its old name)."""
    if LEGACY not in storage.names():
        return None
    game = _load(storage, LEGACY, notices)
    if game is None:
        return None
    game.id = new_id()
    if save(storage, game) is None:
        storage.delete(LEGACY)
        return None
    game.id = LEGACY[:-len(SUFFIX)]
    return game


def notice_text(notices: list[str]) -> str:
    shown = notices[:MAX_NOTICES]
    if len(notices) > MAX_NOTICES:
        shown.append(f"({len(notices) - MAX_NOTICES} more saved games were set aside too.)")
    return " ".join(shown)
