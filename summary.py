"""Short words for the scoreboard: a hand's key facts and the next-hand banner."""
from __future__ import annotations

from typing import Any

from rules_engine import ScoredGame, ScoredHand
from rules_engine.back_alley import BOARD_WORDS, board_multipliers, leader, team_multiplier
from rules_engine.core import plural


def team_bid(scored: ScoredGame, bids: list[Any], dealer: int, team: int) -> str:
    multiplier = team_multiplier(tuple(bids), dealer, team)
    if multiplier:
        return BOARD_WORDS[multiplier]
    numbers = [bid for bid in (bids[team], bids[team + 2]) if isinstance(bid, int)]
    return str(sum(numbers)) if numbers else "pass"


def hand_summary(scored: ScoredGame, raw: dict[str, Any], hand: ScoredHand) -> str:
    """One line of what happened, e.g. "3 cards, Dee deals; bids 1 0 1 1"."""
    table, facts = scored.table, hand.facts
    game_id = scored.game.id
    if game_id == "gin3":
        roles = facts["roles"]
        if raw["result"] == "draw":
            return f"{table.name(roles['box'])} in the box; draw"
        knocker = table.name(roles["box"]) if raw["knocker"] == "box" else table.name(roles["captain"])
        deadwood = raw["deadwood"]
        return (f"{table.name(roles['box'])} in the box; {knocker} {'went gin' if raw['result'] == 'gin' else 'knocked'}"
                f" ({deadwood['box']} v {deadwood['team']})")
    dealer = table.name(facts["dealer"])
    if game_id == "oh_hell":
        return f"{plural(facts['cards'], 'card')}, {dealer} deals; bids {' '.join(map(str, raw['bids']))}"
    if game_id == "back_alley":
        if raw.get("tricks") is None:
            return f"{plural(facts['cards'], 'card')}, {dealer} deals; all passed"
        bids = " v ".join(team_bid(scored, raw["bids"], facts["dealer"], team) for team in (0, 1))
        return f"{plural(facts['cards'], 'card')}, {dealer} deals; bids {bids}; took {raw['tricks'][0]}-{raw['tricks'][1]}"
    if facts["bidder"] is None:
        return f"{dealer} deals; all passed"
    verb = "pitched" if game_id == "pitch" else "bid"
    return f"{dealer} deals; {table.name(facts['bidder'])} {verb} {facts['bid']}"


def next_banner(scored: ScoredGame) -> list[str]:
    """What the table needs for the next hand, as short phrases."""
    nxt = scored.next
    if nxt is None:
        return []
    table = scored.table
    if "roles" in nxt:
        roles = nxt["roles"]
        return [f"Box: {table.name(roles['box'])} (deals)", f"Captain: {table.name(roles['captain'])}",
                f"Advisor: {table.name(roles['advisor'])}"]
    if "hand_of" in nxt:
        where = f"Hand {nxt['hand_of'][0]} of {nxt['hand_of'][1]}"
    elif "deal" in nxt:
        where = f"Deal {nxt['deal']} of {nxt['deals']}"
    else:
        where = f"Hand {len(scored.hands) + 1}"
    deals = f"{table.name(nxt['dealer'])} deals"
    if "cards" in nxt:
        deals += f" {plural(nxt['cards'], 'card')}"
    words = [where, deals, f"{table.name(nxt['first_bidder'])} bids first"]
    if nxt.get("no_trump"):
        words.append("No trump")
    return words


def back_alley_lead(scored: ScoredGame, bids: list[Any]) -> str:
    """Who leads and what each board claim is worth, once the bids are in."""
    dealer, table = scored.state.dealer, scored.table
    seat = leader(tuple(bids), dealer)
    words = [] if seat is None else [f"{table.name(seat)} leads"]
    for claimer, multiplier in board_multipliers(tuple(bids), dealer).items():
        words.append(f"{table.name(claimer)}: {BOARD_WORDS[multiplier]} (x{multiplier})")
    return "; ".join(words)
