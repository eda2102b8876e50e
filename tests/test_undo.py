"""Undo: the last change taken back in one tap from the scoreboard, itself a history entry."""
import html
import re

import pytest

from conftest import form_data, play_through_forms, record, unisolated

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
    assert latest_history(client, game_id) == "undo: hand 2 removed"
    # a fix undone: the hand as it was
    client.post(f"/games/{game_id}/hands/1/edit", data=form_data("pitch", {**ANN_MAKES_2, "game": 2}))
    assert totals(client, game_id) == ["2", "0", "1"]
    undo(client, game_id)
    assert hands(client, game_id) == [ANN_MAKES_2] and totals(client, game_id) == ["2", "1", "0"]
    assert latest_history(client, game_id).startswith("undo: hand 1 changed back: Game Cy -> Ben")
    # a delete undone: the hand back
    client.post(f"/games/{game_id}/hands/1/delete")
    assert hands(client, game_id) == []
    undo(client, game_id)
    assert hands(client, game_id) == [ANN_MAKES_2]
    # and an undo undone does the change again (it is a change like any other): the button says Redo
    assert "Redo hand 1</button>" in board(client, game_id)
    assert "Redone: hand 1." in undo(client, game_id).get_data(as_text=True)
    assert hands(client, game_id) == []
    # done again, the change can be undone again: Undo and Redo take turns, each saying what it does
    assert "Undo: hand 1 deleted</button>" in board(client, game_id)
    assert "Undone: hand 1 deleted." in undo(client, game_id).get_data(as_text=True)
    assert hands(client, game_id) == [ANN_MAKES_2] and "Redo hand 1</button>" in board(client, game_id)
    assert "Redone: hand 1." in undo(client, game_id).get_data(as_text=True)
    assert hands(client, game_id) == [] and "Undo: hand 1 deleted</button>" in board(client, game_id)


def test_undo_of_bids_waiting_for_their_tricks(client):
    game_id = play_through_forms(client, record("oh_hell", ["Ann", "Ben", "Cy"]))
    client.post(f"/games/{game_id}/hands/new", data={"bid_0": "1", "bid_1": "0", "bid_2": "0"})
    assert "Undo: the bids for hand 1" in board(client, game_id)
    undo(client, game_id)
    assert "Enter the bids for hand 1" in board(client, game_id)
    assert latest_history(client, game_id) == "undo: hand 1 bids removed"
    undo(client, game_id)                                          # redo
    assert unisolated(latest_history(client, game_id)) == "undo: hand 1 bids brought back: Ann 1, Ben 0, Cy 0"


def test_undo_of_bids_changed_says_them_changed_back(client):
    four = ["Ann", "Ben", "Cy", "Dee"]
    game_id = play_through_forms(client, record("back_alley", four, []))
    client.post(f"/games/{game_id}/hands/new", data={"bid_0": "3", "bid_1": "pass", "bid_2": "4", "bid_3": "2"})
    client.post(f"/games/{game_id}/hands/new?step=bids", data={"bid_0": "3", "bid_1": "2", "bid_2": "4", "bid_3": "2"})
    undo(client, game_id)
    assert unisolated(latest_history(client, game_id)) == "undo: hand 1 bids changed back: Ben's bid 2 -> pass"
    undo(client, game_id)                                          # redo
    assert unisolated(latest_history(client, game_id)) == "undo: hand 1 bids changed back: Ben's bid pass -> 2"


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


def pending(client, game_id):
    """The bids waiting for their tricks, as the scoreboard says them (None when none wait)."""
    found = re.search(r"Bids in: ([^<]*)\.</p>", unisolated(board(client, game_id)))
    return found.group(1) if found else None


def test_undo_of_a_two_step_hand_brings_back_its_bids_waiting_for_the_tricks(client):
    four = ["Ann", "Ben", "Cy", "Dee"]
    game_id = play_through_forms(client, record("oh_hell", four, [], first_dealer=3))
    url = f"/games/{game_id}/hands/new"
    client.post(url, data={"bid_0": "1", "bid_1": "0", "bid_2": "0", "bid_3": "0"})          # 1 card: Ann bids 1
    client.post(url, data={"tricks_0": "0", "tricks_1": "1", "tricks_2": "0", "tricks_3": "0"})   # Ben took it
    assert totals(client, game_id) == ["0", "0", "10"]
    page = undo(client, game_id).get_data(as_text=True)
    assert "Undone: hand 1 recorded." in page and "Enter the tricks for hand 1" in page
    assert pending(client, game_id) == "Ann 1, Ben 0, Cy 0, Dee 0"
    assert hands(client, game_id) == [] and totals(client, game_id) == ["0", "0", "0"]
    tricks_form = html.unescape(client.get(url).get_data(as_text=True))
    assert "Hand 1: tricks" in tricks_form                        # only the tricks to tap again
    client.post(url, data={"tricks_0": "1", "tricks_1": "0", "tricks_2": "0", "tricks_3": "0"})
    assert totals(client, game_id) == ["11", "10", "10"]
    assert hands(client, game_id) == [{"bids": [1, 0, 0, 0], "tricks": [1, 0, 0, 0]}]


def test_redo_and_undoing_a_delete_put_the_waiting_bids_back_exactly(client):
    four = ["Ann", "Ben", "Cy", "Dee"]
    game_id = play_through_forms(client, record("oh_hell", four, [{"bids": [1, 0, 0, 0], "tricks": [1, 0, 0, 0]}],
                                                first_dealer=3))
    url = f"/games/{game_id}/hands/new"
    client.post(url, data={"bid_0": "0", "bid_1": "1", "bid_2": "1", "bid_3": "0"})     # hand 2's bids wait
    client.post(f"/games/{game_id}/hands/1/delete", data={})                 # hand 1 deleted: the bids go too
    assert hands(client, game_id) == [] and pending(client, game_id) is None
    undo(client, game_id)                                                   # hand 1 back, and hand 2's bids
    assert len(hands(client, game_id)) == 1 and pending(client, game_id) == "Ann 0, Ben 1, Cy 1, Dee 0"
    undo(client, game_id)                                                   # redo the delete: both gone again
    assert hands(client, game_id) == [] and pending(client, game_id) is None


def test_redo_after_undoing_only_the_bids_brings_them_back(client):
    four = ["Ann", "Ben", "Cy", "Dee"]
    game_id = play_through_forms(client, record("oh_hell", four, [{"bids": [1, 0, 0, 0], "tricks": [1, 0, 0, 0]}],
                                                first_dealer=3))
    client.post(f"/games/{game_id}/hands/new", data={"bid_0": "0", "bid_1": "1", "bid_2": "1", "bid_3": "0"})
    assert "Undone: the bids for hand 2." in undo(client, game_id).get_data(as_text=True)
    assert pending(client, game_id) is None and "Redo: the bids for hand 2" in board(client, game_id)
    assert "Redone: the bids for hand 2." in undo(client, game_id).get_data(as_text=True)
    assert pending(client, game_id) == "Ann 0, Ben 1, Cy 1, Dee 0" and len(hands(client, game_id)) == 1


RENEGE = {"sign_1": "-", "points_1": "10", "note": "Ben reneged"}              # Ben -10 before hand 2


def recorded(client, game_id):
    client.post(f"/games/{game_id}/hands/new", data=form_data("pitch", BEN_MAKES_3))


def deleted(client, game_id):
    client.post(f"/games/{game_id}/hands/1/delete")


def edited(client, game_id):
    client.post(f"/games/{game_id}/hands/1/edit", data=form_data("pitch", {**ANN_MAKES_2, "game": 2}))


def adjustment_recorded(client, game_id):
    client.post(f"/games/{game_id}/adjustments/new", data=RENEGE)


def adjustment_deleted(client, game_id):
    adjustment_recorded(client, game_id)
    client.post(f"/games/{game_id}/hands/2/delete")


def adjustment_edited(client, game_id):
    adjustment_recorded(client, game_id)
    client.post(f"/games/{game_id}/adjustments/2/edit", data={**RENEGE, "points_1": "5"})


@pytest.mark.parametrize("change, button, undone, redone", [
    (recorded, "Undo: hand 2 recorded", "undo: hand 2 removed", "undo: hand 2 brought back (Ann +1, Ben +3, Cy 0)"),
    (deleted, "Undo: hand 1 deleted", "undo: hand 1 brought back (Ann +2, Ben +1, Cy 0)", "undo: hand 1 removed"),
    (edited, "Undo: hand 1 edited",
     "undo: hand 1 changed back: Game Cy -> Ben (Ben's score for hand 1: 0 -> 1; Cy's score for hand 1: 1 -> 0)",
     "undo: hand 1 changed back: Game Ben -> Cy (Ben's score for hand 1: 1 -> 0; Cy's score for hand 1: 0 -> 1)"),
    (adjustment_recorded, "Undo: adjustment recorded", "undo: adjustment removed: Ben -10 (Ben reneged)",
     "undo: adjustment brought back: Ben -10 (Ben reneged)"),
    (adjustment_deleted, "Undo: adjustment deleted", "undo: adjustment brought back: Ben -10 (Ben reneged)",
     "undo: adjustment removed: Ben -10 (Ben reneged)"),
    (adjustment_edited, "Undo: adjustment edited",
     "undo: adjustment changed back: Ben -5 (Ben reneged) -> Ben -10 (Ben reneged)",
     "undo: adjustment changed back: Ben -10 (Ben reneged) -> Ben -5 (Ben reneged)"),
], ids=lambda value: getattr(value, "__name__", None))
def test_the_history_says_what_each_undo_and_redo_did(client, change, button, undone, redone):
    game_id = play_through_forms(client, record("pitch", ["Ann", "Ben", "Cy"], [ANN_MAKES_2]))
    change(client, game_id)
    assert f"{button}</button>" in unisolated(board(client, game_id))
    undo(client, game_id)
    assert unisolated(latest_history(client, game_id)) == undone
    undo(client, game_id)                                          # redo: the change made again
    assert unisolated(latest_history(client, game_id)) == redone
