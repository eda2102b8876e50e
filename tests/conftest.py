import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT.parent / "shared" / "examples"


def record(game, players, hands=(), settings=None, **extra):
    """A scorepad/1 record for tests."""
    return {"format": "scorepad/1", "game": game, "players": list(players),
            "settings": settings or {}, "hands": list(hands), **extra}


def example_paths():
    return sorted(p for p in EXAMPLES.glob("*.json") if not p.name.endswith(".expected.json"))


def load_example(path):
    return json.loads(path.read_text()), json.loads(path.with_name(path.stem + ".expected.json").read_text())


@pytest.fixture(params=example_paths(), ids=lambda p: p.stem)
def example(request):
    return load_example(request.param)
