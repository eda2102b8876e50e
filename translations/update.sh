#!/bin/sh
# Re-extract every translatable message, merge them into each language's catalogue, and compile
# the .mo files the app reads (they are committed next to the .po files):
#     sh translations/update.sh          (from anywhere; uses the checkout's .venv/bin/pybabel unless PYBABEL says otherwise)
set -e
cd "$(dirname "$0")/.."
PYBABEL=${PYBABEL:-.venv/bin/pybabel}
"$PYBABEL" -q extract -F babel.cfg --no-location --sort-output \
    --ignore-dirs='.* _* .venv tests bench instance translations' \
    -o translations/messages.pot .
for po in translations/*/LC_MESSAGES/messages.po; do
    lang=$(basename "$(dirname "$(dirname "$po")")")
    "$PYBABEL" -q update -i translations/messages.pot -d translations -l "$lang" --no-fuzzy-matching --ignore-obsolete
done
"$PYBABEL" -q compile -d translations --statistics
