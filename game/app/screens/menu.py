"""The main menu: the games in progress, Open a game, and a card for every board the app plays.

The games it can start are handed to it (`scenes`: game name -> scene class, and `boards`, which the
shell takes from `game.app.games.registry`), so the menu imports no game.

Each board has a card (Savoya and Hexagonal Truchet are boards of their own): a small picture of the
board drawn by the game's own view (`GameScene.draw_picture`, from `game.app.ui.boards.sample`; made
one a frame and kept), its name, how many play, a line or two on what it is, and its actions (Play,
Rules; a tap on the card is Play). Play opens the new-game page as the player left it last time on this
board, you against the computer at first, so that a game against the computer is two taps away.

Games in progress are listed in words (``Truchet, hexagonal board``, ``Savoya for 3``: the board and
what its options change; who plays; moves and whose turn, a roll included; when last played), the one
played last first, each with Resume and Delete (asked first). Open a game (or Ctrl+V on the desktop) takes a
game link or a game record from outside (`open_text`): a link opens the game live for the player to
move, continuing the saved game it came from when there is one (links carry the game's id); a record
opens in review. Nothing that comes in ever replaces another game.
"""

from __future__ import annotations

from typing import Collection, Mapping, Sequence

import pygame

from game.app.play.game_scene import GameScene
from game.app.saves.exchange import SharedGame, looks_like_link, read_shared
from game.app.saves.saved_game import SavedGame, new_id
from game.app.saves.seats import REMOTE, level_of, link_seats, parse_seat, players_words, turn_words
from game.app.ui import theme
from game.app.ui.boards import Board, board_of, describe, players_text, sample, summary_of
from game.app.ui.input import Intent
from game.app.ui.option_words import Words
from game.app.ui.scene import Host
from game.app.ui.widgets import Button, press_buttons
from game.rules import GAMES
from game.rules.base import Game
from game.rules.errors import RecordError
from game.rules.options import OptionValue
from .dialog import ConfirmScene, NoticeScene
from .new_game import NewGameScene
from .open_game import OpenGameScene
from .rules import RulesScene
from .scrolling import ScrollingScene


class MenuScene(ScrollingScene):
    def __init__(self, app: Host, scenes: Mapping[str, type[GameScene]],
                 option_words: Mapping[str, Words] | None = None,
                 not_shown: Mapping[str, Mapping[str, Collection[OptionValue]]] | None = None,
                 boards: Sequence[Board] = ()) -> None:
        super().__init__(app)
        self.scenes = scenes
        # for the new-game page: the options' words, and the values a game's scene cannot show yet
        self.option_words = option_words or {}
        self.not_shown = not_shown or {}
        # a board for every game (those without a table of their own: the game itself)
        listed = {board.game for board in boards}
        self.boards: list[Board] = [*boards, *(Board(name, name, game.title) for name, game in GAMES.items()
                                               if name not in listed)]
        self.playable = {name for name in scenes}
        self.cards: list[BoardCard] = [self._card(board) for board in self.boards]
        self.pictures: dict[tuple[str, int, int], pygame.Surface] = {}  # (board, width, height) -> its picture
        self.quit = Button("Quit", self._quit, name="quit")
        self.open_button = Button("Open a game link or record", self.open_dialog, name="open")
        self.sound_button = Button(app.sound.label, self.toggle_sound, name="sound")
        # one row per game in progress: (game, row rect, Resume, Delete); Resume/Delete of the first are
        # "resume"/"delete", of the n-th "resume-n"/"delete-n"
        self.rows: list[tuple[SavedGame, pygame.Rect, Button, Button]] = []
        self.resume_button = Button("Resume", self.resume_game, name="resume", primary=True, enabled=False)
        self.list_top = 0
        self._build_rows()

    def _card(self, board: Board) -> "BoardCard":
        """A board's card and its actions (Play, Rules; room for more in the same row)."""
        game = GAMES[board.game]
        play = Button("Play", (lambda b=board: self.open_board(b)), name=f"play-{board.key}", primary=True,
                      enabled=board.game in self.playable)
        rules = Button("Rules", (lambda b=board: self.open_rules(b)), name=f"rules-{board.key}")
        # its Learn: the board's lesson, played on its board (`Host.learn`)
        learn = Button("Learn", (lambda b=board: self.app.learn(b.lesson or b.key)), name=f"learn-{board.key}")
        return BoardCard(board, game, pygame.Rect(0, 0, 0, 0), pygame.Rect(0, 0, 0, 0), [play, learn, rules])

    def _build_rows(self) -> None:
        self.rows = []
        for k, game in enumerate(self.app.saved_games):
            tag = "" if k == 0 else f"-{k + 1}"
            resume = Button("Resume", (lambda g=game: self.open_game(g)), name=f"resume{tag}", primary=True)
            delete = Button("Delete", (lambda g=game: self.ask_delete(g)), name=f"delete{tag}")
            self.rows.append((game, pygame.Rect(0, 0, 0, 0), resume, delete))
        if self.rows:
            self.resume_button = self.rows[0][2]
        else:
            self.resume_button = Button("Resume", self.resume_game, name="resume", primary=True, enabled=False)
        self.buttons = [b for _, _, resume, delete in self.rows for b in (resume, delete)]
        self.buttons += [self.open_button, self.sound_button, *(b for card in self.cards for b in card.actions)]
        if not self.app.browser:
            self.buttons.append(self.quit)

    # -- a game in progress, in words ---------------------------------------------------------
    def heading(self, saved: SavedGame) -> str:
        """``Truchet, hexagonal board``, ``Savoya for 3``, ``Star · Scoring: Maxi-Star``."""
        history = saved.history
        return describe(history.game, history.options, self.boards, self.option_words.get(history.game.name, {}))

    def players_line(self, saved: SavedGame) -> str:
        return players_words(saved.seats, saved.history.game.seat_names(saved.history.start)) + (
            " · by link" if saved.by_link else "")

    def progress(self, saved: SavedGame) -> str:
        """``12 moves · your move (X)``, ``3 moves · L to roll: Computer (level 3)``."""
        history = saved.history
        game, state = history.game, history.state
        moves = len(history.moves)
        count = f"{moves} move{'s' * (moves != 1)}"
        if history.outcome() is not None:
            return f"{count} · over"
        if game.is_chance(state):
            scene = self.scenes.get(game.name)
            colours = list(scene.rollers(game, state)) if scene is not None else []
            verb = scene.chance_verb if scene is not None else "roll"
        else:
            mover = game.to_move(state)
            colours, verb = ([] if mover is None else [mover]), "move"
        names = game.seat_names(history.start)
        turn = turn_words(saved.seats, names, [game.seat_of(state, c) for c in colours], colours, verb)
        return f"{count} · {turn}" if turn else count

    # -- games in progress -------------------------------------------------------------------
    def resume_game(self) -> None:
        """Continue the game in progress played last (left with Menu, or kept from an earlier session)."""
        saved = self.app.saved
        if saved is not None:
            self.open_game(saved)

    def open_game(self, saved: SavedGame) -> GameScene:
        """Show `saved` in a new scene of its game, over the menu (any other screen is closed first: it
        is kept already). A game ended by resignation shows its end, in review."""
        self.app.pop_to_root()
        scene_class = self.scenes[saved.history.game.name]
        scene = scene_class(self.app, saved.history.game, saved.history.options, saved.seats)
        self.app.push(scene)
        scene.resume(saved)
        scene.layout(self.app.size)
        if saved.history.ended_early:
            scene.review(len(saved.history.moves))
        return scene

    def ask_delete(self, game: SavedGame) -> None:
        body = (f"{self.heading(game)}: {self.progress(game)}, {self.players_line(game)}. A deleted game cannot be "
                "brought back.")
        self.app.push(ConfirmScene(self.app, "Delete this game?", body, "Delete", lambda: self.delete_game(game),
                                   cancel_label="Keep it"))

    def delete_game(self, game: SavedGame) -> None:
        self.app.forget_game(game.id)
        self._build_rows()
        self.layout(self.size)

    # -- games from outside --------------------------------------------------------------------
    def open_dialog(self) -> None:
        self.app.push(OpenGameScene(self.app, self.open_text))

    def open_text(self, text: str, source: str = "") -> str | None:
        """Open a game link (live, for the player to move) or a game record (in review) from `source` (in
        words); the reason it cannot be opened, or None once it is shown."""
        try:
            shared = read_shared(text)
        except RecordError as error:
            what = "game link" if looks_like_link(text) else "game record"
            return f"This {what} cannot be opened: {error}."
        if shared.from_link:
            self.open_link(shared)
            return None
        saved = shared.game
        saved.id = new_id()  # a game of its own: it never replaces another
        scene = self.open_game(saved)
        scene.review(len(saved.history.moves))
        origin = f" from {source}" if source else ""
        scene.say(f"Opened{origin}: {self.heading(saved)}, {len(saved.history.moves)} moves, shown at its last "
                  "position. Back steps through it; Live plays on from there.")
        return None

    def open_link(self, shared: SharedGame) -> GameScene:
        """Open a link's game for the player to move. The link of a game kept here (same id) continues
        it; an older link of it shows the game kept; a game that went another way opens beside it."""
        linked = shared.game
        kept, taken = self.app.kept_game(shared.shared_id)
        note = ""
        newer = False  # the link brings the other player's move to the game kept here: it slides in
        if kept is not None and same_game(kept, linked):
            mine, theirs = kept.history.notation(), linked.history.notation()
            if theirs[:len(mine)] == mine:
                linked.id, linked.seats = kept.id, kept.seats
                newer = len(theirs) > len(mine)
            elif mine[:len(theirs)] == theirs:
                scene = self.open_game(kept)
                scene.from_link = True
                scene.say(f"This link shows the game at move {len(theirs)}; you have it at move {len(mine)}: "
                          "here it is as you left it.")
                return scene
            else:
                linked.id, note = new_id(), " It went another way than the game of the same link kept here: both are kept."
        else:
            linked.id = shared.shared_id if not taken and shared.shared_id else new_id()
        if not any(level_of(seat) is not None for seat in linked.seats):  # (a game against the computer stays one)
            linked.seats = self.link_seats(linked)
        scene = self.open_game(linked)
        scene.from_link = True
        if newer:
            scene.show_last_move()
        scene.autosave()  # kept at once: it can be played later
        history = linked.history
        mover = history.game.to_move(history.state)
        if history.outcome() is not None:
            scene.say(f"Opened from a link: the game is over ({history.outcome().reason}).{note}")
            scene.check_over()
        else:
            colours = [mover] if mover is not None else list(scene.rollers(history.game, history.state))
            mine = [c for c in colours if scene.is_you(c)]
            if mine:
                scene.say(f"Opened from a link: you play {scene.seat_names[mine[0]]}, and it is your turn. Make your "
                          f"move, then send the new link back with Share the link.{note}")
            else:
                turn = f"{scene.player_name(mover)} to move" if mover is not None else "the dice are due"
                scene.say(f"Opened from a link: {turn}.{note}")
        return scene

    def link_seats(self, linked: SavedGame) -> tuple[str, ...]:
        """The seats of a game that came by link: this device plays the side whose turn it is (whose roll is
        due), the others are played at a distance."""
        history = linked.history
        game, state = history.game, history.state
        if history.outcome() is not None:
            return linked.seats
        mover = game.to_move(state)
        scene = self.scenes.get(game.name)
        colours = [mover] if mover is not None else list(scene.rollers(game, state)) if scene is not None else []
        return link_seats(len(game.seat_names(history.start)), [game.seat_of(state, c) for c in colours])

    def toggle_sound(self) -> None:
        """The mute switch (kept between sessions)."""
        problem = self.app.sound.toggle()
        self.sound_button.label = self.app.sound.label
        if problem:
            self.show_problem(problem)

    def _quit(self) -> None:
        self.app.running = False

    def open_board(self, board: Board) -> NewGameScene:
        """The new-game page of `board`, as the player left it last time (else you against the computer)."""
        game = GAMES[board.game]
        values, seats = self.last_choices(board, game)
        page = NewGameScene(self.app, game, self.scenes.get(game.name), values, seats,
                            words=self.option_words.get(game.name), not_shown=self.not_shown.get(game.name),
                            boards=self.boards)
        self.app.push(page)
        return page

    def open_new_game(self, game: Game) -> NewGameScene:
        """The new-game page of `game`'s first board."""
        return self.open_board(next(b for b in self.boards if b.game == game.name))

    def last_choices(self, board: Board, game: Game) -> tuple[dict[str, OptionValue], tuple[str, ...] | None]:
        """The options and seats last started on `board`, where they still hold (else its own options, and
        no seats: the page's you against the computer)."""
        kept = self.app.settings.last_choices(board.key)
        if kept is not None:
            options, seats = kept
            try:
                values = game.check_options(options)
                count = len(game.seat_names(game.new(values)))
                if board_of(self.boards, game, values) == board and len(seats) == count and REMOTE not in seats:
                    return values, tuple(parse_seat(seat) for seat in seats)
            except ValueError:
                pass  # (the game refuses them now: forgotten)
        return dict(board.options), None

    def open_rules(self, board: Board | Game) -> None:
        game = GAMES[board.game] if isinstance(board, Board) else board
        options = dict(board.options) if isinstance(board, Board) else {}
        scene_class = self.scenes.get(game.name)
        self.app.push(RulesScene(self.app, game, scene_class.rules_page_for(options) if scene_class else None))

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        if len(self.rows) != len(self.app.saved_games) or any(
                row[0] is not game for row, game in zip(self.rows, self.app.saved_games)):
            self._build_rows()  # a game was kept, ended or deleted since: the list is shown from the top
            self.scroll = 0
        w, h = size
        narrow = w < 600
        pad = 12 if narrow else 32
        width = min(w - 2 * pad, 820)
        left = (w - width) // 2
        self.summary_size = 19 if narrow else 21
        y = pad + 96 - self.scroll
        self.title_y = pad + 34 - self.scroll
        self.notice_y = y
        if self.app.saved_notice:
            y += 14 + theme.wrapped_height(self.app.saved_notice, 18, width)
        y = self._layout_rows(left, y, width, narrow)
        sound_w = 120 if narrow else 150  # the mute switch at the end of the Open row
        self.open_button.rect = pygame.Rect(left, y, width - sound_w - 10, 48)
        self.sound_button.rect = pygame.Rect(left + width - sound_w, y, sound_w, 48)
        y += 48 + 14
        for card in self.cards:
            y = card.layout(left, y, width, narrow, self.summary_size) + 14
        self.quit.rect = pygame.Rect(left + width - 110, max(y, h - pad - 48 - self.scroll), 110, 48)
        self.content_height = self.quit.rect.bottom + pad + self.scroll
        if self.scroll > self.max_scroll():  # after a resize
            self.scroll = self.max_scroll()
            self.layout(size)

    def _layout_rows(self, left: int, y: int, width: int, narrow: bool) -> int:
        """The games in progress from `y`, under their heading; returns the y below them."""
        if not self.rows:
            return y
        self.list_top = y + 8
        y += 44
        height = 124 if narrow else 92
        for k, (game, _, resume, delete) in enumerate(self.rows):
            rect = pygame.Rect(left, y, width, height)
            self.rows[k] = (game, rect, resume, delete)
            if narrow:
                resume.rect = pygame.Rect(rect.right - 124, rect.top + 10, 112, 50)
                delete.rect = pygame.Rect(rect.right - 124, rect.top + 68, 112, 46)
            else:
                resume.rect = pygame.Rect(rect.right - 280, rect.top + 21, 140, 50)
                delete.rect = pygame.Rect(rect.right - 128, rect.top + 21, 116, 50)
            y += height + 10
        return y + 6

    def max_scroll(self) -> int:
        return max(0, self.content_height - self.size[1])

    @property
    def viewport(self) -> pygame.Rect:
        """What of the page is in view: the whole screen (the menu has no fixed bar)."""
        return pygame.Rect((0, 0), self.size)

    def on_scroll(self) -> None:
        self.layout(self.size)

    def tap(self, pos: tuple[int, int]) -> None:
        if press_buttons(self.buttons, pos):
            return
        for saved, rect, _, _ in self.rows:
            if rect.collidepoint(pos):  # a tap on a game's row resumes it
                self.open_game(saved)
                return
        for card in self.cards:
            if card.rect.collidepoint(pos) and card.board.game in self.playable:  # a tap on a card is its Play
                self.open_board(card.board)
                return

    def handle(self, intent: Intent) -> None:
        if intent.kind == "back":
            return  # the menu is the bottom of the stack
        if intent.kind == "paste":
            self.paste()
            return
        super().handle(intent)

    def paste(self) -> None:
        """Ctrl+V: open the game link or record on the clipboard (the browser asks in its own dialog)."""
        if self.app.device.browser:
            dialog = OpenGameScene(self.app, self.open_text)
            self.app.push(dialog)
            dialog.paste()
            return
        text = self.app.device.paste()
        if not text or not text.strip():
            self.show_problem("The clipboard holds no text: copy a game link or a game record first.")
            return
        problem = self.open_text(text, "the clipboard")
        if problem is not None:
            self.show_problem(problem)

    def show_problem(self, words: str) -> None:
        self.app.push(NoticeScene(self.app, "Nothing opened", words))

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        w, h = self.size
        theme.text(surface, "Board Games", 56 if w >= 600 else 46, theme.TEXT, center=(w // 2, self.title_y))
        theme.text(surface, "Choose a game", 24, theme.TEXT_DIM, center=(w // 2, self.title_y + 40))
        if self.app.saved_notice:
            first = self.cards[0].rect
            theme.paragraph(surface, self.app.saved_notice, 18, theme.BAD,
                            pygame.Rect(first.left, self.notice_y, first.width, 10))
        self.draw_rows(surface)
        self.open_button.draw(surface, self.hover)
        self.sound_button.label = self.app.sound.label  # (switched in a game's More sheet, perhaps)
        self.sound_button.draw(surface, self.hover)
        for card in self.cards:
            if card.rect.bottom >= 0 and card.rect.top <= h:
                card.draw(surface, self.hover, self.picture(card), self.summary_size)
        if not self.app.browser:
            self.quit.draw(surface, self.hover)

    # -- the boards' pictures: each drawn once for its size, one a frame -----------------------------
    def picture(self, card: "BoardCard") -> pygame.Surface | None:
        return self.pictures.get((card.board.key, card.picture.width, card.picture.height))

    def update(self, dt: float) -> None:
        """Draw one missing picture a frame (the cards in view first), so that no frame waits for them all."""
        missing = [card for card in self.cards if card.picture.width and self.picture(card) is None
                   and card.board.game in self.scenes]
        if not missing:
            return
        in_view = [card for card in missing if card.rect.bottom >= 0 and card.rect.top <= self.size[1]]
        card = (in_view or missing)[0]
        if card.board.key not in PICTURE_STATES:  # its position this frame, its picture the next
            PICTURE_STATES[card.board.key] = sample(card.game, card.board)
            return
        self.pictures[(card.board.key, card.picture.width, card.picture.height)] = self.make_picture(card)

    def make_picture(self, card: "BoardCard") -> pygame.Surface:
        """The board's picture at its card's size, by the game's own view, of its sample position."""
        rect = card.picture
        surface = pygame.Surface(rect.size, pygame.SRCALPHA)
        state = PICTURE_STATES.get(card.board.key)
        if state is None:
            state = PICTURE_STATES[card.board.key] = sample(card.game, card.board)
        self.scenes[card.board.game].draw_picture(surface, surface.get_rect(), state)
        return surface

    def draw_rows(self, surface: pygame.Surface) -> None:
        """The games in progress: game and options, who plays, moves and whose turn, when last played."""
        if not self.rows:
            return
        first = self.rows[0][1]
        count = len(self.rows)
        theme.text(surface, f"Games in progress ({count})", 24, theme.ACCENT, topleft=(first.left + 4, self.list_top))
        for k, (game, rect, resume, delete) in enumerate(self.rows):
            hovered = self.hover is not None and rect.collidepoint(self.hover)
            theme.panel(surface, rect, theme.BG_CARD_HI if hovered or k == 0 else theme.BG_CARD, 14,
                        border=theme.ACCENT_DIM if k == 0 else None)
            text_w = resume.rect.left - rect.left - 28
            x, y = rect.left + 16, rect.top + 12
            theme.text(surface, self.heading(game), 26, theme.TEXT, topleft=(x, y), max_width=text_w)
            theme.text(surface, self.players_line(game), 19, theme.TEXT_DIM, topleft=(x, y + 32), max_width=text_w)
            if rect.height > 100:  # narrow: moves and time on two lines
                theme.text(surface, self.progress(game), 19, theme.TEXT, topleft=(x, y + 56), max_width=text_w)
                theme.text(surface, f"played {game.played_text()}", 19, theme.TEXT_DIM, topleft=(x, y + 80),
                           max_width=text_w)
            else:
                theme.text(surface, f"{self.progress(game)} · played {game.played_text()}", 19, theme.TEXT,
                           topleft=(x, y + 54), max_width=text_w)
            resume.draw(surface, self.hover)
            delete.draw(surface, self.hover)


def same_game(a: SavedGame, b: SavedGame) -> bool:
    """Two saves of one game: the same game and options (and seed, where dice make it matter)."""
    ha, hb = a.history, b.history
    return ha.game is hb.game and ha.options == hb.options and (not ha.game.has_chance or ha.seed == hb.seed)


#: the boards' sample positions, made once (a picture is drawn again only for another size)
PICTURE_STATES: dict[str, object] = {}


class BoardCard:
    """A board on the menu: its picture at the left, its name, how many play, what it is, and a row of
    actions (Play, Rules: a Learn can join them)."""

    def __init__(self, board: Board, game: Game, rect: pygame.Rect, picture: pygame.Rect,
                 actions: list[Button]) -> None:
        self.board, self.game, self.rect, self.picture, self.actions = board, game, rect, picture, actions
        self.summary = summary_of(board, game)
        self.text = pygame.Rect(0, 0, 0, 0)  # where the name, the players and the summary go
        self.narrow = False

    def layout(self, left: int, y: int, width: int, narrow: bool, size: int) -> int:
        """Place the card from `y`; returns its bottom. Narrow: the picture and, beside it, the name, how
        many play and the actions; the summary under them (two lines). Wide: the actions at the right."""
        pad = 12 if narrow else 16
        side = 112 if narrow else 150
        self.narrow = narrow
        self.picture = pygame.Rect(left + pad, y + pad, side, side)
        text_left = self.picture.right + pad
        if narrow:
            self.text = pygame.Rect(text_left, y + pad, left + width - pad - text_left, side)
            button_w = (self.text.width - 8 * (len(self.actions) - 1)) // len(self.actions)
            for k, button in enumerate(self.actions):
                button.rect = pygame.Rect(text_left + k * (button_w + 8), self.picture.bottom - 48, button_w, 48)
            lines = min(2, len(theme.wrap(self.summary, size, width - 2 * pad)))
            bottom = self.picture.bottom + 8 + lines * round(size * 1.15 + 4) + pad
        else:
            actions_w = 150
            self.text = pygame.Rect(text_left, y + pad, left + width - pad - actions_w - 16 - text_left, side)
            for k, button in enumerate(self.actions):
                button.rect = pygame.Rect(left + width - pad - actions_w, y + pad + k * 58, actions_w, 50)
            words_h = 78 + theme.wrapped_height(self.summary, size, self.text.width, 1.15)
            bottom = y + pad + max(side, words_h, 58 * len(self.actions)) + pad
        self.rect = pygame.Rect(left, y, width, bottom - y)
        return bottom

    def draw(self, surface: pygame.Surface, hover: tuple[int, int] | None, picture: pygame.Surface | None,
             size: int) -> None:
        rect = self.rect
        hovered = hover is not None and rect.collidepoint(hover)
        theme.panel(surface, rect, theme.BG_CARD_HI if hovered else theme.BG_CARD, 14)
        pygame.draw.rect(surface, theme.BG_PANEL, self.picture, border_radius=10)
        if picture is not None:
            surface.blit(picture, self.picture.topleft)
        text = self.text
        narrow = self.narrow
        title = theme.text(surface, self.board.title, 28 if narrow else 34, theme.TEXT, topleft=text.topleft,
                           max_width=text.width)
        theme.text(surface, players_text(self.game), 19 if narrow else 21, theme.ACCENT,
                   topleft=(text.left, title.bottom + 4), max_width=text.width)
        if narrow:  # the summary under the picture, in two lines at most
            lines = theme.wrap(self.summary, size, rect.width - 24)
            if len(lines) > 2:
                lines = [lines[0], theme.fit_words(" ".join(lines[1:]), size, rect.width - 24)]
            y = self.picture.bottom + 8
            for line in lines:
                theme.text(surface, line, size, theme.TEXT_DIM, topleft=(rect.left + 12, y))
                y += round(size * 1.15 + 4)
        else:
            theme.paragraph(surface, self.summary, size, theme.TEXT_DIM,
                            pygame.Rect(text.left, title.bottom + 36, text.width, 10), spacing=1.15)
        for button in self.actions:
            if not button.enabled:
                button.label = "Soon"
            button.draw(surface, hover)
