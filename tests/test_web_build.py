"""The browser build: build/build_web.py, web/template.tmpl, web/favicon.png, index.html.

The build runs once for the module (about 0.2 s, offline). The expected contents of
the apk are computed here from the source tree, so adding a module or an asset to
``game/`` needs no change in this file.
"""

from __future__ import annotations

import ast
import hashlib
import importlib.util
import os
import re
import subprocess
import sys
import zipfile
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

import pytest
from script_loader import load_script

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "game"
WEB = ROOT / "web"
BUILD_SCRIPT = ROOT / "build" / "build_web.py"
OUT = ROOT / "build" / "web"
OUT_ZIP = ROOT / "build" / "web.zip"

# Every key pygbag 0.9.3 substitutes in a template (pygbag/app.py, the CC dict).
PYGBAG_KEYS = {
    "cdn", "proxy", "xtermjs", "width", "height", "ume_block", "can_close", "archive", "autorun",
    "authors", "icon", "title", "directory", "spdx", "version", "PYBUILD", "COLUMNS", "LINES",
    "CONSOLE", "INI",
}
VOID_TAGS = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


bw = load_script(BUILD_SCRIPT)


def expected_app_files() -> set[str]:
    """What the apk must hold, from the tree: main.py, game/**.py, game/**/assets/**."""
    found = {"assets/main.py"}
    for folder, dirnames, filenames in os.walk(GAME):
        dirnames[:] = [d for d in dirnames if not d.startswith(".") and d not in ("__pycache__", "tests")]
        rel_folder = Path(folder).relative_to(ROOT)
        for name in filenames:
            if name.startswith("."):
                continue
            if name.endswith(".py") or "assets" in rel_folder.parts:
                found.add(f"assets/{(rel_folder / name).as_posix()}")
    return found


def source_digest() -> dict[str, str]:
    """sha256 of every file under game/ and web/ (caches excluded), by relative path."""
    digests = {}
    for top in (GAME, WEB):
        for path in sorted(top.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                digests[path.relative_to(ROOT).as_posix()] = hashlib.sha256(path.read_bytes()).hexdigest()
    return digests


@dataclass
class Built:
    returncode: int
    output: str
    before: dict[str, str]
    after: dict[str, str]


@pytest.fixture(scope="module")
def built() -> Built:
    if importlib.util.find_spec("pygbag") is None:
        pytest.skip("pygbag is not installed (bash build/setup.sh installs it)")
    before = source_digest()
    done = subprocess.run(
        [sys.executable, str(BUILD_SCRIPT)], cwd=ROOT, capture_output=True, text=True, timeout=180
    )
    after = source_digest()
    return Built(done.returncode, done.stdout + done.stderr, before, after)


@pytest.fixture(scope="module")
def page(built: Built) -> str:
    assert built.returncode == 0, built.output
    return (OUT / "index.html").read_text(encoding="utf-8")


def loader_source(page_text: str) -> str:
    """The Python that pythons.js runs: the text of the first script element."""
    match = re.search(r"<script [^>]*pythons\.js[^>]*>(.*?)</script>", page_text, re.S)
    assert match, "no pythons.js script element"
    return match.group(1)


class TagChecker(HTMLParser):
    """Records ids, elements and tag-balance errors of an HTML document."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.errors: list[str] = []
        self.ids: dict[str, tuple[str, dict[str, str | None]]] = {}
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.doctype = False

    def handle_decl(self, decl: str) -> None:
        self.doctype = self.doctype or decl.lower() == "doctype html"

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        self.tags.append((tag, attributes))
        if attributes.get("id"):
            self.ids[str(attributes["id"])] = (tag, attributes)
        if tag not in VOID_TAGS:
            self.stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID_TAGS:
            return
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> closes {self.stack[-1] if self.stack else 'nothing'}")
            if tag in self.stack:
                while self.stack.pop() != tag:
                    pass
            return
        self.stack.pop()


def check_html(text: str) -> TagChecker:
    checker = TagChecker()
    checker.feed(text)
    checker.close()
    assert not checker.errors, checker.errors
    assert not checker.stack, f"unclosed: {checker.stack}"
    return checker


# ---------------------------------------------------------------- the build run


def test_build_succeeds_and_reports_what_it_made(built: Built) -> None:
    assert built.returncode == 0, built.output
    assert f"build/web/{bw.APP_NAME}.apk" in built.output
    assert "build/web.zip" in built.output
    assert re.search(r"the apk holds \d+ files \([\d.]+ (KiB|B)\)", built.output), built.output


def test_build_does_not_modify_sources(built: Built) -> None:
    assert built.returncode == 0, built.output
    paths = built.before.keys() | built.after.keys()
    changed = {path for path in paths if built.before.get(path) != built.after.get(path)}
    assert not changed, f"the build changed {sorted(changed)}"


def test_apk_holds_exactly_main_and_the_game_package(built: Built) -> None:
    assert built.returncode == 0, built.output
    with zipfile.ZipFile(OUT / f"{bw.APP_NAME}.apk") as apk:
        names = set(apk.namelist())
    expected = expected_app_files()
    assert names == expected, f"extra: {sorted(names - expected)}, missing: {sorted(expected - names)}"
    assert "assets/game/rules/star.py" in names and "assets/game/__init__.py" in names


def test_apk_leaves_out_tests_caches_dotfiles_and_project_files(built: Built) -> None:
    assert built.returncode == 0, built.output
    with zipfile.ZipFile(OUT / f"{bw.APP_NAME}.apk") as apk:
        names = apk.namelist()
    for name in names:
        parts = name.split("/")
        assert parts[0] == "assets", name
        assert not any(part.startswith(".") for part in parts), name
        assert not {"tests", "__pycache__", "build", "web", "node_modules"} & set(parts[:-1]), name
        assert not name.endswith((".pyc", ".pyo", ".toml", ".sh", ".tmpl", ".md", ".cfg", ".ini", "py.typed")), name
        assert parts[1] in ("main.py", "game"), name
    assert not any(name.endswith(("build_web.py", "make_icon.py", "setup.py", "conftest.py")) for name in names)


def test_apk_files_are_byte_identical_to_the_sources(built: Built) -> None:
    # pygbag runs black over the app folder when it can: it must not have run
    assert built.returncode == 0, built.output
    with zipfile.ZipFile(OUT / f"{bw.APP_NAME}.apk") as apk:
        assert apk.read("assets/main.py") == (WEB / "main.py").read_bytes()
        for name in apk.namelist():
            if name.startswith("assets/game/"):
                assert apk.read(name) == (ROOT / name.removeprefix("assets/")).read_bytes(), name
        assert apk.testzip() is None


def test_web_folder_holds_the_page_files(built: Built) -> None:
    assert built.returncode == 0, built.output
    assert sorted(p.name for p in OUT.iterdir()) == sorted(["index.html", "favicon.png", f"{bw.APP_NAME}.apk"])
    assert (OUT / "favicon.png").read_bytes() == (WEB / "favicon.png").read_bytes()


def test_itch_zip_has_the_page_at_its_root_and_nothing_else(built: Built) -> None:
    assert built.returncode == 0, built.output
    with zipfile.ZipFile(OUT_ZIP) as archive:
        assert archive.testzip() is None
        names = archive.namelist()
        assert sorted(names) == sorted(["index.html", "favicon.png", f"{bw.APP_NAME}.apk"])
        for name in names:
            assert archive.read(name) == (OUT / name).read_bytes(), name


def test_stage_holds_only_the_app(built: Built) -> None:
    assert built.returncode == 0, built.output
    staged = set()
    for path in bw.APP_DIR.rglob("*"):
        rel = path.relative_to(bw.APP_DIR)
        if path.is_file() and rel.parts[0] != "build":  # build/ is pygbag's output
            staged.add(f"assets/{rel.as_posix()}")
    assert staged == expected_app_files()


# ---------------------------------------------------------------- the page


def test_page_has_every_template_key_filled_in(page: str) -> None:
    assert "{{cookiecutter." not in page
    assert "{%" not in page and "{{" not in page


def test_page_names_the_apk_and_our_title(page: str) -> None:
    assert f'archive : "{bw.APP_NAME}"' in page
    assert f'BUNDLE = "{bw.APP_NAME}"' in page
    assert f"<title>{bw.TITLE}</title>" in page
    assert f"<h1>{bw.TITLE}</h1>" in page
    assert "ume_block : 0," in page


def test_page_loads_pythons_js_from_the_cdn_variable(page: str) -> None:
    cdn = re.search(r'cdn : "([^"]+)"', page)
    assert cdn, "no cdn in the config object"
    assert cdn.group(1).startswith("https://") and cdn.group(1).endswith("/")
    checker = check_html(page)
    first_script = next(attrs for tag, attrs in checker.tags if tag == "script")
    assert first_script["src"] == f"{cdn.group(1)}pythons.js"
    assert first_script["type"] == "module" and first_script["id"] == "site"
    assert first_script["data-python"] == "python3.12"
    assert f'src="{cdn.group(1)}browserfs.min.js"' in page


def test_page_is_mobile_ready(page: str) -> None:
    checker = check_html(page)
    viewport = [attrs for tag, attrs in checker.tags if tag == "meta" and attrs.get("name") == "viewport"]
    assert len(viewport) == 1
    content = str(viewport[0]["content"]).replace(" ", "")
    assert "width=device-width" in content and "user-scalable=no" in content and "maximum-scale=1" in content
    body_rule = re.search(r"html, body \{(.*?)\}", page, re.S)
    assert body_rule and "touch-action: none" in body_rule.group(1) and "overflow: hidden" in body_rule.group(1)
    canvas_rule = re.search(r"canvas\.emscripten \{(.*?)\}", page, re.S)
    assert canvas_rule, "no canvas rule"
    assert "border: 0 none" in canvas_rule.group(1) and "padding: 0" in canvas_rule.group(1)
    assert "margin: auto" in canvas_rule.group(1)


def test_page_has_the_elements_pythons_js_uses(page: str) -> None:
    checker = check_html(page)
    assert checker.doctype
    assert checker.ids["canvas"][0] == "canvas" and checker.ids["canvas"][1]["class"] == "emscripten"
    assert checker.ids["transfer"][0] == "div"
    assert checker.ids["status"][0] == "div" and checker.ids["progress"][0] == "progress"
    assert "html" in checker.ids and "terminal" in checker.ids
    assert ("link", {"rel": "icon", "type": "image/png", "href": "favicon.png"}) in checker.tags
    for hook in ("function custom_onload(", "function pbm_progress(", "function pbm_prompt(", "function pbm_started(",
                 "function pbm_slow(", "function pbm_failed("):
        assert hook in page, hook


def test_loader_is_python_that_pythons_js_can_run(page: str) -> None:
    """The loader's shape only; tests/test_web_loader.py runs it against the 0.9.3 runtime stand-in."""
    source = loader_source(page)
    assert source.startswith("#<!--") and source.rstrip().endswith("# -->")
    tree = ast.parse(source)
    functions = {node.name for node in tree.body if isinstance(node, ast.AsyncFunctionDef)}
    assert "custom_site" in functions  # the name pygbag's aio.run special-cases
    last = tree.body[-1]
    assert isinstance(last, ast.Expr) and ast.unparse(last) == "asyncio.run(custom_site())"
    assert "</script" not in source.lower() and "<script" not in source.lower()


def test_template_uses_only_keys_pygbag_fills_in() -> None:
    template = (WEB / "template.tmpl").read_text(encoding="utf-8")
    keys = set(re.findall(r"\{\{cookiecutter\.(\w+)\}\}", template))
    assert keys <= PYGBAG_KEYS, keys - PYGBAG_KEYS
    assert {"cdn", "PYBUILD", "archive", "title", "ume_block"} <= keys
    assert "{%" not in template  # pygbag does plain replacement, no Jinja


# ---------------------------------------------------------------- web/main.py and the icon


def test_icon_is_what_make_icon_draws() -> None:
    pygame = pytest.importorskip("pygame")
    make_icon = load_script(WEB / "make_icon.py")
    drawn = make_icon.draw()
    saved = pygame.image.load(str(WEB / "favicon.png"))
    assert saved.get_size() == drawn.get_size() == (make_icon.SIZE, make_icon.SIZE)
    # smoothscale has SIMD variants per CPU: allow a rounding difference
    saved_bytes = pygame.image.tobytes(saved, "RGBA")
    drawn_bytes = pygame.image.tobytes(drawn, "RGBA")
    assert max(abs(a - b) for a, b in zip(saved_bytes, drawn_bytes)) <= 2


# ---------------------------------------------------------------- build_web.py pieces


def test_staged_sources_picks_py_files_and_assets_only(tmp_path: Path) -> None:
    game = tmp_path / "game"
    for rel in ("__init__.py", "rules/__init__.py", "rules/x.py", "assets/font.ttf", "assets/img/board.png",
                "app/assets/click.ogg", "py.typed", "notes.txt", "tests/test_x.py", "rules/tests/test_y.py",
                "__pycache__/x.cpython-311.pyc", ".hidden.py", ".cache/z.py", "assets/.DS_Store"):
        path = game / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("x")
    chosen = sorted(p.as_posix() for p in bw.staged_sources(game))
    assert chosen == [
        "game/__init__.py", "game/app/assets/click.ogg", "game/assets/font.ttf", "game/assets/img/board.png",
        "game/rules/__init__.py", "game/rules/x.py",
    ]


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("game/assets/move.wav", ".wav audio"),
        ("game/assets/theme.mp3", "convert it to .ogg"),
        ("game/assets/old.bak", "leaves .bak files out"),
        ("game/assets/my board.png", "space"),
    ],
)
def test_check_sources_refuses_what_pygbag_cannot_pack(name: str, words: str) -> None:
    with pytest.raises(bw.BuildError, match=re.escape(words)):
        bw.check_sources([Path(name)])


@pytest.mark.parametrize(("args", "cdn"), [
    ([], "https://pygame-web.github.io/cdn/0.9.3/"),
    (["--cdn", "https://games.example.org/pygbag/0.9.3/"], "https://games.example.org/pygbag/0.9.3/"),
    (["--cdn=/runtime/0.9.3/"], "/runtime/0.9.3/"),
])
def test_cdn_argument(args: list[str], cdn: str) -> None:
    assert bw.parse_args(args) == cdn
    assert bw.check_cdn(cdn) == cdn


@pytest.mark.parametrize(("args", "words"), [(["--cdn"], "unexpected argument '--cdn'"), (["--x"], "unexpected")])
def test_bad_arguments_get_the_usage(args: list[str], words: str, capsys) -> None:
    assert bw.main(args) == 2
    err = capsys.readouterr().err
    assert words in err and "usage: python build/build_web.py [--cdn URL]" in err


@pytest.mark.parametrize(("url", "words"), [
    ("https://example.org/0.9.3", "must end with '/'"),
    ("ftp://example.org/0.9.3/", "give an http(s) address"),
    ("example.org/x/", "give an http(s) address"),  # no scheme: read as a path, it would load nothing
    ("//example.org/x/", "give an http(s) address"),
    ('https://example.org/"x/', "cannot hold spaces"),
])
def test_bad_cdn_is_refused_before_building(url: str, words: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                            capsys) -> None:
    monkeypatch.setattr(bw, "STAGE", tmp_path / "stage")
    assert bw.main(["--cdn", url]) == 1
    assert words in capsys.readouterr().err
    assert not (tmp_path / "stage").exists()


def test_missing_template_is_a_clear_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    monkeypatch.setattr(bw, "TEMPLATE", tmp_path / "nowhere.tmpl")
    monkeypatch.setattr(bw, "STAGE", tmp_path / "stage")
    assert bw.main([]) == 1
    err = capsys.readouterr().err
    assert err.startswith("build_web: missing ") and "nowhere.tmpl" in err
    assert not (tmp_path / "stage").exists()  # nothing staged before the inputs are checked


def test_failing_pygbag_gives_its_status_and_output(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    if importlib.util.find_spec("pygbag") is None:
        pytest.skip("pygbag is not installed")
    monkeypatch.setattr(bw, "STAGE", tmp_path)
    monkeypatch.setattr(bw, "_BOOTSTRAP", "import sys\nprint('template trouble')\nsys.exit(3)\n")
    with pytest.raises(bw.BuildError, match=r"pygbag failed with exit status 3\n(.|\n)*template trouble"):
        bw.run_pygbag()


def test_pygbag_that_hangs_is_stopped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    if importlib.util.find_spec("pygbag") is None:
        pytest.skip("pygbag is not installed")
    monkeypatch.setattr(bw, "STAGE", tmp_path)
    monkeypatch.setattr(bw, "TIMEOUT", 1)
    monkeypatch.setattr(bw, "_BOOTSTRAP", "import time\nprint('retrying in 5 seconds', flush=True)\ntime.sleep(30)\n")
    with pytest.raises(bw.BuildError, match=r"did not finish within 1 s"):
        bw.run_pygbag()


def test_pygbag_child_cannot_reach_the_network_or_black(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # run the real bootstrap's guards, then report instead of starting pygbag
    if importlib.util.find_spec("pygbag") is None:
        pytest.skip("pygbag is not installed")
    guards = bw._BOOTSTRAP.split("sys.argv =")[0]
    probe = guards + (
        "import os\n"
        "try:\n    import black\nexcept ImportError:\n    print('no black')\n"
        "try:\n    socket.create_connection(('pygame-web.github.io', 443), timeout=2)\n"
        "except OSError as exc:\n    print('offline:', exc)\n"
        "print('PATH=' + os.environ['PATH'])\n"
        "raise SystemExit(5)\n"
    )
    monkeypatch.setattr(bw, "STAGE", tmp_path)
    monkeypatch.setattr(bw, "_BOOTSTRAP", probe)
    with pytest.raises(bw.BuildError) as caught:
        bw.run_pygbag()
    message = str(caught.value)
    assert "no black" in message
    assert "offline: network access is disabled during the web build" in message
    assert "PATH=/usr/bin:/bin" in message


# ---------------------------------------------------------------- the root index.html


def test_root_index_is_a_landing_page_pointing_at_build_web() -> None:
    text = (ROOT / "index.html").read_text(encoding="utf-8")
    checker = check_html(text)
    assert checker.doctype
    assert text.lstrip().lower().startswith("<!doctype html>")
    assert re.search(r"<title>[^<]+</title>", text)
    assert 'const GAME = "build/web/index.html"' in text and "fetch(GAME" in text
    assert "window.location.replace(GAME" in text
    assert any(tag == "a" and attrs.get("href") == "build/web/index.html" for tag, attrs in checker.tags)
    assert "python build/build_web.py" in text
    viewport = [attrs for tag, attrs in checker.tags if tag == "meta" and attrs.get("name") == "viewport"]
    assert viewport and "width=device-width" in str(viewport[0]["content"])
    assert "web/favicon.png" in text and (ROOT / "web" / "favicon.png").is_file()
