"""Pieces of rules that several games share: a game picks the ones it plays by (as a base class or
a mixin) instead of copying them from another game."""
