"""Undo: the last change taken back in one tap from the scoreboard, itself a history entry."""
import html
import re

from conftest import form_data, hidden_fields, play_through_forms, record

ANN_MAKES_2 = {"bids": [2, "pass", "pass"], "high": 0, "low": 0, "jack": None, "game": 1}   # Ann +2, Ben +1
BEN_MAKES_3 = {"bids": ["pass", 3, "pass"], "high": 1, "low": 1, "jack": 1, "game": 0}    # Ben +3, Ann +1


def board(client, game_id):
    return html.unescape(client.get(f"/games/{game_id}").get_data(as_text=True))


def undo(client, game_id, **extra):
    page = board(client, game_id)
    form = re.search(r'action="/games/[\w-]+/undo".*?</form>', page, re.S).group(0)
    data = dict(re.findall(r'name="(version|entry)" value="(\d+)"', form)) | extra
    return client.post(f"/games/{game_id}/undo", data=data, follow_redirects=True)


def totals(client, game_id):
    return re.findall(r"<b>(-?\d+)</b>", board(client, game_id))[:3]


def hands(client, game_id):
    return client.get(f"/games/{game_id}/record.json").get_json()["hands"]


def latest_history(client, game_id):
    page = html.unescape(client.get(f"/games/{game_id}/history").get_data(as_text=True))
    return re.findall(r"</time> - ([^<]*)</p>", page)[0]


def test_undo_takes_back_a_saved_hand_a_fix_a_delete_and_a_restore(client):
    game_id = play_through_forms(client, record("pitch", ["Ann", "Ben", "Cy"], [ANN_MAKES_2]))
    # a hand saved, then undone: gone, and the history says so
    client.post(f"/games/{game_id}/hands/new", data=form_data("pitch", BEN_MAKES_3))
    assert "Undo: hand 2 recorded" in board(client, game_id)
    assert "Undone: hand 2 recorded." in undo(client, game_id).get_data(as_text=True)
    assert hands(client, game_id) == [ANN_MAKES_2] and totals(client, game_id) == ["2", "1", "0"]
    assert latest_history(client, game_id) == "undo: hand 2 deleted"
    # a fix undone: the hand as it was
    client.post(f"/games/{game_id}/hands/1/edit", data=form_data("pitch", {**ANN_MAKES_2, "game": 2}))
    assert totals(client, game_id) == ["2", "0", "1"]
    undo(client, game_id)
    assert hands(client, game_id) == [ANN_MAKES_2] and totals(client, game_id) == ["2", "1", "0"]
    assert latest_history(client, game_id).startswith("undo: hand 1 edited: Game Cy -> Ben")
    # a delete undone: the hand back
    client.post(f"/games/{game_id}/hands/1/delete")
    assert hands(client, game_id) == []
    undo(client, game_id)
    assert hands(client, game_id) == [ANN_MAKES_2]
    # and an undo undone does the change again (it is a change like any other): the button says Redo
    assert "Redo hand 1</button>" in board(client, game_id)
    assert "Redone: hand 1." in undo(client, game_id).get_data(as_text=True)
    assert hands(client, game_id) == []


def test_undo_of_bids_waiting_for_their_tricks(client):
    game_id = play_through_forms(client, record("oh_hell", ["Ann", "Ben", "Cy"]))
    client.post(f"/games/{game_id}/hands/new", data={"bid_0": "1", "bid_1": "0", "bid_2": "0"})
    assert "Undo: the bids for hand 1" in board(client, game_id)
    undo(client, game_id)
    assert "Enter the bids for hand 1" in board(client, game_id)
    assert latest_history(client, game_id).startswith("undo: hand 1 bids cleared")


def test_a_stale_undo_changes_nothing(app, client):
    game_id = play_through_forms(client, record("pitch", ["Ann", "Ben", "Cy"], [ANN_MAKES_2]))
    page = board(client, game_id)
    form = re.search(r'action="/games/[\w-]+/undo".*?</form>', page, re.S).group(0)
    stale = dict(re.findall(r'name="(version|entry)" value="(\d+)"', form))
    client.post(f"/games/{game_id}/hands/new", data=form_data("pitch", BEN_MAKES_3))      # another phone, meanwhile
    response = client.post(f"/games/{game_id}/undo", data=stale, follow_redirects=True)
    assert "nothing was undone" in html.unescape(response.get_data(as_text=True))
    assert hands(client, game_id) == [ANN_MAKES_2, BEN_MAKES_3]


def test_watchers_are_offered_no_undo(app, client):
    from conftest import joined
    game_id = play_through_forms(client, record("pitch", ["Ann", "Ben", "Cy"], [ANN_MAKES_2]))
    watcher = joined(app, client, game_id, "Watch")
    assert "Undo" not in board(watcher, game_id)
    assert watcher.post(f"/games/{game_id}/undo", data={"version": "2", "entry": "2"}).status_code == 403
    assert hands(client, game_id) == [ANN_MAKES_2]
