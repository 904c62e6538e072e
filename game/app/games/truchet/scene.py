"""The Truchet scene: the tiling, flips with a preview, stack moves built by taps, typed moves.

The scene holds no rules. What may move, where, which tiles may flip and every
refusal come from `TRUCHET.legal_moves` (computed once per state and grouped
by flip), `flippable`, `regions`, `captures` and `check_legal`; every move goes
through `GameHistory.play`, so a record replays exactly. Random tiles are a
chance move (``roll:lrl...``), the game's own draw (`GameScene.next_roll`, from
the game's seed), shown after a short animation.

How taps build a move (all offers come from the legal moves with the chosen flip):

* a tap on a tile chooses it to flip (only where legal): the board previews
  the new regions; a second tap on it drops the flip;
* a tap on one of your stacks chooses it: its region is lit, green dots show
  where it can step, rings where a merge or split can land (red: a capture);
* a tap on a green dot steps there; when the stack could also merge or split
  from there, the first tap moves it there tentatively and a second tap (or
  Play) makes the step;
* a tap on a ring next to a tall stack adds a piece to that part of a split
  (taps cycle the count); the parts show as ghost stacks, and Play (or a tap on
  the stack) confirms once every piece has a place;
* a tap on a ring where only a merge lands chooses the merge's target; your
  other stacks that can join are ringed green: tap them (or first tap the
  stacks to merge, then the target); Play confirms.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any, Callable, Sequence

import pygame

from game.app.play.motion import Slide
from game.app.play.panels import PanelScene
from game.app.screens.rules import RulesPage
from game.app.ui import theme
from game.app.ui.input import Intent
from game.app.ui.scene import Host
from game.app.ui.targets import Target
from game.app.ui.widgets import Button
from game.rules.base import Game
from game.rules.errors import RulesError
from game.rules.options import OptionValue
from game.rules.truchet import DRAW, PLAYERS, RANDOM, TRUCHET, X, TruchetMove, TruchetState, flipped
from .rules_page import HEX_TRUCHET_RULES, TRUCHET_RULES
from .view import TruchetLayout, TruchetView, draw_stack, draw_truchet, piece_icon

DRAW_SECONDS = 0.9     # the random tiles settle one after another
CAPTURE_SECONDS = 0.7  # a captured stack fades out
COLOUR_WORDS = ("dotted, teal", "blank, sand")
# the moves the typed-move box suggests on each board (the seed's examples, and the hex spec's)
SQUARE_EXAMPLES = "bc34:a1-d6, c3,c5-c4, b4-b3,2xa4"
HEX_EXAMPLES = "ik45:h3-h5, e2,g2-f2, f3-e3,2xg3"


class TruchetScene(PanelScene):
    rules_page = TRUCHET_RULES
    move_col_w = 190
    chance_leads = False  # (tiles drawn at random follow the "random" that asked for them)
    hand_rolls = False    # (and are drawn by themselves, whatever the Rolls setting)
    chance_verb = "place"
    view_buttons = frozenset({"parity"})

    def __init__(self, app: Host, game: Game = TRUCHET, options: dict[str, OptionValue] | None = None,
                 seats: tuple[str, ...] = ("Human", "Human"), rng: random.Random | None = None,
                 start: TruchetState | None = None, seed: int | None = None) -> None:
        super().__init__(app, game, options, seats, seed=seed, start=start, rng=rng)
        self.rules_page = HEX_TRUCHET_RULES if self.state.hex else TRUCHET_RULES
        self._shake = random.Random()  # only for the tiles shown while a draw settles
        self.draw_seconds = DRAW_SECONDS
        self.capture_seconds = CAPTURE_SECONDS
        self.drawing: tuple[TruchetMove, float] | None = None  # drawn tiles waiting to be played, time left
        self.effects: list[tuple[int, int, float]] = []  # captured stacks fading: (junction, signed height, age)
        self.show_parity = False
        self.hover_tile: int | None = None
        self.layout_board: TruchetLayout | None = None
        # the move being built by taps
        self.flip: str | None = None
        self.sources: list[str] = []
        self.via: str | None = None
        self.via_from: str | None = None   # which stack makes the move within its region (None: any)
        self.ask_mover: frozenset[str] = frozenset()
        self.target: str | None = None
        self.parts: dict[str, int] = {}
        self.pending: TruchetMove | None = None
        self.via_options: frozenset[str] = frozenset()
        self.draft: dict[int, str] = {}
        self._marks: TruchetView | None = None
        # per-state caches
        self._cached: TruchetState | None = None
        self._laid_phase: bool | None = None
        self.legal: list[TruchetMove] = []
        self.by_flip: dict[str | None, list[TruchetMove]] = {}
        self.flippable: frozenset[str] = frozenset()
        self.b.update({
            "random": Button("Random tiles", self.random_tiles, name="random", primary=True),
            "place": Button("Place tiles", self.place_draft, name="place"),
            "play": Button("Play", self.play_pending, name="play", primary=True),
            "clear": Button("Clear", self.clear_build, name="clear"),
            "draw": Button("Claim draw", lambda: self.play(DRAW), name="draw"),
            "undo": Button("Undo", self.undo, name="undo"),
            "redo": Button("Redo", self.redo, name="redo"),
            "parity": Button("Parity", self.toggle_parity, name="parity"),
        })
        self.buttons = list(self.b.values())
        self._refresh()

    @classmethod
    def draw_picture(cls, surface: pygame.Surface, rect: pygame.Rect, state: TruchetState) -> None:
        draw_truchet(surface, TruchetLayout(state.board, rect), state, TruchetView())

    # -- state-derived caches (recomputed only when the state changes) ----------------------
    @property
    def state(self) -> TruchetState:
        return self.history.state

    @property
    def over(self) -> bool:
        return self.game.outcome(self.state) is not None

    def _refresh(self) -> None:
        state = self.state
        if state is self._cached:
            return
        self._cached = state
        chance = self.game.is_chance(state)
        self.legal = [] if chance or not state.playing else self.game.legal_moves(state)
        by_flip: dict[str | None, list[TruchetMove]] = {}
        for move in self.legal:
            if move.is_stack_move:
                by_flip.setdefault(move.flip, []).append(move)
        self.by_flip = by_flip
        self.flippable = frozenset(self.game.flippable(state)) if self.legal else frozenset()
        first = state.board.letters[0]
        self.draft = {t: first for t in state.placement_tiles()} if not state.playing else {}
        self._reset_build(keep_flip=False)
        if self._laid_phase is not None and self._laid_phase != state.playing and self.size:
            self.layout(self.size)

    def _reset_build(self, keep_flip: bool = True) -> None:
        if not keep_flip:
            self.flip = None
        self.sources, self.via, self.target, self.parts = [], None, None, {}
        self.via_from, self.ask_mover = None, frozenset()
        self.pending, self.via_options = None, frozenset()
        self._marks = None

    def moves_now(self) -> list[TruchetMove]:
        """The legal stack moves made with the chosen flip (or none)."""
        return self.by_flip.get(self.flip, [])

    # -- actions --------------------------------------------------------------------------
    def toggle_parity(self) -> None:
        self.show_parity = not self.show_parity

    def random_tiles(self) -> None:
        if not self.state.playing and not self.game.is_chance(self.state) and self.drawing is None:
            self.play(RANDOM)

    def place_draft(self) -> None:
        state = self.state
        if state.playing or self.drawing is not None:
            return
        self.play("".join(self.draft[t] for t in state.placement_tiles()))

    def lists_every_move(self, state: TruchetState) -> bool:
        """The set-up's placements are too many to list (the rules list a few): nothing there is forced."""
        return state.playing

    @staticmethod
    def rollers(game: Game, state: TruchetState) -> Sequence[int]:
        """Tiles drawn at random are the placer's."""
        return (state.placer(),)

    def start_draw(self) -> None:
        """Draw the tiles asked for with `random`, shown settling for a moment, then played as roll:..."""
        if self.drawing is not None or not self.game.is_chance(self.state):
            return
        move = self.next_roll()
        if self.draw_seconds <= 0:
            self.play(move)
            return
        self.drawing = (move, self.draw_seconds)
        self.say("Drawing tiles at random...")

    def start_roll(self) -> None:
        self.start_draw()

    def busy(self) -> bool:
        return self.drawing is not None or bool(self.effects)

    def play_pending(self) -> None:
        if self.pending is not None:
            self.play(self.pending)

    def clear_build(self) -> None:
        self._reset_build(keep_flip=False)
        self.say("")

    def after_move(self, move: Any) -> None:
        self.entry = ""
        self.move_scroll = 0
        before = self.history.states[-2]
        self._refresh()
        taken = self.game.captures(before, move) if move.is_stack_move else []
        index = before.board.index
        if taken and self.capture_seconds > 0:
            self.effects = [(index[name], before.stacks[index[name]], 0.0) for name in taken]
        self.say(self.describe(before, move, taken))
        if self.game.is_chance(self.state):
            self.start_draw()
        if not self.effects:
            self.check_over()

    def describe(self, before: TruchetState, move: TruchetMove, taken: Sequence[str]) -> str:
        """A line saying what just happened."""
        state = self.state
        if move.kind == "random":
            return ""
        if move.kind == "tiles":
            who = PLAYERS[before.placer()]
            if state.playing:
                return f"The tiling is complete and the pieces stand on their home junctions. {PLAYERS[X]} moves first."
            return f"{who} placed {len(move.letters)} tile{'s' if len(move.letters) > 1 else ''}. " \
                   f"{PLAYERS[state.placer()]} places next."
        if move.kind == "draw":
            return "Draw claimed."
        mover = PLAYERS[before.to_move]
        words = {"step": "stepped", "merge": "merged", "split": "split"}[move.kind]
        flip = f"flipped {move.flip} and " if move.flip else ""
        line = f"{mover} {flip}{words}: {move}."
        if taken:
            index = before.board.index
            pieces = sum(abs(before.stacks[index[name]]) for name in taken)
            line += f" Captured {pieces} {PLAYERS[1 - before.to_move]} piece{'s' if pieces > 1 else ''} on " \
                    f"{', '.join(taken)}!"
        return line

    def clear_selection(self) -> None:
        self.drawing, self.effects = None, []

    # -- layout ---------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        self._laid_phase = self.state.playing
        super().layout(size)

    def make_board_layout(self, rect: pygame.Rect) -> TruchetLayout:
        return TruchetLayout(self.state.board, rect.inflate(-8, -8))

    def board_target_px(self, layout: TruchetLayout) -> float:
        return layout.target

    def button_rows(self) -> Sequence[Sequence[tuple[str, int]]]:
        first = (("random", 3), ("place", 2)) if not self.state.playing else (("play", 3), ("clear", 1), ("draw", 2))
        return first, (("undo", 1), ("redo", 1), ("parity", 1))

    def place_buttons(self) -> int:
        for name in ("random", "place", "play", "clear", "draw"):
            self.b[name].rect = pygame.Rect(0, 0, 0, 0)  # only the buttons of this phase can be hit
        return super().place_buttons()

    # -- input ----------------------------------------------------------------------------
    def hover_board(self, pos: tuple[int, int]) -> None:
        geo = self.layout_board
        self.hover_tile = geo.tile_at(pos) if geo and geo.junction_at(pos) is None else None

    def drop_selection(self) -> bool:
        if self.sources or self.flip:
            self.clear_build()
            return True
        return False

    def handle_game(self, intent: Intent) -> None:
        if intent.kind == "key":
            if intent.text == "f2":
                self.toggle_parity()
        elif intent.kind == "confirm":
            if not self.submit_entry():
                if self.pending is not None:
                    self.play_pending()
                elif not self.state.playing:
                    self.place_draft()

    def point_board(self, pos: tuple[int, int], touch: bool = False) -> None:
        geo = self.layout_board
        if geo is None or self.drawing is not None or self.over or self.effects:
            return
        j = geo.junction_at(pos)
        if j is not None and self.state.playing:
            self.tap_junction(j)
            self._marks = None
            return
        t = geo.tile_at(pos)
        if t is not None:
            self.tap_tile(t)
            self._marks = None
        elif self.sources or self.flip:
            self.clear_build()

    def tap_targets(self) -> list[Target]:
        """While setting up, the tiles still to place. In play, with a stack chosen: the junctions the move
        being built can go on with (its steps, rings, partners, the chosen stacks), then your other stacks
        that can move and the tiles that may flip; with none chosen, your stacks that can move and those
        tiles."""
        geo = self.layout_board
        if geo is None or self.drawing is not None or self.over or self.effects:
            return []
        size = geo.reach * geo.tile
        if not self.state.playing:
            return [Target(("tile", t), geo.tile_center(t), geo.tile * 0.5) for t in sorted(self.draft)]
        index = self.state.board.index
        marks = self.marks()
        building = marks.steps | marks.targets | marks.partners | marks.vias | marks.selected if self.sources \
            else frozenset()
        stacks = {index[o] for m in self.moves_now() for o in m.origins} - building
        tiles = {self.state.board.tile_index[name] for name in self.flippable}
        if self.flip is not None:
            tiles.add(self.state.board.tile_index[self.flip])
        rank = 1 if building else 0
        return ([Target(("junction", j), geo.points[j], size) for j in sorted(building)]
                + [Target(("junction", j), geo.points[j], size, rank) for j in sorted(stacks)]
                + [Target(("tile", t), geo.tile_center(t), size, rank) for t in sorted(tiles)])

    def take_target(self, key: tuple[str, int]) -> None:
        what, at = key
        if what == "junction":
            self.tap_junction(at)
        else:
            self.tap_tile(at)
        self._marks = None

    def tap_tile(self, t: int) -> None:
        state = self.state
        name = state.board.tile_names[t]
        if not state.playing:
            if t in self.draft:
                self.draft[t] = flipped(self.draft[t], 0)  # (the tile's other letter: l/r, u/d)
                self.say(f"Tile {name} turned. Place tiles when your {len(self.draft)} tiles are as you like them.")
            else:
                whose = "placed already" if state.tiles[t] in state.board.letters else "not yours to place now"
                self.say(f"Tile {name} is {whose}: {PLAYERS[state.placer()]} places the outlined tiles.", error=True)
            return
        if self.flip == name:
            self.flip = None
            self._keep_sources()
            self.say(f"No flip: {name} stays as it is.")
            return
        if name in self.flippable:
            self.flip = name
            self._keep_sources()
            self.say(f"Flip {name}: the board shows the regions after the flip. Now move a stack "
                     f"(tap {name} again to keep it as it is).")
            return
        base = next(iter(self.by_flip.get(None, [])), None)
        reason = f"tile {name} cannot be flipped now"
        if base is not None:
            try:
                self.game.check_legal(state, TruchetMove(base.kind, base.sources, base.targets, name))
            except RulesError as err:
                reason = str(err)
        self.say(reason[:1].upper() + reason[1:] + ".", error=True)

    def _keep_sources(self) -> None:
        """After the flip changes, keep the chosen stack if it still has a move; drop the rest of the build."""
        keep = [s for s in self.sources[:1] if any(s in m.origins for m in self.moves_now())]
        flip = self.flip
        self._reset_build()
        self.flip = flip
        self.sources = keep

    def tap_junction(self, j: int) -> None:
        state = self.state
        geo = state.board
        name = geo.names[j]
        sign = 1 if state.to_move == X else -1
        mine = state.stacks[j] * sign
        moves = self.moves_now()
        me, them = PLAYERS[state.to_move], PLAYERS[1 - state.to_move]
        if not self.sources:
            if mine > 0 and any(name in m.origins for m in moves):
                self.sources = [name]
                self.say(self.offer_words())
            elif mine > 0:
                self.say(f"The stack on {name} has no move" + (f" after flipping {self.flip}." if self.flip else "."),
                         error=True)
            elif mine < 0:
                self.say(f"That is {them}'s stack: tap one of yours ({me}).", error=True)
            else:
                self.say(f"Tap one of your stacks ({me}) first, or a tile to flip.", error=True)
            return
        primary = self.sources[0]
        if name in self.sources:
            if name in self.ask_mover:
                self.via_from = name
                self._settle_merge()
            elif self.pending is not None and self.pending.kind == "split" and name == primary:
                self.play_pending()
            elif len(self.sources) > 1:
                self.sources.remove(name)
                self.target, self.parts, self.pending, self.via_options = None, {}, None, frozenset()
                self._settle_merge()
                self.say(f"{name} left the merge. " + self.offer_words())
            else:
                self._reset_build()
                self.say("")
            return
        if mine > 0:
            group = set(self.sources) | {name}
            if any(m.kind == "merge" and group <= set(m.origins) for m in moves):
                self.sources.append(name)
                if self.via is not None and not any(m.kind == "merge" and group <= set(m.origins)
                                                    and self._fits_via(m) for m in moves):
                    self.via = None
                self.parts, self.pending = {}, None
                if self.target is not None and not self._merges(self.target):
                    self.target = None
                self._settle_merge()
                if self.pending is None:
                    self.say(f"Merging {', '.join(self.sources)}: " + self.offer_words())
            elif any(name in m.origins for m in moves):
                flip = self.flip
                self._reset_build()
                self.flip, self.sources = flip, [name]
                self.say(self.offer_words())
            else:
                self.say(f"The stack on {name} has no move" + (f" after flipping {self.flip}." if self.flip else "."),
                         error=True)
            return
        # an empty junction or an enemy stack
        if self.target is not None and name in self.via_options:
            self.via, self.via_from = name, None
            self._settle_merge()
            return
        if self.target == name and self.pending is not None:
            self.play_pending()
            return
        if len(self.sources) == 1 and state.stacks[geo.index[primary]] * sign >= 2 and self.target is None:
            splits = self._splits()
            if any(name in m.destinations for m in splits):
                self._add_part(name, splits)
                return
        merges = self._merges(name)
        if merges:
            self.target, self.parts = name, {}
            self._settle_merge()
            return
        if len(self.sources) == 1 and not self.parts and self.target is None:
            step = TruchetMove.step(primary, name, self.flip)
            if step in moves:
                if self.via == name:
                    self.play(step)
                elif any(m.premove == (primary, name) for m in moves):
                    self.via, self.via_from, self.pending = name, primary, step
                    self.say(f"{primary} to {name}: Play (or tap {name} again) to step there, or tap a ring "
                             f"around it to merge or split from there.")
                else:
                    self.play(step)
                return
        self.explain(primary, name)

    def _merges(self, target: str) -> list[TruchetMove]:
        """Merges onto `target` that include every chosen stack (and the tentative move, if any)."""
        group = set(self.sources)
        return [m for m in self.moves_now() if m.kind == "merge" and m.destinations[0] == target
                and group <= set(m.origins) and self._fits_via(m)]

    def _fits_via(self, move: TruchetMove) -> bool:
        if self.via is None:
            return True
        return (move.premove is not None and move.premove[1] == self.via
                and (self.via_from is None or move.premove[0] == self.via_from))

    def _merges_from_via(self) -> list[TruchetMove]:
        """Merges in which the chosen stack first moves to the tentative junction."""
        primary = self.sources[0]
        return [m for m in self.moves_now() if m.kind == "merge" and m.premove == (primary, self.via)]

    def _splits(self) -> list[TruchetMove]:
        primary = self.sources[0]
        return [m for m in self.moves_now() if m.kind == "split" and m.origins[0] == primary
                and (m.premove[1] if m.premove else None) == self.via]

    def _add_part(self, name: str, splits: list[TruchetMove]) -> None:
        state = self.state
        height = abs(state.stack(self.sources[0]))
        count = self.parts.get(name, 0) + 1
        if sum(self.parts.values()) + 1 > height:
            count = 0
        if count:
            self.parts[name] = count
        else:
            self.parts.pop(name, None)
        self.pending = None
        placed = sum(self.parts.values())
        wanted = tuple(sorted(self.parts.items()))
        for move in splits:
            if tuple(sorted(move.targets)) == wanted:
                self.pending = move
        spot = self.via or self.sources[0]
        if self.pending is not None:
            self.say(f"Split {self.pending}: Play (or tap {self.sources[0]}) to confirm.")
        elif placed == height:
            built = TruchetMove("split", ((self.sources[0], self.via),), wanted, self.flip)
            self.say(self._reason(built) + " Tap a part to change it.", error=True)
        else:
            left = height - placed
            self.say(f"Splitting the {height}-stack from {spot}: {left} piece{'s' if left > 1 else ''} still to place. "
                     "Tap a ring to add a piece there (taps cycle the count).")

    def _settle_merge(self) -> None:
        """With a target chosen: find the one merge of exactly the chosen stacks, or say what is missing."""
        self.pending, self.via_options, self.ask_mover = None, frozenset(), frozenset()
        if self.target is None:
            return
        merges = self._merges(self.target)
        exact = [m for m in merges if set(m.origins) == set(self.sources)]
        straight = [m for m in exact if m.premove is None]
        vias = frozenset(m.premove[1] for m in exact if m.premove is not None and self.via is None)
        if straight:
            self.pending = straight[0]
            self.via_options = vias
            more = (f" Or tap a dashed ring to have a stack first move there ({', '.join(sorted(vias))})."
                    if vias else "")
            self.say(f"Merge {self.pending}: Play (or tap {self.target} again) to confirm.{more}")
        elif len(exact) == 1:
            self.pending = exact[0]
            self.say(f"Merge {self.pending}: Play (or tap {self.target} again) to confirm.")
        elif self.via is not None or len(vias) == 1:
            via = self.via or next(iter(vias))
            self.via = via
            self.ask_mover = frozenset(m.premove[0] for m in exact if m.premove is not None)
            self.say(f"Which stack first moves to {via}? Tap it: {' or '.join(sorted(self.ask_mover))}.")
        elif exact:
            self.via_options = vias
            mover = next(m.premove[0] for m in exact if m.premove is not None)
            self.say(f"Where does {mover} first move within its region? Tap one of the dashed rings: "
                     f"{', '.join(sorted(vias))}.")
        elif merges:
            self.say(f"Merge onto {self.target}: tap the stacks that join (green rings).")
        else:
            self.target = None

    def offer_words(self) -> str:
        if len(self.sources) > 1:
            return "tap a ring to merge onto it."
        primary = self.sources[0]
        height = abs(self.state.stack(primary))
        words = f"The stack on {primary} ({height} high): its region is lit; green dots: steps"
        if height >= 2:
            words += "; rings: split parts or merge targets"
        else:
            words += "; rings: merge targets"
        return words + "."

    def explain(self, primary: str, name: str) -> None:
        """Why a tap on the board did nothing, in the rules' words."""
        self.say(self._reason(TruchetMove.step(primary, name, self.flip)), error=True)

    def _reason(self, move: TruchetMove) -> str:
        try:
            self.game.check_legal(self.state, move)
        except RulesError as err:
            words = str(err)
            return words[:1].upper() + words[1:] + "."
        return f"{move} is not among the moves offered now."

    # -- frame ----------------------------------------------------------------------------
    def advance(self, dt: float) -> None:
        super().advance(dt)
        if self.drawing is not None:
            move, left = self.drawing
            left -= dt
            if left <= 0:
                self.drawing = None
                self.play(move)
            else:
                self.drawing = (move, left)
        elif self.game.is_chance(self.state) and self.app.top is self:
            self.start_draw()
        if self.effects:
            self.effects = [(j, h, age + dt) for j, h, age in self.effects if age + dt < self.capture_seconds]
            if not self.effects:
                self.check_over()
        self._refresh()
        b = self.b
        state = self.state
        busy = self.drawing is not None or bool(self.effects)
        b["random"].enabled = not state.playing and not busy and not self.game.is_chance(state)
        b["random"].label = f"Random tiles ({PLAYERS[state.placer()]})" if not state.playing else "Random tiles"
        b["place"].enabled = not state.playing and not busy and not self.game.is_chance(state)
        b["play"].enabled = self.pending is not None and not busy
        b["play"].label = f"Play {self.pending}" if self.pending is not None else "Play"
        b["clear"].enabled = bool(self.sources or self.flip)
        b["draw"].enabled = DRAW in self.legal and not busy
        b["undo"].enabled = self.can_undo() and self.drawing is None
        b["redo"].enabled = self.history.can_redo() and self.drawing is None
        b["parity"].selected = self.show_parity

    def shown_tiles(self) -> str:
        """The tiles to draw: the draft while placing, tiles settling during a draw, the flip preview."""
        state = self.state
        if self.drawing is not None:
            move, left = self.drawing
            order = state.placement_tiles()
            done = int(len(order) * (1 - left / self.draw_seconds))
            tiles = list(state.tiles)
            for k, t in enumerate(order):
                tiles[t] = move.letters[k] if k < done else self._shake.choice(state.board.letters)
            return "".join(tiles)
        if not state.playing:
            tiles = list(state.tiles)
            for t, letter in self.draft.items():
                tiles[t] = letter
            return "".join(tiles)
        if self.flip is not None:
            return flipped(state.tiles, state.board.tile_index[self.flip])
        return state.tiles

    def marks(self) -> TruchetView:
        """The highlights for the move being built (recomputed only after a tap or a new state)."""
        if self._marks is not None:
            return self._marks
        state = self.state
        geo = state.board
        index = geo.index
        view = TruchetView()
        if self.sources and state.playing:
            primary = self.sources[0]
            moves = self.moves_now()
            regions = self.game.regions(state, self.flip)
            home = regions[index[self.via or primary]]
            view.region = frozenset(j for j, r in enumerate(regions) if r == home)
            view.selected = frozenset(index[s] for s in self.sources)
            targets: set[str] = set()
            steps: set[str] = set()
            partners: set[str] = set()
            if self.target is not None:
                targets.add(self.target)
                for m in self._merges(self.target):
                    partners.update(o for o in m.origins if o not in self.sources)
            elif len(self.sources) > 1:
                group = set(self.sources)
                targets.update(m.destinations[0] for m in moves if m.kind == "merge" and group <= set(m.origins)
                               and self._fits_via(m))
            elif self.parts or self.via is not None:
                targets.update(d for m in self._splits() for d in m.destinations)
                targets.update(m.destinations[0] for m in self._merges_from_via())
                if not self.parts:
                    steps.update(m.destinations[0] for m in moves if m.kind == "step" and m.origins[0] == primary)
            else:
                for m in moves:
                    if primary not in m.origins:
                        continue
                    if m.kind == "step":
                        steps.add(m.destinations[0])
                    elif m.premove is None or m.premove[0] != primary:
                        targets.update(m.destinations)
            if self.parts:
                steps.clear()
            view.steps = frozenset(index[n] for n in steps)
            view.targets = frozenset(index[n] for n in targets)
            view.captures = frozenset(j for j in view.targets if state.stacks[j] and (state.stacks[j] > 0) != (state.to_move == X))
            view.partners = frozenset(index[n] for n in partners)
            view.vias = frozenset(index[n] for n in self.via_options)
            if self.ask_mover:
                view.partners = frozenset(index[n] for n in self.ask_mover)
                view.vias = frozenset({index[self.via]}) if self.via else view.vias
            sign = 1 if state.to_move == X else -1
            ghosts: dict[int, int] = {}
            faded: set[int] = set()
            move = self.pending
            if move is not None:
                faded.update(index[o] for o in move.origins)
                faded.update(index[d] for d in self.game.captures(state, move))  # taken: drawn under the ghost
                if move.kind == "split":
                    for d, c in move.targets:
                        ghosts[index[d]] = sign * c
                else:
                    ghosts[index[move.destinations[0]]] = sum(state.stacks[index[o]] for o in move.origins)
                if move.premove is not None and move.kind != "step":
                    view.vias = view.vias | {index[move.premove[1]]}
            elif self.parts:
                faded.add(index[primary])
                for d, c in self.parts.items():
                    ghosts[index[d]] = sign * c
            elif self.via is not None:
                faded.add(index[primary])
                ghosts[index[self.via]] = state.stack(primary)
            view.ghosts, view.faded = ghosts, frozenset(faded)
        elif self.flip is not None and state.playing:
            view.region = self.flip_band_region()
        self._marks = view
        return view

    def flip_band_region(self) -> frozenset[int]:
        """The region the chosen flip's new band lies in (lit while no stack is chosen: what the flip
        joins), on either board."""
        state = self.state
        geo = state.board
        t = geo.tile_index[self.flip]
        regions = self.game.regions(state, self.flip)
        band = geo.band(t, flipped(state.tiles, t)[t])
        return frozenset(j for j, r in enumerate(regions) if r == regions[band[0]])

    def move_marks(self, move: TruchetMove) -> tuple[list[list[tuple[float, float]]], float]:
        """The flipped tile (a ring at its centre), and each stack's way: to where it first moves within
        its region, then on to each junction it lands on."""
        geo = self.layout_board
        if geo is None or not move.is_stack_move:
            return [], 0.0
        board_ = self.state.board

        def at(name: str) -> tuple[float, float]:
            return geo.points[board_.index[name]]

        strokes: list[list[tuple[float, float]]] = []
        if move.flip:
            strokes.append([geo.tile_center(board_.tile_index[move.flip])])
        for origin, via in move.sources:
            start = [at(origin)] + ([at(via)] if via else [])
            if move.kind == "split":
                strokes.extend(start + [at(name)] for name in move.destinations)
            else:
                strokes.append(start + [at(move.destinations[0])])
        return strokes, geo.tile * 0.3

    def slides(self, before: TruchetState, move: TruchetMove) -> tuple[TruchetState, list[Slide]] | None:
        """Each moving stack (each part of a split) goes from its junction, by where it first moves within
        its region, to where it lands; under them, the position after the move with its destinations empty
        (a stack taken there fades out as they come). A flipped tile simply shows flipped."""
        geo = self.layout_board
        if geo is None or not move.is_stack_move:
            return None
        state = self.state
        index = state.board.index
        r = geo.tile * 0.3

        def at(name: str) -> tuple[float, float]:
            return geo.points[index[name]]

        def stack(signed: int) -> Callable[[pygame.Surface, tuple[float, float], float], None]:
            return lambda surface, point, t: draw_stack(surface, signed, point, r)

        slides = []
        for origin, via in move.sources:
            height = before.stacks[index[origin]]
            start = [at(origin)] + ([at(via)] if via else [])
            if move.kind == "split":
                sign = 1 if height > 0 else -1
                slides.extend(Slide(tuple(start + [at(name)]), stack(sign * count)) for name, count in move.targets)
            elif height:
                slides.append(Slide(tuple(start + [at(move.destinations[0])]), stack(height)))
        stacks = list(state.stacks)
        for name in move.destinations:
            stacks[index[name]] = 0
        return dataclasses.replace(state, stacks=tuple(stacks)), slides

    def captures(self, before: TruchetState, move: TruchetMove) -> bool:
        return move.is_stack_move and bool(self.game.captures(before, move))

    def view(self) -> TruchetView:
        state = self.state
        marks = self.marks()
        geo = state.board
        last_flip = None
        last: frozenset[int] = frozenset()
        if self.history.moves and state.playing:
            move = self.history.moves[-1]
            if move.is_stack_move:
                last = frozenset(geo.index[d] for d in move.destinations)
                last_flip = geo.tile_index[move.flip] if move.flip else None
        hover = None
        if self.hover_tile is not None and geo.tile_names[self.hover_tile] in self.flippable:
            hover = self.hover_tile
        elif self.hover_tile is not None and self.hover_tile in self.draft:
            hover = self.hover_tile
        view = TruchetView(
            tiles=self.shown_tiles(),
            region=marks.region, selected=marks.selected, steps=marks.steps, targets=marks.targets,
            captures=marks.captures, partners=marks.partners, vias=marks.vias, ghosts=marks.ghosts,
            faded=marks.faded,
            flip=geo.tile_index[self.flip] if self.flip else None,
            choosable=frozenset(self.draft) if self.drawing is None else frozenset(state.placement_tiles()),
            last=last, last_flip=last_flip if self.flip is None else None,
            show_parity=self.show_parity,
            effects=tuple((j, h, min(1.0, age / self.capture_seconds)) for j, h, age in self.effects),
            hover=hover,
        )
        return view

    @classmethod
    def rules_page_for(cls, options: dict[str, OptionValue] | None) -> RulesPage:
        """The rules page of the game these options make: Hexagonal Truchet (``-hex``) has its own."""
        return HEX_TRUCHET_RULES if options and options.get("hex") else TRUCHET_RULES

    def board_title(self) -> str:
        """The title over the board on a phone: ``Truchet 7x7``, ``Hex Truchet, side 4``."""
        state = self.state
        return f"Hex Truchet, side {state.size}" if state.hex else f"Truchet {state.size}x{state.size}"

    def draw(self, surface: pygame.Surface) -> None:
        self._refresh()
        surface.fill(theme.BG)
        if self.layout_board is None:
            return
        layout, view = self.layout_board, self.view()
        self.draw_position(surface, self.state, lambda target, state: draw_truchet(target, layout, state, view))
        self.draw_buttons(surface)
        if self.portrait:
            menu = self.b["menu"].rect
            theme.text(surface, self.board_title(), 26, theme.TEXT, center=(self.size[0] // 2, menu.centery),
                       max_width=self.size[0] - 2 * menu.right - 8)
        self.draw_panels(surface)

    # -- panels ---------------------------------------------------------------------------
    def card_icon(self, colour: int) -> Callable[[pygame.Surface, tuple[float, float], float], None]:
        return piece_icon(colour)

    def card_tags(self, colour: int, moving: bool) -> list[str]:
        tags = self.seat_tags(colour)
        if moving:
            tags.append("to place" if not self.state.playing else "to move")
        return tags

    def card_score(self, colour: int, scores: Sequence[int]) -> str:
        return str(scores[colour]) if self.state.playing else "-"

    def score_caption(self) -> str:
        return "pieces"

    def play_status(self) -> tuple[str, tuple[int, int, int]]:
        state = self.state
        if self.game.is_chance(state) or self.drawing is not None:
            return f"Drawing {PLAYERS[state.placer()]}'s tiles at random", theme.TEXT
        if not state.playing:
            count = len(state.placement_tiles())
            return f"Set-up: {PLAYERS[state.placer()]} places {count} tile{'s' if count > 1 else ''}", theme.TEXT
        words = f"{self.to_act_words(state.to_move)}: {PLAYERS[state.to_move]} ({COLOUR_WORDS[state.to_move]} regions)"
        if self.flip:
            words += f" · flip {self.flip}"
        return words, theme.TEXT

    def entry_hint(self) -> str:
        if not self.state.playing:
            return f"Type random or {'/'.join(self.state.board.letters)} letters + Enter"
        return "Type a move ({})".format(HEX_EXAMPLES if self.state.hex else SQUARE_EXAMPLES)

    def idle_message(self) -> tuple[str, tuple[int, int, int]]:
        state = self.state
        act = "Tap" if self.portrait else "Click"
        if not state.playing:
            return (f"{act} Random tiles (recommended), or {act.lower()} the outlined tiles to turn them and "
                    "Place tiles. Letters run row by row from the placer's edge."), theme.TEXT_DIM
        if self.over:
            return "", theme.TEXT_DIM
        words = f"{act} a tile to flip it (optional), then one of your stacks."
        if DRAW in self.legal:
            words += f" {state.quiet} turns without a capture: you may claim a draw."
        elif state.draw_rule != "off" and state.quiet >= state.quiet_limit // 2:
            words += f" {state.quiet}/{state.quiet_limit} turns without a capture."
        return words, theme.TEXT_DIM

    def move_words(self, move: TruchetMove) -> str:
        """``flip tile cd45, then merge the stack on d2 (by way of b6) and the stack on d6 onto c6``."""
        if not move.is_stack_move:
            return ""

        def stack(origin: str, via: str | None) -> str:
            return f"the stack on {origin}" + (f" (by way of {via})" if via else "")

        stacks = " and ".join(stack(origin, via) for origin, via in move.sources)
        if move.kind == "step":
            what = f"move {stacks} to {move.destinations[0]}"
        elif move.kind == "merge":
            what = f"merge {stacks} onto {move.destinations[0]}"
        else:
            parts = ", ".join(f"{max(1, count)} to {name}" for name, count in move.targets)
            what = f"split {stacks}: {parts}"
        return f"flip tile {move.flip}, then {what}" if move.flip else what

    def move_text(self, before: TruchetState, move: TruchetMove) -> str:
        if move.kind == "tiles":
            return move.letters if len(move.letters) <= 6 else move.letters[:5] + "…"
        return str(move)

    def roll_text(self, before: TruchetState, move: TruchetMove) -> str:
        return self.move_text(before, move)

    def chance_words(self, before: TruchetState, move: TruchetMove) -> str:
        return f"tiles drawn at random: {self.roll_text(before, move)}"

    def move_item(self, number: int, before: TruchetState, move: TruchetMove) -> str:
        text = str(move)
        if move.kind == "tiles":
            text = ("roll:" if move.drawn else "") + (move.letters if len(move.letters) <= 6 else move.letters[:5] + "…")
        mover = self.game.to_move(before)
        who = PLAYERS[mover] if mover is not None else ""
        return f"{number}. {who} {text}".replace("  ", " ")

    # -- game over ------------------------------------------------------------------------
    def breakdown_lines(self) -> list[str]:
        state = self.state
        start = state.board.pieces
        captured = self.game.details(state).get("captured", {})
        lines = []
        for colour in (0, 1):
            who = PLAYERS[colour]
            lines.append(f"{who} ({self.person_short(self.person_of(colour))}): {state.pieces(colour)} of {start} pieces "
                         f"left; captured {captured.get(who, 0)}")
        lines.append(f"Turns in a row without a capture at the end: {state.quiet}")
        return lines
