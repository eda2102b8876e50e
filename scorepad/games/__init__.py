"""Each game as the pages show it, by the engine's game id: one `GamePages` per game, in one place.

Every other module of the web side is the same for every game: it asks `pages_of` what a game's
form, summary line, CSV columns, history words and records are."""
from __future__ import annotations

from rules_engine import GAMES, Game
from scorepad.web.i18n import _

from .back_alley import BackAlleyPages
from .base import GamePages
from .gin3 import Gin3Pages
from .oh_hell import OhHellPages
from .pitch import PitchPages
from .smear import SmearPages

GAME_PAGES: dict[str, GamePages] = {pages.id: pages for pages in (
    OhHellPages(GAMES["oh_hell"]), BackAlleyPages(GAMES["back_alley"]), PitchPages(GAMES["pitch"]),
    SmearPages(GAMES["smear"]), Gin3Pages(GAMES["gin3"]))}


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
