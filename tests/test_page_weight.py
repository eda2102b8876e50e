"""The page budget, weighed where pages are heaviest. For every game of the registry the test builds
the heaviest real game it can: the most players the game seats, each with a name as long as the app
takes, every house rule on and the settings that play the most hands (Oh Hell's biggest hands, up
then down), a full scoreboard page of hands recorded through the forms (so the history is a real
one) with an adjustment among them; then it weighs every page a player reaches in it, in English
and in Pashto. Budgets: a first view (a page's HTML with its CSS and JS, gzipped, as `assets_weight`
counts them) within 14,000 B, one round trip of a fresh connection; a page's HTML alone within
6,000 B gzipped (its CSS and JS come from the phone's cache after the first page).

`pytest tests/test_page_weight.py -s` prints the heaviest pages with their weights."""
import functools
import gzip
import json
import re
from datetime import date

from hypothesis import HealthCheck, Phase, given, seed, settings
from hypothesis import strategies as st

from conftest import assets_weight, form_data, hidden_fields, play_through_forms, record
from games import as_tested
from rules_engine import GAMES, RuleError, score
from rules_engine.adjustment import NOTE_LENGTH
from rules_engine.record import MAX_NAME
from scorepad.games import pages_of
from scorepad.pages.games import HANDS_PAGE_SIZE, HOME_PAGE_SIZE
from scorepad.storage.store import NOTE_MAX
from strategies import draw_hand

FIRST_VIEW = 14_000     # bytes gzipped: a page with its CSS and JS
HTML_ALONE = 6_000      # bytes gzipped: a page's HTML
TRIES = 3               # games drawn for each game, of which the one recording the most is weighed

# Names as long as a name may be, each of words of its own (as at a real table: gzip finds no name
# in another), in each page language's letters (a Pashto name is two bytes a letter).
WORDS = {"en": "Annabelle Benedicta Cornelius Desdemona Evangeline Fitzgerald Guinevere Horatio Isadora "
               "Jeremiah Konstantin Leopoldina Montgomery Nathaniel Octavia Percival Quentin Rosalind "
               "Sebastian Theodora Ulysses Valentina Wilhelmina Xavier Yolanda Zachariah Maximilian "
               "Josephine Bartholomew Clementine Alexander Gwendolyn Frederick Penelope Archibald "
               "Marguerite Cassius Seraphina Leonardo Henrietta Ignatius Rosamund",
         "ps": "عبدالرحمن ګلمکۍ شېرمحمد زرغونه نورالحق ملالۍ احمدشاه سپوږمۍ خوشحال بريالۍ ميرويس نازو "
               "غازي پلوشه رحمان ښکلا عبدالغفار نجيب‌الله حبيبه ذبيح‌الله فريشته عبدالقادر مرسل زلمى "
               "ګلالۍ شاه‌ولي رنګينه بسم‌الله شکريه محمدعمر وږمه عبدالواحد نرګس سمیع‌الله ملاله "
               "عبدالهادي صبرينه اجمل شيرينه عبدالباري"}
NOTES = {"en": "Ben reneged in the last trick and the whole table agreed, after a long talk, to take ",
         "ps": "بن په وروستي لاس کې قاعده ماته کړه او ټول مېز، د اوږدې خبرې وروسته، ومنله چې له هغه څخه "}


def longest(text: str, length: int) -> str:
    """`length` characters of the text (a space at the end made a letter)."""
    text = " ".join(text.split())[:length]
    return text[:-1] + text[0] if text.endswith(" ") else text


def longest_names(lang: str, count: int) -> list[str]:
    """The words, run on from one seat's name to the next (from the start again when they run out)."""
    words = " ".join([WORDS[lang]] * 2)
    return [longest(words[MAX_NAME * seat % len(WORDS[lang]):], MAX_NAME).strip() for seat in range(count)]


def drawn_games(game_id: str, players: list[str], chosen: dict, note: str = "x", tries: int = TRIES) -> list[dict]:
    """Games played hand by hand to a scoreboard page and one more hand, or their end, each hand a
    legal one drawn as the game's own tests draw them, the same every run, with an adjustment after
    the first hand: the `tries` games drawn, the one recording the most first."""
    drawn = []

    @seed(2026)
    @settings(max_examples=tries, database=None, deadline=None, phases=[Phase.generate],
              suppress_health_check=list(HealthCheck))
    @given(st.data())
    def play(data):
        game = record(game_id, players, [], chosen)
        scored = score(game)
        while len(game["hands"]) <= HANDS_PAGE_SIZE and not scored.finished:
            if len(game["hands"]) == 1:
                game["hands"].append({"adjustment": [-25 * (-1) ** side for side in range(len(scored.sides))],
                                      "note": longest(note, NOTE_LENGTH)})
            else:
                game["hands"].append(draw_hand(data.draw, scored))
            scored = scored.then(game["hands"][-1:])
        drawn.append(game)

    play()
    return sorted(drawn, key=lambda game: -len(json.dumps(game)))


def seats(count: int) -> list[str]:
    return [f"P{seat}" for seat in range(count)]


def played_length(game_id: str, count: int, chosen: dict) -> tuple[int, int] | None:
    """How long a game with these settings lasts (up to a scoreboard page) and how many settings it
    plays by; None if the settings don't go together."""
    try:
        table = score(record(game_id, seats(count), [], chosen)).table
    except RuleError:
        return None
    game = drawn_games(game_id, seats(count), chosen, tries=1)[0]
    return len(game["hands"]), len(GAMES[game_id].settings_in_play(table.settings))


@functools.cache
def heaviest_settings(game_id: str, count: int) -> dict:
    """Every house rule on (a switch, or every word of a list) where the rest allow it; then each other
    setting at whichever end (or choice) plays the most hands, then keeps the most settings in play:
    tried one setting at a time, each kept only if the settings still go together."""
    chosen = {}
    every = GAMES[game_id].settings(count)
    order = sorted(every, key=lambda setting: setting.kind.value not in ("switch", "list"))
    for setting in order + [setting for setting in order if setting.kind.value not in ("switch", "list")]:
        kind = setting.kind.value
        if kind in ("switch", "list"):
            value = True if kind == "switch" else list(setting.choices)
            if played_length(game_id, count, chosen | {setting.name: value}):
                chosen[setting.name] = value
            continue
        candidates = list(setting.choices) if kind == "choice" else [
            setting.maximum, setting.minimum, *([None] if setting.optional else [])]
        lengths = {index: played_length(game_id, count, chosen | {setting.name: value})
                   for index, value in enumerate(candidates)}
        best = max((index for index in lengths if lengths[index]), key=lambda index: (lengths[index], -index))
        chosen[setting.name] = candidates[best]
    return chosen


def weigh(client, response) -> tuple[int, int]:
    """A page's HTML gzipped, and with its CSS and JS: (HTML alone, first view)."""
    assert response.status_code == 200, response.status_code
    page = response.data
    alone = len(gzip.compress(page))
    return alone, alone + assets_weight(client, page)


def game_pages(client, lang: str, game_id: str, get) -> dict:
    """Every page of the heaviest game of `game_id`, played through the forms (each page `get`
    fetches, each page a form answers put in `posted`); its record."""
    game = GAMES[game_id]
    names, chosen = longest_names(lang, game.max_players), heaviest_settings(game_id, game.max_players)
    heaviest, other = drawn_games(game_id, names, chosen, NOTES[lang])[:2]
    heaviest["note"] = longest(NOTES[lang] + WORDS[lang], NOTE_MAX)
    last = heaviest["hands"].pop()
    url = "/games/" + play_through_forms(client, heaviest)
    get(f"{game_id} new game form", f"/games/new/{game_id}")
    for preset in pages_of(game_id).presets:
        get(f"{game_id} new game form, ready-made settings", f"/games/new/{game_id}?preset={preset}")
    get(f"{game_id} rules", f"/rules/{game_id}")
    # the last hand: its form (the bids, then the result), then another phone saving a different one
    get(f"{game_id} new hand form", f"{url}/hands/new")
    step, again = "full", {"again": str(len(heaviest["hands"]) + 1)}     # not a second tap: dealt again
    if game.two_step:
        assert client.post(f"{url}/hands/new", data=form_data(game_id, last, "bids") | again).status_code == 302
        get(f"{game_id} new hand form, the result", f"{url}/hands/new")
        step = "result"
    stale = hidden_fields(client.get(f"{url}/hands/new").get_data(as_text=True))
    assert client.post(f"{url}/hands/new", data=form_data(game_id, last, step) | again).status_code == 302
    mine = other["hands"][min(len(heaviest["hands"]), len(other["hands"]) - 1)]
    mine |= {"bids": last["bids"]} if game.two_step else {}
    race = client.post(f"{url}/hands/new", data=stale | form_data(game_id, mine, step) | again)
    assert f'<form method="post" action="{url}/hands/{len(heaviest["hands"]) + 1}/edit">' in race.get_data(as_text=True)
    get(f"{game_id} saved on another phone meanwhile", f"{url}/hands/new", race)
    heaviest["hands"].append(last)
    finished = score(heaviest).finished
    for page in ("", "/history", "/tv", "/invite", "/rematch", "/adjustments/2/edit",
                 f"/hands/{len(heaviest['hands'])}/delete", "/result" if finished else "/adjustments/new"):
        get(game_id, url + page)
    get(f"{game_id} rules of the game", f"/rules/{game_id}?game={url.rsplit('/', 1)[1]}")
    for number in range(1, len(heaviest["hands"]) + 1):
        get(f"{game_id} hand", f"{url}/hands/{number}")
        if number != 2:                                  # the adjustment's form is weighed above
            get(f"{game_id} fix a hand", f"{url}/hands/{number}/edit")
    undo = re.search(r'action="[^"]*/undo".*?</form>', client.get(url).get_data(as_text=True), re.S).group(0)
    assert client.post(f"{url}/undo", data=dict(re.findall(r'name="(version|entry)" value="(\d+)"', undo))).status_code == 302
    get(f"{game_id} scoreboard after an undo", url)
    # a finished game as the game's own tests finish one, with the longest names
    short = as_tested(game_id).finished
    short = {**short, "players": longest_names(lang, len(short["players"]))}
    url = client.post("/games/import", data={"record": json.dumps(short)}).headers["Location"]
    for page in ("", "/result", "/rematch"):
        get(f"{game_id} finished", url + page)
    return heaviest


def heaviest_pages(client, lang: str) -> dict[tuple[str, str], object]:
    """Every page a player reaches in the heaviest game of each game, and the pages every game shares,
    the home page with a page of those games and more: (what, address) -> the response."""
    pages = {}

    def get(what, url, response=None):
        pages[what, url] = response or client.get(url)

    games = [game_pages(client, lang, game_id, get) for game_id in GAMES]
    for more in range(HOME_PAGE_SIZE + 1 - len(GAMES) * 2):
        client.post("/games/import", data={"record": json.dumps(games[more % len(games)])})
    year = f"?from={date.today().year}-01-01&to={date.today().year}-12-31"
    for path in ("/", "/players", "/standings", "/standings" + year, "/players/counting", "/games/new", "/games/import",
                 "/rules", "/calculators", "/calculators/game-points"):
        get("", path)
    for player in re.findall(r'href="(/players/[0-9a-f]{20})"', pages["", "/players"].get_data(as_text=True)):
        get("a player's numbers", player)
        get("a player's numbers for a year", player + year)
    get("deadwood of 11 cards", "/calculators/deadwood?" + "&".join(
        [f"knocker={card}" for card in "6C 8C 7D 8D 9D 6H 8H 6S 7S 8S 9S".split()]
        + [f"opponent={card}" for card in "5C 7C 3D 3H 4H 2S 3S 10S JS KS".split()]))
    return pages


def test_every_page_stays_within_the_page_budget(app):
    """Every page of the heaviest game of every game, and every page they share, in English and
    Pashto: within 6,000 B of HTML gzipped, and 14,000 B with its CSS and JS. The failure names the
    heaviest page over each budget."""
    weights = {}
    for lang in ("en", "ps"):
        client = app.test_client()
        client.set_cookie("lang", lang)
        for (what, url), response in heaviest_pages(client, lang).items():
            weights[lang, what, url] = weigh(client, response)
    heaviest_html = max(weights, key=lambda page: weights[page][0])
    heaviest_view = max(weights, key=lambda page: weights[page][1])
    for lang in ("en", "ps"):
        mine = {page: weight for page, weight in weights.items() if page[0] == lang}
        for budget, kind in ((0, "HTML"), (1, "first view")):
            lang_, what, url = max(mine, key=lambda page: mine[page][budget])
            print(f"heaviest {kind} ({lang}): {what} {url}: {mine[lang_, what, url][budget]:,} B")
    over = [f"{kind} of {' '.join(page)}: {weights[page][index]:,} B, {weights[page][index] - budget:,} B over {budget:,}"
            for kind, index, budget, page in (("HTML", 0, HTML_ALONE, heaviest_html),
                                              ("first view", 1, FIRST_VIEW, heaviest_view))
            if weights[page][index] > budget]
    assert not over, "\n".join(over)
