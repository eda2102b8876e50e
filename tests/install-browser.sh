#!/usr/bin/env bash
# Chromium for the browser tests: Playwright drives the system's Chromium (its own browser
# download is not used), with fonts that draw every Pashto letter (Debian: fonts-noto-core, whose
# Noto Naskh/Sans Arabic have ټ ډ ړ ښ ږ ځ څ ۍ ې). Debian/Ubuntu: installed with apt.
# Elsewhere: set CHROMIUM to its path.
# The other engines phones have (tests/test_browser_engines.py), Debian's too: WebKitGTK's WebDriver
# (webkit2gtk-driver, with its MiniBrowser) on a virtual display (xvfb, xauth), and Firefox ESR.
set -euo pipefail
browser="${CHROMIUM:-/usr/bin/chromium}"
wanted=()
if [ ! -x "$browser" ]; then
  wanted=(chromium fonts-noto-core)
elif command -v fc-list >/dev/null 2>&1 && [ -z "$(fc-list ':charset=6cd' family)" ]; then
  wanted=(fonts-noto-core)                 # U+06CD ۍ: the Pashto letter most fonts lack
fi
for needed in /usr/bin/WebKitWebDriver:webkit2gtk-driver /usr/bin/Xvfb:xvfb /usr/bin/xauth:xauth \
              /usr/bin/firefox-esr:firefox-esr; do
  if [ ! -x "${needed%%:*}" ]; then wanted+=("${needed#*:}"); fi
done
if [ ${#wanted[@]} -eq 0 ]; then
  exit 0
fi
if command -v apt-get >/dev/null 2>&1; then
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${wanted[@]}" >/dev/null
  exit 0
fi
if [ -x "$browser" ]; then
  echo "Not installed (Debian's names): ${wanted[*]}; fonts-noto-core is a font with the Pashto letters" >&2
  exit 0
fi
echo "No Chromium found: install it and set CHROMIUM to its path, e.g. on macOS" >&2
echo "  brew install --cask chromium && export CHROMIUM=/Applications/Chromium.app/Contents/MacOS/Chromium" >&2
exit 1
