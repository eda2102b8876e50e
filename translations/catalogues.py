"""Re-extract every translatable message into its catalogue, bring each language's translations up
to date and compile the .mo files the app reads (they are committed beside the .po files). Run by
translations/update.sh.

A game's own files (GAME_FILES) have a catalogue of their own, translations/games/<id>/, so a game
brings its words in its own files; every other message is in the shared one, translations/. A
message new to a catalogue starts with the translation another catalogue of the language already
has for it, so one English sentence reads the same in every game."""
from __future__ import annotations

import io
import re
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT / "translations"
GAME_FILES = ("rules_engine/games/{id}.py", "scorepad/games/{id}.py", "templates/games/{id}.html",
              "templates/rules/{id}.html")
NOT_SCANNED = {".git", ".venv", "tests", "bench", "instance", "translations", "mutants", "docs", "examples"}


def game_ids() -> list[str]:
    """The games, by their engine modules (read as files: nothing is imported)."""
    return sorted(path.stem for path in (ROOT / "rules_engine" / "games").glob("*.py") if path.stem != "__init__")


def owners() -> dict[str, str]:
    """Each game's own files (as paths from the checkout) -> its id."""
    return {pattern.format(id=game_id): game_id for game_id in game_ids() for pattern in GAME_FILES}


def templates() -> dict[Path, Catalog]:
    """Every message extracted, in a template per catalogue folder."""
    with open(ROOT / "babel.cfg", encoding="utf-8") as config:
        method_map, options_map = parse_mapping_cfg(config)
    own = owners()
    found: dict[Path, Catalog] = {SHARED: Catalog()}
    found |= {SHARED / "games" / game_id: Catalog() for game_id in game_ids()}
    scanned = extract_from_dir(ROOT, method_map, options_map,
                               directory_filter=lambda path: Path(path).name not in NOT_SCANNED)
    for filename, lineno, message, _comments, context in scanned:
        game_id = own.get(Path(filename).as_posix())
        folder = SHARED / "games" / game_id if game_id else SHARED
        found[folder].add(message, locations=[(filename, lineno)], context=context)
    return found


def languages() -> list[str]:
    return sorted(path.parent.name for path in SHARED.glob("*/LC_MESSAGES"))


def known_translations(language: str) -> dict:
    """What every catalogue of a language says now, message by message."""
    known = {}
    for po in sorted(SHARED.glob(f"**/{language}/LC_MESSAGES/messages.po")):
        with open(po, "rb") as file:
            known |= {message.id: message.string for message in read_po(file) if message.id and any_words(message)}
    return known


def any_words(message) -> bool:
    strings = message.string if isinstance(message.string, tuple) else (message.string,)
    return all(strings)


def write(path: Path, catalog: Catalog, **options) -> None:
    """Write a catalogue, unless only its dates would change (a run that changes no words changes no file)."""
    text = io.BytesIO()
    write_po(text, catalog, width=76, omit_header=False, sort_output=True, no_location=True, **options)
    if path.exists() and undated(path.read_bytes()) == undated(text.getvalue()):
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text.getvalue())


def undated(text: bytes) -> bytes:
    return re.sub(rb'"(POT-Creation-Date|PO-Revision-Date): [^"]*"\n', b"", text)


def main() -> int:
    found = templates()
    known = {language: known_translations(language) for language in languages()}     # before any is rewritten
    for folder, template in found.items():
        if not len(template) and folder != SHARED:
            continue                       # a game that says nothing of its own (yet)
        write(folder / "messages.pot", template)
        for language in languages():
            po = folder / language / "LC_MESSAGES" / "messages.po"
            if po.exists():
                with open(po, "rb") as file:
                    catalog = read_po(file, locale=language)
            else:
                catalog = Catalog(locale=language, project="Scorepad", fuzzy=False)
            catalog.update(template, no_fuzzy_matching=True)
            catalog.fuzzy = False                  # a header marked fuzzy is left out of the compiled catalogue
            catalog.project = "Scorepad"
            catalog.obsolete.clear()
            for message in catalog:
                if message.id and not any_words(message) and message.id in known[language]:
                    message.string = known[language][message.id]
            write(po, catalog, ignore_obsolete=True)
            with open(po, "rb") as file:                     # compiled from the .po as it stands
                written = read_po(file, locale=language)
            compiled = io.BytesIO()
            write_mo(compiled, written)
            mo = po.with_suffix(".mo")
            if not mo.exists() or mo.read_bytes() != compiled.getvalue():
                mo.write_bytes(compiled.getvalue())
            missing = sum(1 for message in catalog if message.id and not any_words(message))
            print(f"{po.relative_to(ROOT)}: {len(catalog)} messages, {missing} to translate")
    return 0


if __name__ == "__main__":
    sys.exit(main())
