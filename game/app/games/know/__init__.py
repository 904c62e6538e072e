"""know in the app: `scene` (play it), `view` (draw a position)."""
