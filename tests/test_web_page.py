"""The built page's own JavaScript in headless Chromium: what a player sees while loading, when the
runtime never arrives, and when the loader reports a slow or failed download.

pygbag's runtime cannot load here (its CDN is out of reach), which is exactly the case of a player with
no connection: the page must say so and offer Try again. Timers run on Playwright's fake clock.
Screenshots go to tests/screenshots/web-*.png.
"""

from __future__ import annotations

import importlib.util
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


def open_page(browser: Any, base: str, size: tuple[int, int]) -> Any:
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, has_touch=size[0] < 600)
    page = context.new_page()
    page.clock.install()
    page.goto(base + "index.html", wait_until="load")
    return page


def text(page: Any, selector: str) -> str:
    return str(page.eval_on_selector(selector, "node => node.textContent")).strip()


def visible(page: Any, selector: str) -> bool:
    return bool(page.is_visible(selector))


@pytest.mark.parametrize("size", SIZES, ids=list(SIZES))
def test_a_runtime_that_never_arrives_gets_a_hint_then_try_again(browser: Any, served: str, size: str) -> None:
    page = open_page(browser, served, SIZES[size])
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
    with page.expect_navigation():
        page.click("#retry")  # Try again reloads the page
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
