"""House rules through the pages, without a browser: what the history, the CSV, the calculator and
the hand form say about them."""
from conftest import play_through_forms, record

THREE = ["Ann", "Ben", "Cy"]


def oklahoma_knock(rank="7", spade=False):
    return {"result": "knock", "knocker": "box", "deadwood": {"box": 4, "team": 20}, "upcard": rank, "upcard_spade": spade}


def test_fixing_the_face_up_card_is_said_in_the_history(client):
    game_id = play_through_forms(client, record("gin3", THREE, [oklahoma_knock()], {"oklahoma": True}))
    edit = {"upcard": "7", "upcard_spade": "y", "result": "knock", "knocker": "box", "deadwood_box": "4",
            "deadwood_team": "20"}
    client.post(f"/games/{game_id}/hands/1/edit", data=edit)
    history = client.get(f"/games/{game_id}/history").get_data(as_text=True)
    assert "hand 1 edited: face-up card a spade" in history and "16 -&gt; 32" in history


def test_the_csv_has_a_row_for_each_end_bonus(client):
    hands = [{"result": "gin", "knocker": "box", "deadwood": {"box": 0, "team": 90}}]       # 115: the game is over
    game_id = play_through_forms(client, record("gin3", THREE, hands, {"box_bonus": 25, "game_bonus": 100}))
    rows = client.get(f"/games/{game_id}/scores.csv").get_data(as_text=True).splitlines()
    assert rows[1] == '1,"Ann",115,115,0,0,0,0'
    assert rows[2:] == ['"Box bonus","",25,140,0,0,0,0', '"Game bonus","",100,240,0,0,0,0']


def test_the_calculator_checks_an_oklahoma_hands_own_limit(client):
    game_id = play_through_forms(client, record("gin3", THREE, [], {"oklahoma": True}))
    cards = "&".join(f"knocker={code}" for code in ("AH", "2H", "3H", "5C", "6C", "7C", "9S", "9D", "KH", "KD"))
    asked = client.get(f"/calculators/deadwood?game={game_id}&{cards}").get_data(as_text=True)
    assert 'name="upcard" value="7"' in asked and "usual limit" not in asked     # the face-up card is asked for
    five = client.get(f"/calculators/deadwood?game={game_id}&upcard=5&{cards}").get_data(as_text=True)
    assert "More than 5: over this hand's knock limit." in five          # 9 + 9 + 10 + 10 = 38 deadwood
    ace = client.get(f"/calculators/deadwood?game={game_id}&upcard=A&{cards}").get_data(as_text=True)
    assert "The face-up card is an ace: only gin ends this hand." in ace
    assert client.get(f"/calculators/deadwood?game=no-such-game&{cards}").status_code == 200


def test_a_hand_without_its_face_up_card_is_refused_next_to_the_field(client):
    game_id = play_through_forms(client, record("gin3", THREE, [], {"oklahoma": True}))
    refused = client.post(f"/games/{game_id}/hands/new", data={
        "result": "knock", "knocker": "box", "deadwood_box": "4", "deadwood_team": "20"}).get_data(as_text=True)
    assert 'id="upcard-error">Choose the face-up card.</p>' in refused
    assert client.get(f"/games/{game_id}").get_data(as_text=True).count("knocked with") == 0
