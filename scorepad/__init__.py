"""Scorepad's web side: the pages, each game's web description, storage and the words of results.

`app.py` at the top of the project makes the app; the rules live in `rules_engine/`."""
