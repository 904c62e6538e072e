"""Building blocks of every screen: `theme` (colours, fonts), `input` (events become intents),
`widgets` (buttons, option controls) and `scene` (the scene lifecycle and the app a scene lives in)."""
