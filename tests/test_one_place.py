"""A game is its own files: its engine module (rules_engine/games/<id>.py), its web description
(scorepad/games/<id>.py), its templates (templates/games/<id>.html, templates/rules/<id>.html), its
catalogue (translations/games/<id>/), its tests and examples. Nothing else in Scorepad branches on
a game's id or imports a particular game - checked on the structure of the code (Python's syntax
tree, the templates' Jinja tree, the scripts' string literals), for every game the engine finds,
so a new game is held to it without naming it here."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from jinja2 import Environment, nodes

from conftest import ROOT
from rules_engine import GAMES
from scorepad.games import GAME_PAGES, every_game

GAME_PACKAGES = ("rules_engine.games", "scorepad.games")
OWN_FILES = ("rules_engine/games/{id}.py", "scorepad/games/{id}.py", "templates/games/{id}.html",
             "templates/rules/{id}.html")
# The shared helpers of the tests besides the product: what every game's tests use.
TEST_HELPERS = ("tests/conftest.py", "tests/strategies.py", "tests/games.py")
TRANSLATING = {"_", "n_", "gettext", "ngettext", "lazy_gettext", "say", "say_n"}     # their text is words
STRING = re.compile(r"""(["'`])((?:\\.|(?!\1).)*)\1""")


def own_files() -> set[str]:
    return {pattern.format(id=game_id) for game_id in GAMES for pattern in OWN_FILES}


def shared_sources(suffixes: tuple[str, ...]) -> list[Path]:
    """The product's files (and the tests' shared helpers) that belong to no game."""
    places = [ROOT / "app.py", *(ROOT / "scorepad").rglob("*"), *(ROOT / "rules_engine").rglob("*"),
              *(ROOT / "templates").rglob("*"), *(ROOT / "static").rglob("*"), *(ROOT / name for name in TEST_HELPERS)]
    own = own_files()
    return sorted(path for path in places if path.is_file() and path.suffix in suffixes
                  and path.relative_to(ROOT).as_posix() not in own)


def module_of(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_modules(tree: ast.AST, module: str, is_package: bool) -> set[str]:
    """Every module a Python file imports, relative imports made absolute (`from .x import y` may
    import the module `y` too, so both are named)."""
    package = module if is_package else module.rpartition(".")[0]
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([node.module] if node.module else []))
            found.add(base)
            found |= {f"{base}.{alias.name}" for alias in node.names}
    return found


def python_problems(source: str, module: str, is_package: bool, game_id: str) -> list[str]:
    """Where a Python file names the game's id as a string, or imports the game's own module."""
    tree = ast.parse(source)
    said = {id(call.args[0]) for call in ast.walk(tree) if isinstance(call, ast.Call) and call.args
            and isinstance(call.func, ast.Name) and call.func.id in TRANSLATING}
    problems = [f"line {node.lineno}: {node.value!r}" for node in ast.walk(tree)
                if isinstance(node, ast.Constant) and node.value == game_id and id(node) not in said]
    own = {f"{package}.{game_id}" for package in GAME_PACKAGES}
    problems += [f"imports {name}" for name in imported_modules(tree, module, is_package)
                 if any(name == mine or name.startswith(mine + ".") for mine in own)]
    return problems


def template_problems(source: str, game_id: str) -> list[str]:
    """Where a template compares with, looks up or includes something by the game's id (a word said
    through `_()`, such as the suit "spades", is a word, not a game)."""
    tree = Environment(extensions=["jinja2.ext.i18n"]).parse(source)
    said = {id(call.args[0]) for call in tree.find_all(nodes.Call)
            if isinstance(call.node, nodes.Name) and call.node.name in TRANSLATING and call.args}
    own = {f"games/{game_id}.html", f"rules/{game_id}.html"}
    return [f"line {node.lineno}: {node.value!r}" for node in tree.find_all(nodes.Const)
            if id(node) not in said and (node.value == game_id or node.value in own)]


def script_problems(source: str, game_id: str) -> list[str]:
    return [f"line {source[:match.start()].count(chr(10)) + 1}: {match.group(0)}"
            for match in STRING.finditer(source) if match.group(2) == game_id]


@pytest.mark.parametrize("game_id", list(GAMES))
def test_no_shared_python_names_a_game_or_imports_it(game_id):
    found = {}
    for path in shared_sources((".py",)):
        problems = python_problems(path.read_text(encoding="utf-8"), module_of(path), path.stem == "__init__", game_id)
        if problems:
            found[path.relative_to(ROOT).as_posix()] = problems
    assert not found, f"{game_id} is named outside its own files: {found}"


@pytest.mark.parametrize("game_id", list(GAMES))
def test_no_shared_template_or_script_names_a_game(game_id):
    found = {}
    for path in shared_sources((".html", ".js")):
        text = path.read_text(encoding="utf-8")
        is_template = path.suffix == ".html" or path.parent.name == "templates"
        problems = template_problems(text, game_id) if is_template else script_problems(text, game_id)
        if problems:
            found[path.relative_to(ROOT).as_posix()] = problems
    assert not found, f"{game_id} is named outside its own files: {found}"


def test_the_checks_see_the_shared_files_and_not_a_games_own():
    seen = {path.relative_to(ROOT).as_posix() for path in shared_sources((".py", ".html", ".js"))}
    assert {"app.py", "rules_engine/record.py", "rules_engine/parts/partners.py", "scorepad/games/base.py",
            "scorepad/web/forms.py", "scorepad/words/summary.py", "templates/_macros.html", "templates/sw.js",
            "static/hand.js", "tests/strategies.py"} <= seen
    assert not seen & own_files()


@pytest.mark.parametrize("planted, kind", [
    ('if game.id == "{id}":\n    pass\n', "python"),
    ('WORDS = {{"{id}": "a word"}}\n', "python"),
    ("from rules_engine.games.{id} import GAME\n", "python"),
    ("from .{id} import PAGES\n", "python"),
    ("import scorepad.games.{id}\n", "python"),
    ('{{% if game.id == "{id}" %}}x{{% endif %}}', "template"),
    ('{{% include "games/{id}.html" %}}', "template"),
    ('{{{{ {{"{id}": 1}}[game] }}}}', "template"),
    ('if (form.dataset.game === "{id}") {{ }}', "script"),
])
def test_each_way_of_naming_a_game_is_caught(planted, kind):
    """The checks above fail on each way shared code could single a game out."""
    game_id = next(iter(GAMES))
    source = planted.format(id=game_id)
    if kind == "python":
        assert python_problems(source, "scorepad.games", True, game_id)
    elif kind == "template":
        assert template_problems(source, game_id)
    else:
        assert script_problems(source, game_id)
    assert not python_problems(f'GAME_KINDS = ("x",)\nWORD = _("{game_id}")\nfrom .base import GamePages\n',
                               "scorepad.games", True, game_id)
    assert not template_problems(f'{{{{ _("{game_id}") }}}}', game_id)          # a word said, not a game named


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_game_has_a_description_and_a_rules_page(game_id):
    pages = GAME_PAGES[game_id]
    assert pages.game is GAMES[game_id] and str(pages.title)
    assert (ROOT / "templates" / pages.rules_page).is_file()
    assert [p.id for p in every_game()] == list(GAMES)
