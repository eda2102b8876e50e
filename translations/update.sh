#!/bin/sh
# Re-extract every translatable message, merge them into each language's catalogues (the shared one
# here, and each game's own in games/<id>/) and compile the .mo files the app reads (committed next
# to the .po files):
#     sh translations/update.sh          (from anywhere; uses the checkout's .venv/bin/python unless PYTHON says otherwise)
set -e
cd "$(dirname "$0")/.."
"${PYTHON:-.venv/bin/python}" translations/catalogues.py
