"""Every game, looked up by its id."""
from __future__ import annotations

from .back_alley import BackAlley
from .base import Game
from .gin3 import Gin3
from .oh_hell import OhHell
from .pitch import Pitch
from .smear import Smear

GAMES: dict[str, Game] = {game.id: game for game in (OhHell(), BackAlley(), Pitch(), Smear(), Gin3())}
