"""The Analyse screen: each side's chance to win across the game, its biggest mistakes, and the computer's
better moves on the board.

It lies over the game's own scene (any game: `AnalysedGame` says what it reads of it), which shows the
position looked at in its review (`review`), so the board is the game's own: on a phone the sheet takes the
place of the panels under the board and a bar takes the top bar's; on a desktop it takes the panel beside
the board. The sheet holds:

- the legend: each side's marker, its line's pattern and its chance in the position looked at;
- the graph (`game.app.ui.chance_graph`): two sides' chances as two bands, or three or four sides' as a
  line each, in the side's colour (`seat_ink`) and a dash pattern of its own; the moves where a side's
  chance fell most (the analysis's swings: its mistakes) marked "?!", "?" or "??" by how far it fell (an
  inaccuracy, a mistake, a blunder); a press or a drag on it goes to that
  position (a press near a mistake's ring, to the mistake);
- a line or three on the position: who played what, how the mover's chance changed and, where the
  computer preferred another move, that move ("Better was ..."), which the board shows too: the move
  played in amber (red for a mistake) and the computer's in the hint's blue (`BoardNote`);
- on a desktop, the list of mistakes (a press goes to one); Back, Forward and Next mistake (and Close).

The analysis is computed while the screen is open, a slice of each frame (`game.app.play.analysing`); the
graph grows as positions are valued, and a bar and the words "Analysing... 45%" say how far it is. It is
kept through the app (`Host.keep_analysis`), so it is computed once per game and resumes if stopped.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Protocol, Sequence

import pygame

from game.ai.analysis import MIN_SWING
from game.app.play.analysing import AnalysisRun
from game.app.ui import theme
from game.app.ui.chance_graph import Side, draw_chance_graph, draw_pattern_line, grade, pattern_for, plot_area, \
    ply_at, swing_at
from game.app.ui.input import Intent
from game.app.ui.scene import Host, Scene
from game.app.ui.widgets import Button, press_buttons
from game.rules.base import Game, Outcome
from game.rules.errors import RulesError
from game.rules.history import GameHistory

Colour = tuple[int, int, int]
Icon = Callable[[pygame.Surface, tuple[float, float], float], None]
PLAYED_INK: Colour = theme.ACCENT
MISTAKE_INK: Colour = theme.BAD
BETTER_INK: Colour = theme.HINT  # the hint's blue: the computer's move
PHONE_SHEET = 250   # px: the least height of the sheet on a phone (it covers the board's foot rather than be less)
ROW = 44            # px: a row of buttons on a phone (a finger's)
DESK_ROW = 48       # ... on a desktop
LEGEND_ROW = 28     # px: a side's row of the legend on a desktop
LEGEND_TEXT = 20    # its text's size
MISTAKE_ROW = 40    # px: a row of the desktop's list of mistakes
LISTED = 6          # rows of mistakes a desktop makes room for (a two-player game's all), the graph permitting


@dataclass(frozen=True)
class BoardNote:
    """Moves drawn over the board while the position after `ply` moves is shown: (move, ink, label) each."""

    ply: int
    marks: tuple[tuple[Any, Colour, str], ...]


class AnalysedGame(Protocol):
    """What the Analyse screen reads of the game scene under it (a PanelScene)."""

    game: Game
    board_rect: pygame.Rect
    cards: list[pygame.Rect]
    portrait: bool
    analysis: AnalysisRun | None   # the analysis of this game, kept while the scene lives
    board_note: BoardNote | None   # moves the board draws over the position reviewed
    review_at: int | None

    @property
    def live_history(self) -> GameHistory: ...

    @property
    def seat_names(self) -> tuple[str, ...]: ...

    @property
    def reviewing(self) -> bool: ...

    def review(self, moves: int) -> bool: ...

    def outcome(self) -> Outcome | None: ...

    def is_you(self, colour: int, state: Any = None) -> bool: ...

    def card_icon(self, colour: int) -> Icon: ...

    def seat_ink(self, colour: int) -> Colour:
        """The colour of the side's line (readable on the dark background)."""

    def seat_label(self, colour: int) -> str: ...

    def chance_words(self, before: Any, move: Any) -> str:
        """A chance move in words: ``the dice: 4-5``."""


def open_analysis(app: Host, scene: AnalysedGame) -> "AnalysisScene":
    """Show the analysis of `scene`'s game over it, at the position it shows (the last one when it is not
    reviewing): the analysis under way or done for these moves goes on, else one is started from what is
    kept of this game (for its first moves, or all of them), or from what one that stopped had found."""
    live = scene.live_history
    run = scene.analysis
    if run is None or run.failed or run.analysis.notation != live.notation():  # (a run that failed: again)
        cached = run.result() if run is not None else app.kept_analysis(live)
        if run is not None:
            run.save()
        scene.analysis = run = AnalysisRun(live, cached, app.keep_analysis)
    if not scene.reviewing:
        scene.review(len(live.moves))
    screen = AnalysisScene(app, scene)
    app.push(screen)
    return screen


def percent(p: float) -> str:
    return f"{round(100 * p)}%"


class AnalysisScene(Scene):
    overlay = True

    def __init__(self, app: Host, scene: AnalysedGame) -> None:
        super().__init__(app)
        self.scene = scene
        assert scene.analysis is not None
        self.run: AnalysisRun = scene.analysis
        self.close_b = Button("Close", self.close, name="analysis_close")
        self.back_b = Button("< Back", lambda: self.go(self.at() - 1), name="analysis_back")
        self.forward_b = Button("Forward >", lambda: self.go(self.at() + 1), name="analysis_forward")
        self.next_b = Button("Next mistake", self.next_mistake, name="analysis_next", primary=True)
        self.mistake_b: list[Button] = []
        self.listed: list[dict[str, Any]] = []  # the mistakes the desktop's list shows
        self.sheet = self.header = self.legend = self.graph = self.caption = self.list_rect = pygame.Rect(0, 0, 0, 0)
        self.caption_size = theme.MIN_TEXT
        self.scrubbing = False
        self._note_key: Any = None
        self._listed: Any = None

    # -- the position looked at ----------------------------------------------------------------
    def working(self) -> bool:
        return not (self.run.done or self.run.failed)

    def count(self) -> int:
        return len(self.run.analysis.states)

    def at(self) -> int:
        """The position shown (moves played before it)."""
        at = self.scene.review_at
        return self.count() - 1 if at is None else min(at, self.count() - 1)

    def go(self, ply: int) -> None:
        """Show the position after `ply` moves (in the game's review)."""
        ply = max(0, min(ply, self.count() - 1))
        if ply != self.at() or not self.scene.reviewing:
            self.scene.review(ply)
        self.sync()

    def mistakes(self) -> list[dict[str, Any]]:
        return list(self.run.result()["swings"])

    def next_mistake(self) -> None:
        """The next mistake after the position shown (from the first, after the last)."""
        found = self.mistakes()
        if found:
            later = [s["ply"] for s in found if s["ply"] > self.at()]
            self.go(later[0] if later else found[0]["ply"])

    def close(self) -> None:
        """Back to the game's review, at the position shown (the analysis kept as it stands)."""
        self.run.save()
        self.scene.board_note = None
        self.app.pop()

    def autosave(self) -> None:
        """The app is stopping (Ctrl-C): keep the analysis as it stands."""
        self.run.save()

    # -- the frame ---------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.run.step()
        self.sync()

    def sync(self) -> None:
        """Buttons and the board's marks in step with the position shown and the analysis."""
        at, last = self.at(), self.count() - 1
        self.back_b.enabled = at > 0
        self.forward_b.enabled = at < last
        self.next_b.enabled = bool(self.mistakes())
        self.next_b.label = "Next mistake" if self.next_b.enabled or not self.run.done else "No mistakes"
        self.all_buttons()
        result = self.run.result()
        key = (at, id(result))
        if key != self._note_key:
            self._note_key = key
            self.scene.board_note = self.note(result, at)

    def note(self, result: dict[str, Any], ply: int) -> BoardNote | None:
        """The moves the board shows in position `ply`: the move played (amber; red where it was a mistake)
        and, where the computer preferred another, that one (blue)."""
        history = self.scene.live_history
        if ply >= len(history.moves):
            entry = result["positions"][ply]
            best = self.parse(entry["best"], ply) if entry["to_move"] is not None else None
            return BoardNote(ply, ((best, BETTER_INK, "Computer"),)) if best is not None else None
        entry = result["positions"][ply]
        if entry["to_move"] is None:
            return None  # a roll: nothing to draw
        loss = entry["loss"]
        mistake = loss is not None and loss >= MIN_SWING and entry["best"] is not None
        marks = [(history.moves[ply], MISTAKE_INK if mistake else PLAYED_INK, "Played")]
        best = self.parse(entry["best"], ply)
        if best is not None:
            marks.append((best, BETTER_INK, "Better" if mistake else "Computer"))
        return BoardNote(ply, tuple(marks))

    def parse(self, text: str | None, ply: int) -> Any:
        if text is None:
            return None
        game = self.scene.game
        try:
            return game.parse_move(text, self.run.analysis.states[ply])
        except (RulesError, ValueError):
            return None

    # -- words ---------------------------------------------------------------------------------
    def who(self, colour: int) -> str:
        """A side as the sheet names it: ``R``, ``R (you)``."""
        name = self.scene.seat_names[colour]
        return f"{name} (you)" if self.scene.is_you(colour) else name

    def words(self, result: dict[str, Any], ply: int) -> str:
        """What the position shown says: who played what from it, and what the computer thought of it."""
        positions = result["positions"]
        entry = positions[ply]
        history = self.scene.live_history
        if ply >= len(history.moves):  # the last position
            outcome = self.scene.outcome()
            if outcome is not None:
                winner = ("a draw" if outcome.winner is None else
                          " and ".join(self.who(seat) for seat in outcome.winning_seats) + " won")
                return f"After move {ply}: the end, {winner} ({outcome.reason})."
            said = f"After move {ply}: the game goes on."
            if entry["to_move"] is not None and entry["best"] is not None:
                said += f" The computer would play {entry['best']} for {self.who(entry['to_move'])}."
            return said
        move = history.moves[ply]
        if entry["to_move"] is None:
            return f"Move {ply + 1}: {self.scene.chance_words(history.states[ply], move)}."
        mover = entry["to_move"]
        said = f"Move {ply + 1}: {self.who(mover)} played {move}"
        loss, chances = entry["loss"], entry["chances"]
        if entry["forced"]:
            return said + ", the only move."
        if loss is None or chances is None:
            return said + (" (not analysed yet)." if not self.run.done else ".")
        before = chances[mover]
        after = max(0.0, min(1.0, before - loss))
        name = self.scene.seat_names[mover]
        if entry["best"] is None:
            return said + f", as the computer would: {name}'s chance {percent(after)}."
        if loss >= MIN_SWING:
            return said + f": {grade(loss)[0]}. {name}'s chance fell from {percent(before)} to {percent(after)}. " \
                          f"Better was {entry['best']}."
        return said + f" ({name} {percent(before)} to {percent(after)}). The computer preferred {entry['best']}."

    def status(self) -> str:
        """How far the analysis is ("" once done and kept; the caption says why it stopped or is not kept)."""
        if self.run.failed:
            return "Stopped"
        if self.run.done:
            return "Not kept" if self.run.problem else ""
        return f"Analysing{theme.ELLIPSIS} {round(100 * self.run.progress())}%"

    # -- layout --------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        scene = self.scene
        pad = 8
        self._listed = None
        if scene.portrait:
            top = min(card.top for card in scene.cards) - 4
            self.header = pygame.Rect(0, 0, w, top)
            self.close_b.rect = pygame.Rect(pad, pad, 92, top - pad - 2)
            sheet_top = min(scene.board_rect.bottom + 2, h - PHONE_SHEET)
            self.sheet = pygame.Rect(0, sheet_top, w, h - sheet_top)
            inner = self.sheet.inflate(-2 * pad, -2 * pad)
            row = ROW
            y = inner.top
            self.legend = pygame.Rect(inner.left, y, inner.width, 24)
            y = self.legend.bottom + 4
            self.caption_size = theme.MIN_TEXT + 1
        else:
            left = min(card.left for card in scene.cards)
            self.header = pygame.Rect(0, 0, 0, 0)
            self.sheet = pygame.Rect(left - pad, 0, w - left + pad, h)
            inner = pygame.Rect(left, 16, w - 16 - left, h - 32)
            row = DESK_ROW
            self.close_b.rect = pygame.Rect(inner.right - 150, inner.top, 150, 44)
            y = inner.top + 52
            self.legend = pygame.Rect(inner.left, y, inner.width, LEGEND_ROW * len(scene.seat_names))
            y = self.legend.bottom + 6
            self.caption_size = 20
        bottom = inner.bottom - row
        for k, button in enumerate((self.back_b, self.forward_b, self.next_b)):
            width = (inner.width - 2 * pad) // 3
            button.rect = pygame.Rect(inner.left + k * (width + pad), bottom, width if k < 2 else
                                      inner.right - (inner.left + 2 * (width + pad)), row)
        line = theme.font(self.caption_size).get_linesize() + 3
        room = bottom - 6 - y
        lines = 3 if not scene.portrait or room - 3 * line >= 120 else 2
        self.caption = pygame.Rect(inner.left, bottom - 6 - lines * line, inner.width, lines * line)
        if scene.portrait:
            self.list_rect = pygame.Rect(0, 0, 0, 0)
            self.graph = pygame.Rect(inner.left, y, inner.width, self.caption.top - 6 - y)
        else:
            space = self.caption.top - 8 - y
            graph_h = max(150, min(320, space - (24 + LISTED * MISTAKE_ROW)))
            self.graph = pygame.Rect(inner.left, y, inner.width, graph_h)
            self.list_rect = pygame.Rect(inner.left, self.graph.bottom + 8, inner.width,
                                         self.caption.top - 8 - self.graph.bottom - 8)
        self.sync()

    def all_buttons(self) -> list[Button]:
        """Every button of the screen now (the list of mistakes changes as they are found)."""
        self.place_mistakes()
        self.buttons = [self.close_b, self.back_b, self.forward_b, self.next_b, *self.mistake_b]
        return self.buttons

    def place_mistakes(self) -> None:
        """The desktop's list of mistakes: a button a row, as many as fit under its title."""
        found = self.mistakes()
        key = (tuple(s["ply"] for s in found), self.list_rect.topleft, self.list_rect.size)
        if key == self._listed:
            return
        self._listed = key
        self.mistake_b = []
        self.listed = []
        rect = self.list_rect
        if rect.height < 24 + MISTAKE_ROW:
            return
        fit = (rect.height - 24) // MISTAKE_ROW
        if len(found) > fit:  # the biggest that fit, in the order played
            found = sorted(sorted(found, key=lambda s: -s["loss"])[:fit], key=lambda s: s["ply"])
        self.listed = found
        for k, swing in enumerate(found):
            button = Button(self.mistake_label(swing), (lambda ply=swing["ply"]: self.go(ply)), name=f"mistake_{k}")
            button.rect = pygame.Rect(rect.left, rect.top + 24 + k * MISTAKE_ROW, rect.width, MISTAKE_ROW - 6)
            self.mistake_b.append(button)

    def mistake_label(self, swing: dict[str, Any]) -> str:
        """``Move 40: R (you) k5-c4?? 95% to 40%``."""
        before = self.run.result()["positions"][swing["ply"]]["chances"][swing["player"]]
        return (f"Move {swing['ply'] + 1}: {self.who(swing['player'])} {swing['move']}{grade(swing['loss'])[1]} "
                f"{percent(before)} to {percent(max(0.0, before - swing['loss']))}")

    # -- input ---------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> None:
        kind = intent.kind
        if kind == "point":
            if self.graph.collidepoint(intent.pos):
                self.scrubbing = True
                self.point_graph(intent.pos, snap=True)
            else:
                press_buttons(self.all_buttons(), intent.pos)
        elif kind == "drag" and self.scrubbing:
            self.point_graph(intent.pos, snap=False)
        elif kind == "release":
            self.scrubbing = False
        elif kind == "hover":
            self.hover = intent.pos
        elif kind == "key" and intent.text in ("left", "right"):
            self.go(self.at() + (1 if intent.text == "right" else -1))
        elif kind == "scroll" and self.graph.collidepoint(intent.pos):  # the wheel on the graph steps
            self.go(self.at() - intent.rel[1])
        elif kind == "confirm" or kind == "key" and intent.text == "tab":
            self.next_mistake()
        elif kind == "back":
            self.close()

    def point_graph(self, pos: tuple[int, int], snap: bool) -> None:
        """A press (or a drag) on the graph: the position under it (a press near a mistake's ring: that one)."""
        plot, count = plot_area(self.graph), self.count()
        result = self.run.result()
        ply = None
        if snap:
            chances = [entry["chances"] for entry in result["positions"]]
            swings = [(s["ply"], s["player"], s["loss"]) for s in result["swings"]]
            ply = swing_at(plot, chances, len(self.scene.seat_names), swings, pos)
        self.go(ply_at(plot, count, pos[0]) if ply is None else ply)

    # -- drawing -------------------------------------------------------------------------------
    def sides(self) -> list[Side]:
        scene = self.scene
        return [Side(scene.seat_ink(c), pattern_for(c), scene.card_icon(c)) for c in range(len(scene.seat_names))]

    def draw(self, surface: pygame.Surface) -> None:
        scene = self.scene
        result = self.run.result()
        at = self.at()
        sides = self.sides()
        if self.header.height:
            pygame.draw.rect(surface, theme.BG, self.header)
            theme.text(surface, "Analysis", 26, theme.TEXT, center=self.header.center,
                       max_width=self.header.width - 2 * (self.close_b.rect.right + 8))
        pygame.draw.rect(surface, theme.BG, self.sheet)
        if scene.portrait:
            pygame.draw.line(surface, theme.ACCENT_DIM, self.sheet.topleft, self.sheet.topright, 2)
        else:
            theme.text(surface, "Analysis", 30, theme.TEXT, midleft=(self.graph.left, self.close_b.rect.centery),
                       max_width=self.close_b.rect.left - self.graph.left - 8)
        self.draw_legend(surface, result, at, sides)
        chances = [entry["chances"] for entry in result["positions"]]
        swings = [(s["ply"], s["player"], s["loss"]) for s in result["swings"]]
        hover = None
        if self.hover is not None and self.graph.collidepoint(self.hover):
            hover = ply_at(plot_area(self.graph), self.count(), self.hover[0])
        plot = draw_chance_graph(surface, self.graph, chances, sides, swings, at, hover, title="Chance to win")
        status = self.status()
        if status:
            self.draw_progress(surface, plot, status)
        elif swings:  # what the marks are (a tap on one says which and why)
            theme.text(surface, "?! ? ?? mark mistakes", theme.MIN_TEXT, theme.TEXT_DIM,
                       topright=(self.graph.right - 8, self.graph.top + 5), max_width=self.graph.width // 2 - 8)
        words = self.words(result, at)
        self.draw_caption(surface, f"{self.run.problem} {words}" if self.run.problem else words)
        if self.list_rect.height:
            self.draw_list(surface)
        for button in self.all_buttons():
            button.draw(surface, self.hover)

    def draw_progress(self, surface: pygame.Surface, plot: pygame.Rect, status: str) -> None:
        """While the analysis is computed: a bar along the graph's foot and how far it is, right of the
        graph's title."""
        track = pygame.Rect(self.graph.left + 8, self.graph.bottom - 6, self.graph.width - 16, 4)
        pygame.draw.rect(surface, theme.BG_CARD, track, border_radius=2)
        done = pygame.Rect(track.left, track.top, round(track.width * self.run.progress()), track.height)
        if done.width:
            pygame.draw.rect(surface, theme.ACCENT, done, border_radius=2)
        theme.text(surface, status, theme.MIN_TEXT, theme.BAD if self.run.problem else theme.ACCENT,
                   topright=(self.graph.right - 8, self.graph.top + 5), max_width=self.graph.width // 2 - 8)

    def draw_legend(self, surface: pygame.Surface, result: dict[str, Any], at: int, sides: Sequence[Side]) -> None:
        """Each side: its line's sample, its marker, its name (where it fits) and its chance now."""
        chances = result["positions"][at]["chances"]
        names = self.scene.seat_names
        rect = self.legend
        if not self.scene.portrait:
            for c, side in enumerate(sides):
                row = pygame.Rect(rect.left, rect.top + c * LEGEND_ROW, rect.width, LEGEND_ROW)
                self.legend_item(surface, row, c, side, self.who_long(c, row.width - 100),
                                 "" if chances is None else percent(chances[c]))
            return
        count = len(sides)
        width = rect.width // count
        size = theme.MIN_TEXT
        named = all(theme.font(size).size(f"{name} 100%")[0] <= width - 56 for name in names)
        for c, side in enumerate(sides):
            item = pygame.Rect(rect.left + c * width, rect.top, width, rect.height)
            value = "" if chances is None else percent(chances[c])
            self.legend_item(surface, item, c, side, names[c] if named else "", value)

    def who_long(self, colour: int, width: int) -> str:
        """``R · You``, ``O · Computer (level 3)`` (the desktop's legend), or the side alone where that is
        wider than `width`."""
        name = self.scene.seat_names[colour]
        words = f"{name} · {self.scene.seat_label(colour)}"
        return words if theme.font(LEGEND_TEXT).size(words)[0] <= width else name

    def legend_item(self, surface: pygame.Surface, rect: pygame.Rect, colour: int, side: Side, name: str,
                    value: str) -> None:
        """A side in the legend: a sample of its line (two sides: a swatch of its band), its marker, its name
        and its chance."""
        y = rect.centery
        sample = pygame.Rect(rect.left + 2, y - 8, 22, 16)
        if len(self.scene.seat_names) == 2:
            pygame.draw.rect(surface, side.ink, sample, border_radius=3)
        else:
            draw_pattern_line(surface, side.ink, [sample.midleft, sample.midright], 3, side.pattern)
        if side.icon is not None:
            side.icon(surface, (sample.right + 12, y), 8)
        left = sample.right + 26
        size = theme.MIN_TEXT if self.scene.portrait else LEGEND_TEXT
        if name:
            left = theme.text(surface, name, size, theme.TEXT_DIM, midleft=(left, y),
                              max_width=rect.right - left - theme.font(size).size(" 100%")[0] - 4).right + 6
        if value:
            theme.text(surface, value, size, theme.TEXT, midleft=(left, y))

    def draw_caption(self, surface: pygame.Surface, words: str) -> None:
        rect, size = self.caption, self.caption_size
        line = theme.font(size).get_linesize() + 3
        lines = theme.wrap(words, size, rect.width)
        fit = max(1, rect.height // line)
        if len(lines) > fit:  # (a long move's words: the smallest text, and what fits)
            size = theme.MIN_TEXT
            line = theme.font(size).get_linesize() + 3
            lines = theme.wrap(words, size, rect.width)[:max(1, rect.height // line)]
        for k, text in enumerate(lines):
            theme.text(surface, text, size, theme.TEXT, topleft=(rect.left, rect.top + k * line), max_width=rect.width)

    def draw_list(self, surface: pygame.Surface) -> None:
        rect = self.list_rect
        found = self.mistakes()
        title = "Biggest mistakes" if found else (
            "No mistakes found" if self.run.done else "No mistakes found yet")
        if len(self.listed) < len(found):
            title += f" ({len(self.listed)} of {len(found)})"
        theme.text(surface, title, 20, theme.TEXT_DIM, topleft=(rect.left, rect.top), max_width=rect.width)
        at = self.at()
        for button, swing in zip(self.mistake_b, self.listed):
            button.selected = swing["ply"] == at
