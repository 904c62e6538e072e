"""Savoya: Savoy's scene and drawing on Savoya's board (only what differs lives here)."""
