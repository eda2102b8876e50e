"""The web app through Flask's test client: every page and every error path."""
import html
import json
import re

import pytest

from conftest import (
    example_paths,
    form_data,
    joined,
    load_example,
    new_game_data,
    play_through_forms,
    record,
    unisolated,
)
from rules_engine import GAMES, score


def text(response):
    """The page's main content with white space folded."""
    page = unisolated(response.get_data(as_text=True))
    return re.sub(r"\s+", " ", page[page.find("<main>"):])


def errors(response):
    return [html.unescape(e) for e in re.findall(r'class="error"[^>]*>([^<]*)<', response.get_data(as_text=True))]


FOUR = ["Ann", "Ben", "Cy", "Dee"]


def start(client, game_id="oh_hell", players=FOUR, **extra):
    data = new_game_data(record(game_id, players, **extra)) | extra.pop("form", {})
    response = client.post(f"/games/new/{game_id}", data=data)
    assert response.status_code == 302
    return response.headers["Location"].rsplit("/", 1)[1]


def test_home_lists_games_newest_first_with_the_leader(client):
    assert "No games yet" in text(client.get("/"))
    first = start(client)
    client.post(f"/games/{first}/hands/new", data={"bid_0": "0", "bid_1": "1", "bid_2": "0", "bid_3": "0"})
    client.post(f"/games/{first}/hands/new", data={"tricks_0": "0", "tricks_1": "1", "tricks_2": "0", "tricks_3": "0"})
    start(client, "pitch", ["Eve", "Fay", "Gus"])
    page = text(client.get("/"))
    assert page.index("Pitch") < page.index("Oh Hell")
    assert "Leading: Ben (11)" in page and "Eve, Fay, Gus" in page


def test_choose_game_lists_all_five(client):
    page = text(client.get("/games/new"))
    for title in ("Oh Hell", "Back Alley", "Pitch", "Smear", "Three-player Gin"):
        assert title in page


@pytest.mark.parametrize("game_id, control, help_words", [
    ("oh_hell", 'name="setting_max_cards" type="text" value=""',
     "Cards each in the biggest hand: from 1 up to 52 divided by the number of players. "
     "Blank: 15 for 3 players, 13 for 4 players, 10 for 5 players"),
    ("oh_hell", 'name="setting_hook" type="checkbox" value="y">',
     "Screw the dealer: the dealer may not bid so that all the bids add up to the cards dealt."),
    ("oh_hell", 'name="setting_scoring" value="exact" checked',
     "Exact: 10 + tricks for taking exactly your bid, else 0. Tricks plus bonus: 1 a trick, and 10 more when exact."),
    ("back_alley", 'name="setting_max_cards" type="text" value="13"',
     "Cards each in the first and last deal; 13 plays all 25 deals. Allowed: 1 to 13."),
    ("back_alley", 'name="setting_bid_points" type="text" value="5"',
     "Points per trick bid, when the team makes its bid (and lost per trick bid when it does not). Allowed: 1 to 100."),
    ("pitch", 'name="setting_target" type="text" value="7"',
     "Points needed to win (11, 15 and 21 are common). Allowed: 1 to 500."),
    ("pitch", 'name="setting_win_rule" value="bidder_out" checked',
     "Bidder out: only the pitcher&#39;s side can go out, on a hand where it makes its bid."),
    ("smear", 'name="setting_target" type="text" value="15"', "Points needed to win. Allowed: 1 to 500."),
    ("smear", 'name="setting_extra_cards" type="text" value="0"',
     "Undealt cards the bidder may take before discarding back to 6. Allowed: 0 to 3."),
    ("gin3", 'name="setting_knock_limit" type="text" value="10"', "Most deadwood a player may knock with. Allowed: 1 to 10."),
    ("gin3", 'name="setting_gin_bonus" type="text" value="25"',
     "Bonus for going gin (20 is also common). Allowed: 0 to 100."),
    ("gin3", 'name="setting_target" type="text" value="100"', "Points needed to end the game. Allowed: 1 to 1000."),
])
def test_new_game_form_shows_every_setting_with_default_and_help(client, game_id, control, help_words):
    from rules_engine import GAMES
    page = client.get(f"/games/new/{game_id}").get_data(as_text=True)
    assert control in page and help_words in page          # the default a player starts from, and why
    game = GAMES[game_id]
    for setting in game.settings(game.min_players):
        assert f'name="setting_{setting.name}"' in page


def test_new_game_offers_known_names(client):
    start(client)
    page = client.get("/games/new/pitch").get_data(as_text=True)
    assert '<option value="Ann">' in page and 'list="names"' in page


@pytest.mark.parametrize("change, message", [
    ({"player_3": "ann"}, "Two players are called ann: give each a different name."),
    ({"player_1": "", "player_2": "", "player_3": ""}, "Oh Hell is for 3 to 7 players, not 1."),
    ({"setting_max_cards": "14"}, "Max cards must be from 1 to 13, not 14."),
    ({"setting_max_cards": "many"}, "Enter a whole number."),
    ({"setting_order": "sideways"}, "Order must be one of up, down, up_down, down_up."),
    ({"first_dealer": "6"}, "Pick one of the players entered."),
    ({"player_0": "x" * 41}, "A name has at most 40 characters."),
])
def test_new_game_errors_are_shown_next_to_the_field_and_keep_values(client, change, message):
    data = new_game_data(record("oh_hell", FOUR)) | change
    response = client.post("/games/new/oh_hell", data=data)
    assert response.status_code == 200
    assert message in errors(response)
    assert 'value="Ben"' in response.get_data(as_text=True) or change.get("player_1") == ""


def form_state(page):
    """What the page's form holds, field by field, as a browser would send it: each text or hidden
    field's value, the ticked boxes and chosen options (a list per name, in page order)."""
    from html.parser import HTMLParser
    state = {}

    class Fields(HTMLParser):
        select = None

        def handle_starttag(self, tag, attrs):
            attrs = dict(attrs)
            if tag == "select":
                self.select = attrs.get("name")
            elif tag == "option" and self.select and "selected" in attrs:
                state.setdefault(self.select, []).append(attrs.get("value", ""))
            elif tag == "input" and "name" in attrs:
                if attrs.get("type") not in ("radio", "checkbox") or "checked" in attrs:
                    state.setdefault(attrs["name"], []).append(attrs.get("value", "y"))

        def handle_endtag(self, tag):
            if tag == "select":
                self.select = None

    Fields().feed(page)
    return state


def typed_new_game(game, count):
    """The new-game form as a table fills it in, every field away from its default: names, colours,
    the second dealer, a note, and each setting's other end, a switch ticked, the last choice, every
    point."""
    from scorepad.games import pages_of
    from scorepad.web.colours import PALETTE
    data = {f"player_{seat}": name for seat, name in enumerate(["Ann", "Ben", "Cy", "Dee"][:count])}
    data |= {f"colour_{seat}": PALETTE[-1 - seat].id for seat in range(count)}
    data |= {"first_dealer": "1", "note": "Cabin weekend"}
    if pages_of(game.id).first_role == "box":
        data["first_captain"] = "2"
    for setting in game.settings(count):
        name = f"setting_{setting.name}"
        if setting.kind.value == "whole":
            data[name] = str(setting.maximum if setting.default == setting.minimum else setting.minimum)
        elif setting.kind.value == "switch":
            if not setting.default:
                data[name] = "y"
        elif setting.kind.value == "choice":
            data[name] = next(c for c in reversed(setting.choices) if c != setting.default)
        else:
            data[name] = ["", *setting.choices]          # the boxes' marker, then every box ticked
    return data


def sent(data):
    return {name: value if isinstance(value, list) else [value] for name, value in data.items()}


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_bad_number_for_a_setting_is_refused_next_to_it_and_keeps_everything_typed(client, game_id):
    """For every game found and each of its whole-number settings: one past either end of its range
    is refused next to that field in words that give the range, and so are words and a number too
    long to read; every field of the form comes back as it was typed (the bad value too, to be
    corrected), and no game is started."""
    game = GAMES[game_id]
    count = max(game.min_players, min(game.max_players, 4))
    for setting in game.settings(count):
        if setting.kind.value != "whole":
            continue
        allowed = f"from {setting.minimum} to {setting.maximum}" + (" or none" if setting.optional else "")
        for bad, said in [(setting.maximum + 1, f"must be {allowed}, not {setting.maximum + 1}."),
                          (setting.minimum - 1, f"must be {allowed}, not {setting.minimum - 1}."),
                          ("many", "Enter a whole number."),
                          ("1" + "0" * 400, "That number is too large.")]:
            data = typed_new_game(game, count) | {f"setting_{setting.name}": str(bad)}
            response = client.post(f"/games/new/{game_id}", data=data)
            page = response.get_data(as_text=True)
            label = html.unescape(re.search(rf'<label for="setting_{setting.name}"[^>]*>([^<]+)<', page).group(1))
            message = f"{label} {said}" if said.startswith("must") else said
            assert response.status_code == 200 and errors(response) == [message], (setting.name, bad)
            assert f'id="setting_{setting.name}-error"' in page
            assert {name: values for name, values in form_state(page).items() if name in data} == sent(data), (
                setting.name, bad)
    assert "No games yet" in text(client.get("/"))


def test_a_name_too_long_does_not_hide_the_other_errors(client):
    """A name past 40 characters (a form sent without the page's maxlength) is named next to it,
    once, together with a bad setting and a blank box between names; nothing is started."""
    data = new_game_data(record("oh_hell", FOUR + ["Eve"])) | {
        "player_0": "x" * 41, "player_2": "", "setting_max_cards": "14", "note": "n" * 201}
    response = client.post("/games/new/oh_hell", data=data)
    page = response.get_data(as_text=True)
    assert error_of(page, "player_0") == ["A name has at most 40 characters."]
    assert error_of(page, "player_2") == [EMPTY_SEAT]
    assert error_of(page, "setting_max_cards") == ["Max cards must be from 1 to 13, not 14."]
    assert error_of(page, "note") == ["A note has at most 200 characters."]
    assert form_state(page)["player_0"] == ["x" * 41] and form_state(page)["player_3"] == ["Dee"]
    assert "No games yet" in text(client.get("/"))


def test_pitchs_target_past_500_is_refused_on_the_form_in_the_engines_words(client):
    page = client.get("/games/new/pitch").get_data(as_text=True)
    target = re.search(r'<input[^>]*name="setting_target"[^>]*>', page).group(0)
    assert 'data-min="1"' in target and 'data-max="500"' in target          # the - and + stop at the ends
    data = new_game_data(record("pitch", ["Ann", "Ben", "Cy"])) | {"setting_target": "501", "note": "Cabin weekend"}
    response = client.post("/games/new/pitch", data=data)
    assert errors(response) == ["Target must be from 1 to 500, not 501."]
    assert form_state(response.get_data(as_text=True))["note"] == ["Cabin weekend"]
    data["setting_target"] = "1" + "0" * 400
    response = client.post("/games/new/pitch", data=data)
    assert errors(response) == ["That number is too large."]
    assert form_state(response.get_data(as_text=True))["player_2"] == ["Cy"]
    data["setting_target"] = "500"
    assert client.post("/games/new/pitch", data=data).status_code == 302


def test_oh_hell_largest_hand_left_blank_follows_the_player_count(client):
    page = client.get("/games/new/oh_hell").get_data(as_text=True)
    assert "Blank: 15 for 3 players, 13 for 4 players, 10 for 5 players" in page
    data = new_game_data(record("oh_hell", FOUR + ["Eve"], settings={"order": "down"})) | {"setting_max_cards": ""}
    game_id = client.post("/games/new/oh_hell", data=data).headers["Location"].rsplit("/", 1)[1]
    assert "Ann deals 10 cards" in text(client.get(f"/games/{game_id}"))
    assert "max_cards" not in client.get(f"/games/{game_id}/record.json").get_json()["settings"]


def test_a_repeated_name_is_flagged_on_the_second_one(client):
    data = new_game_data(record("oh_hell", FOUR)) | {"player_1": "", "player_3": " ann"}
    response = client.post("/games/new/oh_hell", data=data)
    assert 'id="player_3-error"' in response.get_data(as_text=True)
    assert errors(response) == [EMPTY_SEAT, "Two players are called ann: give each a different name."]


EMPTY_SEAT = "Type a name here, or move the players after it up a seat."


def error_of(page, name):
    """The messages shown next to field `name` (its error paragraphs), as a player reads them."""
    return [html.unescape(e) for e in re.findall(rf'class="error" id="{name}-error">([^<]*)<', page)]


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_blank_box_between_names_is_refused_next_to_it_and_nothing_is_started(client, game_id):
    """For every game found: Ann, (blank), Cy... is not a smaller game. The blank box is refused
    next to it, in the box's own number; every name, colour and the dealer tapped come back as
    typed, and no game is started. Blank boxes after the last name stay fine."""
    game = GAMES[game_id]
    count = max(game.min_players, min(game.max_players, 4))
    data = typed_new_game(game, count)
    if game.max_players < 3:
        pytest.skip("no box between two others")
    names = ["Ann", "", "Cy", "Dee", "Eve"][:min(count + 1, game.max_players)]
    data |= {f"player_{seat}": name for seat, name in enumerate(names)}
    data |= {f"colour_{seat}": data.get(f"colour_{seat}", "") for seat in range(len(names))}
    data["first_dealer"] = "2"                                    # Cy, the third box
    response = client.post(f"/games/new/{game_id}", data=data)
    page = response.get_data(as_text=True)
    assert response.status_code == 200 and error_of(page, "player_1") == [EMPTY_SEAT]
    assert {name: values for name, values in form_state(page).items() if name in data} == sent(data)
    assert "No games yet" in text(client.get("/"))
    full = new_game_data(record(game_id, ["Ann", "Ben", "Cy", "Dee"][:count]))
    full |= {f"player_{seat}": "" for seat in range(count, game.max_players)}
    assert client.post(f"/games/new/{game_id}", data=full).status_code == 302        # spare boxes after: fine


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_bad_field_is_named_at_once_and_everything_typed_kept(client, game_id):
    """For every game found: every whole-number setting past its end, a name typed twice and a
    colour taken twice come back in one answer, each message next to its own field, with every
    field as typed and no game started."""
    game = GAMES[game_id]
    count = max(game.min_players, min(game.max_players, 4))
    data = typed_new_game(game, count)
    wholes = [setting for setting in game.settings(count) if setting.kind.value == "whole"]
    data |= {f"setting_{setting.name}": str(setting.maximum + 1) for setting in wholes}
    last = count - 1
    data |= {f"player_{last}": " ann", f"colour_{last}": data["colour_0"]} if count > 1 else {}
    response = client.post(f"/games/new/{game_id}", data=data)
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    for setting in wholes:
        label = html.unescape(re.search(rf'<label for="setting_{setting.name}"[^>]*>([^<]+)<', page).group(1))
        allowed = f"from {setting.minimum} to {setting.maximum}" + (" or none" if setting.optional else "")
        assert error_of(page, f"setting_{setting.name}") == [
            f"{label} must be {allowed}, not {setting.maximum + 1}."], setting.name
    if count > 1:
        assert error_of(page, f"player_{last}") == ["Two players are called ann: give each a different name."]
        assert len(error_of(page, f"colour_{last}")) == 1
    assert len(errors(response)) == len(wholes) + (2 if count > 1 else 0)
    assert {name: values for name, values in form_state(page).items() if name in data} == sent(data)
    assert "No games yet" in text(client.get("/"))


def test_partnership_pitch_needs_four_players(client):
    data = new_game_data(record("pitch", ["Ann", "Ben", "Cy"])) | {"setting_partnerships": "y"}
    response = client.post("/games/new/pitch", data=data)
    assert "Partnerships need exactly 4 players, not 3." in text(response)


def test_unknown_games_and_pages_are_friendly_404s(client):
    for url in ("/games/999", "/games/new/bridge", "/games/999/hands/new", "/games/999/record.json",
                "/games/abc", "/nothing"):
        response = client.get(url)
        assert response.status_code == 404 and "There is no such game" in text(response)


def test_names_are_escaped(client):
    game_id = start(client, players=["<b>Ann</b>", "Ben", "Cy", "Dee"])
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "<b>Ann</b>" not in page and "&lt;b&gt;Ann&lt;/b&gt;" in page


def test_oh_hell_two_steps_bids_survive_a_reload_and_another_phone(app, client):
    game_id = start(client, first_dealer=3)
    response = client.post(f"/games/{game_id}/hands/new", data={"bid_0": "1", "bid_1": "0", "bid_2": "0", "bid_3": "0"})
    assert response.headers["Location"].endswith(f"/games/{game_id}/hands/new")
    other_phone = joined(app, client, game_id)
    page = text(other_phone.get(f"/games/{game_id}/hands/new"))
    assert "Hand 1: tricks" in page and "Bids: Ann 1, Ben 0, Cy 0, Dee 0." in page
    assert "Enter the tricks for hand 1" in text(other_phone.get(f"/games/{game_id}"))
    response = other_phone.post(f"/games/{game_id}/hands/new",
                                data={"tricks_0": "1", "tricks_1": "0", "tricks_2": "0", "tricks_3": "0"})
    assert response.status_code == 302
    board = text(client.get(f"/games/{game_id}"))
    assert "Hand 2 of 13" in board and "Ann deals 2 cards" in board and "Ben bids first" in board


def test_tricks_that_do_not_add_up_are_refused_and_the_bids_kept(client):
    game_id = start(client)
    client.post(f"/games/{game_id}/hands/new", data={"bid_0": "1", "bid_1": "0", "bid_2": "0", "bid_3": "0"})
    tricks = {"tricks_0": "1", "tricks_1": "1", "tricks_2": "0", "tricks_3": "0"}
    response = client.post(f"/games/{game_id}/hands/new", data=tricks)
    assert response.status_code == 200
    assert "The tricks add up to 2, but 1 card was dealt." in text(response)
    assert "Bids: Ann 1, Ben 0, Cy 0, Dee 0." in text(response)
    assert 'name="tricks_1" value="1" checked' in response.get_data(as_text=True)


def test_a_missing_choice_is_named(client):
    game_id = start(client)
    response = client.post(f"/games/{game_id}/hands/new", data={"bid_0": "1", "bid_1": "0", "bid_2": "0"})
    assert errors(response) == ["Choose Dee's bid."]


def test_hook_rejects_the_dealer_bid_next_to_the_dealer(client):
    game_id = start(client, settings={"hook": True}, first_dealer=0)
    response = client.post(f"/games/{game_id}/hands/new", data={"bid_0": "1", "bid_1": "0", "bid_2": "0", "bid_3": "0"})
    assert errors(response) == ["Ann is dealing and can't bid 1: the bids would add up to the 1 card dealt."]
    assert 'id="bid_0-error"' in response.get_data(as_text=True)


def test_changing_bids_goes_back_to_the_bids_step_with_them_filled_in(client):
    game_id = start(client)
    client.post(f"/games/{game_id}/hands/new", data={"bid_0": "1", "bid_1": "0", "bid_2": "0", "bid_3": "0"})
    page = client.get(f"/games/{game_id}/hands/new?step=bids").get_data(as_text=True)
    assert 'name="bid_0" value="1" checked' in page
    client.post(f"/games/{game_id}/hands/new?step=bids", data={"bid_0": "0", "bid_1": "1", "bid_2": "0", "bid_3": "0"})
    assert "Bids: Ann 0, Ben 1, Cy 0, Dee 0." in text(client.get(f"/games/{game_id}/hands/new"))


def test_back_alley_all_pass_is_thrown_in_and_the_next_dealer_deals_the_same(client):
    game_id = start(client, "back_alley", first_dealer=3)
    response = client.post(f"/games/{game_id}/hands/new", data={f"bid_{s}": "pass" for s in range(4)})
    assert response.headers["Location"].endswith(f"/games/{game_id}")
    page = text(client.get(f"/games/{game_id}"))
    assert "Hand 2: deal 1 of 25" in page and "Ann deals 13 cards" in page and "all passed" in page
    assert "Enter the bids for hand 2" in page                    # the button and the banner count alike
    assert "Hand 2: deal 1 of 25" in text(client.get(f"/games/{game_id}/hands/new"))


def test_back_alley_tricks_step_shows_the_leader_and_boards(client):
    game_id = start(client, "back_alley", first_dealer=0)
    client.post(f"/games/{game_id}/hands/new", data={"bid_0": "board", "bid_1": "2", "bid_2": "pass", "bid_3": "board"})
    page = text(client.get(f"/games/{game_id}/hands/new"))
    assert "Ann leads; Dee: board (x1); Ann: double board (x2)" in page


def test_pitch_dealer_steal_and_illegal_bid_message(client):
    game_id = start(client, "pitch", ["Ann", "Ben", "Cy"])
    bad = {"bid_1": "2", "bid_2": "2", "bid_0": "pass", "high": "0", "low": "0", "jack": "none", "game": "none"}
    response = client.post(f"/games/{game_id}/hands/new", data=bad)
    assert errors(response) == ["Cy's bid of 2 must be higher than Ben's 2."]
    steal = bad | {"bid_2": "pass", "bid_0": "2"}
    assert client.post(f"/games/{game_id}/hands/new", data=steal).status_code == 302
    page = text(client.get(f"/games/{game_id}"))
    assert "Ann pitched 2" in page
    assert "Ann pitched 2 and took 2 points (High, Low): made it, +2" in text(client.get(f"/games/{game_id}/hands/1"))


def test_gin_deadwood_errors_are_next_to_the_field(client):
    game_id = start(client, "gin3", ["Ann", "Ben", "Cy"])
    response = client.post(f"/games/{game_id}/hands/new",
                           data={"result": "knock", "knocker": "box", "deadwood_box": "12", "deadwood_team": "30"})
    assert errors(response) == ["The box knocked with 12 deadwood, over the knock limit of 10."]
    assert 'id="deadwood_box-error"' in response.get_data(as_text=True)
    response = client.post(f"/games/{game_id}/hands/new",
                           data={"result": "knock", "knocker": "box", "deadwood_box": "5", "deadwood_team": "lots"})
    assert errors(response) == ["Enter a whole number."]


def test_fix_a_hand_recomputes_totals_after_it(client):
    source, _ = load_example([p for p in example_paths() if p.stem == "pitch-to-7"][0])
    source["hands"] = source["hands"][:3]
    game_id = play_through_forms(client, source)
    page = client.get(f"/games/{game_id}/hands/1/edit").get_data(as_text=True)
    assert 'name="bid_2" value="3" checked' in page and 'name="high" value="2" checked' in page
    fixed = form_data("pitch", {**source["hands"][0], "low": 2})        # Cy took Low too: Ann took nothing
    assert client.post(f"/games/{game_id}/hands/1/edit", data=fixed).status_code == 302
    exported = score(client.get(f"/games/{game_id}/record.json").get_json())
    assert exported.hands[0].points == (-3, 0, 4) and exported.totals == (-1, -1, 0)
    assert "<b>0</b>" in text(client.get(f"/games/{game_id}"))


def test_an_edit_that_breaks_a_later_hand_is_refused_naming_it(client):
    # target 4: Ben pitching 4 and taking all four would end the game at hand 1, before hand 2
    hands = [{"bids": ["pass", 3, "pass"], "high": 1, "low": 1, "jack": 1, "game": 0},
             {"bids": [3, "pass", "pass"], "high": 0, "low": 0, "jack": 0, "game": 0}]
    game_id = play_through_forms(client, record("pitch", ["Ann", "Ben", "Cy"], hands, {"target": 4}))
    ends_early = {"bids": ["pass", 4, "pass"], "high": 1, "low": 1, "jack": 1, "game": 1}
    response = client.post(f"/games/{game_id}/hands/1/edit", data=form_data("pitch", ends_early))
    assert response.status_code == 200
    assert "That would make hand 2 impossible: the game was already over after hand 1." in text(response)
    assert client.get(f"/games/{game_id}/record.json").get_json()["hands"] == hands


def test_delete_the_last_hand_asks_first(client):
    game_id = play_through_forms(client, record("gin3", ["Ann", "Ben", "Cy"],
                                                [{"result": "draw"}, {"result": "knock", "knocker": "box",
                                                                       "deadwood": {"box": 3, "team": 9}}]))
    page = text(client.get(f"/games/{game_id}/hands/2/delete"))
    assert "Delete hand 2?" in page
    assert client.get(f"/games/{game_id}/hands/1/delete").status_code == 404
    assert client.post(f"/games/{game_id}/hands/2/delete").status_code == 302
    assert len(client.get(f"/games/{game_id}/record.json").get_json()["hands"]) == 1


def test_hand_page_explains_and_offers_fix_and_delete(client):
    game_id = play_through_forms(client, record("gin3", ["Ann", "Ben", "Cy"],
                                                [{"result": "knock", "knocker": "team", "deadwood": {"box": 3, "team": 9}}],
                                                first_dealer=0, first_captain=2))
    page = text(client.get(f"/games/{game_id}/hands/1"))
    assert "Ann (box) undercut Cy &amp; Ben (team) (3 against a knock of 9): 9 - 3 + 10 = 16." in page
    assert "Fix this hand" in page and "Delete this hand" in page
    assert client.get(f"/games/{game_id}/hands/2").status_code == 404


def test_recording_after_the_end_goes_back_to_the_scoreboard(client):
    game_id = play_through_forms(client, record("oh_hell", ["Ann", "Ben", "Cy"], [{"bids": [0, 0, 1], "tricks": [0, 0, 1]}],
                                                {"max_cards": 1}))
    response = client.get(f"/games/{game_id}/hands/new")
    assert response.status_code == 302
    page = text(client.get(f"/games/{game_id}"))
    assert "Game over: Cy wins." in page and "The game is over" in page


@pytest.mark.parametrize("path", [p for p in example_paths()], ids=lambda p: p.stem)
def test_every_example_plays_through_the_forms_as_the_scorer_says(client, path):
    source, expected = load_example(path)
    game_id = play_through_forms(client, source)
    exported = client.get(f"/games/{game_id}/record.json").get_json()
    result = score(exported).to_dict()
    assert result["totals"] == expected["totals"] and result["winners"] == expected["winners"]
    page = text(client.get(f"/games/{game_id}"))
    for total in expected["totals"]:
        assert f"<b>{total}</b>" in page
    if expected["finished"]:
        assert "Game over:" in page


def test_back_alley_full_game_through_the_forms(client):
    hands = [{"bids": [1, "pass", "pass", "pass"], "tricks": [1, 1]},
             {"bids": ["pass"] * 4},
             {"bids": ["board", "pass", "pass", "pass"], "tricks": [1, 0]},
             {"bids": ["pass", 1, "pass", "pass"], "tricks": [0, 2]}]
    game_id = play_through_forms(client, record("back_alley", FOUR, hands, {"max_cards": 2}, first_dealer=3))
    page = text(client.get(f"/games/{game_id}"))
    assert "Game over: Ann &amp; Cy win." in page
    assert score(client.get(f"/games/{game_id}/record.json").get_json()).totals == (5 + 10, 1 + 6)


@pytest.mark.parametrize("path", [p for p in example_paths()], ids=lambda p: p.stem)
def test_import_then_export_gives_the_same_record(client, path):
    source, _ = load_example(path)
    response = client.post("/games/import", data={"record": json.dumps(source)})
    assert response.status_code == 302
    exported = client.get(response.headers["Location"] + "/record.json").get_json()
    for key in ("format", "game", "players", "hands"):
        assert exported[key] == source[key]
    assert exported["settings"] == (source.get("settings") or {})
    assert exported.get("first_dealer", 0) == source.get("first_dealer", 0)


def test_import_a_file_upload(client):
    import io
    source, _ = load_example(next(p for p in example_paths() if p.stem == "back_alley-opening"))
    response = client.post("/games/import", data={"record": (io.BytesIO(json.dumps(source).encode()), "game.json")},
                           content_type="multipart/form-data", follow_redirects=True)
    page = text(response)          # the imported game's scoreboard at the example's final totals
    assert response.status_code == 200 and "Ann &amp; Cy" in page and "<b>-222</b>" in page and "<b>179</b>" in page


BOM = "\ufeff"          # a byte-order mark: Notepad and some phones save UTF-8 with one in front


def test_a_record_saved_with_a_byte_order_mark_imports_as_the_same_game(client):
    import io
    source, _ = load_example(next(p for p in example_paths() if p.stem == "back_alley-opening"))
    body = json.dumps(source).encode()
    assert body.decode("utf-8-sig") == body.decode()                 # the example itself has none
    upload = {"record": (io.BytesIO(BOM.encode() + body), "game.json")}
    response = client.post("/games/import", data=upload, content_type="multipart/form-data")
    assert response.status_code == 302
    game = response.headers["Location"]
    page = text(client.get(game))               # the example's final totals, as without the mark
    assert "<b>-222</b>" in page and "<b>179</b>" in page
    exported = client.get(game + "/record.json").get_json()
    assert {key: exported[key] for key in ("game", "players", "settings", "hands")} == {
        "game": "back_alley", "players": source["players"], "settings": source.get("settings") or {},
        "hands": source["hands"]}
    for again in ({"record": (io.BytesIO(body), "game.json")}, {"record": BOM + json.dumps(source)}):
        response = client.post("/games/import", data=again, content_type="multipart/form-data", follow_redirects=True)
        assert "That game was already here, so it was not imported again." in text(response)
        assert response.request.path == game      # the same game, whether the mark is there or not


@pytest.mark.parametrize("body, message", [
    ("", "Choose a file or paste a record."),
    ("{oops", "That is not a scorepad/1 record: it is not valid JSON."),
    ('{"format": "scorepad/1", "game": "pitch", "players": ["A"]}',
     "That record can't be imported: players: Pitch is for 3 to 7 players, not 1."),
    ("[" * 5000, "That is not a scorepad/1 record: it is not valid JSON."),
])
def test_bad_imports_are_explained(client, body, message):
    response = client.post("/games/import", data={"record": body})
    assert response.status_code == 200 and message in errors(response)


def test_a_huge_target_in_an_imported_record_is_refused_without_printing_it(client):
    huge = {"format": "scorepad/1", "game": "pitch", "players": ["Ann", "Ben", "Cy"], "settings": {"target": 10 ** 400}}
    import io
    body = json.dumps(huge).encode()
    response = client.post("/games/import", data={"record": (io.BytesIO(body), "game.json")},
                           content_type="multipart/form-data")
    assert errors(response) == ["That record can't be imported: settings: target must be from 1 to 500."]
    assert "0" * 20 not in response.get_data(as_text=True)          # not in the message, nor anywhere else
    response = client.post("/games/import", data={"record": body.decode()})      # pasted: the text box keeps it
    assert errors(response) == ["That record can't be imported: settings: target must be from 1 to 500."]
    assert "No games yet" in text(client.get("/"))


def test_csrf_is_required(tmp_path):
    from app import create_app
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "c.db"), "SECRET_KEY": "k"})
    client = app.test_client()
    response = client.post("/games/new/pitch", data={"player_0": "Ann"})
    assert response.status_code == 200 and "nothing was saved" in text(response)
    assert 'value="Ann"' in response.get_data(as_text=True)          # what was typed is kept
    assert "No games yet" in text(client.get("/"))
    page = client.get("/games/new/pitch").get_data(as_text=True)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1)
    data = new_game_data(record("pitch", ["Ann", "Ben", "Cy"])) | {"csrf_token": token}
    assert client.post("/games/new/pitch", data=data).status_code == 302


def test_version_changes_when_a_hand_is_recorded(client):
    game_id = start(client, "gin3", ["Ann", "Ben", "Cy"])
    before = client.get(f"/games/{game_id}/version").get_data(as_text=True)
    client.post(f"/games/{game_id}/hands/new", data={"result": "draw"})
    assert client.get(f"/games/{game_id}/version").get_data(as_text=True) != before
    assert client.get("/games/77/version").status_code == 404


def test_the_keys_are_made_once_and_kept_in_the_database(tmp_path):
    from scorepad.storage import instance
    path = str(tmp_path / "scorepad.db")
    instance.migrate(path)
    first = instance.keys(path, read_only=False)
    assert len(first["secret_key"]) >= 40 and len(first["owner_key"]) >= 40 and first["secret_key"] != first["owner_key"]
    assert instance.keys(path, read_only=False) == first
    assert not (tmp_path / "secret_key").exists()           # in the database, so a backup carries them


def test_an_installation_from_before_keeps_its_key_files_as_its_keys(tmp_path):
    from scorepad.storage import instance
    (tmp_path / "secret_key").write_text("the-old-secret\n")
    (tmp_path / "owner_key").write_text("the-old-owner-key")
    path = str(tmp_path / "scorepad.db")
    instance.migrate(path)
    assert instance.keys(path, read_only=False) == {"secret_key": "the-old-secret", "owner_key": "the-old-owner-key"}
    (tmp_path / "secret_key").unlink()
    assert instance.keys(path, read_only=False)["secret_key"] == "the-old-secret"


def test_deleting_the_last_hand_drops_bids_made_for_the_next(client):
    game_id = play_through_forms(client, record("oh_hell", FOUR, [{"bids": [0, 0, 0, 1], "tricks": [0, 0, 0, 1]}]))
    client.post(f"/games/{game_id}/hands/new", data={"bid_0": "1", "bid_1": "0", "bid_2": "0", "bid_3": "0"})
    client.post(f"/games/{game_id}/hands/1/delete")
    page = text(client.get(f"/games/{game_id}/hands/new"))
    assert "Hand 1: bids" in page and "Ann deals 1 card" in page


def test_text_is_gzipped_for_browsers_that_ask_and_assets_are_versioned(client):
    import gzip
    page = client.get("/games/new/oh_hell", headers={"Accept-Encoding": "gzip, br"})
    assert page.headers["Content-Encoding"] == "gzip"
    html_text = gzip.decompress(page.data).decode()
    assert "New game: Oh Hell" in html_text
    css_url = re.search(r'href="(/static/app.css\?v=[0-9a-f]{10})"', html_text).group(1)
    with client.get(css_url, headers={"Accept-Encoding": "gzip"}) as css:
        assert css.headers["Content-Encoding"] == "gzip" and "max-age=31536000" in css.headers["Cache-Control"]
        assert b"@media print" in gzip.decompress(css.data)
    assert "Content-Encoding" not in client.get("/games/new/oh_hell").headers


def test_every_bid_left_out_is_named_at_once(client):
    game_id = start(client)
    response = client.post(f"/games/{game_id}/hands/new", data={"bid_2": "0"})
    assert errors(response) == ["Choose Ben's bid.", "Choose Dee's bid.", "Choose Ann's bid."]   # in bidding order


def test_going_gin_needs_no_zero_typed_for_the_gin_side(client):
    game_id = play_through_forms(client, record("gin3", ["Ann", "Ben", "Cy"]))
    data = {"result": "gin", "knocker": "box", "deadwood_box": "", "deadwood_team": "30"}
    assert client.post(f"/games/{game_id}/hands/new", data=data).status_code == 302
    assert client.get(f"/games/{game_id}/record.json").get_json()["hands"] == [
        {"result": "gin", "knocker": "box", "deadwood": {"box": 0, "team": 30}}]


def test_nobody_is_leading_while_everyone_is_level(client):
    game_id = play_through_forms(client, record("smear", FOUR, [{"bids": ["pass"] * 4}]))
    assert 'class="lead' not in client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Leading" not in text(client.get("/"))


def test_a_finished_game_marks_its_winner_not_the_highest_total(client):
    """Bidder out: Ann pitches and goes out at 7 while Cy, who did not bid, has 8. Ann has won."""
    hands = [{"bids": ["pass", "pass", 2], "high": 2, "low": 2, "jack": 0, "game": 1},
             {"bids": ["pass", "pass", 2], "high": 2, "low": 2, "jack": 0, "game": 2},
             {"bids": [2, "pass", "pass"], "high": 0, "low": 0, "jack": 2, "game": 2},
             {"bids": [2, "pass", "pass"], "high": 0, "low": 0, "jack": 2, "game": 0}]
    game_id = play_through_forms(client, record("pitch", ["Ann", "Ben", "Cy"], hands))
    for page in (f"/games/{game_id}", f"/games/{game_id}/tv"):
        tiles = re.findall(r'<li class="([^"]*)"><bdi class="name">(\w+)</bdi><b>(\d+)</b>(?:<small>(\w+)</small>)?',
                           client.get(page).get_data(as_text=True))
        assert [(name, total, "lead" in css, said) for css, name, total, said in tiles] == [
            ("Ann", "7", True, "winner"), ("Ben", "1", False, ""), ("Cy", "8", False, "")], page


def test_the_browser_s_favicon_request_finds_the_icon(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 200 and response.mimetype == "image/png"
    response.close()


def test_the_script_is_served_minified_and_cached_for_a_year(client):
    """The file stays readable; phones get it a quarter lighter (the browser tests run the served one)."""
    import gzip

    from calmjs.parse import es5

    from conftest import ROOT
    source = (ROOT / "static" / "app.js").read_text()
    served = client.get("/static/app.js?v=1")
    assert served.headers["Cache-Control"] == "public, max-age=31536000"
    text = served.get_data(as_text=True)
    es5(text)                                                         # still a script: it parses
    assert "//" not in text.replace("://", "") and "\n  " not in text               # no comments, no indentation
    strings = set(re.findall(r'"(?:[^"\\\n]|\\.)*"', source))
    assert len(strings) > 50 and all(string in text for string in strings)   # every selector and word kept
    assert len(gzip.compress(text.encode())) < 0.8 * len(gzip.compress(source.encode()))
    assert client.get("/static/app.js", headers={"If-None-Match": served.headers["ETag"]}).status_code == 304
