"""Short words for the scoreboard: a hand's key facts and the next-hand banner."""
from __future__ import annotations

from typing import Any

from markupsafe import Markup, escape

from i18n import _, as_the_page, comma, digits, isolate, n_, semicolon, signed_number, words
from rules_engine import ScoredGame, ScoredHand
from rules_engine.back_alley import BOARD_WORDS, board_multipliers, leader, team_multiplier
from rules_engine.gin3 import knock_undercut
from rules_engine.pitch import POINT_NAMES, POINTS


def said(sentence: str, **params: Any) -> Markup:
    """A sentence already through `_` (without params) as safe HTML: its own words escaped, then
    each param put in escaped (Markup kept as it is), numbers in the page's digits."""
    return escape(sentence) % {name: digits(value) if isinstance(value, int) else
                               value if isinstance(value, Markup) else isolate(value) for name, value in params.items()}


def cards_word(count: int) -> str:
    return n_("%(cards)s card", "%(cards)s cards", count, cards=count)     # not %(num)s: it keeps ASCII digits


def signed(value: int) -> str:
    """A hand's points with their sign, in the page's digits: "+16", "-5", "0"."""
    return signed_number("+" + digits(value) if value > 0 else digits(value))


def team_bid(scored: ScoredGame, bids: list[Any], dealer: int, team: int) -> str:
    """A team's bid as data (exports): "7", "pass" or a board word, in English."""
    multiplier = team_multiplier(tuple(bids), dealer, team)
    if multiplier:
        return BOARD_WORDS[multiplier]
    numbers = [bid for bid in (bids[team], bids[team + 2]) if isinstance(bid, int)]
    return str(sum(numbers)) if numbers else "pass"


def team_bid_said(bids: list[Any], dealer: int, team: int) -> str:
    """A team's bid as a page says it: a number, "pass" or a board word."""
    multiplier = team_multiplier(tuple(bids), dealer, team)
    if multiplier:
        return words(BOARD_WORDS[multiplier])
    numbers = [bid for bid in (bids[team], bids[team + 2]) if isinstance(bid, int)]
    return digits(sum(numbers)) if numbers else _("pass")


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
        players = Markup(comma()).join(bid_and_tricks(table.name(seat), bid, took)
                                     for seat, (bid, took) in enumerate(zip(raw["bids"], raw["tricks"])))
        return said(_("%(cards)s, %(dealer)s deals; %(players)s"), cards=cards_word(facts["cards"]), dealer=dealer,
                    players=players)
    if game_id == "back_alley":
        if raw.get("tricks") is None:
            return said(_("%(cards)s, %(dealer)s deals; all passed: thrown in"), cards=cards_word(facts["cards"]),
                        dealer=dealer)
        first, second = (team_bid_said(raw["bids"], facts["dealer"], team) for team in (0, 1))
        return said(_("%(cards)s, %(dealer)s deals; bids %(first_side)s %(first)s v %(second_side)s %(second)s; "
                      "took %(tricks)s-%(other)s"), cards=cards_word(facts["cards"]), dealer=dealer,
                    first_side=scored.sides[0], first=first, second_side=scored.sides[1], second=second,
                    tricks=raw["tricks"][0], other=raw["tricks"][1])
    return points_summary(scored, raw, hand)


def bid_and_tricks(name: str, bid: int, took: int) -> Markup:
    """Oh Hell: "Ann 2/2 ✓" to the eye, "Ann bid 2, took 2: made" to a screen reader."""
    made = bid == took
    spoken = _("bid %(bid)s, took %(took)s: made") if made else _("bid %(bid)s, took %(took)s: missed")
    return as_the_page(Markup('{} <span aria-hidden="true">{}/{} {}</span><span class="visually-hidden">{}</span>').format(
        isolate(name), digits(bid), digits(took), "✓" if made else "✗", said(spoken, bid=bid, took=took)))


def points_summary(scored: ScoredGame, raw: dict[str, Any], hand: ScoredHand) -> Markup:
    """Pitch and Smear: the dealer, the pitcher and the bid, marked "set" and "stolen"."""
    game, table, facts = scored.game, scored.table, hand.facts
    dealer, bidder, bid = facts["dealer"], facts["bidder"], facts["bid"]
    if bidder is None:
        return said(_("%(dealer)s deals; everyone passed: thrown in"), dealer=table.name(dealer))
    sentence = {"pitched": _("%(dealer)s deals; %(bidder)s pitched %(bid)s"),
                "bid": _("%(dealer)s deals; %(bidder)s bid %(bid)s")}.get(game.bid_verb)
    if sentence is None:                # a game whose verb this page does not know: the engine's word
        sentence = _("%(dealer)s deals; %(bidder)s %(verb)s %(bid)s")
    line = said(sentence, dealer=table.name(dealer), bidder=table.name(bidder), verb=game.bid_verb, bid=bid)
    stolen_from = game.stolen_from(table, dealer, raw["bids"]) if bidder == dealer else None
    if stolen_from is not None:
        line += said(_(" (stolen from %(player)s)"), player=table.name(stolen_from))
    # Set back: the pitcher's side lost its bid (a side that made its bid never scores below 0).
    line += said(_(": set") if hand.points[game.side_of(table, bidder)] < 0 else _(": made"))
    return line + escape(semicolon()) + points_taken(scored, raw)


def points_taken(scored: ScoredGame, raw: dict[str, Any]) -> Markup:
    """"Cy took High, Low, Jack; Ann took Game": who took each point in play, in the points' order."""
    taken: dict[int, list[str]] = {}
    for point in POINTS:
        if raw.get(point) is not None:
            taken.setdefault(raw[point], []).append(words(POINT_NAMES[point]))
    return escape(semicolon()).join(said(_("%(side)s took %(points)s"), side=scored.sides[side],
                                         points=escape(comma().join(points))) for side, points in taken.items())


def gin_summary(scored: ScoredGame, raw: dict[str, Any], hand: ScoredHand) -> Markup:
    """"Ann (box) knocked with 4, Ben & Cy had 20: Ann +16" - the knocker's deadwood first, then
    the other side's, then who scored; "went gin", "undercut" and "draw" say which it was."""
    table, roles = scored.table, hand.facts["roles"]
    box = said(_("%(player)s (box)"), player=table.name(roles["box"]))
    team = said(_("%(captain)s & %(advisor)s"), captain=table.name(roles["captain"]), advisor=table.name(roles["advisor"]))
    if raw["result"] == "draw":
        return said(_("%(box)s v %(team)s: draw"), box=box, team=team)
    knocker, other = ("box", "team") if raw["knocker"] == "box" else ("team", "box")
    names = {"box": box, "team": team}
    mine, theirs = raw["deadwood"][knocker], raw["deadwood"][other]
    if raw["result"] == "gin":
        did = said(_("%(knocker)s went gin"), knocker=names[knocker])
    else:
        did = said(_("%(knocker)s knocked with %(deadwood)s"), knocker=names[knocker], deadwood=mine)
    points = gin_points(table, roles, hand.points)
    if knock_undercut(raw):
        return said(_("%(did)s, %(other)s had %(deadwood)s: undercut, %(points)s"), did=did, other=names[other],
                    deadwood=theirs, points=points)
    return said(_("%(did)s, %(other)s had %(deadwood)s: %(points)s"), did=did, other=names[other], deadwood=theirs,
                points=points)


def gin_points(table: Any, roles: dict[str, int], points: tuple[int, ...]) -> Markup:
    """Who scored the hand: "Ann +16", or "Ben & Cy +18 each" when captain and advisor both score."""
    scorers = [seat for seat in (roles["box"], roles["captain"], roles["advisor"]) if points[seat]]
    if not scorers:     # a hand worth 0 (an undercut by nobody's difference with no bonus set)
        return said(_("nobody scores"))
    names = escape(_(" & ")).join(table.name(seat) for seat in scorers)
    if len(scorers) > 1:
        return said(_("%(players)s %(points)s each"), players=names, points=signed(points[scorers[0]]))
    return said(_("%(players)s %(points)s"), players=names, points=signed(points[scorers[0]]))


def next_banner(scored: ScoredGame) -> list[str]:
    """What the table needs for the next hand, as short phrases."""
    nxt = scored.next
    if nxt is None:
        return []
    table = scored.table
    if "roles" in nxt:
        roles = nxt["roles"]
        return [_("Box: %(player)s (deals)", player=table.name(roles["box"])),
                _("Captain: %(player)s", player=table.name(roles["captain"])),
                _("Advisor: %(player)s", player=table.name(roles["advisor"]))]
    if "hand_of" in nxt:
        where = _("Hand %(number)s of %(hands)s", number=nxt["hand_of"][0], hands=nxt["hand_of"][1])
    elif "deal" in nxt and nxt["deal"] != len(scored.hands) + 1:       # after a throw-in: hand 8 is deal 7
        where = _("Hand %(hand)s: deal %(number)s of %(deals)s", hand=len(scored.hands) + 1, number=nxt["deal"],
                  deals=nxt["deals"])
    elif "deal" in nxt:
        where = _("Deal %(number)s of %(deals)s", number=nxt["deal"], deals=nxt["deals"])
    else:
        where = _("Hand %(number)s", number=len(scored.hands) + 1)
    if "cards" in nxt:
        deals = n_("%(player)s deals %(cards)s card", "%(player)s deals %(cards)s cards", nxt["cards"],
                   player=table.name(nxt["dealer"]), cards=nxt["cards"])
    else:
        deals = _("%(player)s deals", player=table.name(nxt["dealer"]))
    words = [where, deals, _("%(player)s bids first", player=table.name(nxt["first_bidder"]))]
    if nxt.get("no_trump"):
        words.append(_("No trump"))
    return words


def back_alley_lead(scored: ScoredGame, bids: list[Any]) -> str:
    """Who leads and what each board claim is worth, once the bids are in."""
    dealer, table = scored.state.dealer, scored.table
    seat = leader(tuple(bids), dealer)
    parts = [] if seat is None else [_("%(player)s leads", player=table.name(seat))]
    for claimer, multiplier in board_multipliers(tuple(bids), dealer).items():
        parts.append(_("%(player)s: %(board)s (x%(times)s)", player=table.name(claimer),
                       board=words(BOARD_WORDS[multiplier]), times=multiplier))
    return semicolon().join(parts)
