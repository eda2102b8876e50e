"""Forms: built per game from what the rules engine says, and turned back into records.

The rules live in the engine: a form only collects values, and an engine RuleError is put
next to the field it names."""
from __future__ import annotations

import re
from typing import Any

from flask_wtf import FlaskForm
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup, escape
from wtforms import BooleanField, Field, HiddenField, RadioField, StringField, TextAreaField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import Length
from wtforms.widgets import HiddenInput

from caches import FORM_CLASSES
from i18n import _, comma, digits, lazy_gettext, words
from rules_engine import FORMAT, Game, Kind, RuleError, ScoredGame, Setting
from rules_engine.back_alley import BOARD, BOARD_WORDS
from rules_engine.core import PASS, bidding_order
from rules_engine.pitch import POINT_NAMES
from rules_engine.record import MAX_NAME
from rules_engine.words import say

NOBODY = "none"
DIGITS = str.maketrans("٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹−－", "01234567890123456789--")   # Eastern Arabic, Persian, minus signs
WHOLE = re.compile(r"-?[0-9]{1,6}")

# The settings' names and choices as the new-game form and the rules pages say them (a setting this
# list does not know yet is said from its name, in English, as before).
SETTING_LABELS = {
    "bid_points": lazy_gettext("Bid points"), "board_points": lazy_gettext("Board points"),
    "box_win": lazy_gettext("Box win"), "extra_cards": lazy_gettext("Extra cards"),
    "gin_bonus": lazy_gettext("Gin bonus"), "hook": lazy_gettext("Hook"), "knock_limit": lazy_gettext("Knock limit"),
    "max_cards": lazy_gettext("Max cards"), "non_bidder_cap": lazy_gettext("Non bidder cap"),
    "order": lazy_gettext("Order"), "partnerships": lazy_gettext("Partnerships"), "scoring": lazy_gettext("Scoring"),
    "smudge": lazy_gettext("Smudge"), "target": lazy_gettext("Target"), "team_points": lazy_gettext("Team points"),
    "undercut_bonus": lazy_gettext("Undercut bonus"), "win_rule": lazy_gettext("Win rule"),
    "zero_bonus": lazy_gettext("Zero bonus"),
}
CHOICE_WORDS = {
    "up": lazy_gettext("up"), "down": lazy_gettext("down"), "up_down": lazy_gettext("up then down"),
    "down_up": lazy_gettext("down then up"), "exact": lazy_gettext("exact"),
    "tricks_plus_bonus": lazy_gettext("tricks plus bonus"), "single": lazy_gettext("single"),
    "double": lazy_gettext("double"), "both": lazy_gettext("both"), "captain": lazy_gettext("captain"),
    "bidder_out": lazy_gettext("bidder out"), "first_to_target": lazy_gettext("first to target"),
}


class FieldError(ValueError):
    def __init__(self, field: str, message: str, others: tuple[FieldError, ...] = ()):
        super().__init__(message)
        self.field = field
        self.others = others                 # more fields with a problem, to show at once


def every_choice(form: FlaskForm, asked: list[tuple[str, str]]) -> list[str]:
    """The option tapped in each radio group of `asked` (name, what); every one left out is named."""
    values, missing = [], []
    for name, what in asked:
        try:
            values.append(choice(form, name, what))
        except FieldError as error:
            missing.append(error)
    if missing:
        raise FieldError(missing[0].field, str(missing[0]), tuple(missing[1:]))
    return values


def form_token() -> str:
    """This browser's signed form token, the one Flask-WTF puts in forms (signed once a request)."""
    return generate_csrf()


def hidden_input(id: str, name: str, value: str) -> Markup:
    """<input type="hidden">, written as WTForms' HiddenInput writes it when nothing else is asked."""
    return Markup(f'<input id="{escape(id)}" name="{escape(name)}" type="hidden" value="{escape(value)}">')


class HiddenValue(HiddenInput):
    """WTForms' hidden input (a widget, WTForms' way to change how a field is written) for a plain
    value such as a game's version: the same HTML, written straight when nothing else is asked
    (HiddenInput goes through html_params and Markup.format, about 50 us an input)."""

    def __call__(self, field: Field, **kwargs: Any) -> Markup:
        if kwargs or field.render_kw or field.validators:
            return super().__call__(field, **kwargs)
        return hidden_input(field.id, field.name, "" if field.data is None else str(field.data))


class EmptyForm(FlaskForm):
    """For POST-only buttons with nothing to check against: just the CSRF token."""


class ChangeForm(FlaskForm):
    """A form that changes a game carries the game's version it was made from (and, for hand
    forms, the hand number and step), so a stale or repeated submit is recognised."""
    version = HiddenField(widget=HiddenValue())
    number = HiddenField(widget=HiddenValue())
    step = HiddenField(widget=HiddenValue())


def stamp(form: FlaskForm, version: int, number: int | None = None, step: str | None = None) -> FlaskForm:
    """Write the game's current version (and hand number, step) into a form's hidden fields."""
    form.version.data = str(version)
    form.number.data = "" if number is None else str(number)
    form.step.data = step or ""
    return form


def sent_key(text: str | None) -> str | None:
    """The new-game form's one-time key as sent back (None when missing or malformed)."""
    text = (text or "").strip()
    return text if re.fullmatch(r"[A-Za-z0-9_-]{16,40}", text) else None


def sent_number(text: str | None) -> int | None:
    """A hidden number as sent back by a form (None when missing or not a plain number)."""
    text = (text or "").strip()
    return int(text) if re.fullmatch(r"[0-9]{1,18}", text) else None


class ImportForm(FlaskForm):
    record = TextAreaField(lazy_gettext("Paste a scorepad/1 record"))


def options(pairs: list[tuple[str, str]]) -> list[SelectChoice]:
    return [SelectChoice(value, label) for value, label in pairs]


def add_fields(base: type[FlaskForm], fields: dict[str, Field]) -> type[FlaskForm]:
    return type("DynamicForm", (base,), fields)


def capital(text: str) -> str:
    """A sentence (the engine's, in the page's language) starting with a capital letter."""
    said = words(text)
    return said[:1].upper() + said[1:]


def named(error: RuleError, label: str) -> RuleError:
    """A setting's error saying the setting as its field's label does ("Max cards", not max_cards)."""
    message = error.message
    if "setting" not in getattr(message, "params", {}):
        return error
    return RuleError(error.place, say(message.template, **{**message.params, "setting": str(label)}), error.field)


def reason(error: RuleError) -> str:
    """An engine error as a sentence of its own, next to a field."""
    return _("%(reason)s.", reason=capital(error.message))


def attach_error(form: FlaskForm, error: FieldError) -> None:
    """Show a FieldError (and any others it carries) next to the fields concerned."""
    for one in (error, *error.others):
        attach(form, one.field, str(one))


def attach(form: FlaskForm, name: str, message: str) -> None:
    """Show `message` next to field `name` (or at the top of the form when there is no such field)."""
    if name in form:
        form[name].errors = [*form[name].errors, message]
    else:
        form.form_errors.append(message)


# --- new game ------------------------------------------------------------------------------

def setting_field(setting: Setting) -> Field:
    """A new-game field for a setting, in a player's words: choices read "up then down", not
    `up_down`, and a number's help line ends with the numbers allowed."""
    label = str(SETTING_LABELS.get(setting.name) or setting.name.replace("_", " ").capitalize())
    if setting.kind is Kind.SWITCH:
        return BooleanField(label, default=setting.default, description=setting.help)
    if setting.kind is Kind.CHOICE:
        return RadioField(label, choices=options([(c, choice_word(c)) for c in setting.choices]),
                          default=setting.default, description=setting.help, validate_choice=False)
    allowed = (_("%(least)s or more", least=setting.minimum) if setting.maximum is None
               else _("%(least)s to %(most)s", least=setting.minimum, most=setting.maximum))
    return StringField(label, default=str(setting.default),
                       description=_("%(help)s Allowed: %(allowed)s.", help=setting.help, allowed=allowed),
                       render_kw={"inputmode": "numeric", "autocomplete": "off", "data-min": setting.minimum,
                                  **({} if setting.maximum is None else {"data-max": setting.maximum})})


def choice_word(value: str) -> str:
    """A setting's choice as a player says it: "up then down", not `up_down`."""
    return str(CHOICE_WORDS.get(value) or value.replace("_", " "))


def new_game_form(game: Game, player_count: int) -> FlaskForm:
    fields: dict[str, Field] = {}
    for seat in range(game.max_players):
        too_long = _("A name has at most %(most)s characters.", most=MAX_NAME)
        fields[f"player_{seat}"] = StringField(_("Player %(number)s", number=seat + 1),
                                               validators=[Length(max=MAX_NAME, message=too_long)],
                                               render_kw={"autocomplete": "off", "list": "names",
                                                          "maxlength": MAX_NAME})
    seats = [(str(seat), _("Player %(number)s", number=seat + 1)) for seat in range(game.max_players)]
    first = _("First in the box (deals)") if game.id == "gin3" else _("First dealer")
    fields["first_dealer"] = RadioField(first, choices=options(seats), default="0", validate_choice=False)
    if game.id == "gin3":
        fields["first_captain"] = RadioField(_("First captain"), choices=options(seats), default="1",
                                             validate_choice=False)
    for setting in game.settings(player_count):
        field = setting_field(setting)
        by_count = count_defaults(game, setting.name)
        if by_count:
            field.kwargs["default"] = ""
            field.kwargs["description"] = _("%(help)s Blank: %(defaults)s.", help=setting.help, defaults=by_count)
        fields[f"setting_{setting.name}"] = field
    fields["note"] = StringField(_("Note (optional)"), validators=[Length(max=NOTE_MAX, message=note_too_long())],
                                 description=_("Where or why you play, e.g. \"Cabin weekend\". Shown on the "
                                               "scoreboard, the printed sheet and in exports."),
                                 render_kw={"autocomplete": "off", "maxlength": NOTE_MAX})
    fields["key"] = HiddenField()
    return add_fields(FlaskForm, fields)()


NOTE_MAX = 200


def note_too_long() -> str:
    return _("A note has at most %(most)s characters.", most=NOTE_MAX)


def count_defaults(game: Game, name: str) -> str:
    """For a setting whose default depends on the number of players: the defaults in words."""
    defaults = {count: next(s.default for s in game.settings(count) if s.name == name)
                for count in range(game.min_players, game.max_players + 1)}
    if len(set(defaults.values())) == 1:
        return ""
    return comma().join(_("%(value)s for %(count)s players", value=setting_value(value), count=count)
                     for count, value in defaults.items())


def setting_value(value: Any) -> str:
    """A setting's value in a sentence: a number in the page's digits, a choice in its words."""
    if isinstance(value, bool):
        return _("on") if value else _("off")
    return digits(value) if isinstance(value, int) else choice_word(str(value))


def whole_number(text: str | None, field: str) -> int:
    """A typed whole number: ASCII, Eastern Arabic or Persian digits, an optional minus."""
    text = (text or "").strip().translate(DIGITS)
    if not WHOLE.fullmatch(text):
        too_long = re.fullmatch(r"-?\d+", text) is not None        # digits, just too many ("25 points" is words)
        raise FieldError(field, _("That number is too large.") if too_long else _("Enter a whole number."))
    return int(text)


def record_from_new_game(form: FlaskForm, game: Game) -> dict[str, Any]:
    """A record with no hands from the new-game form; FieldError/RuleError on a bad value."""
    players = [form[f"player_{seat}"].data.strip() for seat in range(game.max_players)
               if (form[f"player_{seat}"].data or "").strip()]
    record: dict[str, Any] = {"format": FORMAT, "game": game.id, "players": players, "settings": {}}
    for key in ("first_dealer", "first_captain"):
        if key in form:
            seat = whole_number(form[key].data, key)
            if seat >= max(len(players), game.min_players):
                raise FieldError(key, _("Pick one of the players entered."))
            record[key] = seat
    for setting in game.settings(max(len(players), game.min_players)):
        field = form[f"setting_{setting.name}"]
        if setting.kind is Kind.WHOLE and not (field.data or "").strip() and count_defaults(game, setting.name):
            continue                                      # the default for this many players
        value = field.data if setting.kind is not Kind.WHOLE else whole_number(field.data, field.name)
        try:
            record["settings"][setting.name] = setting.read(value)
        except RuleError as error:
            raise FieldError(field.name, reason(named(error, field.label.text))) from None
    note = " ".join((form.note.data or "").split())
    if len(note) > NOTE_MAX:
        raise FieldError("note", note_too_long())
    if note:
        record["note"] = note
    return record


# --- hands ---------------------------------------------------------------------------------

def bid_options(scored: ScoredGame, seat: int) -> list[Any]:
    """Every bid a seat could make in this hand, before knowing the others'."""
    if scored.game.id in ("pitch", "smear"):
        seen: list[Any] = []
        for options in scored.bid_choices(seat).values():
            seen += [bid for bid in options if bid not in seen]
        return sorted(seen, key=lambda bid: -1 if bid == PASS else bid)
    return scored.legal_bids(seat, {})


# A hand form field as plain values: ("radio", label, ((value, text), ...), default) or ("text", label, render_kw items).
Spec = tuple


def radio(label: str, pairs: list[tuple[str, str]], default: str | None = None) -> Spec:
    return ("radio", str(label), tuple(pairs), default)


def bid_fields(scored: ScoredGame) -> dict[str, Spec]:
    table = scored.table
    fields = {}
    for seat in bidding_order(scored.state.dealer, table.size):
        label = _("%(player)s (deals)", player=table.name(seat)) if seat == scored.state.dealer else table.name(seat)
        fields[f"bid_{seat}"] = radio(label, [(str(bid), bid_word(bid)) for bid in bid_options(scored, seat)])
    return fields


def bid_word(bid: Any) -> str:
    """A bid as a player reads it: a number in the page's digits, "pass" in its words."""
    if bid == PASS:
        return _("pass")
    if bid == BOARD:
        return words(BOARD_WORDS[1])
    return digits(bid) if isinstance(bid, int) else str(bid)


def side_choices(scored: ScoredGame, nobody: str | None) -> list[tuple[str, str]]:
    choices = [(str(side), name) for side, name in enumerate(scored.sides)]
    return choices + ([(NOBODY, nobody)] if nobody else [])


def result_fields(scored: ScoredGame) -> dict[str, Spec]:
    game_id, table, cards = scored.game.id, scored.table, (scored.next or {}).get("cards")
    counts = [(str(n), digits(n)) for n in range(0, (cards or 0) + 1)]
    if game_id == "oh_hell":
        return {f"tricks_{seat}": radio(_("%(player)s took", player=table.name(seat)), counts)
                for seat in bidding_order(scored.state.dealer, table.size)}
    if game_id == "back_alley":
        return {"tricks_0": radio(_("%(side)s took", side=scored.sides[0]), counts)}
    if game_id in ("pitch", "smear"):
        nobody = {"pitch": {"jack": _("not in play"), "game": _("tie")}, "smear": dict.fromkeys(
            ("high", "low", "jack", "game"), _("nobody"))}[game_id]
        return {point: radio(point_label(point), side_choices(scored, nobody.get(point)))
                for point in ("high", "low", "jack", "game")}
    roles = scored.state.roles
    box = _("%(player)s (box)", player=table.name(roles.box))
    team = _("%(captain)s & %(advisor)s", captain=table.name(roles.captain), advisor=table.name(roles.advisor))
    number = (("inputmode", "numeric"), ("autocomplete", "off"), ("data-min", 0), ("data-max", 98))
    return {
        "result": radio(_("Result"), [("knock", _("knock")), ("gin", _("gin")), ("draw", _("draw"))], default="knock"),
        "knocker": radio(_("Who knocked"), [("box", box), ("team", team)]),
        "deadwood_box": ("text", str(_("%(side)s deadwood", side=box)), number),
        "deadwood_team": ("text", str(_("%(side)s deadwood", side=team)), number),
    }


def point_label(point: str) -> str:
    """High, Low, Jack or Game (the engine's names), in the page's language."""
    return words(POINT_NAMES[point])


def hand_form(scored: ScoredGame, step: str) -> FlaskForm:
    """step: "bids" (bids alone), "result" (the rest, bids already known) or "full"."""
    fields: dict[str, Spec] = {}
    if step in ("bids", "full") and scored.game.id != "gin3":
        fields |= bid_fields(scored)
    if step in ("result", "full"):
        fields |= result_fields(scored)
    return kept_form_class(ChangeForm, fields)()


def kept_form_class(base: type[FlaskForm], fields: dict[str, Spec]) -> type[FlaskForm]:
    """The form class with `fields`, made once per worker for the same fields (same names, labels,
    options and defaults, in the same order): a new class costs WTForms a walk over its attributes
    on its first use. The key is the fields as plain values, so it never mixes two forms."""
    key = (base, tuple(fields.items()))
    kept = FORM_CLASSES.get(key)
    if kept is None:
        kept = add_fields(base, {name: made_field(spec) for name, spec in fields.items()})
        FORM_CLASSES.put(key, kept)
    return kept


def made_field(spec: Spec) -> Field:
    if spec[0] == "radio":
        _kind, label, pairs, default = spec
        return RadioField(label, choices=options(list(pairs)), default=default, validate_choice=False)
    _kind, label, render_kw = spec
    return StringField(label, render_kw=dict(render_kw))


def choice(form: FlaskForm, name: str, what: str) -> str:
    """The option tapped in a radio group; only one of the options offered is accepted."""
    value = form[name].data
    if value not in {str(option.value) for option in form[name].choices}:
        raise FieldError(name, _("Choose %(what)s.", what=what))
    return value


def as_bid(text: str) -> Any:
    return int(text) if text.lstrip("-").isdigit() else text


def bids_from(form: FlaskForm, scored: ScoredGame) -> list[Any]:
    table = scored.table
    asked = [(f"bid_{seat}", _("%(player)s's bid", player=table.name(seat))) for seat in range(table.size)]
    return [as_bid(value) for value in every_choice(form, asked)]


def result_from(form: FlaskForm, scored: ScoredGame, bids: list[Any] | None) -> dict[str, Any]:
    game_id, table = scored.game.id, scored.table
    if game_id == "oh_hell":
        asked = [(f"tricks_{seat}", _("%(player)s's tricks", player=table.name(seat))) for seat in range(table.size)]
        return {"tricks": [int(value) for value in every_choice(form, asked)]}
    if game_id == "back_alley":
        took = int(choice(form, "tricks_0", _("how many tricks %(side)s took", side=scored.sides[0])))
        return {"tricks": [took, scored.next["cards"] - took]}
    if game_id in ("pitch", "smear"):
        if bids is not None and all(bid == PASS for bid in bids):
            return {}
        taken = {}
        for point in ("high", "low", "jack", "game"):
            value = choice(form, point, took_point(point))
            taken[point] = None if value == NOBODY else int(value)
        return taken
    result = choice(form, "result", _("the result"))
    if result == "draw":
        return {"result": "draw"}
    hand = {"result": result, "knocker": choice(form, "knocker", _("who knocked")), "deadwood": {}}
    for side in ("box", "team"):
        typed = form[f"deadwood_{side}"].data
        if result == "gin" and side == hand["knocker"] and not (typed or "").strip():
            typed = "0"                      # going gin is 0 deadwood: nothing to type
        hand["deadwood"][side] = whole_number(typed, f"deadwood_{side}")
    return hand


def took_point(point: str) -> str:
    """What to choose for a point ("who took High"), in the page's language."""
    return TOOK_POINT[point]()


TOOK_POINT = {"high": lambda: _("who took High"), "low": lambda: _("who took Low"),
              "jack": lambda: _("who took Jack"), "game": lambda: _("who took Game")}


def hand_from(form: FlaskForm, scored: ScoredGame, step: str, pending: list[Any] | None = None) -> dict[str, Any]:
    """The hand a form describes (FieldError when a choice is missing)."""
    if scored.game.id == "gin3":
        return result_from(form, scored, None)
    bids = pending if step == "result" else bids_from(form, scored)
    if step == "bids":
        return {"bids": bids}
    if scored.game.id == "back_alley" and all(bid == PASS for bid in bids):
        return {"bids": bids}
    return {"bids": bids, **result_from(form, scored, bids)}


def fill(form: FlaskForm, hand: dict[str, Any], scored: ScoredGame) -> None:
    """Put a recorded hand's values into a form (to edit it)."""
    values: dict[str, Any] = {}
    for seat, bid in enumerate(hand.get("bids") or []):
        values[f"bid_{seat}"] = bid
    tricks = hand.get("tricks") or []
    if scored.game.id == "back_alley":
        values["tricks_0"] = tricks[0] if tricks else None
    else:
        values |= {f"tricks_{seat}": took for seat, took in enumerate(tricks)}
    for point in ("high", "low", "jack", "game"):
        if point in hand or hand.get("bids"):
            values[point] = NOBODY if hand.get(point) is None else hand[point]
    values["result"] = hand.get("result")
    values["knocker"] = hand.get("knocker")
    for side, count in (hand.get("deadwood") or {}).items():
        values[f"deadwood_{side}"] = count
    for name, value in values.items():
        if name in form and value is not None:
            form[name].data = str(value)


def typed_values(form: FlaskForm) -> list[tuple[str, str]]:
    """A filled hand form's values as name/value pairs, to carry as hidden fields of another form."""
    return [(field.name, str(field.data)) for field in form
            if field.type not in ("CSRFTokenField", "HiddenField") and field.data not in (None, "")]


def field_for(error: RuleError) -> str:
    """The form field an engine error is about."""
    if error.field in ("bids", "tricks") and error.seat is not None:
        return f"{'bid' if error.field == 'bids' else 'tricks'}_{error.seat}"
    return error.field or ""


def likely_tricks(scored: ScoredGame, bids: list[Any]) -> list[int | None]:
    """Oh Hell's tricks as a form shows them first: everyone as bid, and the dealer (who tallies
    last) whatever tricks are left - so a table taps only the players who missed."""
    cards = scored.next["cards"]
    dealer = scored.state.dealer
    tricks: list[int | None] = [bid if isinstance(bid, int) else None for bid in bids]
    rest = cards - sum(took for seat, took in enumerate(tricks) if seat != dealer and took is not None)
    tricks[dealer] = rest if 0 <= rest <= cards else None
    return tricks


def fill_from_args(form: FlaskForm, args: Any) -> None:
    """Pre-fill a hand form from query values (what a calculator worked out)."""
    for name, value in args.items():
        if name in form and name != "csrf_token" and isinstance(value, str) and len(value) <= 10:
            form[name].data = value
