"""Results in words and files: the scoreboard's lines, the history, players' records, CSV and zips."""
