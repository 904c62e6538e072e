"""A recorder of every text a screen draws, with its place, and the check that each stays in its box.

Texts are measured where the app draws them: `theme.text` (through which every line of text is drawn) is
wrapped to note each line's words and where its letters land (the ink of the image `theme.render` made for
it, not the font's line box, whose room for accents and descenders is blank), and `theme.fit_words` to note
each line cut short with an ellipsis. `text_faults` then takes the boxes of a game scene's screen (its cards, status
line, buttons, entry, message, move list, board, the title between Menu and Rules) and says what is wrong:
a line cut, a line reaching out of the box it lies in or off the screen, a line under another box (hidden,
or hiding it), two lines of the panels over each other.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.app.ui import theme

SLACK = 2  # px a line may reach past its box (the font's side bearings)


@dataclass
class Drawn:
    words: str
    rect: pygame.Rect  # where its letters are (their ink)


@dataclass
class TextRecorder:
    """Notes the texts drawn (`lines`) and the lines cut with an ellipsis (`cut`) while installed."""

    lines: list[Drawn] = field(default_factory=list)
    cut: list[str] = field(default_factory=list)

    def install(self, monkeypatch) -> "TextRecorder":
        real_text, real_fit, real_render = theme.text, theme.fit_words, theme.render
        made: list[pygame.Surface] = []

        def render(words, size, colour):
            image = real_render(words, size, colour)
            made.append(image)
            return image

        def text(surface, words, size, colour, **where):
            made.clear()
            rect = real_text(surface, words, size, colour, **where)
            if str(words).strip():
                ink = made[-1].get_bounding_rect() if made else pygame.Rect(0, 0, rect.width, rect.height)
                self.lines.append(Drawn(str(words), ink.move(rect.topleft)))
            return rect

        def fit_words(words, size, width):
            fitted = real_fit(words, size, width)
            if fitted != words:
                self.cut.append(words)
            return fitted

        monkeypatch.setattr(theme, "text", text)
        monkeypatch.setattr(theme, "fit_words", fit_words)
        monkeypatch.setattr(theme, "render", render)
        return self

    def draw(self, app) -> None:
        self.lines.clear()
        self.cut.clear()
        app.draw()


def scene_boxes(scene) -> dict[str, pygame.Rect]:
    """The boxes a game scene's screen is made of, by name."""
    boxes: dict[str, pygame.Rect] = {}
    for k, card in enumerate(scene.cards):
        boxes[f"card {k}"] = card
    for button in scene.buttons:
        if button.rect.width and button.rect.height:
            boxes[f"button {button.name}"] = button.rect
    boxes["status"] = scene.status_rect
    turn = getattr(scene, "turn_rect", None)
    if turn is not None and turn.width:
        boxes["turn line"] = turn
    boxes["entry"] = scene.entry_rect
    boxes["message"] = scene.message_area()
    boxes["moves"] = scene.moves_area()
    boxes["board"] = scene.board_rect
    menu, rules = scene.b["menu"].rect, scene.b["rules"].rect
    if scene.portrait:
        boxes["title"] = pygame.Rect(menu.right, menu.top, rules.left - menu.right, menu.height)
    if scene.lens is not None:
        boxes["lens"] = scene.lens.frame
    return {name: pygame.Rect(box) for name, box in boxes.items() if box.width > 0 and box.height > 0}


def owner(rect: pygame.Rect, boxes: dict[str, pygame.Rect]) -> str | None:
    """The smallest box holding the middle of `rect` (the lens, drawn over all, first)."""
    holding = [(name != "lens", box.width * box.height, name) for name, box in boxes.items()
               if box.collidepoint(rect.center)]
    return min(holding)[2] if holding else None


def text_faults(rec: TextRecorder, boxes: dict[str, pygame.Rect], screen: pygame.Rect) -> list[str]:
    """What is wrong with the texts drawn last, as lines saying so (none: every text is whole, in its box)."""
    faults = [f"cut: {words!r}" for words in rec.cut]
    placed: list[tuple[str, Drawn]] = []
    for line in rec.lines:
        rect = line.rect
        if not screen.contains(rect):
            faults.append(f"off the screen: {line.words!r} at {rect}")
            continue
        name = owner(rect, boxes)
        if name is None:
            faults.append(f"in no box: {line.words!r} at {rect}")
            continue
        box = boxes[name]
        if not box.inflate(2 * SLACK, 2 * SLACK).contains(rect):
            faults.append(f"out of its box ({name} {box}): {line.words!r} at {rect}")
        for other, where in boxes.items():
            if other == name or where.contains(box) or other == "lens" or name == "lens":
                continue
            if rect.inflate(-2 * SLACK, -2 * SLACK).colliderect(where):
                faults.append(f"under {other} {where}: {line.words!r} ({name}) at {rect}")
        placed.append((name, line))
    # two lines of the panels over each other (on the board, names lie under pieces by design)
    for k, (name, line) in enumerate(placed):
        if name in ("board", "lens"):
            continue
        for other_name, other in placed[k + 1:]:
            if other_name == name and line.rect.colliderect(other.rect):
                faults.append(f"over each other in {name}: {line.words!r} and {other.words!r}")
    return faults


def analysis_boxes(screen) -> dict[str, pygame.Rect]:
    """The boxes of the Analyse screen (game.app.screens.analysis) laid over a game scene: its buttons (the
    desktop's list of mistakes among them), the legend, the graph, the caption, the list's title and the
    title beside Close."""
    boxes = {f"button {b.name}": b.rect for b in screen.all_buttons() if b.rect.width}
    boxes.update(legend=screen.legend, graph=screen.graph, caption=screen.caption)
    close = screen.close_b.rect
    if screen.header.height:  # a phone: the title in the top bar, between Close and its mirror
        boxes["title"] = pygame.Rect(close.right, 0, screen.header.width - 2 * close.right, screen.header.height)
    else:
        boxes["title"] = pygame.Rect(screen.graph.left, close.top, close.left - screen.graph.left, close.height)
    if screen.list_rect.height:
        boxes["list"] = screen.list_rect
    return {name: pygame.Rect(rect) for name, rect in boxes.items() if rect.width and rect.height}


def analysis_text_faults(app, screen, monkeypatch) -> list[str]:
    """What is wrong with the texts the Analyse screen on top of `app` draws (over the game's, whose own are
    checked with the game's boxes): each must be whole, in its box, over no other."""
    rec = TextRecorder().install(monkeypatch)
    real = screen.draw

    def own_texts(surface):
        rec.lines.clear()
        rec.cut.clear()
        real(surface)

    monkeypatch.setattr(screen, "draw", own_texts)
    try:
        app.draw()
    finally:
        monkeypatch.undo()
    return text_faults(rec, analysis_boxes(screen), app.surface.get_rect())
