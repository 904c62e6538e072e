"""Drawing helpers shared by the board views."""

from __future__ import annotations

import functools
from typing import Callable, Hashable, ParamSpec

import pygame

P = ParamSpec("P")


def cached_surface(key: Callable[P, Hashable], limit: int
                   ) -> Callable[[Callable[P, pygame.Surface]], Callable[P, pygame.Surface]]:
    """Decorate a function that draws a surface (an empty board, a tiling) so that it draws once per
    `key(*args)` and hands back the kept surface after; past `limit` kept surfaces (resizing makes new
    keys) the store starts afresh."""
    def decorate(draw: Callable[P, pygame.Surface]) -> Callable[P, pygame.Surface]:
        kept: dict[Hashable, pygame.Surface] = {}

        @functools.wraps(draw)
        def cached(*args: P.args, **kwargs: P.kwargs) -> pygame.Surface:
            k = key(*args, **kwargs)
            surf = kept.get(k)
            if surf is None:
                if len(kept) > limit:
                    kept.clear()
                surf = kept[k] = draw(*args, **kwargs)
            return surf

        return cached
    return decorate
