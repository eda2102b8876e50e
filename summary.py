"""Short words for the scoreboard: a hand's key facts and the next-hand banner."""
from __future__ import annotations

from typing import Any

from markupsafe import Markup

from rules_engine import ScoredGame, ScoredHand
from rules_engine.back_alley import BOARD_WORDS, board_multipliers, leader, team_multiplier
from rules_engine.gin3 import knock_undercut
from rules_engine.core import bidding_order, plural, signed


def team_bid(scored: ScoredGame, bids: list[Any], dealer: int, team: int) -> str:
    multiplier = team_multiplier(tuple(bids), dealer, team)
    if multiplier:
        return BOARD_WORDS[multiplier]
    numbers = [bid for bid in (bids[team], bids[team + 2]) if isinstance(bid, int)]
    return str(sum(numbers)) if numbers else "pass"


def hand_summary(scored: ScoredGame, raw: dict[str, Any], hand: ScoredHand) -> Markup:
    """One line of what happened, e.g. "3 cards, Dee deals; Ann 1/1 ✓, Ben 0/1 ✗, ...".

    Safe HTML (player names are escaped): Oh Hell's marks are shown to the eye and spoken as words
    ("bid 1, took 1: made") through a visually-hidden span, so the line reads sensibly either way."""
    game_id = scored.game.id
    if game_id == "gin3":
        return gin_summary(scored, raw, hand)
    table, facts = scored.table, hand.facts
    dealer = table.name(facts["dealer"])
    if game_id == "oh_hell":
        players = Markup(", ").join(bid_and_tricks(table.name(seat), bid, took)
                                     for seat, (bid, took) in enumerate(zip(raw["bids"], raw["tricks"])))
        return Markup("{}, {} deals; {}").format(plural(facts["cards"], "card"), dealer, players)
    if game_id == "back_alley":
        if raw.get("tricks") is None:
            return Markup("{}, {} deals; all passed: thrown in").format(plural(facts["cards"], "card"), dealer)
        bids = " v ".join(team_bid(scored, raw["bids"], facts["dealer"], team) for team in (0, 1))
        return Markup("{}, {} deals; bids {}; took {}-{}").format(
            plural(facts["cards"], "card"), dealer, bids, raw["tricks"][0], raw["tricks"][1])
    return points_summary(scored, raw, hand)


def bid_and_tricks(name: str, bid: int, took: int) -> Markup:
    """Oh Hell: "Ann 2/2 ✓" to the eye, "Ann bid 2, took 2: made" to a screen reader."""
    made = bid == took
    return Markup('{} <span aria-hidden="true">{}/{} {}</span><span class="visually-hidden">bid {}, took {}: {}</span>'
                  ).format(name, bid, took, "✓" if made else "✗", bid, took, "made" if made else "missed")


def points_summary(scored: ScoredGame, raw: dict[str, Any], hand: ScoredHand) -> Markup:
    """Pitch and Smear: the dealer, the pitcher and the bid, marked "set" and "stolen"."""
    game, table, facts = scored.game, scored.table, hand.facts
    dealer, bidder, bid = facts["dealer"], facts["bidder"], facts["bid"]
    if bidder is None:
        return Markup("{} deals; everyone passed: thrown in").format(table.name(dealer))
    words = Markup("{} deals; {} {} {}").format(table.name(dealer), table.name(bidder), game.bid_verb, bid)
    # Whether the dealer stole the bid is not among the engine's facts. The rules (Pitch): the dealer
    # may take the bid by matching the high bid, and everyone before the dealer must bid higher than
    # the bids before them - so it was a steal exactly when the pitcher is the dealer and another
    # player bid the same number (that player held the high bid until the dealer matched it).
    if game.dealer_may_steal and bidder == dealer:
        matched = [seat for seat in bidding_order(dealer, table.size) if seat != dealer and raw["bids"][seat] == bid]
        if matched:
            words += Markup(" (stolen from {})").format(table.name(matched[0]))
    # Set back: the pitcher's side lost its bid (a side that made its bid never scores below 1).
    if hand.points[game.side_of(table, bidder)] < 0:
        words += ", set"
    return words


def gin_summary(scored: ScoredGame, raw: dict[str, Any], hand: ScoredHand) -> Markup:
    """"Ann (box) knocked with 4, Ben & Cy had 20: Ann +16" - the knocker's deadwood first, then
    the other side's, then who scored; "went gin", "undercut" and "draw" say which it was."""
    table, roles = scored.table, hand.facts["roles"]
    box = Markup("{} (box)").format(table.name(roles["box"]))
    team = Markup("{} &amp; {}").format(table.name(roles["captain"]), table.name(roles["advisor"]))
    if raw["result"] == "draw":
        return Markup("{} v {}: draw").format(box, team)
    knocker, other = ("box", "team") if raw["knocker"] == "box" else ("team", "box")
    names = {"box": box, "team": team}
    mine, theirs = raw["deadwood"][knocker], raw["deadwood"][other]
    if raw["result"] == "gin":
        did = Markup("{} went gin").format(names[knocker])
    else:
        did = Markup("{} knocked with {}").format(names[knocker], mine)
    words = Markup("{}, {} had {}: ").format(did, names[other], theirs)
    if knock_undercut(raw):
        words += "undercut, "
    return words + gin_points(table, roles, hand.points)


def gin_points(table: Any, roles: dict[str, int], points: tuple[int, ...]) -> Markup:
    """Who scored the hand: "Ann +16", or "Ben & Cy +18 each" when captain and advisor both score."""
    scorers = [seat for seat in (roles["box"], roles["captain"], roles["advisor"]) if points[seat]]
    if not scorers:     # a hand worth 0 (an undercut by nobody's difference with no bonus set)
        return Markup("nobody scores")
    names = Markup(" &amp; ").join(table.name(seat) for seat in scorers)
    each = " each" if len(scorers) > 1 else ""
    return Markup("{} {}{}").format(names, signed(points[scorers[0]]), each)


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
