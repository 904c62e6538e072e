"""The built page's own JavaScript in headless Chromium: what a player sees while loading, when the
runtime never arrives, and when the loader reports a slow or failed download.

pygbag's runtime cannot load here (its CDN is out of reach), which is exactly the case of a player with
no connection: the page must say so and offer Try again. Timers run on Playwright's fake clock.
Screenshots go to tests/screenshots/web-*.png.
"""

from __future__ import annotations

import importlib.util
import json
import os
import sys
from pathlib import Path
from typing import Any, Iterator

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
import wasm_runner  # noqa: E402
from test_web_loader import build_site  # noqa: E402

SHOTS = Path(__file__).parent / "screenshots"
SIZES = {"phone": (390, 844), "desktop": (1280, 720)}


def require_chromium() -> None:
    missing = []
    if not wasm_runner.CHROMIUM.is_file():
        missing.append(f"Chromium is not at {wasm_runner.CHROMIUM}")
    if importlib.util.find_spec("playwright") is None:
        missing.append("the Python package playwright is not installed")
    if importlib.util.find_spec("pygbag") is None:
        missing.append("pygbag is not installed")
    if missing:
        reason = "the page check cannot run: " + "; ".join(missing)
        if os.environ.get("REQUIRE_BROWSER") == "1":
            pytest.fail(reason + " (REQUIRE_BROWSER=1 demands it)", pytrace=False)
        pytest.skip(reason)


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    require_chromium()
    site = build_site(tmp_path_factory.mktemp("page"))
    with wasm_runner.serve(site) as (base, _requests):
        yield base


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    require_chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(wasm_runner.CHROMIUM), headless=True,
                                              args=wasm_runner.CHROMIUM_ARGS)
        yield chromium
        chromium.close()


CDN = "https://pygame-web.github.io/cdn/0.9.3/"  # where the built page takes pygbag's runtime from


def open_page(browser: Any, base: str, size: tuple[int, int], runtime: Any = None) -> Any:
    """The built page, its timers on a fake clock. `runtime` answers the requests for the runtime's files
    (a Playwright route handler); by default they are never answered (`hang`)."""
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, has_touch=size[0] < 600)
    page = context.new_page()
    page.route(CDN + "**", runtime or hang)
    page.clock.install()
    page.goto(base + "index.html", wait_until="commit")
    page.wait_for_function("window.pbm_runtime_failed !== undefined && document.readyState !== 'loading'")
    return page


def hang(route: Any) -> None:
    """A runtime that never arrives: its requests are left unanswered."""
    HELD.append(route)


HELD: list[Any] = []


def text(page: Any, selector: str) -> str:
    return str(page.eval_on_selector(selector, "node => node.textContent")).strip()


def visible(page: Any, selector: str) -> bool:
    return bool(page.is_visible(selector))


@pytest.mark.parametrize("size", SIZES, ids=list(SIZES))
def test_a_runtime_that_never_arrives_gets_a_hint_then_try_again(browser: Any, served: str, size: str) -> None:
    page = open_page(browser, served, SIZES[size], runtime=hang)
    assert visible(page, "#transfer") and not visible(page, "#retry")
    page.clock.run_for(21_000)
    assert "first visit downloads the Python runtime" in text(page, "#hint")
    assert not visible(page, "#retry")
    page.clock.run_for(70_000)
    assert "has not started after 90 s" in text(page, "#hint")
    assert visible(page, "#retry")
    box = page.locator("#retry").bounding_box()
    assert box is not None and box["height"] >= 44 and box["width"] >= 44  # a finger-sized target
    page.screenshot(path=str(SHOTS / f"web-no-runtime-{size}.png"))
    with page.expect_navigation(wait_until="commit"):
        page.click("#retry")  # Try again reloads the page
    page.context.close()


@pytest.mark.parametrize("size", SIZES, ids=list(SIZES))
def test_a_runtime_that_cannot_be_loaded_is_named_at_once(browser: Any, served: str, size: str) -> None:
    """pythons.js unreachable (no connection, a wrong --cdn): the page says so as soon as the request fails,
    not after 90 s, and its advice is what helps (the connection, the runtime's address)."""
    def runtime(route: Any) -> None:  # pythons.js cannot be had; the rest would still be loading
        if route.request.url.endswith("pythons.js"):
            route.abort("internetdisconnected")
        else:
            hang(route)

    page = open_page(browser, served, SIZES[size], runtime=runtime)
    page.wait_for_function("document.getElementById('transfer').dataset.state === 'failed'", timeout=10_000)
    status = text(page, "#status")
    assert status.startswith("The game could not start") and "pythons.js" in status, status
    assert visible(page, "#retry") and CDN in text(page, "#hint") and "#debug" not in text(page, "#hint")
    assert not visible(page, "#progress")
    page.screenshot(path=str(SHOTS / f"web-runtime-failed-{size}.png"))
    page.clock.run_for(95_000)  # the 90 s fallback says nothing over it
    assert text(page, "#status") == status
    page.context.close()


@pytest.mark.parametrize(("script", "words"), [
    ("Promise.reject(new Error('both async and sync fetching of the wasm failed'))", "fetching of the wasm failed"),
    ("throw new Error('Aborted(main.data)')", "Aborted(main.data)"),
    ("const s = document.createElement('script'); s.src = 'cpython312/main.js'; document.head.appendChild(s)",
     "cpython312/main.js"),
])
def test_a_runtime_that_fails_while_starting_is_named_at_once(browser: Any, served: str, script: str,
                                                              words: str) -> None:
    """What pythons.js and the CPython build do when their files fail (an uncaught error, a rejected
    promise, a <script> that cannot load: pythons.js adds main.js so) reaches the page's status."""
    def runtime(route: Any) -> None:
        if route.request.url.endswith("pythons.js"):
            route.fulfill(status=200, content_type="text/javascript", body=script)
        elif route.request.url.endswith("browserfs.min.js"):
            route.fulfill(status=200, content_type="text/javascript", body="window.BrowserFS = {}")
        else:
            route.fulfill(status=404, body="")
    page = open_page(browser, served, SIZES["phone"], runtime=runtime)
    page.wait_for_function("document.getElementById('transfer').dataset.state === 'failed'", timeout=10_000)
    assert "The game could not start" in text(page, "#status") and words in text(page, "#status")
    page.evaluate("pbm_started()")  # once Python has started, the runtime's errors are the app's to tell
    page.evaluate("setTimeout(() => { throw new Error('later') }, 0)")
    page.clock.run_for(10)
    assert "later" not in text(page, "#status")
    page.context.close()


@pytest.mark.parametrize("size", SIZES, ids=list(SIZES))
def test_what_the_loader_says_reaches_the_player(browser: Any, served: str, size: str) -> None:
    page = open_page(browser, served, SIZES[size])
    page.evaluate("pbm_progress('Downloading the games\u2026 3 s', 0, 0)")
    assert text(page, "#status") == "Downloading the games\u2026 3 s"
    assert page.eval_on_selector("#progress", "bar => bar.hasAttribute('value')") is False  # indeterminate
    page.evaluate("pbm_slow('Downloading the games is taking long (15 s).')")
    assert text(page, "#hint").startswith("Downloading the games is taking long (15 s).")
    assert visible(page, "#retry")
    page.screenshot(path=str(SHOTS / f"web-slow-{size}.png"))
    page.evaluate("pbm_failed('The games could not be loaded: pbmgames.apk could not be downloaded.')")
    assert text(page, "#status") == "The games could not be loaded: pbmgames.apk could not be downloaded."
    assert not visible(page, "#progress") and visible(page, "#retry")
    page.clock.run_for(100_000)  # the runtime watchdog does not overwrite the loader's message
    assert text(page, "#status").startswith("The games could not be loaded")
    assert "Check the connection" in text(page, "#hint")
    page.screenshot(path=str(SHOTS / f"web-failed-{size}.png"))
    page.evaluate("pbm_started()")
    assert not visible(page, "#transfer")
    page.context.close()


def test_any_tap_counts_as_user_engagement(browser: Any, served: str) -> None:
    page = open_page(browser, served, SIZES["phone"])
    page.evaluate("window.MM = { UME: false }")  # as pythons.js sets it with --ume_block 1
    page.evaluate("pbm_prompt()")
    assert text(page, "#status") == "Tap anywhere to start"
    page.touchscreen.tap(200, 600)
    assert page.evaluate("window.MM.UME") is True
    page.context.close()


# ------------------------------------------------------------------------------ games in and out of the page
def app_page(browser: Any, base: str, size: str, clipboard: bool = False) -> Any:
    """The page as the app finds it once started (the loading screen gone)."""
    context = browser.new_context(viewport={"width": SIZES[size][0], "height": SIZES[size][1]},
                                  has_touch=SIZES[size][0] < 600, accept_downloads=True)
    if clipboard:
        context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base.rstrip("/"))
    page = context.new_page()
    page.goto(base + "index.html", wait_until="load")
    page.evaluate("pbm_started()")
    return page


def test_a_record_downloads_under_its_name(browser: Any, served: str) -> None:
    page = app_page(browser, served, "desktop")
    record = '[Game "star"]\n[Options "-size=5"]\n[Result "*"]\n\n1. C3\n'
    with page.expect_download() as info:
        assert page.evaluate("([name, text]) => pbm_download(name, text)", ["star-1moves.txt", record]) == "ok"
    download = info.value
    assert download.suggested_filename == "star-1moves.txt"
    assert Path(download.path()).read_text(encoding="utf-8") == record
    page.context.close()


def test_a_link_is_copied_to_the_clipboard(browser: Any, served: str) -> None:
    page = app_page(browser, served, "phone", clipboard=True)
    link = served + "index.html#g1.abc-_DEF"
    state = page.evaluate("(text) => pbm_copy(text)", link)
    assert state in ("copied", "pending")
    page.wait_for_function("pbm_copy_state() !== 'pending'")
    assert page.evaluate("pbm_copy_state()") == "copied"
    assert page.evaluate("navigator.clipboard.readText()") == link
    page.context.close()


def test_the_address_carries_the_game_without_a_reload(browser: Any, served: str) -> None:
    page = app_page(browser, served, "desktop")
    page.evaluate("window.pbm_marker = 1")  # gone if the page reloads
    entries = page.evaluate("history.length")
    assert page.evaluate("pbm_set_address('g1.abc')") == "ok"
    assert page.evaluate("location.hash") == "#g1.abc" and page.evaluate("window.pbm_marker") == 1
    assert page.evaluate("history.length") == entries  # replaced, not a new entry to go back through
    page.evaluate("pbm_set_address('')")
    assert page.evaluate("location.hash") == "" and page.evaluate("location.href").endswith("index.html")
    page.context.close()


@pytest.mark.parametrize("size", SIZES, ids=list(SIZES))
def test_the_paste_dialog_answers_with_the_text_a_file_or_nothing(browser: Any, served: str, size: str) -> None:
    page = app_page(browser, served, size)
    page.evaluate("window.pbm_keys = 0; window.addEventListener('keydown', () => { window.pbm_keys += 1 })")
    assert page.evaluate("pbm_ask_text('Open a game', 'Paste a game link or a game record.')") == "ok"
    assert visible(page, "#pbm_dialog") and visible(page, "#pbm_dialog_ok") and not visible(page, "#pbm_dialog_copy")
    for button in ("#pbm_dialog_ok", "#pbm_dialog_file", "#pbm_dialog_cancel"):
        box = page.locator(button).bounding_box()
        assert box is not None and box["height"] >= 44 and box["width"] >= 44, button
    page.fill("#pbm_dialog_text", "")
    page.locator("#pbm_dialog_text").type("[Game \"star\"]")
    assert page.evaluate("window.pbm_keys") == 0  # typing in the dialog never reaches the game
    page.fill("#pbm_dialog_text", '[Game "star"]\n\n1. C3\n')
    page.screenshot(path=str(SHOTS / f"web-paste-dialog-{size}.png"))
    assert page.evaluate("pbm_take_answer()") == ""  # nothing until the player answers
    page.click("#pbm_dialog_ok")
    assert not visible(page, "#pbm_dialog")
    assert json.loads(page.evaluate("pbm_take_answer()")) == {"text": '[Game "star"]\n\n1. C3\n'}
    assert page.evaluate("pbm_take_answer()") == ""  # taken once

    page.evaluate("pbm_ask_text('Open a game', '')")
    page.set_input_files("#pbm_dialog_pick", files=[{"name": "game.txt", "mimeType": "text/plain",
                                                     "buffer": '[Game "savoy"]\n'.encode()}])
    page.wait_for_function("document.getElementById('pbm_dialog').hidden")
    assert json.loads(page.evaluate("pbm_take_answer()")) == {"text": '[Game "savoy"]\n', "name": "game.txt"}

    page.evaluate("pbm_ask_text('Open a game', '')")
    page.keyboard.press("Escape")
    assert json.loads(page.evaluate("pbm_take_answer()")) == {"cancel": True}
    page.context.close()


def test_a_link_shown_as_text_is_selected_and_its_copy_button_copies(browser: Any, served: str) -> None:
    page = app_page(browser, served, "phone", clipboard=True)
    link = served + "index.html#g1.xyz"
    page.evaluate("([title, text]) => pbm_show_text(title, text, 'Select the link and copy it.')",
                  ["Share this game", link])
    assert visible(page, "#pbm_dialog_copy") and not visible(page, "#pbm_dialog_ok")
    assert page.evaluate("document.getElementById('pbm_dialog_text').readOnly") is True
    assert page.evaluate("(() => { const a = document.getElementById('pbm_dialog_text');"
                         " return a.value.substring(a.selectionStart, a.selectionEnd) })()") == link
    page.screenshot(path=str(SHOTS / "web-share-dialog-phone.png"))
    page.click("#pbm_dialog_copy")
    page.wait_for_function("document.getElementById('pbm_dialog_copy').textContent !== 'Copy'")
    assert text(page, "#pbm_dialog_copy") == "Copied"
    assert page.evaluate("navigator.clipboard.readText()") == link
    page.click("#pbm_dialog_cancel")
    assert not visible(page, "#pbm_dialog") and page.evaluate("pbm_take_answer()") == ""  # showing asks nothing
    page.context.close()
