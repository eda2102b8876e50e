"""Scorepad's rules engine: turns a `scorepad/1` game record into scores.

Pure Python: no web, form or database code belongs here."""
from .base import Game
from .core import PASS, Kind, RuleError, Setting, Table
from .record import FORMAT, ScoredGame, ScoredHand, read_table, score
from .registry import GAMES

__all__ = ["FORMAT", "GAMES", "PASS", "Game", "Kind", "RuleError", "ScoredGame", "ScoredHand",
           "Setting", "Table", "read_table", "score"]
