"""Our rules in WebAssembly: Pyodide 314 (CPython 3.14) from npm, in Debian's headless Chromium and in Node,
must play exactly the same seeded games as the CPython running the tests.

The harness is tests/wasm/ (page, JavaScript, and crosscheck.py, the Python run on both sides) and
tests/wasm_runner.py (serving, browser driving, comparing); see tests/wasm/README.md.

Without Chromium, the npm packages or the playwright package these tests skip, naming what is missing;
with REQUIRE_BROWSER=1 (CI) they fail instead.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any, Iterator

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
import wasm_runner  # noqa: E402

crosscheck = wasm_runner.load_crosscheck()
PLAN = crosscheck.DEFAULT_PLAN
#: The Pyodide release pinned in tests/wasm/package.json.
PYODIDE_VERSION = json.loads((wasm_runner.WASM_DIR / "package.json").read_text())["dependencies"]["pyodide"]


def require(need_node: bool = False) -> None:
    missing = wasm_runner.missing_requirements(need_node)
    if not missing:
        return
    reason = "the WebAssembly check cannot run: " + "; ".join(missing)
    if os.environ.get("REQUIRE_BROWSER") == "1":
        pytest.fail(reason + " (REQUIRE_BROWSER=1 demands it)", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="module")
def cpython() -> dict[str, Any]:
    return wasm_runner.run_cpython(PLAN)


@pytest.fixture(scope="module")
def sync_pw() -> Iterator[Any]:
    """One running sync_playwright for the module (the sync API cannot be nested)."""
    require()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as running:
        yield running


@pytest.fixture(scope="module")
def browser_page(sync_pw: Any) -> Iterator[wasm_runner.PyodidePage]:
    with wasm_runner.chromium_page(playwright=sync_pw) as page:
        yield page


def assert_same_as_cpython(cpython: dict[str, Any], pyodide: dict[str, Any]) -> None:
    runtime = pyodide["runtime"]
    assert runtime["platform"] == "emscripten", f"not running in Pyodide: {runtime}"
    assert runtime["version_info"][:2] == [3, 14], f"Pyodide's Python should be 3.14.x, it is {runtime['version']}"
    assert runtime["game_package"] == wasm_runner.PYODIDE_HOME + "/game", runtime
    assert pyodide["sources"] == cpython["sources"], "Pyodide did not run exactly the repository's sources"
    assert not wasm_runner.errors(cpython["results"]), "\n".join(wasm_runner.errors(cpython["results"]))
    diff = wasm_runner.differences(cpython["results"], pyodide["results"])
    assert not diff, "Pyodide and CPython disagree:\n" + "\n".join(diff)
    assert pyodide["results"] == cpython["results"]


# -- no browser needed ------------------------------------------------------------------------------------
def test_star_option_sets_cover_size_and_maxi() -> None:
    from game.rules import GAMES

    sets = crosscheck.option_sets(GAMES["star"])
    assert sorted((s["size"], s["maxi"]) for s in sets) == [
        (3, False), (3, True), (6, False), (6, True), (14, False), (14, True)
    ]


def test_option_sets_are_derived_from_the_declarations() -> None:
    from game.rules.options import ChoiceOption, FlagOption, IntOption

    class Fake:
        OPTIONS = (IntOption("n", 5, 3, 10, odd_only=True), FlagOption("a"), FlagOption("b", default=True),
                   ChoiceOption("rule", "x", ("x", "y")))

    sets = crosscheck.option_sets(Fake)
    base = {"n": 5, "a": False, "b": True, "rule": "x"}
    assert sets[0] == base
    assert {**base, "n": 3} in sets and {**base, "n": 9} in sets  # odd_only: 10 becomes 9
    assert {**base, "a": True} in sets and {**base, "b": False} in sets and {**base, "rule": "y"} in sets
    flipped = {**base, "a": True, "b": False}
    assert flipped in sets and {**flipped, "n": 3} in sets and {**flipped, "n": 9} in sets
    assert len(sets) == len({json.dumps(s, sort_keys=True) for s in sets}) == 9
    for values in sets:  # every set is valid for the declarations
        assert {spec.name: spec.check(values[spec.name]) for spec in Fake.OPTIONS} == values


def test_variant_option_sets_have_their_switch_on() -> None:
    from game.rules import GAMES
    from game.rules.options import ChoiceOption, FlagOption, IntOption

    class Fake:
        OPTIONS = (IntOption("n", 5, 3, 9), ChoiceOption("rule", "x", ("x", "y")))
        VARIANT_OPTIONS = ((FlagOption("big"), IntOption("n", 20, 10, 30), ChoiceOption("rule", "x", ("x", "y"))),)

    sets = crosscheck.option_sets(Fake)
    assert sets == [{"n": 5, "rule": "x"}, {"n": 3, "rule": "x"}, {"n": 9, "rule": "x"}, {"n": 5, "rule": "y"},
                    {"n": 20, "rule": "x", "big": True}, {"n": 10, "rule": "x", "big": True},
                    {"n": 30, "rule": "x", "big": True}, {"n": 20, "rule": "y", "big": True}]
    truchet = GAMES["truchet"]
    hexed = [values for values in crosscheck.option_sets(truchet) if values.get("hex")]
    assert sorted(values["size"] for values in hexed) == [2, 4, 4, 6]  # -hex: sizes 2..6, default 4
    for values in crosscheck.option_sets(truchet):  # every set starts a game
        assert truchet.new(values).hex == bool(values.get("hex"))


def test_source_files_come_from_the_tree() -> None:
    files = wasm_runner.source_files()
    on_disk = {p.relative_to(wasm_runner.REPO).as_posix() for p in (wasm_runner.REPO / "game" / "rules").rglob("*.py")}
    assert set(files) == on_disk | {"game/__init__.py"}
    assert "game/rules/star.py" in files and "game/rules/base.py" in files
    assert set(files) == set(crosscheck.source_digests())


def test_cpython_runs_cover_every_game(cpython: dict[str, Any]) -> None:
    from game.rules import GAMES

    results = cpython["results"]
    assert {entry["game"] for entry in results} == set(GAMES)
    assert not wasm_runner.errors(results), "\n".join(wasm_runner.errors(results))
    # games end, or stop at the plan's move cap (a size-25 Truchet game is long in random play)
    assert all(entry["over"] or entry["moves"] >= PLAN["max_moves"] for entry in results)
    assert all(entry["over"] for entry in results if entry["game"] == "star")
    assert all(entry["link_round_trip"] for entry in results)  # each runtime checks its own links
    long_games = [entry for entry in results if entry["pass_weight"] is not None]
    assert long_games and len(results) == sum(
        len(crosscheck.option_sets(game)) for game in GAMES.values()) * (len(PLAN["seeds"]) + len(PLAN["long_seeds"]))


def test_differences_name_the_game_and_the_first_differing_line(cpython: dict[str, Any]) -> None:
    results = cpython["results"]
    spoiled = json.loads(json.dumps(results))
    lines = spoiled[2]["record"].splitlines()
    lines[5] = lines[5] + "x"
    spoiled[2]["record"] = "\n".join(lines) + "\n"
    spoiled[3]["scores"] = [99, 99]
    diff = wasm_runner.differences(results, spoiled)
    assert len(diff) == 2
    assert f"seed {results[2]['seed']}" in diff[0] and "record differs from line 6" in diff[0]
    assert "scores differs" in diff[1] and "[99, 99]" in diff[1]
    assert wasm_runner.differences(results, results) == []
    assert "games in CPython" in wasm_runner.differences(results, results[:-1])[0]


# -- Pyodide ---------------------------------------------------------------------------------------------
@pytest.mark.browser
def test_chromium_pyodide_plays_like_cpython(browser_page: wasm_runner.PyodidePage, cpython: dict[str, Any],
                                             record_property: Any) -> None:
    pyodide = browser_page.run(PLAN)
    record_property("pyodide_python", pyodide["runtime"]["version"])
    record_property("timings", {key: round(value, 2) for key, value in browser_page.timings.items()})
    print(f"\nPyodide in Chromium: Python {pyodide['runtime']['version'].split()[0]}; {browser_page.status}; "
          f"{len(pyodide['results'])} games in {pyodide['seconds']:.2f} s (CPython {cpython['seconds']:.2f} s); "
          + ", ".join(f"{key} {value:.2f}" for key, value in browser_page.timings.items()))
    assert f"Pyodide {PYODIDE_VERSION}," in browser_page.status
    assert_same_as_cpython(cpython, pyodide)
    failed = [line for line in browser_page.requests if not line.startswith(("200 ", "304 "))]
    assert not failed, f"requests that failed: {failed}"


@pytest.mark.browser
def test_chromium_reports_a_python_failure_with_its_traceback(browser_page: wasm_runner.PyodidePage) -> None:
    with pytest.raises(wasm_runner.WasmError) as caught:
        browser_page.run({"seeds": None})
    message = str(caught.value)
    assert "Python failed in Pyodide" in message and "Traceback" in message and "crosscheck.py" in message
    assert "--- page console ---" in message and "[harness] Python failed" in message


@pytest.mark.browser
def test_chromium_reports_a_page_that_cannot_start(sync_pw: Any) -> None:
    def lose_a_source(site: Path) -> None:
        manifest = json.loads((site / "manifest.json").read_text())
        manifest["files"].append("game/rules/no_such_file.py")
        (site / "manifest.json").write_text(json.dumps(manifest))

    with pytest.raises(wasm_runner.WasmError) as caught:
        with wasm_runner.chromium_page(break_site=lose_a_source, playwright=sync_pw):
            pass
    message = str(caught.value)
    assert "the page failed to start" in message and "src/game/rules/no_such_file.py: HTTP 404" in message
    assert "[harness] boot failed" in message and "404 /src/game/rules/no_such_file.py" in message


@pytest.mark.browser
def test_node_pyodide_plays_like_cpython(cpython: dict[str, Any]) -> None:
    require(need_node=True)
    outcome = wasm_runner.run_node(PLAN)
    print(f"\nPyodide {outcome['version']} in Node: Python {outcome['answer']['runtime']['version'].split()[0]}; "
          + ", ".join(f"{key} {value:.2f}" for key, value in outcome["timings"].items()))
    assert outcome["version"] == PYODIDE_VERSION
    assert_same_as_cpython(cpython, outcome["answer"])
