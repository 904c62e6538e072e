"""The built page really starts: its loader runs against a stand-in of the pygbag 0.9.3 runtime
(tests/pygbag_runtime.py, which runs pygbag's own import scan, shell and package code from the pinned
wheel), unpacks the apk, gets pygame-ce installed the way 0.9.3 installs it, and hands main.py to the
shell; the app then runs from the unpacked files, in browser mode, while a player taps through
menu -> new game -> a move.

Each boot runs in a subprocess (the stand-in replaces modules, the working folder and asyncio.run).
The page loader that shipped before issue 9 is kept in tests/data/ to show the stand-in catches it.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest
from script_loader import load_script

ROOT = Path(__file__).resolve().parent.parent
STANDIN = ROOT / "tests" / "pygbag_runtime.py"
BUILD_SCRIPT = ROOT / "build" / "build_web.py"
OLD_LOADER = ROOT / "tests" / "data" / "loader-before-issue-9.py"
PAGE_URL = "https://example.itch.zone/html/123/index.html"
PUBLIC_ROOT = "https://pygame-web.github.io/cdn/"
MIRROR = "https://mirror.example.org/pygbag/0.9.3/"

pytestmark = pytest.mark.skipif(importlib.util.find_spec("pygbag") is None or importlib.util.find_spec("pygame") is None,
                                reason="pygbag and pygame-ce are needed (bash build/setup.sh installs them)")


def _load_build_module(tmp: Path) -> Any:
    """build/build_web.py as a module whose output goes to `tmp` (the repository's build/ is left alone)."""
    module = load_script(BUILD_SCRIPT, f"build_web_{tmp.name}")
    module.BUILD = tmp
    module.STAGE = tmp / "stage"
    module.APP_DIR = module.STAGE / module.APP_NAME
    module.OUT_DIR = tmp / "web"
    module.OUT_ZIP = tmp / "web.zip"
    return module


def build_site(tmp: Path, cdn: str | None = None) -> Path:
    module = _load_build_module(tmp)
    module.build(cdn or module.PUBLIC_CDN)
    return module.OUT_DIR


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_site(tmp_path_factory.mktemp("page"))


def boot(tmp: Path, site: Path, **job: Any) -> dict[str, Any]:
    """Boot the page in `site` under the stand-in; the report (see pygbag_runtime.run_job)."""
    work = tmp / f"boot-{len(list(tmp.glob('boot-*')))}"
    (work / "data").mkdir(parents=True)
    spec = {"page": str(site / "index.html"), "site": str(site), "page_url": PAGE_URL,
            "data_root": str(work / "data"), "repo": str(ROOT), "report": str(work / "report.json"),
            "max_frames": 3000, **job}
    (work / "job.json").write_text(json.dumps(spec), encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run([sys.executable, str(STANDIN), str(work / "job.json")], cwd=work, env=env,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    report: dict[str, Any] = json.loads((work / "report.json").read_text(encoding="utf-8"))
    report["output"] = done.stdout + done.stderr
    return report


def page_calls(report: dict[str, Any], name: str) -> list[list[Any]]:
    return [call for call in report["calls"] if call[0] == name]


def copy_site(site: Path, into: Path) -> Path:
    target = into / "site"
    shutil.copytree(site, target)
    return target


# ------------------------------------------------------------------------------ it starts
def test_page_starts_the_app_and_a_player_makes_a_move(tmp_path: Path, site: Path) -> None:
    report = boot(tmp_path, site, play=300)
    assert report["errors"] == [], report["output"][-3000:]

    # the loader downloaded the apk next to the page and unpacked it into /data/data/pbmgames
    assert f"{PAGE_URL.rsplit('/', 1)[0]}/pbmgames.apk" in report["requests"]
    with zipfile.ZipFile(site / "pbmgames.apk") as apk:
        packed = sorted(name.removeprefix("assets/") for name in apk.namelist() if name.endswith(".py"))
    assert report["unpacked"] == packed

    # the shell ran the loader, then main.py, whose own imports got pygame-ce installed from the index
    assert report["events"] == ["loader", "main.py"] and report["main_ran"] == ["loader", "main.py"]
    assert len(report["installed"]) == 1
    wheel = report["installed"][0]
    assert wheel["modules"] == ["pygame"] and wheel["during"] == "main.py"
    assert re.fullmatch(re.escape(PUBLIC_ROOT) + r"cp312/pygame_ce-2\.5\.7\.dev1-cp\d+-cp\d+-\w+\.whl", wheel["url"])

    # every module of our package came from the unpacked files
    assert report["game_modules"], "main.py imported nothing of the game"
    for name, path in report["game_modules"].items():
        assert path and Path(path).is_relative_to(report["assets"]), (name, path)

    # the page was told, in order, and never of a failure
    names = [call[0] for call in report["calls"]]
    assert names[-1] == "pbm_started" and "pbm_failed" not in names and "pbm_slow" not in names

    # the app runs in browser mode; the player got through menu, new game and a move
    log = report["player"]
    assert log[0].startswith("app up at frame") and log[0].endswith("browser=True"), log
    assert log[1:3] == ["after Play: NewGameScene", "after Start: StarScene"], log
    assert log[3].startswith("moved: "), log
    frames = int(log[-1].removeprefix("app frames: "))
    assert frames >= 300
    assert report["tasks"] == {"import_site": "done", "custom_site": "done", "amain": "running"}

    # and the game in progress went to the page's localStorage, move and all
    saved = "\n".join(report["local_storage"].values())
    assert '[Game "star"]' in saved and "1. " + log[3].split()[1] in saved


def test_the_loader_before_issue_9_never_starts(tmp_path: Path, site: Path) -> None:
    """What the stand-in would have caught: MM.prepare(..., mount) never sets track.ready in 0.9.3."""
    page = (site / "index.html").read_text(encoding="utf-8")
    old = OLD_LOADER.read_text(encoding="utf-8")
    old = old.replace("{{cookiecutter.archive}}", "pbmgames").replace("{{cookiecutter.version}}", "0.9.3")
    match = re.search(r"(<script [^>]*pythons\.js[^>]*>)(.*?)(</script>)", page, re.S)
    assert match
    broken = copy_site(site, tmp_path)
    (broken / "index.html").write_text(page[:match.start(2)] + old + page[match.end(2):], encoding="utf-8")
    report = boot(tmp_path, broken, max_frames=1500)
    assert page_calls(report, "MM.prepare") == [["MM.prepare", "pbmgames.apk", "mount"]]
    assert "main.py" not in report["events"]
    assert report["tasks"]["custom_site"] == "running"  # still waiting for track.ready at the last frame
    assert not page_calls(report, "pbm_started")


def test_a_main_py_that_does_not_import_pygame_gets_no_pygame(tmp_path: Path, site: Path) -> None:
    """0.9.3 installs what main.py's own imports name: importing only our package leaves pygame out."""
    variant = copy_site(site, tmp_path)
    apk = variant / "pbmgames.apk"
    with zipfile.ZipFile(site / "pbmgames.apk") as source, zipfile.ZipFile(apk, "w") as target:
        for name in source.namelist():
            data = source.read(name)
            if name == "assets/main.py":
                data = b"import asyncio\nfrom game.app.main import amain\nasyncio.run(amain())\n"
            target.writestr(name, data)
    report = boot(tmp_path, variant, max_frames=600)
    assert report["installed"] == []
    assert report["errors"] == ["main.py: ModuleNotFoundError: No module named 'pygame'"]


# ------------------------------------------------------------------------------ when loading goes wrong
@pytest.mark.parametrize(("spoil", "words"), [
    ("missing", "pbmgames.apk could not be downloaded"),
    ("empty", "pbmgames.apk could not be downloaded"),
    ("html", "pbmgames.apk is damaged (not a zip file)"),
    ("no-main", "pbmgames.apk holds no assets/main.py"),
])
def test_a_failed_download_is_said_on_the_page(tmp_path: Path, site: Path, spoil: str, words: str) -> None:
    """The runtime's fopen gives an empty file for a missing file or a failed request: the loader says so."""
    spoiled = copy_site(site, tmp_path)
    apk = spoiled / "pbmgames.apk"
    if spoil == "missing":
        apk.unlink()
    elif spoil == "empty":
        apk.write_bytes(b"")
    elif spoil == "html":
        apk.write_text("<html><body>Not found</body></html>")
    else:
        with zipfile.ZipFile(apk, "w") as archive:
            archive.writestr("assets/readme.txt", "no game here")
    report = boot(tmp_path, spoiled, max_frames=3000)
    failed = page_calls(report, "pbm_failed")
    assert failed == [["pbm_failed", f"The games could not be loaded: {words}."]]
    assert report["tasks"]["custom_site"] == "done" and "main.py" not in report["events"]
    assert report["frames"] < 300  # said at once, not after a timeout


def test_a_slow_download_is_said_and_then_the_game_starts(tmp_path: Path, site: Path) -> None:
    report = boot(tmp_path, site, slow_frames={"pbmgames.apk": 20 * 60}, max_frames=3000, play=5)
    slow = page_calls(report, "pbm_slow")
    assert slow == [["pbm_slow", "Downloading the games is taking long (15 s)."]]
    progress = [call[1] for call in page_calls(report, "pbm_progress")]
    assert "Downloading the games\u2026 10 s" in progress  # the page counts the seconds meanwhile
    assert page_calls(report, "pbm_started") and report["tasks"]["amain"] == "running"
    assert report["errors"] == []


def test_a_download_that_never_ends_fails_with_a_message(tmp_path: Path, site: Path) -> None:
    report = boot(tmp_path, site, endless=["pbmgames.apk"], max_frames=9000)
    assert page_calls(report, "pbm_slow")
    assert page_calls(report, "pbm_failed") == [
        ["pbm_failed", "The games could not be loaded: Downloading the games took more than 120 s."]]
    assert report["tasks"]["custom_site"] == "done"
    assert 120 * 60 <= report["frames"] < 125 * 60


def test_with_ume_block_the_page_waits_for_a_tap(tmp_path: Path, site: Path) -> None:
    report = boot(tmp_path, site, ume=False, engage_at_frame=400, max_frames=900, play=5)
    names = [call[0] for call in report["calls"]]
    assert "pbm_prompt" in names and names.index("pbm_prompt") < names.index("pbm_started")
    assert report["tasks"]["amain"] == "running" and report["errors"] == []


# ------------------------------------------------------------------------------ a mirror of the runtime
def test_a_page_built_for_a_mirror_takes_runtime_and_pygame_from_it(tmp_path: Path) -> None:
    mirrored = build_site(tmp_path / "mirror-build", cdn=MIRROR)
    page = (mirrored / "index.html").read_text(encoding="utf-8")
    assert f'<script src="{MIRROR}pythons.js"' in page and f'cdn : "{MIRROR}"' in page
    root = MIRROR.removesuffix("0.9.3/")
    # the public CDN is out of reach: only the mirror answers
    report = boot(tmp_path, mirrored, reachable=[root], play=5)
    assert report["errors"] == [], report["output"][-3000:]
    assert [wheel["url"].startswith(root + "cp312/pygame_ce-") for wheel in report["installed"]] == [True]
    assert f"{root}index-0.9.3-cp{sys.version_info.major}{sys.version_info.minor}.json" in report["requests"]
    assert report["tasks"]["amain"] == "running"


def test_served_from_localhost_8xxx_the_runtime_wants_packages_from_localhost_8000(tmp_path: Path, site: Path) -> None:
    """pygbag's own async_repos: why the README says to serve the page on 127.0.0.1, not localhost:8..."""
    report = boot(tmp_path, site, page_url="http://localhost:8080/index.html",
                  reachable=[PUBLIC_ROOT, "http://localhost:8000/cdn/"], max_frames=600)
    assert [wheel["url"].startswith("http://localhost:8000/cdn/cp312/") for wheel in report["installed"]] == [True]


# ------------------------------------------------------------------------------ a game link in the address
def test_a_page_opened_with_a_game_link_shows_that_game(tmp_path: Path, site: Path) -> None:
    """pythons.js hands the address's #hash to Python as sys.argv (modelled by the stand-in): the page still
    boots, and the app opens the game the link carries (kept at once in localStorage, under the link's id)."""
    from game.rules import GAMES
    from game.rules.history import GameHistory
    from game.rules.link import link_for

    history = GameHistory(GAMES["star"], {"size": 5})
    for move in ("C3", "D4", "E5"):
        history.play(move)
    game_id = "game-20250101T000000-abcdef"
    report = boot(tmp_path, site, page_url=PAGE_URL + "#" + link_for(history, {"Id": game_id}), max_frames=900)
    assert report["errors"] == [], report["output"][-3000:]
    assert report["tasks"]["amain"] == "running"
    saved = report["local_storage"].get(f"pbmgames:{game_id}.txt", "")
    assert '[Game "star"]' in saved and "1. C3\n2. D4\n3. E5" in saved

    damaged = boot(tmp_path, site, page_url=PAGE_URL + "#g1.not-a-whole-link", max_frames=900)
    assert damaged["errors"] == [] and damaged["tasks"]["amain"] == "running"
    assert not [key for key in damaged["local_storage"] if key.startswith("pbmgames:game-")]
