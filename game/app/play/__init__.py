"""What every game scene is built from: `game_scene` (GameScene: history, seats, saving), `panels`
(PanelScene: the cards, status, entry, message and move list beside the board) and `dice`."""
