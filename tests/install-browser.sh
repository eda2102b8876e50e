#!/usr/bin/env bash
# Chromium for the browser tests: Playwright drives the system's Chromium (its own browser
# download is not used). Debian/Ubuntu: installed with apt. Elsewhere: set CHROMIUM to its path.
set -euo pipefail
browser="${CHROMIUM:-/usr/bin/chromium}"
if [ -x "$browser" ]; then
  exit 0
fi
if command -v apt-get >/dev/null 2>&1; then
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "No Chromium found: install it and set CHROMIUM to its path, e.g. on macOS" >&2
echo "  brew install --cask chromium && export CHROMIUM=/Applications/Chromium.app/Contents/MacOS/Chromium" >&2
exit 1
