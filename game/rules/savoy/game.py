"""The game object: `SavoyGame` (Savoy's rules on a board of strands, the `Game` interface the app, the
referee and the AI use) and `SAVOY`, the game on Savoy's own board. Savoya (savoya.py) is a subclass on
its board. The movement itself is in the modules beside this one; here are the options and the start,
reading and checking moves, playing them, the results, and the text the referee and the app show.
"""

from __future__ import annotations

import random
from itertools import permutations, product
from typing import Any, Iterator, Mapping, Sequence

from .. import options as opts
from ..base import Game, Outcome
from ..errors import AmbiguousMoveError, IllegalMoveError, OptionError
from ..options import ChoiceOption, FlagOption, IntOption, OptionValue
from ..reading import quote
from ..savoy_board import PLAYERS, SAVOY_BOARD, SavoyBoard, cell_key
from .notation import PASS, Part, SavoyMove, _dice_text, _group, _single, parse_move_text, well_formed
from .readings import one_colour_readings, readings_alone, table_readings, written_turn
from .refusals import refusal
from .stacks import _home_count, stacks_of
from .state import SavoyRules, SavoyState
from .table import Steps, TurnTable, _cells_key, run_steps
from .trips import ROLLS, _take, can_move, dead_position
from .turns import build_turn_steps
from .turns_two_colours import _trip_keys, all_orders, best_turn, finishes_in_order, play_order

DEFAULT_PIECES = 6
MAX_PIECES = 15

# --------------------------------------------------------------------------- game
#: the readings of unclear rules, the same for Savoy and Savoya
READING_OPTIONS = (
    ChoiceOption("steptall", "far", ("far", "near"),
                 "reading for -step: the tallest stack on the far end cell (far) or the nearest (near)"),
    ChoiceOption("trips", "checked", ("checked", "jump", "dice"),
                 "reading: checked = one straight trip per piece, every die's stop a legal landing; "
                 "jump = only the end of the trip counts; dice = each die a separate move (backgammon style)"),
    FlagOption("pinnedaway", "reading: a pinned piece on its home cell does not count as home (as in Plakoto)"),
)


class SavoyGame(Game[SavoyState, SavoyMove]):
    """Savoy's rules on a board of strands (`board`); Savoya (savoya.py) is the same game on its own
    board with more seats."""

    name = "savoy"
    title = "Savoy"
    summary = ("A dice race round a figure-of-eight: bring all your pieces home, pinning lone enemy pieces "
               "and jumping over blocks; crossings allow shortcuts.")
    designer = "Cameron Browne"
    players = PLAYERS
    board: SavoyBoard = SAVOY_BOARD
    has_chance = True
    OPTIONS = (
        IntOption("stack", DEFAULT_PIECES, 1, MAX_PIECES,
                  "pieces each, stacked on the cell farthest from their home (the default start)"),
        IntOption("even", 0, 0, MAX_PIECES,
                  "pieces each, spread evenly over the home area farthest from their home (0: not used); "
                  "a remainder goes to the farthest cells"),
        IntOption("step", 0, 0, MAX_PIECES,
                  "pieces each, in steps h, h+1, h+2 over the home area farthest from their home "
                  "(a multiple of 3; 0: not used)"),
        *READING_OPTIONS,
        IntOption("drawpasses", 10, 2, 1000, "house rule: the game is drawn after this many passes in a row"),
        IntOption("maxturns", 1000, 10, 100_000, "house rule: the game is drawn after this many turns"),
    )

    # random play wanders both ways and almost never finishes a default game: playouts use a shorter limit
    playout_options: Mapping[str, object] = {"maxturns": 40}

    #: how many turn tables `table` keeps (most recently used), and how many turns in all at most
    #: (besides the newest table): Savoya's two-colour tables can hold tens of thousands of turns, and every
    #: turn kept is an object each full garbage collection walks (with 16 such tables, 100-170 ms pauses)
    CACHED_TABLES = 16
    CACHED_TURNS = 8_000

    def __init__(self) -> None:
        self._cache: dict[tuple, TurnTable] = {}
        self._stacks = stacks_of(self.board)
        self._readings: dict[tuple[SavoyState, SavoyMove], list[SavoyMove]] = {}

    def dice(self, state: SavoyState) -> tuple[int, ...]:
        """The roll in force: one die for the opening move, two, or four for a double; empty when a roll
        is due."""
        return state.dice

    # -- options -----------------------------------------------------------------
    def check_options(self, values: Mapping[str, object] | None = None) -> dict[str, OptionValue]:
        checked = opts.validate(self.OPTIONS, values)
        setups = [name for name in ("even", "step") if checked[name]]
        if len(setups) > 1:
            raise OptionError("-even and -step are two different starts: give only one of them", "option_conflict")
        if setups and checked["stack"] != DEFAULT_PIECES:
            raise OptionError(f"-stack and -{setups[0]} are two different starts: give only one of them",
                              "option_conflict")
        if checked["step"] and int(checked["step"]) % 3:
            raise OptionError(
                f"option -step={checked['step']} cannot be spread in steps h, h+1, h+2 over three cells: "
                "use a multiple of 3 (3, 6, 9, 12, 15)", "option_range")
        return checked

    def seat_names(self, state: SavoyState) -> tuple[str, ...]:
        return self.board.seat_names(len(state.rules.seats))

    def _initial(self, options: dict[str, OptionValue]) -> SavoyState:
        board = self.board
        seats = board.seat_colours(self.player_count(options))
        rules = SavoyRules(tuple((spec.name, options[spec.name]) for spec in self.OPTIONS), board, seats)
        cells = [0] * len(board.cells)
        for colours in seats:
            for colour in colours:
                for name, height in zip(board.start_names[colour], start_heights(options)):
                    if height:
                        cells[board.cell_id[name]] = self._stacks.make(colour, height, None)
        return SavoyState(rules, tuple(cells))

    def options_of(self, state: SavoyState) -> dict[str, OptionValue]:
        return state.rules.as_dict()

    def position(self, layout: str, to_move: int | str = 0, dice: Sequence[int] = (),
                 options: Mapping[str, object] | None = None) -> SavoyState:
        """A position for tests and puzzles: ``"a4=RRRRR l7=R f7=LL d4=RL"`` (stacks bottom first;
        ``RL`` is R pinned under L), the player to move (a seat number, or its name: "R"/"L" in Savoy)
        and the dice in force (empty: a roll is due). Raises OptionError naming what is wrong."""
        rules = self.new(options).rules
        board = self.board
        cells = [0] * len(board.cells)
        for item in layout.split():
            name, eq, stack = item.partition("=")
            name = name.lower()
            if not eq or name not in board.cell_id:
                raise OptionError(f"{quote(item)}: write each stack as cell=letters, e.g. a4=RRR or d4=RL", "layout")
            cells[board.cell_id[name]] = self._stacks.value(stack, board.colours, item)
        seats = board.seat_names(len(rules.seats))
        if isinstance(to_move, str):
            names = [n.upper() for n in seats]
            if to_move.upper() not in names:
                raise OptionError(f"the player to move is {' or '.join(seats)}, not {quote(to_move)}", "layout")
            to_move = names.index(to_move.upper())
        elif not 0 <= to_move < len(seats):
            raise OptionError(f"the player to move is a seat from 0 to {len(seats) - 1}, not {to_move}", "layout")
        dice = tuple(dice)
        if dice and (len(dice) not in (1, 2, 4) or any(not 1 <= d <= 6 for d in dice)):
            raise OptionError(f"dice {dice} are not a roll: one die (opening), two, or a double as four", "layout")
        if len(dice) == 2 and dice[0] == dice[1]:
            dice = dice * 2
        return SavoyState(rules, tuple(cells), to_move, tuple(sorted(dice)), opening=False)

    # -- moves -------------------------------------------------------------------
    def is_chance(self, state: SavoyState) -> bool:
        return not state.over and not state.dice

    def random_chance(self, state: SavoyState, rng: random.Random) -> SavoyMove:
        if not self.is_chance(state):
            raise IllegalMoveError("no roll is due: the dice in force must be played first", "not_chance")
        if state.opening:  # one die per player
            return SavoyMove("roll", dice=tuple(rng.randrange(1, 7) for _ in state.rules.seats))
        a, b = rng.randrange(1, 7), rng.randrange(1, 7)
        return SavoyMove("roll", dice=(min(a, b), max(a, b)))

    def table(self, state: SavoyState) -> TurnTable:
        """The legal turns in a state where a player must move.

        Cached per board, player, dice and reading (not per state: a search meets the same board again
        at other turn counts, and after other turns), for the few most recently used (not more: a big
        table is many objects for the garbage collector to walk)."""
        return run_steps(self._table_steps(state))

    def prepare(self, state: SavoyState) -> Iterator[None]:
        """Builds the table of legal turns (`table`) in small units: a spread-out double of Savoya's
        two-colour seats has tens of thousands of turns, most of a second's work."""
        if not state.over and state.dice:
            yield from self._table_steps(state)

    def is_prepared(self, state: SavoyState) -> bool:
        """Whether `prepare_play` has nothing left to do in `state` (its table of turns, and the table's index,
        are at hand)."""
        if state.over or not state.dice:
            return True
        table = self._cache.get(self._table_key(state))
        return table is not None and "index" in table.__dict__

    def prepare_play(self, state: SavoyState) -> Iterator[None]:
        """`prepare`, then what a turn built part by part on the board needs (`continuations`, `completed`: the
        table's index), in small units: for a screen to do while the dice tumble."""
        if not state.over and state.dice:
            table = yield from self._table_steps(state)
            yield from table.index_steps()

    def _table_key(self, state: SavoyState) -> tuple:
        rules = state.rules
        return state.cells, rules.seats[state.to_move], state.dice, rules.trips, rules.pinned_away

    def _table_steps(self, state: SavoyState) -> Steps[TurnTable]:
        rules = state.rules
        key = self._table_key(state)
        cache = self._cache
        table = cache.pop(key, None)
        if table is None:
            table = yield from build_turn_steps(state.cells, state.to_move, state.dice, rules)
            cache.pop(key, None)  # (built meanwhile by a call that did not wait for these steps)
            kept = sum(len(t.moves) for t in cache.values())
            while cache and (len(cache) >= self.CACHED_TABLES or kept > self.CACHED_TURNS):
                kept -= len(cache.pop(next(iter(cache))).moves)
        cache[key] = table  # most recent last
        return table

    def legal_moves(self, state: SavoyState) -> list[SavoyMove]:
        if state.over:
            return []
        if not state.dice:
            if state.opening:
                return [SavoyMove("roll", dice=dice) for dice in product(range(1, 7), repeat=len(state.rules.seats))]
            return [SavoyMove("roll", dice=roll) for roll in ROLLS]
        moves = self.table(state).moves
        return list(moves) if moves else [PASS]

    def parse_move(self, text: str, state: SavoyState) -> SavoyMove:
        move = parse_move_text(text, self.board, ordered=self._several_colours(state))
        if move.kind == "roll" and not state.opening and state.dice == ():
            return SavoyMove("roll", dice=tuple(sorted(move.dice)))
        if move.kind != "turn" or state.over or not state.dice:
            return move
        found = self.legal_readings(state, move)
        if len(found) == 1:
            return found[0]
        if len(found) > 1:
            listed = " or ".join(str(m) for m in found[:12]) + (" ..." if len(found) > 12 else "")
            raise AmbiguousMoveError(
                f"{quote(text.strip())} fits {len(found)} legal moves: {listed}; name the route by its number of "
                "steps and/or the first cell stepped onto (h4-h7/3, l7-d4/l6)", "ambiguous")
        return move  # not legal: apply() says why

    def legal_readings(self, state: SavoyState, move: SavoyMove) -> list[SavoyMove]:
        """The legal turns a written turn can mean in `state` (its routes filled in), each checked alone.

        A part names its route (``/l6``, ``/9``) where the text did, and where it must to tell routes
        apart: among several readings, as far as they differ; for a single one, as `legal_moves` writes it
        (the table of legal turns is consulted then, rarely: only when two routes join the same cells).
        """
        key = (state, move)
        if key in self._readings:  # parse_move then apply read the same move: check it once
            return self._readings[key]
        if self._several_colours(state):
            found = self._readings_alone(state, move)
            if found is None:
                found = self._table_readings(state, move)
        else:
            found = one_colour_readings(state, move)
        while len(self._readings) >= 16:
            self._readings.pop(next(iter(self._readings)))
        self._readings[key] = found
        if len(found) == 1:  # apply() will ask about the move as read
            self._readings[(state, found[0])] = found
        return found

    def _several_colours(self, state: SavoyState) -> bool:
        """Whether the seat to move moves more than one colour (Savoya's two players)."""
        return len(state.rules.seats[state.to_move]) > 1

    def _table_readings(self, state: SavoyState, move: SavoyMove) -> list[SavoyMove]:
        """`legal_readings` for a seat moving several colours, from the table of legal turns (see
        `readings.table_readings`)."""
        return table_readings(self.table(state), move)

    def resolve(self, state: SavoyState, move: SavoyMove) -> SavoyMove:
        """The legal move meant by `move` in `state`; raises IllegalMoveError (or AmbiguousMoveError)
        saying why it is refused."""
        self.refuse_foreign(move)
        move = well_formed(move, self.board)
        if state.over:
            raise IllegalMoveError(f"{move}: the game is over", "game_over")
        names = self.seat_names(state)
        if not state.dice:
            seats = len(state.rules.seats)
            if move.kind != "roll":
                who = (("both players" if seats == 2 else "every player") if state.opening
                       else names[state.to_move])
                raise IllegalMoveError(f"{move}: the dice must be rolled first ({who} to roll)", "roll_due")
            bad = any(not 1 <= d <= 6 for d in move.dice)
            if state.opening and seats != 2:
                if len(move.dice) != seats or bad:
                    raise IllegalMoveError(f"{move}: the opening roll is one die per player, {seats} dice from 1 to 6 "
                                           f"({', '.join(names)} in turn)", "bad_roll")
            elif len(move.dice) != 2 or bad:
                raise IllegalMoveError(f"{move}: a roll is two dice from 1 to 6", "bad_roll")
            return move if state.opening else SavoyMove("roll", dice=tuple(sorted(move.dice)))
        if move.kind == "roll":
            raise IllegalMoveError(
                f"{move}: the dice are already rolled ({_dice_text(state.dice)}); {names[state.to_move]} "
                "must move", "not_chance")
        if move.kind == "turn":
            found = self.legal_readings(state, move)
            if len(found) == 1:
                return found[0]
            if len(found) > 1:
                raise AmbiguousMoveError(
                    f"{move} fits {len(found)} legal moves: {' or '.join(str(m) for m in found[:12])}", "ambiguous")
        movable = self._can_move(state)
        if move.kind == "pass":
            if movable:
                raise IllegalMoveError(
                    f"pass: there is no voluntary passing and {names[state.to_move]} can move with "
                    f"{_dice_text(state.dice)}, e.g. {self._best_turn(state)[1]}", "must_move")
            return PASS
        if not movable:
            raise IllegalMoveError(
                f"{move}: {names[state.to_move]} has no legal move with {_dice_text(state.dice)} and must pass",
                "must_pass")
        raise self.explain(state, move)

    def check_legal(self, state: SavoyState, move: SavoyMove) -> None:
        self.resolve(state, move)

    def apply(self, state: SavoyState, move: SavoyMove) -> SavoyState:
        return self._apply(state, self.resolve(state, move))

    def _apply(self, state: SavoyState, move: SavoyMove) -> SavoyState:
        rules = state.rules
        if move.kind == "roll":
            if state.opening:  # one die per seat: the highest moves first with that die, a tie rolls again
                high = max(move.dice)
                if move.dice.count(high) > 1:
                    return SavoyState(rules, state.cells, state.to_move, (), True, state.turns, state.passes,
                                      None, "", move.dice, move)
                first = move.dice.index(high)
                return SavoyState(rules, state.cells, first, (high,), False, state.turns, state.passes,
                                  None, "", move.dice, move)
            a, b = sorted(move.dice)
            dice = (a, a, a, a) if a == b else (a, b)
            return SavoyState(rules, state.cells, state.to_move, dice, False, state.turns, state.passes,
                              None, "", state.opening_roll, move)
        me = state.to_move
        turns = state.turns + 1
        seats = len(rules.seats)
        if move.kind == "pass":
            cells, passes = state.cells, state.passes + 1
        elif self._several_colours(state):
            cells, passes = self._play_turn(state, move), 0
        else:
            net: dict[int, int] = {}
            cell_id = self.board.cell_id
            for p in move.parts:
                src, dst = cell_id[p.src], cell_id[p.dst]
                net[src] = net.get(src, 0) - p.count
                net[dst] = net.get(dst, 0) + p.count
            cells, passes = self._stacks.apply(state.cells, rules.seats[me][0], net), 0
        winner, draw = None, ""
        if move.kind == "turn":
            # the mover wins when their last piece is home; under -pinnedaway a turn that frees another
            # player's piece pinned on its home can also complete that player's home (the next in turn first)
            for player in [(me + k) % seats for k in range(seats)] if rules.pinned_away else (me,):
                home, total = _home_count(cells, player, rules.pinned_away, self.board, rules.seats[player])
                if total and home == total:
                    winner = player
                    break
        if winner is None:
            if move.kind == "pass" and dead_position(cells, rules.trips, self.board):
                draw = ("house rule: dead position, neither player can move with any roll" if seats == 2 else
                        "house rule: dead position, no player can move with any roll")
            elif passes >= rules.draw_passes:
                draw = f"house rule: {passes} passes in a row"
            elif turns >= rules.max_turns:
                draw = f"house rule: the turn limit ({rules.max_turns} turns) is reached"
        return SavoyState(rules, cells, (me + 1) % seats, (), False, turns, passes, winner, draw, state.opening_roll,
                          move)

    def _play_turn(self, state: SavoyState, move: SavoyMove) -> tuple[int, ...]:
        """The board after a legal turn of a seat moving several colours: its parts played in the order
        written if that order is legal (a turn whose order matters is written in an order that leaves its
        board), else in the first legal order met that changes the board (every legal order of a turn written
        in canonical order leaves the same board, never the unchanged one). A turn of the table at hand is
        played as listing found it (`TurnTable.played`)."""
        table = self._cache.get(self._table_key(state))
        changes = table.played.get(move) if table is not None else None
        if changes is not None:
            cells = list(state.cells)
            for c, v in changes:
                cells[c] = v
            return tuple(cells)
        trips = tuple(_trip_keys(move, self.board))
        rules = state.rules
        colours = rules.seats[state.to_move]
        after = play_order(state.cells, colours, state.dice, rules, trips)
        if after is not None and after != state.cells:
            return after
        for order in dict.fromkeys(permutations(trips)):
            after = play_order(state.cells, colours, state.dice, rules, order)
            if after is not None and after != state.cells:
                return after
        raise IllegalMoveError(f"{move}: its parts cannot be played in any order that changes the board", "order")

    def _readings_alone(self, state: SavoyState, move: SavoyMove) -> list[SavoyMove] | None:
        """`legal_readings` for a seat moving several colours, the written turn checked alone (see
        `readings.readings_alone`); None when the table must decide."""
        return readings_alone(state, move)

    def _can_move(self, state: SavoyState) -> bool:
        """Whether the seat to move has a board-changing turn with the dice in force."""
        rules = state.rules
        return any(can_move(state.cells, colour, state.dice, rules.trips, self.board)
                   for colour in rules.seats[state.to_move])

    # -- explaining refusals ---------------------------------------------------------
    def explain(self, state: SavoyState, move: SavoyMove) -> IllegalMoveError:
        """Why a turn that is not among the legal moves is refused."""
        return refusal(state, move, lambda: self._best_turn(state))

    def _best_turn(self, state: SavoyState) -> tuple[int, SavoyMove | None]:
        """The most pips a board-changing turn can use, and a turn using them (None: the seat must pass),
        for a refusal's reason: from the table of legal turns when it is at hand or quick to list (one
        colour); for a seat of two colours, whose table can take a second, by a search that stops at the
        first such turn (`turns_two_colours.best_turn`)."""
        if not self._several_colours(state) or self._table_key(state) in self._cache:
            table = self.table(state)
            return table.max_pips, next((m for m in table.moves if m.pips == table.max_pips), None)
        rules = state.rules
        pips, numbers = best_turn(state.cells, rules.seats[state.to_move], state.dice, rules)
        if numbers is None:
            return pips, None
        turn = written_turn(numbers, state.dice, rules)
        found = readings_alone(state, turn)  # as listed: in canonical order where the order does not matter
        return pips, found[0] if found and len(found) == 1 else turn

    # -- helpers for a scene building a turn part by part ---------------------------
    def continuations(self, state: SavoyState, chosen: Sequence[Part]) -> list[Part]:
        """Single-piece parts that extend the `chosen` single-piece parts towards a legal move. Where a
        move's order of play matters (`TurnTable.ordered`: Savoya for two), the parts are taken to be
        chosen in the order they are played: a part is offered when some order of the move's other parts
        after it still leaves the move's board."""
        if state.over or not state.dice:
            return []
        table = self.table(state)
        index = table.index  # (the turns by their parts: a table of 60,000 turns looked through in milliseconds)
        nxt: set[Part] = set() if chosen else set(index.unordered)
        for k, rest in index.turns_with([_single(p) for p in chosen]):
            if k in index.ordered:  # (its place: hashing the move itself is the slow part)
                m = table.moves[k]
                nxt.update(p for p in dict.fromkeys(rest) if p not in nxt and self._in_order(state, m, [*chosen, p]))
            else:
                nxt.update(rest)
        return sorted(nxt, key=Part.sort_key)

    def completed(self, state: SavoyState, chosen: Sequence[Part]) -> SavoyMove | None:
        """The legal move made of exactly the `chosen` parts, if it is one (played in the order chosen, where
        the order matters)."""
        if state.over or not state.dice:
            return None
        move = SavoyMove("turn", _group(_single(p) for p in chosen))
        table = self.table(state)
        for m in table.by_cells.get(_cells_key(move), ()):
            if m in table.ordered:
                if self._in_order(state, m, chosen):
                    return m
            elif m == move:
                return m
        return None

    def _in_order(self, state: SavoyState, move: SavoyMove, first: Sequence[Part]) -> bool:
        """Whether the parts `first` of `move` (one of the moves written in their order of play), played in
        this order, and then its other parts in some order, leave the board `move` does."""
        if not all(p.resolved for p in first):
            return False
        board = self.board
        first_trips = _trip_keys(SavoyMove("turn", tuple(_single(p) for p in first)), board)
        rest = _trip_keys(move, board)
        for trip in first_trips:
            if trip not in rest:
                return False
            rest.remove(trip)
        colours = state.rules.seats[state.to_move]
        return finishes_in_order(state.cells, colours, state.dice, state.rules, first_trips, rest,
                                 self._play_turn(state, move))

    def dice_used(self, state: SavoyState, parts: Sequence[Part]) -> tuple[list[tuple[int, ...]], tuple[int, ...]]:
        """Which dice each piece's trip in `parts` uses, and the dice left (for showing a turn)."""
        left = list(state.dice)
        per: list[tuple[int, ...]] = []
        for p in parts:
            for _ in range(p.count):
                use = _take(left, p.steps)
                if use is None:
                    raise IllegalMoveError(f"{p}: the dice {_dice_text(state.dice)} do not cover it", "dice")
                for d in use:
                    left.remove(d)
                per.append(use)
        return per, tuple(left)

    def after(self, state: SavoyState, parts: Sequence[Part]) -> tuple[int, ...]:
        """The board after some single-piece parts of a turn in progress (for drawing it), played in order."""
        board, stacks = self.board, self._stacks
        colours = state.rules.seats[state.to_move]
        if len(colours) == 1:
            net: dict[int, int] = {}
            for p in parts:
                net[board.cell_id[p.src]] = net.get(board.cell_id[p.src], 0) - p.count
                net[board.cell_id[p.dst]] = net.get(board.cell_id[p.dst], 0) + p.count
            return stacks.apply(state.cells, colours[0], net)
        cells = state.cells
        for p in parts:
            src, dst = board.cell_id[p.src], board.cell_id[p.dst]
            colour = next((c for c in colours if stacks.free(cells[src], c)), colours[0])
            cells = stacks.apply(cells, colour, {src: -p.count, dst: p.count})
        return cells

    # -- who and how ---------------------------------------------------------------
    def to_move(self, state: SavoyState) -> int | None:
        return None if state.over or not state.dice else state.to_move

    def outcome(self, state: SavoyState) -> Outcome | None:
        if state.winner is not None:
            _, total = _home_count(state.cells, state.winner, False, self.board, state.rules.seats[state.winner])
            name = self.seat_names(state)[state.winner]
            return Outcome(state.winner, f"{name} has all {total} piece{'s' if total > 1 else ''} home")
        if state.draw:
            return Outcome(None, state.draw)
        return None

    def scores(self, state: SavoyState) -> tuple[int, ...]:
        """Pieces home per player."""
        rules = state.rules
        return tuple(_home_count(state.cells, p, rules.pinned_away, self.board, colours)[0]
                     for p, colours in enumerate(rules.seats))

    def _per_seat(self, state: SavoyState, table: Sequence[Sequence[int]]) -> tuple[int, ...]:
        pieces = self._stacks.pieces
        return tuple(sum(pieces(v, colour)[0] * table[colour][c] for colour in colours
                         for c, v in enumerate(state.cells) if v)
                     for colours in state.rules.seats)

    def pips(self, state: SavoyState) -> tuple[int, ...]:
        """Fewest pips each player still needs to bring every piece home (changing direction between turns)."""
        return self._per_seat(state, self.board.home_distance)

    def colour_pips(self, state: SavoyState) -> dict[int, int]:
        """Fewest pips each colour in play still needs to bring its pieces home (by colour number)."""
        pieces, distance = self._stacks.pieces, self.board.home_distance
        return {colour: sum(pieces(v, colour)[0] * distance[colour][c] for c, v in enumerate(state.cells) if v)
                for colours in state.rules.seats for colour in colours}

    def pip_counts(self, state: SavoyState) -> tuple[int, ...]:
        """pbmserv's pip count: the path still to run to the far end, summed (234 each at the start in Savoy)."""
        return self._per_seat(state, self.board.path_pips)

    def leader(self, state: SavoyState) -> int | None:
        result = self.outcome(state)
        if result is not None:
            return result.winner
        pips = self.pips(state)
        best = min(pips)
        return pips.index(best) if pips.count(best) == 1 else None

    # -- presentation ---------------------------------------------------------------
    def render_text(self, state: SavoyState) -> str:
        board, stacks = self.board, self._stacks
        letters = board.colours
        at = {board.grid[name]: c for c, name in enumerate(board.cells)}
        lines = ["     " + "".join(f"{chr(ord('a') + x):<4}" for x in range(board.width))]
        for row in range(board.height, 0, -1):
            body = ""
            for x in range(board.width):
                c = at.get((x, row))
                if c is None:
                    body += "    "
                    continue
                top, k, pinned = stacks.layers(state.cells[c])
                if top is None:
                    body += ".   "
                else:
                    mark = f"{letters[top]}{k}" + (letters[pinned].lower() if pinned is not None else "")
                    body += f"{mark:<4}"
            lines.append(f"{row:>3}  {body.rstrip()}")
        lines.append("     " + "".join(f"{chr(ord('a') + x):<4}" for x in range(board.width)))
        counts = self._colour_pip_counts(state)
        homes = "   ".join(f"{letters[c]} home: {' '.join(board.home_names[c])} (pips {counts[c]})"
                           for colours in state.rules.seats for c in colours)
        if board is SAVOY_BOARD:  # Savoy's order, R then L
            homes = "   ".join(f"{letters[c]} home: {' '.join(board.home_names[c])} (pips {counts[c]})" for c in (0, 1))
        lines.append(f"{homes}   {letters[0]}3 = three {letters[0]} pieces; {letters[1]}1{letters[0].lower()} = "
                     f"{letters[1]} pinning an {letters[0]} piece")
        if len(letters) > 2 and len(state.rules.seats) == 2:
            lines.append("Gold moves R and L, Silver moves T and B")
        lines.append(self._status(state))
        return "\n".join(lines)

    def _colour_pip_counts(self, state: SavoyState) -> dict[int, int]:
        pieces, path_pips = self._stacks.pieces, self.board.path_pips
        return {colour: sum(pieces(v, colour)[0] * path_pips[colour][c] for c, v in enumerate(state.cells) if v)
                for colours in state.rules.seats for colour in colours}

    def _status(self, state: SavoyState) -> str:
        names = self.seat_names(state)
        result = self.outcome(state)
        if result is not None:
            return "Game over: " + ("draw" if result.is_draw else f"{names[result.winner]} wins") + f" ({result.reason})"
        if state.opening and not state.dice:
            if len(names) == 2:
                tie = f" (tie {state.opening_roll[0]}-{state.opening_roll[1]}, roll again)" if state.opening_roll else ""
                return "Opening roll: one die each, the higher moves first" + tie
            tie = (f" (tie {'-'.join(map(str, state.opening_roll))}, roll again)" if state.opening_roll else "")
            return f"Opening roll: one die each ({', '.join(names)}), the highest moves first" + tie
        if not state.dice:
            return f"{names[state.to_move]} to roll"
        return f"{names[state.to_move]} to move with {_dice_text(state.dice)}"

    def roll_note(self, state: SavoyState) -> str | None:
        """A sentence when the dice in force cannot all be used (or not at all), for the scene."""
        if state.over or not state.dice:
            return None
        table = self.table(state)
        dice = state.dice
        total = sum(dice)
        who = self.seat_names(state)[state.to_move]
        if not table.moves:
            return f"{who} cannot move with {_dice_text(dice)}: no piece has a legal landing, so {who} must pass"
        if table.max_pips >= total:
            return None
        if len(set(dice)) == 2 and table.max_pips == max(dice):
            return f"Only one die can be played, so {who} must play the larger ({max(dice)})"
        if len(set(dice)) == 2 and table.max_pips == min(dice):
            return f"Only the {min(dice)} can be played: the {max(dice)} has no legal landing"
        return f"Only {table.max_pips} of the {total} pips can be used: the rest have no legal landing"

    def details(self, state: SavoyState, turns: bool = True) -> dict[str, Any]:
        """The position in words and numbers; with `turns` false, without what needs its legal turns listed
        (``max_pips``, ``must_pass``, ``note``)."""
        board, stacks = self.board, self._stacks
        names = self.seat_names(state)
        pips = self.pips(state)
        counts = self.pip_counts(state)
        home = self.scores(state)
        if state.over:
            phase = "over"
        elif not state.dice:
            phase = "opening roll" if state.opening else "roll"
        else:
            phase = "move"
        info: dict[str, Any] = {
            "phase": phase,
            "dice": list(state.dice),
            "opening_roll": list(state.opening_roll),
            "to_roll": None if phase not in ("roll",) else names[state.to_move],
            "pips_to_home": dict(zip(names, pips)),
            "pip_count": dict(zip(names, counts)),
            "home": dict(zip(names, home)),
            "stacks": {board.cells[c]: stacks.text(v, board.colours) for c, v in enumerate(state.cells) if v},
            "pinned": sorted((board.cells[c] for c, v in enumerate(state.cells) if stacks.layers(v)[2] is not None),
                             key=cell_key),
            "turns": state.turns,
            "passes_in_a_row": state.passes,
            "turn_limit": state.rules.max_turns,
            "reading": state.rules.trips,
        }
        if board is not SAVOY_BOARD:
            info["seats"] = {name: [board.colours[c] for c in colours]
                             for name, colours in zip(names, state.rules.seats)}
            info["pip_count_by_colour"] = {board.colours[c]: n for c, n in self._colour_pip_counts(state).items()}
            info["pips_to_home_by_colour"] = {board.colours[c]: n for c, n in self.colour_pips(state).items()}
            info["pass_limit"] = state.rules.draw_passes
        if phase == "move" and turns:
            table = self.table(state)
            info["max_pips"] = table.max_pips
            info["must_pass"] = not table.moves
            info["note"] = self.roll_note(state)
        return info


def start_heights(options: Mapping[str, OptionValue]) -> list[int]:
    """Heights on the three start cells, farthest from home first."""
    if options["even"]:
        n = int(options["even"])
        return [n // 3 + (1 if i < n % 3 else 0) for i in range(3)]
    if options["step"]:
        h = (int(options["step"]) - 3) // 3
        heights = [h + 2, h + 1, h]
        return heights if options["steptall"] == "far" else heights[::-1]
    return [int(options["stack"]), 0, 0]


SAVOY = SavoyGame()
