"""A stand-in for pygbag 0.9.3's browser runtime: it runs our built page's loader, and the app it
starts, under CPython, with no network.

The real runtime (CPython 3.12 compiled to WebAssembly, pythons.js, the pygame-ce wheel) loads from
pygbag's CDN and cannot run offline. This stand-in keeps to the facts of 0.9.3, read from its own files
(../shared/specs/web-toolchain.md, "How the page boots"), and runs **pygbag's own code from the pinned
wheel** wherever that code can run on the desktop.

Taken unchanged from the installed pygbag wheel (cut out with `ast` and run here):

- ``support/cpythonrc.py``: ``import_site`` (how pythons.js runs the loader), ``shell.source``,
  ``shell.runpy`` (with its refusal of a main.py with no ``asyncio.run``), ``shell.preload_code``,
  ``TopLevel_async_handler.scan_imports`` and ``list_imports`` (which imports get installed);
- ``support/cross/aio/pep0723.py``: ``Config`` (package name mapping, the repository list),
  ``HISTORY``, ``async_repos`` (reads the package index from ``Config.PKG_BASE_DEFAULT``),
  ``read_dependency_block_723`` and ``pip_install``.

Stood in for, keeping to the facts:

- pythons.js takes the text of the ``<script src=".../pythons.js" type=module>`` element as the loader,
  writes it to ``/data/data/org.python/assets/__main__.py`` and runs ``import_site`` on it.
- ``platform.window`` offers only what the page defines (its functions and element ids) and what pythons.js
  adds (``MM`` with ``UME = !config.ume_block``, ``python.config``, ``localStorage``, ``location``, sizes).
  ``MM.prepare(url, {"type": "mount"})`` downloads but never mounts and never sets ``track.ready``: the
  mount branch of 0.9.3's ``media_prepare`` is empty.
- ``platform.fopen`` (``aio.filelike.fopen`` over pythons.js's ``cross_file``): a missing file (an HTTP
  error status) or a failed request yields an empty file, not an exception; a slow server takes frames.
- ``platform.run_main``: changes into ``loaderhome`` and puts it first on ``sys.path``;
  ``embed.counter()`` stays below 0 for a few frames of preloading.
- ``asyncio.run`` is pygbag's ``aio.run``: it schedules the coroutine as a task and returns at once.
- The async console runs a file's code in the runtime's ``__main__`` namespace; a
  ``ModuleNotFoundError`` there is reported and main.py is not run again.
- ``install_pkg`` downloads the wheel the index names (from the stand-in network) and makes its modules
  importable. Until then ``pygame`` cannot be imported: it is not built into the 0.9.3 runtime.
- The Emscripten file system's ``/data/data/`` is a temporary folder: the loader's ``"/data/data/"``
  literal is mapped to it (the only change made to the page's text).
- The browser steps the event loop once per animation frame: here one loop iteration is one frame of
  1/60 s of virtual time, so ``asyncio.sleep(0.1)`` lasts six frames and timers need no real waiting.
- The Python is this one (3.11 here, 3.12 in the browser): the index is served for its ABI tag.
- Once pygame-ce is installed, the stand-in imports it, then reports ``sys.platform`` as
  ``"emscripten"`` so that our app takes its browser paths (page size, localStorage); pygame-ce's own
  WebAssembly import path cannot run on the desktop.

Run as ``python tests/pygbag_runtime.py JOB.json``: it prints one JSON report (see `run_job`).
tests/test_web_loader.py builds the page and drives this.
"""

from __future__ import annotations

import ast
import asyncio
import builtins
import gc
import importlib
import importlib.abc
import importlib.util
import io
import json
import os
import re
import sys
import textwrap
import traceback
import types
import urllib.parse
import zipfile
from html.parser import HTMLParser
from pathlib import Path
from typing import Any, Callable

FRAME_S = 1 / 60
DATA_DATA = "/data/data/"
PUBLIC_CDN_ROOT = "https://pygame-web.github.io/cdn/"
INDEX = Path(__file__).parent / "data" / "pygbag-index-0.9.3-cp312.json"
#: what a wheel of the index provides once installed
WHEEL_MODULES = {"pygame_ce": ("pygame",)}


class StandInError(Exception):
    """The stand-in met something it does not model (a test must not pass through it)."""


# ------------------------------------------------------------------------------ pygbag's own code
def pygbag_support() -> Path:
    spec = importlib.util.find_spec("pygbag")
    if spec is None or spec.origin is None:
        raise StandInError("pygbag is not installed")
    return Path(spec.origin).parent / "support"


def _find(nodes: list[ast.stmt], name: str) -> ast.AST | None:
    """The first def or class called `name` in `nodes`, looking inside if/try blocks too."""
    for node in nodes:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.name == name:
            return node
        for field in ("body", "orelse", "finalbody", "handlers"):
            inner = getattr(node, field, None)
            if isinstance(node, (ast.If, ast.Try, ast.ExceptHandler)) and inner:
                found = _find(inner, name)
                if found is not None:
                    return found
    return None


def _segment(lines: list[str], node: ast.AST) -> str:
    """The lines of `node` as they stand (not dedented: a string literal may start at column 0)."""
    first = min([node.lineno] + [d.lineno for d in getattr(node, "decorator_list", [])])
    return "".join(lines[first - 1:node.end_lineno])


def cut(path: Path, *qualname: str) -> str:
    """The source of ``qualname`` (``"shell", "runpy"``) in `path` as it stands, decorators included."""
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    nodes: list[ast.stmt] = ast.parse(text).body
    node: ast.AST | None = None
    for name in qualname:
        node = _find(nodes, name)
        if node is None:
            raise StandInError(f"{path.name} has no {'.'.join(qualname)}: is this pygbag 0.9.3?")
        nodes = getattr(node, "body", [])
    assert node is not None
    return _segment(lines, node)


def class_data(path: Path, name: str) -> str:
    """The data statements of class `name` in `path` (assignments of values that name nothing, so not
    aliases such as ``time = run``), without its methods."""
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    node = _find(ast.parse(text).body, name)
    if not isinstance(node, ast.ClassDef):
        raise StandInError(f"{path.name} has no class {name}")
    parts = [_segment(lines, stmt) for stmt in node.body if isinstance(stmt, (ast.Assign, ast.AugAssign))
             and not any(isinstance(n, ast.Name) for n in ast.walk(stmt.value))]  # data, not aliases
    return "".join(parts)


def module_value(path: Path, name: str) -> Any:
    """A module-level literal (``HISTORY = [...]``) of `path`."""
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in node.targets):
            return ast.literal_eval(node.value)
    raise StandInError(f"{path.name} has no {name}")


def compose_class(name: str, parts: list[str]) -> str:
    """A class of the parts: members cut from one class keep their own indentation (a class body may be
    indented by any amount); parts written at column 0 are indented to match."""
    def column(part: str) -> int:
        first = next(line for line in part.splitlines() if line.strip())
        return len(first) - len(first.lstrip())

    indent = max(column(part) for part in parts) or 4
    body = "".join(part if column(part) else textwrap.indent(part, " " * indent) for part in parts)
    return f"class {name}:\n{body}"


# ------------------------------------------------------------------------------ the page
class PageParser(HTMLParser):
    """The loader text (pythons.js's ``script.text``), the page's functions, element ids and config."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=False)
        self.loader: str | None = None
        self.ids: set[str] = set()
        self.scripts: list[str] = []
        self._in_script: dict[str, str | None] | None = None
        self._text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        if attributes.get("id"):
            self.ids.add(str(attributes["id"]))
        if tag == "script":
            self._in_script = attributes
            self._text = []

    def handle_data(self, data: str) -> None:
        if self._in_script is not None:
            self._text.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "script" and self._in_script is not None:
            text = "".join(self._text)
            src = self._in_script.get("src") or ""
            if self._in_script.get("type") == "module" and "pythons.js" in src and self.loader is None:
                self.loader = text
            elif not src:
                self.scripts.append(text)
            self._in_script = None


class Page:
    def __init__(self, html: str) -> None:
        parser = PageParser()
        parser.feed(html)
        if parser.loader is None:
            raise StandInError("the page has no <script src=.../pythons.js type=module> element")
        self.loader: str = parser.loader
        self.ids = parser.ids
        script = "\n".join(parser.scripts)
        self.functions = set(re.findall(r"\bfunction\s+(\w+)\s*\(", script))
        ume = re.search(r"ume_block\s*:\s*(\d+)", script)
        self.ume_block = int(ume.group(1)) if ume else 1  # pythons.js: undefined means 1


# ------------------------------------------------------------------------------ the browser side
class Element(types.SimpleNamespace):
    """A DOM element: attributes can be read and set (hidden, style...)."""

    def __init__(self, element_id: str) -> None:
        super().__init__(id=element_id, hidden=False, style=types.SimpleNamespace(), dataset=types.SimpleNamespace())


class LocalStorage:
    """The Web Storage API over a dict; getItem gives None (JS null) for a missing key."""

    def __init__(self) -> None:
        self.items: dict[str, str] = {}

    def getItem(self, key: str) -> str | None:  # noqa: N802 - the JS names
        return self.items.get(str(key))

    def setItem(self, key: str, value: Any) -> None:  # noqa: N802
        self.items[str(key)] = str(value)

    def removeItem(self, key: str) -> None:  # noqa: N802
        self.items.pop(str(key), None)

    def key(self, index: int) -> str | None:
        keys = list(self.items)
        return keys[index] if 0 <= index < len(keys) else None

    def clear(self) -> None:
        self.items.clear()

    @property
    def length(self) -> int:
        return len(self.items)


class Track(types.SimpleNamespace):
    """What 0.9.3's MM.prepare returns: ``ready`` is never set for a mount."""


class MediaManager:
    def __init__(self, browser: "Browser", ume: bool) -> None:
        self.browser = browser
        self.UME = ume
        self.tracks: list[Track] = []

    def prepare(self, url: str, cfg: str) -> Track:
        config = json.loads(cfg)
        track = Track(url=url, type=config.get("type", "fs"), ready=None, avail=None, pos=0, len=0, error=False)
        self.tracks.append(track)
        self.browser.log("MM.prepare", url, config.get("type"))
        if config.get("io") == "url":
            async def cross_track() -> None:  # downloads; for "mount" nothing happens afterwards
                data = await self.browser.download(url)
                track.len = track.pos = len(data)
                track.avail = True
            self.browser.loop.create_task(cross_track())
        return track


class Window:
    """``platform.window``: the page's functions and elements plus pythons.js's globals, nothing else."""

    def __init__(self, browser: "Browser", page: Page, size: tuple[int, int], url: str, ume: bool) -> None:
        self._browser = browser
        self._page = page
        self.MM = MediaManager(browser, ume)
        self.python = types.SimpleNamespace(config=types.SimpleNamespace(debug=False))
        self.localStorage = LocalStorage()
        fragment = urllib.parse.urlsplit(url).fragment
        self.location = types.SimpleNamespace(href=url, hash="#" + fragment if fragment else "", search="")
        self.innerWidth, self.innerHeight = size
        self.console = types.SimpleNamespace(log=print, warn=print, error=print)
        self._elements = {name: Element(name) for name in page.ids}

    def __getattr__(self, name: str) -> Any:
        if name in self._page.functions:
            return lambda *args: self._browser.log(name, *args)
        if name in self._elements:
            return self._elements[name]
        raise AttributeError(f"window.{name} is undefined on this page")


# ------------------------------------------------------------------------------ network
class Network:
    """URLs the stand-in can fetch: the page's folder, and the CDN roots that are reachable."""

    def __init__(self, page_url: str, site: Path, reachable_roots: list[str], slow_frames: dict[str, int],
                 endless: set[str]) -> None:
        self.page_url = page_url
        self.site = site
        self.roots = reachable_roots
        self.slow_frames = slow_frames
        self.endless = endless
        self.requests: list[str] = []

    def resolve(self, url: str) -> str:
        return urllib.parse.urljoin(self.page_url, url)

    def get(self, url: str) -> bytes | None:
        """The body for a 200 answer, or None for an error status or a failed request."""
        url = urllib.parse.urldefrag(self.resolve(url))[0]
        self.requests.append(url)
        base = self.page_url.rsplit("/", 1)[0] + "/"
        if url.startswith(base):
            path = self.site / url[len(base):]
            return path.read_bytes() if path.is_file() else None
        for root in self.roots:
            if url.startswith(root):
                rest = url[len(root):]
                if re.fullmatch(r"index-0\.9\.3-cp\d+\.json", rest):
                    return INDEX.read_bytes()
                wheel = re.fullmatch(r"cp312/(pygame_ce)-[^/]+\.whl", rest)
                if wheel:
                    return fake_wheel(wheel.group(1))
                return None
        return None  # out of reach: a failed request


def fake_wheel(name: str) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr(f"{name}-2.5.7.dev1.dist-info/METADATA", f"Metadata-Version: 2.1\nName: {name}\n")
    return buffer.getvalue()


# ------------------------------------------------------------------------------ imports
class Blocker(importlib.abc.MetaPathFinder):
    """pygame is not in the runtime until its wheel is installed."""

    def __init__(self) -> None:
        self.blocked = {"pygame"}

    def find_spec(self, fullname: str, path: Any = None, target: Any = None) -> None:
        if fullname.split(".")[0] in self.blocked:
            raise ModuleNotFoundError(f"No module named {fullname!r}", name=fullname)
        return None


def isolate_from_the_repository(repo: Path) -> None:
    """Our `game` package must come from the unpacked apk only: drop the editable install's finder
    and any path into the repository."""
    sys.meta_path[:] = [f for f in sys.meta_path if "__editable__" not in getattr(f, "__module__", "")
                        and "__editable__" not in type(f).__module__]
    sys.path_hooks[:] = [h for h in sys.path_hooks if "__editable__" not in getattr(h, "__module__", "")]
    sys.path[:] = [p for p in sys.path if p and Path(p).resolve() not in (repo, repo / "tests")]
    sys.path_importer_cache.clear()
    for name in [m for m in sys.modules if m == "game" or m.startswith("game.")]:
        del sys.modules[name]


# ------------------------------------------------------------------------------ the runtime
class FrameLoop(asyncio.SelectorEventLoop):
    """One iteration is one animation frame of virtual time."""

    def __init__(self) -> None:
        super().__init__()
        self.virtual = 0.0
        self.frames = 0

    def time(self) -> float:
        return self.virtual

    def _run_once(self) -> None:
        self.frames += 1
        self.virtual += FRAME_S
        super()._run_once()  # type: ignore[misc]


class Browser:
    """The page, its runtime and the stand-in network, in one event loop."""

    def __init__(self, job: dict[str, Any]) -> None:
        self.job = job
        self.loop = FrameLoop()
        asyncio.set_event_loop(self.loop)
        self.page = Page(Path(job["page"]).read_text(encoding="utf-8"))
        self.data_root = Path(job["data_root"])
        self.calls: list[list[Any]] = []
        self.installed: list[dict[str, Any]] = []
        self.events: list[str] = []
        self.errors: list[str] = []
        self.tasks: dict[str, asyncio.Task] = {}
        self.main_ran: list[str] = []
        self.network = Network(job["page_url"], Path(job["site"]), job.get("reachable", [PUBLIC_CDN_ROOT]),
                               job.get("slow_frames", {}), set(job.get("endless", [])))
        ume = not self.page.ume_block if job.get("ume") is None else bool(job["ume"])
        self.window = Window(self, self.page, tuple(job.get("window", (390, 844))), job["page_url"], ume)
        self.blocker = Blocker()
        self.preloading = 0  # frames of preloading left after run_main; counter() < 0 meanwhile
        self.run_main_called = False

    def log(self, *call: Any) -> None:
        self.calls.append([str(part) if not isinstance(part, (int, float, bool, type(None))) else part
                           for part in call])

    async def download(self, url: str) -> bytes:
        """What cross_file writes: the body, or nothing for an error or a failed request."""
        resolved = self.network.resolve(url)
        frames = self.network.slow_frames.get(resolved.rsplit("/", 1)[-1], 1)
        if resolved.rsplit("/", 1)[-1] in self.network.endless:
            frames = 10**9
        for _ in range(frames):
            await asyncio.sleep(0)
        return self.network.get(url) or b""

    # -- platform -------------------------------------------------------------------------
    def fopen(self, url: Any, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
        browser = self

        class Remote:
            async def __aenter__(self) -> Any:
                data = await browser.download(str(url))
                return io.BytesIO(data) if "b" in mode else io.StringIO(data.decode("utf-8"))

            async def __aexit__(self, *exc: Any) -> None:
                return None

        return Remote()

    def run_main(self, config: Any, loaderhome: Any = None, loadermain: str | None = "main.py") -> None:
        self.run_main_called = True
        home = str(loaderhome)
        if not os.path.isdir(home):
            self.errors.append(f"run_main: {home} is not a folder")
            return
        os.chdir(home)
        sys.path.insert(0, home)
        self.preloading = 5
        if loadermain:
            raise StandInError("run_main with a loadermain is not modelled (our loader passes None)")

    def counter(self) -> int:
        if self.preloading > 0:
            self.preloading -= 1
            return -1
        return 0 if self.run_main_called else -1

    # -- packages ---------------------------------------------------------------------------
    async def install_pkg(self, sysconf: Any, wheel_url: str, wheel_pkg: str) -> None:
        data = await self.download(wheel_url)
        if not data:
            raise StandInError(f"cannot download {wheel_url}")
        distribution = wheel_pkg.split("-", 1)[0]
        modules = WHEEL_MODULES.get(distribution, ())
        self.installed.append({"wheel": wheel_pkg, "url": self.network.resolve(wheel_url), "modules": list(modules),
                               "during": self.events[-1] if self.events else ""})
        for module in modules:
            self.blocker.blocked.discard(module)
            importlib.invalidate_caches()
            if module == "pygame":
                # pygame-ce's own WebAssembly import path cannot run here: import it now, then let
                # our app see the browser platform (see the module docstring)
                os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
                importlib.import_module("pygame")
                sys.platform = "emscripten"

    # -- building the runtime's namespace ------------------------------------------------------
    def build_runtime(self) -> dict[str, Any]:
        support = pygbag_support()
        rc = support / "cpythonrc.py"
        pep = support / "cross" / "aio" / "pep0723.py"
        browser = self

        aio = types.ModuleType("aio")
        aio.cross = types.SimpleNamespace(simulator=False)
        aio.started = True
        toplevel = types.ModuleType("aio.toplevel")
        aio.toplevel = toplevel
        pep0723 = types.ModuleType("aio.pep0723")
        aio.pep0723 = pep0723
        for name, module in (("aio", aio), ("aio.toplevel", toplevel), ("aio.pep0723", pep0723)):
            sys.modules[name] = module

        platform = types.ModuleType("platform")
        stdlib_platform = importlib.import_module("platform")
        platform.__getattr__ = lambda name: getattr(stdlib_platform, name)  # type: ignore[attr-defined]
        platform.window = self.window
        platform.document = types.SimpleNamespace(body=types.SimpleNamespace(style=types.SimpleNamespace()))
        platform.fopen = self.fopen
        platform.run_main = self.run_main
        platform.patches = {}
        sys.modules["platform"] = platform

        embed = types.ModuleType("embed")
        embed.counter = self.counter
        embed.run = lambda: None
        sys.modules["embed"] = embed

        def DBG(*args: Any, **kw: Any) -> None:  # noqa: N802 - pygbag's name
            return None

        sys.print_exception = lambda e, *a, **k: traceback.print_exception(e)  # type: ignore[attr-defined]

        # aio.pep0723: pygbag's own code, with the wheel download and install stood in for
        pep_ns: dict[str, Any] = {
            "__name__": "aio.pep0723", "sys": sys, "os": os, "json": json, "Path": Path, "aio": aio,
            "platform": platform, "fopen": self.fopen, "pdb": print, "print": print, "importlib": importlib,
            "tomllib": importlib.import_module("tomllib"),
            "sconf": {"purelib": str(self.data_root / "env"), "platlib": str(self.data_root / "env")},
        }
        exec(cut(pep, "Config"), pep_ns)
        pep_ns["HISTORY"] = module_value(pep, "HISTORY")
        pep_ns["hint_failed"] = []
        for name in ("read_dependency_block_723", "async_repos", "pip_install"):
            exec(cut(pep, name), pep_ns)

        async def install_pkg(sysconf: Any, wheel_url: str, wheel_pkg: str) -> None:
            await browser.install_pkg(sysconf, wheel_url, wheel_pkg)

        repos_read: list[bool] = []

        async def check_list(code: str | None = None, filename: str | None = None) -> list[str]:
            if not repos_read:  # the real check_list reads the index on its first call
                repos_read.append(True)
                await pep_ns["async_repos"]()
            if list(pep_ns["read_dependency_block_723"](code or "")):
                raise StandInError("PEP 723 dependency blocks are not modelled")
            return []

        pep_ns["install_pkg"] = install_pkg
        pep_ns["check_list"] = check_list
        for name in ("Config", "HISTORY", "hint_failed", "pip_install", "check_list", "install_pkg",
                     "async_repos", "read_dependency_block_723"):
            setattr(pep0723, name, pep_ns[name])

        # the async console of the runtime: code runs in the runtime's __main__ namespace
        runtime_main: dict[str, Any] = {"__name__": "__main__", "__builtins__": builtins}
        self.runtime_main = runtime_main

        class Console:
            console = True

            def __init__(self) -> None:
                self.locals = runtime_main

            def eval(self, source: str) -> int:
                label = browser.events[-1] if browser.events else "code"
                code = compile(source, runtime_main.get("__file__", "<stdin>"), "exec",
                               flags=ast.PyCF_ALLOW_TOP_LEVEL_AWAIT)

                def run() -> None:
                    try:
                        result = types.FunctionType(code, runtime_main)()
                        if asyncio.iscoroutine(result):
                            browser.spawn(f"{label} (top-level await)", result)
                        browser.main_ran.append(label)
                    except ModuleNotFoundError as error:
                        browser.errors.append(f"{label}: {type(error).__name__}: {error}")
                    except BaseException as error:  # the console prints it and carries on
                        browser.errors.append(f"{label}: {type(error).__name__}: {error}")

                browser.loop.call_soon(run)
                return source.count("\n")

            def start_console(self, shell: Any, ns: str = "__main__") -> None:
                return None

        # TopLevel_async_handler: its data and import scan from the wheel, the console stood in for
        handler_ns: dict[str, Any] = {"sys": sys, "DBG": DBG, "print": print, "aio": aio, "Path": Path}
        handler_source = compose_class("TopLevel_async_handler", [
            class_data(rc, "TopLevel_async_handler"),
            cut(rc, "TopLevel_async_handler", "scan_imports"),
            cut(rc, "TopLevel_async_handler", "list_imports"),
        ])
        exec(handler_source, handler_ns)
        handler = handler_ns["TopLevel_async_handler"]
        handler.instance = None
        handler.muted = True  # AsyncInteractiveConsole's default

        async def start_toplevel(shell: Any, console: bool = True, ns: str = "__main__") -> None:
            if handler.instance is None:
                handler.instance = Console()

        handler.start_toplevel = staticmethod(start_toplevel)
        toplevel.handler = handler

        # shell: source, runpy and preload_code from the wheel
        shell_ns: dict[str, Any] = {
            "sys": sys, "os": os, "aio": aio, "Path": Path, "DBG": DBG, "print": print, "platform": platform,
            "asyncio": asyncio, "TopLevel_async_handler": handler,
        }
        shell_source = compose_class("shell", [
            class_data(rc, "shell"),
            cut(rc, "shell", "preload_code"),
            cut(rc, "shell", "runpy"),
            cut(rc, "shell", "source"),
            "@classmethod\ndef interactive(cls, prompt=False):\n    return None\n",
        ])
        # pythons.js turns the address's #hash, split at %20 and URI-decoded, into sys.argv ([""] without
        # one; the shell class reads sys.argv[0] as it is made) and its ?query into orig_argv ([""] here)
        fragment = urllib.parse.urlsplit(self.job["page_url"]).fragment
        sys.argv[:] = [urllib.parse.unquote(part) for part in fragment.split("%20")] if fragment else [""]
        exec(shell_source, shell_ns)
        shell = shell_ns["shell"]
        platform.shell = shell
        builtins.LOCK = False  # type: ignore[attr-defined]  (cpythonrc's import_site lock)
        config = types.SimpleNamespace(interactive=0, orig_argv=[""], user_site_directory=0, imports_ready=False,
                                       executable="cpython312/main.js")
        shell_ns["PyConfig"] = config
        for name, value in (("shell", shell), ("PyConfig", config), ("TopLevel_async_handler", handler),
                            ("window", self.window)):
            setattr(builtins, name, value)

        # import_site, as pythons.js calls it
        site_ns: dict[str, Any] = dict(shell_ns)
        site_ns.update({"shell": shell, "asyncio": asyncio, "platform": platform})
        exec(cut(rc, "import_site"), site_ns)
        return site_ns

    # -- tasks ---------------------------------------------------------------------------------
    def spawn(self, label: str, coro: Any) -> asyncio.Task:
        task = self.loop.create_task(coro)
        self.tasks[label] = task
        return task

    def aio_run(self, coro: Any, *, debug: bool = False) -> None:
        """pygbag's aio.run in the browser: schedule, return at once."""
        self.spawn(getattr(coro, "__name__", "coroutine"), coro)

    # -- the whole boot ------------------------------------------------------------------------
    async def boot(self, player: Callable[["Browser"], Any] | None, max_frames: int) -> None:
        site_ns = self.build_runtime()
        # pythons.js: the loader (the script element's text) becomes __main__.py, run by import_site
        loader = self.page.loader
        if loader.count(DATA_DATA) < 1:
            raise StandInError(f"the loader does not name {DATA_DATA}")
        loader = loader.replace(DATA_DATA, str(self.data_root) + "/")
        assets = self.data_root / "org.python" / "assets"
        assets.mkdir(parents=True, exist_ok=True)
        main_file = assets / "__main__.py"
        main_file.write_text(loader, encoding="utf-8")
        asyncio.run = self.aio_run  # type: ignore[assignment]
        original_runpy = site_ns["shell"].runpy.__func__

        async def runpy(cls: Any, main: Any, *args: Any, **kw: Any) -> Any:
            label = "loader" if Path(str(main)) == main_file else "main.py"
            self.events.append(label)
            return await original_runpy(cls, main, *args, **kw)

        site_ns["shell"].runpy = classmethod(runpy)
        self.spawn("import_site", site_ns["import_site"](str(main_file)))
        engage_at = self.job.get("engage_at_frame")
        while self.loop.frames < max_frames:
            if engage_at is not None and self.loop.frames >= engage_at:
                self.window.MM.UME = True  # a tap on the page (our page's pbm_engaged)
            if player is not None and await player(self):
                break
            if self.finished():
                break
            await asyncio.sleep(0)

    def finished(self) -> bool:
        loader = self.tasks.get("custom_site")
        return loader is not None and loader.done() and "main.py" not in self.events

    # -- the report ----------------------------------------------------------------------------
    def report(self) -> dict[str, Any]:
        tasks = {}
        for label, task in self.tasks.items():
            if not task.done():
                tasks[label] = "running"
            elif task.cancelled():
                tasks[label] = "cancelled"
            elif task.exception() is not None:
                error = task.exception()
                tasks[label] = f"failed: {type(error).__name__}: {error}"
                self.errors.append(f"{label}: " + "".join(traceback.format_exception(error))[-2000:])
            else:
                tasks[label] = "done"
        assets = self.data_root / self.job.get("bundle", "pbmgames") / "assets"
        game_modules = {name: getattr(module, "__file__", None) for name, module in sys.modules.items()
                        if name == "game" or name.startswith("game.")}
        return {
            "frames": self.loop.frames,
            "calls": self.calls,
            "events": self.events,
            "main_ran": self.main_ran,
            "installed": self.installed,
            "requests": self.network.requests,
            "tasks": tasks,
            "errors": self.errors,
            "game_modules": game_modules,
            "assets": str(assets),
            "unpacked": sorted(p.relative_to(assets).as_posix() for p in assets.rglob("*.py")) if assets.is_dir() else [],
            "local_storage": dict(self.window.localStorage.items),
            "player": getattr(self, "player_log", []),
        }


# ------------------------------------------------------------------------------ the player
def find_app(browser: Browser) -> Any:
    module = sys.modules.get("game.app.main")
    if module is None:
        return None
    # the app freezes what each frame keeps (game.ai.frames), and gc.get_objects lists no frozen object:
    # everything is put back to be listed, and frozen again as the app's frame would
    gc.unfreeze()
    try:
        return next((obj for obj in gc.get_objects() if isinstance(obj, module.App)), None)
    finally:
        gc.freeze()


def tap_events(app: Any, pos: tuple[float, float]) -> None:
    """A finger tap as SDL delivers it in a browser: FINGERDOWN/UP plus mouse copies marked touch."""
    import pygame

    w, h = app.size
    common = dict(x=(pos[0] + 0.5) / w, y=(pos[1] + 0.5) / h, dx=0.0, dy=0.0, touch_id=1, finger_id=0,
                  pressure=1.0)
    ipos = (int(pos[0]), int(pos[1]))
    pygame.event.post(pygame.event.Event(pygame.FINGERDOWN, **common))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=ipos, button=1, touch=True))
    pygame.event.post(pygame.event.Event(pygame.FINGERUP, **common))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=ipos, button=1, touch=True))


def star_player(frames_after: int) -> Callable[[Browser], Any]:
    """A player who, once the app shows, taps Play on Star, then Start, then a legal cell (again if the
    board asks for a second tap, once the first has been played: two quick taps would be a double tap,
    which zooms), and lets the app run `frames_after` more frames."""
    state: dict[str, Any] = {"step": "wait", "until": 0, "tries": 0}

    async def play(browser: Browser) -> bool:
        log = browser.__dict__.setdefault("player_log", [])
        frames = browser.loop.frames
        if frames < state["until"]:
            return False
        app = find_app(browser)
        if app is None or not app.stack:
            return False
        top = app.top
        kind = type(top).__name__
        state["until"] = frames + 5  # let a few frames pass between taps
        if state["step"] == "wait":
            log.append(f"app up at frame {frames}: {kind} {app.size[0]}x{app.size[1]}, browser={app.browser}")
            tap_events(app, top.button("play-star").rect.center)
            state["step"] = "menu"
        elif state["step"] == "menu":
            log.append(f"after Play: {kind}")
            tap_events(app, top.button("start").rect.center)
            state["step"] = "newgame"
        elif state["step"] == "newgame":
            log.append(f"after Start: {kind}")
            state["scene"] = top
            state["moves"] = len(top.history.moves)
            state["step"] = "board"
        elif state["step"] == "board":
            scene = state["scene"]
            if len(scene.history.moves) > state["moves"]:
                log.append(f"moved: {scene.history.notation()[-1]} after {state['tries']} taps")
                state["step"] = "played"
                state["end"] = frames + frames_after
                return False
            if state["tries"] >= 4:
                log.append("the board took no move after 4 taps")
                return True
            legal = sorted(scene.legal_cells)
            tap_events(app, scene.layout_board.centers[legal[len(legal) // 2]])
            state["tries"] += 1
        elif state["step"] == "played":
            if frames >= state["end"]:
                log.append(f"app frames: {app.frames}")
                return True
        return False

    return play


# ------------------------------------------------------------------------------ entry point
def run_job(job: dict[str, Any]) -> dict[str, Any]:
    """Boot the page described by `job` and return the report. Job keys: page (index.html), site (its
    folder), page_url, data_root, repo; optional: reachable (CDN roots), slow_frames {file: frames},
    endless [file], ume (MM.UME at the start), engage_at_frame (a tap then sets MM.UME), window [w, h],
    max_frames, play (frames to run after the player's first move)."""
    isolate_from_the_repository(Path(job["repo"]))
    browser = Browser(job)
    sys.meta_path.insert(0, browser.blocker)
    player = star_player(int(job["play"])) if job.get("play") is not None else None
    try:
        browser.loop.run_until_complete(browser.boot(player, int(job.get("max_frames", 3000))))
    except StandInError as error:
        browser.errors.append(f"stand-in: {error}")
    return browser.report()


def main(argv: list[str]) -> int:
    job = json.loads(Path(argv[0]).read_text(encoding="utf-8"))
    report = run_job(job)
    Path(job["report"]).write_text(json.dumps(report, indent=1, default=str), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
