"""The deadwood calculator's page: the discard, the opponent's count and a link that fills in the
gin hand. (The calculator's rules are in test_calculators.py, which mutation testing runs.)"""
import re
from urllib.parse import parse_qsl, urlsplit

import pytest

from conftest import play_through_forms, record


def calculator_page(client, knocker, opponent, game_id=None, who="box"):
    query = "&".join(([f"game={game_id}", f"who={who}"] if game_id else []) + [f"knocker={c}" for c in knocker.split()]
                     + [f"opponent={c}" for c in opponent.split()])
    return re.sub(r"\s+", " ", client.get(f"/calculators/deadwood?{query}").get_data(as_text=True))


@pytest.mark.parametrize("knocker, opponent, who, shown, fill", [
    # the tie-break deal: 9S away, 7 deadwood, nothing to lay off for the opponent's 48
    ("6C 8C 7D 8D 9D 6H 8H 6S 7S 8S 9S", "5C 7C 3D 3H 4H 2S 3S 10S JS KS", "box",
     ["Knocker: 7 deadwood", "Discard 9\u2660: 7 deadwood", "Opponent: 48 deadwood"],
     {"result": "knock", "knocker": "box", "deadwood_box": "7", "deadwood_team": "48"}),
    # the right discard is gin: no lay-offs, the opponent's 68 all count
    ("AS 2S 3S 4S KH KD KC 7D 8D 9D QH", "5S KS 10D 2H 3H 5C 6C 8C 9C JH", "team",
     ["Knocker: 0 deadwood - gin!", "Discard Q\u2665: 0 deadwood", "Opponent: 68 deadwood", "No lay-offs against gin"],
     {"result": "gin", "knocker": "team", "deadwood_team": "0", "deadwood_box": "68"}),
])
def test_the_page_shows_the_discard_and_fills_the_gin_hand(client, knocker, opponent, who, shown, fill):
    game_id = play_through_forms(client, record("gin3", ["Ann", "Ben", "Cy"], []))
    page = calculator_page(client, knocker, opponent, game_id, who)
    for words in shown:
        assert words in page
    assert "after lay-offs" not in page
    link = re.search(r'href="([^"]*hands/new[^"]*)"', page).group(1).replace("&amp;", "&")
    assert dict(parse_qsl(urlsplit(link).query)) == fill
    form = client.get(link).get_data(as_text=True)
    assert f'name="result" value="{fill["result"]}" checked' in form
    assert f'name="knocker" value="{who}" checked' in form


def test_the_page_with_ten_cards_shows_no_discard(client):
    page = calculator_page(client, "5H 6H 7H 8H JC JD JS 2C 3C AD", "4H 9H JH QC KD AC 2D 7S 6C 3D")
    assert "Knocker: 6 deadwood" in page and "Discard" not in page.split("<form")[0]
    assert "Opponent: 39 deadwood after lay-offs" in page


@pytest.mark.parametrize("knocker, opponent, message", [
    ("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS", "", "The knocker holds at most 11 cards, not 12."),
    ("AS", "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH", "The opponent holds at most 10 cards, not 11."),
    ("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS", "JS QS KH", "J\u2660 can&#39;t be in both hands."),
])
def test_the_page_rejects(client, knocker, opponent, message):
    assert message in calculator_page(client, knocker, opponent)
