"""Print every page's weight: HTML plus its CSS and JS, raw and gzipped (budget: 14,000 B gzipped,
one round trip of a fresh connection), and its HTML alone gzipped (budget: 6,000 B, as the CSS and
JS come from the phone's cache after the first page), in English and in Pashto.

    python bench/page_weight.py
"""
import gzip
import json
import re
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from app import create_app  # noqa: E402
from conftest import EXAMPLES  # noqa: E402
from rules_engine import GAMES  # noqa: E402
from scorepad.games import pages_of  # noqa: E402

ASSETS = ["/static/app.css", "/static/app.js"]          # every page's, as served (the script minified)


FIRST_VIEW = 14_000     # bytes gzipped: a page with its CSS and JS
HTML_ALONE = 6_000      # bytes gzipped: a page's HTML


def weigh(client, url):
    """A page's weight as served: (raw with its CSS and JS, gzipped with them, its HTML alone gzipped)."""
    html = client.get(url).data
    assets = []
    linked = re.findall(r'<(?:link rel="stylesheet" href|script src)="(/static/[^"?]+)', html.decode())
    for asset in dict.fromkeys([*ASSETS, *linked]):         # and what the page links besides (the big screen's)
        with client.get(asset) as response:                 # a static file: closed when read
            assets.append(response.data)
    raw = len(html) + sum(map(len, assets))
    alone = len(gzip.compress(html, 9))
    return raw, alone + sum(len(gzip.compress(asset, 9)) for asset in assets), alone


def pages(client):
    """Every kind of page: each game's new-game form (and its ready-made settings) and rules, and real
    games from the project's examples."""
    urls = ["/", "/games/new", "/games/import", "/games/404", "/rules", "/calculators", "/calculators/game-points"]
    for game_id in GAMES:
        urls += [f"/games/new/{game_id}", f"/rules/{game_id}"]
        urls += [f"/games/new/{game_id}?preset={preset}" for preset in pages_of(game_id).presets]
    urls.append("/calculators/deadwood?" + "&".join(f"knocker={c}" for c in "5H 6H 7H 8H JC JD JS 2C 3C AD".split())
                + "&" + "&".join(f"opponent={c}" for c in "4H 9H JH QC KD AC 2D 7S 6C 3D".split()))
    for path in sorted(EXAMPLES.glob("*.json")):
        if path.name.endswith(".expected.json"):
            continue
        record = json.loads(path.read_text())
        response = client.post("/games/import", data={"record": json.dumps(record)})
        game = response.headers["Location"]
        urls += [game, game + "/hands/1", game + "/hands/1/edit", game + "/history",
                 f"/rules/{record['game']}?game={game.rsplit('/', 1)[1]}"]         # the rules with its own numbers
        if "finished" not in client.get(game).get_data(as_text=True):
            urls.append(game + "/hands/new")
        if client.get(game + "/result").status_code == 200:        # a finished game's result to share
            urls.append(game + "/result")
    return urls


def measure(lang="en"):
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"DATABASE": f"{folder}/weight.db", "SECRET_KEY": "w", "WTF_CSRF_ENABLED": False})
        client = app.test_client()
        client.set_cookie("lang", lang)
        return [(url, *weigh(client, url)) for url in pages(client)]


if __name__ == "__main__":
    for lang in ("en", "ps"):
        weights = measure(lang)
        print(f"{'page (' + lang + ')':45} {'raw':>8} {'gzipped':>8} {'HTML gz':>8}")
        for url, raw, packed, alone in weights:
            print(f"{url:45} {raw:8,} {packed:8,} {alone:8,}")
        print(f"{'heaviest (budgets ' + format(FIRST_VIEW, ',') + ', ' + format(HTML_ALONE, ',') + ')':45} {'':8} "
              f"{max(w[2] for w in weights):8,} {max(w[3] for w in weights):8,}\n")
