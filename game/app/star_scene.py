"""The Star scene: board, live scores, chains view, move list, typed moves, undo/redo.

The scene holds no rules: highlights come from `legal_moves`, scores from
`scores`/`chains`, and every move (click, tap, button or typed) goes through
`GameHistory.play`, whose refusal is shown as a message.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any, Sequence

import pygame

from ..rules.base import Game
from ..rules.options import OptionValue
from ..rules.star import PASS, PLAYERS, STAR, SWAP, StarMove, StarState, chain_scores, chains
from . import theme
from .input import Intent
from .rules_screen import RulesPage
from .panels import PanelScene
from .star_view import BoardView, HexLayout, draw_star
from .widgets import Button

if TYPE_CHECKING:
    from .main import App

COLOUR_NAMES = ("dark", "light")
# With touch, cells narrower than this take two taps (choose, then confirm) so a
# fingertip cannot drop a stone on the wrong cell.
TOUCH_DIRECT_PX = 40


class StarScene(PanelScene):
    panel_width = (300, 460, 0.34)
    cards_stacked = True
    board_min_h = 120
    board_square = False
    message_h = (60, 64)

    def __init__(self, app: "App", game: Game = STAR, options: dict[str, OptionValue] | None = None,
                 seats: tuple[str, ...] = ("Human", "Human")) -> None:
        super().__init__(app, game, options, seats)
        self.hover_cell: int | None = None
        self.selected: int | None = None
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
            "place": Button("Place", self.place_selected, name="place", primary=True),
        })
        self.buttons = list(self.b.values())
        self._refresh()

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
        if self.selected is not None and self.selected not in self.legal_cells:
            self.selected = None

    def last_placed(self) -> int | None:
        for move in reversed(self.history.moves):
            if move.kind == "place" and move.cell:
                return self.state.board.index[move.cell]
        return None

    def person_of(self, colour: int) -> int:
        return self.game.seat_of(self.state, colour)

    def person_name(self, colour: int) -> str:
        return f"Player {self.person_of(colour) + 1}"

    # -- actions --------------------------------------------------------------------------
    def toggle_chains(self) -> None:
        self.show_chains = not self.show_chains

    def toggle_coords(self) -> None:
        self.show_coords = not self.show_coords

    def place_selected(self) -> None:
        if self.selected is not None:
            self.play(self.state.board.names[self.selected])

    def after_move(self, move: Any) -> None:
        self.selected = None
        self.entry = ""
        self.move_scroll = 0
        self._refresh()
        if move.kind == "swap":
            self.say(f"Swap! {self.person_name(0)} takes the opening stone and now plays X ({COLOUR_NAMES[0]}). "
                     f"{self.person_name(1)} now plays O ({COLOUR_NAMES[1]}) and moves next.")
        elif move.kind == "pass":
            mover = 1 - self.state.to_move
            self.say(f"{PLAYERS[mover]} passed." + (" Both passed: the game is over." if self.state.over else
                                                    " If the next player passes too, the game ends."))
        else:
            self.say("")
        self.check_over()

    def clear_selection(self) -> None:
        self.selected = None

    # -- layout ---------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        self.layout_board = HexLayout(self.state.size, self.board_rect.inflate(-8, -8))

    def button_rows(self) -> Sequence[Sequence[tuple[str, int]]]:
        return ((("pass", 1), ("swap", 1), ("undo", 1), ("redo", 1)), (("chains", 1), ("coords", 1), ("place", 2)))

    # -- input ----------------------------------------------------------------------------
    def hover_board(self, pos: tuple[int, int]) -> None:
        self.hover_cell = self.layout_board.cell_at(pos) if self.layout_board else None

    def drop_selection(self) -> bool:
        dropped, self.selected = self.selected is not None, None
        return dropped

    def handle_game(self, intent: Intent) -> None:
        if intent.kind == "key":
            if intent.text == "f2":
                self.toggle_chains()
            elif intent.text == "f3":
                self.toggle_coords()
        elif intent.kind == "confirm":
            if not self.submit_entry() and self.selected is not None:
                self.place_selected()

    def point_board(self, pos: tuple[int, int], touch: bool) -> None:
        geo = self.layout_board
        cell = geo.cell_at(pos) if geo else None
        if geo is None or cell is None:
            self.selected = None
            return
        name = self.state.board.names[cell]
        if touch and geo.cell_width < TOUCH_DIRECT_PX and self.selected != cell and cell in self.legal_cells:
            self.selected = cell
            self.say(f"{name} chosen: tap it again or press Place {name}.")
            return
        self.play(name)

    # -- drawing --------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self._refresh()
        b = self.b
        b["pass"].enabled = PASS in self.legal
        b["swap"].enabled = SWAP in self.legal
        b["undo"].enabled = self.history.can_undo()
        b["redo"].enabled = self.history.can_redo()
        b["chains"].selected = self.show_chains
        b["coords"].selected = self.show_coords
        b["place"].enabled = self.selected is not None
        b["place"].label = f"Place {self.state.board.names[self.selected]}" if self.selected is not None else "Place"

    def view(self) -> BoardView:
        state = self.state
        mover = self.game.to_move(state)
        hover = self.hover_cell if self.hover_cell in self.legal_cells else None
        return BoardView(hover=hover, selected=self.selected, last=self.last_placed(), mover=mover,
                         show_chains=self.show_chains, show_coords=self.show_coords, chains=self.chain_list)

    def draw(self, surface: pygame.Surface) -> None:
        self._refresh()
        self.update(0.0)
        surface.fill(theme.BG)
        if self.layout_board is None:
            return
        draw_star(surface, self.layout_board, self.state, self.view())
        self._draw_loupe(surface)
        for button in self.buttons:
            button.draw(surface, self.hover)
        if self.portrait:
            theme.text(surface, f"Star {self.state.size}" + (" maxi" if self.state.maxi else ""), 26, theme.TEXT,
                       center=(self.size[0] // 2, self.b["menu"].rect.centery))
        self.draw_panels(surface)

    def _draw_loupe(self, surface: pygame.Surface) -> None:
        """On small cells, an enlarged view around the chosen cell, in the board's far corner."""
        geo = self.layout_board
        if self.selected is None or geo is None or geo.cell_width >= TOUCH_DIRECT_PX:
            return
        cx, cy = geo.centers[self.selected]
        half = round(geo.cell_width * 2.6)
        source = pygame.Rect(0, 0, 2 * half, 2 * half)
        source.center = (round(cx), round(cy))
        source = source.clamp(surface.get_rect())
        side = min(180, self.board_rect.width // 2 - 8, self.board_rect.height // 2 - 8)
        if side <= source.width:
            return
        zoomed = pygame.transform.smoothscale(surface.subsurface(source).copy(), (side, side))
        box = pygame.Rect(0, 0, side, side)
        if cx > self.board_rect.centerx:
            box.topleft = (self.board_rect.left + 6, self.board_rect.top + 6)
        else:
            box.topright = (self.board_rect.right - 6, self.board_rect.top + 6)
        if cy < self.board_rect.centery:
            box.bottom = self.board_rect.bottom - 6
        surface.blit(zoomed, box)
        pygame.draw.rect(surface, theme.ACCENT, box, 3, border_radius=6)
        name = self.state.board.names[self.selected]
        label = theme.text(surface, name, 24, theme.TEXT_DARK, center=(box.centerx, box.bottom - 16))
        pygame.draw.rect(surface, theme.ACCENT, label.inflate(12, 4), border_radius=8)
        theme.text(surface, name, 24, theme.TEXT_DARK, center=(box.centerx, box.bottom - 16))

    def winner_name(self, colour: int) -> str:
        return f"{PLAYERS[colour]} ({self.person_name(colour)})"

    def play_status(self) -> tuple[str, tuple[int, int, int]]:
        state = self.state
        mover = state.to_move
        words = f"{PLAYERS[mover]} ({COLOUR_NAMES[mover]}) to move: {self.person_name(mover)}"
        if self.hover_cell is not None:
            words += f"   ·   {state.board.names[self.hover_cell]}"
        return words, theme.TEXT

    def entry_hint(self) -> str:
        return "Type a move (F6, pass, swap) + Enter"

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
            who = f"{PLAYERS[colour]} ({self.person_name(colour)})"
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


# ------------------------------------------------------------------------------ rules page
_DIAGRAM_MOVES = ("D1", "F4", "C2", "D6", "B3", "C5", "A4", "D3", "E2")


@lru_cache(maxsize=1)
def _diagram_state() -> StarState:
    state = STAR.new({"size": 4})
    for text in _DIAGRAM_MOVES:
        state = STAR.apply(state, STAR.parse_move(text, state))
    return state


def _draw_diagram(surface: pygame.Surface, rect: pygame.Rect) -> None:
    state = _diagram_state()
    layout = HexLayout(4, rect)
    draw_star(surface, layout, state, BoardView(show_chains=True, chains=chains(state)))


def _caption() -> str:
    state = _diagram_state()
    found = chains(state)
    best = max((c for c in found if c.player == 0), key=lambda c: c.score)
    scores = STAR.scores(state)
    return (f"A size-4 board with its ring of external cells (blue-grey). The dark chain touches "
            f"{best.externals} external cells, so it scores {best.externals} - 2 = {best.score}. Each light "
            f"corner stone touches 3 and scores 1; stones off the edge score 0. Dark leads {scores[0]} to {scores[1]}.")


STAR_RULES = RulesPage(
    credit="Star was invented by Craige Schensted. Maxi-Star is by R. Wayne Schmittberger. "
           "This version follows the pbmserv server of Cameron Browne.",
    sections=(
        ("The board", "A hexagon of hexagonal cells whose sides are alternately long (size cells) and short "
                      "(one fewer). The size option runs from 3 to 14. Around the board runs a ring of "
                      "external cells: nobody plays on them, they only count for scoring."),
        ("Playing", "X (dark stones) moves first. On your turn, put one stone of your colour on any empty "
                    "cell, or pass. Stones never move and are never taken. The game ends when both "
                    "players pass one after the other."),
        ("Scoring", "Your stones that touch side to side form a chain. A chain scores the number of "
                    "different external cells it touches, minus two: a lone stone on a plain edge scores "
                    "0, a lone corner stone 1, a chain that reaches no external cell 0. One external cell "
                    "can count for several chains. Your score is the sum over your chains; the higher "
                    "score wins. On a full board a tie is impossible."),
        ("Swap", "After the first stone, the second player may answer swap instead of placing. The stone "
                 "stays where it is and becomes theirs: the two players exchange colours, and the other "
                 "player moves next. This keeps the first move fair."),
        ("Maxi-Star", "With the maxi option only your best chain counts. Equal best chains are decided by "
                      "the second-best, then the third-best, and so on."),
        ("Writing moves", "A move is a cell name, the column letter then the row number (F6), or pass, or "
                          "swap. Rows are numbered from the top. Columns run down and to the right and are "
                          "lettered from the lower left. Coords on the game screen shows the names."),
    ),
    diagram=_draw_diagram,
    caption=_caption(),
)
