"""English and Pashto: which language a page speaks, the switch that remembers it, right to left,
Pashto digits in scores (never in exports), and catalogues that hold every word the pages say."""
import ast
import io
import json
import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po

from conftest import PASHTO_CATALOGUES, example_paths, load_example, pashto_messages, play_through_forms, record, unisolated
from games import as_tested
from rules_engine import GAMES
from scorepad.web import i18n

ROOT = Path(__file__).resolve().parent.parent
CATALOGUE_IDS = [path.relative_to(ROOT / "translations").parts[0] if "games" not in path.parts
                 else path.parent.parent.parent.name for path in PASHTO_CATALOGUES]
EASTERN = re.compile("[\u0660-\u0669\u06f0-\u06f9]")


def html_tag(response):
    return re.search(r"<html[^>]*>", response.get_data(as_text=True)).group(0)


def imported(client, path_stem):
    path = next(p for p in example_paths() if p.stem == path_stem)
    game_record, _ = load_example(path)
    response = client.post("/games/import", data={"record": json.dumps(game_record)})
    assert response.status_code == 302
    return response.headers["Location"].rsplit("/", 1)[1]


# --- which language ------------------------------------------------------------------------------

@pytest.mark.parametrize("header", ["ps", "ps-AF", "ps-PK", "ps-PK, en;q=0.9", "fa;q=0.9, ps-AF;q=0.8, en;q=0.5"])
def test_a_browser_that_prefers_pashto_gets_pashto_right_to_left(client, header):
    assert html_tag(client.get("/", headers={"Accept-Language": header})) == '<html lang="ps" dir="rtl">'


@pytest.mark.parametrize("header", ["fa", "ar", "de", "en-GB", "fa, ar;q=0.9", "*", "", None])
def test_any_other_browser_gets_english_never_another_language(client, header):
    headers = {} if header is None else {"Accept-Language": header}
    assert html_tag(client.get("/", headers=headers)) == '<html lang="en" dir="ltr">'


def test_a_page_says_it_depends_on_the_browsers_languages(client):
    assert "Accept-Language" in client.get("/").headers["Vary"]


def test_the_switch_sets_a_long_lived_cookie_and_goes_back_to_the_same_page(client):
    response = client.get("/language/ps?next=/players")
    assert response.status_code == 303 and response.headers["Location"] == "/players"
    cookie = response.headers["Set-Cookie"]
    assert cookie.startswith("lang=ps;") and "Path=/" in cookie and "SameSite=Lax" in cookie
    assert int(re.search(r"Max-Age=(\d+)", cookie).group(1)) >= 365 * 24 * 3600
    # remembered: the cookie wins over the browser's own preference, both ways
    assert html_tag(client.get("/players", headers={"Accept-Language": "en"})) == '<html lang="ps" dir="rtl">'
    client.get("/language/en?next=/")
    assert html_tag(client.get("/players", headers={"Accept-Language": "ps"})) == '<html lang="en" dir="ltr">'


@pytest.mark.parametrize("target", ["//evil.example/", "https://evil.example/", "/\\evil.example", "http:/x",
                                    "evil.example", "", "/%0d%0aSet-Cookie:x=1"])
def test_the_switch_goes_back_only_to_a_page_of_this_site(client, target):
    response = client.get("/language/ps", query_string={"next": target})
    location = response.headers["Location"]
    assert response.status_code == 303
    assert location.startswith("/") and not location.startswith("//") and "\\" not in location and "\n" not in location


def test_an_unknown_language_changes_nothing(client):
    response = client.get("/language/fa?next=/")
    assert response.status_code == 303 and "Set-Cookie" not in response.headers
    client.set_cookie("lang", "fa")                     # a cookie we never set: ignored
    assert html_tag(client.get("/")) == '<html lang="en" dir="ltr">'


def test_every_page_offers_the_other_language_in_its_own_script(client):
    game_id = play_through_forms(client, record("pitch", ["Ann", "Ben", "Cy"]))
    for url in ["/", "/games/new", "/rules", "/calculators", f"/games/{game_id}", f"/games/{game_id}/hands/new",
                f"/games/{game_id}/history", "/games/not-a-game"]:
        page = client.get(url).get_data(as_text=True)
        assert re.search(r'<a class="lang" href="/language/ps\?next=[^"]*" hreflang="ps">'
                         r'<span class="visually-hidden">Language: </span><span lang="ps">پښتو</span></a>', page), url
    client.set_cookie("lang", "ps")
    page = client.get(f"/games/{game_id}?page=1").get_data(as_text=True)
    href = f"/language/en?next=/games/{game_id}%3Fpage%3D1"
    assert f'href="{href}"' in page
    assert client.get(href).headers["Location"] == f"/games/{game_id}?page=1"
    assert 'hreflang="en"' in page and '<span lang="en">English</span>' in page


def test_a_kept_page_is_kept_once_per_language(client):
    game_id = play_through_forms(client, record("oh_hell", ["Ann", "Ben", "Cy"], [{"bids": [1, 0, 0], "tricks": [1, 0, 0]}]))
    english = client.get(f"/games/{game_id}")
    client.set_cookie("lang", "ps")
    pashto = client.get(f"/games/{game_id}")
    assert html_tag(english) == '<html lang="en" dir="ltr">' and html_tag(pashto) == '<html lang="ps" dir="rtl">'
    assert english.headers["ETag"] != pashto.headers["ETag"]
    # the English copy a phone holds is not "not modified" once it reads Pashto
    assert client.get(f"/games/{game_id}", headers={"If-None-Match": english.headers["ETag"]}).status_code == 200
    client.set_cookie("lang", "en")
    assert html_tag(client.get(f"/games/{game_id}")) == '<html lang="en" dir="ltr">'


# --- words -----------------------------------------------------------------------------------------

def test_a_translated_word_reaches_the_page_end_to_end(client):
    client.set_cookie("lang", "ps")
    page = client.get("/").get_data(as_text=True)
    assert "ژبه:" in page and "لوبغاړي" in page            # "Language:", "Players" from messages.mo
    assert "Language:" not in page


def test_words_without_pashto_fall_back_to_english(app):
    with app.test_request_context(headers={"Cookie": "lang=ps"}):
        assert i18n._("Words nobody has translated yet, %(number)s", number=3) == "Words nobody has translated yet, ۳"


def test_errors_are_in_the_page_language(client):
    client.set_cookie("lang", "ps")
    response = client.get("/games/no-such-game")
    assert response.status_code == 404 and html_tag(response) == '<html lang="ps" dir="rtl">'


def test_names_typed_by_players_are_isolated_and_never_translated(client):
    game_id = play_through_forms(client, record("back_alley", ["Ann", "Ben", "احمد", "Dee"]))
    for lang in ("en", "ps"):
        client.set_cookie("lang", lang)
        page = client.get(f"/games/{game_id}").get_data(as_text=True)
        assert '<bdi class="name">Ann &amp; احمد</bdi>' in page
        assert "<bdi>Ann</bdi>" in page                  # the print line's players


# --- digits ----------------------------------------------------------------------------------------

def test_pashto_scores_have_pashto_digits_kept_left_to_right(client):
    game_id = imported(client, "smear-to-15")
    english = client.get(f"/games/{game_id}").get_data(as_text=True)
    client.set_cookie("lang", "ps")
    pashto = client.get(f"/games/{game_id}").get_data(as_text=True)
    english_totals = re.findall(r"<b>(-?\d+)</b>", english.split('class="sides"')[1].split("</ul>")[0])
    pashto_totals = re.findall(r"<b>([^<]+)</b>", pashto.split('class="sides"')[1].split("</ul>")[0])
    assert english_totals and [t.translate(i18n.PASHTO_DIGITS) for t in english_totals] == pashto_totals
    assert not re.search(r"[0-9]", "".join(pashto_totals))
    assert re.search(r'<td>[+-][۰-۹]+<b>-?[۰-۹]+</b></td>', pashto)    # a hand's signed points and total
    css = (ROOT / "static" / "app.css").read_text()      # kept left to right by the CSS, each cell and total once
    assert ".board tr:not(.facts) td{direction:ltr}" in css and re.search(r"\.sides b\{[^}]*direction:ltr", css)


def pashto_name(game):
    """A game's name as its Pashto catalogue says it."""
    english = str(GAMES[game].title)
    return next(message.string for message in pashto_messages() if message.id == english)


@pytest.mark.parametrize("game", list(GAMES))
def test_a_game_is_named_in_pashto_with_its_english_name_beside_it_on_headings(client, game):
    players = ["Ann", "Ben", "Cy", "Dee"][:max(GAMES[game].min_players, min(4, GAMES[game].max_players))]
    game_id = play_through_forms(client, record(game, players))
    english = str(GAMES[game].title)
    beside = f'{pashto_name(game)} <small>(<bdi lang="en">{english}</bdi>)</small>'
    client.set_cookie("lang", "ps")
    for url in (f"/rules/{game}", f"/games/new/{game}", f"/games/{game_id}", f"/games/{game_id}/tv", "/rules", "/games/new"):
        page = client.get(url).get_data(as_text=True)
        assert beside in page, url
    assert f"<title>{pashto_name(game)}" in client.get(f"/games/{game_id}").get_data(as_text=True)
    client.set_cookie("lang", "en")
    heading = re.search(r"<h1>(.*?)</h1>", client.get(f"/rules/{game}").get_data(as_text=True)).group(1)
    assert heading == f"{english} rules"                # in English, the name once


@pytest.mark.parametrize("game", list(GAMES))
def test_pashto_rules_say_their_sentences_and_the_games_numbers_in_pashto(client, game):
    """The rules themselves (not the settings list after them): Pashto words and digits, the game's
    own numbers among them; only the examples' players, La Podrida and the order's choice words
    (forms.py's messages) may be in English letters."""
    players = ["Ann", "Ben", "Cy", "Dee"][:max(GAMES[game].min_players, min(4, GAMES[game].max_players))]
    game_id = play_through_forms(client, record(game, players, settings=as_tested(game).rules_settings))
    client.set_cookie("lang", "ps")
    for url in (f"/rules/{game}", f"/rules/{game}?game={game_id}"):
        article = client.get(url).get_data(as_text=True).split('<article class="rules">', 1)[1]
        rules = re.sub(r"<[^>]+>|&amp;", " ", article.rsplit("<h2>", 1)[0])       # up to the settings' heading
        assert EASTERN.search(rules) and not re.search(r"[0-9]", rules), url
        latin = set(re.findall(r"[A-Za-z]+", rules)) - {"Ann", "Ben", "Cy", "Dee", "La", "Podrida", "up", "down", "then"}
        assert not latin, (url, latin)
    assert as_tested(game).rules_say in rules       # every game says its own numbers (its TESTED.rules_say)


def test_exports_keep_ascii_digits_on_a_pashto_phone(client):
    game_id = imported(client, "smear-to-15")
    client.set_cookie("lang", "ps")
    for url in (f"/games/{game_id}/scores.csv", f"/games/{game_id}/record.json"):
        body = client.get(url).get_data(as_text=True)
        assert re.search(r"[0-9]", body) and not EASTERN.search(body), url
    json.loads(client.get(f"/games/{game_id}/record.json").get_data(as_text=True))


def test_digits_and_numbers_in_words(app):
    with app.test_request_context(headers={"Accept-Language": "ps"}):
        assert i18n.digits(-120) == "-۱۲۰" and i18n.digits("hand 3") == "hand ۳"
        assert str(i18n.num(-3)) == '<span class="n">-۳</span>' and str(i18n.points(4)) == '<span class="n">+۴</span>'
        assert i18n.n_("%(num)s hand", "%(num)s hands", 3) == "۳ لاسه"
        assert i18n._("Hand %(number)s", number=12) == "لاس ۱۲"
    with app.test_request_context():
        assert i18n.digits(-120) == "-120" and str(i18n.num(-3)) == "-3" and str(i18n.points(0)) == "0"
        assert i18n.n_("%(num)s hand", "%(num)s hands", 1) == "1 hand" and i18n._("Hand %(number)s", number=12) == "Hand 12"
    assert i18n.lang() == "en"                          # outside a request


def test_numbers_typed_in_any_digits_are_read(client):
    """forms.whole_number reads ASCII, Eastern Arabic and Persian digits and a typed minus."""
    from scorepad.web import forms
    assert forms.whole_number("۱۲", "x") == forms.whole_number("١٢", "x") == forms.whole_number(" 12 ", "x") == 12
    assert forms.whole_number("−۳", "x") == forms.whole_number("-3", "x") == -3


def test_gin_deadwood_typed_in_pashto_digits_scores_as_ascii(client):
    game_id = play_through_forms(client, record("gin3", ["Ann", "Ben", "Cy"]))
    client.set_cookie("lang", "ps")
    response = client.post(f"/games/{game_id}/hands/new", data={"result": "knock", "knocker": "box",
                                                                 "deadwood_box": "۵", "deadwood_team": "٢٠"})
    assert response.status_code == 302, unisolated(response.get_data(as_text=True))
    stored = json.loads(client.get(f"/games/{game_id}/record.json").get_data(as_text=True))
    assert stored["hands"][0]["deadwood"] == {"box": 5, "team": 20}


# --- dates -----------------------------------------------------------------------------------------

def test_dates_are_gregorian_with_pashto_month_names(client):
    from babel.dates import get_month_names
    game_id = play_through_forms(client, record("pitch", ["Ann", "Ben", "Cy"]))
    client.set_cookie("lang", "ps")
    shown = re.findall(r'<time datetime="([^"]+)">([^<]+)</time>', client.get(f"/games/{game_id}/history").get_data(as_text=True))
    assert shown
    at, words = shown[0]
    month = get_month_names("wide", locale="ps")[int(at[5:7])]
    assert month in words and at[:4].translate(i18n.PASHTO_DIGITS) in words and not re.search("[0-9]", words)
    client.set_cookie("lang", "en")
    assert re.search(r'<time datetime="[^"]+">\d{4}-\d\d-\d\d \d\d:\d\d UTC</time>',
                     client.get(f"/games/{game_id}/history").get_data(as_text=True))


# --- catalogues ------------------------------------------------------------------------------------

def extracted_messages() -> dict[str, str]:
    """Every message babel.cfg extracts from the project now: msgid -> where."""
    with open(ROOT / "babel.cfg") as cfg:
        method_map, options_map = parse_mapping_cfg(cfg)
    found: dict[str, str] = {}
    skip = {"tests", "bench", "translations", "instance", "examples", "docs", "mutants"}   # mutants: a mutation run's copies
    for filename, lineno, message, _comments, _context in extract_from_dir(
            ROOT, method_map, options_map,
            directory_filter=lambda path: not any(part.startswith((".", "_")) or part in skip
                                                  for part in Path(path).relative_to(ROOT).parts)):
        for msgid in (message if isinstance(message, tuple) else (message,)):
            if msgid:
                found.setdefault(msgid, f"{filename}:{lineno}")
    return found


def test_every_message_the_pages_say_is_in_a_pashto_catalogue():
    said = list(pashto_messages())
    known = {m.id[0] if isinstance(m.id, tuple) else m.id for m in said}
    known |= {m.id[1] for m in said if isinstance(m.id, tuple)}
    missing = {msgid: where for msgid, where in extracted_messages().items() if msgid not in known}
    assert not missing, "in no Pashto catalogue (run sh translations/update.sh):\n" + \
        "\n".join(f"  {where}: {msgid!r}" for msgid, where in sorted(missing.items(), key=lambda m: m[1]))


def test_a_game_brings_its_words_in_its_own_catalogue(app):
    """Each game's catalogue (translations/games/<id>/) is read by the app besides the shared one."""
    from scorepad.web.i18n import catalogue_folders
    games = {path.parent.parent.parent.name for path in PASHTO_CATALOGUES if "games" in path.parts}
    assert games and games <= set(GAMES)
    assert catalogue_folders(app) == ["translations", *(f"translations/games/{game}" for game in sorted(games))]


def test_one_english_message_reads_the_same_in_every_catalogue():
    """A message two catalogues hold (a label several games use) has one Pashto: the app merges
    the catalogues, so the last would silently win."""
    said: dict = {}
    for message in pashto_messages():
        said.setdefault(message.id if isinstance(message.id, str) else tuple(message.id), set()).add(
            message.string if isinstance(message.string, str) else tuple(message.string))
    differing = {msgid: strings for msgid, strings in said.items() if len(strings) > 1}
    assert not differing, differing


TRANSLATING_CALLS = {"_", "n_", "say", "say_n", "lazy_gettext"}      # babel.cfg's keywords for Python


def test_every_message_written_in_python_is_extracted_even_inside_another_call():
    """A message written anywhere in the code, even as an argument of another translated message
    (which pybabel silently skips), reaches the catalogue."""
    extracted = set(extracted_messages())
    written = {}
    for path in [ROOT / "app.py", *ROOT.glob("scorepad/**/*.py"), *ROOT.glob("rules_engine/**/*.py")]:
        if any(part.startswith((".", "_")) and part != "__init__.py" for part in path.relative_to(ROOT).parts):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in TRANSLATING_CALLS
                    and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
                written.setdefault(node.args[0].value, f"{path.relative_to(ROOT)}:{node.lineno}")
    assert len(written) > 400
    missing = {msgid: where for msgid, where in written.items() if msgid not in extracted}
    assert not missing, "written but not extracted (take the inner message out of the outer call):\n" + \
        "\n".join(f"  {where}: {msgid!r}" for msgid, where in sorted(missing.items(), key=lambda m: m[1]))


PLACEHOLDER = re.compile(r"%\(\w+\)s|%%|\{\w+\}")


@pytest.mark.parametrize("po", PASHTO_CATALOGUES, ids=CATALOGUE_IDS)
def test_every_message_has_its_pashto_with_the_same_placeholders(po):
    """Nothing shows in English on a Pashto page, and every value a sentence is given has its place
    in the Pashto (placeholders may move, never go missing or change name)."""
    with open(po, "rb") as file:
        catalogue = read_po(file)
    untranslated, misplaced = [], []
    for message in catalogue:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if not all(strings):
            untranslated.append(ids[0])
            continue
        wanted = sorted(PLACEHOLDER.findall(ids[-1]))
        for string in strings:
            got = sorted(PLACEHOLDER.findall(string))
            if got != wanted and not (len(ids) == 2 and string is strings[0] and set(got) <= set(wanted)):
                misplaced.append(f"{ids[0]!r}: {string!r}")
    assert not untranslated, f"{len(untranslated)} without Pashto, e.g. {untranslated[:5]}"
    assert not misplaced, "\n".join(misplaced)


@pytest.mark.parametrize("po", PASHTO_CATALOGUES, ids=CATALOGUE_IDS)
def test_the_catalogue_says_plural_forms_for_pashto(po):
    with open(po, "rb") as file:
        catalogue = read_po(file)
    assert catalogue.plural_forms == "nplurals=2; plural=(n != 1);"


@pytest.mark.parametrize("po", PASHTO_CATALOGUES, ids=CATALOGUE_IDS)
def test_the_compiled_catalogue_is_up_to_date_with_the_po(po):
    with open(po, "rb") as file:
        catalogue = read_po(file)
    fresh = io.BytesIO()
    write_mo(fresh, catalogue)
    fresh.seek(0)
    with open(po.with_suffix(".mo"), "rb") as mo:
        committed = read_mo(mo)
    compiled = read_mo(fresh)
    assert pairs(committed) == pairs(compiled), "messages.mo is older than messages.po: sh translations/update.sh"


def pairs(catalogue):
    frozen = lambda text: text if isinstance(text, str) else tuple(text)      # noqa: E731  (plurals)
    return {(frozen(m.id), frozen(m.string)) for m in catalogue if m.id}


def test_templates_say_no_english_outside_gettext():
    """A crude net for words left out of _(): text between tags that has letters and no Jinja."""
    untranslated = []
    for path in sorted((ROOT / "templates").glob("**/*.html")):      # the rules pages too
        source = re.sub(r"{#.*?#}|{{.*?}}|{%.*?%}", "", path.read_text(), flags=re.S)
        for chunk in re.findall(r">([^<>]+)<", source):
            bare = re.sub(r'[\w-]+="[^"]*"', "", chunk).strip()          # a macro's attributes
            if re.search(r"[A-Za-z]{2,}", bare):
                untranslated.append(f"{path.name}: {bare!r}")
    assert not untranslated, "\n".join(untranslated)


def test_offline_words_are_in_each_pages_own_language(client):
    """A phone keeps one service worker whichever language fetched it: it carries both languages'
    words for a page it never kept. What a page says offline, it says from its own words."""
    script = client.get("/sw.js").get_data(as_text=True)
    words = json.loads(re.search(r"var WORDS = (\{.*?\}\}), LANG", script).group(1))
    assert words["en"]["title"] == "Offline" and words["ps"]["title"] == "آفلاین"
    assert "لاسرسی نشته" in words["ps"]["unreached"]
    client.set_cookie("lang", "ps")
    said = dict(re.findall(r'data-([a-z-]+)="([^"]*)"', re.search(r"<p data-sending[^>]*>", client.get("/").get_data(
        as_text=True)).group(0)))
    assert said["offline"] == "آفلاین - وروستی ځل په %(time)s تازه شو"
    assert all("%(time)s" in said[name] for name in ("waiting", "waiting-other", "sent"))
    assert not re.search("[A-Za-z]", "".join(said.values()).replace("%(time)s", ""))
