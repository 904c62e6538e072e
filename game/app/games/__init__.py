"""One package per game (its scene, its board view, its rules page) and `registry`, which tells the
shell which scene plays which game."""
