"""The screens every game shares: `menu`, `new_game`, `rules` (a game's rules page), `game_over`,
and `scrolling`, the base of pages taller than the screen."""
