import asyncio

from game.app.main import amain

asyncio.run(amain())
