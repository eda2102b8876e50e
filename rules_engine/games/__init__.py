"""One module per game, each ending with `GAME = TheGame()`: the registry finds them here, so a new
game is a new module and nothing else in the engine changes."""
