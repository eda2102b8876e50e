"""The Pashto catalogue says each thing with the glossary's word (docs/glossary.md, its last table)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import pashto_messages

ROOT = Path(__file__).resolve().parent.parent
GLOSSARY = ROOT / "docs" / "glossary.md"
WORD = re.compile(r"[^\W\d_]+")              # a run of letters, in any script


def held_terms() -> list[tuple[str, re.Pattern, str, list[str]]]:
    """The table under "Words the catalogue is held to": (English as written, its pattern, the Pashto
    a message must hold, the words it must never hold)."""
    table = GLOSSARY.read_text(encoding="utf-8").split("## Words the catalogue is held to", 1)[1]
    terms = []
    for line in table.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) != 3 or cells[0] in ("English", "") or set(cells[0]) <= {"-"}:
            continue
        english, pashto, never = cells
        words = [word.strip() for word in english.split(",")]
        capitalised = all(word[0].isupper() for word in words)
        pattern = re.compile(r"\b(?:" + "|".join(map(re.escape, words)) + r")\b", 0 if capitalised else re.IGNORECASE)
        terms.append((english, pattern, pashto, [word.strip() for word in never.split("،") if word.strip()]))
    return terms


def messages() -> list[tuple[str, str]]:
    """(English, Pashto) for every message; a plural's forms are read together."""
    said = []
    for message in pashto_messages():
        english = " ".join(message.id) if isinstance(message.id, tuple) else message.id
        pashto = " ".join(message.string) if isinstance(message.string, tuple) else message.string
        said.append((re.sub(r"<[^>]+>|%\(\w+\)s|\{\w+\}", " ", english), pashto))
    return said


TERMS = held_terms()


def test_the_glossary_holds_the_players_words():
    held = {english: pashto for english, _pattern, pashto, _never in TERMS}
    assert held["card, cards"] == "کارت" and held["trump, trumps"] == "ټرمپ" and held["jack, jacks"] == "جیک"
    assert held["joker, jokers, Blooper"] == "بلوپر" and held["Oh Hell"] == "او هیل" and held["Smear"] == "سمیر"


@pytest.mark.parametrize("english, pattern, pashto, never", TERMS, ids=[term[0] for term in TERMS])
def test_each_message_with_a_glossary_word_says_it_as_the_glossary_does(english, pattern, pashto, never):
    wrong = [(en, ps) for en, ps in messages() if pattern.search(en) and pashto not in ps]
    assert not wrong, f"{english!r} should be said {pashto!r}:\n" + "\n".join(f"  {en!r}\n    {ps}" for en, ps in wrong)


@pytest.mark.parametrize("english, pattern, pashto, never", [term for term in TERMS if term[3]],
                         ids=[term[0] for term in TERMS if term[3]])
def test_no_message_uses_a_word_the_glossary_turned_down(english, pattern, pashto, never):
    def holds(pashto_text: str, word: str) -> bool:
        return word in pashto_text if " " in word else word in WORD.findall(pashto_text)

    allowed = [(other_pattern, other_pashto) for _e, other_pattern, other_pashto, _n in TERMS]
    wrong = []
    for en, ps in messages():
        for word in never:
            # the word may stand where the English names a thing it is the glossary's word for (پاڼه: a sheet)
            if holds(ps, word) and not any(other.search(en) and other_pashto in word for other, other_pashto in allowed):
                wrong.append((word, en, ps))
    assert not wrong, f"not the glossary's word for {english!r} ({pashto!r}):\n" + \
        "\n".join(f"  {word}: {en!r}\n    {ps}" for word, en, ps in wrong)


def test_the_check_finds_a_turned_down_word():
    """The checks above would catch the catalogue as it was: پاڼه for a card, حکم for trump."""
    card = next(term for term in TERMS if term[0] == "card, cards")
    assert card[1].search("Max cards") and not card[1].search("scorecards")
    assert "پاڼې" in WORD.findall("۵ پاڼې وویشل شوې") and "پاڼې" in card[3]
    assert "لو" in WORD.findall("های، لو، جک") and "لو" not in WORD.findall("لوبه")
