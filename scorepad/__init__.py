"""Scorepad's web side: the pages, each game's web description, storage and the words of results.

`app.py` at the top of the project makes the app; the rules live in `rules_engine/`."""

VERSION = "1.3.0"       # bumped with each release, with its entry in CHANGELOG.md
