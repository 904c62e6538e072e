#!/usr/bin/env bash
# Set up (see setup.sh) and play: the desktop app, or with --web the browser
# build served on http://127.0.0.1:8000/ . Other arguments go to the app.
set -euo pipefail
cd "$(dirname "$0")/.."
bash build/setup.sh
if [ "${1:-}" = "--web" ]; then
  .venv/bin/python build/build_web.py
  echo "serving build/web on http://127.0.0.1:8000/ (Ctrl-C stops)"
  exec .venv/bin/python -m http.server 8000 --bind 127.0.0.1 --directory build/web
fi
exec .venv/bin/python -m game "$@"
