"""The code reads one way: ruff's lint and import order (the settings in pyproject.toml) pass on
every Python file, so CI, which runs the whole suite, runs them too."""
import subprocess
import sys

from conftest import ROOT


def test_ruff_finds_nothing():
    found = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "."], cwd=ROOT,
                           capture_output=True, text=True)
    assert found.returncode == 0, found.stdout + found.stderr
