"""Truchet (Cameron Browne, 2007): stacking and capture in a flippable truchet tiling.

Board, set-up and readings: ../shared/specs/truchet.md (seed 004). An n x n
board of tiles (n odd, default 7) has (n+1) x (n+1) junctions, named ``a1``
(bottom left, X's side) to ``h8`` (top right, O's side) on 7x7. Junction
colours form a fixed checkerboard: ``a1`` is X's (dotted), ``a2`` is O's
(blank). Each tile is one bit, which diagonal its band joins:

* ``l``: the band joins the tile's top-left and bottom-right corners;
* ``r``: the band joins its bottom-left and top-right corners.

A region is a set of junctions joined by a chain of bands. Flipping a tile
(turning it over and re-orienting it to match its neighbours) toggles its bit.

Notation (the seed's syntax, with the spec's readings for pre-moves):

* ``bc34:a1-d6``: flip tile bc34, then step the stack on a1 to d6;
* ``c3,c5-c4``: merge the stacks on c3 and c5 onto c4; ``a1>c3,c5-c4``: the
  stack on a1 first moves within its region to c3;
* ``b4-b3,2xa4``: split the stack on b4 into b3 (one piece) and a4 (two);
  ``b4>d4-d3,2xc4``: move to d4 within the region first;
* ``random`` / ``rllrl...``: the tile placements (moves 1 to 3; one move with
  ``-setup=single``). ``random`` asks for a draw, which follows as a chance
  move ``roll:rllrl...`` so the record keeps the tiles and replays exactly;
* ``draw``: claim the draw the engine offers after ``-quiet`` turns in a row
  without a capture (house rule, ``-draw=claim``).

Merge sources and split destinations are written in board order (row 1
first, column a first within a row), as in the seed's examples; they are read
in any order.

Hexagonal Truchet (``-hex``, sizes ``-size=2..6``, default 4) is this
project's DESIGN of the variant the seed leaves "still under development"
(../shared/specs/hex-truchet.md): the same game on a hex-hex board of pointy-top
hexagonal tiles. Every rule above holds as written; the board is another graph
(game/rules/truchet_board.py):

* each tile carries three arcs round alternate corners, so it is one bit:
  ``u``, its band joins its top and lower corners (X's colour), ``d``, its
  bottom and upper corners (O's); a flip toggles u and d;
* junctions lie on 2s zigzag junction rows (1 at the bottom, X's side), named
  by a column letter in half tile widths and the row: ``f3``; on side 4 rows 1
  and 8 run d..l, rows 4 and 5 a..o; junction (x, r), a = 0, is X's iff
  x + r + s is even;
* a tile is named by its outer column letters, two apart, and its two rows,
  as the 3 x 2 block of junctions it is: ``eg23`` has corners e2 f2 g2 e3 f3 g3;
* "orthogonally adjacent" reads "one tile side apart": the left and right
  neighbours in the junction row, and the junction directly above an X
  junction or directly below an O junction (at most 3; still the other colour);
* a tile may be flipped only while none of its six corners holds a stack;
* each player has 3s(s-1)/2 pieces (18 on side 4), one on each junction of
  their colour in the s-1 junction rows nearest their side;
* set-up as on the square board: O places the top s-1 tile rows and the right
  s-1 tiles of the middle row, X the bottom s-1 rows and the left s-1 tiles of
  the middle row, O the centre tile, each written ``random`` or as letters
  ``u``/``d`` (row by row from the player's own edge, left to right, the half
  middle row last); ``-setup=single`` lists all tiles row 1 first.

Moves are written as on the square board, with these names: ``ik45:h3-h5``,
``e2,g2-f2``, ``d1>e2,g2-f2``, ``f3-e3,2xg3``, ``uudud``, ``roll:udu``.

>>> str(TruchetMove.parse("b4-2xa4,b3"))
'b4-b3,2xa4'
>>> TruchetMove.parse("BC34:A1-D6")
TruchetMove.parse('bc34:a1-d6')
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache
from itertools import product
from math import isqrt
from typing import Any, Iterator, Literal, Mapping, Sequence

from .base import Game, Outcome
from .errors import AmbiguousMoveError, IllegalMoveError, NotationError
from .reading import excerpt, quote, show_number, whole_number
from .options import ChoiceOption, FlagOption, IntOption, OptionValue
from .truchet_board import (  # noqa: F401  (the board's names are this module's public names too)
    DEFAULT_SIZE, HEX_DEFAULT_SIZE, HEX_LETTERS, HEX_MAX_SIZE, HEX_MIN_SIZE, LETTERS, MAX_SIZE, MIN_SIZE, O,
    SQUARE_LETTERS, X, TruchetBoard, bands, board, board_for, flipped, hex_board, junction_key, regions,
    split_tile_name, tile_form, tile_name,
)

PLAYERS = ("X", "O")
MAX_HEIGHT = 4
UNPLACED = "."
#: Typed placements are listed in `legal_moves` only up to this many (2**8 strings).
LIST_PLACEMENTS_UP_TO = 8
ROLL = "roll:"

Kind = Literal["step", "merge", "split", "tiles", "random", "draw"]

_JUNCTION = r"[a-z][0-9]{1,2}"
_JUNCTION_RE = re.compile(rf"^{_JUNCTION}$", re.ASCII)
_SOURCE_RE = re.compile(rf"^({_JUNCTION})(?:>({_JUNCTION}))?$", re.ASCII)
_TARGET_RE = re.compile(rf"^(?:([0-9]+)x)?({_JUNCTION})$", re.ASCII)


# --------------------------------------------------------------------------- moves
@dataclass(frozen=True, slots=True)
class TruchetMove:
    """A Truchet move.

    Stack moves (`kind` step, merge or split) may carry a tile `flip` made first.
    `sources` are ``(origin, via)`` pairs, `via` being where the stack first
    moves within its region (None if it does not); `targets` are
    ``(junction, pieces)`` pairs (pieces is 0 for steps and merges: whole
    stacks move). Placements (`kind` tiles) carry their `letters`; `drawn`
    marks letters drawn at random (a chance move, written ``roll:...``).
    """

    kind: Kind
    sources: tuple[tuple[str, str | None], ...] = ()
    targets: tuple[tuple[str, int], ...] = ()
    flip: str | None = None
    letters: str = ""
    drawn: bool = False

    # -- convenient views for scenes -------------------------------------------------
    @property
    def is_stack_move(self) -> bool:
        return self.kind in ("step", "merge", "split")

    @property
    def origins(self) -> tuple[str, ...]:
        """Junctions whose stacks move (before any pre-move)."""
        return tuple(origin for origin, _ in self.sources)

    @property
    def premove(self) -> tuple[str, str] | None:
        """``(origin, via)`` of the source that first moves within its region, if any."""
        for origin, via in self.sources:
            if via is not None:
                return origin, via
        return None

    @property
    def destinations(self) -> tuple[str, ...]:
        return tuple(name for name, _ in self.targets)

    # -- text -------------------------------------------------------------------------
    def __str__(self) -> str:
        if self.kind in ("random", "draw"):
            return self.kind
        if self.kind == "tiles":
            return (ROLL if self.drawn else "") + self.letters
        prefix = f"{self.flip}:" if self.flip else ""
        left = ",".join(origin if via is None else f"{origin}>{via}" for origin, via in self.sources)
        right = ",".join(name if count <= 1 else f"{count}x{name}" for name, count in self.targets)
        return f"{prefix}{left}-{right}"

    def __repr__(self) -> str:
        return f"TruchetMove.parse({str(self)!r})"

    @classmethod
    def step(cls, origin: str, target: str, flip: str | None = None) -> "TruchetMove":
        return cls("step", ((origin, None),), ((target, 0),), flip)

    @classmethod
    def parse(cls, text: str, hexagonal: bool = False) -> "TruchetMove":
        """Read a move in the seed's notation (any case); raises NotationError saying what is wrong.

        `hexagonal` reads the hex board's notation: tile letters u/d, tile names with letters two
        apart (``eg23``). Only the form is checked here; `TruchetGame.parse_move` also checks the
        names against the board and fills in a pre-move left out when one fits.
        """
        say = _NOTATION[hexagonal]
        tile_letters = set(say["letters"])
        if not isinstance(text, str):
            raise NotationError(f"a move must be text, not {type(text).__name__}", "notation")
        word = "".join(text.split()).lower()
        if not word:
            raise NotationError(f"empty move: write a stack move such as {say['step']}, or random", "notation")
        if word in ("random", "draw"):
            return cls(word)  # type: ignore[arg-type]
        if word.startswith(ROLL):
            letters = word[len(ROLL):]
            if not letters or set(letters) - tile_letters:
                raise NotationError(
                    f"{quote(text)}: a tile draw is written roll: followed by letters {say['both']}", "notation"
                )
            return cls("tiles", letters=letters, drawn=True)
        if set(word) <= tile_letters:
            return cls("tiles", letters=word)
        flip = None
        if ":" in word:
            flip, _, word = word.partition(":")
            if tile_form(flip, say["gap"]) is None:
                raise NotationError(
                    f"{quote(text)}: {quote(flip)} is not a tile; a tile is named by its two column letters"
                    f"{say['apart']} and two row numbers, as in {say['tile']}:{say['step']}",
                    "notation",
                )
        if word.count("-") != 1:
            raise NotationError(
                f"{quote(text)} is not a Truchet move: write a step {say['step']}, a merge {say['merge']}, a split "
                f"{say['split']} (optionally after a flip {say['tile']}:), or random, or letters {say['pair']} for "
                "tiles",
                "notation",
            )
        left, right = word.split("-")
        sources: list[tuple[str, str | None]] = []
        for part in left.split(","):
            match = _SOURCE_RE.match(part)
            if not match:
                raise NotationError(
                    f"{quote(text)}: {quote(part)} is not a source junction (a column letter and a row number, "
                    f"optionally >via for a move within the region first, as in {say['via']})",
                    "notation",
                )
            sources.append((_check_row(match.group(1), text), match.group(2) and _check_row(match.group(2), text)))
        targets: list[tuple[str, int]] = []
        for part in right.split(","):
            match = _TARGET_RE.match(part)
            if not match:
                raise NotationError(
                    f"{quote(text)}: {quote(part)} is not a destination (a junction, with 2x..4x before it for a "
                    "split part of more than one piece)",
                    "notation",
                )
            count = 1 if match.group(1) is None else (whole_number(match.group(1)) or 0)
            if not 1 <= count <= MAX_HEIGHT:
                raise NotationError(
                    f"{quote(text)}: a split part has at least one piece and at most {MAX_HEIGHT} (no stack is "
                    f"taller), not {show_number(count)}", "notation")
            targets.append((_check_row(match.group(2), text), count))
        origins = [origin for origin, _ in sources]
        if len(set(origins)) != len(origins):
            raise NotationError(f"{quote(text)}: a source junction is written twice", "notation")
        names = [name for name, _ in targets]
        if len(set(names)) != len(names):
            raise NotationError(f"{quote(text)}: a destination junction is written twice", "notation")
        counted = any(count > 1 for _, count in targets)
        if len(sources) > 1 and len(targets) > 1:
            raise NotationError(
                f"{quote(text)}: a move either merges several stacks onto one junction or splits one stack "
                "onto several, not both",
                "notation",
            )
        if len(sources) > 1:
            if counted:
                raise NotationError(
                    f"{quote(text)}: a merge moves whole stacks, so no height is written ({say['merge']})",
                    "notation",
                )
            if sum(via is not None for _, via in sources) > 1:
                raise NotationError(
                    f"{quote(text)}: only one of the merging stacks may first move within its region", "notation"
                )
            ordered = tuple(sorted(sources, key=lambda source: junction_key(source[0])))
            return cls("merge", ordered, ((names[0], 0),), flip)
        if len(targets) > 1:
            ordered_targets = tuple(sorted(targets, key=lambda target: junction_key(target[0])))
            return cls("split", tuple(sources), ordered_targets, flip)
        if counted:
            raise NotationError(
                f"{quote(text)}: a split goes to at least two junctions ({say['split']}); a step moves the whole "
                "stack and takes no height",
                "notation",
            )
        if sources[0][1] is not None:
            raise NotationError(
                f"{quote(text)}: a step goes straight to its destination: write {sources[0][0]}-{names[0]}",
                "notation",
            )
        return cls("step", tuple(sources), ((names[0], 0),), flip)


def _check_row(name: str, text: str) -> str:
    if name[1] == "0":
        raise NotationError(f"{quote(text)}: {name} is not a junction: rows are numbered from 1", "notation")
    return name


#: The examples and letters of each board's notation (False: square, True: hex), for messages.
_NOTATION: dict[bool, dict[str, Any]] = {
    False: {"letters": SQUARE_LETTERS, "pair": "l/r", "both": "l and r", "gap": 1, "apart": "", "tile": "bc34",
            "step": "a1-d6", "merge": "c3,c5-c4", "split": "b4-b3,2xa4", "via": "a1>c3"},
    True: {"letters": HEX_LETTERS, "pair": "u/d", "both": "u and d", "gap": 2, "apart": " (two apart)",
           "tile": "ik45", "step": "h3-h5", "merge": "e2,g2-f2", "split": "f3-e3,2xg3", "via": "d1>e2"},
}

RANDOM = TruchetMove("random")
DRAW = TruchetMove("draw")


# --------------------------------------------------------------------------- regions
def reachable(near: Sequence[Sequence[int]], stacks: Sequence[int], start: int) -> list[int]:
    """Empty junctions a stack on `start` can step to: along bands, through empty junctions only."""
    seen = {start}
    found = []
    todo = [start]
    while todo:
        j = todo.pop()
        for k in near[j]:
            if k not in seen and not stacks[k]:
                seen.add(k)
                found.append(k)
                todo.append(k)
    found.sort()
    return found


def empty_components(near: Sequence[Sequence[int]], stacks: Sequence[int],
                     starts: Sequence[int]) -> tuple[dict[int, int], list[list[int]]]:
    """The sets of empty junctions joined by bands that hold the empty junctions among `starts`: the
    number of each junction's set, and each set's junctions in order. A stack reaches the sets of the
    empty junctions its bands join it to (`reachable`)."""
    label: dict[int, int] = {}
    members: list[list[int]] = []
    for start in starts:
        if start in label or stacks[start]:
            continue
        number = label[start] = len(members)
        found = [start]
        todo = [start]
        while todo:
            j = todo.pop()
            for k in near[j]:
                if k not in label and not stacks[k]:
                    label[k] = number
                    found.append(k)
                    todo.append(k)
        found.sort()
        members.append(found)
    return label, members


def _union(members: list[list[int]], numbers: set[int], more: list[int] | None = None) -> list[int]:
    """The junctions of the sets `numbers` (and `more`), in order."""
    if len(numbers) == 1 and not more:
        return members[next(iter(numbers))]
    found = list(more or ())
    for number in numbers:
        found += members[number]
    found.sort()
    return found


# --------------------------------------------------------------------------- state
@dataclass(frozen=True, slots=True)
class TruchetState:
    """A Truchet position.

    `tiles` has one letter per tile (``l``, ``r``, or ``.`` while not yet placed),
    tile ``row * n + column`` from the bottom-left. `stacks` has one number per
    junction: 0 empty, +h an X stack of height h, -h an O stack. `placed` counts
    the set-up moves made; `pending` is true after ``random`` until the tiles are
    drawn. `quiet` counts turns in a row without a capture. `hex` is true on the
    hex-hex board of side `size` (tiles ``u``/``d`` in the board's tile order).
    """

    size: int = DEFAULT_SIZE
    tiles: str = ""
    stacks: tuple[int, ...] = ()
    to_move: int = O
    placed: int = 0
    pending: bool = False
    quiet: int = 0
    ply: int = 0
    claimed: bool = False
    setup: str = "turns"
    draw_rule: str = "claim"
    quiet_limit: int = 50
    last: TruchetMove | None = None
    hex: bool = False

    @property
    def board(self) -> TruchetBoard:
        return board_for(self.size, self.hex)

    @property
    def placements(self) -> int:
        """How many set-up moves the game has (3, or 1 with -setup=single)."""
        return 1 if self.setup == "single" else 3

    @property
    def playing(self) -> bool:
        return self.placed >= self.placements

    def stack(self, name: str) -> int:
        """The signed stack on junction `name` (+h X, -h O, 0 empty)."""
        return self.stacks[self.board.index[name.lower()]]

    def tile(self, name: str) -> str:
        return self.tiles[self.board.tile_index[name.lower()]]

    def pieces(self, player: int) -> int:
        if player == X:
            return sum(h for h in self.stacks if h > 0)
        return -sum(h for h in self.stacks if h < 0)

    def placement_tiles(self) -> tuple[int, ...]:
        """The tiles the current set-up move places, in the order its letters list them."""
        geo = self.board
        if self.setup == "single":
            return tuple(range(geo.tile_count))
        return geo.placement_orders[self.placed]

    def placer(self) -> int:
        """Who makes the current set-up move: O, X, then O (the centre)."""
        return X if self.setup != "single" and self.placed == 1 else O


def _sign(player: int) -> int:
    return 1 if player == X else -1


def _need(geo: TruchetBoard, stacks: Sequence[int], j: int, sign: int, me: int) -> int:
    """Smallest stack of the mover that may land on `j` (5 when none may: a friendly stack)."""
    h = stacks[j] * sign
    if h == 0:
        return 1
    if h > 0:
        return MAX_HEIGHT + 1
    # an enemy stack: on its own colour only a taller stack takes it, on the mover's colour an equal one
    return -h + (0 if geo.colour[j] == me else 1)


_SUBSETS = {k: [[i for i in range(k) if mask >> i & 1] for mask in range(1, 1 << k)] for k in range(5)}


@lru_cache(maxsize=None)
def _splits(h: int, k: int) -> tuple[tuple[int, ...], ...]:
    """Ways to share h pieces over k destinations (0 = none there), at least two destinations used."""
    return tuple(
        counts for counts in product(range(h + 1), repeat=k)
        if sum(counts) == h and sum(1 for c in counts if c) >= 2
    )


# A stack move without its flip: (kind, sources, targets), the fields of TruchetMove, so that
# TruchetMove(*template, flip) is the move.
Template = tuple[Kind, tuple[tuple[str, str | None], ...], tuple[tuple[str, int], ...]]
# Where a piece of the moves lies in their order: (0, p) steps of the stack on p, (1, t) merges onto t,
# (2, p) splits of the stack on p.
SegmentKey = tuple[int, int]


@lru_cache(maxsize=None)
def _whole_stack_targets(n: int, hexagonal: bool = False) -> tuple[tuple[tuple[str, int]], ...]:
    """The `targets` of a step or merge onto each junction (shared by all moves)."""
    return tuple(((name, 0),) for name in board_for(n, hexagonal).names)


class StackMoves:
    """The stack moves of player `me` with `stacks` as they stand, on `tiles` and after each flip.

    Only where a stack can move within its region (its *reach*, see `reachable`) depends on the tiles:
    what a merge or split may land on depends on the stacks alone. So the moves are built in segments
    (the steps of one stack, the merges onto one junction, the splits of one stack), the pieces of a
    segment are cached by what they depend on, and a flip rebuilds only the segments of the stacks whose
    reach it can change (those reaching a corner of the flipped tile) and of the junctions next to
    their reach. The order: steps by origin, merges by target, splits by origin.
    """

    def __init__(self, geo: TruchetBoard, tiles: str, stacks: Sequence[int], me: int) -> None:
        self.geo, self.tiles, self.stacks, self.me = geo, tiles, stacks, me
        self.sign = sign = _sign(me)
        self.near = bands(geo, tiles)
        self.whole = _whole_stack_targets(geo.size, geo.hex)
        self.own = [j for j, h in enumerate(stacks) if h * sign > 0]
        self.height = {p: stacks[p] * sign for p in self.own}
        # what `reachable` gives for each stack, from the components of empty junctions around them
        label, members = empty_components(self.near, stacks, [j for p in self.own for j in self.near[p]])
        self.reach = {p: _union(members, {label[j] for j in self.near[p] if j in label}) for p in self.own}
        self._needs: dict[int, int] = {}
        self._adjacent: dict[int, list[int]] = {}
        self._pieces: dict[tuple, list[Template]] = {}
        self._base: tuple[list[SegmentKey], list[int], list[Template]] | None = None

    # -- what does not depend on the tiles ------------------------------------------------
    def need(self, j: int) -> int:
        need = self._needs.get(j)
        if need is None:
            need = self._needs[j] = _need(self.geo, self.stacks, j, self.sign, self.me)
        return need

    def adjacent(self, t: int) -> list[int]:
        """The mover's stacks orthogonally next to `t`."""
        found = self._adjacent.get(t)
        if found is None:
            sign, stacks = self.sign, self.stacks
            found = self._adjacent[t] = [q for q in self.geo.orthogonal[t] if stacks[q] * sign > 0]
        return found

    def is_target(self, t: int) -> bool:
        """Whether merges onto `t` can exist: it takes a stack of at most MAX_HEIGHT and has a stack next
        to it."""
        return self.need(t) <= MAX_HEIGHT and bool(self.adjacent(t))

    def _piece(self, key: tuple, build: Any) -> list[Template]:
        """``build(*key[1:])``, made once (key[0] names what is built)."""
        found = self._pieces.get(key)
        if found is None:
            found = self._pieces[key] = build(*key[1:])
        return found

    def _steps(self, p: int, reach: Sequence[int]) -> list[Template]:
        source, whole = ((self.geo.names[p], None),), self.whole
        return [("step", source, whole[d]) for d in reach]

    def _fixed_merges(self, t: int) -> list[Template]:
        """Merges of stacks standing next to `t`."""
        names, height = self.geo.names, self.height
        need, adjacent = self.need(t), self.adjacent(t)
        target = self.whole[t]
        found: list[Template] = []
        for subset in _SUBSETS[len(adjacent)]:
            if len(subset) < 2:
                continue
            total = sum(height[adjacent[i]] for i in subset)
            if need <= total <= MAX_HEIGHT:
                found.append(("merge", tuple((names[adjacent[i]], None) for i in subset), target))
        return found

    def _mover_merges(self, t: int, mover: int, vias: tuple[int, ...]) -> list[Template]:
        """Merges onto `t` where the stack on `mover` first moves to one of `vias` (next to t)."""
        names, height = self.geo.names, self.height
        need = self.need(t)
        target = self.whole[t]
        others = [q for q in self.adjacent(t) if q != mover]
        found: list[Template] = []
        for subset in _SUBSETS[len(others)]:
            total = height[mover] + sum(height[others[i]] for i in subset)
            if not need <= total <= MAX_HEIGHT:
                continue
            members = sorted([others[i] for i in subset] + [mover])
            for via in vias:
                found.append(("merge", tuple((names[q], names[via] if q == mover else None) for q in members),
                              target))
        return found

    def _splits_at(self, p: int, q: int) -> list[Template]:
        """Splits of the stack on `p` from `q` (where it stands, or where it first moves)."""
        names = self.geo.names
        around = self.geo.orthogonal[q]
        needs = [self.need(d) for d in around]
        source = ((names[p], None if q == p else names[q]),)
        return [("split", source, tuple((names[around[i]], c) for i, c in enumerate(counts) if c))
                for counts in _splits(self.height[p], len(around))
                if all(c == 0 or c >= needs[i] for i, c in enumerate(counts))]

    # -- segments ------------------------------------------------------------------------------
    def _merges(self, t: int, vias: Mapping[int, tuple[int, ...]]) -> list[Template]:
        """The merges onto `t`, given for each mover the junctions next to t it can reach."""
        found = list(self._piece(("fixed", t), self._fixed_merges))
        for mover in sorted(vias):
            found += self._piece(("mover", t, mover, vias[mover]), self._mover_merges)
        return found

    def _vias(self, reach: Mapping[int, Sequence[int]]) -> dict[int, dict[int, list[int]]]:
        """For each merge target, the movers reaching a junction next to it, and those junctions in order."""
        orthogonal, targets = self.geo.orthogonal, self._targets
        vias: dict[int, dict[int, list[int]]] = {}
        for mover, cells in reach.items():
            for v in cells:  # in index order, as orthogonal lists them
                for t in orthogonal[v]:
                    if targets[t]:
                        vias.setdefault(t, {}).setdefault(mover, []).append(v)
        return vias

    def _segment(self, key: SegmentKey, reach: Mapping[int, Sequence[int]],
                 vias: Mapping[int, Mapping[int, Sequence[int]]]) -> list[Template]:
        section, j = key
        if section == 0:
            return self._piece(("steps", j, tuple(reach[j])), self._steps)
        if section == 1:
            return self._merges(j, {m: tuple(v) for m, v in vias.get(j, {}).items()})
        if self.height[j] < 2:
            return []
        found: list[Template] = []
        for q in [j] + list(reach[j]):
            found += self._piece(("split", j, q), self._splits_at)
        return found

    def _keys(self) -> Iterator[SegmentKey]:
        yield from ((0, p) for p in self.own)
        yield from ((1, t) for t in range(len(self.stacks)) if self.is_target(t))  # (not _targets: lazily)
        yield from ((2, p) for p in self.own)

    def first(self) -> Template | None:
        """The first stack move without a flip, or None, built only as far as needed."""
        for key in self._keys():
            # no merge with a move first past the steps: a stack that can move would have had a step
            found = self._segment(key, self.reach, {})
            if found:
                return found[0]
        return None

    def templates(self) -> list[Template]:
        """The stack moves without a flip, in order."""
        return self._layout()[2]

    def _layout(self) -> tuple[list[SegmentKey], list[int], list[Template]]:
        """The segment keys in order, where each begins in the list of moves (and its end), the moves."""
        if self._base is None:
            keys = list(self._keys())
            vias = self._base_vias
            starts: list[int] = []
            flat: list[Template] = []
            for key in keys:
                starts.append(len(flat))
                flat += self._segment(key, self.reach, vias)
            starts.append(len(flat))
            self._base = keys, starts, flat
        return self._base

    # -- flips ----------------------------------------------------------------------------------
    def after_flip(self, t: int) -> list[Template]:
        """The stack moves after flipping tile `t` (free of stacks), in order. When the flip cannot change
        any stack's reach this is the very list `templates` returns."""
        keys, starts, flat = self._layout()
        corners = self.geo.corners[t]
        affected = sorted({p for c in corners for p in self._reached_by.get(c, ())})
        if not affected:
            return flat
        # the band leaves the corners it joined (no other tile joins two of them) for the other corners
        first, second = self.geo.band_corners[t]
        old, new = (first, second) if self.tiles[t] == self.geo.letters[0] else (second, first)
        near = list(self.near)
        for a in old:
            near[a] = tuple(j for j in near[a] if j not in old)
        for a in new:
            near[a] = near[a] + tuple(j for j in new if j != a)
        # the flip changes only the components of its corners (all empty): the rest of a reach stays
        label, members = empty_components(near, self.stacks, corners)
        reach = {p: _union(members, {label[j] for j in near[p] if j in label},
                           [j for j in self.reach[p] if j not in label]) for p in affected}
        # merge targets next to the old or new reach of a changed stack
        orthogonal, targets = self.geo.orthogonal, self._targets
        cells = set().union(*(self.reach[p] for p in affected), *reach.values())
        touched = {u for v in cells for u in orthogonal[v] if targets[u]}
        new_vias = self._vias(reach)
        old_vias = self._base_vias
        replaced: dict[SegmentKey, list[Template]] = {}
        for p in affected:
            replaced[(0, p)] = self._segment((0, p), reach, new_vias)
            replaced[(2, p)] = self._segment((2, p), reach, new_vias)
        changed = set(affected)
        for u in touched:
            vias = {m: tuple(v) for m, v in old_vias.get(u, {}).items() if m not in changed}
            vias.update((m, tuple(v)) for m, v in new_vias.get(u, {}).items())
            replaced[(1, u)] = self._merges(u, vias)
        position = self._position
        out: list[Template] = []
        cursor = 0
        for i in sorted(position[key] for key in replaced):
            out += flat[cursor:starts[i]]
            out += replaced[keys[i]]
            cursor = starts[i + 1]
        out += flat[cursor:]
        return out

    @cached_property
    def _targets(self) -> list[bool]:
        return [self.is_target(t) for t in range(len(self.stacks))]

    @cached_property
    def _reached_by(self) -> dict[int, list[int]]:
        """The stacks reaching each junction."""
        found: dict[int, list[int]] = {}
        for p, cells in self.reach.items():
            for j in cells:
                found.setdefault(j, []).append(p)
        return found

    @cached_property
    def _base_vias(self) -> dict[int, dict[int, list[int]]]:
        return self._vias(self.reach)

    @cached_property
    def _position(self) -> dict[SegmentKey, int]:
        return {key: i for i, key in enumerate(self._layout()[0])}


def stack_moves(geo: TruchetBoard, tiles: str, stacks: Sequence[int], me: int,
                flip: str | None = None) -> Iterator[TruchetMove]:
    """Every stack move of player `me` on this tiling (each marked with `flip`), in a fixed order:
    steps, then merges by target, then splits by origin."""
    for kind, sources, targets in StackMoves(geo, tiles, stacks, me).templates():
        yield TruchetMove(kind, sources, targets, flip)


def _proven_draw(state: TruchetState) -> bool:
    """Neither side can ever win: one single piece each, on junctions of different colours, and
    each standing on a band (so it can always step, and no merge or split is ever possible)."""
    occupied = [j for j, h in enumerate(state.stacks) if h]
    if len(occupied) != 2 or sorted(state.stacks[j] for j in occupied) != [-1, 1]:
        return False
    geo = state.board
    a, b = occupied
    near = bands(geo, state.tiles)
    return geo.colour[a] != geo.colour[b] and bool(near[a]) and bool(near[b])


@lru_cache(maxsize=2048)
def _outcome(state: TruchetState) -> Outcome | None:
    if not state.playing:
        return None
    if state.claimed:
        return Outcome(None, f"draw claimed after {state.quiet} turns in a row without a capture")
    me, other = state.to_move, 1 - state.to_move
    if state.pieces(me) == 0:
        return Outcome(other, f"{PLAYERS[me]} has no pieces left")
    if not _has_move(state):
        return Outcome(other, f"{PLAYERS[me]} cannot move a stack")
    if _proven_draw(state):
        return Outcome(None, "neither side can win: one piece each, on different colours, and no capture possible")
    if state.draw_rule == "auto" and state.quiet >= state.quiet_limit:
        return Outcome(None, f"{state.quiet} turns in a row without a capture (house rule)")
    return None


def _has_move(state: TruchetState) -> bool:
    """Can the player to move make a stack move, with or without a flip first?

    Only the tiles as they lie are tried: a flip never opens a move where none was. Every stack move
    begins with a step to a junction one tile side away, along a tile at the stack's own junction, and
    those tiles are pinned by the stack, so no flip can change them (truchet.md's stalemate rule asks
    about moves after a flip too; tests/test_truchet_moves.py checks the two agree on crowded positions
    of both boards). Trying every flip made a stalemated position cost 10-90 ms per `outcome` call.
    """
    return StackMoves(state.board, state.tiles, state.stacks, state.to_move).first() is not None


def _flippable(state: TruchetState) -> list[int]:
    stacks = state.stacks
    return [t for t, corners in enumerate(state.board.corners) if not any(stacks[j] for j in corners)]


# --------------------------------------------------------------------------- game
class TruchetGame(Game[TruchetState, TruchetMove]):
    name = "truchet"
    title = "Truchet"
    summary = ("Stack and capture within the light and dark regions of a truchet tiling; "
               "flip a tile to reshape them.")
    designer = "Cameron Browne (2007)"
    players = PLAYERS
    has_chance = True
    #: Random games end by themselves (captures and stalemates), the automatic quiet-turn draw is a safety net.
    playout_options: Mapping[str, object] = {"draw": "auto", "quiet": 12}
    _COMMON = (
        ChoiceOption("setup", "turns", ("turns", "single"),
                     "turns: O places its half, X its half, O the centre tile (moves 1-3); "
                     "single: one move places every tile"),
        ChoiceOption("draw", "claim", ("claim", "auto", "off"),
                     "after -quiet turns without a capture (house rule): claim = the player to move may "
                     "end the game as a draw with 'draw'; auto = the game is drawn; off = only proven draws"),
        IntOption("quiet", 50, 1, 1000, "turns in a row without a capture before the draw of -draw"),
    )
    OPTIONS = (IntOption("size", DEFAULT_SIZE, MIN_SIZE, MAX_SIZE, "tiles per side of the board", odd_only=True),
               *_COMMON)
    #: Hexagonal Truchet, a board option (hex-truchet.md, Design 11): ``-hex [-size=s]``.
    VARIANT_OPTIONS = ((
        FlagOption("hex", "Hexagonal Truchet, our design of the variant the inventor left unfinished: "
                          "a hex-hex board of hexagonal tiles"),
        IntOption("size", HEX_DEFAULT_SIZE, HEX_MIN_SIZE, HEX_MAX_SIZE, "tiles along each side of the hex-hex board"),
        *_COMMON,
    ),)

    # -- starting --------------------------------------------------------------------
    def _initial(self, options: dict[str, OptionValue]) -> TruchetState:
        size = int(options["size"])
        hexagonal = bool(options.get("hex", False))
        geo = board_for(size, hexagonal)
        return TruchetState(
            size=size, tiles=UNPLACED * geo.tile_count, stacks=(0,) * geo.junction_count, to_move=O,
            setup=str(options["setup"]), draw_rule=str(options["draw"]), quiet_limit=int(options["quiet"]),
            hex=hexagonal,
        )

    def options_of(self, state: TruchetState) -> dict[str, OptionValue]:
        found: dict[str, OptionValue] = {"hex": True} if state.hex else {}
        found.update(size=state.size, setup=state.setup, draw=state.draw_rule, quiet=state.quiet_limit)
        return found

    def position(self, tiles: str, x: Mapping[str, int] | None = None, o: Mapping[str, int] | None = None,
                 to_move: int = X, quiet: int = 0, options: Mapping[str, object] | None = None) -> TruchetState:
        """A position in the play phase: `tiles` lists all n*n tiles row 1 first (as ``-setup=single``),
        `x` and `o` map junction names to stack heights. Letters u/d (or ``-hex`` in `options`) make a
        position on the hex board, whose side the number of letters tells (3s(s-1)+1 tiles).

        Raises ValueError (NotationError or IllegalMoveError) naming what is wrong.
        """
        values = self.check_options(options)
        letters = "".join(tiles.split()).lower()
        if values.get("hex") or (letters and set(letters) <= set(HEX_LETTERS)):
            sizes = {3 * s * (s - 1) + 1: s for s in range(HEX_MIN_SIZE, HEX_MAX_SIZE + 1)}
            size = sizes.get(len(letters), 0)
            if not size or set(letters) - set(HEX_LETTERS):
                raise NotationError(
                    f"a hex position needs 3s(s-1)+1 letters u/d for a side s from {HEX_MIN_SIZE} to {HEX_MAX_SIZE} "
                    f"({', '.join(map(str, sizes))} letters; got {len(letters)} characters)",
                    "position",
                )
            geo = hex_board(size)
        else:
            size = isqrt(len(letters))
            if (size * size != len(letters) or size % 2 == 0 or not MIN_SIZE <= size <= MAX_SIZE
                    or set(letters) - set(SQUARE_LETTERS)):
                raise NotationError(
                    f"a position needs n*n letters l/r for an odd n from {MIN_SIZE} to {MAX_SIZE} "
                    f"(got {len(letters)} characters)",
                    "position",
                )
            geo = board(size)
        stacks = [0] * geo.junction_count
        for player, placed in ((X, x or {}), (O, o or {})):
            for name, height in placed.items():
                j = geo.index.get(name.lower())
                if j is None:
                    raise NotationError(f"there is no junction {name.lower()} on the {geo.label} board"
                                        + (f" ({geo.extent(name.lower())})" if geo.hex else ""),
                                        "off_board")
                if not 1 <= height <= MAX_HEIGHT:
                    raise IllegalMoveError(f"a stack has 1 to {MAX_HEIGHT} pieces, not {height}", "height")
                if stacks[j]:
                    raise IllegalMoveError(f"two stacks on {name.lower()}", "occupied")
                stacks[j] = _sign(player) * height
        return TruchetState(
            size=size, tiles=letters, stacks=tuple(stacks), to_move=to_move, placed=3, quiet=quiet,
            setup="turns", draw_rule=str(values["draw"]), quiet_limit=int(values["quiet"]), hex=geo.hex,
        )

    # -- moves -----------------------------------------------------------------------
    def is_chance(self, state: TruchetState) -> bool:
        return state.pending

    def random_chance(self, state: TruchetState, rng: Any) -> TruchetMove:
        if not state.pending:
            raise NotationError("no tiles are waiting to be drawn at random", "no_chance")
        count = len(state.placement_tiles())
        pair = state.board.letters
        return TruchetMove("tiles", letters="".join(pair[rng.randrange(2)] for _ in range(count)), drawn=True)

    def legal_moves(self, state: TruchetState) -> list[TruchetMove]:
        """Every legal move, in a fixed order (empty only once the game is over).

        During the tile set-up, where a move may place up to n*n tiles, every
        string of l and r (u and d on the hex board) of the right length is
        legal: the typed placements (and, after `random`, the possible draws)
        are listed only when there are at most 2**LIST_PLACEMENTS_UP_TO of them.
        With more, a placement lists `random` alone and a draw the two where
        every tile is alike (``roll:lll...``, ``roll:rrr...``), standing for the
        rest (`random_chance` draws one fairly).
        """
        if not state.playing:
            count = len(state.placement_tiles())
            pair = state.board.letters
            if count <= LIST_PLACEMENTS_UP_TO:
                letters = ["".join(p) for p in product(pair, repeat=count)]
            else:
                letters = [pair[0] * count, pair[1] * count] if state.pending else []
            if state.pending:
                return [TruchetMove("tiles", letters=w, drawn=True) for w in letters]
            return [RANDOM] + [TruchetMove("tiles", letters=w) for w in letters]
        if _outcome(state) is not None:
            return []
        moves: list[TruchetMove] = []
        for flip, templates in self.move_groups(state):
            moves += [TruchetMove(kind, sources, targets, flip) for kind, sources, targets in templates]
        if self.can_claim_draw(state):
            moves.append(DRAW)
        return moves

    def move_groups(self, state: TruchetState) -> list[tuple[str | None, list[Template]]]:
        """The stack moves of `legal_moves`, in the same order, without building them: one group per tile
        flipped first (None: no flip, then the free tiles in order), each a list of templates
        ``(kind, sources, targets)``; ``TruchetMove(kind, sources, targets, flip)`` is the move.

        For a search that scans thousands of moves: the count is the sum of the lengths, and a flip that
        cannot change where any stack may go (none reaches a corner of the tile) shares the very list of
        the group without a flip, so what follows from those moves can be worked out once. Empty outside
        the play phase and once the game is over (``draw``, when it may be claimed, is not a stack move).
        """
        return list(self.iter_move_groups(state))

    def iter_move_groups(self, state: TruchetState) -> Iterator[tuple[str | None, list[Template]]]:
        """`move_groups` one group at a time, each built only when asked for: a search that must keep
        every frame short does a few flips' worth of work at a time (all of them take 10-40 ms)."""
        if not state.playing or state.pending or _outcome(state) is not None:
            return
        geo = state.board
        moves = StackMoves(geo, state.tiles, state.stacks, state.to_move)
        yield None, moves.templates()
        for t in _flippable(state):
            yield geo.tile_names[t], moves.after_flip(t)

    def can_claim_draw(self, state: TruchetState) -> bool:
        return (state.playing and state.draw_rule == "claim" and state.quiet >= state.quiet_limit
                and not state.claimed)

    def parse_move(self, text: str, state: TruchetState) -> TruchetMove:
        """Read `text` in this position: names are checked against the board, and a merge or split
        written without the move within the region that it needs gets it filled in when exactly one
        fits (AmbiguousMoveError lists them when several do)."""
        move = TruchetMove.parse(text, state.hex)
        if not move.is_stack_move:
            return move
        geo = state.board
        if move.flip is not None and move.flip not in geo.tile_index:
            raise NotationError(
                f"there is no tile {move.flip} on the {geo.label} board "
                f"({geo.tile_names[0]}..{geo.tile_names[-1]})",
                "off_board",
            )
        for name in [n for pair in move.sources for n in pair if n] + list(move.destinations):
            if name not in geo.index:
                raise NotationError(
                    f"there is no junction {name} on the {geo.label} board ({geo.extent(name)})",
                    "off_board",
                )
        if state.playing and not state.pending and _outcome(state) is None:
            return self._complete(state, move)
        return move

    def _complete(self, state: TruchetState, move: TruchetMove) -> TruchetMove:
        """Fill in a missing pre-move of a merge or a split when the text needs one."""
        if move.kind not in ("merge", "split") or move.premove is not None:
            return move
        geo = state.board
        tiles = state.tiles
        if move.flip is not None:
            t = geo.tile_index[move.flip]
            if any(state.stacks[j] for j in geo.corners[t]):
                return move  # check_legal explains the pin
            tiles = flipped(tiles, t)
        sign = _sign(state.to_move)
        near = bands(geo, tiles)
        index = geo.index
        if move.kind == "merge":
            target = index[move.destinations[0]]
            far = [o for o in move.origins if index[o] not in geo.orthogonal[target]]
            if len(far) != 1 or state.stacks[index[far[0]]] * sign <= 0:
                return move
            options = [v for v in reachable(near, state.stacks, index[far[0]]) if v in geo.orthogonal[target]]
            candidates = [
                replace(move, sources=tuple((o, geo.names[v] if o == far[0] else None) for o, _ in move.sources))
                for v in options
            ]
        else:
            origin = index[move.origins[0]]
            wanted = [index[d] for d in move.destinations]
            if all(d in geo.orthogonal[origin] for d in wanted) or state.stacks[origin] * sign <= 0:
                return move
            options = [v for v in reachable(near, state.stacks, origin)
                       if all(d in geo.orthogonal[v] for d in wanted)]
            candidates = [replace(move, sources=((move.origins[0], geo.names[v]),)) for v in options]
        fitting = []
        for candidate in candidates:
            try:
                self.check_legal(state, candidate)
            except IllegalMoveError:
                continue
            fitting.append(candidate)
        if len(fitting) == 1:
            return fitting[0]
        if len(fitting) > 1:
            listed = " or ".join(str(m) for m in fitting)
            raise AmbiguousMoveError(
                f"{excerpt(str(move))} fits several moves: say where the stack first moves within its region: {listed}",
                "ambiguous",
            )
        return move

    def check_legal(self, state: TruchetState, move: TruchetMove) -> None:
        if state.pending:
            count = len(state.placement_tiles())
            if move.kind != "tiles" or not move.drawn:
                raise IllegalMoveError(
                    f"{excerpt(str(move))}: the {count} tiles asked for with random are drawn first (a move roll:...)",
                    "chance_due",
                )
            self._check_letters(state, move, count)
            return
        if not state.playing:
            self._check_placement(state, move)
            return
        result = _outcome(state)
        if result is not None:
            raise IllegalMoveError(f"{excerpt(str(move))}: the game is over ({result.reason})", "game_over")
        if move.kind == "draw":
            if state.draw_rule != "claim":
                why = ("draws are automatic in this game" if state.draw_rule == "auto"
                       else "only proven draws end this game")
                raise IllegalMoveError(f"a draw cannot be claimed: {why}", "no_draw")
            if state.quiet < state.quiet_limit:
                raise IllegalMoveError(
                    f"a draw may be claimed after {state.quiet_limit} turns in a row without a capture "
                    f"(so far {state.quiet})",
                    "no_draw",
                )
            return
        if not move.is_stack_move:
            raise IllegalMoveError(f"{excerpt(str(move))}: the tiles are all placed; now make a stack move",
                                   "setup_over")
        self._check_shape(move)
        geo = state.board
        tiles = state.tiles
        if move.flip is not None:
            t = geo.tile_index.get(move.flip)
            if t is None:
                raise IllegalMoveError(f"there is no tile {move.flip} on this board", "off_board")
            pins = [geo.names[j] for j in geo.corners[t] if state.stacks[j]]
            if pins:
                raise IllegalMoveError(
                    f"tile {move.flip} cannot be flipped: it is pinned by the stack{'s' if len(pins) > 1 else ''} "
                    f"on {', '.join(pins)}",
                    "pinned",
                )
            tiles = flipped(tiles, t)
        self._check_stack_move(state, tiles, move)

    @staticmethod
    def _check_shape(move: TruchetMove) -> None:
        """Refuse a stack move built by hand with the wrong number of parts (the parser never does)."""
        origins = [origin for origin, _ in move.sources]
        names = [name for name, _ in move.targets]
        vias = sum(via is not None for _, via in move.sources)
        problem = None
        if len(set(origins)) != len(origins) or len(set(names)) != len(names):
            problem = "a junction is named twice"
        elif move.kind == "step" and (len(origins) != 1 or len(names) != 1 or vias):
            problem = "a step moves one stack straight to one junction"
        elif move.kind == "merge" and (len(origins) < 2 or len(names) != 1 or vias > 1):
            problem = "a merge brings two or more stacks (at most one moving first) onto one junction"
        elif move.kind == "split" and (len(origins) != 1 or len(names) < 2
                                       or any(count < 1 for _, count in move.targets)):
            problem = "a split shares one stack over two or more junctions, at least one piece each"
        if problem:
            raise IllegalMoveError(f"{excerpt(str(move))}: {problem}", "shape")

    def _check_letters(self, state: TruchetState, move: TruchetMove, count: int) -> None:
        say = _NOTATION[state.hex]
        if not move.letters or set(move.letters) - set(say["letters"]):
            raise IllegalMoveError(f"{excerpt(str(move))}: tiles are written with the letters {say['both']}",
                                   "tile_letters")
        if len(move.letters) != count:
            raise IllegalMoveError(
                f"{excerpt(str(move))}: this move places {count} tile{'s' if count > 1 else ''}, so it needs {count} "
                f"letter{'s' if count > 1 else ''} {say['pair']} (got {len(move.letters)})",
                "tile_count",
            )

    def _check_placement(self, state: TruchetState, move: TruchetMove) -> None:
        count = len(state.placement_tiles())
        who = PLAYERS[state.placer()]
        if move.kind == "random":
            return
        if move.kind == "tiles" and not move.drawn:
            self._check_letters(state, move, count)
            return
        if move.kind == "tiles":
            raise IllegalMoveError(f"{excerpt(str(move))}: tiles are drawn only after a player asks for random",
                                   "no_chance")
        raise IllegalMoveError(
            f"{excerpt(str(move))}: the tiles are being placed; {who} places {count} "
            f"tile{'s' if count > 1 else ''} now: "
            f"write random or {count} letters {_NOTATION[state.hex]['pair']}",
            "setup",
        )

    def _check_stack_move(self, state: TruchetState, tiles: str, move: TruchetMove) -> None:
        geo = state.board
        stacks = state.stacks
        me = state.to_move
        sign = _sign(me)
        near = bands(geo, tiles)
        index = geo.index

        def at(name: str) -> int:
            j = index.get(name)
            if j is None:
                raise IllegalMoveError(f"there is no junction {name} on this board ({geo.extent(name)})", "off_board")
            return j

        def own(name: str) -> int:
            j = at(name)
            if stacks[j] == 0:
                raise IllegalMoveError(f"there is no stack on {name}", "no_stack")
            if stacks[j] * sign < 0:
                raise IllegalMoveError(f"the stack on {name} is {PLAYERS[1 - me]}'s", "not_yours")
            return j

        def route(name: str, j: int, dest_name: str, dest: int) -> None:
            if stacks[dest]:
                raise IllegalMoveError(
                    f"{name} cannot move to {dest_name}: it is occupied, and a stack moves within its region "
                    "only to an empty junction",
                    "occupied",
                )
            if dest not in reachable(near, stacks, j):
                reg = regions(geo, tiles)
                if reg[dest] != reg[j]:
                    raise IllegalMoveError(
                        f"{dest_name} is not in the region of {name} (a stack moves only along its own region)",
                        "other_region",
                    )
                raise IllegalMoveError(f"the way from {name} to {dest_name} is blocked by other stacks", "blocked")

        def landing(dest_name: str, dest: int, height: int, what: str) -> None:
            h = stacks[dest] * sign
            if h > 0:
                raise IllegalMoveError(f"{what} cannot land on {dest_name}: it holds your own stack", "friendly")
            if h < 0:
                need = _need(geo, stacks, dest, sign, me)
                if height < need:
                    if geo.colour[dest] == me:
                        rule = "same height or taller"
                    else:
                        rule = "taller"
                    raise IllegalMoveError(
                        f"{what} ({height} high) cannot capture the {PLAYERS[1 - me]} {-h}-stack on {dest_name}: "
                        f"it stands on a junction of {PLAYERS[geo.colour[dest]]}'s colour, so only a {rule} "
                        "stack captures it",
                        "capture_height",
                    )

        if move.kind == "step":
            (origin, _), (target, _) = move.sources[0], move.targets[0]
            j, dest = own(origin), at(target)
            if stacks[dest]:
                raise IllegalMoveError(
                    f"{target} is occupied: a step goes to an empty junction (only merges and splits capture)",
                    "occupied",
                )
            route(origin, j, target, dest)
            return
        if move.kind == "merge":
            target = move.targets[0][0]
            dest = at(target)
            total = 0
            for origin, via in move.sources:
                j = own(origin)
                total += stacks[j] * sign
                where = j
                if via is not None:
                    where = at(via)
                    route(origin, j, via, where)
                if where not in geo.orthogonal[dest]:
                    spot = via or origin
                    raise IllegalMoveError(
                        f"{spot} is not orthogonally next to {target}: merging stacks must stand next to "
                        "their target"
                        + ("" if via else f" (the stack on {origin} may first move within its region: "
                           f"write {origin}>via)"),
                        "not_adjacent",
                    )
            if stacks[dest] * sign > 0:
                landing(target, dest, total, "the merged stack")
            if total > MAX_HEIGHT:
                raise IllegalMoveError(
                    f"the merged stack would be {total} high: stacks may not exceed {MAX_HEIGHT}", "too_tall"
                )
            landing(target, dest, total, "the merged stack")
            return
        # split
        origin, via = move.sources[0]
        j = own(origin)
        height = stacks[j] * sign
        if height < 2:
            raise IllegalMoveError(f"the stack on {origin} is a single piece: only a stack of two or more splits",
                                   "too_small")
        where = j
        if via is not None:
            where = at(via)
            route(origin, j, via, where)
        written = sum(count for _, count in move.targets)
        if written != height:
            raise IllegalMoveError(
                f"the {height}-stack on {origin} must split entirely: the parts written add up to {written}"
                + (" (write 2x, 3x before a part of more than one piece)" if written < height else ""),
                "split_total",
            )
        spot = via or origin
        for target, count in move.targets:
            dest = at(target)
            if dest not in geo.orthogonal[where]:
                raise IllegalMoveError(
                    f"{target} is not orthogonally next to {spot}: a split goes to the junctions next to the stack",
                    "not_adjacent",
                )
            landing(target, dest, count, f"the {count}-piece part")

    def _apply(self, state: TruchetState, move: TruchetMove) -> TruchetState:
        if move.kind == "random":
            return replace(state, pending=True, ply=state.ply + 1, last=move)
        if move.kind == "tiles":
            geo = state.board
            tiles = list(state.tiles)
            for t, letter in zip(state.placement_tiles(), move.letters):
                tiles[t] = letter
            placed = state.placed + 1
            stacks = state.stacks
            if placed >= state.placements:
                signed = list(stacks)
                for j in geo.homes[X]:
                    signed[j] = 1
                for j in geo.homes[O]:
                    signed[j] = -1
                stacks = tuple(signed)
                to_move = X
            else:
                to_move = X if state.setup != "single" and placed == 1 else O
            return replace(state, tiles="".join(tiles), stacks=stacks, placed=placed, pending=False,
                           to_move=to_move, ply=state.ply + 1, last=move)
        if move.kind == "draw":
            return replace(state, claimed=True, ply=state.ply + 1, last=move)
        geo = state.board
        index = geo.index
        tiles = state.tiles if move.flip is None else flipped(state.tiles, geo.tile_index[move.flip])
        stacks = list(state.stacks)
        captured = False
        if move.kind == "step":
            j, dest = index[move.sources[0][0]], index[move.targets[0][0]]
            stacks[dest], stacks[j] = stacks[j], 0
        elif move.kind == "merge":
            dest = index[move.targets[0][0]]
            total = 0
            for origin, _ in move.sources:
                j = index[origin]
                total += stacks[j]
                stacks[j] = 0
            captured = stacks[dest] != 0
            stacks[dest] = total
        else:
            j = index[move.sources[0][0]]
            sign = 1 if stacks[j] > 0 else -1
            stacks[j] = 0
            for target, count in move.targets:
                dest = index[target]
                captured = captured or stacks[dest] != 0
                stacks[dest] = sign * count
        return replace(state, tiles=tiles, stacks=tuple(stacks), to_move=1 - state.to_move,
                       quiet=0 if captured else state.quiet + 1, ply=state.ply + 1, last=move)

    # -- result ----------------------------------------------------------------------
    def to_move(self, state: TruchetState) -> int | None:
        if state.pending or _outcome(state) is not None:
            return None
        return state.placer() if not state.playing else state.to_move

    def outcome(self, state: TruchetState) -> Outcome | None:
        return _outcome(state)

    def scores(self, state: TruchetState) -> tuple[int, ...]:
        """Pieces each player has on the board."""
        return (state.pieces(X), state.pieces(O))

    def leader(self, state: TruchetState) -> int | None:
        result = _outcome(state)
        if result is not None:
            return result.winner
        x, o = self.scores(state)
        return None if x == o else (X if x > o else O)

    # -- helpers for scenes ------------------------------------------------------------
    def regions(self, state: TruchetState, flip: str | None = None) -> tuple[int, ...]:
        """Region number of every junction (optionally after flipping tile `flip`: a preview)."""
        tiles = state.tiles if flip is None else flipped(state.tiles, state.board.tile_index[flip])
        return regions(state.board, tiles)

    def flippable(self, state: TruchetState) -> list[str]:
        """Tiles no piece pins (flipping is possible only in the play phase)."""
        if not state.playing:
            return []
        return [state.board.tile_names[t] for t in _flippable(state)]

    def captures(self, state: TruchetState, move: TruchetMove) -> list[str]:
        """Junctions where `move` (legal in `state`) captures an enemy stack."""
        if move.kind not in ("merge", "split"):
            return []
        index = state.board.index
        return [name for name in move.destinations if state.stacks[index[name]]]

    # -- presentation ------------------------------------------------------------------
    def render_text(self, state: TruchetState) -> str:
        """Junction rows top (O's side) to bottom; stacks as x/o with their height (x2), empty junctions
        as their colour (+ X's, - O's); between rows each tile's band as \\ (l) or / (r).

        The hex board is drawn as the spec's brick picture (hex-truchet.md §1): the column letters on
        top, each zigzag junction row straightened, a junction every two characters (a stack's height
        after its x/o, as ``x2``), and between two rows each tile as ``| u |`` or ``| d |``."""
        geo = state.board
        if geo.hex:
            return _render_hex(geo, state.tiles, state.stacks)
        side = geo.side
        lines = []
        for r in range(side - 1, -1, -1):
            cells = []
            for c in range(side):
                j = r * side + c
                h = state.stacks[j]
                if h:
                    text = ("x" if h > 0 else "o") + (str(abs(h)) if abs(h) > 1 else "")
                else:
                    text = "+" if geo.colour[j] == X else "-"
                cells.append(f"{text:<2}")
            lines.append(f"{r + 1:>2}  " + "  ".join(cells).rstrip())
            if r > 0:
                glyphs = []
                for c in range(state.size):
                    letter = state.tiles[(r - 1) * state.size + c]
                    glyphs.append({"l": "\\", "r": "/"}.get(letter, "?"))
                lines.append("    " + "".join(f"  {g} " for g in glyphs).rstrip())
        lines.append("    " + "   ".join(LETTERS[c] for c in range(side)))
        return "\n".join(lines)

    def details(self, state: TruchetState) -> dict[str, Any]:
        geo = state.board
        stacks = {geo.names[j]: ("X" if h > 0 else "O") + str(abs(h)) for j, h in enumerate(state.stacks) if h}
        info: dict[str, Any] = {
            "phase": "setup" if not state.playing else ("over" if _outcome(state) else "play"),
            "tiles": state.tiles,
            "stacks": stacks,
            "pieces": {"X": state.pieces(X), "O": state.pieces(O)},
            "pieces_each_at_start": geo.pieces,
        }
        if not state.playing:
            info["placement"] = {
                "move": state.placed + 1,
                "by": PLAYERS[state.placer()],
                "tiles": [geo.tile_names[t] for t in state.placement_tiles()],
                "drawing_at_random": state.pending,
            }
            return info
        info["captured"] = {  # pieces each player has taken from the other
            "X": geo.pieces - state.pieces(O),
            "O": geo.pieces - state.pieces(X),
        }
        reg = regions(state.size, state.tiles)
        groups: dict[int, list[str]] = {}
        for j, r in enumerate(reg):
            groups.setdefault(r, []).append(geo.names[j])
        info["regions"] = [{"owner": PLAYERS[geo.colour[r]], "junctions": names} for r, names in sorted(groups.items())]
        info["flippable"] = self.flippable(state)
        info["quiet_turns"] = state.quiet
        info["draw_rule"] = state.draw_rule
        info["draw_claimable"] = self.can_claim_draw(state) and _outcome(state) is None
        return info


def _render_hex(geo: TruchetBoard, tiles: str, stacks: Sequence[int]) -> str:
    columns = 2 * geo.side - 1
    junction_rows = {r: [" "] * (2 * columns) for r in range(1, geo.side + 1)}
    for j, name in enumerate(geo.names):
        x, line = LETTERS.index(name[0]), junction_rows[int(name[1:])]
        h = stacks[j]
        if h:
            line[2 * x] = "x" if h > 0 else "o"
            if abs(h) > 1:
                line[2 * x + 1] = str(abs(h))
        else:
            line[2 * x] = "+" if geo.colour[j] == X else "-"
    tile_rows = {r: [" "] * (2 * columns) for r in range(1, geo.side)}
    for t, around in enumerate(geo.corners):
        bottom = geo.names[around[1]]
        x, line = LETTERS.index(bottom[0]), tile_rows[int(bottom[1:])]
        line[2 * x - 2] = line[2 * x + 2] = "|"
        line[2 * x] = tiles[t] if tiles[t] in geo.letters else "?"
    lines = ["      " + " ".join(LETTERS[:columns])]
    for r in range(geo.side, 0, -1):
        lines.append(f"{r:>3}   " + "".join(junction_rows[r]).rstrip())
        if r > 1:
            lines.append("      " + "".join(tile_rows[r - 1]).rstrip())
    return "\n".join(lines)


TRUCHET = TruchetGame()
