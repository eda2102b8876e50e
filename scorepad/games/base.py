"""What the pages know of one game, beside its rules: the fields of its hand form and how they
become a hand, its one-line summary of a hand, its CSV columns, what its history and the players'
records say, its calculators and its title in the page's language.

Each game has one `GamePages` (a module of this package); everything here is what most games
share, so a game overrides only what it does differently."""
from __future__ import annotations

from typing import Any

from markupsafe import Markup, escape

from rules_engine import PASS, Game, ScoredGame, ScoredHand
from rules_engine.core import bidding_order
from scorepad.web import forms
from scorepad.web.forms import Spec, radio
from scorepad.web.i18n import _, digits, isolate, n_, signed_number, words


class GamePages:
    """A game as the pages show it. `game` is the engine's; the rest is words and form fields."""

    auto_pass = False                     # the form may pass the seats a bid leaves no choice (the page's script)
    names_on_results = False              # the results are tapped as names (who took it), not numbers
    partners_opposite = False             # always played in partnerships, partners sitting opposite
    first_role = "deals"                  # what the first seat does: "deals", or "box" (sits in the box and deals)
    calculators: tuple[str, ...] = ()     # "deadwood", "game_points": the calculators its hand form links to
    hidden_when: dict[str, tuple[str, str]] = {}   # field -> (another field, a choice): hidden while that is chosen
    csv_tricks = False                    # the CSV has a tricks column per side (csv_side_tricks)
    totals_compare = True                 # two games' final totals measure the same thing: best, average, for, against

    folded_settings: dict[str, Any] = {}  # setting name -> heading: settings shown folded under it on the new-game form
    presets: dict[str, tuple[Any, dict[str, Any]]] = {}   # ready-made settings a table often plays: key -> (name, settings)

    def __init__(self, game: Game) -> None:
        self.game = game
        self.id = game.id

    def setting_sections(self, form: Any) -> list[tuple[str, list[Any]]]:
        """The new-game form's setting fields in runs: (heading, fields), heading "" for the unfolded ones.
        A folded run opens by itself when one of its fields is changed or has a problem."""
        sections: list[tuple[str, list[Any]]] = []
        for field in form:
            if not field.name.startswith("setting_"):
                continue
            heading = str(self.folded_settings.get(field.name.removeprefix("setting_"), ""))
            if sections and sections[-1][0] == heading:
                sections[-1][1].append(field)
            else:
                sections.append((heading, [field]))
        return sections

    @property
    def has_bids(self) -> bool:
        """Each hand starts with everyone's bids: the engine's game says which bids are legal."""
        return type(self.game).legal_bids is not Game.legal_bids

    @property
    def title(self) -> str:
        """The game's name in the page's language (the engine's)."""
        return words(self.game.title)

    @property
    def english_title(self) -> str:
        """The game's name as written in English, shown beside a translated name on headings."""
        return str(self.game.title)

    @property
    def blurb(self) -> str:
        """What the game is, in a line (the engine's, in the page's language)."""
        return words(self.game.blurb)

    @property
    def piece(self) -> str:
        """The template of the game's own words on its hand form (macros `bids_help`, `results_help`)."""
        return f"games/{self.id}.html"

    @property
    def rules_page(self) -> str:
        return f"rules/{self.id}.html"

    # --- the hand form ----------------------------------------------------------------------

    def bid_options(self, scored: ScoredGame, seat: int) -> list[Any]:
        """Every bid a seat could make in this hand, before knowing the others'."""
        return scored.legal_bids(seat, {})

    def bid_word(self, bid: Any) -> str:
        """A bid as a player reads it: a number in the page's digits, "pass" in its words (a game with
        bids of its own words, such as a board, says them)."""
        return value_word(bid)

    def bid_fields(self, scored: ScoredGame) -> dict[str, Spec]:
        table, fields = scored.table, {}
        for seat in bidding_order(scored.state.dealer, table.size):
            label = _("%(player)s (deals)", player=table.name(seat)) if seat == scored.state.dealer else table.name(seat)
            fields[f"bid_{seat}"] = radio(label, [(str(bid), self.bid_word(bid)) for bid in self.bid_options(scored, seat)])
        return fields

    def bid_attrs(self, scored: ScoredGame, seat: int) -> dict[str, Any]:
        """Attributes of a seat's bid group for the page's script."""
        return {}

    def result_fields(self, scored: ScoredGame) -> dict[str, Spec]:
        """The fields of what happened in the hand, once the bids are known."""
        return {}

    def hand_calculators(self, scored: ScoredGame) -> tuple[str, ...]:
        """The calculators this game's hand form links to (all of the game's, unless its settings leave one out)."""
        return self.calculators

    def result_attrs(self, scored: ScoredGame, name: str) -> dict[str, Any]:
        return {}

    def results_heading(self) -> str:
        """The heading over the result fields ("" for none)."""
        return ""

    def hand_form(self, scored: ScoredGame, step: str):
        """step: "bids" (bids alone), "result" (the rest, bids already known) or "full"."""
        fields: dict[str, Spec] = {}
        if step in ("bids", "full") and self.has_bids:
            fields |= self.bid_fields(scored)
        if step in ("result", "full"):
            fields |= self.result_fields(scored)
        return forms.kept_form_class(forms.ChangeForm, fields)()

    def bids_from(self, form, scored: ScoredGame) -> list[Any]:
        table = scored.table
        asked = [(f"bid_{seat}", _("%(player)s's bid", player=table.name(seat))) for seat in range(table.size)]
        return [forms.as_bid(value) for value in forms.every_choice(form, asked)]

    def result_from(self, form, scored: ScoredGame, bids: list[Any] | None) -> dict[str, Any]:
        """The rest of the hand from the form (FieldError when a choice is missing); {} for a hand
        the bids threw in."""
        return {}

    def hand_from(self, form, scored: ScoredGame, step: str, pending: list[Any] | None = None) -> dict[str, Any]:
        """The hand a form describes (FieldError when a choice is missing)."""
        if not self.has_bids:
            return self.result_from(form, scored, None)
        bids = pending if step == "result" else self.bids_from(form, scored)
        if step == "bids":
            return {"bids": bids}
        return {"bids": bids, **self.result_from(form, scored, bids)}

    def form_values(self, hand: dict[str, Any], scored: ScoredGame) -> dict[str, Any]:
        """A recorded hand as the values of its form's fields (to fix it)."""
        values = {f"bid_{seat}": bid for seat, bid in enumerate(hand.get("bids") or [])}
        return values | {f"tricks_{seat}": took for seat, took in enumerate(hand.get("tricks") or [])}

    def fill(self, form, hand: dict[str, Any], scored: ScoredGame) -> None:
        """Put a recorded hand's values into a form (to edit it)."""
        for name, value in self.form_values(hand, scored).items():
            if name in form and value is not None:
                form[name].data = value if isinstance(value, bool) else str(value)     # a switch stays a switch

    def next_captain(self, scored: ScoredGame) -> int | None:
        """In a game whose first seat sits in the box (`first_role`): the next hand's captain."""
        return None

    def first_results(self, scored: ScoredGame, pending: list[Any]) -> dict[str, Any]:
        """What a new hand's form shows tapped already once the bids are in (part of a hand)."""
        return {}

    def form_context(self, scored: ScoredGame, pending: list[Any] | None) -> dict[str, Any]:
        """More a hand form shows beside its fields: `lead_words` once the bids are in."""
        return {"lead_words": ""}

    # --- words ------------------------------------------------------------------------------

    def banner(self, scored: ScoredGame) -> list[str]:
        """What the table needs for the next hand, as short phrases (the scoreboard's banner): which
        hand, who deals, who bids first, and whatever else the game keeps (`more_banner`)."""
        phrases = [self.where_words(scored), self.deals_words(scored)]
        if self.has_bids:
            phrases.append(_("%(player)s bids first", player=scored.table.name(scored.next["first_bidder"])))
        return phrases + self.more_banner(scored)

    def where_words(self, scored: ScoredGame) -> str:
        """Which hand comes next: "Hand 5", or "Hand 5 of 25" in a game of so many hands."""
        if "hand_of" in scored.next:
            number, hands = scored.next["hand_of"]
            return _("Hand %(number)s of %(hands)s", number=number, hands=hands)
        return _("Hand %(number)s", number=scored.state.number)

    def deals_words(self, scored: ScoredGame) -> str:
        """Who deals next, and how many cards when the game deals a different number each hand."""
        nxt, table = scored.next, scored.table
        if "cards" in nxt:
            return n_("%(player)s deals %(cards)s card", "%(player)s deals %(cards)s cards", nxt["cards"],
                      player=table.name(nxt["dealer"]), cards=nxt["cards"])
        return _("%(player)s deals", player=table.name(nxt["dealer"]))

    def more_banner(self, scored: ScoredGame) -> list[str]:
        """The game's own phrases after the others (Oh Hell's "No trump")."""
        return []

    def hand_line(self, scored: ScoredGame, raw: dict[str, Any], hand: ScoredHand) -> Markup:
        """One line of what happened in a hand, as safe HTML (names escaped)."""
        return said(_("%(player)s deals"), player=scored.table.name(hand.facts["dealer"]))

    def trick_owners(self, scored: ScoredGame) -> tuple[str, ...]:
        """Whose tricks a hand's `tricks` list counts."""
        return scored.table.players

    def changes(self, scored: ScoredGame, before: dict[str, Any], after: dict[str, Any]) -> list[str]:
        """What differs between two versions of a hand, e.g. "Ben's tricks 3 -> 2"."""
        table, said_changes = scored.table, []
        old_bids, new_bids = before.get("bids") or [], after.get("bids") or []
        for seat in range(max(len(old_bids), len(new_bids))):
            old, new = item(old_bids, seat), item(new_bids, seat)
            if old != new:
                said_changes.append(_("%(player)s's bid %(old)s -> %(new)s", player=isolate(table.name(seat)),
                                      old=self.bid_word(old), new=self.bid_word(new)))
        old_tricks, new_tricks = before.get("tricks") or [], after.get("tricks") or []
        owners = self.trick_owners(scored)
        for index in range(max(len(old_tricks), len(new_tricks))):
            old, new = item(old_tricks, index), item(new_tricks, index)
            if old != new:
                said_changes.append(_("%(owner)s's tricks %(old)s -> %(new)s", owner=isolate(owners[index]),
                                      old=value_word(old), new=value_word(new)))
        return said_changes

    # --- exports ----------------------------------------------------------------------------

    def csv_bids(self, scored: ScoredGame, raw: dict[str, Any], facts: dict[str, Any]) -> list[Any]:
        """Each side's bid on a hand for the CSV ("" where a side did not bid): by default each
        player's own bid."""
        bids = raw.get("bids") or []
        return list(bids) if len(bids) == len(scored.sides) else [""] * len(scored.sides)

    def csv_side_tricks(self, scored: ScoredGame, raw: dict[str, Any]) -> list[Any]:
        """Each side's tricks on a hand for the CSV ("" for a hand thrown in): by default the hand's
        `tricks` (one per seat) added up over the seats of each side."""
        tricks = raw.get("tricks")
        if not tricks:
            return [""] * len(scored.sides)
        game, table = scored.game, scored.table
        return [sum(tricks[seat] for seat in game.seats_of(table, side)) for side in range(len(scored.sides))]

    # --- the players' records ---------------------------------------------------------------

    def count_hand(self, counts: dict[str, int], scored: ScoredGame, hand: ScoredHand, raw: dict[str, Any],
                   seat: int) -> None:
        """Add what a player did in one hand to their counts for this game."""

    def record_lines(self, counts: dict[str, int]) -> list[str]:
        """The player page's lines of those counts."""
        return []

    def record_rates(self, counts: dict[str, int]) -> list[str]:
        """The shares among those counts, as percents ("Bids made exactly: 60%"); none before there is any."""
        return []

    def record_help(self) -> list[str]:
        """How each of those lines is counted, a line each (the player page folds them away)."""
        return []


def item(values: list[Any], index: int) -> Any:
    return values[index] if index < len(values) else None


def value_word(value: Any) -> str:
    """A bid or a count as the history says it: numbers in the page's digits, "pass" in its words."""
    if value is None:
        return _("None")
    if value == PASS:
        return _("pass")
    return digits(value)


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
