"""Run the rules cross-check (tests/wasm/crosscheck.py) in CPython, in Pyodide under
headless Chromium, and in Pyodide under Node, and compare the answers.

Used by tests/test_wasm.py; also a script that prints the figures::

    .venv/bin/python tests/wasm_runner.py            # CPython vs Chromium vs Node, with timings
    .venv/bin/python tests/wasm_runner.py --serve    # stage and serve the page until Ctrl-C (debugging)

Nothing is downloaded: Pyodide comes from tests/wasm/node_modules (``npm ci``),
the browser is Debian's /usr/bin/chromium driven by the Python `playwright`
package, and the page is served from a temporary folder on 127.0.0.1.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, Callable, Iterator

REPO = Path(__file__).resolve().parent.parent
WASM_DIR = REPO / "tests" / "wasm"
PYODIDE_DIR = WASM_DIR / "node_modules" / "pyodide"
CROSSCHECK = WASM_DIR / "crosscheck.py"
CHROMIUM = Path(os.environ.get("CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
#: Pyodide's home folder: its working directory, on sys.path.
PYODIDE_HOME = "/home/pyodide"
#: The files of the Pyodide distribution the page needs (no wheels are used).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
PAGE_FILES = ("index.html", "harness.mjs")


class WasmError(AssertionError):
    """Pyodide (or the page around it) failed; the message carries the console output."""


def source_files(root: Path = REPO) -> list[str]:
    """The Python sources the browser must run, as paths relative to `root`, read from the tree:
    ``game/__init__.py`` and every ``.py`` file under ``game/rules/``."""
    files = [root / "game" / "__init__.py"]
    files += [path for path in (root / "game" / "rules").rglob("*.py") if "__pycache__" not in path.parts]
    return sorted(path.relative_to(root).as_posix() for path in files)


def missing_requirements(need_node: bool = False) -> list[str]:
    """Why the browser check cannot run here (empty when it can)."""
    missing = []
    if not CHROMIUM.is_file() or not os.access(CHROMIUM, os.X_OK):
        missing.append(f"Chromium is not at {CHROMIUM} (apt-get install chromium, or build/setup.sh --browser)")
    if not (PYODIDE_DIR / "pyodide.mjs").is_file():
        missing.append(f"{PYODIDE_DIR} is missing (cd tests/wasm && npm ci, or build/setup.sh --browser)")
    if importlib.util.find_spec("playwright") is None:
        missing.append("the Python package playwright is not installed (pip install -e '.[browser]')")
    if need_node and shutil.which("node") is None:
        missing.append("node is not on PATH")
    return missing


# -- CPython ---------------------------------------------------------------------------------------------
def load_crosscheck() -> Any:
    """tests/wasm/crosscheck.py as a module of this process (its `game` is the repo's package)."""
    if str(REPO) not in sys.path:
        sys.path.insert(0, str(REPO))
    spec = importlib.util.spec_from_file_location("crosscheck", CROSSCHECK)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def run_cpython(plan: dict[str, Any]) -> dict[str, Any]:
    # Through JSON, exactly as the Pyodide answers arrive.
    return json.loads(load_crosscheck().run_json(json.dumps(plan)))


# -- the served folder -------------------------------------------------------------------------------------
def stage_site(site: Path) -> list[str]:
    """Fill `site` with the page, Pyodide (links to node_modules) and our sources; returns the source list."""
    for name in PAGE_FILES:
        shutil.copy2(WASM_DIR / name, site / name)
    (site / "pyodide").mkdir()
    for name in PYODIDE_FILES:
        target = site / "pyodide" / name
        try:
            target.symlink_to(PYODIDE_DIR / name)
        except OSError:
            shutil.copy2(PYODIDE_DIR / name, target)
    files = source_files()
    for rel in files:
        (site / "src" / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(REPO / rel, site / "src" / rel)
    shutil.copy2(CROSSCHECK, site / "src" / "crosscheck.py")
    manifest = {"home": PYODIDE_HOME, "files": files + ["crosscheck.py"], "module": "crosscheck"}
    (site / "manifest.json").write_text(json.dumps(manifest, indent=1), encoding="utf-8")
    return files


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
        ".json": "application/json", ".zip": "application/zip", ".py": "text/plain; charset=utf-8",
    }

    def __init__(self, *args: Any, requests: list[str], **kwargs: Any) -> None:
        self._requests = requests
        super().__init__(*args, **kwargs)

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        self._requests.append(f"{code} {self.path}")

    def log_message(self, format: str, *args: Any) -> None:  # errors are in the request list
        pass


@contextlib.contextmanager
def serve(directory: Path) -> Iterator[tuple[str, list[str]]]:
    """Serve `directory` on 127.0.0.1 at a free port in a thread; yields (base URL, request log)."""
    requests: list[str] = []
    handler = functools.partial(_Handler, directory=str(directory), requests=requests)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, name="wasm-http", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/", requests
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


# -- Chromium --------------------------------------------------------------------------------------------
class PyodidePage:
    """Our page in headless Chromium, with Pyodide booted and our sources loaded (see `chromium_page`)."""

    def __init__(self, page: Any, console: list[str], requests: list[str], timings: dict[str, float]) -> None:
        self.page, self.console, self.requests, self.timings = page, console, requests, timings
        self.status = ""

    def failure(self, what: str) -> WasmError:
        return WasmError(
            f"{what}\n--- page console ---\n" + ("\n".join(self.console) or "(empty)")
            + "\n--- requests ---\n" + "\n".join(self.requests)
        )

    def run(self, plan: dict[str, Any]) -> dict[str, Any]:
        """`crosscheck.run(plan)` in Pyodide; raises WasmError with the traceback and the console on failure."""
        from playwright.sync_api import Error as PlaywrightError

        started = time.perf_counter()
        try:
            answer = self.page.evaluate("plan => window.runCrosscheck(plan)", json.dumps(plan))
        except PlaywrightError as error:  # the page crashed or went away
            raise self.failure(f"the page failed while running the cross-check: {error}") from None
        self.timings["run_s"] = time.perf_counter() - started
        if not answer["ok"]:
            raise self.failure(f"Python failed in Pyodide:\n{answer['error']}")
        result: dict[str, Any] = json.loads(answer["result"])
        return result


#: Limits that only catch a hang: a loaded 2-core CI machine took 98 s for the Node run (issue 9).
PAGE_TIMEOUT_S = 300.0
RUN_TIMEOUT_S = 900.0


@contextlib.contextmanager
def chromium_page(timeout_s: float = PAGE_TIMEOUT_S, break_site: Callable[[Path], None] | None = None,
                  playwright: Any = None) -> Iterator[PyodidePage]:
    """Serve the staged site, open it in headless Chromium (fresh profile) and wait until Pyodide is ready.

    `break_site(site)` may spoil the staged folder (for testing the failure path). `playwright` is a
    running ``sync_playwright()`` to use (the sync API cannot be nested); by default one is started.
    Raises WasmError, with the page's console output and the requests served, when the page fails to start.
    """
    from playwright.sync_api import Error as PlaywrightError
    from playwright.sync_api import sync_playwright

    timings: dict[str, float] = {}
    console: list[str] = []
    with tempfile.TemporaryDirectory(prefix="wasm-site-") as site_name, \
            tempfile.TemporaryDirectory(prefix="wasm-chromium-") as profile:
        site = Path(site_name)
        started = time.perf_counter()
        stage_site(site)
        if break_site is not None:
            break_site(site)
        timings["stage_s"] = time.perf_counter() - started
        with serve(site) as (base, requests), contextlib.ExitStack() as stack:
            if playwright is None:
                playwright = stack.enter_context(sync_playwright())
            started = time.perf_counter()
            context = playwright.chromium.launch_persistent_context(
                profile, executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS,
            )
            try:
                timings["launch_s"] = time.perf_counter() - started
                page = context.new_page()
                page.on("console", lambda message: console.append(f"{message.type}: {message.text}"))
                page.on("pageerror", lambda error: console.append(f"pageerror: {error}"))
                handle = PyodidePage(page, console, requests, timings)
                started = time.perf_counter()
                page.goto(base + "index.html")
                try:
                    page.wait_for_function(
                        "document.getElementById('status').dataset.state !== 'loading'",
                        timeout=timeout_s * 1000,
                    )
                except PlaywrightError as error:
                    raise handle.failure(f"the page did not start Pyodide within {timeout_s:.0f} s ({error})") from None
                timings["page_ready_s"] = time.perf_counter() - started
                state, handle.status = page.eval_on_selector("#status", "node => [node.dataset.state, node.textContent]")
                if state != "ready":
                    raise handle.failure(f"the page failed to start: {handle.status}")
                in_page = page.evaluate("window.harnessTimings")
                timings["load_pyodide_s"] = in_page["loadPyodideMs"] / 1000
                timings["load_sources_s"] = in_page["sourcesMs"] / 1000
                yield handle
            finally:
                context.close()


def run_chromium(plan: dict[str, Any], timeout_s: float = PAGE_TIMEOUT_S) -> dict[str, Any]:
    """The cross-check in Pyodide in headless Chromium: {"answer", "timings", "console", "requests", "status"}."""
    with chromium_page(timeout_s) as page:
        answer = page.run(plan)
        return {"answer": answer, "timings": page.timings, "console": page.console,
                "requests": list(page.requests), "status": page.status}


# -- Node ------------------------------------------------------------------------------------------------
def run_node(plan: dict[str, Any], timeout_s: float = RUN_TIMEOUT_S) -> dict[str, Any]:
    """Run the cross-check in the npm Pyodide under Node; returns {"answer", "timings", "version"}."""
    with tempfile.TemporaryDirectory(prefix="wasm-node-") as tmp:
        out = Path(tmp) / "answer.json"
        job = {"root": str(REPO), "files": source_files(), "module_file": str(CROSSCHECK),
               "module": "crosscheck", "plan": plan, "out": str(out)}
        started = time.perf_counter()
        try:
            done = subprocess.run(["node", str(WASM_DIR / "node_check.mjs")], input=json.dumps(job), text=True,
                                  capture_output=True, cwd=WASM_DIR, timeout=timeout_s)
        except subprocess.TimeoutExpired as error:
            raise WasmError(f"node did not finish within {timeout_s:.0f} s:\n{error.stderr or ''}") from None
        wall = time.perf_counter() - started
        if done.returncode != 0 or not out.is_file():
            raise WasmError(f"node exited with status {done.returncode}:\n{done.stderr}\n{done.stdout}")
        data = json.loads(out.read_text(encoding="utf-8"))
    names = {"loadPyodideMs": "load_pyodide_s", "sourcesMs": "load_sources_s", "runMs": "run_s"}
    timings = {names[key]: value / 1000 for key, value in data["timings"].items()}
    timings["wall_s"] = wall
    return {"answer": data["result"], "timings": timings, "version": data["version"], "stderr": done.stderr}


# -- comparing ------------------------------------------------------------------------------------------
def _label(entry: dict[str, Any]) -> str:
    flags = " ".join(f"{key}={value}" for key, value in sorted(entry["options"].items()))
    weight = "" if entry["pass_weight"] is None else f" pass_weight={entry['pass_weight']}"
    return f"{entry['game']} [{flags}] seed {entry['seed']}{weight}"


def differences(expected: list[dict[str, Any]], actual: list[dict[str, Any]], limit: int = 5) -> list[str]:
    """Readable differences between two result lists (empty when identical)."""
    found = []
    if len(expected) != len(actual):
        found.append(f"{len(expected)} games in CPython but {len(actual)} in Pyodide")
    for want, got in zip(expected, actual):
        if want == got:
            continue
        for key in sorted(set(want) | set(got)):
            if want.get(key) == got.get(key):
                continue
            detail = f"{_label(want)}: {key} differs"
            if key in ("record", "position") and isinstance(want.get(key), str) and isinstance(got.get(key), str):
                lines = list(zip(want[key].splitlines(), got[key].splitlines()))
                first = next((i for i, (a, b) in enumerate(lines) if a != b), len(lines))
                detail += f" from line {first + 1}"
                if first < len(lines):
                    detail += f": CPython {lines[first][0]!r}, Pyodide {lines[first][1]!r}"
            else:
                detail += f": CPython {want.get(key)!r}, Pyodide {got.get(key)!r}"
            found.append(detail)
        if len(found) >= limit:
            break
    return found


def errors(results: list[dict[str, Any]]) -> list[str]:
    return [f"{_label(entry)}: {entry['error']}" for entry in results if "error" in entry] + [
        f"{_label(entry)}: its record does not replay to the same position"
        for entry in results if "error" not in entry and not entry["replays"]
    ]


def serve_forever(port: int = 8765) -> None:
    """Stage the site and serve it on 127.0.0.1:`port` until interrupted (open index.html?run)."""
    import signal

    def stop(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop)  # a plain `kill` also removes the staged folder
    with tempfile.TemporaryDirectory(prefix="wasm-site-") as site_name:
        site = Path(site_name)
        stage_site(site)
        handler = functools.partial(_Handler, directory=str(site), requests=[])
        with http.server.ThreadingHTTPServer(("127.0.0.1", port), handler) as server:
            print(f"serving {site} at http://127.0.0.1:{port}/index.html?run  (Ctrl-C stops)", flush=True)
            with contextlib.suppress(KeyboardInterrupt):
                server.serve_forever()


def main() -> int:
    if sys.argv[1:2] == ["--serve"]:
        serve_forever(int(sys.argv[2]) if len(sys.argv) > 2 else 8765)
        return 0
    plan = load_crosscheck().DEFAULT_PLAN
    started = time.perf_counter()
    cpython = run_cpython(plan)
    print(f"CPython {cpython['runtime']['version'].split()[0]}: {len(cpython['results'])} games, "
          f"{cpython['seconds']:.2f} s playing ({time.perf_counter() - started:.2f} s wall)")
    missing = missing_requirements(need_node=True)
    if missing:
        print("cannot run Pyodide here:\n  " + "\n  ".join(missing))
        return 1
    status = 0
    for name, runner in (("Chromium", run_chromium), ("Node", run_node)):
        started = time.perf_counter()
        outcome = runner(plan)
        wall = time.perf_counter() - started
        answer = outcome["answer"]
        diff = differences(cpython["results"], answer["results"])
        figures = ", ".join(f"{key} {value:.2f}" for key, value in outcome["timings"].items()
                            if isinstance(value, float))
        print(f"Pyodide/{name} (Python {answer['runtime']['version'].split()[0]}, {answer['runtime']['platform']}): "
              f"{len(answer['results'])} games, {answer['seconds']:.2f} s playing, {wall:.2f} s wall; {figures}")
        print("  identical to CPython" if not diff else "  DIFFERENT:\n    " + "\n    ".join(diff))
        status |= bool(diff)
    return status


if __name__ == "__main__":
    sys.exit(main())
