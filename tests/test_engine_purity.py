"""The rules engine imports no web, form or database module."""
import ast
import subprocess
import sys

from conftest import ROOT

FORBIDDEN = {"flask", "flask_wtf", "wtforms", "werkzeug", "jinja2", "sqlite_utils", "sqlite3", "app", "scorepad"}


def test_importing_the_engine_loads_no_web_or_database_module():
    code = ("import sys, rules_engine, rules_engine.cli; "
            f"print(sorted(m for m in sys.modules if m.split('.')[0] in {sorted(FORBIDDEN)!r}))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert done.stdout.strip() == "[]"


def test_no_engine_module_names_a_web_or_database_import():
    for path in (ROOT / "rules_engine").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module or ""]
            else:
                continue
            assert not {name.split(".")[0] for name in names} & FORBIDDEN, f"{path.name} imports {names}"
