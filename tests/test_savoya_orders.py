"""Two-player Savoya turns whose order of play matters (Design 12: a seat's own other colour blocks and pins),
held to an independent brute-force generator.

Gold moves R and L, Silver T and B; one colour's moves change where the other may land, so a turn's trips
are played one after another. With a piece pinned under the seat's other colour and a double, two pieces
can leave that cell and two come back: one order reverses the pin (a legal turn, a board of its own), the
other restores the board the turn began with (a null turn, never legal: savoy.md section 6, items 5-6).
Every order's board counts when deciding whether a turn's text must give its order of play, the unchanged
one included.

The reference below shares no code with the rules: the board is the spec's savoya_board.json (its ray
lists), stacks are lists of colour letters, and a turn is built by playing every trip of every free piece
with every order of the dice, checking each die's stop on the board as it is at that moment.
"""

from __future__ import annotations

import json
from itertools import permutations
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from game.rules.errors import IllegalMoveError, RulesError
from game.rules.savoy import Part, parse_move_text
from game.rules.savoya import SAVOYA as G

SPEC = Path(__file__).resolve().parents[2] / "shared" / "specs" / "savoya_board.json"
if not SPEC.exists():  # the spec folder lives beside the repository (CI has ../shared)
    SPEC = Path("/work/shared/specs/savoya_board.json")
JSON = json.loads(SPEC.read_text())  # no skip: CI has the spec beside the clone
REF_RAYS = {name: [ray["cells"] for ray in cell["rays"]] for name, cell in JSON["cells"].items()}
REF_HOMES = {colour: set(cells) for colour, cells in JSON["homes"].items()}
SEATS = {"Gold": "RL", "Silver": "TB"}

# the two positions of issue 20: a piece pinned under its own seat's other colour, and a double
PIN_UNDER_T = ("j2=BBBB j5=B a6=RRRRRR o10=LLLLLL j11=BT d12=T f14=TTTT", "Silver", (6, 6))
PIN_UNDER_R = ("j1=TTTTTT j2=R a6=RRRR f6=L j6=RL o10=LLLL f15=BBBBBB", "Gold", (4, 4))


# --------------------------------------------------------------------------- the reference
def parse_layout(layout: str) -> dict[str, list[str]]:
    board: dict[str, list[str]] = {}
    for item in layout.split():
        cell, _, stack = item.partition("=")
        board[cell] = list(stack)
    return board


def frozen(board: dict[str, list[str]]) -> tuple:
    return tuple(sorted((cell, "".join(stack)) for cell, stack in board.items() if stack))


def can_land(board: dict[str, list[str]], cell: str, colour: str) -> bool:
    stack = board.get(cell, [])
    return not stack or stack[-1] == colour or len(stack) == 1


def free_pieces(board: dict[str, list[str]], cell: str, colour: str) -> int:
    n = 0
    for piece in reversed(board.get(cell, [])):
        if piece != colour:
            break
        n += 1
    return n


def all_home(board: dict[str, list[str]], colours: str) -> bool:
    return all(cell in REF_HOMES[piece] for cell, stack in board.items() for piece in stack if piece in colours)


def reference_turns(layout: str, colours: str, dice: tuple[int, ...]) -> set[tuple]:
    """The legal turns (reading ``checked``): {(sorted (src, dst, first cell, steps) trips, board after)}."""
    dice = dice * 2 if len(dice) == 2 and dice[0] == dice[1] else dice
    start = parse_layout(layout)
    start_key = frozen(start)
    results: dict[tuple, tuple[int, bool]] = {}
    seen: set[tuple] = set()

    def walk(board, arrived, remaining, trips):
        key = (frozen(board), tuple(sorted(arrived.items())), tuple(sorted(remaining)), tuple(sorted(trips)))
        if key in seen:
            return
        seen.add(key)
        if trips and frozen(board) != start_key:
            won = all_home(board, colours)
            results[(tuple(sorted(trips)), frozen(board))] = (sum(t[3] for t in trips), won)
            if won:
                return  # the game is won: the remaining dice lapse
        if not remaining:
            return
        for cell in list(board):
            for colour in colours:
                # a piece that has moved stays; a piece freed by its pinner's leaving may move
                if free_pieces(board, cell, colour) - arrived.get((cell, colour), 0) <= 0:
                    continue
                for ray in REF_RAYS[cell]:
                    for k in range(1, len(remaining) + 1):
                        for order in set(permutations(remaining, k)):
                            position, ok = 0, True
                            for die in order:  # every die's stop a legal landing, on the board as it is now
                                position += die
                                if position > len(ray) or not can_land(board, ray[position - 1], colour):
                                    ok = False
                                    break
                            target = ray[position - 1] if ok else None
                            if not ok or target == cell:
                                continue
                            new = {c: list(s) for c, s in board.items()}
                            new[cell].pop()
                            new.setdefault(target, []).append(colour)
                            rest = list(remaining)
                            for die in order:
                                rest.remove(die)
                            now = dict(arrived)
                            now[(target, colour)] = now.get((target, colour), 0) + 1
                            walk(new, now, rest, trips + [(cell, target, ray[0], position)])

    walk(start, {}, list(dice), [])
    if not results:
        return set()
    best = max(pips for pips, _ in results.values())
    return {turn for turn, (pips, won) in results.items() if pips == best or won}


def board_of(state) -> tuple:
    return tuple(sorted((name, state.stack(name)) for name in G.board.cells if state.stack(name)))


def engine_turns(state) -> list[tuple]:
    """(sorted trips, board after) of each legal move, in the table's order (a pass: none)."""
    return [(tuple(sorted(m.trips())), board_of(G.apply(state, m))) for m in G.legal_moves(state) if m.kind == "turn"]


# --------------------------------------------------------------------------- the two positions of issue 20
def reversed_board(state, cell: str, stack: str) -> tuple:
    """The board of `state` with `cell` holding `stack` instead (the pin reversed)."""
    return tuple(sorted((name, stack if name == cell else now) for name, now in board_of(state)))


@pytest.mark.parametrize("layout, seat, dice, cell, reversed_stack", [
    (*PIN_UNDER_T, "j11", "TB"),
    (*PIN_UNDER_R, "j6", "LR"),
])
def test_the_pin_reversed_board_is_a_move_of_its_own_and_the_null_board_none(layout, seat, dice, cell,
                                                                             reversed_stack):
    state = G.position(layout, seat, dice)
    start = board_of(state)
    moves = G.legal_moves(state)
    boards = {str(m): board_of(G.apply(state, m)) for m in moves}
    assert start not in boards.values(), "no legal move leaves the board as it was"
    wanted = reversed_board(state, cell, reversed_stack)
    reversing = [text for text, board in boards.items() if board == wanted]
    assert len(reversing) == 1, "the pin-reversed board has one move of its own"
    (text,) = reversing
    move = G.parse_move(text, state)
    assert str(move) == text and move in moves and board_of(G.apply(state, move)) == wanted
    # written in its order of play: the pinner leaves, then the pinned piece, then each comes back, the
    # pinner first (so the other pins it)
    parts = text.split(",")
    assert [p.split("-")[0] for p in parts[:2]] == [cell, cell] and [p.split("-")[1] for p in parts[2:]] == [cell] * 2
    # the same parts with the returns swapped restore the board: refused, never played as a null turn
    null_order = ",".join(parts[:2] + parts[2:][::-1])
    with pytest.raises(IllegalMoveError) as refused:
        G.apply(state, G.parse_move(null_order, state))
    assert refused.value.key == "no_change" and null_order in str(refused.value)
    assert text in str(refused.value)  # it names the order that is legal
    # the parts in canonical order cannot be played as written; they are read as the one legal board
    canonical = str(parse_move_text(text, G.board))  # (read without a position: parts in canonical order)
    assert canonical != text
    assert board_of(G.apply(state, G.parse_move(canonical, state))) == wanted


@pytest.mark.parametrize("layout, seat, dice, cell, reversed_stack", [
    (*PIN_UNDER_T, "j11", "TB"),
    (*PIN_UNDER_R, "j6", "LR"),
])
def test_the_pin_reversed_move_is_made_part_by_part_as_the_app_does(layout, seat, dice, cell, reversed_stack):
    """The scene offers `continuations`, one part at a time, and asks `completed` for the move."""
    state = G.position(layout, seat, dice)
    start = state.cells
    (move,) = [m for m in G.legal_moves(state) if board_of(G.apply(state, m)) == reversed_board(state, cell,
                                                                                                 reversed_stack)]
    chosen: list[Part] = []
    for part in move.parts:
        offered = G.continuations(state, chosen)
        assert part in offered
        chosen.append(part)
    done = G.completed(state, chosen)
    assert done == move and G.apply(state, done).cells != start
    assert G.after(state, chosen) == G.apply(state, move).cells
    # the returns the other way round would restore the board: the last is not offered, nothing completes
    null = chosen[:2] + [chosen[3]]
    assert chosen[2] not in G.continuations(state, null)
    assert G.completed(state, null + [chosen[2]]) is None


# --------------------------------------------------------------------------- random positions
CELLS = sorted(JSON["cells"])


@st.composite
def positions(draw):
    """A two-player position where the seat to move has a piece pinned under its other colour (or under
    an opponent's piece, or none), other pieces on the cells a die's multiples away from it, and a double."""
    seat = draw(st.sampled_from(sorted(SEATS)))
    mine, theirs = SEATS[seat], SEATS["Silver" if seat == "Gold" else "Gold"]
    die = draw(st.integers(1, 6))
    hub = draw(st.sampled_from(CELLS))
    board: dict[str, str] = {}
    bottom, top = draw(st.permutations(mine))
    board[hub] = draw(st.sampled_from([bottom + top, bottom + top, bottom + top * 2, top, theirs[0] + top]))
    near = sorted({ray[k * die - 1] for ray in REF_RAYS[hub] for k in (1, 2) if k * die <= len(ray)})
    for cell in draw(st.lists(st.sampled_from(near), min_size=min(2, len(near)), max_size=4, unique=True)):
        # lone pieces of the mover's colours most often: they can come back to the hub when the pinner and
        # the pinned piece have left it, in either order
        board[cell] = draw(st.sampled_from([mine[0], mine[1], mine[0], mine[1], theirs[0], mine[0] * 2,
                                            theirs[1] * 2, theirs[1] + mine[0]]))
    for cell in draw(st.lists(st.sampled_from(CELLS), max_size=2, unique=True)):
        board.setdefault(cell, draw(st.sampled_from([mine[0], mine[1], theirs[0] * 2, theirs[1] * 3])))
    layout = " ".join(f"{cell}={stack}" for cell, stack in sorted(board.items()))
    return layout, seat, (die, die)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
@example(PIN_UNDER_T)
@example(PIN_UNDER_R)
def test_two_player_doubles_no_null_turn_and_one_text_per_board(position):
    """No legal move leaves the board unchanged, and every (trips, board) the reference finds is reached
    by exactly one of the table's move texts, which reads back as that move."""
    layout, seat, dice = position
    state = G.position(layout, seat, dice)
    found = engine_turns(state)
    assert board_of(state) not in {board for _, board in found}
    assert len(found) == len(set(found)), "one text per board a turn's trips can leave"
    assert set(found) == reference_turns(layout, SEATS[seat], dice)
    for move in G.legal_moves(state)[:40]:
        assert G.parse_move(str(move), state) == move


def test_no_order_of_a_legal_turns_parts_is_played_as_a_null_turn():
    """Every order of the parts of every legal turn that returns to a cell it leaves: refused with the
    project's error, or played to a board that differs from the start."""
    for layout, seat, dice in (PIN_UNDER_T, PIN_UNDER_R):
        state = G.position(layout, seat, dice)
        for move in G.legal_moves(state):
            if not {p.src for p in move.parts} & {p.dst for p in move.parts}:
                continue
            for order in permutations(str(move).split(",")):
                text = ",".join(order)
                try:
                    after = G.apply(state, G.parse_move(text, state))
                except RulesError:
                    continue
                assert after.cells != state.cells, text


@pytest.mark.parametrize("options", [{"players": 2}, {"players": 2, "trips": "jump"}, {"players": 2, "trips": "dice"},
                                     {"players": 2, "pinnedaway": True}])
def test_the_boards_listing_remembers_are_the_boards_the_turns_leave(options):
    """A turn whose parts touch a common cell is played in order once while listing; the table keeps the cells
    it changed (`TurnTable.played`) and apply uses them: they must be what playing the turn gives."""
    from game.rules.playout import random_game
    from game.rules.savoya import SavoyaGame

    fresh = SavoyaGame()  # no table at hand: apply plays every turn in order
    checked = 0
    for seed in range(3):
        for state in random_game(G, {**options, "maxturns": 30}, seed=seed + 10).states:
            if state.over or not state.dice:
                continue
            table = G.table(state)
            for move in table.moves:
                if move.kind != "turn":
                    continue
                played = table.played.get(move)
                if played is None:
                    continue
                checked += 1
                after = list(state.cells)
                for c, v in played:
                    after[c] = v
                assert tuple(after) == fresh._play_turn(state, move) == G.apply(state, move).cells, str(move)
    assert checked > 100
