#!/usr/bin/env bash
# Install what the test suite needs: the Python packages, and Debian's Chromium for the
# browser tests (Playwright drives /usr/bin/chromium; its own browser download is not used).
set -euo pipefail
cd "$(dirname "$0")/.."
python -m pip install --quiet --disable-pip-version-check -r requirements-test.txt
if [ ! -x /usr/bin/chromium ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi
