"""The analyses of games kept between sessions (the Analyse screen's cache), beside the saved games.

An analysis (`game.ai.analysis.Analysis.result`, plain JSON) takes seconds to minutes of frames to
compute, so it is computed once per game: kept as one text in the same storage as the games in progress,
``analysis-<stamp>-<key>.json``, where `key` is a digest of what makes the game itself (its rules, options
and dice seed: a game's record, its link and its save all give the same key, so a finished game opened
again from its record finds its analysis) and `stamp` orders the analyses by when they were first kept.
The moves are not in the key: the analysis keeps the positions of the moves it shares with the game it is
given (`Analysis(cached=...)`), so the analysis of a game in progress grows with it, and one stopped half
way (the screen closed, the app quit) resumes where it stopped.

At most `KEEP` analyses are kept; the oldest go first. A kept text that cannot be read, is not JSON or
does not hold an analysis of this game's shape is ignored (the analysis is computed again and written over
it): an analysis is only ever a cache, and never touches the game's own save.
"""

from __future__ import annotations

import hashlib
import json
import math
import time
from typing import Any, Mapping

from game.rules.history import GameHistory
from .storage import Storage, Unreadable

PREFIX, SUFFIX = "analysis-", ".json"
#: at most this many analyses are kept (a long Savoy game's is about 100 kB; the browser's storage is ~5 MB)
KEEP = 12


def game_key(history: GameHistory) -> str:
    """The digest of what makes the game (rules, options, seed), the same however it was opened."""
    options = json.dumps(history.options, sort_keys=True, default=str)
    made = f"{history.game.name}\n{options}\n{history.seed}"
    return hashlib.sha256(made.encode("utf-8", "surrogatepass")).hexdigest()[:20]


def kept_names(storage: Storage) -> list[str]:
    """The names of the analyses kept, oldest first (a text half written when the app stopped is removed)."""
    names = []
    for name in storage.names():
        if not name.startswith(PREFIX):
            continue
        if name.endswith(SUFFIX + ".tmp"):
            storage.delete(name)
        elif name.endswith(SUFFIX):
            names.append(name)
    return sorted(names)


def name_of(storage: Storage, history: GameHistory) -> str | None:
    """The name the analysis of `history`'s game is kept under, or None when none is."""
    end = f"-{game_key(history)}{SUFFIX}"
    return next((name for name in kept_names(storage) if name.endswith(end)), None)


def load(storage: Storage, history: GameHistory) -> dict[str, Any] | None:
    """The analysis kept for `history`'s game, or None: none kept, or one that cannot be read or is not an
    analysis of this game's shape (`well_formed`)."""
    name = name_of(storage, history)
    if name is None:
        return None
    try:
        text = storage.load(name)
        data = json.loads(text) if text is not None else None
    except (Unreadable, ValueError, RecursionError):
        return None
    players = len(history.game.seat_names(history.start))
    return data if well_formed(data, players) else None


def save(storage: Storage, history: GameHistory, result: Mapping[str, Any]) -> str | None:
    """Keep `result` as the analysis of `history`'s game (in place of the one kept, if any), then forget the
    oldest beyond `KEEP`; an error message if it could not be written."""
    name = name_of(storage, history) or f"{PREFIX}{time.strftime('%Y%m%dT%H%M%S', time.gmtime())}-" \
                                        f"{game_key(history)}{SUFFIX}"
    problem = storage.save(name, json.dumps(result, separators=(",", ":")))
    if problem is not None:
        return problem.replace("the game", "the analysis")
    for old in kept_names(storage)[:-KEEP]:
        if old != name:
            storage.delete(old)
    return None


def well_formed(data: object, players: int) -> bool:
    """`data` has an analysis's shape for a game of `players` players: what `Analysis` reads of a cached
    result (its positions, each with a chance in 0..1 per player or none yet) and what the screen reads
    of one. Anything else is a damaged or foreign text."""
    if not isinstance(data, dict) or not isinstance(data.get("moves"), list):
        return False
    positions = data.get("positions")
    if not isinstance(positions, list) or not all(isinstance(move, str) for move in data["moves"]):
        return False
    for entry in positions:
        if not isinstance(entry, dict):
            return False
        chances = entry.get("chances")
        if chances is not None and not (isinstance(chances, list) and len(chances) == players and all(
                isinstance(p, (int, float)) and not isinstance(p, bool) and math.isfinite(p) and 0.0 <= p <= 1.0
                for p in chances)):
            return False
        best, to_move = entry.get("best"), entry.get("to_move")
        if best is not None and not isinstance(best, str):
            return False
        if to_move is not None and not (isinstance(to_move, int) and 0 <= to_move < players):
            return False
        if not isinstance(entry.get("forced", False), bool):
            return False
    return True
