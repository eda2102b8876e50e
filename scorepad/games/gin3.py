"""Three-player Gin on the pages: no bids; who knocked (the box or the team) and each side's deadwood."""
from __future__ import annotations

from typing import Any

from markupsafe import Markup, escape

from rules_engine import ScoredGame, ScoredHand
from rules_engine.games.gin3 import RANKS, knock_undercut
from scorepad.web.forms import choice, radio, whole_number
from scorepad.web.i18n import _, lazy_gettext

from .base import GamePages, said, signed, value_word

RESULT_WORDS = {"knock": lazy_gettext("knock"), "gin": lazy_gettext("gin"), "big_gin": lazy_gettext("big gin"),
                "draw": lazy_gettext("draw"),
                "box": lazy_gettext("box"), "team": lazy_gettext("team")}       # a hand's result and knocker
DEADWOOD_CHANGES = {"box": lazy_gettext("box's deadwood %(old)s -> %(new)s"),
                    "team": lazy_gettext("team's deadwood %(old)s -> %(new)s")}
NUMBER = (("inputmode", "numeric"), ("autocomplete", "off"), ("data-min", 0), ("data-max", 98))


class Gin3Pages(GamePages):
    names_on_results = True
    first_role = "box"
    calculators = ("deadwood",)
    hidden_when = dict.fromkeys(("knocker", "deadwood_box", "deadwood_team"), ("result", "draw"))

    def banner(self, scored: ScoredGame) -> list[str]:
        """Who is in the box (and deals), who captains and who advises."""
        table, roles = scored.table, scored.next["roles"]
        return [_("Box: %(player)s (deals)", player=table.name(roles["box"])),
                _("Captain: %(player)s", player=table.name(roles["captain"])),
                _("Advisor: %(player)s", player=table.name(roles["advisor"]))]

    def result_fields(self, scored: ScoredGame):
        table, roles = scored.table, scored.state.kept
        box = _("%(player)s (box)", player=table.name(roles.box))
        team = _("%(captain)s & %(advisor)s", captain=table.name(roles.captain), advisor=table.name(roles.advisor))
        upcard = {"upcard": radio(_("Face-up card"), [(rank, rank) for rank in RANKS]),
                  "upcard_spade": ("check", str(_("The face-up card is a spade")))} if table.settings["oklahoma"] else {}
        return {
            **upcard,
            "result": radio(_("Result"), [("knock", _("knock")), ("gin", _("gin")), ("big_gin", _("big gin")),
                                          ("draw", _("draw"))], default="knock"),
            "knocker": radio(_("Who knocked"), [("box", box), ("team", team)]),
            "deadwood_box": ("text", str(_("%(side)s deadwood", side=box)), NUMBER),
            "deadwood_team": ("text", str(_("%(side)s deadwood", side=team)), NUMBER),
        }

    def next_captain(self, scored: ScoredGame) -> int | None:
        return scored.next["roles"]["captain"] if scored.next else None

    def calculator_limit(self, scored: ScoredGame, upcard: str | None) -> tuple[int | None, str | None, tuple[str, ...]]:
        """The deadwood calculator's knock limit for the next hand (None under Oklahoma until the face-up
        card is given), that card, and the ranks to ask it from (none unless the game is played Oklahoma)."""
        oklahoma = scored.table.settings["oklahoma"]
        upcard = upcard if oklahoma and upcard in RANKS else None
        limit = None if oklahoma and upcard is None else scored.game.knock_limit(scored.table, upcard)
        return limit, upcard, RANKS if oklahoma else ()

    def result_from(self, form, scored: ScoredGame, bids: list[Any] | None) -> dict[str, Any]:
        upcard = {}
        if scored.table.settings["oklahoma"]:
            upcard = {"upcard": choice(form, "upcard", _("the face-up card")), "upcard_spade": bool(form.upcard_spade.data)}
        result = choice(form, "result", _("the result"))
        if result == "draw":
            return {"result": "draw", **upcard}
        hand = {"result": result, "knocker": choice(form, "knocker", _("who knocked")), "deadwood": {}, **upcard}
        for side in ("box", "team"):
            typed = form[f"deadwood_{side}"].data
            if result in ("gin", "big_gin") and side == hand["knocker"] and not (typed or "").strip():
                typed = "0"                      # going gin is 0 deadwood: nothing to type
            hand["deadwood"][side] = whole_number(typed, f"deadwood_{side}")
        return hand

    def form_values(self, hand: dict[str, Any], scored: ScoredGame) -> dict[str, Any]:
        values = {"result": hand.get("result"), "knocker": hand.get("knocker")}
        if "upcard" in hand:
            values |= {"upcard": hand["upcard"], "upcard_spade": hand.get("upcard_spade")}
        return values | {f"deadwood_{side}": count for side, count in (hand.get("deadwood") or {}).items()}

    def hand_line(self, scored: ScoredGame, raw: dict[str, Any], hand: ScoredHand) -> Markup:
        """"Ann (box) knocked with 4, Ben & Cy had 20: Ann +16" - the knocker's deadwood first, then
        the other side's, then who scored; "went gin", "undercut" and "draw" say which it was."""
        table, roles = scored.table, hand.facts["roles"]
        box = said(_("%(player)s (box)"), player=table.name(roles["box"]))
        team = said(_("%(captain)s & %(advisor)s"), captain=table.name(roles["captain"]),
                    advisor=table.name(roles["advisor"]))
        if raw["result"] == "draw":
            return said(_("%(box)s v %(team)s: draw"), box=box, team=team)
        knocker, other = ("box", "team") if raw["knocker"] == "box" else ("team", "box")
        names = {"box": box, "team": team}
        mine, theirs = raw["deadwood"][knocker], raw["deadwood"][other]
        if raw["result"] == "gin":
            did = said(_("%(knocker)s went gin"), knocker=names[knocker])
        elif raw["result"] == "big_gin":
            did = said(_("%(knocker)s went big gin"), knocker=names[knocker])
        else:
            did = said(_("%(knocker)s knocked with %(deadwood)s"), knocker=names[knocker], deadwood=mine)
        points = scorers(table, roles, hand.points)
        if raw.get("upcard_spade"):                  # Oklahoma: the face-up spade doubled the hand
            points = said(_("%(points)s (a spade: x 2)"), points=points)
        if knock_undercut(raw):
            return said(_("%(did)s, %(other)s had %(deadwood)s: undercut, %(points)s"), did=did, other=names[other],
                        deadwood=theirs, points=points)
        return said(_("%(did)s, %(other)s had %(deadwood)s: %(points)s"), did=did, other=names[other],
                    deadwood=theirs, points=points)

    def changes(self, scored: ScoredGame, before: dict[str, Any], after: dict[str, Any]) -> list[str]:
        said_changes = super().changes(scored, before, after)
        if before.get("result") != after.get("result"):
            said_changes.append(_("result %(old)s -> %(new)s", old=result_word(before.get("result")),
                                  new=result_word(after.get("result"))))
        if before.get("knocker") != after.get("knocker"):
            said_changes.append(_("knocker %(old)s -> %(new)s", old=result_word(before.get("knocker")),
                                  new=result_word(after.get("knocker"))))
        if before.get("upcard") != after.get("upcard"):
            said_changes.append(_("face-up card %(old)s -> %(new)s", old=value_word(before.get("upcard")),
                                  new=value_word(after.get("upcard"))))
        if bool(before.get("upcard_spade")) != bool(after.get("upcard_spade")):
            said_changes.append(_("face-up card a spade") if after.get("upcard_spade") else _("face-up card not a spade"))
        old_dead, new_dead = before.get("deadwood") or {}, after.get("deadwood") or {}
        for side, sentence in DEADWOOD_CHANGES.items():
            if old_dead.get(side) != new_dead.get(side):
                said_changes.append(str(sentence) % {"old": value_word(old_dead.get(side)),
                                                     "new": value_word(new_dead.get(side))})
        return said_changes

    def count_hand(self, counts, scored, hand, raw, seat) -> None:
        """The box player plays for the box; the captain plays the team's cards (the advisor only advises)."""
        roles = hand.facts["roles"]
        counts["box"] += roles["box"] == seat
        if raw["result"] == "draw":
            return
        plays = {"box": roles["box"], "team": roles["captain"]}
        knocker, other = ("box", "team") if raw["knocker"] == "box" else ("team", "box")
        undercut = knock_undercut(raw)
        counts["box_won"] += roles["box"] == seat and (other if undercut else knocker) == "box"
        if plays[other] == seat:
            counts["undercuts_dealt"] += undercut       # the knocker had as much deadwood or more
            return
        if plays[knocker] != seat:
            return
        if raw["result"] in ("gin", "big_gin"):
            counts["gins"] += 1
            return
        counts["knocks"] += 1
        counts["undercut"] += undercut

    def record_lines(self, counts) -> list[str]:
        return [_("Knocks: %(knocks)s (undercut %(undercut)s)", knocks=counts["knocks"], undercut=counts["undercut"]),
                _("Gins: %(gins)s", gins=counts["gins"]),
                _("Hands in the box: %(box)s, won %(won)s", box=counts["box"], won=counts["box_won"]),
                _("Undercuts dealt: %(undercuts)s", undercuts=counts["undercuts_dealt"])]

    def record_help(self) -> list[str]:
        return [_("Knocks: the hands the player knocked for their side, from the box or as captain (the captain "
                  "plays the team's cards; the advisor only advises); undercut: the other side had as little "
                  "deadwood or less."),
                _("Gins: the hands the player went gin or big gin, the same way."),
                _("Hands in the box: the hands the player sat in the box; won: the box took the hand (its knock not "
                  "undercut, its gin, or its undercut of the team's knock). A draw is nobody's."),
                _("Undercuts dealt: the other side's knocks the player undercut, from the box or as captain.")]


def result_word(value: Any) -> str:
    return str(RESULT_WORDS[value]) if value in RESULT_WORDS else _("none") if not value else str(value)


def scorers(table: Any, roles: dict[str, int], points: tuple[int, ...]) -> Markup:
    """Who scored the hand: "Ann +16", or "Ben & Cy +18 each" when captain and advisor both score."""
    seats = [seat for seat in (roles["box"], roles["captain"], roles["advisor"]) if points[seat]]
    if not seats:     # a hand worth 0 (an undercut by nobody's difference with no bonus set)
        return said(_("nobody scores"))
    names = escape(_(" & ")).join(table.name(seat) for seat in seats)
    if len(seats) > 1:
        return said(_("%(players)s %(points)s each"), players=names, points=signed(points[seats[0]]))
    return said(_("%(players)s %(points)s"), players=names, points=signed(points[seats[0]]))


PAGES = Gin3Pages
