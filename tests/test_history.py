"""Nothing is ever lost: the history of a game, and restoring a hand from it."""
import re

from conftest import form_data, play_through_forms, record

FOUR = ["Ann", "Ben", "Cy", "Dee"]


def history(client, game_id):
    page = client.get(f"/games/{game_id}/history").get_data(as_text=True)
    import html
    return [html.unescape(re.sub(r"\s+", " ", text)).strip() for text in
            re.findall(r"</time> - ([^<]*)</p>", page)]


def totals(client, game_id):
    from rules_engine import score
    return score(client.get(f"/games/{game_id}/record.json").get_json()).totals


def oh_hell_game(client):
    hands = [{"bids": [0, 0, 0, 1], "tricks": [0, 0, 0, 1]},
             {"bids": [0, 1, 0, 0], "tricks": [0, 1, 1, 0]}]
    return play_through_forms(client, record("oh_hell", FOUR, hands))


def test_recording_keeps_every_step(client):
    game_id = oh_hell_game(client)
    assert history(client, game_id) == [
        "hand 2 recorded (Ann +10, Ben +11, Cy 0, Dee +10)",
        "hand 2 bids entered: Ann 0, Ben 1, Cy 0, Dee 0",
        "hand 1 recorded (Ann +10, Ben +10, Cy +10, Dee +11)",
        "hand 1 bids entered: Ann 0, Ben 0, Cy 0, Dee 1",
        "game created",
    ]


def test_edit_delete_and_restore_leave_the_history_and_totals_expected(client):
    game_id = oh_hell_game(client)
    assert totals(client, game_id) == (20, 21, 10, 21)
    # hand 2: Ben really took 0 and Dee 1 -> Ben's score 11 -> 0, Dee's 10 -> 0
    edited = {"bids": [0, 1, 0, 0], "tricks": [0, 0, 1, 1]}
    client.post(f"/games/{game_id}/hands/2/edit", data=form_data("oh_hell", edited))
    assert totals(client, game_id) == (20, 10, 10, 11)
    assert history(client, game_id)[0] == ("hand 2 edited: Ben's tricks 1 -> 0, Dee's tricks 0 -> 1 "
                                          "(Ben's score for hand 2: 11 -> 0; Dee's score for hand 2: 10 -> 0)")
    client.post(f"/games/{game_id}/hands/2/delete")
    assert totals(client, game_id) == (10, 10, 10, 11)
    assert history(client, game_id)[0] == "hand 2 deleted"
    # restore hand 2 as it was before it was deleted (the edited version)
    assert len(restore_urls(client, game_id)) == 2    # the edited version, and the first one
    client.post(restore_urls(client, game_id)[0])
    assert totals(client, game_id) == (20, 10, 10, 11)
    assert history(client, game_id)[0] == "hand 2 restored (Ann +10, Ben 0, Cy 0, Dee 0)"
    # and back to the very first version of hand 2, as it was before the edit
    assert len(restore_urls(client, game_id)) == 1
    client.post(restore_urls(client, game_id)[0])
    assert totals(client, game_id) == (20, 21, 10, 21)
    assert history(client, game_id)[0] == ("hand 2 restored: Ben's tricks 0 -> 1, Dee's tricks 1 -> 0 "
                                          "(Ben's score for hand 2: 0 -> 11; Dee's score for hand 2: 0 -> 10)")
    assert len(history(client, game_id)) == 9


def restore_urls(client, game_id):
    page = client.get(f"/games/{game_id}/history").get_data(as_text=True)
    return re.findall(r'action="(/games/[\w-]+/history/\d+/restore)"', page)


def test_a_restore_that_would_break_a_later_hand_is_refused(client):
    # target 4: Ben pitching 4 and taking all four ends the game at hand 1
    ends = {"bids": ["pass", 4, "pass"], "high": 1, "low": 1, "jack": 1, "game": 1}
    game_id = play_through_forms(client, record("pitch", ["Ann", "Ben", "Cy"], [ends], {"target": 4}))
    client.post(f"/games/{game_id}/hands/1/edit", data=form_data("pitch", {**ends, "game": 2}))   # set back
    hand_2 = {"bids": [2, "pass", "pass"], "high": 0, "low": 0, "jack": None, "game": None}
    client.post(f"/games/{game_id}/hands/new", data=form_data("pitch", hand_2))
    assert totals(client, game_id) == (2, -4, 1)
    response = client.post(restore_urls(client, game_id)[0], follow_redirects=True)
    assert ("Hand 1 can&#39;t be restored: hand 2: the game was already over after hand 1."
            in response.get_data(as_text=True))
    assert totals(client, game_id) == (2, -4, 1)


def test_bids_changes_are_kept(client):
    game_id = play_through_forms(client, record("back_alley", FOUR, []))
    client.post(f"/games/{game_id}/hands/new", data={"bid_0": "3", "bid_1": "pass", "bid_2": "4", "bid_3": "2"})
    client.post(f"/games/{game_id}/hands/new?step=bids", data={"bid_0": "3", "bid_1": "2", "bid_2": "4", "bid_3": "2"})
    assert history(client, game_id)[:2] == ["hand 1 bids changed: Ben's bid pass -> 2",
                                            "hand 1 bids entered: Ann 3, Ben pass, Cy 4, Dee 2"]


def test_import_is_an_entry_and_history_of_an_unknown_game_is_404(client):
    import json
    response = client.post("/games/import", data={"record": json.dumps(record("gin3", ["Ann", "Ben", "Cy"]))})
    game_id = response.headers["Location"].rsplit("/", 1)[1]
    assert history(client, game_id) == ["game imported"]
    assert client.get("/games/99/history").status_code == 404
    assert client.post("/games/99/history/1/restore").status_code == 404
