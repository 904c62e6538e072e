"""Build the browser version with pygbag: ``python build/build_web.py``.

Steps, all offline:

1. stage ``build/stage/pbmgames/``: ``main.py`` (a copy of ``web/main.py``) and the
   ``game/`` package's ``.py`` files and ``assets/`` files only (no tests, caches,
   ``__pycache__``, dotfiles, ``py.typed``, build scripts);
2. run pygbag (the pinned 0.9.3, from this Python) on the staged copy with our
   template and icon, ``--build --archive --ume_block 0 --no_opt``, under a timeout,
   with a clean environment, with ``black`` made unimportable (pygbag would run it
   over the sources) and with sockets disabled, so it cannot reach the network;
3. copy what the page needs to ``build/web/`` (``index.html``, ``favicon.png``,
   ``pbmgames.apk``) and zip that folder into ``build/web.zip`` for itch.io
   (``index.html`` at the root).

pygbag also writes ``pbmgames.tar.gz`` (the same files as the apk); our page only
downloads the apk, so it is left in the stage. Serve the result with
``python -m http.server --directory build/web``. Exit status 0 when done, 1 with a
message when something fails, 2 for a bad command line.

``--cdn URL`` builds a page that loads pygbag's runtime from a mirror instead of the
public CDN (``https://pygame-web.github.io/cdn/0.9.3/``). A mirror keeps the CDN's
layout: ``URL`` is the mirror's ``0.9.3/`` folder, and the package index and wheels sit
beside it (``URL/../index-0.9.3-cp312.json``, ``URL/../cp312/...``); the README lists
the files.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
APP_NAME = "pbmgames"  # the staged folder's name, hence the apk's: <APP_NAME>.apk
TITLE = "Savoy, Savoya, Star, know and Truchet"
PYGBAG_VERSION = "0.9.3"
PUBLIC_CDN = f"https://pygame-web.github.io/cdn/{PYGBAG_VERSION}/"
TIMEOUT = 120  # seconds for the pygbag run

GAME_DIR = ROOT / "game"
WEB_DIR = ROOT / "web"
ENTRY = WEB_DIR / "main.py"
TEMPLATE = WEB_DIR / "template.tmpl"
ICON = WEB_DIR / "favicon.png"
BUILD = ROOT / "build"
STAGE = BUILD / "stage"
APP_DIR = STAGE / APP_NAME
OUT_DIR = BUILD / "web"
OUT_ZIP = BUILD / "web.zip"

# What the page needs, copied from pygbag's output to build/web and into web.zip.
PAGE_FILES = ("index.html", "favicon.png", f"{APP_NAME}.apk")

# Never staged: folders by name, at any depth.
SKIP_DIRS = {"__pycache__", "tests", "test", "build", "dist", "static", "node_modules"}
# Audio formats that pygbag refuses (the browser build wants .ogg).
REFUSED_AUDIO = {".mp3", ".wav", ".aiff"}
# Extensions pygbag silently leaves out of the apk: refuse them rather than lose them.
PYGBAG_SKIPS = {".lnk", ".pyc", ".pyx", ".pyd", ".pyi", ".exe", ".bak", ".log", ".blend", ".blend1"}

# Run in the child Python before pygbag: no black (pygbag runs it over the app
# folder when it can import it), no sockets (pygbag would try the CDN for a missing
# template or icon, retrying forever), then pygbag's own command line entry.
_BOOTSTRAP = """
import socket, sys
sys.modules["black"] = None
def _offline(*args, **kwargs):
    raise OSError("network access is disabled during the web build")
socket.socket.connect = socket.socket.connect_ex = _offline
socket.create_connection = socket.getaddrinfo = _offline
sys.argv = ["pygbag"] + sys.argv[1:]
from pygbag.app import main
sys.exit(main())
"""


class BuildError(Exception):
    """A build step failed; the message says which and why."""


def staged_sources(game_dir: Path = GAME_DIR) -> list[Path]:
    """The files of ``game_dir`` that go into the app, relative to its parent.

    Every ``.py`` file and every file under an ``assets`` folder, skipping dotfiles,
    dot folders, caches and test folders.
    """
    chosen: list[Path] = []
    for folder, dirnames, filenames in os.walk(game_dir):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith(".") and d not in SKIP_DIRS)
        here = Path(folder)
        in_assets = "assets" in here.relative_to(game_dir.parent).parts
        for name in sorted(filenames):
            path = here / name
            if name.startswith(".") or path.is_symlink() or not path.is_file():
                continue
            if path.suffix == ".py" or in_assets:
                chosen.append(path.relative_to(game_dir.parent))
    return chosen


def check_sources(files: list[Path]) -> None:
    """Refuse files that pygbag would reject or silently drop."""
    for rel in files:
        suffix = rel.suffix.lower()
        if suffix in REFUSED_AUDIO:
            raise BuildError(f"{rel}: {suffix} audio does not work in the browser build; convert it to .ogg")
        if suffix in PYGBAG_SKIPS:
            raise BuildError(f"{rel}: pygbag leaves {suffix} files out of the apk; rename or remove it")
        if " " in rel.as_posix():
            raise BuildError(f"{rel}: a file name with a space cannot be packed; rename it")


def stage() -> list[Path]:
    """Make ``build/stage/pbmgames`` from scratch; return the staged files (relative)."""
    for needed in (ENTRY, TEMPLATE, ICON):
        if not needed.is_file():
            raise BuildError(f"missing {_show(needed)}")
    if not (GAME_DIR / "__init__.py").is_file():
        raise BuildError(f"missing {_show(GAME_DIR / '__init__.py')}: the game package is not there")
    files = staged_sources()
    check_sources(files)
    if STAGE.exists():
        shutil.rmtree(STAGE)
    APP_DIR.mkdir(parents=True)
    shutil.copyfile(ENTRY, APP_DIR / "main.py")
    for rel in files:
        target = APP_DIR / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(GAME_DIR.parent / rel, target)
    return [Path("main.py"), *files]


def clean_environment(home: Path) -> dict[str, str]:
    """A minimal environment: no proxy, an empty home, only the system's tools on PATH.

    The child Python also runs with ``-I -B`` (isolated: no PYTHON* variables, no user
    site, no current folder on sys.path; no bytecode written).
    """
    return {
        "PATH": "/usr/bin:/bin",
        "HOME": str(home),
        "LANG": "C.UTF-8",
        "LC_ALL": "C.UTF-8",
        "NO_PROXY": "*",
        "no_proxy": "*",
    }


def pygbag_version() -> str:
    try:
        from importlib.metadata import PackageNotFoundError, version
    except ImportError:  # pragma: no cover - Python < 3.8
        return "unknown"
    try:
        return version("pygbag")
    except PackageNotFoundError:
        raise BuildError(
            f"pygbag is not installed for {sys.executable}; install pygbag=={PYGBAG_VERSION} "
            "(bash build/setup.sh does)"
        ) from None


def check_cdn(url: str) -> str:
    """The runtime's address as given to ``--cdn``; BuildError when pygbag could not use it."""
    if not url.endswith("/"):
        raise BuildError(f"--cdn {url!r}: the address must end with '/' (pygbag appends file names to it)")
    if any(ch.isspace() or ch in "\"'<>" for ch in url):
        raise BuildError(f"--cdn {url!r}: the address cannot hold spaces, quotes or angle brackets")
    if not url.startswith(("https://", "http://", "/")) or url.startswith("//"):
        raise BuildError(f"--cdn {url!r}: give an http(s) address (https://example.org/pygbag/0.9.3/) or a path "
                         "on the same host starting with / (/pygbag/0.9.3/)")
    return url


def run_pygbag(cdn: str = PUBLIC_CDN) -> str:
    """Run pygbag on the staged app; return its output. Raise BuildError on failure."""
    found = pygbag_version()
    if found != PYGBAG_VERSION:
        raise BuildError(f"pygbag {found} is installed but the template is made for pygbag {PYGBAG_VERSION}")
    args = [
        "--build",
        "--archive",
        "--no_opt",
        "--ume_block", "0",
        "--title", TITLE,
        "--template", str(TEMPLATE),
        "--icon", str(ICON),
        "--cdn", cdn,
        APP_NAME,
    ]
    with tempfile.TemporaryDirectory(prefix="pygbag-home-") as home:
        try:
            done = subprocess.run(
                [sys.executable, "-I", "-B", "-c", _BOOTSTRAP, *args],
                cwd=STAGE,  # pygbag reads pygbag.ini from here: there is none
                env=clean_environment(Path(home)),
                stdin=subprocess.DEVNULL,
                capture_output=True,
                text=True,
                encoding="utf-8",
                errors="replace",
                timeout=TIMEOUT,
            )
        except subprocess.TimeoutExpired as exc:
            output = _text(exc.stdout) + _text(exc.stderr)
            raise BuildError(f"pygbag did not finish within {TIMEOUT} s\n{_tail(output)}") from None
    output = done.stdout + done.stderr
    if done.returncode != 0:
        raise BuildError(f"pygbag failed with exit status {done.returncode}\n{_tail(output)}")
    return output


def _show(path: Path) -> str:
    """``path`` relative to the repository when it is inside it."""
    try:
        return path.relative_to(ROOT).as_posix()
    except ValueError:
        return str(path)


def _text(data: str | bytes | None) -> str:
    if data is None:
        return ""
    return data.decode("utf-8", "replace") if isinstance(data, bytes) else data


def _tail(output: str, lines: int = 30) -> str:
    return "\n".join("    " + line for line in output.strip().splitlines()[-lines:])


def collect(output: str) -> list[Path]:
    """Copy the page's files to build/web and zip them; return the files made."""
    made = APP_DIR / "build" / "web"
    missing = [name for name in PAGE_FILES if not (made / name).is_file()]
    if missing:
        raise BuildError(f"pygbag did not produce {', '.join(missing)} in {_show(made)}\n{_tail(output)}")
    index = (made / "index.html").read_text(encoding="utf-8")
    if "{{cookiecutter." in index:
        raise BuildError("index.html still holds {{cookiecutter.*}} keys that pygbag does not fill in")
    if OUT_DIR.exists():
        shutil.rmtree(OUT_DIR)
    OUT_DIR.mkdir(parents=True)
    for name in PAGE_FILES:
        shutil.copyfile(made / name, OUT_DIR / name)
    OUT_ZIP.unlink(missing_ok=True)
    with zipfile.ZipFile(OUT_ZIP, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name in PAGE_FILES:
            archive.write(OUT_DIR / name, name)
    return [OUT_DIR / name for name in PAGE_FILES] + [OUT_ZIP]


def build(cdn: str = PUBLIC_CDN) -> list[Path]:
    """The whole build; return the files made."""
    check_cdn(cdn)
    stage()
    output = run_pygbag(cdn)
    return collect(output)


def _size(n: int) -> str:
    return f"{n / 1024:.1f} KiB" if n >= 1024 else f"{n} B"


USAGE = "usage: python build/build_web.py [--cdn URL]   (builds build/web and build/web.zip)"
HELP = f"""{USAGE}

Stages web/main.py and the game package, runs pygbag {PYGBAG_VERSION} with web/template.tmpl and
web/favicon.png, and leaves build/web/ (index.html, favicon.png, pbmgames.apk) and build/web.zip.

  --cdn URL   load pygbag's runtime from a mirror of {PUBLIC_CDN}
              (an http(s) address, or a path on the same host starting with /, ending in /)
  -h, --help  show this help"""


def parse_args(args: list[str]) -> str:
    """The runtime address from the command line (the public CDN by default); ValueError when malformed."""
    cdn = PUBLIC_CDN
    rest = list(args)
    while rest:
        arg = rest.pop(0)
        if arg == "--cdn" and rest:
            cdn = rest.pop(0)
        elif arg.startswith("--cdn="):
            cdn = arg.split("=", 1)[1]
        else:
            raise ValueError(f"unexpected argument {arg!r}")
    return cdn


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if "-h" in args or "--help" in args:
        print(HELP)
        return 0
    try:
        cdn = parse_args(args)
    except ValueError as exc:
        print(f"build_web: {exc}\n{USAGE}", file=sys.stderr)
        return 2
    start = time.perf_counter()
    try:
        made = build(cdn)
    except BuildError as exc:
        print(f"build_web: {exc}", file=sys.stderr)
        return 1
    elapsed = time.perf_counter() - start
    apk = OUT_DIR / f"{APP_NAME}.apk"
    with zipfile.ZipFile(apk) as archive:
        count = len(archive.namelist())
    print(f"build_web: pygbag {PYGBAG_VERSION}, app '{APP_NAME}', title '{TITLE}', {elapsed:.2f} s")
    print(f"  the page loads pygbag's runtime from {cdn}")
    if cdn != PUBLIC_CDN and not cdn.endswith(f"/{PYGBAG_VERSION}/"):
        print(f"  note: {cdn} does not end in /{PYGBAG_VERSION}/, so pygame-ce still comes from the public "
              "package index (see the README's 'Hosting the runtime yourself')")
    for path in made:
        print(f"  {_show(path)}  {_size(path.stat().st_size)}")
    print(f"  the apk holds {count} files ({_size(apk.stat().st_size)})")
    print(f"serve it: python -m http.server --directory {_show(OUT_DIR)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
