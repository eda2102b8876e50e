"""Two phones, double taps: every change is checked against the version its form was made from,
so nothing is stored twice, lost or made invalid."""
import html
import re
import threading

import pytest
from werkzeug.serving import make_server

from conftest import form_data, hidden_fields, invite_links, joined, play_through_forms, record, unisolated

PITCH_HAND = {"bids": [2, "pass", "pass"], "high": 0, "low": 0, "jack": None, "game": 1}     # Ann makes 2, Ben 1
OTHER_HAND = {"bids": ["pass", 3, "pass"], "high": 1, "low": 1, "jack": 1, "game": 0}       # Ben makes 3


def stored_hands(client, game_id):
    return client.get(f"/games/{game_id}/record.json").get_json()["hands"]


def page_text(response):
    return html.unescape(re.sub(r"\s+", " ", response.get_data(as_text=True)))


def form_on(client, url):
    """What a phone has after opening a form: its hidden fields (the version it was made from)."""
    return hidden_fields(client.get(url).get_data(as_text=True))


def pitch_game(client):
    return play_through_forms(client, record("pitch", ["Ann", "Ben", "Cy"]))


def test_a_double_tap_on_save_stores_the_hand_once(client):
    game_id = pitch_game(client)
    url = f"/games/{game_id}/hands/new"
    sent = form_on(client, url) | form_data("pitch", PITCH_HAND)
    assert client.post(url, data=sent).status_code == 302
    again = client.post(url, data=sent, follow_redirects=True)
    assert "Hand 1 was already saved." in page_text(again)
    assert stored_hands(client, game_id) == [PITCH_HAND]
    assert [line for line in history_lines(client, game_id) if "recorded" in line] == ["hand 1 recorded (Ann +2, Ben +1, Cy 0)"]


def history_lines(client, game_id):
    page = client.get(f"/games/{game_id}/history").get_data(as_text=True)
    return [html.unescape(words) for words in re.findall(r"</time> - ([^<]*)</p>", page)]


def lost_race(app, client, first=PITCH_HAND, second=OTHER_HAND, played=()):
    """Phones P (client) and Q open the next Pitch hand after `played`; P saves `first`, then Q
    saves `second`: (the game, Q, Q's answer). By default hand 1: Ann 2 against Ben 3."""
    game_id = play_through_forms(client, record("pitch", ["Ann", "Ben", "Cy"], list(played)))
    second_phone = joined(app, client, game_id)
    url = f"/games/{game_id}/hands/new"
    mine, theirs = form_on(client, url), form_on(second_phone, url)
    assert client.post(url, data=mine | form_data("pitch", first)).status_code == 302
    return game_id, second_phone, second_phone.post(url, data=theirs | form_data("pitch", second))


def form_fields(response, action_end: str) -> tuple[str, dict[str, str]]:
    """The address and fields of the answer's form whose action ends with `action_end`."""
    page = response.get_data(as_text=True)
    action, body = re.search(r'<form method="post" action="([^"]*' + re.escape(action_end) + r')">(.*?)</form>',
                             page, re.S).groups()
    return action, dict(re.findall(r'<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"', body))


def test_the_phone_that_loses_a_race_sees_theirs_and_yours_and_keeps_theirs_by_default(app, client):
    game_id, second_phone, response = lost_race(app, client)
    assert response.status_code == 200
    words = re.sub(r"<[^>]+>", "", unisolated(page_text(response)))
    assert "Hand 1 was saved on another phone" in words and "Nothing of yours is saved yet" in words
    theirs, yours = words.index("Theirs saved on the other phone"), words.index("Yours entered on this phone")
    assert "Ann pitched 2: made; Ann took High, Low; Ben took Game" in words[theirs:yours]
    assert "Ben pitched 3: made; Ben took High, Low, Jack; Ann took Game" in words[yours:]
    choices = [words.index(choice) for choice in ("Keep theirs", "Replace theirs with mine", "Save mine as hand 2")]
    assert choices == sorted(choices)                                   # keeping theirs is the first button
    keep = re.search(r'<a class="button wide" href="([^"]+)">Keep theirs</a>', response.get_data(as_text=True))
    assert keep.group(1) == f"/games/{game_id}"
    assert second_phone.get(keep.group(1)).status_code == 200
    assert stored_hands(client, game_id) == [PITCH_HAND]                  # one hand 1: theirs


def test_replace_theirs_with_mine_is_a_fix_of_that_hand_checked_against_the_version(app, client):
    game_id, second_phone, response = lost_race(app, client)
    action, fields = form_fields(response, "/hands/1/edit")
    assert second_phone.post(action, data=fields).status_code == 302
    assert stored_hands(client, game_id) == [OTHER_HAND]
    assert history_lines(client, game_id)[0].startswith("hand 1 edited")
    again = second_phone.post(action, data=fields, follow_redirects=True)   # a second tap changes nothing
    assert "Hand 1 was already saved." in page_text(again) and stored_hands(client, game_id) == [OTHER_HAND]


def test_save_mine_as_the_next_hand_keeps_both_and_is_offered_only_for_a_different_hand(app, client):
    game_id, second_phone, response = lost_race(app, client)
    action, fields = form_fields(response, "/hands/new")
    assert fields["number"] == "2"
    assert second_phone.post(action, data=fields).status_code == 302
    assert stored_hands(client, game_id) == [PITCH_HAND, OTHER_HAND]        # Ben deals hand 2: his 3 stands
    assert second_phone.post(action, data=fields).status_code == 302       # a second tap: already saved
    assert stored_hands(client, game_id) == [PITCH_HAND, OTHER_HAND]


def test_oh_hell_tricks_that_do_not_add_up_lose_a_race_and_are_kept_to_correct(app, client):
    """Dee deals 1 card, bids Ann 1, the rest 0. Phone P saves the tricks Ann 1; phone Q, from the
    same form, sent Ann 1 and Dee 1 (2 tricks of 1). Q sees theirs and its own as typed, with why
    its own can't be saved; replacing opens the fix with Q's taps and the error, and Q's correction
    (Ann 0, Dee 1) is what is stored. Until then theirs stands."""
    game_id = play_through_forms(client, record("oh_hell", ["Ann", "Ben", "Cy", "Dee"], [], first_dealer=3))
    url = f"/games/{game_id}/hands/new"
    assert client.post(url, data={"bid_0": "1", "bid_1": "0", "bid_2": "0", "bid_3": "0"}).status_code == 302
    second_phone = joined(app, client, game_id)
    mine, theirs = form_on(client, url), form_on(second_phone, url)
    assert client.post(url, data=mine | {"tricks_0": "1", "tricks_1": "0", "tricks_2": "0", "tricks_3": "0"}).status_code == 302
    answer = second_phone.post(url, data=theirs | {"tricks_0": "1", "tricks_1": "0", "tricks_2": "0", "tricks_3": "1"})
    words = re.sub(r"<[^>]+>", "", unisolated(page_text(answer)))
    assert answer.status_code == 200 and "Hand 1 was saved on another phone" in words
    theirs_at, yours_at = words.index("Theirs saved on the other phone"), words.index("Yours entered on this phone")
    assert "Ann 1/1 ✓bid 1, took 1: made" in words[theirs_at:yours_at]
    assert "Ann took: 1, Ben took: 0, Cy took: 0, Dee took: 1" in words[yours_at:]
    assert "The tricks add up to 2, but 1 card was dealt." in words[yours_at:]
    assert "Keep theirs" in words and "Save mine as hand" not in words
    assert stored_hands(client, game_id) == [{"bids": [1, 0, 0, 0], "tricks": [1, 0, 0, 0]}]
    action, fields = form_fields(answer, "/hands/1/edit")
    fix = second_phone.post(action, data=fields)
    page = fix.get_data(as_text=True)
    assert fix.status_code == 200 and "Fix hand 1" in page_text(fix)
    assert "The tricks add up to 2, but 1 card was dealt." in unisolated(page_text(fix))
    assert re.search(r'name="tricks_3" value="1" checked', page) and re.search(r'name="tricks_0" value="1" checked', page)
    assert stored_hands(client, game_id) == [{"bids": [1, 0, 0, 0], "tricks": [1, 0, 0, 0]}]
    corrected = hidden_fields(page) | {f"bid_{seat}": str(bid) for seat, bid in enumerate([1, 0, 0, 0])} \
        | {"tricks_0": "0", "tricks_1": "0", "tricks_2": "0", "tricks_3": "1"}
    assert second_phone.post(action, data=corrected).status_code == 302
    assert stored_hands(client, game_id) == [{"bids": [1, 0, 0, 0], "tricks": [0, 0, 0, 1]}]


def test_a_hand_that_can_not_be_the_next_one_is_not_offered_as_it(app, client):
    # Ann deals: Ben 2, Cy passes, Ann 3. Ben deals the next: Ann's 3 then Ben's 2 would not beat it
    dealer_forced = {"bids": [3, 2, "pass"], "high": 0, "low": 0, "jack": None, "game": 0}
    _game_id, _phone, response = lost_race(app, client, OTHER_HAND, dealer_forced)
    words = page_text(response)
    assert "Replace theirs with mine" in words and "Save mine as hand" not in words   # Ben deals hand 2, not Cy


def test_a_new_hand_the_same_as_the_last_asks_before_it_is_saved_again(client):
    game_id = pitch_game(client)
    url = f"/games/{game_id}/hands/new"
    assert client.post(url, data=form_data("pitch", PITCH_HAND)).status_code == 302
    repeated = client.post(url, data=form_data("pitch", PITCH_HAND))        # Back after Save, then Save
    assert repeated.status_code == 200
    assert "This is the same as hand 1: the same bids and the same results. Save it again as hand 2?" in \
        page_text(repeated)
    assert stored_hands(client, game_id) == [PITCH_HAND]
    assert client.post(url, data=form_data("pitch", PITCH_HAND) | {"again": "2"}).status_code == 302
    assert stored_hands(client, game_id) == [PITCH_HAND, PITCH_HAND]         # when it really was dealt again


def test_two_phones_entering_the_same_hand_store_it_once(app, client):
    game_id = pitch_game(client)
    second_phone = joined(app, client, game_id)
    url = f"/games/{game_id}/hands/new"
    mine, theirs = form_on(client, url), form_on(second_phone, url)
    client.post(url, data=mine | form_data("pitch", PITCH_HAND))
    response = second_phone.post(url, data=theirs | form_data("pitch", PITCH_HAND), follow_redirects=True)
    assert "Hand 1 was already saved." in page_text(response)
    assert stored_hands(client, game_id) == [PITCH_HAND]


def test_oh_hell_double_taps_on_bids_and_on_tricks_store_one_hand(client):
    game_id = play_through_forms(client, record("oh_hell", ["Ann", "Ben", "Cy", "Dee"]))
    url = f"/games/{game_id}/hands/new"
    bids = form_on(client, url) | {"bid_0": "1", "bid_1": "0", "bid_2": "0", "bid_3": "0"}
    client.post(url, data=bids)
    again = client.post(url, data=bids, follow_redirects=True)
    words = page_text(again)
    assert "The bids for hand 1 were already saved." in words and "Hand 1: tricks" in words
    assert "error" not in re.sub(r"class=\"flash\"[^>]*>[^<]*<", "", again.get_data(as_text=True)).split("<main>")[1]
    tricks = form_on(client, url) | {"tricks_0": "1", "tricks_1": "0", "tricks_2": "0", "tricks_3": "0"}
    client.post(url, data=tricks)
    assert "Hand 1 was already saved." in page_text(client.post(url, data=tricks, follow_redirects=True))
    assert stored_hands(client, game_id) == [{"bids": [1, 0, 0, 0], "tricks": [1, 0, 0, 0]}]


def test_a_double_tap_on_delete_deletes_one_hand(client):
    game_id = play_through_forms(client, record("pitch", ["Ann", "Ben", "Cy"], [PITCH_HAND, OTHER_HAND]))
    url = f"/games/{game_id}/hands/2/delete"
    sent = form_on(client, url)
    client.post(url, data=sent)
    again = client.post(url, data=sent, follow_redirects=True)
    assert "Hand 2 was already deleted." in page_text(again)
    assert stored_hands(client, game_id) == [PITCH_HAND]


def test_a_delete_racing_a_save_never_deletes_the_hand_just_saved(app, client):
    game_id = play_through_forms(client, record("pitch", ["Ann", "Ben", "Cy"], [PITCH_HAND]))
    second_phone = joined(app, client, game_id)
    delete = form_on(client, f"/games/{game_id}/hands/1/delete")
    new = f"/games/{game_id}/hands/new"
    second_phone.post(new, data=form_on(second_phone, new) | form_data("pitch", OTHER_HAND))
    response = client.post(f"/games/{game_id}/hands/1/delete", data=delete, follow_redirects=True)
    assert "hand 1 was not deleted" in page_text(response)
    assert stored_hands(client, game_id) == [PITCH_HAND, OTHER_HAND]


def test_two_phones_fixing_the_same_hand_differently_the_second_is_asked_to_check(app, client):
    game_id = play_through_forms(client, record("pitch", ["Ann", "Ben", "Cy"], [PITCH_HAND]))
    second_phone = joined(app, client, game_id)
    url = f"/games/{game_id}/hands/1/edit"
    mine, theirs = form_on(client, url), form_on(second_phone, url)
    fixed = {**PITCH_HAND, "game": 0}
    client.post(url, data=mine | form_data("pitch", fixed))
    response = second_phone.post(url, data=theirs | form_data("pitch", {**PITCH_HAND, "game": 2}))
    assert "Hand 1 was changed from another phone meanwhile: check and save again." in page_text(response)
    assert re.search(r'name="game" value="2" checked', response.get_data(as_text=True))
    assert stored_hands(client, game_id) == [fixed]
    # the same fix sent twice is stored once, with one history entry
    assert "Hand 1 was already saved." in page_text(
        second_phone.post(url, data=theirs | form_data("pitch", fixed), follow_redirects=True))
    assert sum("edited" in line for line in history_lines(client, game_id)) == 1


def test_a_double_tap_on_restore_restores_once(client):
    game_id = play_through_forms(client, record("pitch", ["Ann", "Ben", "Cy"], [PITCH_HAND]))
    client.post(f"/games/{game_id}/hands/1/edit", data=form_data("pitch", {**PITCH_HAND, "game": 0}))
    page = client.get(f"/games/{game_id}/history").get_data(as_text=True)
    restore_url = re.findall(r'action="(/games/[\w-]+/history/\d+/restore)"', page)[0]
    sent = hidden_fields(page)
    client.post(restore_url, data=sent)
    again = client.post(restore_url, data=sent, follow_redirects=True)
    assert "Hand 1 was already restored." in page_text(again)
    assert stored_hands(client, game_id) == [PITCH_HAND]
    assert sum("restored" in line for line in history_lines(client, game_id)) == 1


def test_a_double_tap_on_start_the_game_makes_one_game(client):
    from conftest import new_game_data
    page = client.get("/games/new/pitch").get_data(as_text=True)
    key = re.search(r'name="key" type="hidden" value="([^"]+)"', page).group(1)
    data = new_game_data(record("pitch", ["Ann", "Ben", "Cy"])) | {"key": key}
    first, second = client.post("/games/new/pitch", data=data), client.post("/games/new/pitch", data=data)
    assert first.headers["Location"] == second.headers["Location"]
    assert unisolated(client.get("/").get_data(as_text=True)).count("Ann, Ben, Cy") == 1


# --- real concurrency: two phones' requests arriving at the same moment on a threaded server ----------

@pytest.fixture
def server(app):
    httpd = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_port}"
    httpd.shutdown()


def phone_on(server, link):
    """A phone (its own cookies) that opened a game's score link on the real server."""
    import http.cookiejar
    import urllib.request
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
    with opener.open(server + link.split("localhost", 1)[1], timeout=30) as response:
        assert response.status == 200
    return opener


def post_at_once(phones, url, bodies):
    import urllib.parse
    import urllib.request
    barrier, answers = threading.Barrier(len(bodies)), [None] * len(bodies)

    def send(index):
        barrier.wait()
        request = urllib.request.Request(url, urllib.parse.urlencode(bodies[index]).encode())
        with phones[index].open(request, timeout=30) as response:
            answers[index] = response.status
    threads = [threading.Thread(target=send, args=(n,)) for n in range(len(bodies))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return answers


def test_simultaneous_taps_and_phones_never_duplicate_or_store_an_invalid_hand(client, server):
    game_id = play_through_forms(client, record("pitch", ["Ann", "Ben", "Cy"], settings={"target": 50}))
    link = invite_links(client, game_id)["Score with us"]
    phones = [phone_on(server, link), phone_on(server, link)]
    url = f"/games/{game_id}/hands/new"
    for round_number in range(1, 16):
        sent = form_on(client, url)
        same = sent | form_data("pitch", PITCH_HAND)
        different = sent | form_data("pitch", OTHER_HAND)
        bodies = [same, same] if round_number % 2 else [same, different]
        assert all(status == 200 for status in post_at_once(phones, server + url, bodies))
        assert len(stored_hands(client, game_id)) == round_number
    hands = stored_hands(client, game_id)
    assert all(hand in (PITCH_HAND, OTHER_HAND) for hand in hands)
    assert "can't be scored" not in page_text(client.get(f"/games/{game_id}"))


def test_a_hand_checked_before_another_phone_saved_one_is_not_written_and_its_values_are_kept(app, client, monkeypatch):
    """A hand is checked before the write transaction (the database is locked only to write it): when
    another phone saves a hand between that check and the write, the check counts for nothing - the
    phone is shown theirs and its own, exactly as for a form that was stale from the start."""
    from scorepad.pages import hands as hand_pages
    game_id = pitch_game(client)
    second_phone = joined(app, client, game_id)
    url = f"/games/{game_id}/hands/new"
    mine, theirs = form_on(client, url), form_on(second_phone, url)
    checked_first = hand_pages.prepared_hand
    prepared = []

    def another_phone_saves_meanwhile(key):
        prepared.append(checked_first(key))
        monkeypatch.setattr(hand_pages, "prepared_hand", checked_first)
        assert second_phone.post(url, data=theirs | form_data("pitch", OTHER_HAND)).status_code == 302
        return prepared[0]
    monkeypatch.setattr(hand_pages, "prepared_hand", another_phone_saves_meanwhile)
    response = client.post(url, data=mine | form_data("pitch", PITCH_HAND))
    assert prepared[0] is not None                            # it was checked, then the game changed
    assert response.status_code == 200
    assert "Hand 1 was saved on another phone" in page_text(response)
    _action, fields = form_fields(response, "/hands/1/edit")             # what was tapped is kept, to choose
    assert fields["bid_0"] == "2" and fields["high"] == "0"
    assert stored_hands(client, game_id) == [OTHER_HAND]


def test_a_hand_that_would_score_otherwise_as_the_next_one_is_not_offered_as_it(app, client):
    # Ben deals hand 2: Cy 2, Ann passes, Ben matches - Ben's steal, +2. As hand 3 Cy would deal and steal it.
    stolen = {"bids": ["pass", 2, 2], "high": 1, "low": 1, "jack": None, "game": 0}
    _game_id, _phone, response = lost_race(app, client, OTHER_HAND, stolen, played=[PITCH_HAND])
    words = page_text(response)
    assert "Ben pitched 2 (stolen from Cy): made" in unisolated(words)
    assert "Replace theirs with mine" in words and "Save mine as hand" not in words


def test_bids_raced_by_another_phone_are_named_and_kept_until_this_phone_saves_its_own(app, client):
    four = ["Ann", "Ben", "Cy", "Dee"]
    game_id = play_through_forms(client, record("oh_hell", four, [], first_dealer=3))
    second_phone = joined(app, client, game_id)
    url = f"/games/{game_id}/hands/new"
    mine, theirs = form_on(client, url), form_on(second_phone, url)
    assert client.post(url, data=mine | {"bid_0": "1", "bid_1": "0", "bid_2": "0", "bid_3": "0"}).status_code == 302
    answer = second_phone.post(url, data=theirs | {"bid_0": "0", "bid_1": "1", "bid_2": "0", "bid_3": "0"})
    words = unisolated(page_text(answer))
    assert "The bids for hand 1 were saved on another phone meanwhile: Ann 1, Ben 0, Cy 0, Dee 0." in words
    assert re.search(r'name="bid_1" value="1" checked', answer.get_data(as_text=True))    # what this phone tapped
    page = unisolated(page_text(client.get(f"/games/{game_id}")))
    assert "Bids in: Ann 1, Ben 0, Cy 0, Dee 0." in page                                   # theirs, until then
