# The browser build's entry point (pygbag). pygbag's shell installs the packages that this
# file's own imports name (pygame-ce comes from its package index), so pygame is imported here.
import asyncio

import pygame  # noqa: F401

from game.app.main import amain

asyncio.run(amain())
