#!/usr/bin/env bash
# Set up everything on a fresh machine: a virtualenv with the pinned Python
# packages (.venv), and with --browser also Debian's Chromium and the npm
# packages of the WebAssembly tests. Safe to run again; quick when done.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
stamp=.venv/.installed-$(cat pyproject.toml | sha1sum | cut -c1-12)
if [ ! -f "$stamp" ]; then
  .venv/bin/python -m pip install -q --disable-pip-version-check --upgrade pip==25.3
  .venv/bin/python -m pip install -q --disable-pip-version-check -e '.[ui,web,test,browser]'
  touch "$stamp"
fi
# apt-get, waiting (up to 15 minutes) while another install holds the package manager's lock
# instead of failing at once, as it does by default on a machine that is still setting up.
apt_wait() {
  local log tries=0
  log=$(mktemp)
  until DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 "$@" >"$log" 2>&1; do
    if grep -qiE 'could not get lock|unable to acquire|lock-frontend|is another process using it' "$log" \
        && [ $((tries += 1)) -le 30 ]; then
      echo "setup: the package manager is busy (another install is running); waiting" >&2
      sleep "${APT_WAIT_SECONDS:-30}"
    else
      cat "$log" >&2
      rm -f "$log"
      return 1
    fi
  done
  rm -f "$log"
}
if [ "${1:-}" = "--browser" ]; then
  if [ ! -x /usr/bin/chromium ]; then
    if [ "$(id -u)" = 0 ]; then
      apt_wait update -qq
      apt_wait install -y -qq chromium fonts-dejavu-core
    else
      echo "setup: Chromium is missing; install Debian's chromium package (sudo apt-get install chromium)" >&2
    fi
  fi
  if [ -f tests/wasm/package.json ] && [ ! -d tests/wasm/node_modules ]; then
    (cd tests/wasm && npm ci --silent --no-audit --no-fund 2>/dev/null || npm install --silent --no-audit --no-fund)
  fi
fi
