"""An independent brute-force Savoy turn generator, used to check game/rules/savoy.py.

It shares no code with the rules module: the board comes straight from the spec's
savoy_board.json (its ray lists), stacks are lists of colours, and a turn is
built by trying every order of pieces and dice, walking each trip die by die and
checking every stop against the board *as it is at that moment*, then applying
the trip for real. The filters (board must change, most pips, a win ends the turn)
are applied at the end, exactly as the seed words them.
"""

from __future__ import annotations

from itertools import permutations

from reference_stacks import can_land, free_pieces, frozen, parse_layout
from shared_data import shared_json

BOARD = shared_json("savoy_board.json")
REF_RAYS = {name: [ray["cells"] for ray in cell["rays"]] for name, cell in BOARD["cells"].items()}
REF_HOMES = {"R": set(BOARD["homes"]["R"]), "L": set(BOARD["homes"]["L"])}


def all_home(board: dict[str, list[str]], me: str, pinned_away: bool = False) -> bool:
    for cell, stack in board.items():
        for i, colour in enumerate(stack):
            if colour == me:
                pinned = i < len(stack) - 1 and stack[-1] != me
                if cell not in REF_HOMES[me] or (pinned and pinned_away):
                    return False
    return True


def reference_turns(layout: str, me: str, dice: tuple[int, ...], mode: str = "checked",
                    pinned_away: bool = False) -> set[tuple]:
    """The legal turns as a set of sorted tuples of (src, dst, first cell, steps) trips."""
    if len(dice) == 2 and dice[0] == dice[1]:
        dice = dice * 2
    start = parse_layout(layout)
    start_key = frozen(start)
    results: dict[tuple, tuple[int, bool]] = {}
    seen: set[tuple] = set()

    def walk(board, moved, remaining, trips):
        key = (frozen(board), tuple(sorted(moved.items())), tuple(sorted(remaining)), tuple(sorted(trips)))
        if key in seen:
            return
        seen.add(key)
        if trips:
            changed = frozen(board) != start_key
            if changed:
                results[tuple(sorted(trips))] = (sum(t[3] for t in trips), all_home(board, me, pinned_away))
            if changed and all_home(board, me, pinned_away):
                return  # the game is won: the remaining dice lapse
        if not remaining:
            return
        for cell in list(board):
            available = free_pieces(board, cell, me)
            if mode != "dice":  # one trip per piece: only pieces that were there at the start
                available = min(available, free_pieces(start, cell, me) - moved.get(cell, 0))
            if available <= 0:
                continue
            for ray in REF_RAYS[cell]:
                orders = set(permutations(remaining, 1)) if mode == "dice" else {
                    order for k in range(1, len(remaining) + 1) for order in permutations(remaining, k)}
                for order in orders:
                    position, ok = 0, True
                    for die in order:
                        position += die
                        if position > len(ray):
                            ok = False
                            break
                        if mode == "checked" or mode == "dice" or position == sum(order):
                            if not can_land(board, ray[position - 1], me):
                                ok = False
                                break
                    if not ok:
                        continue
                    target = ray[position - 1]
                    if target == cell:
                        continue
                    new = {c: list(s) for c, s in board.items()}
                    new[cell].pop()
                    new.setdefault(target, []).append(me)
                    rest = list(remaining)
                    for die in order:
                        rest.remove(die)
                    new_moved = dict(moved)
                    new_moved[cell] = new_moved.get(cell, 0) + 1
                    walk(new, new_moved, rest, trips + [(cell, target, ray[0], position)])

    walk(start, {}, list(dice), [])
    if not results:
        return set()
    best = max(pips for pips, _ in results.values())
    return {trips for trips, (pips, wins) in results.items() if pips == best or wins}


def engine_turns(moves) -> set[tuple]:
    return {tuple(sorted(m.trips())) for m in moves if m.kind == "turn"}


def test_reference_finds_the_bounce_back():
    # seed 001: Light (R) one cell from home with its stack of five blocked, double 6
    turns = reference_turns("m7=RRRRR l7=R f7=LL g7=LL h7=LL", "R", (6, 6))
    assert turns == {(("l7", "a4", "l6", 12),)}


def test_reference_opening_moves():
    for die in range(1, 7):
        assert len(reference_turns("a4=RRRRRR o7=LLLLLL", "R", (die,))) == 1
