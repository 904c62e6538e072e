"""Building blocks of every screen: `theme` (colours, fonts), `input` (events become intents),
`widgets` (buttons, option controls), `drawing` (cached surfaces) and `scene` (the scene lifecycle)."""
