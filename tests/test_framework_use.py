"""The web layer uses its frameworks through their public names only: no private name (one starting
with `_`) of Flask, Jinja, Werkzeug, WTForms, Flask-WTF, Flask-Babel, itsdangerous or MarkupSafe is
imported or read off their modules, and only their documented extension points are subclassed.
A private name breaks on the framework's next release and hides bugs in hand-built copies of it.
Checked by walking every Python file of the project outside tests/ with `ast`."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from conftest import ROOT

FRAMEWORKS = {"flask", "jinja2", "werkzeug", "wtforms", "flask_wtf", "flask_babel", "itsdangerous", "markupsafe"}
# Classes made to be subclassed, each a documented extension point of its framework.
EXTENSION_POINTS = {
    "flask.sessions.SecureCookieSessionInterface",      # Flask's "Session Interface" docs
    "flask.sessions.SessionInterface",
    "flask_wtf.FlaskForm", "flask_wtf.form.FlaskForm",   # every form is one
    "wtforms.Form", "wtforms.form.Form",
    "wtforms.validators.ValidationError",
    "wtforms.widgets.HiddenInput",                       # WTForms' "Custom widgets"
}
SKIPPED = {"tests", ".venv", "mutants", "instance", ".git", ".hypothesis", "__pycache__", "node_modules"}


def private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def framework(dotted: str) -> bool:
    return dotted.split(".")[0] in FRAMEWORKS


def problems(source: str, filename: str = "<source>") -> list[str]:
    """What in `source` reaches into a framework's internals, one line each."""
    tree = ast.parse(source, filename)
    imported: dict[str, str] = {}          # a local name -> the framework's dotted name it stands for
    found = []

    def say(node: ast.AST, what: str) -> None:
        found.append(f"{filename}:{node.lineno}: {what}")

    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if framework(alias.name):
                    if any(private(part) for part in alias.name.split(".")):
                        say(node, f"imports the private module {alias.name}")
                    local = alias.asname or alias.name.split(".")[0]
                    imported[local] = alias.name if alias.asname else local
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0 and framework(node.module):
            if any(private(part) for part in node.module.split(".")):
                say(node, f"imports from the private module {node.module}")
            for alias in node.names:
                if private(alias.name):
                    say(node, f"imports the private name {alias.name} from {node.module}")
                imported[alias.asname or alias.name] = f"{node.module}.{alias.name}"

    def dotted(expr: ast.AST) -> str | None:
        """The framework's dotted name an expression stands for (flask.globals.request_ctx), if any."""
        if isinstance(expr, ast.Name):
            return imported.get(expr.id)
        if isinstance(expr, ast.Attribute):
            base = dotted(expr.value)
            return f"{base}.{expr.attr}" if base else None
        return None

    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and private(node.attr) and dotted(node.value):
            say(node, f"reads the private name {dotted(node.value)}.{node.attr}")
        if isinstance(node, ast.ClassDef):
            for base in node.bases:
                name = dotted(base)
                if name and name not in EXTENSION_POINTS:
                    say(node, f"class {node.name} subclasses {name}, which is no documented extension point")
    return found


def project_files() -> list[Path]:
    return sorted(path for path in ROOT.rglob("*.py")
                  if not SKIPPED & set(path.relative_to(ROOT).parts[:-1]))


def test_the_project_uses_only_public_framework_names():
    files = project_files()
    assert ROOT / "app.py" in files and ROOT / "scorepad" / "pages" / "__init__.py" in files
    found = [line for path in files for line in problems(path.read_text(), str(path.relative_to(ROOT)))]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("source", [
    "from flask.globals import _cv_request",
    "from jinja2.utils import _PassArg",
    "from flask_wtf.csrf import _FlaskFormCSRF as CSRF",
    "import werkzeug._internal",
    "from werkzeug._internal import _log",
    "import flask\nflask.globals._cv_request.get()",
    "from flask import globals as g\ng._cv_request.get()",
    "from jinja2.runtime import Context\nclass Quick(Context):\n    pass",
    "import jinja2\nclass Quick(jinja2.runtime.Context):\n    pass",
    "from flask import Flask\nclass Mine(Flask):\n    pass",
])
def test_a_private_name_or_an_internal_subclass_is_found(source):
    assert problems(source)


@pytest.mark.parametrize("source", [
    "from flask import Flask, request\nrequest.environ",
    "from flask.sessions import SecureCookieSessionInterface\nclass S(SecureCookieSessionInterface):\n    pass",
    "from flask_wtf import FlaskForm\nclass F(FlaskForm):\n    pass",
    "from __future__ import annotations\nimport functools\nfunctools._lru_cache_wrapper",   # not a framework
    "import flask\nflask.__version__",
])
def test_public_names_and_extension_points_pass(source):
    assert problems(source) == []
