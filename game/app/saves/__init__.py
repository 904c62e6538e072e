"""The games in progress kept between sessions: `storage` (named texts in a folder or the browser's
localStorage) and `saved_game` (a game record with its seats, under its own id). No pygame here."""
