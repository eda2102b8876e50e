"""Any game on the pages: a score sheet for games without rules here. Each hand, a typed number per
player (negative allowed); blank is refused next to its field, so a forgotten box never becomes a 0."""
from __future__ import annotations

from typing import Any

from markupsafe import Markup, escape

from rules_engine import ScoredGame, ScoredHand
from rules_engine.games.any_game import MOST_POINTS
from scorepad.web.forms import FieldError, whole_number
from scorepad.web.i18n import _, comma, digits, isolate, percent, signed_number

from .base import GamePages, item, said, signed, value_word

# The points box is type="text" and asks for no number keypad: an iPhone's numeric keypad
# (inputmode="numeric"), its decimal pad and its phone pad have no minus key, and points lost (-5) must
# be typeable. type="number" would bring a keyboard with a minus, but a browser sends "" for anything
# it can't read as a number (Pashto digits from a Pashto keyboard, a stray letter) and a mouse wheel
# changes it unseen. The ordinary keyboard has the minus on its numbers page on iPhone and Android
# alike, and whole_number reads Pashto and Arabic digits and a typed minus sign (−) as well.
POINTS = (("autocomplete", "off"), ("autocapitalize", "off"), ("autocorrect", "off"), ("spellcheck", "false"),
          ("enterkeyhint", "next"), ("maxlength", 9))
SIGNS = "+-\u2212\uff0d"        # a plus, a minus, the typographic minus (−) and the full-width one


class AnyGamePages(GamePages):
    totals_compare = False        # a Hearts game's 14 and a rummy's 500: no best or average across them

    def result_fields(self, scored: ScoredGame):
        """A points box per player, in seat order: the order of the scoreboard's columns."""
        return {f"points_{seat}": ("text", name, POINTS) for seat, name in enumerate(scored.table.players)}

    def results_heading(self) -> str:
        return _("Points this hand")

    def result_from(self, form, scored: ScoredGame, bids: list[Any] | None) -> dict[str, Any]:
        """Every player's typed points; each blank, unreadable or too large box is named at once, next
        to itself, and nothing is saved until all are right."""
        points, problems = [], []
        for seat, name in enumerate(scored.table.players):
            field = f"points_{seat}"
            typed = signed_text(form[field].data)
            try:
                if not typed:
                    raise FieldError(field, _("Type %(player)s's points: 0 if none.", player=isolate(name)))
                value = whole_number(typed, field)
                if abs(value) > MOST_POINTS:
                    raise FieldError(field, _("%(player)s's points must be from %(least)s to %(most)s.",
                                              player=isolate(name), least=signed_number(digits(-MOST_POINTS)),
                                              most=MOST_POINTS))
                points.append(value)
            except FieldError as error:
                problems.append(error)
        if problems:
            raise FieldError(problems[0].field, str(problems[0]), tuple(problems[1:]))
        return {"points": points}

    def form_values(self, hand: dict[str, Any], scored: ScoredGame | None) -> dict[str, Any]:
        return {f"points_{seat}": value for seat, value in enumerate(hand.get("points") or [])}

    def more_banner(self, scored: ScoredGame) -> list[str]:
        """How the game is won and when it ends: "Lowest wins", "Ends at 100" (a set number of hands is
        in the banner's "Hand 3 of 10" already)."""
        settings = scored.table.settings
        phrases = [_("Lowest wins") if scored.game.lowest_wins(scored.table) else _("Highest wins")]
        if settings["target"] is not None:
            phrases.append(_("Ends at %(target)s", target=settings["target"]))
        return phrases

    def hand_line(self, scored: ScoredGame, raw: dict[str, Any], hand: ScoredHand) -> Markup:
        """"Ann deals; best: Cy with 0; 26 in all" - the best of the hand (the fewest points where the
        lowest wins) and the points added up, a check against the paper (a Hearts hand gives 26)."""
        table, points = scored.table, hand.points
        dealer = table.name(hand.facts["dealer"])
        in_all = signed_number(digits(sum(points)))
        if table.size == 1:
            return said(_("%(dealer)s deals; %(points)s"), dealer=dealer, points=signed(points[0]))
        if len(set(points)) == 1:
            return said(_("%(dealer)s deals; everyone %(points)s; %(total)s in all"), dealer=dealer,
                        points=signed(points[0]), total=in_all)
        top = best(scored, points)
        names = Markup(escape(comma())).join(escape(isolate(table.name(seat))) for seat in range(table.size)
                                             if points[seat] == top)
        return said(_("%(dealer)s deals; best: %(names)s with %(points)s; %(total)s in all"), dealer=dealer,
                    names=names, points=signed(top), total=in_all)

    def changes(self, scored: ScoredGame, before: dict[str, Any], after: dict[str, Any]) -> list[str]:
        """"Ben's points 3 -> -3", for each player whose points were changed."""
        old, new = before.get("points") or [], after.get("points") or []
        return [_("%(player)s's points %(old)s -> %(new)s", player=isolate(name), old=points_word(old, seat),
                  new=points_word(new, seat))
                for seat, name in enumerate(scored.table.players) if item(old, seat) != item(new, seat)]

    # --- the players' records: only what means the same in any game --------------------------

    def count_hand(self, counts, scored, hand, raw, seat) -> None:
        """A hand where the player had the best points of the table (ties too): the points themselves
        mean nothing from one game to another (Hearts' 26, a rummy's 500), so they are not added up."""
        if scored.table.size < 2:
            return                            # alone at the table: nobody to be best against
        counts["hands"] += 1
        counts["best"] += hand.points[seat] == best(scored, hand.points)

    def record_lines(self, counts) -> list[str]:
        if not counts["hands"]:
            return []
        return [_("Best hand of the table: %(best)s of %(hands)s", best=counts["best"], hands=counts["hands"])]

    def record_rates(self, counts) -> list[str]:
        if not counts["hands"]:
            return []
        return [_("Best hand of the table: %(percent)s", percent=percent(counts["best"], counts["hands"]))]

    def record_help(self) -> list[str]:
        return [_("Best hand of the table: the hands in which the player had the best points of the table - the "
                  "most, or the fewest in a game where the lowest wins - shared when level, of every hand they played "
                  "with others, games still in play too. Nothing else is counted for any game: its points mean "
                  "something different in every game it keeps.")]


def best(scored: ScoredGame, points: tuple[int, ...]) -> int:
    """The best points of a hand: the fewest where the lowest total wins, else the most."""
    return min(points) if scored.game.lowest_wins(scored.table) else max(points)


def signed_text(typed: str | None) -> str:
    """A box's text as whole_number reads it: "- 5" as "-5" (a space after the sign, as some keyboards
    put it), "+10" as "10". Spaces between digits stay, and are refused: "12 5" is two numbers, not 125."""
    text = (typed or "").strip()
    if text and text[0] in SIGNS:
        text = text[0] + text[1:].lstrip()
    return text.removeprefix("+")


def points_word(values: list[Any], seat: int) -> str:
    """A player's points as the history says them: "-3" kept left to right on a Pashto page."""
    value = item(values, seat)
    return signed_number(value_word(value)) if isinstance(value, int) else value_word(value)


PAGES = AnyGamePages
