"""Euchre on the pages: who made trump (or that everyone passed), alone or not, and the makers' tricks."""
from __future__ import annotations

from typing import Any

from markupsafe import Markup, escape

from rules_engine import ScoredGame, ScoredHand
from rules_engine.games.euchre import NEEDED, TRICKS
from scorepad.web.forms import every_choice, radio
from scorepad.web.i18n import _, digits, isolate, percent, semicolon

from .base import GamePages, said, signed, value_word

NOBODY = "none"             # the maker choice for a hand everyone passed: thrown in
SEAT = "seat"               # a maker choice is "seat2": not a bare number, so the form draws names as words, two
                            # columns wide, and keeps numbers' narrow buttons for the tricks


class EuchrePages(GamePages):
    partners_opposite = True
    csv_tricks = True
    hidden_when = dict.fromkeys(("alone", "tricks"), ("maker", NOBODY))    # a thrown-in hand has neither

    def result_fields(self, scored: ScoredGame):
        """Three taps: the maker (in seat order, the dealer marked), alone ("no" already chosen), the makers' tricks.
        "Everyone passed" is offered only when the dealer is not stuck (the engine refuses it then)."""
        table, dealer = scored.table, scored.state.dealer
        makers = [(f"{SEAT}{seat}", _("%(player)s (deals)", player=table.name(seat)) if seat == dealer else table.name(seat))
                  for seat in range(table.size)]
        if not table.settings["stick_the_dealer"]:
            makers.append((NOBODY, _("Everyone passed: thrown in")))
        return {
            "maker": radio(_("Who called trump"), makers),
            "alone": radio(_("Alone"), [("no", _("no")), ("yes", _("yes"))], default="no"),
            "tricks": radio(_("Tricks the makers took"), [(str(n), digits(n)) for n in range(TRICKS + 1)]),
        }

    def result_from(self, form, scored: ScoredGame, bids: list[Any] | None) -> dict[str, Any]:
        # Everyone passed: the hand is thrown in whatever alone and tricks say - without the page's
        # script they stay on the form, and a radio once tapped can't be cleared. Under stick the
        # dealer the engine refuses it, next to the maker.
        if form["maker"].data == NOBODY:
            return {"maker": None}
        maker, alone, tricks = every_choice(form, [
            ("maker", _("who called trump, or that everyone passed") if NOBODY in offered(form, "maker")
             else _("who called trump")),
            ("alone", _("whether the maker went alone")),
            ("tricks", _("how many tricks the makers took"))])
        return {"maker": int(maker.removeprefix(SEAT)), "alone": alone == "yes", "tricks": int(tricks)}

    def form_values(self, hand: dict[str, Any], scored: ScoredGame | None) -> dict[str, Any]:
        if hand.get("maker") is None:
            return {"maker": NOBODY}
        return {"maker": f"{SEAT}{hand['maker']}", "alone": "yes" if hand.get("alone") else "no", "tricks": hand.get("tricks")}

    def hand_line(self, scored: ScoredGame, raw: dict[str, Any], hand: ScoredHand) -> Markup:
        """"Dee deals; Ann (Ann & Cy) ordered up, took 3: +1" - the dealer, then the hand as a table says it."""
        dealer = scored.table.name(hand.facts["dealer"])
        if hand.facts["maker"] is None:
            return said(_("%(dealer)s deals; everyone passed: thrown in"), dealer=dealer)
        return said(_("%(player)s deals"), player=dealer) + escape(semicolon()) + self.what_happened(scored, hand)

    def what_happened(self, scored: ScoredGame, hand: ScoredHand) -> Markup:
        """The played hand: who made trump, alone or not, the tricks and who scored what."""
        game, table, facts = scored.game, scored.table, hand.facts
        maker, tricks, alone = table.name(facts["maker"]), facts["tricks"], facts["alone"]
        scorer = facts["scorer"]
        points = signed(hand.points[scorer])
        if tricks < NEEDED:
            other = scored.sides[scorer]
            if alone:
                return said(_("%(maker)s alone, euchred with %(tricks)s: %(side)s %(points)s"), maker=maker,
                            tricks=tricks, side=other, points=points)
            return said(_("%(maker)s euchred with %(tricks)s: %(side)s %(points)s"), maker=maker, tricks=tricks,
                        side=other, points=points)
        side = scored.sides[game.side_of(table, facts["maker"])]
        if tricks == TRICKS:
            if alone:
                return said(_("%(maker)s alone, march: %(points)s"), maker=maker, points=points)
            return said(_("%(maker)s (%(side)s) ordered up, march: %(points)s"), maker=maker, side=side, points=points)
        if alone:
            return said(_("%(maker)s alone, took %(tricks)s: %(points)s"), maker=maker, tricks=tricks, points=points)
        return said(_("%(maker)s (%(side)s) ordered up, took %(tricks)s: %(points)s"), maker=maker, side=side,
                    tricks=tricks, points=points)

    def changes(self, scored: ScoredGame, before: dict[str, Any], after: dict[str, Any]) -> list[str]:
        """"maker Ann -> Ben", "alone no -> yes", "makers' tricks 3 -> 5" (not the base's lists of tricks)."""
        said_changes = []
        if before.get("maker") != after.get("maker"):
            said_changes.append(_("maker %(old)s -> %(new)s", old=maker_word(scored, before.get("maker")),
                                  new=maker_word(scored, after.get("maker"))))
        if before.get("maker") is None or after.get("maker") is None:
            return said_changes          # thrown in, or played after all: "thrown in" says it, not "tricks 3 -> None"
        if bool(before.get("alone")) != bool(after.get("alone")):
            said_changes.append(_("alone %(old)s -> %(new)s", old=yes_no(before.get("alone")),
                                  new=yes_no(after.get("alone"))))
        if before.get("tricks") != after.get("tricks"):
            said_changes.append(_("makers' tricks %(old)s -> %(new)s", old=value_word(before.get("tricks")),
                                  new=value_word(after.get("tricks"))))
        return said_changes

    def csv_side_tricks(self, scored: ScoredGame, raw: dict[str, Any]) -> list[Any]:
        """Each side's tricks, as a score sheet has them: the makers' and the rest of the five; blank
        for a hand thrown in."""
        if raw.get("maker") is None:
            return ["", ""]
        makers = scored.game.side_of(scored.table, raw["maker"])
        took = raw["tricks"]
        return [took, TRICKS - took] if makers == 0 else [TRICKS - took, took]

    # --- the players' numbers --------------------------------------------------------------------

    def count_hand(self, counts, scored, hand, raw, seat) -> None:
        facts = hand.facts
        if facts["maker"] is None:
            return                                       # thrown in: nobody's hand
        game, table = scored.game, scored.table
        mine, makers = game.side_of(table, seat), game.side_of(table, facts["maker"])
        if mine == makers:
            counts["marches"] += facts["tricks"] == TRICKS
            counts["euchred"] += facts["tricks"] < NEEDED
        else:
            counts["euchres_dealt"] += facts["tricks"] < NEEDED
        if facts["maker"] == seat:
            counts["called"] += 1
            counts["called_made"] += facts["tricks"] >= NEEDED
        if facts["maker"] == seat and facts["alone"]:
            counts["alone"] += 1
            counts["alone_made"] += facts["tricks"] >= NEEDED
            counts["alone_marched"] += facts["tricks"] == TRICKS

    def record_lines(self, counts) -> list[str]:
        return [_("Trump called: %(called)s, made %(made)s", called=counts["called"], made=counts["called_made"]),
                _("Marches: %(marches)s", marches=counts["marches"]),
                _("Euchred as makers: %(euchred)s; euchres dealt: %(dealt)s", euchred=counts["euchred"],
                  dealt=counts["euchres_dealt"]),
                _("Lone hands: %(alone)s, made %(made)s, marched %(marched)s", alone=counts["alone"],
                  made=counts["alone_made"], marched=counts["alone_marched"])]

    def record_rates(self, counts) -> list[str]:
        if not counts["called"]:
            return []
        return [_("Trump called and made: %(percent)s", percent=percent(counts["called_made"], counts["called"]))]

    def record_help(self) -> list[str]:
        return [_("Trump called: the hands the player ordered up or named trump; made: their side took 3 tricks "
                  "or more."),
                _("Marches: the hands the player's side made trump and took all 5 tricks, whoever of the two "
                  "called it, alone or not."),
                _("Euchred as makers: the player's side made trump and took fewer than 3 tricks; euchres dealt: "
                  "the other side made trump and the player's side held it to fewer than 3."),
                _("Lone hands: the hands the player went alone; made: 3 tricks or more; marched: all 5.")]


def offered(form, name: str) -> set[str]:
    return {str(option.value) for option in form[name].choices}


def maker_word(scored: ScoredGame, maker: Any) -> str:
    """Who made trump, as the history says it: a name, or "thrown in"."""
    if maker is None:
        return _("thrown in")
    return isolate(scored.table.name(maker)) if isinstance(maker, int) and 0 <= maker < scored.table.size else digits(maker)


def yes_no(value: Any) -> str:
    return _("yes") if value else _("no")


PAGES = EuchrePages
