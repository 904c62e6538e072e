"""The Star scene: board, live scores, chains view, move list, typed moves, undo/redo.

The scene holds no rules: highlights come from `legal_moves`, scores from
`scores`/`chains`, and every move (click, tap, button or typed) goes through
`GameHistory.play`, whose refusal is shown as a message.
"""

from __future__ import annotations

from typing import Any, Sequence

import pygame

from game.app.play.motion import Slide
from game.app.play.panels import PanelScene
from game.app.ui import theme
from game.app.ui.input import Intent
from game.app.ui.scene import Host
from game.app.ui.targets import Target
from game.app.ui.widgets import Button
from game.rules.base import Game
from game.rules.options import OptionValue
from game.rules.star import PASS, PLAYERS, STAR, SWAP, StarMove, StarState, chain_scores, chains
from .rules_page import STAR_RULES
from .view import BoardView, HexLayout, draw_star

COLOUR_NAMES = ("dark", "light")


class StarScene(PanelScene):
    rules_page = STAR_RULES
    panel_width = (300, 460, 0.34)
    cards_stacked = True
    board_min_h = 120
    board_square = False
    message_h = (42, 64)
    view_buttons = frozenset({"chains", "coords"})

    def __init__(self, app: Host, game: Game = STAR, options: dict[str, OptionValue] | None = None,
                 seats: tuple[str, ...] = ("Human", "Human"), **kwargs: Any) -> None:
        super().__init__(app, game, options, seats, **kwargs)  # seed (of the computer's searches), start
        self.hover_cell: int | None = None
        self.show_chains = False
        self.show_coords = False
        self._cached: StarState | None = None
        self.legal_cells: frozenset[int] = frozenset()
        self.legal: list[StarMove] = []
        self.chain_list: list[Any] = []
        self.layout_board: HexLayout | None = None
        self.b.update({
            "pass": Button("Pass", lambda: self.play(PASS), name="pass"),
            "swap": Button("Swap", lambda: self.play(SWAP), name="swap"),
            "undo": Button("Undo", self.undo, name="undo"),
            "redo": Button("Redo", self.redo, name="redo"),
            "chains": Button("Chains", self.toggle_chains, name="chains"),
            "coords": Button("Coords", self.toggle_coords, name="coords"),
        })
        self.buttons = list(self.b.values())
        self._refresh()

    @classmethod
    def draw_picture(cls, surface: pygame.Surface, rect: pygame.Rect, state: StarState) -> None:
        draw_star(surface, HexLayout(state.size, rect), state, BoardView())

    # -- state-derived caches (recomputed only when the state changes) ----------------------
    @property
    def state(self) -> StarState:
        return self.history.state

    def _refresh(self) -> None:
        state = self.state
        if state is self._cached:
            return
        self._cached = state
        self.legal = self.game.legal_moves(state)
        index = state.board.index
        self.legal_cells = frozenset(index[m.cell] for m in self.legal if m.kind == "place" and m.cell)
        self.chain_list = chains(state)

    def last_placed(self) -> int | None:
        for move in reversed(self.history.moves):
            if move.kind == "place" and move.cell:
                return self.state.board.index[move.cell]
        return None

    def person_of(self, colour: int, state: StarState | None = None) -> int:
        return self.game.seat_of(state if state is not None else self.state, colour)

    def person_name(self, colour: int) -> str:
        """Who plays `colour` now (after a swap, the other person): ``You``, ``Computer (level 3)``, ``Player 2``."""
        return self.person_words(self.person_of(colour))

    def side_words(self, colour: int) -> str:
        return f"{PLAYERS[colour]} ({COLOUR_NAMES[colour]})"

    def seat_tags(self, colour: int) -> list[str]:
        """The side's name; after a swap, that it is now this person's (the stones stay, the people change
        sides)."""
        tags = super().seat_tags(colour)
        if self.state.swapped:  # (the card whose title is You says which colour that is now)
            tags[0] = self.side_words(colour)
            if self.is_you(colour):
                tags.insert(1, "now yours")
        return tags

    # -- actions --------------------------------------------------------------------------
    def toggle_chains(self) -> None:
        self.show_chains = not self.show_chains

    def toggle_coords(self) -> None:
        self.show_coords = not self.show_coords

    def after_move(self, move: Any) -> None:
        self.entry = ""
        self.move_scroll = 0
        self._refresh()
        if move.kind == "swap":
            self.say(self.swap_words())
        elif move.kind == "pass":
            mover = 1 - self.state.to_move
            self.say(f"{self.player_name(mover)} passed ({PLAYERS[mover]})."
                     + (" Both passed: the game is over." if self.state.over else
                        " If the next player passes too, the game ends."))
        else:
            self.say("")
        self.check_over()

    def forced_reason(self, move: StarMove) -> str:
        if move.kind == "pass" and 0 not in self.state.cells:
            return "The board is full"
        return super().forced_reason(move)

    def swap_words(self) -> str:
        """After a swap: who now plays which colour, said to the person it concerns."""
        taker, other = self.person_name(0), self.person_name(1)
        if taker == "You":
            return (f"Swap! You take the opening stone: you now play {self.side_words(0)}. "
                    f"{other} now plays {self.side_words(1)} and moves next.")
        if other == "You":
            return (f"Swap! {taker} takes your opening stone and now plays {self.side_words(0)}. "
                    f"You now play {self.side_words(1)}: your move.")
        return (f"Swap! {taker} takes the opening stone and now plays {self.side_words(0)}. "
                f"{other} now plays {self.side_words(1)} and moves next.")

    # -- layout ---------------------------------------------------------------------------
    def make_board_layout(self, rect: pygame.Rect) -> HexLayout:
        return HexLayout(self.state.size, rect.inflate(-8, -8))

    def phone_board_height(self, room: int, width: int) -> int:
        """No taller than the board drawn across the full width needs (the move list takes the rest)."""
        room = max(self.board_min_h, room)
        return min(room, HexLayout(self.state.size, pygame.Rect(0, 0, width, room).inflate(-8, -8)).bounds.height + 12)

    def board_target_px(self, layout: HexLayout) -> float:
        return layout.cell_width

    def button_rows(self) -> Sequence[Sequence[tuple[str, int]]]:
        return ((("pass", 1), ("swap", 1), ("undo", 1), ("redo", 1)), (("chains", 1), ("coords", 1)))

    # -- input ----------------------------------------------------------------------------
    def hover_board(self, pos: tuple[int, int]) -> None:
        self.hover_cell = self.layout_board.cell_at(pos) if self.layout_board else None

    def handle_game(self, intent: Intent) -> None:
        if intent.kind == "key":
            if intent.text == "f2":
                self.toggle_chains()
            elif intent.text == "f3":
                self.toggle_coords()
        elif intent.kind == "confirm":
            self.submit_entry()

    def tap_targets(self) -> list[Target]:
        """The empty cells a stone may go to (a tap takes the nearest; between two, it asks)."""
        geo = self.layout_board
        if geo is None:
            return []
        return [Target(cell, geo.centers[cell], geo.radius * 0.98) for cell in sorted(self.legal_cells)]

    def take_target(self, cell: int) -> None:
        self.play(self.state.board.names[cell])

    def point_board(self, pos: tuple[int, int], touch: bool) -> None:
        """A tap on no legal cell: a taken cell is refused by the rules, with their reason."""
        geo = self.layout_board
        cell = geo.cell_at(pos) if geo else None
        if cell is not None:
            self.play(self.state.board.names[cell])

    # -- drawing --------------------------------------------------------------------------
    def advance(self, dt: float) -> None:
        super().advance(dt)
        self._refresh()
        b = self.b
        b["pass"].enabled = PASS in self.legal
        b["swap"].enabled = SWAP in self.legal
        b["undo"].enabled = self.can_undo()
        b["redo"].enabled = self.history.can_redo()
        b["chains"].selected = self.show_chains
        b["coords"].selected = self.show_coords

    def view(self) -> BoardView:
        state = self.state
        mover = self.game.to_move(state)
        hover = self.hover_cell if self.hover_cell in self.legal_cells else None
        return BoardView(hover=hover, last=self.last_placed(), mover=mover,
                         show_chains=self.show_chains, show_coords=self.show_coords, chains=self.chain_list)

    def draw(self, surface: pygame.Surface) -> None:
        self._refresh()
        self.advance(0.0)
        surface.fill(theme.BG)
        if self.layout_board is None:
            return
        layout, view = self.layout_board, self.view()
        self.draw_position(surface, self.state, lambda target, state: draw_star(target, layout, state, view))
        self.draw_buttons(surface)
        if self.portrait:
            theme.text(surface, f"Star {self.state.size}" + (" maxi" if self.state.maxi else ""), 26, theme.TEXT,
                       center=(self.size[0] // 2, self.b["menu"].rect.centery))
        self.draw_panels(surface)

    def slides(self, before: StarState, move: StarMove) -> tuple[StarState, list[Slide]] | None:
        """A placed stone drops into its cell (slightly large and light at first) over the board as it was."""
        geo = self.layout_board
        if geo is None or move.kind != "place" or not move.cell:
            return None
        at, colour, r = geo.centers[before.board.index[move.cell]], before.to_move, geo.radius * 0.8

        def drop(surface: pygame.Surface, point: tuple[float, float], t: float) -> None:
            theme.stone(surface, colour, (point[0], point[1] - (1 - t) * r * 0.6), r * (1.3 - 0.3 * t),
                        alpha=round(255 * min(1.0, 0.3 + t)))

        return before, [Slide((at,), drop)]

    def move_marks(self, move: StarMove) -> tuple[list[list[tuple[float, float]]], float]:
        geo = self.layout_board
        if geo is None or move.kind != "place" or not move.cell:
            return [], 0.0
        return [[geo.centers[self.state.board.index[move.cell]]]], geo.cell_width * 0.5

    def winner_name(self, colour: int) -> str:
        return f"{PLAYERS[colour]} ({self.person_name(colour)})"

    def play_status(self) -> tuple[str, tuple[int, int, int]]:
        state = self.state
        mover = state.to_move
        who = self.person_name(mover)
        words = (f"Your move: {self.side_words(mover)}" if who == "You" else
                 f"{self.side_words(mover)} to move: {who}")
        if self.hover_cell is not None:
            words += f"   ·   {state.board.names[self.hover_cell]}"
        return words, theme.TEXT

    def entry_hint(self) -> str:
        return "Type a move (F6, pass, swap) + Enter"

    def score_caption(self) -> str:
        return "best chain" if self.state.maxi else "points"

    def idle_message(self) -> tuple[str, tuple[int, int, int]]:
        if self.show_chains:
            return self.chain_summary(), theme.TEXT
        touch_hint = "Tap a cell to play" if self.portrait else "Click a cell to place a stone"
        return f"{touch_hint}. Chains shows what scores; Coords shows cell names.", theme.TEXT_DIM

    def chain_summary(self) -> str:
        """The scoring chains of each colour, e.g. ``Scoring chains: X +5 +1 | O +1``."""
        per = chain_scores(self.state)
        parts = []
        for colour in (0, 1):
            values = " ".join(f"+{s}" for s in per[colour] if s > 0) or "none"
            parts.append(f"{PLAYERS[colour]} {values}")
        return "Scoring chains: " + " | ".join(parts)

    def move_item(self, number: int, before: StarState, move: StarMove) -> str:
        return f"{number}. {PLAYERS[before.to_move]} {move}"

    # -- game over ------------------------------------------------------------------------
    def breakdown_lines(self) -> list[str]:
        state = self.state
        per = chain_scores(state)
        lines = []
        for colour in (0, 1):
            scoring = [s for s in per[colour] if s > 0]
            zero = len(per[colour]) - len(scoring)
            who = f"{PLAYERS[colour]} ({self.person_short(self.person_of(colour))})"
            if state.maxi:
                best = per[colour][0] if per[colour] else 0
                rest = ", ".join(str(s) for s in scoring[1:]) or "none"
                lines.append(f"{who}: best chain {best}; other scoring chains: {rest}")
            else:
                sums = " + ".join(str(s) for s in scoring) or "0"
                total = sum(scoring)
                extra = f"  ({zero} chain{'s' if zero != 1 else ''} scoring 0)" if zero else ""
                lines.append(f"{who}: {sums} = {total}{extra}")
        return lines
