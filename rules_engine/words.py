"""Words the engine says to players, kept translatable.

Every sentence the engine makes is a `Text`: plain English as a string (so it compares, prints and
dumps to JSON like any str), which also remembers the template it was made from and the values put
into it. `translate` says it again in another language from gettext-style callables, so the engine
needs no translation machinery of its own.

Templates are the literal first argument of `say` / `say_n` (extracted with the keywords `say` and
`say_n:1,2`) and use `{name}` placeholders."""
from __future__ import annotations

from types import MappingProxyType
from typing import Any, Callable, Iterable, Mapping


class Text(str):
    """An English sentence that remembers how it was made: `template` (the singular one, for
    `say_n`), `plural` (None unless made by `say_n`) and `params` (the values; `count` for `say_n`).
    Anything done to it as a str (`+`, slicing, `str()`) gives plain English."""
    template: str | None = None     # None: a Text made from a bare string, said as it is
    plural: str | None = None
    params: Mapping[str, Any] = MappingProxyType({})


def say(template: str, **params: Any) -> Text:
    """`template` filled in with `params`, in English."""
    text = str.__new__(Text, template.format_map(params))
    text.__dict__ = {"template": template, "params": params}      # one step: this runs a lot
    return text


def say_n(singular: str, plural: str, count: int, **params: Any) -> Text:
    """A sentence whose wording depends on `count` (also available as `{count}`)."""
    params["count"] = count
    text = str.__new__(Text, (singular if count == 1 else plural).format_map(params))
    text.__dict__ = {"template": singular, "plural": plural, "params": params}
    return text


def translate(text: str, gettext: Callable[[str], str], ngettext: Callable[[str, str, int], str],
              value: Callable[[Any], Any] = lambda plain: plain) -> str:
    """`text` in the language of `gettext` / `ngettext`: its template translated, then filled in with
    its params (those that are Text translated first, the others passed through `value`, which may
    write numbers in the language's digits). Plain strings come back as they are; a translation whose
    placeholders don't fit gives the English."""
    if not isinstance(text, Text) or text.template is None:
        return str(text)
    params = {name: translate(param, gettext, ngettext, value) if isinstance(param, Text) else value(param)
              for name, param in text.params.items()}
    if text.plural is None:
        template = gettext(text.template)
    else:
        template = ngettext(text.template, text.plural, text.params["count"])
    try:
        return template.format_map(params)
    except (KeyError, IndexError, ValueError, AttributeError, TypeError):
        return str(text)


def comma_list(items: Iterable[str]) -> str:
    """Items one after another ("High, Low, Jack"), each still translatable (one item: itself)."""
    items = iter(items)
    said = next(items)
    for item in items:
        said = say("{earlier}, {last}", earlier=said, last=item)
    return said


def and_list(items: Iterable[str]) -> str:
    """Items joined with "and" ("Ann and Ben"; one item: itself)."""
    items = iter(items)
    said = next(items)
    for item in items:
        said = say("{earlier} and {last}", earlier=said, last=item)
    return said
