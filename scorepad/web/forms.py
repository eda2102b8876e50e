"""Forms: built per game from what the rules engine says, and turned back into records.

The rules live in the engine: a form only collects values, and an engine RuleError is put
next to the field it names."""
from __future__ import annotations

import re
from typing import Any

from flask_wtf import FlaskForm
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup, escape
from wtforms import BooleanField, Field, HiddenField, RadioField, SelectField, SelectMultipleField, StringField, TextAreaField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import Length
from wtforms.widgets import HiddenInput

from rules_engine import FORMAT, Game, Kind, RuleError, Setting
from rules_engine.record import MAX_NAME, read_players
from rules_engine.words import say
from scorepad.web import colours
from scorepad.web.caches import FORM_CLASSES
from scorepad.web.i18n import _, comma, digits, lazy_gettext, words

DIGITS = str.maketrans("٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹０１２３４５６７８９−－",      # Eastern Arabic, Persian, full width,
                       "012345678901234567890123456789--")          # minus signs
WHOLE = re.compile(r"-?[0-9]{1,6}")

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


def attach_error(form: FlaskForm, error: FieldError, once: bool = False) -> None:
    """Show a FieldError (and any others it carries) next to the fields concerned; once: not beside
    a field that shows a message already (a name refused as too long by its own field's check)."""
    for one in (error, *error.others):
        if not (once and one.field in form and form[one.field].errors):
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
    label = str(words(setting.label))
    if setting.kind is Kind.SWITCH:
        return BooleanField(label, default=setting.default, description=setting.help)
    if setting.kind is Kind.LIST:           # a checkbox each, drawn by the new-game page after an empty marker value
        return SelectMultipleField(label, choices=options([(c, choice_word(setting, c)) for c in setting.choices]),
                                   default=list(setting.default), description=setting.help, validate_choice=False)
    if setting.kind is Kind.CHOICE:
        return RadioField(label, choices=options([(c, choice_word(setting, c)) for c in setting.choices]),
                          default=setting.default, description=setting.help, validate_choice=False)
    allowed = _("%(least)s to %(most)s", least=setting.minimum, most=setting.maximum)     # the engine's range: never open
    if setting.optional:
        allowed = _("%(allowed)s, or blank for none", allowed=allowed)
    return StringField(label, default="" if setting.default is None else str(setting.default),
                       description=_("%(help)s Allowed: %(allowed)s.", help=setting.help, allowed=allowed),
                       render_kw={**number_keyboard(setting.minimum), "autocomplete": "off", "data-min": setting.minimum,
                                  "data-max": setting.maximum})


def number_keyboard(least: int | None) -> dict[str, str]:
    """A phone's number keypad for a number that is never negative; an iPhone's has no minus key, so a
    number that may be (Spades' lose at -200) gets the keyboard with one."""
    return {"inputmode": "numeric"} if least is not None and least >= 0 else {}


def choice_word(setting: Setting, value: str) -> str:
    """A setting's choice as a player says it: "up then down", not `up_down`."""
    return str(words(setting.choice_label(value)))


def new_game_form(game: Game, player_count: int, first_role: str = "deals") -> FlaskForm:
    """first_role: what the first seat does, "deals" or "box" (then a captain is asked for too)."""
    fields: dict[str, Field] = {}
    for seat in range(game.max_players):
        too_long = _("A name has at most %(most)s characters.", most=MAX_NAME)
        fields[f"player_{seat}"] = StringField(_("Player %(number)s", number=seat + 1),
                                               validators=[Length(max=MAX_NAME, message=too_long)],
                                               render_kw={"autocomplete": "off", "list": "names",
                                                          "maxlength": MAX_NAME})
        fields[f"colour_{seat}"] = SelectField(_("Colour of player %(number)s", number=seat + 1), default="",
                                               choices=colour_choices(), validate_choice=False)
    seats = [(str(seat), _("Player %(number)s", number=seat + 1)) for seat in range(game.max_players)]
    first = _("First in the box (deals)") if first_role == "box" else _("First dealer")
    fields["first_dealer"] = RadioField(first, choices=options(seats), default="0", validate_choice=False)
    if first_role == "box":
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


def colour_choices() -> list[SelectChoice]:
    """The colours a player may choose, after "Automatic" (the colour the name had last, or a free one)."""
    return options([("", _("Automatic")), *((colour.id, str(colour.label)) for colour in colours.PALETTE)])


def chosen_colours(form: FlaskForm, game: Game) -> list[str | None]:
    """The colour chosen for each player entered (None: Automatic). Two alike are refused next to
    the second: choosing is on purpose, so the table decides which one changes."""
    chosen, holders, clashes = [], {}, []
    for seat in range(game.max_players):
        name = (form[f"player_{seat}"].data or "").strip()
        if not name:
            continue
        colour = form[f"colour_{seat}"].data if form[f"colour_{seat}"].data in colours.BY_ID else None
        if colour in holders:
            clashes.append(FieldError(f"colour_{seat}", _("%(colour)s is %(player)s's colour already: choose another.",
                                                          colour=colours.BY_ID[colour].label, player=holders[colour])))
            colour = None
        elif colour is not None:
            holders[colour] = name
        chosen.append(colour)
    if clashes:
        raise FieldError(clashes[0].field, str(clashes[0]), tuple(clashes[1:]))
    return chosen


def note_too_long() -> str:
    return _("A note has at most %(most)s characters.", most=NOTE_MAX)


def count_defaults(game: Game, name: str) -> str:
    """For a setting whose default depends on the number of players: the defaults in words."""
    setting = setting_of(game, name)
    defaults = {count: next(s.default for s in game.settings(count) if s.name == name)
                for count in range(game.min_players, game.max_players + 1)}
    if len(set(defaults.values())) == 1:
        return ""
    return comma().join(_("%(value)s for %(count)s players", value=setting_value(setting, value), count=count)
                     for count, value in defaults.items())


def setting_of(game: Game, name: str) -> Setting | None:
    """A game's setting by its name (its label and choices are the same for any number of players)."""
    return next((setting for setting in game.settings(game.max_players) if setting.name == name), None)


def setting_label(game: Game, name: str) -> str:
    """A setting's name as the game's form says it ("Max cards"); a name the game does not know, as it is."""
    setting = setting_of(game, name)
    return str(words(setting.label)) if setting else name.replace("_", " ")


def setting_value(setting: Setting | None, value: Any) -> str:
    """A setting's value in a sentence: a number in the page's digits, a choice in its words."""
    if isinstance(value, bool):
        return _("on") if value else _("off")
    if value is None:                                # an optional number left out
        return _("none")
    if isinstance(value, (list, tuple)):             # a list inside a line of settings: High/Low/Jack/Game
        return "/".join(choice_word(setting, str(item)) if setting else str(item) for item in value)
    if isinstance(value, int):
        return digits(value)
    return choice_word(setting, str(value)) if setting else str(value)


def whole_number(text: str | None, field: str) -> int:
    """A typed whole number: ASCII, Eastern Arabic, Persian or full-width digits, an optional minus."""
    text = (text or "").strip().translate(DIGITS)
    if not WHOLE.fullmatch(text):
        too_long = re.fullmatch(r"-?[0-9]+", text) is not None     # digits, just too many ("25 points" is words)
        raise FieldError(field, _("That number is too large.") if too_long else _("Enter a whole number."))
    return int(text)


def record_from_new_game(form: FlaskForm, game: Game) -> dict[str, Any]:
    """A record with no hands from the new-game form; FieldError/RuleError on a bad value. Every
    field with a problem is named at once (a FieldError carrying the others), so a table fixes them
    all in one go; the engine's own checks of the whole table (RuleError) come once these pass."""
    typed = [(form[f"player_{seat}"].data or "").strip() for seat in range(game.max_players)]
    filled = [seat for seat, name in enumerate(typed) if name]
    players = [typed[seat] for seat in filled]
    empty = _("Type a name here, or move the players after it up a seat.")
    problems = [FieldError(f"player_{seat}", empty) for seat in range(len(typed))
                if not typed[seat] and filled and seat < filled[-1]]     # a box between names, not a spare one after
    try:
        read_players(game, players)
    except RuleError as error:          # two alike, a name too long, too few: next to the seat concerned
        seat = filled[error.seat] if error.seat is not None and error.seat < len(filled) else 0
        problems.append(FieldError(f"player_{seat}", reason(error)))
    record: dict[str, Any] = {"format": FORMAT, "game": game.id, "players": players, "settings": {}}
    try:
        record["colours"] = chosen_colours(form, game)
    except FieldError as error:
        problems.extend((error, *error.others))
    seats = max(filled[-1] + 1 if filled else 0, game.min_players)     # the seats in use, gaps and all
    for key in ("first_dealer", "first_captain"):
        if key in form:
            try:
                seat = whole_number(form[key].data, key)
                if seat >= seats:
                    raise FieldError(key, _("Pick one of the players entered."))
            except FieldError as error:
                problems.append(error)
            else:
                record[key] = seat
    for setting in game.settings(max(len(players), game.min_players)):
        try:
            value = setting_from(form, game, setting)
        except FieldError as error:
            problems.append(error)
            continue
        if value is not UNSET:
            record["settings"][setting.name] = value
    note = " ".join((form.note.data or "").split())
    if len(note) > NOTE_MAX:
        problems.append(FieldError("note", note_too_long()))
    if problems:
        raise FieldError(problems[0].field, str(problems[0]), tuple(problems[1:]))
    if note:
        record["note"] = note
    return record


UNSET = object()         # a setting left to its default: not written in the record


def setting_from(form: FlaskForm, game: Game, setting: Setting) -> Any:
    """A setting's value as the form has it (UNSET: the default), or a FieldError next to its field."""
    field = form[f"setting_{setting.name}"]
    if setting.kind is Kind.WHOLE and not (field.data or "").strip() and count_defaults(game, setting.name):
        return UNSET                                      # the default for this many players
    if setting.kind is Kind.WHOLE and not (field.data or "").strip() and setting.optional:
        return None                                       # blank: none (no target, never)
    value = field.data if setting.kind is not Kind.WHOLE else whole_number(field.data, field.name)
    if setting.kind is Kind.LIST and not field.raw_data:
        return UNSET            # sent without its boxes (not even their empty marker): the default
    if setting.kind is Kind.LIST:           # the boxes ticked, in the order the form lists them
        value = sorted((word for word in field.data if word), key=lambda word: setting.choices.index(word)
                       if word in setting.choices else len(setting.choices))
    try:
        read = setting.read(value)
    except RuleError as error:
        raise FieldError(field.name, reason(named(error, field.label.text))) from None
    return list(read) if isinstance(read, tuple) else read


# --- hands ---------------------------------------------------------------------------------

# A hand form field as plain values: ("radio", label, ((value, text), ...), default), ("check", label)
# or ("text", label, render_kw items).
Spec = tuple


def radio(label: str, pairs: list[tuple[str, str]], default: str | None = None) -> Spec:
    return ("radio", str(label), tuple(pairs), default)




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
    if spec[0] == "check":
        _kind, label = spec
        return BooleanField(label)
    _kind, label, render_kw = spec
    return StringField(label, render_kw=dict(render_kw))


def choice(form: FlaskForm, name: str, what: str) -> str:
    """The option tapped in a radio group; only one of the options offered is accepted. A group
    the answer leaves out is refused even where one option is shown already checked: the form
    always sends that one, so its absence means the form was not the one shown."""
    value = form[name].data
    if form[name].raw_data == [] or value not in {str(option.value) for option in form[name].choices}:
        raise FieldError(name, _("Choose %(what)s.", what=what))
    return value


def as_bid(text: str) -> Any:
    return int(text) if text.lstrip("-").isdigit() else text


def typed_values(form: FlaskForm) -> list[tuple[str, str]]:
    """A filled hand form's values as name/value pairs, to carry as hidden fields of another form."""
    return [(field.name, str(field.data)) for field in form
            if field.type not in ("CSRFTokenField", "HiddenField") and field.data not in (None, "")]


def typed_words(form: FlaskForm) -> str:
    """A filled hand form in its own labels ("Ann took: 0, Ben took: 1"): the words for a hand the
    rules refuse, which has no line of its own."""
    shown = []
    for field in form:
        if field.type in ("CSRFTokenField", "HiddenField") or field.data in (None, "", False):
            continue
        value = str(field.data)
        if field.type == "RadioField":
            value = next((str(option.label) for option in field.choices if str(option.value) == value), value)
        shown.append(_("%(field)s: %(value)s", field=field.label.text, value="✓" if field.data is True else value))
    return comma().join(shown)


def field_for(error: RuleError) -> str:
    """The form field an engine error is about."""
    if error.field in ("bids", "tricks") and error.seat is not None:
        return f"{'bid' if error.field == 'bids' else 'tricks'}_{error.seat}"
    return error.field or ""


def fill_from_args(form: FlaskForm, args: Any) -> None:
    """Pre-fill a hand form from query values (what a calculator worked out)."""
    for name, value in args.items():
        if name in form and name != "csrf_token" and isinstance(value, str) and len(value) <= 10:
            form[name].data = value
