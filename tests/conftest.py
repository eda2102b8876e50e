import html
import json
import os
import re
import tempfile
from pathlib import Path

import pytest
from flask.testing import FlaskClient
from hypothesis import Phase, settings

# Hypothesis: "ci" (the default) is derandomized, so a run is the same every time; "long" tries
# many more random examples: HYPOTHESIS_PROFILE=long python -m pytest tests/test_properties.py
settings.register_profile("ci", max_examples=150, derandomize=True, database=None, deadline=None)
settings.register_profile("long", max_examples=3000, deadline=None)
settings.register_profile("mutation", settings.get_profile("ci"), phases=[Phase.explicit, Phase.generate])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "mutation" if "MUTANT_UNDER_TEST" in os.environ else "ci"))

ROOT = Path(__file__).resolve().parent.parent
# Every Pashto catalogue: the shared one and each game's own (translations/games/<id>/).
PASHTO_CATALOGUES = sorted((ROOT / "translations").glob("**/ps/LC_MESSAGES/messages.po"))


def pashto_messages():
    """Every message of every Pashto catalogue (a message two catalogues hold comes twice)."""
    from babel.messages.pofile import read_po
    for path in PASHTO_CATALOGUES:
        with open(path, "rb") as po:
            yield from (message for message in read_po(po) if message.id)


@pytest.fixture(autouse=True)
def engine_caches_cleared():
    """Each test starts with the rules engine's kept answers forgotten (the Pitch family's bids and
    sentences), so a test never passes on an answer an earlier test (or the process it was forked
    from) worked out with other code."""
    from rules_engine.parts import point_games
    for kept in (point_games.PointsGame.allowed_bids, point_games.point_names, point_games.points_taken,
                 point_games.took_nothing):
        kept.cache_clear()
# The engine's shared tests besides each game's own (tests/test_<id>.py): marked `rules`, the tests
# a mutation run of the engine uses (pyproject.toml).
ENGINE_TESTS = {"test_record", "test_examples", "test_calculators", "test_cli", "test_properties", "test_engine_purity",
                "test_engine_words", "test_adjustments"}


def pytest_collection_modifyitems(items):
    from rules_engine import GAMES
    rules = ENGINE_TESTS | {f"test_{game_id}" for game_id in GAMES}
    for item in items:
        if item.module is not None and item.module.__name__ in rules:
            item.add_marker(pytest.mark.rules)


os.environ.setdefault("SCOREPAD_INSTANCE", tempfile.mkdtemp(prefix="scorepad-tests-"))   # keys made by tests
EXAMPLES = ROOT / "examples"


def assets_weight(client, page: str | bytes = "") -> int:
    """The stylesheets and scripts a page loads (every page app.css and app.js; the big screen its
    tv.css too), gzipped, as they are served (the script minified)."""
    import gzip
    text = page.decode() if isinstance(page, bytes) else page
    linked = re.findall(r'<(?:link rel="stylesheet" href|script src)="(/static/[^"?]+)', text)
    weight = 0
    for asset in dict.fromkeys(["/static/app.css", "/static/app.js", *linked]):
        with client.get(asset) as response:
            weight += len(gzip.compress(response.data))
    return weight


def unisolated(page: str) -> str:
    """A page without the <bdi> elements that isolate players' names (they add no words)."""
    return re.sub(r"</?bdi\b[^>]*>", "", page)


def words(page, main_only: bool = False) -> str:
    """What a player reads of a page (or a response): tags dropped, names' isolation (their <bdi>
    and the marks a Pashto page puts around names and signed numbers) left out, spaces squeezed;
    main_only: the page's main part alone."""
    text = page if isinstance(page, str) else page.get_data(as_text=True)
    if main_only and "<main>" in text:
        text = text.split("<main>", 1)[1].split("</main>", 1)[0]
    text = re.sub("[\u2066-\u2069]", "", unisolated(text))
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", text))).strip()


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


CHANGE_URL = re.compile(r"(/games/[A-Za-z0-9_-]+)/(hands/new|hands/\d+/edit|hands/\d+/delete|history/\d+/restore"
                        r"|adjustments/new|adjustments/\d+/edit)$")


def hidden_fields(page: str) -> dict[str, str]:
    """The hidden inputs of a page's first form (the game's version, the hand number, the step)."""
    return dict(re.findall(r'<input[^>]*name="(version|number|step)"[^>]*value="([^"]*)"', page))


class TableClient(FlaskClient):
    """Posts as a phone does: from the page the form is on, so the form's hidden fields (the version
    of the game it was made from) go with the taps. Pass `version` to post a stale form on purpose."""

    def post(self, url, *args, data=None, **kwargs):
        match = CHANGE_URL.search(url.split("?")[0])
        if match and (data is None or isinstance(data, dict)) and "version" not in (data or {}):
            page_url = match.group(1) + "/history" if "restore" in url else url
            data = {**hidden_fields(self.get(page_url).get_data(as_text=True)), **(data or {})}
        return super().post(url, *args, data=data, **kwargs)


def invite_links(client, game_id) -> dict[str, str]:
    """The links on a game's Invite page: "Score with us", "Watch", "Big screen" -> link."""
    page = client.get(f"/games/{game_id}/invite").get_data(as_text=True)
    found = re.findall(r'<h2>([^<]+)</h2>.*?<a href="([^"]+)" class="link-text"', page, re.S)
    return {what: link.replace("&amp;", "&") for what, link in found}


def joined(app, client, game_id, what="Score with us"):
    """A second phone that opened the link `client` shared for `game_id`."""
    phone = app.test_client()
    assert phone.get(invite_links(client, game_id)[what]).status_code == 302
    return phone


@pytest.fixture(autouse=True)
def nothing_kept():
    """Each test starts with every cache empty, as a freshly started worker does."""
    from scorepad.web import caches
    caches.clear_all()
    yield
    caches.clear_all()


@pytest.fixture
def app(tmp_path):
    from app import create_app
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "test.db"), "SECRET_KEY": "test",
                      "WTF_CSRF_ENABLED": False})
    app.test_client_class = TableClient
    return app


@pytest.fixture
def client(app):
    return app.test_client()


def form_data(game_id, hand, step="full"):
    """The form fields a player would tap for `hand`: the game's own form values for it (the
    inverse of reading the form), the bids alone for the bids step, the rest for the result step."""
    from scorepad.games import pages_of
    values = {name: "y" if value is True else str(value) for name, value in pages_of(game_id).form_values(hand, None).items()
              if value is not None and value is not False}          # a switch is sent only when ticked
    if step == "bids":
        return {name: value for name, value in values.items() if name.startswith("bid_")}
    return values


def new_game_data(record):
    """The new-game form filled in for a record's players, dealer, settings and note."""
    from rules_engine import GAMES
    from scorepad.games import pages_of
    game = GAMES[record["game"]]
    data = {f"player_{seat}": name for seat, name in enumerate(record["players"])}
    if record.get("note"):
        data["note"] = record["note"]
    data["first_dealer"] = str(record.get("first_dealer") or 0)
    if pages_of(record["game"]).first_role == "box":          # the box deals; the captain is chosen too
        data["first_captain"] = str(record.get("first_captain", (record.get("first_dealer") or 0) + 1))
    for setting in game.settings(len(record["players"])):
        value = (record.get("settings") or {}).get(setting.name, setting.default)
        if setting.kind.value == "switch":
            if value:
                data[f"setting_{setting.name}"] = "y"
        elif setting.kind.value == "list":               # a box ticked for each word, after the boxes' marker
            data[f"setting_{setting.name}"] = ["", *value]
        else:
            data[f"setting_{setting.name}"] = "" if value is None else str(value)    # blank: none
    return data


def play_through_forms(client, record):
    """Create the game and record every hand with the forms, as at the table; return its id."""
    from rules_engine import GAMES
    response = client.post(f"/games/new/{record['game']}", data=new_game_data(record))
    assert response.status_code == 302, response.get_data(as_text=True)
    game_id = response.headers["Location"].rsplit("/", 1)[1]
    two_step = GAMES[record["game"]].two_step
    for number, hand in enumerate(record["hands"], 1):
        if "adjustment" in hand:                # points given or taken between hands: the adjustment form
            data = {"note": hand.get("note", "")}
            for side, points in enumerate(hand["adjustment"]):
                data |= {f"sign_{side}": "+" if points > 0 else "-", f"points_{side}": str(abs(points))}
            assert client.post(f"/games/{game_id}/adjustments/new", data=data).status_code == 302
            continue
        url = f"/games/{game_id}/hands/new"
        again = {"again": str(number)}          # a hand the same as the one before was really dealt again
        if two_step:
            assert client.post(url, data=form_data(record["game"], hand, "bids") | again).status_code == 302
            if set(hand) == {"bids"}:           # thrown in by the bids: nothing more to record
                continue
            response = client.post(url, data=form_data(record["game"], hand, "result") | again)
        else:
            response = client.post(url, data=form_data(record["game"], hand) | again)
        assert response.status_code == 302, response.get_data(as_text=True)
    return game_id
