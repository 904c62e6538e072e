"""know (Bryan Jurish, 1995/2001): a game of influence and connections for two players, three, or four in pairs.

Rules summary and the readings we chose: ../shared/specs/know.md (section 3).
Twelve pieces (a Bard, a Fool and a Herald twice over per player, one of each
pair striped) move exactly the rolled number of jumps along simple paths. A
piece influences every space bordering its own; no piece may enter or pass a
space occupied or influenced by the opponent, nor end on a point of contention
(a space both players influence). Two same-type pieces of one player on
corresponding spaces (180 degrees apart) are connected; holding a Rim, a First
and a Second tier connection at once is Resolution.

Readings worth knowing (the spec's designs): both players roll to begin and the
higher roll starts, rolling afresh for the first move; only under the bonus
rule Conservation of Randomness (``-conservation``) is the opening roll played
as cast (design 13). After Resolution the other player catches up: each roll
(two dice in the Symmetric version, each die able to connect a different
piece) may connect unconnected pieces, and the catch-up goes on while a roll
connects (designs 11, 17). If it completes that player's resolved pattern
too, the scores decide, equal scores drawing (design 18). Under
``-conservation`` in the Eternal version the catch-up's unused dice open the
resolver's next cycle.

Four players (``-players=4``; 2.12 and designs 14 and 16): two Conjunctions, Red
and Blue. Each seat moves one Bard, one Fool and one Herald of its colour and
stripe: Red striped, Blue striped, Blue plain, Red plain, clockwise on screen
from the north (the striped pieces are the east clusters), which is also the
turn order (the rulebook's "turnwise (counter-clockwise)" contradicts its own
definition of turnwise; the spec's clockwise is followed). Influence, points of
contention, connections, Resolution and scores count per colour, so partners
share them and win together (`Outcome.winners`; each seat's score is its
Conjunction's). Readings of our own, where the rules are silent: the opening roll
is one die per seat (``roll:4/2/6/1``), a tie for the highest rolling again;
an Errand's contest die and a Path contender's roll are the other colour's; a
seat moves only its own three pieces; after Resolution the other colour catches
up, played by its next seat in turn order, which may move any unconnected piece
of its colour; in the Eternal game the seat that resolved begins the next cycle.
Not played with four: the Symmetric version (partners rolling together; its
wording is unclear).

The Solipsistic Path with three or four players (design 19): a point of
contention may be challenged once every side (with four, both Conjunctions) has
rolled while it stood, so its maker never on its next turn; a lost contest
passes the die to the contender (with four, the contending colour's next seat,
never the mover's partner), who rolls afresh or under ``-conservation`` moves the
contest die, and play goes on in seat order from there.

Three players (``-players=3``; 2.12, design 15, under-specified in the rules and
to be playtested): the seats are Bards, Fools and Heralds, in that turn order;
each moves the four pieces of its type, both colours', from the usual starting
spaces (where each side's pieces already stand in two opposite, so connected,
pairs on the Rim). Sides are the types: a piece may not enter or pass a space
influenced by another side, and a point of contention is a space two sides
influence. Any two of a side's pieces on corresponding spaces are connected,
and a side resolves holding a First (or ambiguous) and a Second tier connection
at once. Readings of our own: the opening roll is one die each, a tie for the
highest rolling again; an Errand's contest die is rolled by "the others"; a
Path's contender is the first side after the mover in turn order whose pieces
influence the point of contention (the two contest dice are written in seat
order); a Path move (under the default literal ``-sopath``) or a catch-up move
may pass only points of contention its own side is party to, never a space two
other sides contend, which it does not influence (as with two players a space
the opponent alone influences blocks); after a Resolution each other side
catches up in turn (one holding all its connections already is passed over);
the resolver wins unless a catch-up completed another resolved pattern, when the
scores of those resolved decide. Not played by three: the Symmetric and Eternal
versions, ``-nets``, ``-formal`` and ``-pathneed=walled`` (refused with a message).

Notation
    ``14.0-14.1a``        move the piece on 14.0 to 14.1a (Symmetric version:
                          ``14.0-14.1a/3`` names the die used)
    ``roll:4``            a roll; ``roll:4/2`` when both players roll at once
                          (Red's dice first, then Blue's): the opening roll and
                          the Solipsistic Path contest. ``roll:3,5`` is two dice.
    ``errand:1.0b``       request a Significant Errand for the piece on 1.0b
                          (``errand:1.0b/5`` in the Symmetric version: the die
                          contested)
    ``path:2.1a>2.2a``    declare a Solipsistic Path for the piece on 2.1a
                          through the point of contention 2.2a (before rolling)
    ``nopath``            roll normally although a Path could be declared
    ``pass``              decline: no move although an Errand is possible, or
                          stop the post-resolution catch-up

>>> str(KnowMove.parse("14.0-14.1A"))
'14.0-14.1a'
>>> KnowMove.parse("roll:4/2")
KnowMove.parse('roll:4/2')
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import permutations, product
from typing import Any, Iterable, Literal, Mapping

from .base import Game, Outcome
from .errors import AmbiguousMoveError, IllegalMoveError, NotationError, OptionError
from .know_board import BORDERS, SPACE_DATA
from .options import ChoiceOption, FlagOption, IntOption, OptionValue
from .reading import quote

PLAYERS = ("Red", "Blue")
TYPES = ("Bard", "Fool", "Herald")
TYPE_LETTERS = "BFH"
RIM, FIRST, SECOND, CENTER, AMBIGUOUS = "rim", "first", "second", "center", "ambiguous"

# phases: who acts next and how
START = "start"                # chance: both players roll to decide who begins
PREROLL = "preroll"            # decision: declare a Solipsistic Path or roll normally
ROLL = "roll"                  # chance: the turn's roll
MOVE = "move"                  # decision: move a piece (or request an Errand)
ERRAND_ROLL = "errand-roll"    # chance: the opponent's contest roll for an Errand
ERRAND_MOVE = "errand-move"    # decision: the errand piece's move after a won contest
PATH_ROLL = "path-roll"        # chance: both players' contest roll for a Path
PATH_MOVE = "path-move"        # decision: the declared piece's move after a won contest
POST_ROLL = "post-roll"        # chance: the unresolved player's catch-up roll
POST_MOVE = "post-move"        # decision: a connecting catch-up move (or stop)
OVER = "over"
CHANCE_PHASES = frozenset((START, ROLL, ERRAND_ROLL, PATH_ROLL, POST_ROLL))

NEVER = -(10**6)  # "born" turn of points of contention in a set-up position: long ago


# --------------------------------------------------------------------------- board
@dataclass(frozen=True)
class KnowBoard:
    """The 100 spaces: names, colours, tiers, borders, correspondence and rotations."""

    names: tuple[str, ...]
    index: dict[str, int]
    colour: tuple[str, ...]          # "white" / "black"
    tier: tuple[str, ...]            # rim, first, second, center, ambiguous
    wedge: tuple[int, ...]
    quadrant: tuple[int, ...]
    half: tuple[int, ...]            # -1 north (Red's side), +1 south (Blue's), 0 on the east-west axis
    centroid: tuple[tuple[float, float], ...]
    polygon: tuple[tuple[tuple[float, float], ...], ...]
    borders: tuple[tuple[int, ...], ...]
    border_mask: tuple[int, ...]
    corresponds: tuple[int, ...]     # the 180-degree image
    rotations: tuple[tuple[int, int, int], ...]  # images under 90, 180, 270 degrees

    @property
    def size(self) -> int:
        return len(self.names)


def _rotate(name: str, quarter_turns: int) -> str:
    wedge, rest = name.split(".")
    return f"{(int(wedge) + 4 * quarter_turns) % 16}.{rest}"


@lru_cache(maxsize=1)
def board() -> KnowBoard:
    names = tuple(row[0] for row in SPACE_DATA)
    index = {name: i for i, name in enumerate(names)}
    wedges = tuple(int(name.split(".")[0]) for name in names)
    borders = tuple(tuple(index[other] for other in BORDERS[name]) for name in names)
    return KnowBoard(
        names=names,
        index=index,
        colour=tuple("white" if row[1] == "w" else "black" for row in SPACE_DATA),
        tier=tuple(row[2] for row in SPACE_DATA),
        wedge=wedges,
        quadrant=tuple(w // 4 for w in wedges),
        half=tuple(0 if w in (4, 12) else (1 if 4 < w < 12 else -1) for w in wedges),
        centroid=tuple(row[3] for row in SPACE_DATA),
        polygon=tuple(row[4] for row in SPACE_DATA),
        borders=borders,
        border_mask=tuple(sum(1 << j for j in near) for near in borders),
        corresponds=tuple(index[_rotate(name, 2)] for name in names),
        rotations=tuple(tuple(index[_rotate(name, k)] for k in (1, 2, 3)) for name in names),  # type: ignore[misc]
    )


_SPACE_RE = r"([0-9]{1,2})\.([0-3])([a-cA-C]?)"
_MOVE_RE = re.compile(rf"^{_SPACE_RE}\s*-\s*{_SPACE_RE}(?:\s*/\s*([1-6]))?$", re.ASCII)
_ERRAND_RE = re.compile(rf"^errand\s*:\s*{_SPACE_RE}(?:\s*/\s*([1-6]))?$", re.IGNORECASE | re.ASCII)
_PATH_RE = re.compile(rf"^path\s*:\s*{_SPACE_RE}\s*[>-]\s*{_SPACE_RE}$", re.IGNORECASE | re.ASCII)
_ROLL_RE = re.compile(r"^roll\s*:\s*(.*)$", re.IGNORECASE | re.ASCII)


def space_name(wedge: str, tier: str, letter: str) -> str:
    """The canonical name of a space, checked against the board (NotationError if none)."""
    name = f"{int(wedge)}.{tier}{letter.lower()}"
    if name not in board().index:
        raise NotationError(
            f"there is no space {name} on the know board: spaces are named wedge.tier "
            "with a letter where a wedge has several (0.0, 1.0a, 2.2c, 15.3)",
            "off_board",
        )
    return name


# --------------------------------------------------------------------------- moves
@dataclass(frozen=True, slots=True)
class KnowMove:
    """One know event: a piece move, a roll, an Errand request, a Path declaration, nopath or pass.

    `src`/`dst` are space names; `die` names the die used (Symmetric version)
    or contested (Errand); `dice` holds a roll's groups, one per player rolling.
    """

    kind: Literal["move", "roll", "errand", "path", "nopath", "pass"]
    src: str | None = None
    dst: str | None = None
    die: int | None = None
    dice: tuple[tuple[int, ...], ...] = ()

    def __str__(self) -> str:
        suffix = f"/{self.die}" if self.die is not None else ""
        if self.kind == "move":
            return f"{self.src}-{self.dst}{suffix}"
        if self.kind == "roll":
            return "roll:" + "/".join(",".join(str(v) for v in group) for group in self.dice)
        if self.kind == "errand":
            return f"errand:{self.src}{suffix}"
        if self.kind == "path":
            return f"path:{self.src}>{self.dst}"
        return self.kind

    def __repr__(self) -> str:
        return f"KnowMove.parse({str(self)!r})"

    @property
    def values(self) -> tuple[int, ...]:
        """All the dice of a roll, in order."""
        return tuple(v for group in self.dice for v in group)

    @classmethod
    def roll(cls, *groups: int | tuple[int, ...]) -> "KnowMove":
        """``KnowMove.roll(4)``, ``KnowMove.roll(3, 5)`` is one group; ``roll((4,), (2,))`` two."""
        if groups and all(isinstance(g, int) for g in groups):
            return cls("roll", dice=(tuple(groups),))  # type: ignore[arg-type]
        return cls("roll", dice=tuple(tuple(g) if not isinstance(g, int) else (g,) for g in groups))

    @classmethod
    def parse(cls, text: str) -> "KnowMove":
        """Read a move in know notation (see the module docstring); raises NotationError."""
        if not isinstance(text, str):
            raise NotationError(f"a move must be text, not {type(text).__name__}", "notation")
        word = text.strip()
        low = word.lower()
        if low in ("pass", "nopath"):
            return cls(low)  # type: ignore[arg-type]
        roll = _ROLL_RE.match(word)
        if roll:
            return cls("roll", dice=_parse_dice(roll.group(1), text))
        match = _MOVE_RE.match(word)
        if match:
            g = match.groups()
            die = int(g[6]) if g[6] else None
            return cls("move", space_name(*g[0:3]), space_name(*g[3:6]), die)
        match = _ERRAND_RE.match(word)
        if match:
            g = match.groups()
            return cls("errand", space_name(*g[0:3]), None, int(g[3]) if g[3] else None)
        match = _PATH_RE.match(word)
        if match:
            g = match.groups()
            return cls("path", space_name(*g[0:3]), space_name(*g[3:6]))
        if low.startswith(("errand", "path")):
            form = "errand:1.0b (or errand:1.0b/5)" if low.startswith("errand") else "path:2.1a>2.2a"
            raise NotationError(f"{quote(text)} is malformed: write it as {form}", "notation")
        raise NotationError(
            f"{quote(text)} is not a know move: write from-to with space names (14.0-14.1a, "
            "or 14.0-14.1a/3 naming the die), roll:4, errand:1.0b, path:2.1a>2.2a, nopath or pass",
            "notation",
        )


_DICE_RE = re.compile(r"^[1-6](?:\s*,\s*[1-6])?(?:\s*/\s*[1-6](?:\s*,\s*[1-6])?){0,3}$", re.ASCII)


def _parse_dice(body: str, text: str) -> tuple[tuple[int, ...], ...]:
    """The groups of a roll: one to four players, one or two dice each (``4``, ``3,5``, ``4/2``, ``4/2/6/1``)."""
    if not _DICE_RE.match(body.strip()):
        raise NotationError(
            f"{quote(text)}: a roll lists die values 1 to 6, separated by commas, with / between "
            "the players' dice (roll:4, roll:3,5, roll:4/2, four players' opening roll:4/2/6/1)",
            "notation",
        )
    return tuple(tuple(int(v) for v in part.split(",")) for part in body.replace(" ", "").split("/"))


NOPATH = KnowMove("nopath")
PASS = KnowMove("pass")


# --------------------------------------------------------------------------- state
@dataclass(frozen=True, slots=True)
class KnowOptions:
    version: str = "standard"
    eternal: int = 0
    conservation: bool = False
    nets: bool = False
    formal: bool = False
    score: bool = False
    sopath: str = "literal"
    pathneed: str = "any"
    errand: str = "locked"
    limit: int = 0
    players: int = 2

    @property
    def four(self) -> bool:
        """Four players in two Conjunctions (2.12): each seat moves one colour's pieces of one stripe."""
        return self.players == 4

    @property
    def three(self) -> bool:
        """Three players (2.12, design 15): each moves the four pieces of one type, both colours'."""
        return self.players == 3

    @property
    def symmetric(self) -> bool:
        return self.version == "symmetric"

    @property
    def dice_per_turn(self) -> int:
        return 2 if self.symmetric else 1


@dataclass(frozen=True, slots=True)
class KnowState:
    """A know position and where the turn stands.

    `pos[i]` is the space index of piece i: pieces 0-5 are Red's, 6-11 Blue's,
    in the order striped Bard, Bard, striped Fool, Fool, striped Herald, Herald.
    `dice` are the dice in force (not yet used) for the player acting; `kept`
    are dice carried into the next roll (Conservation of Randomness).
    `born[s]` is the turn in which the point of contention on space s arose.
    """

    opts: KnowOptions
    pos: tuple[int, ...]
    phase: str = START
    player: int = 0
    dice: tuple[int, ...] = ()
    kept: tuple[int, ...] = ()
    moved: tuple[int, ...] = ()
    only_type: int = -1
    errand: tuple[int, int] | None = None     # (piece, die) of the Errand in progress
    errand_done: bool = False
    excluded: int = -1                        # the piece that may not move (failed Errand)
    path: tuple[int, int] | None = None       # (piece, point of contention) of the Path in progress
    contest: tuple[int, ...] = ()             # last contest: errand (owner die, opponent die);
                                              # path (mover die, mover bonus, contender die, contender bonus)
    born: tuple[int, ...] = (0,) * 100
    turn: int = 0
    resolved: int | None = None
    cycle: int = 1
    results: tuple[int, ...] = ()             # per finished cycle: winner index, or -1 for a draw
    final: tuple[int, str] | None = None      # (winner or -1, reason) once over
    note: str = ""
    ply: int = 0
    seat: int = 0                             # four players: the seat acting (its colour is `player`)
    resolver_seat: int = -1                   # four players: the seat whose move Resolved
    contender: int = -1                       # the side contesting the Path in progress (or just lost)
    last_turns: tuple[int, ...] = (NEVER,) * 3  # per side (a colour; with three players a type): the turn in
                                              # which it last had its turn, before the one in progress
    catchers: tuple[int, ...] = ()            # three players: the sides still to catch up after this one
    moved_turn: int = 0                       # the turn in which a piece last moved: `turn - moved_turn` turns
                                              # in a row have left every piece where it was (a Path declared
                                              # and lost, or won with no destination open, moves none)
    cycle_began: int = 0                      # the turn in which the cycle in progress began (Eternal version)

    @property
    def idle_turns(self) -> int:
        """How many turns in a row, up to this one, have ended with every piece where it was."""
        return self.turn - self.moved_turn

    def at(self, name: str) -> int | None:
        """The piece index on space `name`, or None."""
        target = board().index[name]
        for i, where in enumerate(self.pos):
            if where == target:
                return i
        return None


def owner(piece: int) -> int:
    return piece // 6


# The side each piece plays for: its colour, or with three players its type (design 15); and each side's pieces
SIDE_OF: dict[bool, tuple[int, ...]] = {False: tuple(i // 6 for i in range(12)),
                                        True: tuple((i % 6) // 2 for i in range(12))}
SIDE_PIECES: dict[bool, tuple[tuple[int, ...], ...]] = {
    three: tuple(tuple(i for i in range(12) if sides[i] == side) for side in range(3 if three else 2))
    for three, sides in SIDE_OF.items()}
THREE_NAMES = ("Bards", "Fools", "Heralds")


def piece_type(piece: int) -> int:
    return (piece % 6) // 2


def striped(piece: int) -> bool:
    return piece % 2 == 0


def partner(piece: int) -> int:
    return piece ^ 1


def piece_code(piece: int) -> str:
    """``B*`` (Red's striped Bard), ``f`` (Blue's plain Fool): Red upper case, Blue lower."""
    letter = TYPE_LETTERS[piece_type(piece)]
    return (letter if owner(piece) == 0 else letter.lower()) + ("*" if striped(piece) else "")


def piece_label(piece: int) -> str:
    return f"{PLAYERS[owner(piece)]}'s {'striped ' if striped(piece) else ''}{TYPES[piece_type(piece)]}"


# Four players (2.12; design 16): seats clockwise on screen from north, each moving the pieces of one colour
# and stripe (the striped pieces are the east clusters, design 14): (colour, striped)
SEATS_4 = ((0, True), (1, True), (1, False), (0, False))
SEAT_NAMES_4 = ("Red striped", "Blue striped", "Blue plain", "Red plain")

START_SPACES = ("2.0", "14.0", "1.0b", "15.0a", "1.0a", "15.0b",
                "6.0", "10.0", "7.0a", "9.0b", "7.0b", "9.0a")
_CODES = {piece_code(i): i for i in range(12)}


# --------------------------------------------------------------------------- analysis
class Snapshot:
    """Masks of one position (100-bit ints): occupied, each player's influence, points of contention."""

    __slots__ = ("occupied", "influence", "others", "poc", "type_influence")

    def __init__(self, pos: tuple[int, ...], three: bool = False) -> None:
        geo = board()
        occupied = 0
        sides = SIDE_OF[three]
        infl = [0, 0, 0] if three else [0, 0]
        per_type = [[0, 0, 0], [0, 0, 0]]
        for i, where in enumerate(pos):
            occupied |= 1 << where
            mask = geo.border_mask[where]
            infl[sides[i]] |= mask
            per_type[i // 6][(i % 6) // 2] |= mask
        self.occupied = occupied
        self.influence = tuple(infl)
        # each side's opponents' influence; points of contention: spaces two sides influence
        self.others = tuple(_union(infl[:k] + infl[k + 1:]) for k in range(len(infl)))
        self.poc = _union(a & b for k, a in enumerate(infl) for b in infl[k + 1:])
        self.type_influence = per_type

    def free_for(self, player: int) -> int:
        """Spaces a piece of `player` (a side: a colour, or with three players a type) may enter under the
        normal rules."""
        return ALL & ~self.occupied & ~self.others[player]


def _union(masks: Iterable[int]) -> int:
    out = 0
    for mask in masks:
        out |= mask
    return out


ALL = (1 << 100) - 1


def reach(start: int, steps: int, mid: int, end: int, first: int | None = None, any_one: bool = False) -> set[int]:
    """Ends of simple paths of exactly `steps` jumps from `start`.

    Spaces passed through must be in the mask `mid`, the last one in `end`;
    with `first`, the first jump must go to that space (which may be outside `mid`).
    With `any_one`, the search stops at the first end found (to learn whether there is one).
    """
    borders = board().borders
    found: set[int] = set()

    def walk(cell: int, left: int, visited: int) -> None:
        for nxt in borders[cell]:
            bit = 1 << nxt
            if visited & bit:
                continue
            if left == 1:
                if end & bit:
                    found.add(nxt)
                    if any_one:
                        return
            elif mid & bit:
                walk(nxt, left - 1, visited | bit)
                if any_one and found:
                    return

    if steps < 1:
        pass
    elif first is None:
        walk(start, steps, 1 << start)
    elif first in borders[start]:
        bit = 1 << first
        if steps == 1:
            if end & bit:
                found.add(first)
        else:
            walk(first, steps - 1, (1 << start) | bit)
    # `walk` refers to itself through its closure: a reference cycle (with `found`) that would live on until
    # the garbage collector's next full collection
    del walk
    return found


def connected_types(pos: tuple[int, ...], player: int) -> list[int]:
    """The piece types (0 Bard, 1 Fool, 2 Herald) that `player` has connected."""
    corr = board().corresponds
    base = 6 * player
    return [t for t in range(3) if corr[pos[base + 2 * t]] == pos[base + 2 * t + 1]]


def connected_pairs(pos: tuple[int, ...], side: int, three: bool = False) -> list[tuple[int, int]]:
    """The connected pairs of `side`'s pieces: two same-type pieces of the side on corresponding spaces
    (with three players any two of the side's four; a space has one correspondent, so pairs never share)."""
    if not three:
        return [(6 * side + 2 * t, 6 * side + 2 * t + 1) for t in connected_types(pos, side)]
    corr = board().corresponds
    mine = SIDE_PIECES[True][side]
    return [(a, b) for k, a in enumerate(mine) for b in mine[k + 1:] if corr[pos[a]] == pos[b]]


def complete(pos: tuple[int, ...], side: int, three: bool = False) -> bool:
    """Whether `side` holds every connection it can (three; with three players, two)."""
    return len(connected_pairs(pos, side, three)) == (2 if three else 3)


def is_connected(pos: tuple[int, ...], piece: int, three: bool = False) -> bool:
    if not three:
        return board().corresponds[pos[piece]] == pos[partner(piece)]
    target = board().corresponds[pos[piece]]
    return any(pos[other] == target for other in SIDE_PIECES[True][SIDE_OF[True][piece]] if other != piece)


def resolved_pattern(pos: tuple[int, ...], player: int, formal: bool = False, three: bool = False) -> bool:
    """True when `player` holds a Rim, a First and a Second tier connection at once.

    Beginners' rule (the published one): an ambiguous corner space counts as
    Rim or First; Center connections never count. `formal` applies the
    unpublished stricter rules (types restricted to tiers, no ambiguous
    spaces, First opposite in colour to Rim, Second the same colour as Rim).
    """
    geo = board()
    if three:  # three players: a First (or ambiguous) tier and a Second tier connection (2.12)
        tiers = [geo.tier[pos[a]] for a, _ in connected_pairs(pos, player, True)]
        return SECOND in tiers and (FIRST in tiers or AMBIGUOUS in tiers)
    types = connected_types(pos, player)
    if len(types) < 3:
        return False
    spaces = [pos[6 * player + 2 * t] for t in types]
    slots = (RIM, FIRST, SECOND)
    for order in permutations(range(3)):
        ok = True
        for slot, k in zip(slots, order):
            tier = geo.tier[spaces[k]]
            if formal:
                allowed = {0: (RIM, FIRST, SECOND), 1: (FIRST, SECOND), 2: (RIM, FIRST)}[types[k]]
                ok = tier == slot and slot in allowed
            else:
                ok = tier == slot or (tier == AMBIGUOUS and slot in (RIM, FIRST))
            if not ok:
                break
        if ok and formal:
            rim, first, second = (geo.colour[spaces[k]] for k in order)
            ok = first != rim and second == rim
        if ok:
            return True
    return False


def score_of(pos: tuple[int, ...], player: int, formal: bool = False, three: bool = False) -> int:
    """The rulebook's optional score: distinct spaces influenced by connected pieces, less
    points of contention, plus 6 for a resolved pattern."""
    geo = board()
    snap = Snapshot(pos, three)
    mask = 0
    for a, b in connected_pairs(pos, player, three):
        mask |= geo.border_mask[pos[a]] | geo.border_mask[pos[b]]
    mask &= ~snap.poc
    return bin(mask).count("1") + (6 if resolved_pattern(pos, player, formal, three) else 0)


def net_block(pos: tuple[int, ...], snap: Snapshot, piece: int) -> int:
    """Nets bonus rule: the opponent influence a piece may NOT pass through.

    A polar net (same-type pieces on spaces 90 degrees apart) lets pieces of
    that type pass spaces influenced by that type; a balanced net (180
    degrees) lets them pass spaces influenced by the other types.
    """
    geo = board()
    kind = piece_type(piece)
    same = [pos[i] for i in range(12) if piece_type(i) == kind]
    polar = balanced = False
    for a in same:
        rot = geo.rotations[a]
        for b in same:
            if b == rot[1]:
                balanced = True
            elif b == rot[0] or b == rot[2]:
                polar = True
    enemy = snap.type_influence[1 - owner(piece)]
    block = 0
    for t in range(3):
        if t == kind and polar:
            continue
        if t != kind and balanced:
            continue
        block |= enemy[t]
    return block


def _born_after(before: tuple[int, ...], after: tuple[int, ...], born: tuple[int, ...], turn: int,
                three: bool = False) -> tuple[int, ...]:
    """`born` with the turn noted for every point of contention (between sides) that `after` has and `before`
    had not."""
    old = Snapshot(before, three).poc
    new = Snapshot(after, three).poc
    arisen = new & ~old
    if not arisen:
        return born
    out = list(born)
    while arisen:
        low = arisen & -arisen
        out[low.bit_length() - 1] = turn
        arisen ^= low
    return tuple(out)


def _possessive(name: str) -> str:
    """``Red's``, ``Bards'`` (the three-player sides are plural)."""
    return name + ("'" if name.endswith("s") else "'s")


def _noted(turns: tuple[int, ...], side: int, turn: int) -> tuple[int, ...]:
    """`turns` (each side's last turn) with `side`'s set to `turn`."""
    return turns[:side] + (turn,) + turns[side + 1:]


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _count(mask: int) -> int:
    return bin(mask).count("1")


# --------------------------------------------------------------------------- game
class KnowGame(Game[KnowState, KnowMove]):
    name = "know"
    title = "know"
    summary = ("Move pieces exactly the roll through uncontested spaces; connect your same-type pieces "
               "across the centre on the Rim, First and Second tiers to Resolve.")
    designer = "Bryan Jurish"
    players = PLAYERS
    player_counts = (2, 3, 4)
    has_chance = True
    playout_options = {"limit": 40}
    OPTIONS = (
        ChoiceOption("version", "standard", ("standard", "symmetric"),
                     "Standard (one die, one piece a turn) or Symmetric (two dice, two pieces of one type)"),
        IntOption("eternal", 0, 0, 99, "Eternal version: the number of cycles to play (0: one ordinary game)"),
        FlagOption("conservation", "bonus rule Conservation of Randomness: every die rolled is moved"),
        FlagOption("nets", "bonus rule Nets: netted pieces converse through influenced spaces"),
        FlagOption("formal", "the unpublished stricter (formal) rules for resolving connections"),
        FlagOption("score", "decide the winner by the optional score instead of by Resolution"),
        ChoiceOption("sopath", "literal", ("literal", "lenient"),
                     "Solipsistic Path: literal (pass points of contention only) or lenient (ignore influence)"),
        ChoiceOption("pathneed", "any", ("any", "walled"),
                     "Solipsistic Path allowed on any eligible point of contention, or only for a walled-in piece"),
        ChoiceOption("errand", "locked", ("locked", "stuck"),
                     "Significant Errand for a piece surrounded (locked) or for any piece with no move (stuck)"),
        IntOption("limit", 0, 0, 100000, "end the game after this many turns, decided by the score (0: no limit)"),
        IntOption("players", 2, 2, 4, "players: 2; 3, each moving the four pieces of one type (Bards, Fools, "
                                      "Heralds); or 4 in two Conjunctions (Red and Blue), each moving one colour's "
                                      "Bard, Fool and Herald of one stripe"),
    )

    def check_options(self, values: Mapping[str, object] | None = None) -> dict[str, OptionValue]:
        checked = super().check_options(values)
        if checked["players"] == 3:
            unsupported = [flag for flag, on in (("-version=symmetric", checked["version"] == "symmetric"),
                                                 ("-eternal", bool(checked["eternal"])), ("-nets", checked["nets"]),
                                                 ("-formal", checked["formal"]),
                                                 ("-pathneed=walled", checked["pathneed"] == "walled")) if on]
            if unsupported:
                raise OptionError(f"{', '.join(unsupported)}: not played by three (the rules give the three-player "
                                  "game only as each player moving one type of piece)", "option_conflict")
        if checked["players"] == 4 and checked["version"] == "symmetric":
            raise OptionError("the Symmetric version is played by two here: its four-player form (partners rolling "
                              "together, Conjunction-initial moves alternating) is unclear; use the Standard version "
                              "with -players=4", "option_conflict")
        return checked

    # -- seats -------------------------------------------------------------------------
    def seat_names(self, state: KnowState) -> tuple[str, ...]:
        return SEAT_NAMES_4 if state.opts.four else THREE_NAMES if state.opts.three else PLAYERS

    def seat_label(self, state: KnowState, seat: int | None = None) -> str:
        """Who acts (the seat; in a two-player game the colour)."""
        if not state.opts.four:
            return self.side_label(state, state.player)
        return SEAT_NAMES_4[state.seat if seat is None else seat]

    def side(self, state: KnowState, piece: int) -> int:
        """The side a piece plays for: its colour, or with three players its type."""
        return SIDE_OF[state.opts.three][piece]

    def side_label(self, state: KnowState, side: int) -> str:
        return THREE_NAMES[side] if state.opts.three else PLAYERS[side]

    def opponent_label(self, state: KnowState) -> str:
        """The opposing side, in words: the other colour; with three players "the others"."""
        return "the others" if state.opts.three else PLAYERS[1 - state.player]

    @staticmethod
    def seats_of(opts: KnowOptions, colour: int) -> tuple[int, ...]:
        """The seats that play `colour` (the colour itself with two players)."""
        if not opts.four:
            return (colour,)
        return tuple(i for i, (c, _) in enumerate(SEATS_4) if c == colour)

    @staticmethod
    def next_seat(opts: KnowOptions, seat: int, colour: int | None = None) -> int:
        """The seat after `seat` in turn order (with `colour`: the next one playing that colour)."""
        if not opts.four:
            return 1 - seat
        for k in range(1, 5):
            nxt = (seat + k) % 4
            if colour is None or SEATS_4[nxt][0] == colour:
                return nxt
        return seat

    # -- options and set-up ----------------------------------------------------------
    def _initial(self, options: dict[str, OptionValue]) -> KnowState:
        opts = KnowOptions(**options)  # type: ignore[arg-type]
        geo = board()
        begins = "and plays it" if opts.conservation else "with a fresh roll"
        who = "Every player rolls one die; the highest roll" if opts.players > 2 else "Both players roll; the higher roll"
        return KnowState(opts, tuple(geo.index[name] for name in START_SPACES),
                         note=f"{who} begins {begins}.")

    def options_of(self, state: KnowState) -> dict[str, OptionValue]:
        o = state.opts
        return {"version": o.version, "eternal": o.eternal, "conservation": o.conservation, "nets": o.nets,
                "formal": o.formal, "score": o.score, "sopath": o.sopath, "pathneed": o.pathneed,
                "errand": o.errand, "limit": o.limit, "players": o.players}

    def position(self, pieces: dict[str, str] | None = None, player: int = 0, *, phase: str = ROLL,
                 dice: Iterable[int] = (), turn: int = 10, options: dict[str, object] | None = None,
                 old_pocs: bool = True, seat: int | None = None) -> KnowState:
        """A set-up position for tests and puzzles.

        `pieces` maps piece codes (``B*``, ``B``, ``F*`` ... for Red, lower case for
        Blue) to space names; pieces left out keep their starting spaces. The
        turn starts at `phase` (ROLL, or MOVE with `dice`); points of contention
        count as old (eligible for a Path) when `old_pocs`. With four players
        `seat` is the seat acting (its colour is the player).
        """
        start = self.new(options)
        geo = board()
        pos = list(start.pos)
        for code, name in (pieces or {}).items():
            if code not in _CODES:
                raise NotationError(f"unknown piece {quote(code)}: use B*, B, F*, F, H*, H (Red), lower case for Blue",
                                    "piece")
            match = re.fullmatch(_SPACE_RE, name.strip()) if isinstance(name, str) else None
            if match is None:
                raise NotationError(f"{quote(name)} is not a space name (examples: 2.0, 1.0b, 15.3)", "notation")
            pos[_CODES[code]] = geo.index[space_name(*match.groups())]
        if len(set(pos)) != 12:
            raise IllegalMoveError("two pieces stand on one space in this set-up", "setup")
        born = (NEVER if old_pocs else turn,) * 100
        if start.opts.four:  # four players: `seat` acts (by default the first seat of `player`'s colour)
            seat = self.seats_of(start.opts, player)[0] if seat is None else seat
            player = SEATS_4[seat][0]
        else:
            seat = player
        last = [NEVER] * 3  # each side's last turn, as if the seats before this one had theirs in turn order
        count = start.opts.players
        for back in range(count, 0, -1):
            earlier = (seat - back) % count
            last[SEATS_4[earlier][0] if start.opts.four else earlier] = turn - back
        state = KnowState(start.opts, tuple(pos), phase=phase, player=player, seat=seat, dice=tuple(dice), born=born,
                          turn=turn, note="set-up position", last_turns=tuple(last), moved_turn=turn,
                          cycle_began=turn)
        if phase == PREROLL or (phase == ROLL and not state.dice):
            return self._begin_turn(state, player, turn, seat=seat)
        return state

    # -- who acts -----------------------------------------------------------------------
    def is_chance(self, state: KnowState) -> bool:
        return state.phase in CHANCE_PHASES

    def to_move(self, state: KnowState) -> int | None:
        if state.phase == OVER or state.phase in CHANCE_PHASES:
            return None
        return state.seat if state.opts.four else state.player

    def dice(self, state: KnowState) -> tuple[int, ...]:
        return tuple(state.dice)

    def roll_shape(self, state: KnowState) -> tuple[int, ...]:
        """How many dice each group of the roll due has (empty when no roll is due)."""
        per = state.opts.dice_per_turn
        if state.phase == START:
            return (per,) * state.opts.players
        if state.phase == ROLL:
            return (per - len(state.kept),)
        if state.phase == PATH_ROLL:
            return (1, 1)
        if state.phase == POST_ROLL:
            return (per,)
        if state.phase == ERRAND_ROLL:
            return (1,)
        return ()

    def roller(self, state: KnowState) -> str:
        """Who rolls now, in words (for a user interface)."""
        if state.phase == START:
            return "all" if state.opts.players > 2 else "both"
        if state.phase == PATH_ROLL:
            return "both"
        if state.phase == ERRAND_ROLL:
            return self.opponent_label(state)
        if state.phase in (ROLL, POST_ROLL):
            return self.seat_label(state)
        return ""

    def random_chance(self, state: KnowState, rng: random.Random) -> KnowMove:
        shape = self.roll_shape(state)
        if not shape:
            raise IllegalMoveError("no roll is due now", "not_chance")
        return KnowMove("roll", dice=tuple(tuple(rng.randrange(1, 7) for _ in range(n)) for n in shape))

    # -- legal moves -------------------------------------------------------------------
    def legal_moves(self, state: KnowState) -> list[KnowMove]:
        phase = state.phase
        if phase == OVER:
            return []
        if phase in CHANCE_PHASES:
            shape = self.roll_shape(state)
            flat = list(product(range(1, 7), repeat=sum(shape)))
            moves = []
            for values in flat:
                groups, k = [], 0
                for n in shape:
                    groups.append(tuple(values[k:k + n]))
                    k += n
                moves.append(KnowMove("roll", dice=tuple(groups)))
            return moves
        if phase == PREROLL:
            return [NOPATH] + [KnowMove("path", board().names[state.pos[p]], board().names[c])
                               for p, c in self.path_options(state)]
        if phase == MOVE:
            moves = self._normal_moves(state)
            errands = self._errand_requests(state)
            if errands and not moves:
                return errands + [PASS]
            return moves + errands
        if phase == ERRAND_MOVE:
            piece, die = state.errand  # type: ignore[misc]
            return self._moves_from(state, piece, self._errand_dests(state, piece, die), die)
        if phase == PATH_MOVE:
            piece, poc = state.path  # type: ignore[misc]
            return self._moves_from(state, piece, self._path_dests(state, piece, poc, state.dice[0]), None)
        if phase == POST_MOVE:
            moves = self._post_moves(state)
            return moves + [PASS] if moves else []
        return []

    def _label(self, state: KnowState, die: int) -> int | None:
        return die if state.opts.symmetric and state.phase in (MOVE, ERRAND_MOVE, POST_MOVE) else None

    def _moves_from(self, state: KnowState, piece: int, dests: Iterable[int], die: int | None) -> list[KnowMove]:
        names = board().names
        label = self._label(state, die) if die is not None else None
        return [KnowMove("move", names[state.pos[piece]], names[d], label) for d in sorted(dests)]

    def own_pieces(self, state: KnowState) -> list[int]:
        """The pieces of the seat acting: its colour's six, or with four players the three of its stripe."""
        mine = SIDE_PIECES[state.opts.three][state.player]
        if state.opts.four:
            stripe = SEATS_4[state.seat][1]
            return [piece for piece in mine if striped(piece) == stripe]
        return list(mine)

    def movable_pieces(self, state: KnowState) -> list[int]:
        """Pieces that may move in a MOVE phase (not moved yet, right type, not excluded)."""
        out = []
        for piece in self.own_pieces(state):
            if piece in state.moved or piece == state.excluded:
                continue
            if state.only_type >= 0 and piece_type(piece) != state.only_type:
                continue
            out.append(piece)
        return out

    def normal_dests(self, state: KnowState, piece: int, die: int, snap: Snapshot | None = None,
                     any_one: bool = False, only: int | None = None) -> set[int]:
        """Where `piece` can go with `die` under the normal rules (with `any_one`: one such space at most;
        with `only`, that space or none)."""
        snap = snap or Snapshot(state.pos, state.opts.three)
        free = snap.free_for(self.side(state, piece))
        mid = free
        if state.opts.nets:
            mid = ALL & ~snap.occupied & ~net_block(state.pos, snap, piece)
        end = free if only is None else free & (1 << only)
        return reach(state.pos[piece], die, mid, end, any_one=any_one or only is not None)

    def _normal_moves(self, state: KnowState) -> list[KnowMove]:
        snap = Snapshot(state.pos, state.opts.three)
        moves = []
        for die in sorted(set(state.dice)):
            for piece in self.movable_pieces(state):
                moves += self._moves_from(state, piece, self.normal_dests(state, piece, die, snap), die)
        return moves

    def _has_normal_move(self, state: KnowState) -> bool:
        """Whether any normal move exists (mandatory movement), stopping at the first one found."""
        snap = Snapshot(state.pos, state.opts.three)
        return any(self.normal_dests(state, piece, die, snap, any_one=True)
                   for die in set(state.dice) for piece in self.movable_pieces(state))

    def locked_out(self, state: KnowState, piece: int, snap: Snapshot | None = None) -> bool:
        """Every bordering space is occupied or influenced by the opponent (so a point of contention)."""
        snap = snap or Snapshot(state.pos, state.opts.three)
        blocked = snap.occupied | snap.others[self.side(state, piece)]
        return board().border_mask[state.pos[piece]] & ~blocked == 0

    def _errand_requests(self, state: KnowState) -> list[KnowMove]:
        if state.errand_done or state.moved:
            return []
        snap = Snapshot(state.pos, state.opts.three)
        names = board().names
        out = []
        for piece in self.movable_pieces(state):
            if state.opts.errand == "locked" and not self.locked_out(state, piece, snap):
                continue
            for die in sorted(set(state.dice)):
                if state.opts.errand == "stuck" and self.normal_dests(state, piece, die, snap):
                    continue
                open_ = ALL & ~snap.occupied
                if reach(state.pos[piece], die, open_, open_):
                    out.append(KnowMove("errand", names[state.pos[piece]], None,
                                        die if state.opts.symmetric else None))
        return out

    def _errand_dests(self, state: KnowState, piece: int, die: int) -> set[int]:
        snap = Snapshot(state.pos, state.opts.three)
        open_ = ALL & ~snap.occupied
        return reach(state.pos[piece], die, open_, snap.free_for(self.side(state, piece)))

    def _path_dests(self, state: KnowState, piece: int, poc: int, die: int) -> set[int]:
        snap = Snapshot(state.pos, state.opts.three)
        me = self.side(state, piece)
        mid = ALL & ~snap.occupied
        if state.opts.sopath == "literal":
            mid &= ~(snap.others[me] & ~snap.influence[me])
        return reach(state.pos[piece], die, mid, snap.free_for(me), first=poc)

    def path_options(self, state: KnowState) -> list[tuple[int, int]]:
        """(piece, point of contention) pairs the player could declare a Solipsistic Path for.

        The point of contention must border the piece, be empty, and have stood
        since before the player's previous roll (so both players rolled while it stood).
        """
        if state.kept or state.resolved is not None:
            return []
        snap = Snapshot(state.pos, state.opts.three)
        if not snap.poc:
            return []
        geo = board()
        out = []
        for piece in self.own_pieces(state):
            near = geo.border_mask[state.pos[piece]] & snap.poc & ~snap.occupied
            if not near:
                continue
            if state.opts.pathneed == "walled" and not self.walled_in(state, piece, snap):
                continue
            for poc in _bits(near):
                if self.path_ripe(state, poc):
                    out.append((piece, poc))
        return out

    def path_ripe(self, state: KnowState, poc: int) -> bool:
        """Whether the point of contention `poc` has stood long enough for a Path (step 1; designs 7 and 19):
        since before the mover's previous roll, so that every side (with four players, each Conjunction) has
        had a turn since it arose. Two players count three turns, the same thing while turns alternate; only
        at an Eternal cycle's start, which the resolver begins, do the two differ, and there the count of
        turns is kept as it always was."""
        born = state.born[poc]
        if state.opts.players == 2:
            return born <= state.turn - 3
        return all(turn > born for turn in state.last_turns[:3 if state.opts.three else 2])

    def walled_in(self, state: KnowState, piece: int, snap: Snapshot | None = None) -> bool:
        """The piece cannot reach the opponent's half through spaces open to it under the normal rules."""
        snap = snap or Snapshot(state.pos, state.opts.three)
        geo = board()
        me = owner(piece)
        goal = 1 if me == 0 else -1
        if geo.half[state.pos[piece]] == goal:
            return False
        free = snap.free_for(me)
        seen = 1 << state.pos[piece]
        frontier = [state.pos[piece]]
        while frontier:
            cell = frontier.pop()
            for nxt in geo.borders[cell]:
                bit = 1 << nxt
                if seen & bit or not free & bit:
                    continue
                if geo.half[nxt] == goal:
                    return False
                seen |= bit
                frontier.append(nxt)
        return True

    def _post_moves(self, state: KnowState) -> list[KnowMove]:
        """Catch-up moves after Resolution: an unconnected piece makes a connection with a die in force,
        passing points of contention but no space influenced by the opponent alone (design 11; in the
        Symmetric version each of the two dice may connect a different piece, design 17)."""
        geo = board()
        moves = []
        for die in sorted(set(state.dice)):
            for piece in SIDE_PIECES[state.opts.three][state.player]:
                for target in sorted(self._post_targets(state, piece, die)):
                    moves.append(KnowMove("move", geo.names[state.pos[piece]], geo.names[target],
                                          self._label(state, die)))
        return moves

    def _post_targets(self, state: KnowState, piece: int, die: int) -> set[int]:
        """The spaces where `piece` connects with `die` in a catch-up move: the spaces corresponding to its
        unconnected partner (with three players, to any unconnected piece of its side)."""
        three = state.opts.three
        if is_connected(state.pos, piece, three):
            return set()
        snap = Snapshot(state.pos, three)
        me = state.player
        mid = ALL & ~snap.occupied & ~(snap.others[me] & ~snap.influence[me])
        free = snap.free_for(me)
        corr = board().corresponds
        partners = ([q for q in SIDE_PIECES[True][me] if q != piece and not is_connected(state.pos, q, True)]
                    if three else [partner(piece)])
        targets = {corr[state.pos[q]] for q in partners}
        targets = {t for t in targets if free >> t & 1}
        return targets & reach(state.pos[piece], die, mid, free) if targets else set()

    # -- parsing and legality ---------------------------------------------------------------
    def parse_move(self, text: str, state: KnowState) -> KnowMove:
        move = KnowMove.parse(text)
        if move.kind not in ("move", "errand") or state.phase in CHANCE_PHASES or state.phase == OVER:
            return move
        # the legal moves with these spaces differ only in the die they name (or name none): check each alone
        legal = [v for v in (KnowMove(move.kind, move.src, move.dst, d) for d in (None, *sorted(set(state.dice))))
                 if self._is_legal(state, v)]
        if move.die is not None:
            if any(m.die == move.die for m in legal):
                return move
            if legal and all(m.die is None for m in legal) and move.die in state.dice:
                return replace(move, die=None)
            return move
        if len(legal) == 1:
            return legal[0]
        if len(legal) > 1:
            raise AmbiguousMoveError(
                f"{quote(text)} fits several moves here; name the die: {', '.join(str(m) for m in legal)}", "ambiguous")
        if state.opts.symmetric and state.phase in (MOVE, ERRAND_MOVE, POST_MOVE) and state.dice:
            return replace(move, die=state.dice[0])
        return move

    def check_legal(self, state: KnowState, move: KnowMove) -> None:
        if state.phase == OVER:
            raise IllegalMoveError(f"{move}: the game is over", "game_over")
        if state.phase in CHANCE_PHASES:
            self._check_roll(state, move)
            return
        if move.kind == "roll":
            raise IllegalMoveError(
                f"{move}: no roll is due; it is {_possessive(self.seat_label(state))} turn to {self._task(state)}",
                "not_chance")
        if not self._is_legal(state, move):
            raise IllegalMoveError(self._why(state, move), "illegal")

    def _is_legal(self, state: KnowState, move: KnowMove) -> bool:
        """Whether `move` is among `legal_moves(state)` in a decision phase, checked for that move alone."""
        phase = state.phase
        geo = board()
        if move.kind == "nopath":
            return phase == PREROLL
        if move.kind == "path":
            if phase != PREROLL or move.src is None or move.dst is None:
                return False
            return (state.at(move.src), geo.index[move.dst]) in self.path_options(state)
        if move.kind == "pass":
            if phase == MOVE:
                return not self._has_normal_move(state) and bool(self._errand_requests(state))
            return phase == POST_MOVE and bool(self._post_moves(state))
        if move.kind == "errand":
            return phase == MOVE and move in self._errand_requests(state)
        if move.kind != "move" or move.src is None or move.dst is None:
            return False
        piece = state.at(move.src)
        if piece is None or self.side(state, piece) != state.player:
            return False
        dst = geo.index[move.dst]
        if phase == MOVE:
            if piece not in self.movable_pieces(state) or move.die not in (
                    state.dice if state.opts.symmetric else (None,)):
                return False
            die = move.die if move.die is not None else state.dice[0]
            return bool(self.normal_dests(state, piece, die, only=dst))
        if phase == ERRAND_MOVE:
            errand_piece, die = state.errand  # type: ignore[misc]
            return (piece == errand_piece and move.die == self._label(state, die)
                    and dst in self._errand_dests(state, piece, die))
        if phase == PATH_MOVE:
            path_piece, poc = state.path  # type: ignore[misc]
            return (piece == path_piece and move.die is None
                    and dst in self._path_dests(state, piece, poc, state.dice[0]))
        if phase == POST_MOVE:
            if move.die not in (state.dice if state.opts.symmetric else (None,)):
                return False
            die = move.die if move.die is not None else state.dice[0]
            return dst in self._post_targets(state, piece, die)
        return False

    def _task(self, state: KnowState) -> str:
        return {PREROLL: "declare a Solipsistic Path or roll (nopath)", MOVE: "move",
                ERRAND_MOVE: "move the errand piece", PATH_MOVE: "move the Path piece",
                POST_MOVE: "make a connecting move or stop (pass)"}.get(state.phase, "move")

    def _check_roll(self, state: KnowState, move: KnowMove) -> None:
        if move.kind != "roll":
            raise IllegalMoveError(
                f"{move}: the dice must be rolled first ({self.roller(state)} to roll, as in "
                f"{self._example_roll(state)})", "roll_due")
        shape = self.roll_shape(state)
        if tuple(len(g) for g in move.dice) != shape:
            raise IllegalMoveError(
                f"{move}: this roll needs {self._describe_shape(state)}, as in {self._example_roll(state)}",
                "roll_shape")

    def _describe_shape(self, state: KnowState) -> str:
        shape = self.roll_shape(state)
        if len(shape) == 2:
            each = "one die" if shape[0] == 1 else "two dice"
            return f"{each} for each player, Red's first then Blue's, separated by /"
        return "one die" if shape[0] == 1 else "two dice"

    def _example_roll(self, state: KnowState) -> str:
        shape = self.roll_shape(state)
        return "roll:" + "/".join(",".join(str(3 + k) for k in range(n)) for n in shape)

    def _why(self, state: KnowState, move: KnowMove) -> str:
        geo = board()
        me = self.seat_label(state)
        if state.phase == PREROLL:
            if move.kind == "path":
                return self._why_path(state, move)
            return f"{move}: first declare a Solipsistic Path (path:...) or roll normally (nopath)"
        if move.kind in ("path", "nopath"):
            return f"{move}: a Solipsistic Path is declared before rolling, and only when one is possible"
        if move.kind == "pass":
            if state.phase == MOVE:
                return "pass: you must move when a move is possible (mandatory movement)"
            return "pass is not possible here"
        piece = state.at(move.src) if move.src else None
        if piece is None:
            return f"{move}: there is no piece on {move.src}"
        if self.side(state, piece) != state.player:
            return (f"{move}: the piece on {move.src} is "
                    f"{_possessive(self.side_label(state, self.side(state, piece)))}; it is {_possessive(me)} turn")
        if state.resolved == state.player:
            return f"{move}: {me} has Resolved; those pieces move no more"
        if state.phase != POST_MOVE and piece not in self.own_pieces(state):
            return self._partners_piece(state, move, piece)
        if move.kind == "errand":
            return self._why_errand(state, move, piece)
        if state.phase == ERRAND_MOVE and state.errand and piece != state.errand[0]:
            return f"{move}: the Errand was won, so the errand piece on {geo.names[state.pos[state.errand[0]]]} must move"
        if state.phase == PATH_MOVE and state.path and piece != state.path[0]:
            return f"{move}: the Path was won, so the piece on {geo.names[state.pos[state.path[0]]]} must move"
        if state.phase == POST_MOVE:
            if is_connected(state.pos, piece, state.opts.three):
                return f"{move}: after Resolution only unconnected pieces move"
            target = " or ".join(geo.names[t] for t in sorted(self._post_targets(state, piece, die))) or (
                geo.names[geo.corresponds[state.pos[partner(piece)]]])
            if move.dst != target:
                return f"{move}: a catch-up move must make a connection ({piece_label(piece)} must go to {target})"
            die = move.die if move.die is not None else state.dice[0]
            if die not in state.dice:
                return f"{move}: no die in force shows {die} (dice: {', '.join(map(str, state.dice))})"
            return f"{move}: no path of exactly {die} jumps reaches {target}"
        if piece in state.moved:
            return f"{move}: that piece already moved this turn (two different pieces move)"
        if piece == state.excluded:
            return f"{move}: that piece lost its Errand contest, so some other piece must move"
        if state.only_type >= 0 and piece_type(piece) != state.only_type:
            return (f"{move}: the second piece must be a {TYPES[state.only_type]} like the first, "
                    "since the first move made no connection")
        die = move.die if move.die is not None else (state.dice[0] if state.dice else 0)
        if die not in state.dice:
            return f"{move}: no die in force shows {die} (dice: {', '.join(map(str, state.dice))})"
        dst = geo.index[move.dst or ""]
        snap = Snapshot(state.pos, state.opts.three)
        bit = 1 << dst
        if snap.occupied & bit:
            return f"{move}: {move.dst} is occupied"
        if snap.poc & bit:
            return f"{move}: no piece may end on a point of contention ({move.dst})"
        if snap.others[state.player] & bit:
            return f"{move}: {move.dst} is influenced by {self.opponent_label(state)} (it borders an opposing piece)"
        if state.phase == ERRAND_MOVE:
            return f"{move}: no path of exactly {die} jumps reaches {move.dst} avoiding occupied spaces"
        if state.phase == PATH_MOVE:
            return (f"{move}: no path of exactly {die} jumps into {geo.names[state.path[1]]} "  # type: ignore[index]
                    f"and on to {move.dst}")
        return (f"{move}: no path of exactly {die} jumps reaches {move.dst} without entering occupied "
                f"or {self.opponent_label(state)}-influenced spaces (no space twice)")

    def _partners_piece(self, state: KnowState, move: KnowMove, piece: int) -> str:
        """Four players: the piece is the partner's (same colour, other stripe), which only its own seat moves."""
        theirs = SEAT_NAMES_4[SEATS_4.index((owner(piece), striped(piece)))]
        stripe = "striped" if SEATS_4[state.seat][1] else "plain"
        return (f"{move}: the piece on {move.src} is {_possessive(theirs)}; partners move only their own pieces, "
                f"{self.seat_label(state)} its {stripe} Bard, Fool and Herald (a Conjunction's pieces are shared "
                "only in the catch-up after Resolution)")

    def _why_errand(self, state: KnowState, move: KnowMove, piece: int) -> str:
        if state.phase != MOVE:
            return f"{move}: an Errand is requested right after the roll"
        if state.moved:
            return f"{move}: an Errand must be requested before moving any piece"
        if state.errand_done:
            return f"{move}: an Errand was already requested this turn"
        if state.opts.symmetric and move.die is None:
            return f"{move}: name the die to contest, as in {move}/{state.dice[0]}"
        die = move.die if move.die is not None else state.dice[0]
        if die not in state.dice:
            return f"{move}: no die in force shows {die}"
        if state.opts.errand == "locked" and not self.locked_out(state, piece):
            return f"{move}: that piece is not locked out (some bordering space is open to it)"
        if state.opts.errand == "stuck" and self.normal_dests(state, piece, die):
            return f"{move}: that piece can move normally with {die}"
        return f"{move}: even ignoring influence, that piece cannot make exactly {die} jumps"

    def _why_path(self, state: KnowState, move: KnowMove) -> str:
        geo = board()
        piece = state.at(move.src or "")
        if piece is None or self.side(state, piece) != state.player:
            return f"{move}: there is no piece of {self.seat_label(state)} on {move.src}"
        if piece not in self.own_pieces(state):
            return self._partners_piece(state, move, piece)
        poc = geo.index[move.dst or ""]
        snap = Snapshot(state.pos, state.opts.three)
        if not snap.poc >> poc & 1:
            return f"{move}: {move.dst} is not a point of contention"
        if poc not in geo.borders[state.pos[piece]]:
            return f"{move}: {move.dst} does not border {move.src}; the first jump must go into it"
        if snap.occupied >> poc & 1:
            return f"{move}: {move.dst} is occupied"
        if not self.path_ripe(state, poc):
            every = "both players" if state.opts.players == 2 else (
                "both Conjunctions" if state.opts.four else "every player")
            return (f"{move}: the point of contention {move.dst} must have stood for a roll of {every} "
                    "before a Path may be declared through it")
        if state.opts.pathneed == "walled":
            return f"{move}: that piece can still reach the far half under the normal rules"
        return f"{move}: not a possible Solipsistic Path"

    # -- applying ------------------------------------------------------------------------
    def _apply(self, state: KnowState, move: KnowMove) -> KnowState:
        after = self._apply_move(state, move)
        if after.pos != state.pos:
            after = replace(after, moved_turn=after.turn)
        return after

    def _apply_move(self, state: KnowState, move: KnowMove) -> KnowState:
        state = replace(state, ply=state.ply + 1)
        phase = state.phase
        if phase == START:
            return self._apply_start(state, move)
        if phase == ROLL:
            dice = state.kept + move.values
            rolled = f"{self.seat_label(state)} rolls {', '.join(map(str, dice))}"
            return self._enter_move(replace(state, phase=MOVE, dice=dice, kept=(), note=rolled))
        if phase == PREROLL:
            if move.kind == "nopath":
                return replace(state, phase=ROLL, note=f"{self.seat_label(state)} rolls")
            piece, poc = state.at(move.src or ""), board().index[move.dst or ""]
            return replace(state, phase=PATH_ROLL, path=(piece, poc),  # type: ignore[arg-type]
                           contender=self.contender_of(state, poc),
                           note=f"{self.seat_label(state)} declares a Solipsistic Path through {move.dst}")
        if phase == PATH_ROLL:
            return self._apply_path_contest(state, move)
        if phase == ERRAND_ROLL:
            return self._apply_errand_contest(state, move)
        if phase == POST_ROLL:
            state = replace(state, phase=POST_MOVE, dice=move.values, moved=())
            rolled = f"{self.seat_label(state)} rolls {', '.join(map(str, move.values))}"
            if not self._post_moves(state):
                return self._catch_up_done(state, f"{rolled}: no connection is possible, its catch-up ends",
                                       leftover=state.dice)
            return replace(state, note=f"{rolled} after Resolution")
        if move.kind == "pass":
            if phase == POST_MOVE:
                return self._catch_up_done(state, f"{self.seat_label(state)} stops the catch-up",
                                           leftover=state.dice)
            return self._end_turn(state, f"{self.seat_label(state)} passes")
        if move.kind == "errand":
            piece = state.at(move.src or "")
            die = move.die if move.die is not None else state.dice[0]
            return replace(state, phase=ERRAND_ROLL, errand=(piece, die), errand_done=True,  # type: ignore[arg-type]
                           note=f"{self.seat_label(state)} requests a Significant Errand for the piece on "
                                f"{move.src} with {die}; {self.opponent_label(state)} rolls")
        return self._apply_piece_move(state, move)

    def _apply_start(self, state: KnowState, move: KnowMove) -> KnowState:
        """The opening roll: the higher roll begins. Only under Conservation of Randomness is that roll
        played as cast; otherwise the starter rolls afresh for the first move (design 13)."""
        if state.opts.players > 2:  # one die each: the highest begins, a tie for the highest rolls again
            totals = [sum(group) for group in move.dice]
            high = max(totals)
            if totals.count(high) > 1:
                return replace(state, note=f"a tie for the highest roll ({high}): everyone rolls again")
            seat = totals.index(high)
            first, dice = (SEATS_4[seat][0] if state.opts.four else seat), move.dice[seat]
            won = f"{self.seat_names(state)[seat]} rolled highest ({high})"
        else:
            red, blue = move.dice
            if sum(red) == sum(blue):
                return replace(state, note=f"both rolled {sum(red)}: roll again")
            first = seat = 0 if sum(red) > sum(blue) else 1
            dice = red if first == 0 else blue
            won = f"{PLAYERS[first]} rolled higher ({sum(red)} to {sum(blue)})"
        if not state.opts.conservation:
            return self._begin_turn(replace(state, note=f"{won} and begins with a fresh roll"), first, 0, seat=seat)
        state = replace(state, phase=MOVE, player=first, seat=seat, dice=dice, turn=0,
                        note=f"{won} and begins with {', '.join(map(str, dice))}")
        return self._enter_move(state)

    def _apply_path_contest(self, state: KnowState, move: KnowMove) -> KnowState:
        piece, poc = state.path  # type: ignore[misc]
        mover = state.player
        rival = self.contender_of(state, poc)
        first, second = sorted((mover, rival))  # the two dice in seat (side) order: Red's first
        rolls = {first: move.dice[0][0], second: move.dice[1][0]}
        bonus = {p: self.path_bonus(state, p, poc) for p in (mover, rival)}
        m, c = rolls[mover] + bonus[mover], rolls[rival] + bonus[rival]
        contest = (rolls[mover], bonus[mover], rolls[rival], bonus[rival])
        name, rival_name = self.side_label(state, mover), self.side_label(state, rival)
        text = f"Path contest: {name} {rolls[mover]}+{bonus[mover]}={m}, {rival_name} {rolls[rival]}+{bonus[rival]}={c}"
        if m == c:
            return replace(state, contest=contest, note=text + ": level, both roll again")
        if c > m:  # the die passes to the contender, and play goes on in seat order from there (design 19)
            kept = (rolls[rival],) if state.opts.conservation else ()
            lost = replace(state, contest=contest, path=None)
            return self._end_turn(lost, text + f": {_possessive(name)} turn is forfeit", kept=kept, to=rival)
        state = replace(state, phase=PATH_MOVE, dice=(rolls[mover],), contest=contest)
        if not self._path_dests(state, piece, poc, rolls[mover]):
            return self._end_turn(replace(state, path=None),
                                  text + ": won, but no destination is open, so the turn is forfeit")
        return replace(state, note=text + f": {name} moves {rolls[mover]} through {board().names[poc]}")

    def contender_of(self, state: KnowState, poc: int) -> int:
        """The side contesting a Path through `poc`: the other colour; with three players the first side
        after the mover in turn order whose pieces influence it."""
        if not state.opts.three:
            return 1 - state.player
        snap = Snapshot(state.pos, True)
        for k in (1, 2):
            side = (state.player + k) % 3
            if snap.influence[side] >> poc & 1:
                return side
        return (state.player + 1) % 3

    def path_bonus(self, state: KnowState, player: int, poc: int) -> int:
        """Spaces influenced by `player`'s pieces that influence `poc`, less points of contention."""
        geo = board()
        snap = Snapshot(state.pos, state.opts.three)
        mask = 0
        for piece in SIDE_PIECES[state.opts.three][player]:
            if poc in geo.borders[state.pos[piece]]:
                mask |= geo.border_mask[state.pos[piece]]
        return _count(mask & ~snap.poc)

    def _apply_errand_contest(self, state: KnowState, move: KnowMove) -> KnowState:
        piece, die = state.errand  # type: ignore[misc]
        theirs = move.values[0]
        contest = (die, theirs)
        me, them = self.seat_label(state), self.opponent_label(state)
        if theirs == die:
            return replace(state, contest=contest, note=f"{them} also rolled {die}: {them} rolls again")
        if theirs > die:
            lost = replace(state, phase=MOVE, errand=None, excluded=piece, contest=contest,
                           note=f"{them} rolled {theirs} against {die}: the Errand fails, {me} moves another piece")
            return self._enter_move(lost)
        won = replace(state, phase=ERRAND_MOVE, contest=contest,
                      note=f"{them} rolled {theirs} against {die}: the Errand is granted")
        if not self._errand_dests(won, piece, die):
            return self._enter_move(replace(won, phase=MOVE, errand=None, excluded=piece,
                                            note=won.note + ", but no destination is open: another piece moves"))
        return won

    def _apply_piece_move(self, state: KnowState, move: KnowMove) -> KnowState:
        geo = board()
        piece = state.at(move.src or "")
        assert piece is not None
        dst = geo.index[move.dst or ""]
        pos = list(state.pos)
        pos[piece] = dst
        new_pos = tuple(pos)
        born = _born_after(state.pos, new_pos, state.born, state.turn, state.opts.three)
        phase = state.phase
        if phase == POST_MOVE:
            left = list(state.dice)
            left.remove(move.die if move.die is not None else state.dice[0])
            state = replace(state, pos=new_pos, born=born, dice=tuple(left), moved=state.moved + (piece,),
                            note=f"{self.seat_label(state)} connects {move}")
            if complete(new_pos, state.player, state.opts.three):
                done = "both connections" if state.opts.three else "three connections"
                return self._catch_up_done(state, state.note + f", completing {done}", leftover=state.dice)
            if left and self._post_moves(state):
                return state  # the other die may connect another piece
            return replace(state, phase=POST_ROLL, dice=(), moved=())  # this roll connected: roll again
        if phase == ERRAND_MOVE or phase == MOVE:
            die = state.errand[1] if phase == ERRAND_MOVE else (  # type: ignore[index]
                move.die if move.die is not None else state.dice[0])
        else:
            die = state.dice[0]
        dice = list(state.dice)
        dice.remove(die)
        state = replace(state, pos=new_pos, born=born, dice=tuple(dice), moved=state.moved + (piece,),
                        errand=None, path=None, note=f"{self.seat_label(state)} moves {move}")
        if resolved_pattern(new_pos, state.player, state.opts.formal, state.opts.three):
            return self._resolve(state)
        if dice and phase in (MOVE, ERRAND_MOVE):
            only = -1 if is_connected(new_pos, piece, state.opts.three) else piece_type(piece)
            return self._enter_move(replace(state, phase=MOVE, only_type=only))
        return self._end_turn(state, state.note)

    # -- turn flow -------------------------------------------------------------------------
    def _enter_move(self, state: KnowState) -> KnowState:
        """Stay in the MOVE phase if anything can be done, else the turn passes."""
        if self._has_normal_move(state) or self._errand_requests(state):
            return state
        if state.moved:
            return self._end_turn(state, state.note + "; no move for the other die")
        return self._end_turn(state, state.note + ": no move is possible, the turn passes")

    def _end_turn(self, state: KnowState, note: str, kept: tuple[int, ...] = (), to: int | None = None) -> KnowState:
        """The turn passes on to the next seat in turn order (with four, clockwise: design 16), or `to` a side:
        after a lost Path, the die passes to the contender (with four, the contending colour's next seat) and
        play goes on in seat order from there (design 19). `kept` dice (under -conservation the contest die)
        are that seat's to move."""
        state = replace(state, note=note, last_turns=_noted(state.last_turns, state.player, state.turn))
        if state.opts.four:
            seat = self.next_seat(state.opts, state.seat, to)
            return self._begin_turn(state, SEATS_4[seat][0], state.turn + 1, kept, seat=seat)
        side = (state.player + 1) % state.opts.players if to is None else to
        return self._begin_turn(state, side, state.turn + 1, kept)

    def _begin_turn(self, state: KnowState, player: int, turn: int, kept: tuple[int, ...] = (),
                    kept_words: str = "the contest roll", seat: int | None = None) -> KnowState:
        """Start `player`'s turn (with four players, `seat`'s); `kept` dice (Conservation of Randomness) are
        played before any new roll."""
        opts = state.opts
        fresh = replace(state, player=player, seat=player if seat is None else seat, turn=turn, dice=(), kept=(),
                        moved=(), only_type=-1, errand=None, errand_done=False, excluded=-1, path=None, contender=-1)
        if opts.limit and turn >= opts.limit:
            return self._finish(fresh, None, f"the turn limit ({opts.limit}) is reached")
        if kept:
            if len(kept) >= opts.dice_per_turn:
                moving = replace(fresh, phase=MOVE, dice=kept,
                                 note=state.note + f"; {self.seat_label(fresh)} moves {kept_words} "
                                                   f"{', '.join(map(str, kept))}")
                return self._enter_move(moving)
            return replace(fresh, phase=ROLL, kept=kept,
                           note=state.note + f"; {self.seat_label(fresh)} keeps {kept_words} {kept[0]}")
        fresh = replace(fresh, phase=PREROLL)
        if self.path_options(fresh):
            return fresh
        return replace(fresh, phase=ROLL)

    def _resolve(self, state: KnowState) -> KnowState:
        me = state.player
        state = replace(state, resolved=me, resolver_seat=state.seat,
                        last_turns=_noted(state.last_turns, me, state.turn),
                        note=state.note + f": {self.side_label(state, me)} has Resolved")
        if state.opts.three:  # each other side catches up in turn (design 15's reading)
            return self._next_catch_up(replace(state, catchers=((me + 1) % 3, (me + 2) % 3)))
        other = 1 - me
        if len(connected_types(state.pos, other)) == 3:
            return self._end_cycle(state, state.note + f"; {PLAYERS[other]} already has three connections")
        # the other colour catches up (with four players, played by its next seat, moving any of the
        # colour's unconnected pieces: connections count per Conjunction)
        seat = self.next_seat(state.opts, state.seat, other)
        return replace(state, phase=POST_ROLL, player=other, seat=seat, dice=(), moved=(), only_type=-1,
                       excluded=-1, note=state.note + f"; {PLAYERS[other]} rolls to catch up")

    def _next_catch_up(self, state: KnowState, leftover: tuple[int, ...] = ()) -> KnowState:
        """Three players: the next side still to catch up rolls (one whose connections are all made
        already is passed over); with none left the cycle ends."""
        catchers = state.catchers
        while catchers and complete(state.pos, catchers[0], True):
            state = replace(state, note=state.note + f"; {THREE_NAMES[catchers[0]]} already hold both connections")
            catchers = catchers[1:]
        if not catchers:
            return self._end_cycle(replace(state, catchers=()), state.note, leftover)
        side = catchers[0]
        return replace(state, phase=POST_ROLL, player=side, seat=side, catchers=catchers[1:], dice=(), moved=(),
                       only_type=-1, excluded=-1, note=state.note + f"; {THREE_NAMES[side]} roll to catch up")

    def _catch_up_done(self, state: KnowState, note: str, leftover: tuple[int, ...] = ()) -> KnowState:
        """A catch-up sequence ends: the next side's begins (three players), else the cycle ends."""
        if state.opts.three:
            return self._next_catch_up(replace(state, note=note), leftover)
        return self._end_cycle(state, note, leftover=leftover)

    def cycle_winner(self, state: KnowState) -> tuple[int | None, str]:
        """Who wins the cycle now ending (after Resolution and the catch-up).

        The resolver wins, unless the catch-up completed the other player's resolved pattern too: then
        the scores decide, both carrying the Resolution bonus, and equal scores are a draw (design 18).
        Without a resolver (turn limit) or under -score, the scores decide.
        """
        if state.opts.three:
            return self._three_winner(state)
        resolver = state.resolved
        scores = (score_of(state.pos, 0, state.opts.formal), score_of(state.pos, 1, state.opts.formal))
        both = ""
        if not state.opts.score and resolver is not None:
            other = 1 - resolver
            if not resolved_pattern(state.pos, other, state.opts.formal):
                return resolver, f"{PLAYERS[resolver]} Resolved"
            both = f"both Resolved ({PLAYERS[other]} in the catch-up), so the scores decide: "
        if scores[0] == scores[1]:
            return None, f"{both}level on score, {scores[0]} each"
        best = 0 if scores[0] > scores[1] else 1
        return best, f"{both}{PLAYERS[best]} scores {max(scores)} to {min(scores)}"

    def _three_winner(self, state: KnowState) -> tuple[int | None, str]:
        """Three players: the resolver wins, unless a catch-up completed another resolved pattern too; then
        the scores of those resolved decide (a tie for the best draws); without a resolver (turn limit) or
        under -score, every side's score decides."""
        resolver = state.resolved
        scores = [score_of(state.pos, side, False, True) for side in range(3)]
        contenders, why = [0, 1, 2], ""
        if not state.opts.score and resolver is not None:
            also = [side for side in range(3) if side != resolver and resolved_pattern(state.pos, side, False, True)]
            if not also:
                return resolver, f"{THREE_NAMES[resolver]} Resolved"
            contenders = [resolver, *also]
            why = (f"{' and '.join(THREE_NAMES[s] for s in also)} also Resolved in the catch-up, so the scores "
                   "decide: ")
        best = max(scores[s] for s in contenders)
        top = [s for s in contenders if scores[s] == best]
        listed = ", ".join(f"{THREE_NAMES[s]} {scores[s]}" for s in contenders)
        if len(top) > 1:
            return None, f"{why}level on score ({listed})"
        return top[0], f"{why}{THREE_NAMES[top[0]]} score best ({listed})"

    def _end_cycle(self, state: KnowState, note: str, leftover: tuple[int, ...] = ()) -> KnowState:
        """End the cycle (the game unless Eternal). `leftover`: dice of the catch-up left unused, which
        the resolver plays first in the next cycle under Conservation of Randomness (2.12)."""
        winner, why = self.cycle_winner(state)
        results = state.results + (-1 if winner is None else winner,)
        state = replace(state, results=results, note=note)
        opts = state.opts
        if not opts.eternal:
            return self._finish(state, winner, why)
        if len(results) >= opts.eternal:
            return self._finish(state, None, f"{len(results)} cycles played")
        # next cycle: striped pieces change places, bard for bard, fool for fool, herald for herald
        pos = list(state.pos)
        for t in range(3):
            a, b = 2 * t, 6 + 2 * t
            pos[a], pos[b] = pos[b], pos[a]
        new_pos = tuple(pos)
        born = _born_after(state.pos, new_pos, state.born, state.turn, state.opts.three)
        first = state.resolved if state.resolved is not None else 1 - state.player
        if opts.four:  # the seat that resolved begins, else the next seat of the other colour
            seat = state.resolver_seat if state.resolved is not None else self.next_seat(opts, state.seat, first)
        else:
            seat = first
        nxt = replace(state, pos=new_pos, born=born, resolved=None, resolver_seat=-1, cycle=state.cycle + 1,
                      cycle_began=state.turn + 1,
                      note=note + f"; cycle {state.cycle}: {why}. The striped pieces change places; "
                                  f"{SEAT_NAMES_4[seat] if opts.four else PLAYERS[first]} begins cycle "
                                  f"{state.cycle + 1}")
        kept = leftover[:opts.dice_per_turn] if opts.conservation and state.resolved is not None else ()
        return self._begin_turn(nxt, first, state.turn + 1, kept, "the catch-up's unused roll", seat=seat)

    def _finish(self, state: KnowState, winner: int | None, why: str) -> KnowState:
        opts = state.opts
        if opts.eternal:
            wins = (state.results.count(0), state.results.count(1))
            if wins[0] != wins[1]:
                best = 0 if wins[0] > wins[1] else 1
                winner, why = best, f"{why}; {PLAYERS[best]} won {max(wins)} cycles to {min(wins)}"
            else:
                winner, score_why = self.cycle_winner(replace(state, resolved=None))
                why = f"{why}; cycles level at {wins[0]} each, {score_why}"
        elif state.resolved is None:
            winner, score_why = self.cycle_winner(state)
            why = f"{why}; {score_why}"
        reason = why
        return replace(state, phase=OVER, dice=(), final=(-1 if winner is None else winner, reason),
                       note=(state.note + "; " if state.note else "") + "game over: " + reason)

    # -- results -----------------------------------------------------------------------------
    def outcome(self, state: KnowState) -> Outcome | None:
        if state.final is None:
            return None
        winner, reason = state.final
        if winner < 0:
            return Outcome(None, reason)
        if state.opts.four:  # the Conjunction wins: both its seats
            seats = self.seats_of(state.opts, winner)
            return Outcome(seats[0], reason, winners=seats)
        return Outcome(winner, reason)

    def scores(self, state: KnowState) -> tuple[int, ...]:
        """Each player's score (2.11); with four players each seat has its Conjunction's."""
        if state.opts.three:
            return tuple(score_of(state.pos, side, False, True) for side in range(3))
        colours = (score_of(state.pos, 0, state.opts.formal), score_of(state.pos, 1, state.opts.formal))
        if state.opts.four:
            return tuple(colours[colour] for colour, _ in SEATS_4)
        return colours

    def leader(self, state: KnowState) -> int | None:
        result = self.outcome(state)
        if result is not None:
            return result.winner
        if state.resolved is not None and not state.opts.score:
            return self.seats_of(state.opts, state.resolved)[0]
        if state.opts.four:  # the Conjunction with the higher score: its first seat
            red, blue = (score_of(state.pos, 0, state.opts.formal), score_of(state.pos, 1, state.opts.formal))
            return None if red == blue else self.seats_of(state.opts, 0 if red > blue else 1)[0]
        return super().leader(state)

    # -- presentation ---------------------------------------------------------------------
    def render_text(self, state: KnowState) -> str:
        geo = board()
        snap = Snapshot(state.pos, state.opts.three)
        at = {where: piece for piece, where in enumerate(state.pos)}
        lines = [f"know, {state.opts.version} version; {self._status(state)}"]
        for w in range(16):
            cells = []
            for i in range(geo.size):
                if geo.wedge[i] != w:
                    continue
                mark = piece_code(at[i]) if i in at else ("x" if snap.poc >> i & 1 else ".")
                cells.append(f"{geo.names[i]:>5} {mark:<2}")
            lines.append("  ".join(cells))
        lines.append("x: point of contention. Red upper case, Blue lower case, * striped; B Bard, F Fool, H Herald")
        if state.opts.players > 2:
            lines.append("Players in turn order: " + ", ".join(self.seat_names(state)))
        return "\n".join(lines)

    def _status(self, state: KnowState) -> str:
        if state.phase == OVER:
            return "game over: " + (state.final[1] if state.final else "")
        if state.phase in CHANCE_PHASES:
            return f"{self.roller(state)} to roll ({self._describe_shape(state)})"
        dice = f" with {', '.join(map(str, state.dice))}" if state.dice else ""
        return f"{self.seat_label(state)} to {self._task(state)}{dice}"

    def influence(self, state: KnowState) -> dict[str, list[str]]:
        """Spaces each player influences and the points of contention, by name."""
        snap = Snapshot(state.pos, state.opts.three)
        names = board().names
        sides = {self.side_label(state, side): [names[i] for i in _bits(mask)]
                 for side, mask in enumerate(snap.influence)}
        return {**sides, "contention": [names[i] for i in _bits(snap.poc)]}

    def details(self, state: KnowState) -> dict[str, Any]:
        geo = board()
        three = state.opts.three
        sides = SIDE_PIECES[three]
        legal = self.legal_moves(state) if state.phase not in CHANCE_PHASES else []
        movable = sorted({m.src for m in legal if m.kind == "move" and m.src})
        winner = self.leader(state)
        return {
            "phase": state.phase,
            "to_act": self.roller(state) if state.phase in CHANCE_PHASES else (
                self.seat_label(state) if state.phase != OVER else None),
            "roll_due": self._describe_shape(state) if state.phase in CHANCE_PHASES else None,
            "dice": list(state.dice),
            "kept_dice": list(state.kept),
            "turn": state.turn,
            "cycle": state.cycle,
            "cycle_results": ["draw" if r < 0 else self.side_label(state, r) for r in state.results],
            "pieces": {piece_code(i): geo.names[where] for i, where in enumerate(state.pos)},
            "influence": self.influence(state),
            "connections": {self.side_label(state, p): [f"{TYPES[piece_type(a)]} {geo.names[state.pos[a]]}"
                                                        f"~{geo.names[state.pos[b]]}"
                                                        for a, b in connected_pairs(state.pos, p, three)]
                            for p in range(len(sides))},
            "resolved_pattern": {self.side_label(state, p): resolved_pattern(state.pos, p, state.opts.formal, three)
                                 for p in range(len(sides))},
            "resolved": None if state.resolved is None else self.side_label(state, state.resolved),
            "scores": dict(zip(self.seat_names(state), self.scores(state))),
            "leader": None if winner is None else self.seat_names(state)[winner],
            "movable": movable,
            "errand_offers": [str(m) for m in legal if m.kind == "errand"],
            "path_offers": [str(m) for m in legal if m.kind == "path"],
            "errand": None if state.errand is None else {"piece": geo.names[state.pos[state.errand[0]]],
                                                         "die": state.errand[1]},
            "path": None if state.path is None else {"piece": geo.names[state.pos[state.path[0]]],
                                                     "contention": geo.names[state.path[1]]},
            "contest": list(state.contest),
            "only_type": None if state.only_type < 0 else TYPES[state.only_type],
            "note": state.note,
            **({"seat": None if state.phase == OVER else SEAT_NAMES_4[state.seat],
                "seats": {name: [piece_code(i) for i in range(12) if (owner(i), striped(i)) == SEATS_4[k]]
                          for k, name in enumerate(SEAT_NAMES_4)}} if state.opts.four else {}),
        }


KNOW = KnowGame()
