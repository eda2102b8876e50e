"""The app's two languages: English and Pashto. Which one a page speaks, and the words and digits in it.

Pages say every word through `_` / `n_` (gettext; catalogues in translations/), numbers through
`digits`, and the engine's sentences (rules_engine.words.Text) through `words`."""
from __future__ import annotations

from typing import Any

from flask import has_request_context, request
from flask_babel import Babel, gettext, ngettext

LANGUAGES = ("en", "ps")            # English first: the fallback
RIGHT_TO_LEFT = {"ps"}
PASHTO_DIGITS = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")


def lang() -> str:
    """The language of this request's page (English outside a request)."""
    if not has_request_context():
        return "en"
    chosen = request.cookies.get("lang")
    if chosen in LANGUAGES:
        return chosen
    return request.accept_languages.best_match(LANGUAGES, default="en") or "en"


def digits(value: Any) -> str:
    """A number (or text with numbers) as this page writes digits: ۰-۹ on Pashto pages."""
    text = str(value)
    return text.translate(PASHTO_DIGITS) if lang() == "ps" else text


def _(text: str, **params: Any) -> str:
    """`text` in the page's language; numbers among `params` in its digits."""
    return gettext(text, **{name: digits(v) if isinstance(v, int) else v for name, v in params.items()})


def n_(singular: str, plural: str, count: int, **params: Any) -> str:
    """Count-dependent words ("1 hand", "3 hands"); `%(num)s` is the count."""
    return ngettext(singular, plural, count, **{name: digits(v) if isinstance(v, int) else v
                                                for name, v in params.items()})


def init_app(app) -> None:
    Babel(app, locale_selector=lang)
