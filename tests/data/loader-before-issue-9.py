#<!--
# The page of the browser build, a template for pygbag {{cookiecutter.version}} (web/template.tmpl).
# pygbag's pythons.js runs the text of this script element as Python (the loader): it
# downloads and mounts {{cookiecutter.archive}}.apk, then runs its assets/main.py, our
# app. Nothing here waits for a click unless the page was built with --ume_block 1
# (we build with 0); even then any tap, click or key starts the game.

import asyncio
import json
from pathlib import Path

import platform


async def custom_site():  # do not rename: pygbag's aio looks for this name
    import embed
    import pygame  # also makes pygbag set pygame-ce up before the app imports it

    page = platform.window
    pygame.init()

    bundle = "{{cookiecutter.archive}}"
    appdir = Path(f"/data/data/{bundle}")
    appdir.mkdir(parents=True, exist_ok=True)

    # download the apk (a zip file) and mount it, with a writable layer in memory
    cfg = {
        "io": "url",
        "type": "mount",
        "mount": {"point": appdir.as_posix(), "path": "/"},
        "path": f"/ => {appdir.as_posix()}",
    }
    track = page.MM.prepare(f"{bundle}.apk", json.dumps(cfg))
    while not track.ready:
        page.pbm_progress("Loading the games", track.pos, track.len)
        await asyncio.sleep(0.1)
    page.pbm_progress("Starting", 1, 1)

    # the preloader changes into assets/ and puts it first on sys.path
    platform.run_main(PyConfig, loaderhome=appdir / "assets", loadermain=None)
    while embed.counter() < 0:
        await asyncio.sleep(0.1)

    main = appdir / "assets" / "main.py"
    await TopLevel_async_handler.start_toplevel(platform.shell, console=page.python.config.debug)
    __import__(__name__).__file__ = str(main)

    # user media engagement: only with --ume_block 1; a tap anywhere sets MM.UME
    if not page.MM.UME:
        page.pbm_prompt()
        while not page.MM.UME:
            await asyncio.sleep(0.1)

    page.pbm_started()
    await shell.runpy(main)


asyncio.run(custom_site())

# -->