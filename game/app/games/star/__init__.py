"""Star in the app: `scene` (play it), `view` (draw a position), `rules_page` (its rules explained)."""
