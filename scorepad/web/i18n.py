"""The app's two languages: English and Pashto. Which one a page speaks, and the words and digits in it.

Pages say every word through `_` / `n_` (gettext; catalogues in translations/), numbers through
`digits`, and the engine's sentences (rules_engine.words.Text) through `words`.

English is the language the app is written in: an English page never looks anything up (the
message is the text), so English pages cost what they did before there was a Pashto one."""
from __future__ import annotations

import math
import re
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import datetime, timezone
from fractions import Fraction
from numbers import Number
from pathlib import Path
from typing import Any, Iterator
from urllib.parse import quote, urlsplit

from flask import Blueprint, has_request_context, redirect, request
from flask_babel import Babel, LazyString, get_translations
from markupsafe import Markup, escape

from rules_engine.words import translate

LANGUAGES = ("en", "ps")            # English first: the fallback
NAMES = {"en": "English", "ps": "پښتو"}     # each language in its own words, for the switch
RIGHT_TO_LEFT = {"ps"}
PASHTO_DIGITS = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")
COOKIE = "lang"
COOKIE_AGE = 400 * 24 * 3600        # browsers keep a cookie at most 400 days


def chosen_language() -> str:
    """The cookie's language if the switch set one, else the browser's first preference we speak
    (`ps`, `ps-AF`, `ps-PK` are Pashto; `fa`, `ar`, anything else unknown is passed over), else English."""
    chosen = request.cookies.get(COOKIE)
    if chosen in LANGUAGES:
        return chosen
    for value, _quality in request.accept_languages:       # best first
        primary = value.split("-")[0].split("_")[0].lower()
        if primary in LANGUAGES:
            return primary
    return "en"


CHOSEN: ContextVar[str | None] = ContextVar("scorepad_language", default=None)   # this request's, once chosen


def lang() -> str:
    """The language of this request's page (English outside a request). Chosen once a request,
    before its view (`start_request`); in a request context with no view (a test's), each time."""
    found = CHOSEN.get()
    if found is not None:
        return found
    return chosen_language() if has_request_context() else "en"


def start_request() -> None:
    CHOSEN.set(chosen_language())


def end_request(_error: BaseException | None) -> None:
    CHOSEN.set(None)


@contextmanager
def speaking(code: str) -> Iterator[None]:
    """Words in the language `code` for a while (the service worker's in each language)."""
    before = CHOSEN.set(code)
    try:
        yield
    finally:
        CHOSEN.reset(before)


def comma() -> str:
    """Between the items of a list: Pashto's own comma on Pashto pages."""
    return "، " if lang() == "ps" else ", "


def semicolon() -> str:
    return "؛ " if lang() == "ps" else "; "


def dot() -> Markup:
    """Between a number and what follows ("4 · 4 cards"): a dash on Pashto pages, where a middle
    dot next to a number reads as the Pashto zero (۰)."""
    return Markup(" – ") if lang() == "ps" else Markup(" · ")


def rtl() -> bool:
    return lang() in RIGHT_TO_LEFT


RIGHT_TO_LEFT_LETTERS = re.compile("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]")
FIRST_STRONG, LEFT_TO_RIGHT, RIGHT_TO_LEFT_ISOLATE, POP = "\u2068", "\u2066", "\u2067", "\u2069"  # bidi isolates


def isolate(text: Any) -> Any:
    """A name (or a phrase) put in a sentence so its own direction can't reorder the words around it
    ("Ann ۱/۰ ✗، احمد ۰/۰ ✓" keeps each mark by its player): on Pashto pages always, on English pages
    when it has right-to-left letters. Invisible; Markup stays Markup."""
    if lang() == "ps" or RIGHT_TO_LEFT_LETTERS.search(str(text)):
        return type(text)(FIRST_STRONG) + text + POP if isinstance(text, Markup) else FIRST_STRONG + str(text) + POP
    return text


def as_the_page(text: Markup) -> Markup:
    """A phrase that reads in the page's direction whatever the names in it (each isolated itself):
    "Ann ۱/۰ ✗" reads name, numbers, mark from the right on a Pashto page, from the left in English."""
    if lang() == "ps":
        return Markup(RIGHT_TO_LEFT_ISOLATE) + text + POP
    return Markup(LEFT_TO_RIGHT) + text + POP if RIGHT_TO_LEFT_LETTERS.search(str(text)) else text


def signed_number(text: str) -> str:
    """A number with its sign ("-۳", "+۱۰") kept left to right in a Pashto sentence."""
    return LEFT_TO_RIGHT + text + POP if lang() == "ps" and text[:1] in "+-" else text


def digits(value: Any) -> str:
    """A number (or text with numbers) as this page writes digits: ۰-۹ on Pashto pages."""
    text = str(value)
    return text.translate(PASHTO_DIGITS) if lang() == "ps" else text


def _numbers(params: dict[str, Any]) -> dict[str, Any]:
    """Values to put in a sentence: numbers in the page's digits, the engine's sentences translated."""
    if lang() == "en":
        return params
    return {name: words(v) if hasattr(v, "template") else _number(v) for name, v in params.items()}


ENGINE_NUMBER = re.compile(r"[+-][0-9]+|[0-9]{1,3}(,[0-9]{3})+")     # "+2", "-3", "1,000": never a name


def _number(value: Any) -> Any:
    """A number (an int, or the engine's "+2" / "1,000") in the page's digits; anything else as it is
    (a name a player typed is never changed, even one that is all digits: it comes as a str)."""
    if isinstance(value, Number) and not isinstance(value, bool):
        return digits(value)
    return value


def _(text: str, **params: Any) -> str:
    """`text` in the page's language; numbers among `params` in its digits."""
    if lang() != "en":
        text = get_translations().ugettext(text)
    return text % _numbers(params) if params else text


def lazy_gettext(text: str, **params: Any) -> LazyString:
    """A message made before any page (a label made at import), translated through `_` each time
    it is read (Flask-Babel's own lazy_gettext looks its translations up the long way)."""
    return LazyString(_, text, **params)


def n_(singular: str, plural: str, count: int, **params: Any) -> str:
    """Count-dependent words ("1 hand", "3 hands"); `%(num)s` is the count."""
    if lang() == "en":
        text = singular if count == 1 else plural
    else:
        text = get_translations().ungettext(singular, plural, count)
    return text % _numbers({"num": count, **params})


def words(text: Any) -> str | Markup:
    """One of the engine's sentences (a rules_engine.words.Text, or plain text) in the page's language.
    `translate` gets plain gettext lookups (the message in, its translation out, unformatted): it
    puts the sentence's own values in itself."""
    if not hasattr(text, "template"):
        return text if isinstance(text, Markup) else str(text)     # already words (Markup stays markup)
    if lang() == "en" and not RIGHT_TO_LEFT_LETTERS.search(text):
        return str(text)
    if lang() == "en":                     # English with a right-to-left name in it: only isolated
        return translate(text, lambda said: said, lambda one, many, count: one if count == 1 else many, isolate)
    catalogue = get_translations()
    return translate(text, catalogue.ugettext, catalogue.ungettext, _engine_number)


def _engine_number(value: Any) -> Any:
    """A value the engine put in a sentence: numbers (ints, "+2", "1,000") in the page's digits."""
    if isinstance(value, str) and ENGINE_NUMBER.fullmatch(value):
        return signed_number(digits(value))
    if isinstance(value, int) and not isinstance(value, bool):
        return signed_number(digits(value))
    return isolate(value) if isinstance(value, str) else value


def when(iso: str | None) -> str:
    """A stored UTC time ("2026-11-30T14:05:..") as text for the page before its script shows it in
    the phone's own time: Gregorian dates, month names in the page's language (Babel's Pashto)."""
    if not iso:
        return ""
    if lang() == "en":
        return iso[:16].replace("T", " ") + " UTC"
    from babel.dates import format_datetime
    try:
        moment = datetime.fromisoformat(iso.replace("Z", "+00:00"))
    except ValueError:
        return iso
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    return digits(_("%(when)s UTC", when=format_datetime(moment, "d MMMM y HH:mm", tzinfo=timezone.utc,
                                                         locale=lang())))


def day(iso: str | None) -> str:
    """A stored time's date: "2026-11-30" in English, "۳۰ نومبر ۲۰۲۶" on a Pashto page (Gregorian,
    Babel's Pashto month names; a date of numbers and dashes would read backwards in Pashto)."""
    if not iso or lang() == "en":
        return (iso or "")[:10]
    from babel.dates import format_date
    try:
        return digits(format_date(datetime.fromisoformat(iso[:10]).date(), "d MMMM y", locale=lang()))
    except ValueError:
        return iso[:10]


def name(text: Any) -> Markup:
    """A name a player typed, isolated so "Ann & احمد" reads right on either page; never translated."""
    return Markup("<bdi>%s</bdi>") % text


def names(items: Any) -> Markup:
    """Names typed by players, each isolated, in a list: "Ann, Ben" / "Ann، Ben"."""
    return Markup("، " if lang() == "ps" else ", ").join(name(item) for item in items)


def names_and(items: Any) -> Markup:
    """Names typed by players as a sentence's list: "Ann and Ben" (Babel's list words per language)."""
    items = [str(name(item)) for item in items]
    if len(items) < 2:
        return Markup("".join(items))
    from babel.lists import format_list
    return Markup(format_list(items, locale=lang()))


def num(value: Any) -> Markup:
    """A number in the page's digits, kept left to right so "-3" never reads "3-" on a Pashto page."""
    if lang() in RIGHT_TO_LEFT:
        return Markup('<span class="n">%s</span>') % digits(value)
    return Markup(escape(value))


def points(value: int) -> Markup:
    """A hand's points, signed: "+3", "-2", "0"."""
    return num("%+d" % value if value else "0")


def signed(value: int) -> str:
    """A hand's points, signed, in the page's digits, for a place already kept left to right (a
    scoreboard cell: its CSS does it once for the whole cell, not a span for each number)."""
    return digits("%+d" % value if value else "0")


def percent(part: int, whole: int) -> str:
    """`part` of `whole` as a whole percent, a half rounded up, in the page's digits: "67%", "۶۷٪"."""
    rounded = (200 * part + whole) // (2 * whole) if whole else 0
    return digits(rounded) + ("٪" if lang() == "ps" else "%")


def tenths(value: Fraction | int) -> str:
    """A number to one decimal place, a half rounded up (exactly: 23/20 is 1.2), in the page's digits and
    decimal sign: "1.5", "۱٫۵"."""
    rounded = math.floor(Fraction(value) * 10 + Fraction(1, 2))          # in tenths
    whole, tenth = divmod(abs(rounded), 10)
    text = ("-" if rounded < 0 else "") + f"{whole}.{tenth}"
    return digits(text.replace(".", "٫")) if lang() == "ps" else text


# --- in templates ------------------------------------------------------------------------------

def _jinja_gettext(eval_context: Any, text: str, **params: Any) -> str:
    said = text if lang() == "en" else get_translations().ugettext(text)
    if eval_context.autoescape:
        said = Markup(said)
    if not params and "%" not in said:        # most words: nothing to put in
        return said
    return said % _numbers(params)


def _jinja_ngettext(eval_context: Any, singular: str, plural: str, count: int, **params: Any) -> str:
    if lang() == "en":
        said = singular if count == 1 else plural
    else:
        said = get_translations().ungettext(singular, plural, count)
    if eval_context.autoescape:
        said = Markup(said)
    return said % _numbers({"num": count, **params})


def safe_next(target: str | None) -> str:
    """Only a path on this site: never another site ("//evil", "https://evil", "/\\evil")."""
    if not target or not target.startswith("/") or target.startswith("//") or "\\" in target:
        return "/"
    parts = urlsplit(target)
    if parts.scheme or parts.netloc or any(ord(c) < 32 for c in target):
        return "/"
    return target


bp = Blueprint("i18n", __name__)


@bp.get("/language/<code>")
def choose(code: str):
    """The language switch: remembered in a cookie for a long time, then back to the same page."""
    response = redirect(safe_next(request.args.get("next")), 303)
    if code in LANGUAGES:
        response.set_cookie(COOKIE, code, max_age=COOKIE_AGE, path="/", samesite="Lax", httponly=True,
                            secure=request.is_secure)
    return response


def switch_link() -> dict[str, str]:
    """The other language: its code, its name in its own script, and the switch's address (back to
    this page; written out rather than url_for'd, as it is on every page)."""
    other = "en" if lang() == "ps" else "ps"
    here = request.full_path if request.query_string else request.path
    href = f"{request.script_root}/language/{other}?next={quote(here, safe='/')}"
    return {"code": other, "name": NAMES[other], "href": href}


def vary(response):
    """A page depends on the browser's languages as well as on its cookie."""
    if (response.content_type or "").startswith("text/html"):
        add_vary(response, "Accept-Language")
    return response


def add_vary(response, header: str) -> None:
    """Add `header` to the response's Vary, unless it is there (a look at the text, not a parse)."""
    if header.lower() not in response.headers.get("Vary", "").lower():
        response.vary.add(header)


def catalogue_folders(app) -> list[str]:
    """The shared catalogue's folder and each game's own (translations/games/<id>: a game brings its
    words with it), as paths from the app's root."""
    root = Path(app.root_path)
    games = sorted(path for path in (root / "translations" / "games").glob("*") if path.is_dir())
    return ["translations", *(path.relative_to(root).as_posix() for path in games)]


def init_app(app) -> None:
    from jinja2 import pass_eval_context  # not pass_context: a context is copied for each call
    # Flask-WTF would load WTForms' own catalogue from disk on every request with a form once
    # Flask-Babel is there (0.8 ms each); WTForms has no Pashto, and our forms say their own words.
    app.config.setdefault("WTF_I18N_ENABLED", False)
    Babel(app, locale_selector=lang, default_translation_directories=";".join(catalogue_folders(app)))
    app.before_request(start_request)
    app.teardown_request(end_request)
    env = app.jinja_env
    env.globals.update(_=pass_eval_context(_jinja_gettext), gettext=pass_eval_context(_jinja_gettext),
                       ngettext=pass_eval_context(_jinja_ngettext), lang=lang, rtl=rtl, switch_link=switch_link,
                       dot=dot, comma=comma)
    env.filters.update(digits=digits, words=words, when=when, day=day, name=name, names=names, names_and=names_and,
                       num=num, points=points, signed=signed, percent=percent, tenths=tenths)
    app.register_blueprint(bp)
    app.after_request(vary)
