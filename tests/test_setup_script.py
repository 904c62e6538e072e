"""build/setup.sh waits for the package manager's lock instead of failing (issue 9: CI on a machine
that was still installing something failed at once). Its apt_wait function runs here against a
stand-in apt-get on PATH."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SETUP = ROOT / "build" / "setup.sh"


def run_apt_wait(tmp_path: Path, fake: str, *args: str) -> subprocess.CompletedProcess:
    function = re.search(r"^apt_wait\(\) \{.*?^\}", SETUP.read_text(), re.S | re.M)
    assert function, "build/setup.sh has no apt_wait function"
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "apt-get").write_text(fake)
    (bin_dir / "apt-get").chmod(0o755)
    env = {**os.environ, "PATH": f"{bin_dir}:{os.environ['PATH']}", "APT_WAIT_SECONDS": "0",
           "COUNT": str(tmp_path / "count")}
    script = function.group(0) + "\napt_wait " + " ".join(args) + "\n"
    return subprocess.run(["bash", "-c", script], env=env, capture_output=True, text=True, timeout=60)


BUSY_TWICE = """#!/bin/bash
n=$(cat "$COUNT" 2>/dev/null || echo 0); echo $((n+1)) > "$COUNT"
if [ "$n" -lt 2 ]; then
  echo "E: Could not get lock /var/lib/dpkg/lock-frontend. It is held by process 123 (apt-get)" >&2; exit 100
fi
echo "installed: $* frontend=$DEBIAN_FRONTEND"
"""


def test_waits_while_another_install_holds_the_lock(tmp_path: Path) -> None:
    done = run_apt_wait(tmp_path, BUSY_TWICE, "install", "-y", "chromium")
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "count").read_text().strip() == "3"  # two refusals, then the install
    assert done.stderr.count("the package manager is busy") == 2


def test_passes_a_lock_timeout_and_runs_non_interactively(tmp_path: Path) -> None:
    echo = '#!/bin/bash\necho "$* frontend=$DEBIAN_FRONTEND" > "$COUNT"\n'
    assert run_apt_wait(tmp_path, echo, "install", "-y", "chromium").returncode == 0
    assert (tmp_path / "count").read_text().split() == [
        "-o", "DPkg::Lock::Timeout=300", "install", "-y", "chromium", "frontend=noninteractive"]


def test_other_failures_are_reported_at_once(tmp_path: Path) -> None:
    fails = '#!/bin/bash\necho x >> "$COUNT"\necho "E: Unable to locate package chromiumx" >&2\nexit 100\n'
    done = run_apt_wait(tmp_path, fails, "install", "-y", "chromiumx")
    assert done.returncode == 1
    assert "Unable to locate package chromiumx" in done.stderr
    assert (tmp_path / "count").read_text().count("x") == 1  # no retry
