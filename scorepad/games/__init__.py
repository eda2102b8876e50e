"""Each game as the pages show it: `scorepad.games.<id>` for each of the engine's games, found by
its id, ends with `PAGES = TheGamePages` (a `GamePages`). The other modules here are parts several
games share (`base`, `tricks`, `points`).

Every other module of the web side is the same for every game: it asks `pages_of` what a game's
form, summary line, CSV columns, history words and records are."""
from __future__ import annotations

import importlib

from rules_engine import GAMES, Game
from scorepad.web.i18n import _

from .base import GamePages


def found_pages() -> dict[str, GamePages]:
    """Each engine game's description, from the module of this package named by its id."""
    found = {}
    for game_id, game in GAMES.items():
        pages = getattr(importlib.import_module(f"{__name__}.{game_id}"), "PAGES", None)
        if not (isinstance(pages, type) and issubclass(pages, GamePages)):
            raise ImportError(f"scorepad.games.{game_id} must end with PAGES = TheGamePages (a GamePages): "
                              f"a game can't be named as one of the parts here (base, tricks, points)")
        found[game_id] = pages(game)
    return found


GAME_PAGES: dict[str, GamePages] = found_pages()


def pages_of(game: Game | str) -> GamePages:
    """The pages' description of a game (the engine's Game or its id)."""
    return GAME_PAGES[game if isinstance(game, str) else game.id]


def title_of(game: Game | str) -> str:
    """A game's name in the page's language ("Unknown game" for a record of a game not offered here)."""
    pages = GAME_PAGES.get(game if isinstance(game, str) else game.id)
    return str(pages.title) if pages else _("Unknown game")


def every_game() -> list[GamePages]:
    """Every game the pages offer, in the order the engine lists them."""
    return [GAME_PAGES[game_id] for game_id in GAMES]


__all__ = ["GAME_PAGES", "GamePages", "every_game", "pages_of", "title_of"]
