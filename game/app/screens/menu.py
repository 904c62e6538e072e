"""The main menu: the games in progress, Open a game, and every game in `game.rules.GAMES` with its
one-line summary.

The games it can start are handed to it (`scenes`: game name -> scene class, which the shell takes
from `game.app.games.registry`), so the menu imports no game.

Games in progress are listed (game and options, who plays, moves, when last played), the one played
last first, each with Resume and Delete (asked first). Open a game (or Ctrl+V on the desktop) takes a
game link or a game record from outside (`open_text`): a link opens the game live for the player to
move, continuing the saved game it came from when there is one (links carry the game's id); a record
opens in review. Nothing that comes in ever replaces another game.
"""

from __future__ import annotations

from typing import Collection, Mapping

import pygame

from game.app.play.game_scene import GameScene
from game.app.saves.exchange import SharedGame, looks_like_link, read_shared
from game.app.saves.saved_game import SavedGame, new_id
from game.app.ui import theme
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
                 not_shown: Mapping[str, Mapping[str, Collection[OptionValue]]] | None = None) -> None:
        super().__init__(app)
        self.scenes = scenes
        # for the new-game page: the options' words, and the values a game's scene cannot show yet
        self.option_words = option_words or {}
        self.not_shown = not_shown or {}
        self.games: list[Game] = list(GAMES.values())
        self.playable = {name for name in scenes}
        self.cards: list[tuple[Game, pygame.Rect, Button, Button]] = []
        self.quit = Button("Quit", self._quit, name="quit")
        for game in self.games:
            play = Button("Play", (lambda g=game: self.open_new_game(g)), name=f"play-{game.name}", primary=True,
                          enabled=game.name in self.playable)
            rules = Button("Rules", (lambda g=game: self.open_rules(g)), name=f"rules-{game.name}")
            self.cards.append((game, pygame.Rect(0, 0, 0, 0), play, rules))
        # each game's Learn: its lesson, played on its board (`Host.learn`)
        self.learn_buttons = {game.name: Button("Learn", (lambda g=game: self.app.learn(g.name)), name=f"learn-{game.name}")
                              for game in self.games}
        self.open_button = Button("Open a game link or record", self.open_dialog, name="open")
        self.sound_button = Button(app.sound.label, self.toggle_sound, name="sound")
        # one row per game in progress: (game, row rect, Resume, Delete); Resume/Delete of the first are
        # "resume"/"delete", of the n-th "resume-n"/"delete-n"
        self.rows: list[tuple[SavedGame, pygame.Rect, Button, Button]] = []
        self.resume_button = Button("Resume", self.resume_game, name="resume", primary=True, enabled=False)
        self.list_top = 0
        self._build_rows()

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
        self.buttons += [self.open_button, self.sound_button,
                         *(b for _, _, play, rules in self.cards for b in (play, rules)),
                         *self.learn_buttons.values()]
        if not self.app.browser:
            self.buttons.append(self.quit)

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
        body = f"{game.heading}: {game.progress_text}, {game.players_text}. A deleted game cannot be brought back."
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
        scene.say(f"Opened{origin}: {saved.heading}, {len(saved.history.moves)} moves, shown at its last "
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
            turn = f"{history.game.seat_names(history.start)[mover]} to move" if mover is not None else "the dice are due"
            scene.say(f"Opened from a link: {turn}. Make your move, then Share sends the new link back.{note}")
        return scene

    def toggle_sound(self) -> None:
        """The mute switch (kept between sessions)."""
        problem = self.app.sound.toggle()
        self.sound_button.label = self.app.sound.label
        if problem:
            self.show_problem(problem)

    def _quit(self) -> None:
        self.app.running = False

    def open_new_game(self, game: Game) -> None:
        self.app.push(NewGameScene(self.app, game, self.scenes.get(game.name),
                                   words=self.option_words.get(game.name), not_shown=self.not_shown.get(game.name)))

    def open_rules(self, game: Game) -> None:
        scene_class = self.scenes.get(game.name)
        self.app.push(RulesScene(self.app, game, scene_class.rules_page if scene_class else None))

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        if len(self.rows) != len(self.app.saved_games) or any(
                row[0] is not game for row, game in zip(self.rows, self.app.saved_games)):
            self._build_rows()  # a game was kept, ended or deleted since
        w, h = size
        narrow = w < 600
        pad = 12 if narrow else 32
        width = min(w - 2 * pad, 820)
        left = (w - width) // 2
        self.summary_size = 24 if narrow else 26
        if narrow and len(self.cards) > 2:
            self.summary_size = 21
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
        for k, (game, _, play, rules) in enumerate(self.cards):
            text_w = width - 32 if narrow else width - 32 - 150
            lines = len(theme.wrap(game.summary, self.summary_size, text_w))
            height = 52 + lines * (self.summary_size + 2) + (66 if narrow else 12)
            height = max(height, 182 if not narrow else 0)
            rect = pygame.Rect(left, y, width, height)
            self.cards[k] = (game, rect, play, rules)
            learn = self.learn_buttons[game.name]
            if narrow:
                third = (width - 56) // 3
                play.rect = pygame.Rect(rect.left + 16, rect.bottom - 60, third, 48)
                learn.rect = pygame.Rect(play.rect.right + 12, rect.bottom - 60, third, 48)
                rules.rect = pygame.Rect(learn.rect.right + 12, rect.bottom - 60, third, 48)
            else:
                play.rect = pygame.Rect(rect.right - 146, rect.top + 16, 130, 50)
                learn.rect = pygame.Rect(rect.right - 146, rect.top + 74, 130, 44)
                rules.rect = pygame.Rect(rect.right - 146, rect.top + 126, 130, 44)
            y += height + 14
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

    def on_scroll(self) -> None:
        self.layout(self.size)

    def tap(self, pos: tuple[int, int]) -> None:
        if press_buttons(self.buttons, pos):
            return
        for saved, rect, _, _ in self.rows:
            if rect.collidepoint(pos):  # a tap on a game's row resumes it
                self.open_game(saved)
                return
        for game, rect, _, _ in self.cards:
            if rect.collidepoint(pos) and game.name in self.playable:
                self.open_new_game(game)
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
            first = self.cards[0][1]
            theme.paragraph(surface, self.app.saved_notice, 18, theme.BAD,
                            pygame.Rect(first.left, self.notice_y, first.width, 10))
        self.draw_rows(surface)
        self.open_button.draw(surface, self.hover)
        self.sound_button.label = self.app.sound.label  # (switched in a game's More sheet, perhaps)
        self.sound_button.draw(surface, self.hover)
        for game, rect, play, rules in self.cards:
            hovered = self.hover is not None and rect.collidepoint(self.hover)
            theme.panel(surface, rect, theme.BG_CARD_HI if hovered else theme.BG_CARD, 14)
            # a small stone pair as the game's badge
            theme.text(surface, game.title, 34, theme.TEXT, topleft=(rect.left + 16, rect.top + 14))
            text_w = rect.width - 32 if w < 600 else rect.width - 32 - 150
            theme.paragraph(surface, game.summary, self.summary_size, theme.TEXT_DIM,
                            pygame.Rect(rect.left + 16, rect.top + 50, text_w, 10), spacing=1.15)
            if game.name not in self.playable:
                play.label = "Soon"
            play.draw(surface, self.hover)
            rules.draw(surface, self.hover)
            self.learn_buttons[game.name].draw(surface, self.hover)
        if not self.app.browser:
            self.quit.draw(surface, self.hover)

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
            theme.text(surface, game.heading, 26, theme.TEXT, topleft=(x, y), max_width=text_w)
            theme.text(surface, game.players_text, 19, theme.TEXT_DIM, topleft=(x, y + 32), max_width=text_w)
            if rect.height > 100:  # narrow: moves and time on two lines
                theme.text(surface, game.progress_text, 19, theme.TEXT_DIM, topleft=(x, y + 56), max_width=text_w)
                theme.text(surface, f"played {game.played_text()}", 19, theme.TEXT_DIM, topleft=(x, y + 80),
                           max_width=text_w)
            else:
                theme.text(surface, f"{game.progress_text} · played {game.played_text()}", 19, theme.TEXT_DIM,
                           topleft=(x, y + 54), max_width=text_w)
            resume.draw(surface, self.hover)
            delete.draw(surface, self.hover)


def same_game(a: SavedGame, b: SavedGame) -> bool:
    """Two saves of one game: the same game and options (and seed, where dice make it matter)."""
    ha, hb = a.history, b.history
    return ha.game is hb.game and ha.options == hb.options and (not ha.game.has_chance or ha.seed == hb.seed)
