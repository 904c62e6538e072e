#!/usr/bin/env bash
# Set up (see setup.sh) and run every test. Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash build/setup.sh --browser
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy
exec .venv/bin/python -m pytest "$@"
