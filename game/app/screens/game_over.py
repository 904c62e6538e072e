"""The game-over screen, drawn over the finished board: result, score breakdown, what next.

It speaks to the person at the device: against the computer "You win" or "The computer wins", with
their side marked "You"; between people sharing the device it names the winning side and its player.
Play again starts the same game with the seats turned round (`restart`), so that each side starts in
turn; Analyse opens the analysis of the game (where the scene has one: `open_analysis`); See board leaves
the finished board in view (where Play again is at hand too).

With more than two seats it names every winner (partners together: "Red striped and Red plain win"),
marks them on their rows, and gives the others' places where the rules rank them (`Outcome.places`).

It shows any scene that can tell its result (`FinishedGame`; every GameScene can), so the game
scenes open it without it knowing them.
"""

from __future__ import annotations

from typing import Any, Protocol

import pygame

from game.app.ui import theme
from game.app.ui.input import Intent
from game.app.ui.scene import Host, Scene
from game.app.ui.widgets import Button
from game.rules.base import Game, Outcome


def wins(name: str) -> str:
    """``R wins``, ``Bards win``: a seat named for a plural (know's three sides) takes the plural verb."""
    return f"{name} win" if name.endswith("s") and not name.endswith("ss") else f"{name} wins"


class FinishedGame(Protocol):
    """What the game-over screen reads from the scene whose game ended (a GameScene; a game's scene may
    also have `card_icon(colour)`, which draws its pieces beside the scores, `score_text(colour)`,
    the score as its player cards show it and what it counts, so that both count the same thing, and
    `open_analysis()`, the Analyse screen over it)."""

    game: Game

    @property
    def state(self) -> Any: ...

    def outcome(self) -> Outcome | None:
        """How the game ended (the rules' verdict, or a resignation)."""

    def seat_label(self, colour: int) -> str:
        """Who played `colour`: ``You``, ``Computer (level 3)``, ``Player 2``."""

    def is_you(self, colour: int) -> bool:
        """`colour` was played by the one person at this device."""

    def player_name(self, colour: int) -> str:
        """Who played `colour`, as a message names them (with the side where that alone says who)."""

    @property
    def seat_names(self) -> tuple[str, ...]:
        """The players in seat order."""

    def breakdown_lines(self) -> list[str]: ...

    def restart(self) -> Scene:
        """A fresh scene of the same game and options, the seats turned round (Play again)."""


class GameOverScene(Scene):
    overlay = True

    def __init__(self, app: Host, game_scene: FinishedGame) -> None:
        super().__init__(app)
        self.game_scene = game_scene
        self.again = Button("Play again", self.play_again, name="again", primary=True)
        self.review = Button("See board", self.app.pop, name="review")
        self.menu = Button("Menu", self.app.pop_to_root, name="menu")
        analyse = getattr(game_scene, "open_analysis", None)
        self.analyse = Button("Analyse", self.open_analysis, name="analyse") if callable(analyse) else None
        self.buttons = [self.again, *([self.analyse] if self.analyse else []), self.review, self.menu]

    def open_analysis(self) -> None:
        """The game's analysis, over its finished board."""
        self.app.pop()  # this screen
        self.game_scene.open_analysis()  # type: ignore[attr-defined]

    def play_again(self) -> None:
        fresh = self.game_scene.restart()
        self.app.pop()  # this screen
        self.app.replace(fresh)

    def _lines(self) -> tuple[str, str, list[str]]:
        scene = self.game_scene
        outcome = scene.outcome()
        reason = outcome.reason[:1].upper() + outcome.reason[1:] if outcome is not None else ""
        return headline(scene, outcome), reason, scene.breakdown_lines()

    def _score(self, colour: int) -> tuple[str, str]:
        """A player's score and what it counts, as the game's cards show it (else the rules' score)."""
        told = getattr(self.game_scene, "score_text", None)
        if told is not None:
            return told(colour)
        return str(self.game_scene.game.scores(self.game_scene.state)[colour]), ""

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        narrow = w < 600
        width = min(w - 24, 640)
        self.text_w = width - 40
        headline, reason, lines = self._lines()
        body = 20 if narrow else 22
        self.body_size = body
        height = 70 + theme.wrapped_height(reason, body, self.text_w) + 110
        height += sum(theme.wrapped_height(line, body, self.text_w) + 6 for line in lines) + 20
        height += (len(self.buttons) * 58 if narrow else 70) + 26
        self.rows_of_seats = len(self.game_scene.seat_names) > 2  # one row per seat, not two side by side
        if self.rows_of_seats:
            self.head_size = 30 if narrow else 38
            height += len(self.game_scene.seat_names) * SEAT_ROW - 96 + theme.wrapped_height(headline, 30, self.text_w)
        else:
            self.head_size = 38
        self.card = pygame.Rect((w - width) // 2, max(12, (h - height) // 2), width, min(height, h - 24))
        bottom = self.card.bottom - 20
        if narrow:
            for k, button in enumerate(self.buttons):
                button.rect = pygame.Rect(self.card.left + 20, bottom - (len(self.buttons) - k) * 58 + 6, width - 40,
                                          50)
        else:
            count = len(self.buttons)
            bw = (width - 40 - 8 * (count - 1)) // count
            for k, button in enumerate(self.buttons):
                button.rect = pygame.Rect(self.card.left + 20 + k * (bw + 8), bottom - 56, bw, 56)

    def handle(self, intent: Intent) -> None:
        if intent.kind == "confirm":
            self.play_again()
            return
        super().handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(self.size, pygame.SRCALPHA)
        shade.fill((12, 16, 22, 170))
        surface.blit(shade, (0, 0))
        card = self.card
        theme.panel(surface, card, theme.BG_PANEL, 16, border=theme.ACCENT_DIM)
        headline, reason, lines = self._lines()
        scene = self.game_scene
        game = scene.game
        x = card.left + 20
        y = card.top + 18
        if self.rows_of_seats:
            y += theme.paragraph(surface, headline, self.head_size, theme.ACCENT, pygame.Rect(x, y, self.text_w, 10),
                                 spacing=1.1)
            y += 8
        else:
            theme.text(surface, headline, 38, theme.ACCENT, topleft=(x, y), max_width=self.text_w)
            y += 46
        y += theme.paragraph(surface, reason, self.body_size, theme.TEXT_DIM, pygame.Rect(x, y, self.text_w, 10))
        y += 10
        half = self.text_w // 2
        if self.rows_of_seats:
            y = self.draw_seat_rows(surface, x, y)
        for colour in range(0 if self.rows_of_seats else min(2, len(game.players))):
            value, caption = self._score(colour)
            cx = x + half * colour
            icon = getattr(scene, "card_icon", None)  # each game draws its own pieces
            if icon is not None:
                icon(colour)(surface, (cx + 18, y + 30), 16)
            else:
                theme.stone(surface, colour, (cx + 18, y + 30), 16)
            you = scene.is_you(colour)
            if you:  # your side, marked
                pygame.draw.rect(surface, theme.ACCENT, pygame.Rect(cx - 4, y, half - 4, 92), 2, border_radius=10)
            theme.text(surface, f"{scene.seat_names[colour]}  {scene.seat_label(colour).split(' (')[0]}", 20,
                       theme.ACCENT if you else theme.TEXT, topleft=(cx + 42, y + 8), max_width=half - 50)
            shown = theme.text(surface, value, 46, theme.TEXT, topleft=(cx + 42, y + 30))
            if caption:
                theme.text(surface, caption, theme.MIN_TEXT, theme.TEXT_DIM, bottomleft=(shown.right + 8, shown.bottom - 6),
                           max_width=cx + half - shown.right - 12)
        if not self.rows_of_seats:
            y += 96
        room = min(button.rect.top for button in self.buttons) - 8  # (a small screen: what fits above them)
        if y + 28 + theme.wrapped_height(lines[0] if lines else "", self.body_size, self.text_w) <= room:
            theme.text(surface, "Score breakdown", 22, theme.TEXT, topleft=(x, y))
            y += 28
        else:
            lines = []
        for line in lines:
            if y + theme.wrapped_height(line, self.body_size, self.text_w) > room:
                theme.text(surface, theme.ELLIPSIS, self.body_size, theme.TEXT_DIM, topleft=(x, y - 6))
                break
            y += theme.paragraph(surface, line, self.body_size, theme.TEXT_DIM, pygame.Rect(x, y, self.text_w, 10)) + 6
        for button in self.buttons:
            button.draw(surface, self.hover)

    def draw_seat_rows(self, surface: pygame.Surface, x: int, y: int) -> int:
        """Three or four seats: a row each (marker, name and player, score), winners marked "wins" and
        framed, places where the rules give them; returns the y below."""
        scene = self.game_scene
        outcome = scene.outcome()
        winners = outcome.winning_seats if outcome is not None else ()
        places = {seat: k + 1 for k, seat in enumerate(outcome.places)} if outcome is not None else {}
        icon = getattr(scene, "card_icon", None)
        order = getattr(scene, "card_order", lambda: range(len(scene.seat_names)))()  # partners together
        for seat in order:
            name = scene.seat_names[seat]
            row = pygame.Rect(x - 6, y, self.text_w + 12, SEAT_ROW - 6)
            won = seat in winners
            theme.panel(surface, row, theme.BG_CARD_HI if won else theme.BG_CARD, 8,
                        border=theme.ACCENT if won or scene.is_you(seat) else None)
            if won:
                pygame.draw.rect(surface, theme.ACCENT, row, 3, border_radius=8)
            centre = (row.left + 22, row.centery)
            if icon is not None:
                icon(seat)(surface, centre, 14)
            else:
                theme.stone(surface, seat, centre, 14)
            value, caption = self._score(seat)
            shown = theme.text(surface, value, 34, theme.TEXT, midright=(row.right - 10, row.centery - 6))
            if caption:
                theme.text(surface, caption, theme.MIN_TEXT, theme.TEXT_DIM, midright=(row.right - 10, row.bottom - 10))
            tag = "wins" if won else (f"place {places[seat]}" if seat in places else "")
            left = row.left + 44
            room = min(shown.left, row.right - 10 - theme.font(theme.MIN_TEXT).size(caption)[0]) - 10 - left
            title = theme.text(surface, name, 22, theme.TEXT, topleft=(left, row.top + 6), max_width=room)
            who = scene.seat_label(seat)
            theme.text(surface, (f"{tag} · " if tag else "") + who, theme.MIN_TEXT,
                       theme.ACCENT if won else theme.TEXT_DIM, topleft=(left, title.bottom + 3), max_width=room)
            y += SEAT_ROW
        return y + 6


SEAT_ROW = 58  # px: a seat's row on the game-over screen of three or four


def headline(scene: FinishedGame, outcome: Outcome | None) -> str:
    """The result in one line, said to the person at the device: ``You win``, ``The computer wins``,
    ``Computer B (level 2) wins``; between people sharing the device ``X wins: Player 1``."""
    if outcome is None:
        return "Game in progress"
    if outcome.winner is None:
        return "A draw"
    names = scene.seat_names
    winners = outcome.winning_seats
    players = [scene.seat_label(seat) for seat in range(len(names))]
    you_play = "You" in players
    if you_play:
        if any(scene.is_you(seat) for seat in winners):
            return "You win" if len(winners) == 1 else "You and your partner win"
        computers = [p for p in players if p.startswith("Computer")]
        if len(computers) == 1 and all(players[seat] in computers for seat in winners):
            return "The computer wins"
        return " and ".join(scene.player_name(seat) for seat in winners) + (" win" if len(winners) > 1 else " wins")
    if len(winners) > 1:  # partners win together
        who = " and ".join(names[seat] for seat in winners)
        return f"{who} win: {' and '.join(players[seat] for seat in winners)}"
    return f"{wins(names[outcome.winner])}: {players[outcome.winner]}"
