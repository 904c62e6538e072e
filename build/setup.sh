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
if [ "${1:-}" = "--browser" ]; then
  if [ ! -x /usr/bin/chromium ]; then
    if [ "$(id -u)" = 0 ]; then
      (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-dejavu-core) >/dev/null
    else
      echo "setup: Chromium is missing; install Debian's chromium package (sudo apt-get install chromium)" >&2
    fi
  fi
  if [ -f tests/wasm/package.json ] && [ ! -d tests/wasm/node_modules ]; then
    (cd tests/wasm && npm ci --silent --no-audit --no-fund 2>/dev/null || npm install --silent --no-audit --no-fund)
  fi
fi
