"""Every command and example in the README runs as a reader would run it.

The commands are taken from README.md itself: each line of a ``sh`` block, and each inline code span that
starts a command (``./build/...``, ``.venv/bin/python ...``, ``python -m venv ...``). The game record
block is saved as ``game.txt`` first (the README says so). They run with bash in a copy of the
repository (its tracked files, with this checkout's ``.venv`` and the npm packages linked in), with
$HOME and $PBMGAMES_HOME in a throw-away folder, and each must exit with status 0.

Commands that would not end by themselves, or take long, run in their quickest form (`QUICK`): the
desktop app draws 30 frames (``--frames``) with SDL's dummy drivers; ``./build/play.sh --web`` builds
and serves, and is stopped once the page is served; ``./build/test.sh`` sets up and collects one test file
only; the benchmarks measure one small case each; the sound maker installs soundfile into a throw-away
virtualenv. A command the README adds that is in none of these forms runs exactly as written.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")

#: how a command is run when it would not end by itself, or would take long: (pattern, what to add or
#: run instead, in words for the report)
QUICK = [
    (r"^\./build/play\.sh$", "./build/play.sh --frames 30"),
    (r"^\.venv/bin/python -m game( --size \S+)?$", r"\g<0> --frames 30"),
    (r"^\./build/test\.sh$", "./build/test.sh --co -q tests/test_record.py"),
    (r"^\.venv/bin/python build/bench\.py\b.*$", ".venv/bin/python build/bench.py --games star --seconds 0.05"),
    (r"^\.venv/bin/python build/bench_app\.py\b.*$",
     ".venv/bin/python build/bench_app.py --frames 5 --decisions 1 --budget 5 --no-draw"),
    (r"^\.venv/bin/python build/bench_savoya\.py\b.*$", ".venv/bin/python build/bench_savoya.py --no-ai --positions 1"),
    (r"^\.venv/bin/python build/bench_ai\.py\b.*$",
     ".venv/bin/python build/bench_ai.py star -n 1 --only random --max-plies 40"),
    (r"/tmp/snd\b", None),  # the sound maker: its throw-away virtualenv goes under the copy's tmp folder
]
COMMAND = re.compile(r"^(\./build/|\.venv/bin/python |python -m venv )")


def readme_commands() -> list[str]:
    commands = []
    for language, body in re.findall(r"^```(\w*)\n(.*?)^```", README, re.M | re.S):
        if language == "sh":
            commands += [line.split("  #")[0].strip() for line in body.splitlines() if line.strip()]
    for span in re.findall(r"`([^`\n]+)`", README.replace("\n  ", " ")):
        if COMMAND.match(span) and span not in commands:
            commands.append(span)
    return commands


def readme_record() -> str:
    records = [body for language, body in re.findall(r"^```(\w*)\n(.*?)^```", README, re.M | re.S)
               if body.startswith("[Game ")]
    assert len(records) == 1
    return records[0]


def test_the_readme_has_the_commands_a_reader_needs():
    commands = readme_commands()
    assert "./build/play.sh" in commands and "./build/test.sh" in commands
    assert any(c.startswith(".venv/bin/python -m game.referee --record game.txt") for c in commands)
    bare = [c for c in commands if re.match(r"python3? (-m|build/)", c)]
    assert not bare, f"only the virtualenv's python has the packages: {bare}"


@pytest.fixture(scope="module")
def copy(tmp_path_factory) -> Path:
    """The repository's tracked files in a throw-away folder, with this checkout's .venv linked in."""
    where = tmp_path_factory.mktemp("readme") / "repo"
    tracked = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    for name in filter(None, tracked.decode().split("\0")):
        target = where / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, target)
    (where / ".venv").symlink_to(ROOT / ".venv")
    modules = ROOT / "tests" / "wasm" / "node_modules"
    if modules.exists():
        (where / "tests" / "wasm" / "node_modules").symlink_to(modules.resolve())
    (where / "home").mkdir()
    (where / "game.txt").write_text(readme_record(), encoding="utf-8")
    return where


def quick_form(command: str, copy: Path) -> str:
    for pattern, instead in QUICK:
        if re.search(pattern, command):
            if instead is None:
                return command.replace("/tmp/snd", str(copy / "tmp-snd"))
            return re.sub(pattern, instead, command)
    return command


def environment(copy: Path) -> dict[str, str]:
    env = dict(os.environ, HOME=str(copy / "home"), PBMGAMES_HOME=str(copy / "home" / "pbmgames"),
               SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env.pop("PYTEST_XDIST_WORKER", None)
    return env


@pytest.mark.parametrize("command", [c for c in readme_commands() if c != "./build/play.sh --web"])
def test_each_readme_command_runs(command, copy):
    run = quick_form(command, copy)
    done = subprocess.run(["bash", "-c", run], cwd=copy, env=environment(copy), capture_output=True, text=True,
                          timeout=900)
    assert done.returncode == 0, f"{run}\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}"


def test_play_web_builds_and_serves_the_page(copy):
    assert "./build/play.sh --web" in readme_commands()
    server = subprocess.Popen(["bash", "-c", "exec ./build/play.sh --web"], cwd=copy, env=environment(copy),
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True)
    try:
        page = ""
        deadline = time.monotonic() + 900
        while time.monotonic() < deadline and server.poll() is None:
            try:
                with urllib.request.urlopen("http://127.0.0.1:8000/", timeout=5) as answer:
                    page = answer.read().decode("utf-8")
                break
            except OSError:
                time.sleep(1)
        assert "<title>Savoy, Savoya, Star, know and Truchet</title>" in page, server.poll()
    finally:
        os.killpg(server.pid, 15)
        server.wait(timeout=30)


def test_the_record_example_replays_to_its_result(copy):
    done = subprocess.run([str(ROOT / ".venv" / "bin" / "python"), "-m", "game.referee", "--record", "game.txt",
                           "--json"], cwd=copy, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert '"result": "X"' in done.stdout
