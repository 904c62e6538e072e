"""The know scene: the round board, dice with a short roll, moves by tap or by typed notation.

The scene holds no rules. What may move, where it may go, the Errand and Path
offers and every refusal come from `KNOW.legal_moves` / `check_legal` /
`details`; every roll and move goes through `GameHistory.play`, so a record
replays exactly. Rolls are the game's own (`GameScene.next_roll`, from the
game's seed) and are shown after a short animation.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Sequence

import pygame

from game.app.play.motion import Slide
from game.app.play.panels import PanelScene
from game.app.ui import theme
from game.app.ui.input import Intent
from game.app.ui.scene import Host
from game.app.ui.targets import Target, closest_pair
from game.app.ui.widgets import Button
from game.rules.base import Game
from game.rules.know import (AMBIGUOUS, ERRAND_MOVE, ERRAND_ROLL, FIRST, KNOW, MOVE, NOPATH, OVER, PASS, PATH_MOVE,
                             PATH_ROLL, PLAYERS, POST_MOVE, POST_ROLL, PREROLL, ROLL, SEATS_4, SECOND, START, TYPES,
                             KnowMove, KnowState, board, connected_pairs, owner, piece_type, resolved_pattern, score_of,
                             striped)
from game.rules.options import OptionValue
from .rules_page import KNOW_RULES
from .view import (PIECE_COLOURS, PLAYER_INK, SIDE_INK, KnowLayout, KnowView, draw_die, draw_know, draw_piece,
                   draw_seat_marker, names_zoom, piece_legend, tier_legend)

ROLL_SECONDS = 0.5
ROLL_LABELS = {START: "Roll to begin", PREROLL: "Roll", ROLL: "Roll", ERRAND_ROLL: "Errand roll",
               PATH_ROLL: "Contest roll", POST_ROLL: "Catch-up roll"}


class KnowScene(PanelScene):
    rules_page = KNOW_RULES
    move_col_w = 210
    panel_width = (320, 500, 0.38)
    view_buttons = frozenset({"influence", "names", "threads", "score"})

    def __init__(self, app: Host, game: Game = KNOW, options: dict[str, OptionValue] | None = None,
                 seats: tuple[str, ...] = ("Human", "Human"), rng: random.Random | None = None,
                 start: KnowState | None = None, seed: int | None = None) -> None:
        super().__init__(app, game, options, seats, seed=seed, start=start, rng=rng)
        self._shake = random.Random()  # only for the faces shown while the dice tumble
        self.roll_seconds = ROLL_SECONDS
        self.rolling: tuple[KnowMove, float] | None = None
        self.tumble: list[int] = []
        self.selected: int | None = None       # space of the chosen piece
        self.die_pick: int | None = None       # the die value chosen for the next move (Symmetric)
        self.pending: list[KnowMove] = []      # moves that differ only by die, waiting for a die choice
        self.hover_space: int | None = None
        self.show_influence = False
        self.show_names = False
        self.show_score = False
        self.show_threads = False
        self.layout_board: KnowLayout | None = None
        self._cached: KnowState | None = None
        self.legal: list[KnowMove] = []
        self.info: dict[str, Any] = {}
        self.b.update({
            "roll": Button("Roll", self.start_roll, name="roll", primary=True),
            "die0": Button("", lambda: self.pick_die(0), name="die0"),
            "die1": Button("", lambda: self.pick_die(1), name="die1"),
            "errand": Button("Errand", self.request_errand, name="errand"),
            "pass": Button("Pass", lambda: self.play(PASS), name="pass"),
            "undo": Button("Undo", self.undo, name="undo"),
            "redo": Button("Redo", self.redo, name="redo"),
            "influence": Button("Influence", self.toggle("show_influence"), name="influence"),
            "names": Button("Names", self.toggle_names, name="names"),
            "threads": Button("Threads", self.toggle("show_threads"), name="threads"),
            "score": Button("Score", self.toggle("show_score"), name="score"),
        })
        self.buttons = list(self.b.values())
        self._refresh()
        self.say(self.state.note)

    @classmethod
    def draw_picture(cls, surface: pygame.Surface, rect: pygame.Rect, state: KnowState) -> None:
        draw_know(surface, KnowLayout(rect), state, KnowView())

    # -- state-derived caches -----------------------------------------------------------
    @property
    def state(self) -> KnowState:
        return self.history.state

    def _refresh(self) -> None:
        state = self.state
        if state is self._cached:
            return
        self._cached = state
        self.legal = [] if self.game.is_chance(state) else self.game.legal_moves(state)
        self.info = self.game.details(state)
        self.selected = None
        self.pending = []
        if self.die_pick is not None and self.die_pick not in state.dice:
            self.die_pick = None
        movers = {m.src for m in self.legal if m.kind == "move"}
        if state.phase in (ERRAND_MOVE, PATH_MOVE) and len(movers) == 1:
            self.selected = board().index[movers.pop()]  # the one piece that must move

    @property
    def chance(self) -> bool:
        return self.game.is_chance(self.state)

    def piece_moves(self) -> list[KnowMove]:
        moves = [m for m in self.legal if m.kind == "move"]
        if self.die_pick is not None and any(m.die is not None for m in moves):
            moves = [m for m in moves if m.die == self.die_pick]
        return moves

    def movable_spaces(self) -> frozenset[int]:
        index = board().index
        return frozenset(index[m.src] for m in self.piece_moves() if m.src)

    def target_spaces(self) -> frozenset[int]:
        if self.selected is None:
            return frozenset()
        index = board().index
        if self.state.phase == PREROLL:
            return frozenset(index[m.dst] for m in self.legal if m.kind == "path" and m.dst
                             and index[m.src or ""] == self.selected)
        return frozenset(index[m.dst] for m in self.piece_moves() if m.dst and index[m.src or ""] == self.selected)

    def errand_offers(self) -> list[KnowMove]:
        return [m for m in self.legal if m.kind == "errand"]

    def path_offers(self) -> list[KnowMove]:
        return [m for m in self.legal if m.kind == "path"]

    # -- actions ----------------------------------------------------------------------------
    def names_zoom(self) -> float:
        """How much larger the board must be drawn for the spaces' names to be read (1: they can)."""
        return names_zoom(self.layout_board) if self.layout_board is not None else 1.0

    def focus(self) -> tuple[float, float]:
        """Where a zoom for the names centres: the chosen piece, or the board's middle."""
        if self.selected is not None and self.layout_board is not None:
            return self.layout_board.centroids[self.selected]
        return super().focus()

    def toggle(self, attr: str) -> Callable[[], None]:
        def flip() -> None:
            setattr(self, attr, not getattr(self, attr))
        return flip

    def busy(self) -> bool:
        return self.rolling is not None

    @staticmethod
    def rollers(game: Game, state: KnowState) -> Sequence[int]:
        """The seats that throw the roll due: all (the opening roll, a Path contest), one seat, or the other
        side's seats (an Errand's contest: the other colour, or with three players the others)."""
        roller = game.roller(state)
        names = game.seat_names(state)
        if roller in ("both", "all"):
            return tuple(range(len(names)))
        if roller in names:
            return (names.index(roller),)
        if roller == "the others":
            return tuple(seat for seat in range(len(names)) if seat != state.player)
        if roller in PLAYERS:  # four players: a colour's seats
            return game.seats_of(state.opts, PLAYERS.index(roller))
        return ()

    # -- seats: a colour (two players), a colour and stripe (four), or a type of piece (three) -------------
    @property
    def sides(self) -> int:
        """How many sides connect and resolve: the two colours, or with three players the three types."""
        return 3 if self.state.opts.three else 2

    def side_of_seat(self, seat: int) -> int:
        """The side a seat plays for: with four players its colour (partners share it), else the seat."""
        return SEATS_4[seat][0] if self.state.opts.four else seat

    def seat_of_piece(self, piece: int) -> int:
        """The seat that moves `piece`."""
        opts = self.state.opts
        if opts.four:
            return SEATS_4.index((owner(piece), striped(piece)))
        return self.game.side(self.state, piece)

    def acting_seat(self) -> int:
        """The seat acting now (or last to act)."""
        state = self.state
        return state.seat if state.opts.four else state.player

    def side_words(self, side: int) -> str:
        return self.game.side_label(self.state, side)

    def roll_due(self) -> bool:
        return self.rolling is None and self.game.outcome(self.state) is None and (
            self.chance or self.state.phase == PREROLL)

    def start_roll(self) -> None:
        """Roll the dice due (after `nopath` when a Path could have been declared), with a short tumble."""
        if not self.roll_due():
            return
        if self.state.phase == PREROLL and not self.play(NOPATH):
            return
        if not self.chance:
            return
        move = self.next_roll()
        if self.roll_seconds <= 0:
            self.play(move)
            return
        self.rolling = (move, self.roll_seconds)
        self.tumble = [self._shake.randint(1, 6) for _ in move.values]
        self.say("Rolling...")

    def pick_die(self, k: int) -> None:
        dice = self.state.dice
        if k >= len(dice):
            return
        value = dice[k]
        if self.pending:
            chosen = [m for m in self.pending if m.die == value]
            if chosen:
                self.play(chosen[0])
            return
        self.die_pick = None if self.die_pick == value else value
        if self.selected is not None and not self.target_spaces():
            self.selected = None
        if self.die_pick is not None:
            self.say(f"Moves with the {value}: the highlighted pieces can use it.")

    def request_errand(self) -> None:
        offers = self.errand_offers()
        index = board().index
        if self.selected is not None:
            offers = [m for m in offers if index[m.src or ""] == self.selected] or offers
        if self.die_pick is not None and any(m.die is not None for m in offers):
            offers = [m for m in offers if m.die == self.die_pick] or offers
        pieces = {m.src for m in offers}
        if not offers:
            return
        if len(pieces) > 1:
            self.say("Several pieces are locked out: tap the one (pink ring) to send on its Errand, then Errand.")
            return
        if len(offers) == 1:
            self.play(offers[0])
            return
        self.pending = offers
        self.say("Which die do you contest? Tap it: " + " or ".join(str(m.die) for m in offers) + ".")

    def choose(self, src: int, dst: int) -> None:
        names = board().names
        if self.state.phase == PREROLL:
            self.play(KnowMove("path", names[src], names[dst]))
            return
        options = [m for m in self.piece_moves() if m.src == names[src] and m.dst == names[dst]]
        if len(options) == 1:
            self.play(options[0])
        elif options:
            self.pending = options
            self.say(f"{names[src]}-{names[dst]} works with either die: tap the die to use "
                     f"({' or '.join(str(m.die) for m in options)}).")

    def rolls_on(self, move: KnowMove) -> bool:
        """No Path can be declared before the roll: the roll follows as if pressed."""
        return move == NOPATH

    def forced_reason(self, move: KnowMove) -> str:
        if move == PASS:
            return "No piece can move" + (f" {' or '.join(map(str, sorted(set(self.state.dice))))}"
                                          if self.state.dice else "")
        return super().forced_reason(move)

    def after_move(self, move: Any) -> None:
        self.entry = ""
        self.move_scroll = 0
        self.die_pick = None
        self._refresh()
        self.say(self.state.note)
        self.check_over()

    def clear_selection(self) -> None:
        self.rolling = None
        self.die_pick = None

    # -- layout -----------------------------------------------------------------------------
    def make_board_layout(self, rect: pygame.Rect) -> KnowLayout:
        return KnowLayout(rect.inflate(-8, -8))

    def button_rows(self) -> Sequence[Sequence[tuple[str, int]]]:
        if self.portrait:
            return ((("roll", 2), ("errand", 1), ("pass", 1), ("undo", 1), ("redo", 1)),
                    (("influence", 5), ("names", 4), ("threads", 4), ("score", 4)))
        return ((("roll", 2), ("errand", 1), ("pass", 1)), (("undo", 1), ("redo", 1), ("score", 1)),
                (("influence", 1), ("names", 1), ("threads", 1)))

    def place_buttons(self) -> int:
        y = super().place_buttons()
        self.dice_slot = pygame.Rect(self.b["roll"].rect)
        return y

    def _place_dice(self) -> None:
        """The roll button and the dice share one slot: Roll while a roll is due, else the dice in force."""
        slot = self.dice_slot
        show_roll = self.roll_due() or self.rolling is not None
        dice = self.state.dice if not show_roll else ()
        b = self.b
        b["roll"].rect = pygame.Rect(slot) if show_roll else pygame.Rect(0, 0, 0, 0)
        for k in (0, 1):
            b[f"die{k}"].rect = pygame.Rect(0, 0, 0, 0)
        if dice:
            n = len(dice)
            width = (slot.width - 6 * (n - 1)) // n
            for k in range(n):
                b[f"die{k}"].rect = pygame.Rect(slot.left + k * (width + 6), slot.top, width, slot.height)

    # -- input ------------------------------------------------------------------------------
    def before_press(self) -> None:
        self._place_dice()

    def hover_board(self, pos: tuple[int, int]) -> None:
        self.hover_space = self.layout_board.space_at(pos) if self.layout_board else None

    def drop_selection(self) -> bool:
        dropped = self.selected is not None or bool(self.pending)
        self.selected, self.pending = None, []
        return dropped

    def handle_game(self, intent: Intent) -> None:
        if intent.kind == "key":
            if intent.text == "f2":
                self.show_influence = not self.show_influence
            elif intent.text == "f3":
                self.toggle_names()
        elif intent.kind == "confirm":
            if not self.submit_entry() and self.roll_due():
                self.start_roll()

    def choosable_spaces(self) -> frozenset[int]:
        """The pieces a tap may choose now: those that can move, be sent on an Errand or declare a Path."""
        index = board().index
        if self.state.phase == PREROLL:
            return frozenset(index[m.src or ""] for m in self.path_offers())
        return self.movable_spaces() | frozenset(index[m.src or ""] for m in self.errand_offers())

    def offered_spaces(self) -> frozenset[int]:
        """What a tap may choose now: a piece that can act, or a space the chosen piece can go to."""
        if self.rolling is not None or self.chance:
            return frozenset()
        return self.choosable_spaces() | self.target_spaces()

    def tap_targets(self) -> list[Target]:
        """The spaces the chosen piece can reach, then the other pieces that can act (know's spaces are often
        far narrower than a finger: a tap takes the nearest of these, and asks between two close ones)."""
        geo = self.layout_board
        if geo is None or self.rolling is not None or self.chance:
            return []
        targets = self.target_spaces()
        rank = 1 if targets else 0
        chosen = [] if self.selected is None or self.selected in targets else [
            Target(self.selected, geo.centroids[self.selected], geo.piece_radii[self.selected], 1, exact=True)]
        return ([Target(i, geo.centroids[i], geo.piece_radii[i]) for i in sorted(targets)] + chosen
                + [Target(i, geo.centroids[i], geo.piece_radii[i], rank)
                   for i in sorted(self.choosable_spaces() - targets - {self.selected})])

    def take_target(self, space: int) -> None:
        self.pick_space(space)

    def board_target_px(self, layout: KnowLayout) -> float:
        """The least gap between two offers (a tap takes the nearest offer, so an offer is as wide as the gap
        to the next): the smallest such gap now (none: no limit)."""
        return closest_pair([Target(i, layout.centroids[i]) for i in self.offered_spaces()])

    def point_board(self, pos: tuple[int, int], touch: bool = False) -> None:
        """A tap that reaches no offer: the space under it says why it does nothing."""
        space = self.layout_board.space_at(pos) if self.layout_board else None
        if self.rolling is not None or space is None:
            self.selected, self.pending = None, []
            return
        self.pick_space(space)

    def pick_space(self, space: int) -> None:
        """A tap on `space`: the chosen piece goes there, or the piece there is chosen, or why not."""
        self.pending = []
        names = board().names
        if self.selected is not None and space in self.target_spaces():
            self.choose(self.selected, space)
            return
        index = board().index
        errand = {index[m.src or ""] for m in self.errand_offers()}
        if space in self.choosable_spaces():
            self.selected = space
            if self.state.phase == PREROLL:
                self.say(f"Path from {names[space]}: tap a glowing point of contention to declare it, or Roll.")
            elif space in errand and space not in self.movable_spaces():
                self.say(f"The piece on {names[space]} is locked out: press Errand to request a Significant Errand.")
            else:
                self.say("")
            return
        chosen, self.selected = self.selected, None
        self.explain(space, chosen)

    def explain(self, space: int, chosen: int | None = None) -> None:
        """Why a tap on the board did nothing (on `space`, with the piece on `chosen` chosen, if one was), in
        the rules' words where possible."""
        state = self.state
        name = board().names[space]
        piece = state.at(name)
        if self.chance or state.phase == OVER:
            if self.roll_due():
                self.say("Roll the dice first: press Roll (or Enter).", error=True)
            return
        if piece is None:
            self.explain_target(name, chosen)
            return
        if self.seat_of_piece(piece) != self.acting_seat():
            seat = self.seat_of_piece(piece)
            partner = " (your partner's)" if state.opts.four and owner(piece) == state.player else ""
            self.say(f"That is {self.whose(seat)} {TYPES[piece_type(piece)]}{partner}; it is "
                     f"{self.whose(self.acting_seat())} turn.", error=True)
            return
        if state.phase == PREROLL:
            self.say(f"No Solipsistic Path from {name} now: press Roll.", error=True)
            return
        dice = self.piece_dice()
        if dice is None:
            return
        probe = KnowMove("move", name, name, dice if state.opts.symmetric else None)
        reason = ""
        try:
            self.game.check_legal(state, probe)
        except ValueError as err:
            reason = str(err)
        if "already moved" in reason or "second piece" in reason or "lost its Errand" in reason:
            self.say(reason.split(": ", 1)[-1].capitalize() + ".", error=True)
        else:
            self.say(f"The {TYPES[piece_type(piece)]} on {name} has no move of exactly "
                     f"{' or '.join(map(str, sorted(set(state.dice))))} jumps.", error=True)

    def explain_target(self, name: str, chosen: int | None) -> None:
        """A tap on an empty space: why the chosen piece cannot go there (the rules' refusal), or that a
        piece must be chosen first."""
        state = self.state
        if chosen is None or state.phase == PREROLL:
            what = "a glowing point of contention" if state.phase == PREROLL else "a green space"
            self.say(f"{name} is empty: tap one of your ringed pieces first, then {what}.", error=True)
            return
        src = board().names[chosen]
        die = self.die_pick if self.die_pick is not None else self.piece_dice()
        try:
            self.game.check_legal(state, KnowMove("move", src, name, die if state.opts.symmetric else None))
        except ValueError as err:
            reason = str(err)
            self.say(reason[:1].upper() + reason[1:] + ".", error=True)
            return
        self.say(f"{src}-{name} is not among the moves open now: tap a green space.", error=True)

    def piece_dice(self) -> int | None:
        return self.state.dice[0] if self.state.dice else None

    # -- frame ------------------------------------------------------------------------------
    def advance(self, dt: float) -> None:
        super().advance(dt)
        if self.rolling is not None:
            move, left = self.rolling
            left -= dt
            if left <= 0:
                self.rolling = None
                self.play(move)
            else:
                self.rolling = (move, left)
                if self._shake.random() < 0.5:
                    self.tumble = [self._shake.randint(1, 6) for _ in move.values]
        self._refresh()
        b = self.b
        state = self.state
        over = self.game.outcome(state) is not None
        b["roll"].enabled = self.roll_due()
        b["roll"].label = ROLL_LABELS.get(state.phase, "Roll") if self.rolling is None else "Rolling..."
        b["roll"].hint = self._roll_hint()
        b["errand"].enabled = bool(self.errand_offers()) and self.rolling is None
        b["pass"].enabled = PASS in self.legal and self.rolling is None
        b["pass"].label = "Stop" if state.phase == POST_MOVE else "Pass"
        b["undo"].enabled = self.can_undo() and self.rolling is None
        b["redo"].enabled = self.history.can_redo() and self.rolling is None
        for name in ("influence", "threads", "score"):
            b[name].selected = getattr(self, f"show_{name}")
        b["names"].selected = self.names_shown()
        symmetric_choice = len(set(state.dice)) > 1 and state.phase in (MOVE, ERRAND_MOVE)
        for k in (0, 1):
            b[f"die{k}"].enabled = not over and (symmetric_choice or bool(self.pending))
        self._place_dice()

    def _roll_hint(self) -> str:
        state = self.state
        if self.rolling is not None:
            return ""
        if state.phase == PREROLL:
            return "or tap a piece for a Path"
        roller = self.game.roller(state) if self.chance else ""
        if state.phase == PATH_ROLL and state.opts.three and self.chance:
            return f"{self.seat_names[state.player]} and {self.seat_names[state.contender]}"
        return {"both": "both players", "all": "everyone"}.get(roller, roller)

    def play_status(self) -> tuple[str, tuple[int, int, int]]:
        state = self.state
        acting = self.acting_seat()
        you = self.is_you(acting)
        label = self.game.seat_label(state)
        me = f"You ({label})" if you else self.player_name(acting)
        dice = " and ".join(map(str, state.dice))
        words = {
            START: "Both players roll: the higher roll begins" if len(self.seat_names) == 2 else
                   "Everyone rolls: the highest roll begins",
            PREROLL: f"{me}: declare a Solipsistic Path, or roll",
            ROLL: self.to_act_words(acting, "roll") + (f" ({label})" if you else ""),
            MOVE: (f"Your move ({label}): {dice}" if you else f"{me} to move {dice}")
                  + (f" (a {TYPES[state.only_type]})" if state.only_type >= 0 else ""),
            ERRAND_ROLL: f"{self.game.opponent_label(state)} must beat {state.errand[1] if state.errand else ''}",
            ERRAND_MOVE: f"{me}: the errand piece moves {dice}",
            PATH_ROLL: f"Contest roll: through {board().names[state.path[1]] if state.path else ''}",
            PATH_MOVE: f"{me}: the Path piece moves {dice}",
            POST_ROLL: f"{me}: a roll to catch up",
            POST_MOVE: f"{me}: connect with {dice}, or Stop",
        }.get(state.phase, "")
        if self.hover_space is not None:
            geo = board()
            words += f"   ·   {geo.names[self.hover_space]} ({geo.tier[self.hover_space]})"
        return words, theme.TEXT  # (the side's colour is its card's marker: Red's red would read as an error)

    def draw_status_line(self, surface: pygame.Surface) -> None:
        """The status line; during an exceptional sequence (Errand, Path, catch-up) it leads with a
        highlighted banner naming it, where the line leaves room for both whole (else the line alone)."""
        banner = self.banner()
        rect = self.status_rect
        size = self.text_size + 1
        words, colour = self.status_line()
        width = theme.font(size).size(banner)[0] + 20
        if not banner or width + 10 + theme.font(theme.MIN_TEXT).size(words)[0] > rect.width:
            super().draw_status_line(surface)
            return
        pill = pygame.Rect(rect.left, rect.top, width, rect.height)
        pygame.draw.rect(surface, theme.ACCENT, pill, border_radius=pill.height // 2)
        theme.text(surface, banner, size, theme.TEXT_DARK, center=pill.center)
        theme.text(surface, words, size - 2, colour, midleft=(pill.right + 10, rect.centery),
                   max_width=rect.right - pill.right - 10)

    def entry_hint(self) -> str:
        return "Type a move (1.0b-1.1b, roll:4, pass) + Enter"

    def idle_message(self) -> tuple[str, tuple[int, int, int]]:
        state = self.state
        if self.show_score:
            return self.score_summary(), theme.TEXT
        if state.phase in (MOVE, ERRAND_MOVE, PATH_MOVE, POST_MOVE):
            act = "Tap" if self.portrait else "Click"
            return f"{act} a ringed piece, then a green space.", theme.TEXT_DIM
        if self.roll_due():
            return "Press Roll (or Enter) to roll.", theme.TEXT_DIM
        return "", theme.TEXT_DIM

    def score_summary(self) -> str:
        parts = []
        opts = self.state.opts
        for p in range(self.sides):
            name = self.side_words(p)
            conns = self.info["connections"][name]
            parts.append(f"{name} {score_of(self.state.pos, p, opts.formal, opts.three)} "
                         f"({len(conns)} connection{'s' if len(conns) != 1 else ''}"
                         f"{', resolved +6' if resolved_pattern(self.state.pos, p, opts.formal, opts.three) else ''})")
        return "Score (influence of connected pieces, less contention): " + "; ".join(parts)

    # -- cards ---------------------------------------------------------------------------------
    def card_icon(self, colour: int) -> Callable[[pygame.Surface, tuple[float, float], float], None]:
        players = self.state.opts.players
        return lambda surface, center, r: draw_seat_marker(surface, players, colour, center, r)

    def seat_ink(self, colour: int) -> tuple[int, int, int]:
        """Two or four players: the seat's pieces' red or blue; three: its side's own colour (each side has a
        type of piece in both colours)."""
        opts = self.state.opts
        if opts.players == 3:
            return SIDE_INK[colour]
        return PLAYER_INK[SEATS_4[colour][0] if opts.four else colour]

    def card_tags(self, colour: int, moving: bool) -> list[str]:
        tags = self.seat_tags(colour)
        if self.state.resolved is not None and self.state.resolved == self.side_of_seat(colour):
            tags = [self.seat_names[colour], "Resolved"]
        elif moving:
            tags.append("to act")
        return tags

    def card_moving(self, colour: int) -> bool:
        state = self.state
        if state.phase == OVER:
            return False
        if state.phase == PATH_ROLL and state.opts.three:  # the mover and the side contending
            return colour in (state.player, state.contender)
        if state.phase in (START, PATH_ROLL):
            return True
        if state.phase == ERRAND_ROLL:
            return colour in self.roll_colours()
        return self.acting_seat() == colour

    def card_score(self, colour: int, scores: Sequence[int]) -> str:
        if self.show_score:
            return str(scores[colour])
        opts = self.state.opts
        pairs = connected_pairs(self.state.pos, self.side_of_seat(colour), opts.three)
        if opts.three:  # three players resolve on the First and Second tiers: the tiers held of those two
            tiers = {board().tier[self.state.pos[a]] for a, _ in pairs}
            return f"{bool(tiers & {FIRST, AMBIGUOUS}) + (SECOND in tiers)}/2"
        return f"{len(pairs)}/3"

    def card_order(self) -> Sequence[int]:
        """Four players: partners side by side (Red striped and Red plain, then the Blue seats)."""
        if self.state.opts.four:
            return sorted(range(4), key=lambda seat: (SEATS_4[seat][0], not SEATS_4[seat][1]))
        return super().card_order()

    def card_partners(self) -> Sequence[tuple[tuple[int, ...], tuple[int, int, int]]]:
        """Four players: each Conjunction's two seats, joined in their colour."""
        if not self.state.opts.four:
            return ()
        return tuple((self.game.seats_of(self.state.opts, colour), PIECE_COLOURS[colour][0]) for colour in (0, 1))

    def score_caption(self) -> str:
        if self.show_score:
            return "score"
        if self.state.opts.three:  # (a Rim connection does not count with three)
            return "tiers" if self.compact_cards else "First, Second tiers"
        return "connected" if self.compact_cards else "connections"

    def card_leads(self, colour: int, leader: int | None) -> bool:
        """(With four players both partners of the leading Conjunction lead.)"""
        return self.show_score and leader is not None and self.side_of_seat(leader) == self.side_of_seat(colour)

    def move_item(self, number: int, before: KnowState, move: KnowMove) -> str:
        if move.kind == "roll":
            who = {"both": "", "all": "", "": ""}.get(self.game.roller(before), self.game.roller(before))
        else:
            who = self.game.seat_label(before)
        return f"{number}. {who} {move}".replace("  ", " ")

    # -- drawing -------------------------------------------------------------------------------
    def view(self) -> KnowView:
        state = self.state
        index = board().index
        prerolling = state.phase == PREROLL and self.rolling is None
        hover = self.hover_space
        return KnowView(
            selected=self.selected,
            movable=self.movable_spaces() if self.rolling is None else frozenset(),
            targets=(frozenset(index[m.dst or ""] for m in self.pending if m.kind == "move") if self.pending
                     else self.target_spaces() if not prerolling else frozenset()),
            errand=frozenset(index[m.src or ""] for m in self.errand_offers()),
            path_pieces=frozenset(index[m.src or ""] for m in self.path_offers()) if prerolling else frozenset(),
            path_targets=self.target_spaces() if prerolling else frozenset(),
            hover=hover,
            last=self.last_move(),
            show_influence=self.show_influence,
            show_names=self.show_names,
            show_threads=self.show_threads,
            corner_dice=self.corner_dice(),
        )

    def move_marks(self, move: KnowMove) -> tuple[list[list[tuple[float, float]]], float]:
        geo = self.layout_board
        if geo is None or move.kind not in ("move", "path", "errand") or not move.src:
            return [], 0.0
        index = board().index
        points = [geo.centroids[index[move.src]]]
        if move.dst:
            points.append(geo.centroids[index[move.dst]])
        return [points], geo.piece_radius * 1.25

    def slides(self, before: KnowState, move: KnowMove) -> tuple[tuple[KnowState, frozenset[int]], list[Slide]] | None:
        """The moved piece goes from its space to its new one (its size changing with the spaces'); under it,
        the position after the move with that space left empty until it arrives."""
        geo = self.layout_board
        if geo is None or move.kind != "move" or not move.src or not move.dst:
            return None
        index = board().index
        src, dst = index[move.src], index[move.dst]
        if src not in before.pos:
            return None
        piece = before.pos.index(src)
        ra, rb = geo.piece_radii[src], geo.piece_radii[dst]

        def draw(surface: pygame.Surface, at: tuple[float, float], t: float) -> None:
            draw_piece(surface, owner(piece), piece_type(piece), striped(piece), at, ra + (rb - ra) * t)

        return (self.state, frozenset({dst})), [Slide((geo.centroids[src], geo.centroids[dst]), draw)]

    def last_move(self) -> tuple[int, int] | None:
        index = board().index
        for move in reversed(self.history.moves):
            if move.kind == "move" and move.src and move.dst:
                return (index[move.src], index[move.dst])
        return None

    def banner(self) -> str:
        """A short name for the exceptional sequence under way, shown ahead of the status line."""
        state = self.state
        if self.game.outcome(state) is not None:
            return ""
        if state.resolved is not None:
            return f"{self.side_words(state.resolved)} {'have' if state.opts.three else 'has'} Resolved"
        if state.phase == ERRAND_ROLL:
            return "Significant Errand"
        if state.phase == ERRAND_MOVE:
            return "Errand granted"
        if state.phase in (PATH_ROLL, PATH_MOVE):
            return "Solipsistic Path"
        return ""

    def corner_dice(self) -> dict[str, tuple[list[int], str]]:
        """Dice beside the board: each player's contest or opening roll in their corner (Red top, Blue bottom)."""
        out: dict[str, tuple[list[int], str]] = {}
        corner = ("top", "bottom")
        state = self.state
        if len(self.seat_names) > 2:  # three or four: the roll in the top corner, the message names who
            return self.corner_dice_many()
        if self.rolling is not None:
            move, _ = self.rolling
            groups = move.dice
            before = state
            if len(groups) == 2:
                k = 0
                for p in (0, 1):
                    n = len(groups[p])
                    out[corner[p]] = (self.tumble[k:k + n], "rolling")
                    k += n
            else:
                roller = 1 - before.player if before.phase == ERRAND_ROLL else before.player
                out[corner[roller]] = (self.tumble, "rolling")
            return out
        if not self.history.moves:
            return out
        last = self.history.moves[-1]
        before = self.history.states[-2]
        if last.kind != "roll":
            return out
        if before.phase in (START, PATH_ROLL):
            for p in (0, 1):
                words = "start roll" if before.phase == START else "contest"
                if before.phase == PATH_ROLL and state.contest:
                    mover = before.player
                    roll_, bonus = (state.contest[0], state.contest[1]) if p == mover else (state.contest[2],
                                                                                          state.contest[3])
                    words = f"{roll_}+{bonus} = {roll_ + bonus}"
                out[corner[p]] = (list(last.dice[p]), words)
        elif before.phase == ERRAND_ROLL:
            out[corner[1 - before.player]] = (list(last.values), f"vs {before.errand[1] if before.errand else ''}")
            out[corner[before.player]] = ([before.errand[1]] if before.errand else [], "errand die")
        return out

    def corner_dice_many(self) -> dict[str, tuple[list[int], str]]:
        """Three or four players: the dice tumbling, or the last roll of several players (the opening roll,
        a contest), in the top corner."""
        if self.rolling is not None:
            return {"top": (list(self.tumble), "rolling")}
        moves = self.history.moves
        if not moves or moves[-1].kind != "roll" or len(moves[-1].dice) < 2:
            return {}
        before = self.history.states[-2]
        words = "start roll" if before.phase == START else "contest"
        return {"top": (list(moves[-1].values), words)}

    def draw(self, surface: pygame.Surface) -> None:
        self._refresh()
        surface.fill(theme.BG)
        if self.layout_board is None:
            return
        layout, view = self.layout_board, self.view()

        def draw(target: pygame.Surface, shown: tuple[KnowState, Any]) -> None:
            state, view.hidden = shown  # (a slide's base: the new position, the moving piece hidden)
            draw_know(target, layout, state, view)

        self.draw_position(surface, (self.state, view.hidden), draw)
        if not self.portrait and not self.board_zoom.camera.zoomed:  # keys in the board's free corners
            size = theme.MIN_TEXT
            h = tier_legend(surface, (self.board_rect.left + 6, self.board_rect.top + 6), size)
            if self.board_rect.height - 2 * h > 200:
                piece_legend(surface, (self.board_rect.left + 6, self.board_rect.bottom - 4 * (size + 5) - 8), size)
        self.draw_buttons(surface, skip=("die0", "die1"))
        self._draw_dice_buttons(surface)
        if self.portrait:
            players = self.state.opts.players
            theme.text(surface, "know" + (" · symmetric" if self.state.opts.symmetric else "")
                       + (f" · {players} players" if players > 2 else ""), 26, theme.TEXT,
                       center=(self.size[0] // 2, self.b["menu"].rect.centery))
        self.draw_panels(surface)

    def _draw_dice_buttons(self, surface: pygame.Surface) -> None:
        state = self.state
        mover = state.player
        border = None if state.opts.three else PIECE_COLOURS[mover][0]
        for k, value in enumerate(state.dice[:2]):
            button = self.b[f"die{k}"]
            rect = button.rect
            if rect.width <= 0:
                continue
            picked = self.die_pick == value or any(m.die == value for m in self.pending)
            enabled = button.enabled and not self.others_to_act()
            fill = theme.ACCENT if picked else (theme.BG_CARD_HI if enabled else theme.BG_CARD)
            pygame.draw.rect(surface, fill, rect, border_radius=12)
            side = rect.height - 10
            face = pygame.Rect(0, 0, side, side)
            face.midleft = (rect.left + 8, rect.centery)
            draw_die(surface, face, value, border=border)
            who = self.game.seat_label(state)
            choices = ["tap to use"] if self.pending else ["chosen"] if picked else ["pick"] if enabled else [
                f"{who}' die" if who.endswith("s") else f"{who}'s die", who]  # (a narrow button: the short one)
            room = rect.right - face.right - 12
            words = next((w for w in choices if theme.font(theme.MIN_TEXT).size(w)[0] <= room), "")
            if words:
                theme.text(surface, words, theme.MIN_TEXT, theme.TEXT_DARK if picked else theme.TEXT,
                           midleft=(face.right + 8, rect.centery))

    # -- game over -----------------------------------------------------------------------------
    def breakdown_lines(self) -> list[str]:
        state = self.state
        opts = state.opts
        lines = []
        for p in range(self.sides):
            name = self.side_words(p)
            conns = self.info["connections"][name]
            shown = ", ".join(conns) if conns else "none"
            pattern = " (a resolved pattern)" if resolved_pattern(state.pos, p, opts.formal, opts.three) else ""
            who = ""
            if opts.four:
                who = " (" + " and ".join(self.seat_names[seat] for seat in self.game.seats_of(opts, p)) + ")"
            score = score_of(state.pos, p, opts.formal, opts.three)
            lines.append(f"{name}{who}: connections {shown}{pattern}; score {score}")
        return lines
