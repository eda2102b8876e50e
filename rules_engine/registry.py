"""Every game, looked up by its id: found, not listed - each module of `rules_engine.games` that
defines `GAME` is one (the way Django finds its apps' admin modules)."""
from __future__ import annotations

import importlib
import pkgutil

from . import games
from .base import Game


def found_games() -> dict[str, Game]:
    """The games of `rules_engine.games`, in the order they are listed (`Game.listed`, then id)."""
    found = []
    for module in pkgutil.iter_modules(games.__path__):
        game = getattr(importlib.import_module(f"{games.__name__}.{module.name}"), "GAME", None)
        if not isinstance(game, Game):
            raise ImportError(f"rules_engine.games.{module.name} must end with GAME = TheGame() (a Game)")
        if game.id != module.name:
            raise ImportError(f"rules_engine.games.{module.name} defines the game {game.id!r}: "
                              f"a game's module is named by its id")
        found.append(game)
    return {game.id: game for game in sorted(found, key=lambda game: (game.listed, game.id))}


GAMES: dict[str, Game] = found_games()
