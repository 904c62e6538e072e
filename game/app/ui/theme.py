"""Colours, fonts and small drawing helpers shared by every scene.

Fonts come from `pygame.font.Font(None, size)` (the bundled freesansbold) so the
desktop, CI and the browser render text alike. This module is the one place that makes
fonts, so it is where any text becomes drawable: pygame's font refuses a NUL, a lone
surrogate (a file name that is not UTF-8) and a text of only zero-width characters, and
text from outside (a link, a record, a file name) may hold any of them. `font` hands out
fonts whose `render` and `size` take any text (`drawable`); no other module renders
with pygame's font directly (tests/test_outside_text.py checks).
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

import pygame

# A calm palette: slate background, sand board, dark and light stones.
BG = (30, 39, 50)
BG_PANEL = (41, 53, 67)
BG_CARD = (50, 64, 80)
BG_CARD_HI = (62, 79, 98)
TEXT = (236, 238, 240)
TEXT_DIM = (160, 172, 186)
TEXT_DARK = (30, 36, 44)
ACCENT = (242, 178, 80)      # amber: hover, focus, last move
ACCENT_DIM = (150, 116, 62)
GOOD = (120, 196, 140)
BAD = (232, 112, 100)
HINT = (96, 214, 255)        # the computer's move shown on a board (a hint, the analysis's better move)
BOARD = (226, 208, 168)
BOARD_EDGE = (150, 124, 84)
CELL_LINE = (176, 152, 110)
EXTERNAL = (96, 120, 134)
EXTERNAL_LINE = (124, 148, 160)
X_STONE = (38, 40, 46)
X_RIM = (120, 126, 138)
O_STONE = (246, 242, 230)
O_RIM = (70, 64, 58)
STONE = {0: (X_STONE, X_RIM), 1: (O_STONE, O_RIM)}
# One hue per scoring chain in the "show chains" view.
CHAIN_HUES = (
    (231, 111, 81), (42, 157, 143), (233, 196, 106), (110, 130, 220), (200, 110, 190),
    (120, 190, 90), (240, 140, 40), (90, 180, 220),
)

MIN_TOUCH = 44  # px: the smallest button a finger can hit reliably
MAX_LINE = 400  # characters: the most one line of text ever draws
# The bundled font is drawn at 0.6875 of the size asked for (pygame's rule for its default font), so a
# `size` here is not the text's pixel size: `px(size)` is. MIN_TEXT is the least size any text is drawn
# at, whose letters are 12 px (no text smaller than that on a phone, or anywhere).
MIN_TEXT_PX = 12
MIN_TEXT = 18
ELLIPSIS = "\u2026"


REPLACEMENT = "\ufffd"  # what a control character or a lone surrogate is drawn as


def drawable(words: object) -> str:
    """`words` as text the font can draw and measure: control characters (a NUL, a line break inside a
    line) and lone surrogates become U+FFFD, and invisible format characters (zero-width spaces,
    direction overrides, tags) are left out. Printable text comes back as it is, at once."""
    if not isinstance(words, str):
        words = str(words)
    if words.isprintable():
        return words
    out = []
    for char in words:
        if char.isprintable():
            out.append(char)
            continue
        kind = unicodedata.category(char)
        if kind in ("Cc", "Cs"):
            out.append(REPLACEMENT)
        elif kind in ("Zs", "Zl", "Zp"):
            out.append(" ")
        elif kind != "Cf":  # unassigned or private: the font draws its box
            out.append(char)
    return "".join(out)


def _render(self: pygame.font.Font, text: object, antialias: bool, color: object, bgcolor: object = None,
            wraplength: int = 0) -> pygame.Surface:
    words = drawable(text)
    base = super(type(self), self)
    try:
        return base.render(words, antialias, color, bgcolor, wraplength)  # type: ignore[arg-type]
    except pygame.error:
        if base.size(words)[0] > 0:
            raise
        return pygame.Surface((0, self.get_height()), pygame.SRCALPHA)  # only zero-width marks


def _size(self: pygame.font.Font, text: object) -> tuple[int, int]:
    return super(type(self), self).size(drawable(text))


@lru_cache(maxsize=4)
def _drawable(base: type) -> type:
    """pygame's font class (`base`: whatever `pygame.font.Font` is now) taking any text (see `drawable`);
    a text that draws nothing is an empty image."""
    return type("Font", (base,), {"render": _render, "size": _size, "__doc__": _drawable.__doc__})


@lru_cache(maxsize=64)
def font(size: int) -> pygame.font.Font:
    """The bundled font at `size` (cached); its letters are `px(size)` pixels. It takes any text."""
    return _drawable(pygame.font.Font)(None, max(8, int(size)))


def px(size: int) -> int:
    """The pixel size of text drawn at `size` (the font's em)."""
    return font(size).get_point_size()


def readable(size: float) -> bool:
    """True when text of `size` is large enough to draw (board labels that scale with the board are left
    out until zooming makes them readable)."""
    return round(size) >= MIN_TEXT


def render(words: str, size: int, colour: tuple[int, int, int]) -> pygame.Surface:
    """One line of text as an image, never below MIN_TEXT: every text of the app is drawn through here."""
    return font(max(MIN_TEXT, int(size))).render(words, True, colour)


def fit_words(words: str, size: int, width: int) -> str:
    """`words`, cut with an ellipsis where they would be wider than `width` in the font of `size`."""
    f = font(size)
    if f.size(words)[0] <= width:
        return words
    low, high = 0, len(words)
    while low < high:  # the longest head that fits with the ellipsis
        mid = (low + high + 1) // 2
        if f.size(words[:mid].rstrip() + ELLIPSIS)[0] <= width:
            low = mid
        else:
            high = mid - 1
    return words[:low].rstrip() + ELLIPSIS


def text(surface: pygame.Surface, words: str, size: int, colour: tuple[int, int, int], *,
         center: tuple[float, float] | None = None, topleft: tuple[float, float] | None = None,
         midleft: tuple[float, float] | None = None, midright: tuple[float, float] | None = None,
         topright: tuple[float, float] | None = None, bottomleft: tuple[float, float] | None = None,
         max_width: int | None = None) -> pygame.Rect:
    """Draw one line of text anchored as given; shrinks the font to fit `max_width`, never below MIN_TEXT,
    and past that cuts the words with an ellipsis."""
    if len(words) > MAX_LINE:  # no screen shows more; measuring or drawing megabytes would freeze or crash
        words = words[:MAX_LINE] + "..."
    size = max(MIN_TEXT, int(size))
    if max_width is not None:
        f = font(size)
        while size > MIN_TEXT and f.size(words)[0] > max_width:
            size -= 1
            f = font(size)
        words = fit_words(words, size, max_width)
    img = render(words, size, colour)
    rect = img.get_rect()
    if center is not None:
        rect.center = (round(center[0]), round(center[1]))
    elif midleft is not None:
        rect.midleft = (round(midleft[0]), round(midleft[1]))
    elif midright is not None:
        rect.midright = (round(midright[0]), round(midright[1]))
    elif topright is not None:
        rect.topright = (round(topright[0]), round(topright[1]))
    elif topleft is not None:
        rect.topleft = (round(topleft[0]), round(topleft[1]))
    elif bottomleft is not None:
        rect.bottomleft = (round(bottomleft[0]), round(bottomleft[1]))
    surface.blit(img, rect)
    return rect


def wrap(words: str, size: int, width: int) -> list[str]:
    """Split `words` into lines no wider than `width` px in the font of `size`."""
    f = font(size)
    lines: list[str] = []
    for paragraph in words.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            trial = f"{line} {word}" if line else word
            if f.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def paragraph(surface: pygame.Surface, words: str, size: int, colour: tuple[int, int, int],
              rect: pygame.Rect, spacing: float = 1.25) -> int:
    """Draw wrapped text from rect.topleft; returns the height used."""
    step = round(font(size).get_linesize() * spacing / 1.1)
    y = rect.top
    for line in wrap(words, size, rect.width):
        text(surface, line, size, colour, topleft=(rect.left, y), max_width=rect.width)
        y += step
    return y - rect.top


def wrapped_height(words: str, size: int, width: int, spacing: float = 1.25) -> int:
    step = round(font(size).get_linesize() * spacing / 1.1)
    return step * len(wrap(words, size, width))


def panel(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int] = BG_PANEL,
          radius: int = 12, border: tuple[int, int, int] | None = None) -> None:
    pygame.draw.rect(surface, colour, rect, border_radius=radius)
    if border is not None:
        pygame.draw.rect(surface, border, rect, width=2, border_radius=radius)


def stone(surface: pygame.Surface, player: int, center: tuple[float, float], radius: float,
          alpha: int = 255) -> None:
    """A dark (X, player 0) or light (O, player 1) stone with a distinct rim."""
    fill, rim = STONE[player]
    r = max(2, round(radius))
    if alpha < 255:
        tmp = pygame.Surface((2 * r + 4, 2 * r + 4), pygame.SRCALPHA)
        pygame.draw.circle(tmp, (*fill, alpha), (r + 2, r + 2), r)
        pygame.draw.circle(tmp, (*rim, alpha), (r + 2, r + 2), r, max(1, r // 6))
        surface.blit(tmp, (round(center[0]) - r - 2, round(center[1]) - r - 2))
        return
    cx, cy = round(center[0]), round(center[1])
    pygame.draw.circle(surface, fill, (cx, cy), r)
    pygame.draw.circle(surface, rim, (cx, cy), r, max(1, r // 6))
    if r >= 6:  # a soft highlight so the stones read as round
        shine = (255, 255, 255) if player == 1 else (92, 96, 106)
        pygame.draw.circle(surface, shine, (cx - r // 3, cy - r // 3), max(1, r // 4))
