"""The Savoy scene: the figure-of-eight, dice with a short roll, turns built part by part.

The scene holds no rules. Which pieces may start a trip, where they may go, the
routes to choose from, which dice a part uses, whether the turn is complete,
why the dice cannot all be used and every refusal come from the rules object
(`SAVOY.continuations`, `completed`, `dice_used`, `after`, `roll_note`,
`details`, `check_legal`); every roll and turn goes through
`GameHistory.play`, so the record replays exactly. Rolls are the game's own
(`GameScene.next_roll`, from the game's seed; pass `seed=` to fix it) and are
shown tumbling for a moment first.

Building a turn: tap (or click) a ringed piece, then a green cell; where two
routes lead there, both are drawn with numbers and the player picks one. Each
part shows the dice it uses; Undo takes back the last part; Play (or Enter)
confirms the whole turn. A typed move (``a4-c4,g4-h4``, ``l7-d4/l6``) works too.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, Callable, Iterator, Sequence

import pygame

from game.app.play.dice import DiceRoller, work_slice
from game.app.play.motion import Slide
from game.app.play.panels import PanelScene
from game.app.ui import theme
from game.app.ui.input import Intent
from game.app.ui.scene import Host
from game.app.ui.targets import Target
from game.app.ui.widgets import Button
from game.rules.base import Game
from game.rules.options import OptionValue
from game.rules.savoy import PASS, SAVOY, Part, SavoyMove, SavoyState, stacks_of
from .rules_page import SAVOY_RULES
from .view import (SAVOY_LOOK, SavoyLayout, SavoyLook, SavoyView, draw_savoy, draw_seat_icon, draw_stack,
                   names_zoom)

ROLL_SECONDS = 0.5
MAX_ROUTES = 4
UPRIGHT_GAIN = 1.05  # the board turns upright where its cells come out at least this much larger


def dice_words(dice: Sequence[int]) -> str:
    if not dice:
        return "none"
    if len(dice) == 4 and len(set(dice)) == 1:
        return f"double {dice[0]}"
    return " and ".join(str(d) for d in dice)


def chained(parts: Sequence[Part]) -> list[Part]:
    """A turn's parts in an order they can be made in: one that leaves from where another arrives after it
    (moves keep their parts sorted by cell, not in the order they were made)."""
    left, out = list(parts), []
    while left:
        first = next((p for p in left if not any(q is not p and q.dst == p.src for q in left)), left[0])
        out.append(first)
        left.remove(first)
    return out


class SavoyScene(PanelScene):
    """Savoy's scene, and (with another `look` and rules page) Savoya's: any board of strands, any seats.

    A seat moves one colour or (Savoya for two) two; `seat_colours` says which. Cards, dice, messages and
    the game-over lines name the seats; the board names the colours (R, L, T, B)."""

    rules_page = SAVOY_RULES
    look: SavoyLook = SAVOY_LOOK
    move_col_w = 220  # (a turn's row: "R 4-5: a4-e4,g4-h4")
    button_h = (theme.MIN_TOUCH, 52)
    message_h = (42, 86)
    view_buttons = frozenset({"names"})

    def __init__(self, app: Host, game: Game = SAVOY, options: dict[str, OptionValue] | None = None,
                 seats: tuple[str, ...] = ("Human", "Human"), rng: random.Random | None = None,
                 seed: int | None = None, start: SavoyState | None = None) -> None:
        super().__init__(app, game, options, seats, seed=seed, start=start, rng=rng)
        self.roller = DiceRoller(ROLL_SECONDS)
        self.parts: list[Part] = []          # the turn being built: single-piece parts, in order
        self.selected: str | None = None     # the cell of the piece chosen to move next
        self.route_choices: list[Part] = []  # competing routes to one destination
        self.hover_cell: str | None = None
        self.show_names = True  # the cell names (drawn where the cells are big enough to read them)
        self.layout_board: SavoyLayout | None = None
        self._cached: tuple[SavoyState, tuple[Part, ...]] | None = None
        # a position met with its dice already rolled (a game resumed or opened by link, an undo) whose turns
        # are not listed yet: listed a slice a frame (`_refresh`), as while the dice tumble
        self._listing: tuple[SavoyState, Iterator[None]] | None = None
        self.info: dict[str, Any] = {}
        self.conts: list[Part] = []
        self.done: SavoyMove | None = None
        self.board: tuple[int, ...] = ()
        self.part_dice: list[tuple[int, ...]] = []
        self.dice_left: tuple[int, ...] = ()
        self.b.update({
            "roll": Button("Roll", self.start_roll, name="roll", primary=True),
            "play": Button("Play", self.confirm, name="play", primary=True),
            "pass": Button("Pass", lambda: self.play(PASS), name="pass"),
            "undo": Button("Undo", self.undo, name="undo"),
            "redo": Button("Redo", self.redo, name="redo"),
            "names": Button("Names", self.toggle_names, name="names"),
            "cancel": Button("Cancel", self.cancel_routes, name="cancel"),
        })
        for k in range(MAX_ROUTES):
            self.b[f"route{k}"] = Button(f"Route {k + 1}", (lambda k=k: self.pick_route(k)), name=f"route{k}")
        self.buttons = list(self.b.values())
        self._refresh()
        self.say(self.opening_words())

    @classmethod
    def draw_picture(cls, surface: pygame.Surface, rect: pygame.Rect, state: SavoyState) -> None:
        draw_savoy(surface, SavoyLayout(rect, cls.look), state.cells, SavoyView(show_names=False))

    # -- state-derived caches ------------------------------------------------------------
    @property
    def state(self) -> SavoyState:
        return self.history.state

    def _refresh(self) -> None:
        state = self.state
        key = (state, tuple(self.parts))
        if self._cached is not None and self._cached[0] is state and self._cached[1] == key[1]:
            return
        if self._cached is not None and self._cached[0] is not state:
            self.parts, self.selected, self.route_choices = [], None, []
            key = (state, ())
        self._cached = key
        game = self.game
        listed = game.is_prepared(state)
        if not listed:  # a slice of the listing each time (each frame: `sync_buttons`); a small table at once
            if self._listing is None or self._listing[0] is not state:
                self._listing = (state, iter(game.prepare_play(state)))
            self._list_turns()
            listed = self._listing is None
        self.info = game.details(state, turns=listed)
        if not listed:
            self._cached = None  # (again once they are listed)
            self.conts, self.done, self.board = [], None, state.cells
            self.part_dice, self.dice_left = [], state.dice
        elif self.info["phase"] == "move":
            self.conts = game.continuations(state, self.parts)
            self.done = game.completed(state, self.parts) if self.parts else None
            self.board = game.after(state, self.parts)
            self.part_dice, self.dice_left = game.dice_used(state, self.parts)
        else:
            self.conts, self.done, self.board = [], None, state.cells
            self.part_dice, self.dice_left = [], state.dice
        if self.selected is not None and self.selected not in self.sources():
            self.selected = None

    def sources(self) -> frozenset[str]:
        return frozenset(p.src for p in self.conts)

    def seat_colours(self, seat: int) -> tuple[int, ...]:
        """The colours (piece sets) `seat` moves."""
        return self.state.rules.seats[seat]

    def letters(self, seat: int) -> str:
        """The letters of the colours `seat` moves ("R", or "RL" for Savoya's Gold)."""
        return "".join(self.look.board.colours[c] for c in self.seat_colours(seat))

    def owner_of(self, colour: int) -> int | None:
        """The seat that moves `colour` (None: a colour nobody plays)."""
        return next((seat for seat, colours in enumerate(self.state.rules.seats) if colour in colours), None)

    def blocked_for(self, cell: str | None) -> frozenset[str]:
        """The stacks the piece on `cell` may pass over but never land on (two or more of another colour
        on top, the mover's own other colour included), on the board as the turn so far leaves it."""
        if cell is None:
            return frozenset()
        board = self.look.board
        stacks = stacks_of(board)
        colour = stacks.layers(self.board[board.cell_id[cell]])[0]
        if colour is None:
            return frozenset()
        blocked = frozenset(board.cells[c] for c, v in enumerate(self.board) if v and not stacks.can_land(v, colour))
        return blocked - self.targets(cell)  # (a stack the turn's other parts thin out is a target, not a block)

    def targets(self, src: str | None) -> frozenset[str]:
        return frozenset(p.dst for p in self.conts if p.src == src) if src else frozenset()

    def must_pass(self) -> bool:
        return bool(self.info.get("must_pass"))

    def roll_due(self) -> bool:
        return not self.roller.rolling and self.game.is_chance(self.state)

    def busy(self) -> bool:
        return self.roller.rolling or self._listing is not None

    @staticmethod
    def rollers(game: Game, state: SavoyState) -> Sequence[int]:
        """Everyone throws the opening roll (one die each); later, the player to move rolls."""
        return tuple(range(len(state.rules.seats))) if state.opening else (state.to_move,)

    def dice_words_by_seat(self, dice: Sequence[int]) -> str:
        """``R 5, L 3``: each seat's die of an opening roll."""
        return ", ".join(f"{name} {die}" for name, die in zip(self.seat_names, dice))

    def opening_words(self) -> str:
        state = self.state
        if state.opening and not state.dice:
            if state.opening_roll:
                return f"Tie for the highest ({self.dice_words_by_seat(state.opening_roll)}): roll again."
            most = "higher" if len(state.rules.seats) == 2 else "highest"
            return f"Opening roll: one die each; the {most} roll moves first, using that die alone."
        return ""

    # -- actions -------------------------------------------------------------------------
    def names_zoom(self) -> float:
        """How much larger the board must be drawn for the cells' names to be read (1: they can)."""
        return names_zoom(self.layout_board) if self.layout_board is not None else 1.0

    def focus(self) -> tuple[float, float]:
        """Where a zoom for the names centres: the chosen piece, or the board's middle."""
        if self.selected is not None and self.layout_board is not None:
            return self.layout_board.centre(self.selected)
        return super().focus()

    def start_roll(self) -> None:
        """Roll the dice due (the game's own roll, drawn now and shown after a short tumble)."""
        if not self.roll_due():
            return
        move = self.next_roll()
        now = self.roller.start(move, 2, self.game.prepare_play(self.game.apply(self.state, move)))
        if now is not None:
            self.play(now)
        else:
            self.say("Rolling...")

    def confirm(self) -> None:
        if self.done is not None:
            self.play(self.done)

    def cancel_routes(self) -> None:
        self.route_choices = []
        self.say("")

    def pick_route(self, k: int) -> None:
        if k < len(self.route_choices):
            self.add_part(self.route_choices[k])

    def add_part(self, part: Part) -> None:
        before = self.board
        self.parts.append(part)
        self.selected, self.route_choices = None, []
        self._refresh()
        self.start_motion(before, SavoyMove("turn", (part,)))  # the piece slides along its route
        used = "+".join(str(d) for d in self.part_dice[-1])
        words = f"{part.src}-{part.dst} ({part.steps} step{'s' if part.steps > 1 else ''}) uses {used}."
        if self.done is not None and not self.conts:
            self.say(f"{words} The turn is complete: press Play (or Enter) to confirm, or Undo a part.")
        elif self.done is not None:
            self.say(f"{words} This brings your last piece home: Play wins now, or go on.")
        else:
            self.say(f"{words} Dice left: {dice_words(self.dice_left)}. Choose the next piece.")

    def forced_reason(self, move: SavoyMove) -> str:
        dice = dice_words(self.state.dice)
        if move.kind == "pass":
            return f"No piece can land anywhere with {dice}"
        return f"Only one turn can be played with {dice}"

    def after_move(self, move: Any) -> None:
        self.entry = ""
        self.move_scroll = 0
        self.parts, self.selected, self.route_choices = [], None, []
        before = self.history.states[-2] if len(self.history.states) > 1 else self.state
        self._refresh()
        state = self.state
        if move.kind == "roll":
            if before.opening and state.opening:
                self.say(self.opening_words())
            elif before.opening:
                who = self.player_name(state.to_move)
                self.say(f"Opening roll: {self.dice_words_by_seat(state.opening_roll)}. {who} start"
                         f"{'' if who == 'You' else 's'} and move{'' if who == 'You' else 's'} "
                         f"{max(state.opening_roll)} alone."
                         + (f" {self.info['note']}" if self.info.get("note") else ""))
            else:  # (a roll that cannot all be used is news, not an error)
                self.say(self.info.get("note") or "")
        elif move.kind == "pass":
            who = self.player_name(before.to_move, before)
            self.say(f"{who} passed: no legal move with {dice_words(before.dice)}." if who != "You" else
                     f"You passed: no legal move with {dice_words(before.dice)}.")
        else:
            self.say("")
        self.check_over()

    def undo(self) -> None:
        if self.route_choices:
            self.cancel_routes()
            return
        if self.parts:
            part = self.parts.pop()
            self.selected = None
            self.finish_motion()
            self._refresh()
            self.say(f"Took back {part.src}-{part.dst} (this turn). Dice left: {dice_words(self.dice_left)}.")
            return
        super().undo()

    def clear_selection(self) -> None:
        self.roller.cancel()
        self.parts, self.selected, self.route_choices = [], None, []

    def submit_entry(self) -> bool:
        if self.entry.strip():
            self.parts, self.selected, self.route_choices = [], None, []
        return super().submit_entry()

    def enter(self) -> None:
        """Enter with nothing typed: confirm a complete turn, else roll, else the forced pass."""
        if self.done is not None:
            self.confirm()
        elif self.roll_due():
            self.start_roll()
        elif self.must_pass():
            self.play(PASS)

    # -- layout --------------------------------------------------------------------------
    def make_board_layout(self, rect: pygame.Rect) -> SavoyLayout:
        """The board in `rect`, upright where that makes its cells larger (a tall rectangle)."""
        rect = rect.inflate(-6, -6)
        self.look = self.look_for(rect.width, rect.height)
        return SavoyLayout(rect, self.look)

    def look_for(self, width: float, height: float) -> SavoyLook:
        """The game's look, turned upright when the cells come out larger so in `width` x `height`."""
        look = type(self).look
        flat = SavoyLayout.spacing_for(width, height, look)
        tall = SavoyLayout.spacing_for(width, height, look, upright=True)
        return look.upright() if tall > flat * UPRIGHT_GAIN else look

    def board_target_px(self, layout: SavoyLayout) -> float:
        return layout.spacing  # cells are this far apart; a tap finds the nearest

    def phone_board_height(self, room: int, width: int) -> int:
        """No taller than the board needs, drawn across the full width (upright, where its cells come out
        larger so)."""
        room = max(120, room)
        look = self.look_for(width - 6, room - 6)
        spacing = SavoyLayout.spacing_for(width - 6, room - 6, look, look.turned)
        rows = look.cols if look.turned else look.rows
        return min(room, int(spacing * (rows + 0.3)) + 10)

    def place_status(self, x: int, y: int, width: int) -> int:
        """The status line and, under it on a desktop, the turn being built (a phone gives that line to the
        board: the message names each part as it is made, the board shows them with their dice)."""
        if self.portrait:
            self.status_rect = pygame.Rect(x, y, width, 24)
            self.turn_rect = pygame.Rect(x, y + 24, 0, 0)
            return y + 26
        self.status_rect = pygame.Rect(x, y, width, 26)
        self.turn_rect = pygame.Rect(x, y + 28, width, 26)
        return y + 60

    def button_rows(self) -> Sequence[Sequence[tuple[str, int]]]:
        """Two rows under the board; while routes compete, the second row offers them."""
        first = (("roll", 2), ("play", 2), ("pass", 1))
        if self.route_choices:
            routes = tuple((f"route{k}", 2) for k in range(len(self.route_choices[:MAX_ROUTES])))
            return first, routes + (("cancel", 1),)
        return first, (("undo", 1), ("redo", 1), ("names", 1))

    def place_buttons(self) -> int:
        for name in ("undo", "redo", "names", "cancel", *(f"route{k}" for k in range(MAX_ROUTES))):
            self.b[name].rect = pygame.Rect(0, 0, 0, 0)  # only the row in use can be hit
        y = super().place_buttons()
        for k, part in enumerate(self.route_choices[:MAX_ROUTES]):
            button = self.b[f"route{k}"]
            button.label = f"Route {k + 1}"
            button.hint = f"via {part.via}, {part.steps} steps"
        return y

    # -- input ---------------------------------------------------------------------------
    def before_press(self) -> None:
        self.place_buttons()

    def hover_board(self, pos: tuple[int, int]) -> None:
        self.hover_cell = self.layout_board.cell_at(pos) if self.layout_board else None

    def drop_selection(self) -> bool:
        if self.route_choices:
            self.cancel_routes()
            return True
        dropped, self.selected = self.selected is not None, None
        return dropped

    def handle_game(self, intent: Intent) -> None:
        if intent.kind == "key" and intent.text == "f3":
            self.toggle_names()
        elif intent.kind == "confirm":
            if not self.submit_entry():
                self.enter()

    def point_board(self, pos: tuple[int, int], touch: bool = False) -> None:
        geo = self.layout_board
        name = geo.cell_at(pos) if geo else None
        if self.roller.rolling or geo is None:
            return
        if self.route_choices:
            pick = self._route_at(name)
            if pick is not None:
                self.add_part(pick)
                return
            self.route_choices = []
        if name is None:
            self.selected = None
            return
        if self.info["phase"] != "move":
            if self.roll_due():
                self.say("Roll the dice first: press Roll (or Enter).", error=True)
            return
        if self.selected is not None and name in self.targets(self.selected):
            self.move_to(name)
            return
        if name in self.sources():
            self.choose_piece(name)
            return
        chosen, self.selected = self.selected, None
        if chosen is not None:
            self.explain_trip(chosen, name)
        else:
            self.explain(name)

    def tap_targets(self) -> list[Target]:
        """The chosen piece's legal targets, then the other pieces that can start a trip (none while the dice
        roll or routes compete: the route buttons, or a cell on a route's line, choose then). The chosen
        piece is reached only by a tap on it (which drops it): a tap beside it says why nothing goes there."""
        geo = self.layout_board
        if geo is None or self.roller.rolling or self.route_choices or self.info.get("phase") != "move":
            return []
        size = geo.spacing * 0.5
        targets = self.targets(self.selected)
        pieces = self.sources() - targets - {self.selected}
        rank = 1 if self.selected is not None else 0
        chosen = [] if self.selected is None or self.selected in targets else [
            Target(("piece", self.selected), geo.centre(self.selected), geo.piece_radius * 1.3, 1, exact=True)]
        return ([Target(("to", name), geo.centre(name), size) for name in sorted(targets)] + chosen
                + [Target(("piece", name), geo.centre(name), size, rank) for name in sorted(pieces)])

    def take_target(self, key: tuple[str, str]) -> None:
        what, name = key
        if what == "to":
            self.move_to(name)
        else:
            self.choose_piece(name)

    def choose_piece(self, name: str) -> None:
        """A tap on a piece that can start a trip: it is chosen (or, chosen already, dropped)."""
        self.route_choices = []
        self.selected = None if name == self.selected else name
        if self.selected is not None:
            self.say(f"{name}: the green cells show where this piece can go with "
                     f"{dice_words(self.dice_left)}.{self.own_blocks_words(name)}")

    def move_to(self, name: str) -> None:
        """The chosen piece goes to `name` (one of its targets): the part is added, or, where two routes lead
        there, they are offered."""
        routes = [p for p in self.conts if p.src == self.selected and p.dst == name]
        if len(routes) == 1:
            self.add_part(routes[0])
        elif routes:
            self.route_choices = routes[:MAX_ROUTES]
            ways = "; ".join(f"{k + 1}: via {p.via}, {p.steps} steps" for k, p in enumerate(self.route_choices))
            self.say(f"{self.selected}-{name} can go two ways ({ways}). Pick a route: its button, or tap a "
                     "cell on its numbered line.")

    def explain_trip(self, src: str, dst: str) -> None:
        """Why the chosen piece cannot go to `dst`, in the rules' words (`SAVOY.explain` of the turn so far
        with this trip added)."""
        parts = sorted([*self.parts, Part(src, dst)], key=Part.sort_key)
        move = SavoyMove("turn", tuple(parts))
        reason = str(self.game.explain(self.state, move))
        reason = reason.removeprefix(f"{move}: ")
        label = f"{src}-{dst}"
        if not reason.startswith(label):
            reason = f"{label}: {reason[:1].lower() + reason[1:]}"
        self.say(f"{reason}. Tap a green cell, or another ringed piece.", error=True)

    def own_blocks_words(self, cell: str) -> str:
        """Where the mover's own stacks of another colour block the piece on `cell` ("differently coloured"
        blocks, whoever owns it: Savoya for two), a sentence saying so; else ""."""
        board = self.look.board
        stacks = stacks_of(board)
        colour = stacks.layers(self.board[board.cell_id[cell]])[0]
        mine = self.seat_colours(self.state.to_move)
        own = sorted((name for name in self.blocked_for(cell)
                      if stacks.layers(self.board[board.cell_id[name]])[0] in mine), key=board.name_rank.get)
        if not own or colour is None:
            return ""
        letter = board.colours[colour]
        other = board.colours[stacks.layers(self.board[board.cell_id[own[0]]])[0]]
        return (f" Your own {other} stack{'s' if len(own) > 1 else ''} on {', '.join(own)} "
                f"block{'' if len(own) > 1 else 's'} this {letter} piece (crossed out): it may jump over, not land.")

    def _route_at(self, name: str | None) -> Part | None:
        """The competing route that alone passes through `name` (tapping a cell on it picks it)."""
        if name is None or self.layout_board is None:
            return None
        hits = [p for p in self.route_choices
                if name in self.layout_board.route(p.src, p.via, p.steps)[1][1:-1]]
        return hits[0] if len(hits) == 1 else None

    def explain(self, name: str) -> None:
        """Why tapping this cell did nothing (from the rules' details and continuations)."""
        state = self.state
        me = state.to_move
        board = self.look.board
        stacks = stacks_of(board)
        top, _, under = stacks.layers(self.board[board.cell_id[name]])
        mover = self.seat_names[me]
        if top is None:
            if self.must_pass():
                self.say(self.info.get("note") or f"{mover} has no legal move and must pass.", error=True)
            elif self.conts:
                self.say(f"{name} is empty: tap one of the ringed pieces first (those can move with "
                         f"{dice_words(self.dice_left)}), then a green cell.", error=True)
            else:
                self.say("The turn is complete: press Play to confirm it, or Undo a part.", error=True)
            return
        mine = self.seat_colours(me)
        letters = board.colours
        height = stacks.layers(self.board[board.cell_id[name]])[1] + (under is not None)
        if self.must_pass():
            self.say(self.info.get("note") or f"{mover} has no legal move and must pass.", error=True)
        elif top not in mine:
            owner = self.owner_of(top)
            if under in mine:
                seat = letters[top] if owner is None else self.seat_names[owner]
                whose = f" ({seat})" if seat != letters[top] else ""  # Savoya: the seat, where it is not the colour
                self.say(f"The {letters[under]} piece on {name} is pinned by {letters[top]}{whose}: it cannot move "
                         f"until every {letters[top]} piece on top has left.", error=True)
            else:
                who = f"{letters[top]}'s" if owner is None else self.whose(owner)
                self.say(f"That is {who} {'stack' if height > 1 else 'piece'}; it is {self.whose(me)} turn.",
                         error=True)
        elif under in mine and top in mine and under != top:
            self.say(f"Your {letters[under]} piece on {name} is pinned by your own {letters[top]} "
                     f"({'stack' if height > 2 else 'piece'}): move the {letters[top]} off to free it.", error=True)
        elif not self.conts:
            self.say("The turn is complete: press Play to confirm it, or Undo a part.", error=True)
        elif any(p.dst == name for p in self.parts) and not any(p.src == name for p in self.conts):
            self.say(f"The piece that came to {name} has made its trip: a piece moves once a turn.", error=True)
        else:
            pips = self.info.get("max_pips", 0)
            self.say(f"No legal trip from {name} with {dice_words(self.dice_left)} fits a legal turn: every "
                     f"cell where a die ends must be a legal landing, and the turn must use {pips} pips.",
                     error=True)

    # -- frame ---------------------------------------------------------------------------
    def advance(self, dt: float) -> None:
        super().advance(dt)
        rolled = self.roller.update(dt)
        if rolled is not None:
            self.play(rolled)
        self.sync_buttons()

    def _list_turns(self) -> None:
        """A slice of listing the turns of a position met with its dice rolled (see `_listing`; `_refresh`)."""
        if self._listing is None:
            return
        state, work = self._listing
        if state is not self.state:
            self._listing = None
            return
        if work_slice(work, self.roller.work_seconds):
            self._listing = None

    def sync_buttons(self) -> None:
        """Buttons follow the state (also while another screen, such as game over, lies on top)."""
        self._refresh()
        b = self.b
        state = self.state
        rolling = self.roller.rolling
        b["roll"].enabled = self.roll_due()
        b["roll"].label = "Rolling..." if rolling else ("Opening roll" if state.opening else "Roll")
        roller = "one die each" if state.opening else self.seat_names[state.to_move]
        b["roll"].hint = roller if self.roll_due() else ""
        b["play"].enabled = self.done is not None and not rolling
        b["play"].hint = str(self.done) if self.done is not None else ""
        b["pass"].enabled = self.must_pass() and not rolling
        b["pass"].primary = self.must_pass()
        b["undo"].enabled = (bool(self.parts) or self.can_undo()) and not rolling
        b["undo"].label = "Undo part" if self.parts else "Undo"
        b["redo"].enabled = self.history.can_redo() and not rolling and not self.parts
        b["names"].selected = self.names_shown()
        self.place_buttons()

    def play_status(self) -> tuple[str, tuple[int, int, int]]:
        state = self.state
        me = self.player_name(state.to_move)
        if self.roller.rolling:
            words = "Rolling..."
        elif self._listing is not None:
            words = f"{self.to_act_words(state.to_move)} with {dice_words(state.dice)}: finding the legal turns..."
        elif state.opening and not state.dice:
            words = "Opening roll: one die each"
        elif not state.dice:
            words = self.to_act_words(state.to_move, "roll")
        elif self.must_pass():
            words = f"{me} cannot move with {dice_words(state.dice)}: a pass"
        else:
            words = (f"{self.to_act_words(state.to_move)} with {dice_words(state.dice)} "
                     f"({self.info.get('max_pips', 0)} pips to use)")
        if self.hover_cell is not None:
            board = self.look.board
            kind = " crossing" if board.cell_id[self.hover_cell] in board.crossings else ""
            words += f"   ·   {self.hover_cell}{kind}"
        return words, theme.TEXT  # (the side's colour is its icon's: R's red would read as an error)

    def turn_line(self) -> str:
        """The turn so far: each part with the dice it uses, and the dice left."""
        if self.info.get("phase") != "move" or self.roller.rolling:
            return ""
        parts = [f"{p.src}-{p.dst} ({'+'.join(map(str, d))})" for p, d in zip(self.parts, self.part_dice)]
        left = f"dice left: {dice_words(self.dice_left)}" if self.dice_left else "all dice used"
        return ("Turn: " + ", ".join(parts) + "  ·  " + left) if parts else f"Dice: {dice_words(self.state.dice)}"

    def entry_hint(self) -> str:
        return "Type a move (a4-c4,g4-h4 · l7-d4/l6 · pass) + Enter"

    def idle_message(self) -> tuple[str, tuple[int, int, int]]:
        note = self.info.get("note")
        if note:
            return note, theme.ACCENT
        act = "Tap" if self.portrait else "Click"
        if self.info.get("phase") == "move":
            return f"{act} a ringed piece, then a green cell; Play confirms the turn.", theme.TEXT_DIM
        if self.roll_due():
            return "Press Roll (or Enter) to roll.", theme.TEXT_DIM
        return "", theme.TEXT_DIM

    def roll_text(self, before: SavoyState, move: SavoyMove) -> str:
        dice = super().roll_text(before, move)
        return f"opening {dice}" if before.opening else dice

    def move_item(self, number: int, before: SavoyState, move: SavoyMove) -> str:
        who = "" if move.kind == "roll" and before.opening else self.seat_names[before.to_move]
        return f"{number}. {who} {move}".replace("  ", " ")

    # -- cards ---------------------------------------------------------------------------
    def pieces(self, seat: int) -> int:
        """How many pieces `seat` has (of all its colours)."""
        letters = self.letters(seat)
        return sum(stack.count(letter) for stack in self.info.get("stacks", {}).values() for letter in letters)

    def card_icon(self, colour: int) -> Callable[[pygame.Surface, tuple[float, float], float], None]:
        colours = self.seat_colours(colour)
        return lambda surface, centre, r: draw_seat_icon(surface, colours, centre, r, self.look)

    def seat_ink(self, colour: int) -> tuple[int, int, int]:
        """The seat's colour as text on the dark background (a seat of two colours: its first)."""
        return self.look.ink[self.seat_colours(colour)[0]]

    def card_tags(self, colour: int, moving: bool) -> list[str]:
        home = self.info.get("home", {}).get(self.seat_names[colour], 0)
        tags = [*self.seat_tags(colour), f"home {home}/{self.pieces(colour)}"]
        if moving:
            tags.append("to roll" if not self.state.dice else "to move")
        return tags

    def card_moving(self, colour: int) -> bool:
        state = self.state
        if state.over:
            return False
        if state.opening and not state.dice:
            return True
        return state.to_move == colour

    def card_score(self, colour: int, scores: Sequence[int]) -> str:
        return str(self.info.get("pips_to_home", {}).get(self.seat_names[colour], ""))

    def score_caption(self) -> str:
        return "pips to go"

    # -- drawing -------------------------------------------------------------------------
    def view(self) -> SavoyView:
        state = self.state
        geo_hover = self.hover_cell
        sel = self.selected
        targets = self.targets(sel) if not self.route_choices else frozenset(p.dst for p in self.route_choices)
        previews = [(p.src, p.via, p.steps) for p in self.conts if p.src == sel] if sel else []
        if sel and geo_hover in targets:
            previews = [(p.src, p.via, p.steps) for p in self.conts if p.src == sel and p.dst == geo_hover]
        chosen = [(p.src, p.via, p.steps, "+".join(map(str, d))) for p, d in zip(self.parts, self.part_dice)]
        last: list[tuple[str, str, int]] = []
        if not self.parts and self.history.moves:
            for move in reversed(self.history.moves):
                if move.kind == "turn":
                    last = [(p.src, p.via, p.steps) for p in move.parts]
                    break
                if move.kind == "pass":
                    break
        dice, owners, caption = self.tray()
        return SavoyView(
            movable=self.sources() if not self.roller.rolling and not self.route_choices else frozenset(),
            selected=sel, targets=targets, blocked=self.blocked_for(sel),
            previews=previews if not self.route_choices else [],
            choices=[(p.src, p.via, p.steps) for p in self.route_choices], chosen=chosen, last=last,
            hover=geo_hover, show_names=bool(self.show_names),
            mover=None if state.over else state.to_move,
            pips=self.colour_pips(), dice=dice, dice_owner=owners, dice_caption=caption,
            title="" if self.portrait or self.board_zoom.camera.zoomed else self.game.title,  # (with the legend)
        )

    def colour_pips(self) -> tuple[int, ...]:
        """Pips each colour still needs to bring its pieces home (-1 for a colour nobody plays), by the homes."""
        by_colour = self.info.get("pips_to_home_by_colour")
        letters = self.look.board.colours
        if by_colour is None:  # (Savoy: a seat is a colour)
            by_colour = self.info.get("pips_to_home", {})
        return tuple(by_colour.get(letter, -1) for letter in letters)

    # -- moves on their way, and their sound ----------------------------------------------------
    def shown_board(self, state: SavoyState | None = None) -> tuple[int, ...]:
        """The cells drawn: now, with the parts of the turn being built; else those of `state`."""
        if state is not None:
            return state.cells
        self._refresh()
        return self.board

    def start_motion(self, before: tuple[int, ...], move: SavoyMove) -> None:
        if self.done is not None and self.parts and move == self.done:
            return  # a turn built part by part: each piece slid when its part was chosen
        super().start_motion(before, move)

    def slides(self, before: tuple[int, ...], move: SavoyMove) -> tuple[tuple[int, ...], list[Slide]] | None:
        """Each part's pieces travel along their route from the board `before` (a piece that moves on from
        where another part took it, as dice trips may, goes on along both); under them, the board shown now
        with those pieces lifted off where they end (a piece they pin shows until they land)."""
        geo = self.layout_board
        if geo is None or move.kind != "turn" or not move.parts:
            return None
        self._refresh()  # (the board shown now is what they arrive on)
        rules = self.state.rules
        stacks, ids = rules.stacks, rules.board.cell_id
        travels: list[tuple[list[tuple[float, float]], int, int]] = []  # (path, colour, count) per moving group
        ends: dict[str, int] = {}     # where a travel ends so far -> its index
        lift: dict[tuple[str, int], int] = {}  # (cell, colour) -> pieces to lift off the board shown
        for part in chained(move.parts):
            path = geo.route(part.src, part.via, part.steps)[0] if part.via and part.steps else []
            if len(path) < 2:
                path = [geo.centre(part.src), geo.centre(part.dst)]
            k = ends.pop(part.src, None)
            if k is not None and travels[k][2] == part.count:  # the same pieces move on
                colour = travels[k][1]
                travels[k] = (travels[k][0] + path[1:], colour, part.count)
                lift[(part.src, colour)] = lift.get((part.src, colour), 0) - part.count
            else:
                colour = stacks.layers(before[ids[part.src]])[0]
                if colour is None:
                    continue
                travels.append((path, colour, part.count))
                k = len(travels) - 1
            lift[(part.dst, colour)] = lift.get((part.dst, colour), 0) + part.count
            ends[part.dst] = k
        base = self.board
        for (cell, colour), count in lift.items():
            if count:
                base = stacks.apply(base, colour, {ids[cell]: -count})
        r = geo.piece_radius
        return base, [Slide(tuple(path), lambda surface, at, t, value=stacks.make(colour, count, None):
                            draw_stack(surface, value, at, r, self.look)) for path, colour, count in travels]

    def captures(self, before: SavoyState, move: SavoyMove) -> bool:
        """A piece pinned where none was: the turn landed on a lone piece of the other side."""
        layers = before.rules.stacks.layers
        return any(layers(now)[2] is not None and layers(was)[2] is None
                   for now, was in zip(self.state.cells, before.cells))

    def move_marks(self, move: SavoyMove) -> tuple[list[list[tuple[float, float]]], float]:
        geo = self.layout_board
        if geo is None or move.kind != "turn":
            return [], 0.0
        return [geo.route(p.src, p.via, p.steps)[0] for p in move.parts], geo.piece_radius * 1.15

    def tray(self) -> tuple[list[tuple[int, bool]], list[int], str]:
        """The dice beside the board: tumbling, the opening dice, or the roll in force with used dice struck."""
        state = self.state
        seats = range(len(state.rules.seats))
        first = [self.seat_colours(seat)[0] for seat in seats]  # each seat's dice in its (first) colour
        names = self.seat_names
        if self.roller.rolling:
            owners = list(first) if state.opening else [first[state.to_move]] * 2
            caption = ((" and ".join(names) if len(names) == 2 else "Everyone") + " roll" if state.opening
                       else f"{names[state.to_move]} rolls")
            return [(v, False) for v in self.roller.faces], owners, caption
        if state.over:
            return [], [], ""
        if state.opening and state.opening_roll:  # a tie, to be rolled again
            tie = "-".join(map(str, state.opening_roll))
            return [(d, True) for d in state.opening_roll], list(first), f"Tie {tie}: roll again"
        if state.opening:
            return [], [], "Opening roll"
        if not state.dice:
            return [], [], f"{names[state.to_move]} to roll"
        left = Counter(self.dice_left)
        shown = []
        for value in sorted(state.dice):
            if left[value]:
                left[value] -= 1
                shown.append((value, False))
            else:
                shown.append((value, True))
        me = names[state.to_move]
        if state.turns == 0 and state.opening_roll:
            caption = f"Opening: {self.dice_words_by_seat(state.opening_roll)}"
        elif self.must_pass():
            caption = f"{me} must pass"
        else:
            caption = f"{me}: {dice_words(state.dice)}"
        return shown, [first[state.to_move]] * len(shown), caption

    def draw(self, surface: pygame.Surface) -> None:
        self.sync_buttons()
        surface.fill(theme.BG)
        if self.layout_board is None:
            return
        layout, view = self.layout_board, self.view()
        self.draw_position(surface, self.board, lambda target, cells: draw_savoy(target, layout, cells, view))
        self.draw_buttons(surface)
        if self.portrait:
            theme.text(surface, self.game.title, 26, theme.TEXT,
                       center=(self.size[0] // 2, self.b["menu"].rect.centery))
        if self.turn_rect.width:
            theme.text(surface, self.turn_line(), self.text_size - 1, theme.ACCENT if self.parts else theme.TEXT_DIM,
                       midleft=self.turn_rect.midleft, max_width=self.turn_rect.width)
        self.draw_panels(surface)

    # -- game over -----------------------------------------------------------------------
    def breakdown_lines(self) -> list[str]:
        state = self.state
        lines = []
        board = self.look.board
        for seat, who in enumerate(self.seat_names):
            home = self.info["home"][who]
            cells = "; ".join(f"{board.colours[c]} to {', '.join(board.home_names[c])}"
                              for c in self.seat_colours(seat))
            lines.append(f"{who} ({self.person_short(seat)}): {home} of {self.pieces(seat)} pieces home "
                         f"({cells}); {self.info['pips_to_home'][who]} pips to go")
        outcome = self.game.outcome(state)
        if outcome is not None and outcome.winner is None:
            lines.append("House rules: Cameron Browne's rules give no way to end a game that cannot finish "
                         f"(for example when players pin each other), so this app draws after "
                         f"{state.rules.draw_passes} passes in a row, at a dead position (no roll lets "
                         f"anyone move), or after {state.rules.max_turns} turns.")
        return lines
