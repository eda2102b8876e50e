"""The project stands alone: a user's clone has no shared folder beside it, so nothing may read one."""
import subprocess

from conftest import ROOT

SHARED = "../" + "shared"          # split so this file does not match itself


def tracked_files():
    listed = subprocess.run(["git", "ls-files", "-co", "--exclude-standard"], cwd=ROOT,
                            capture_output=True, text=True, check=True).stdout.split("\n")
    return [ROOT / name for name in listed if name and (ROOT / name).is_file()]


def test_no_file_of_the_project_refers_to_the_shared_folder():
    offenders = []
    for path in tracked_files():
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        if SHARED in text or 'parent / "' + 'shared"' in text:
            offenders.append(str(path.relative_to(ROOT)))
    assert offenders == []


def test_the_examples_and_their_expected_scores_live_in_the_project():
    records = sorted(p.name for p in (ROOT / "examples").glob("*.json") if not p.name.endswith(".expected.json"))
    assert len(records) >= 7
    for name in records:
        assert (ROOT / "examples" / name.replace(".json", ".expected.json")).is_file(), name


RUN_LINE = "python3 -m venv .venv && .venv/bin/pip install -q -r requirements.txt && .venv/bin/python app.py"
TEST_LINE = ("python3 -m venv .venv && .venv/bin/pip install -q -r requirements-test.txt && "
             "bash tests/install-browser.sh && .venv/bin/python -m pytest")


def test_the_readme_starts_with_the_two_commands_and_ci_runs_the_second_exactly():
    readme = (ROOT / "README.md").read_text().split("\n")
    commands = [line.strip() for line in readme[:8] if line.startswith("    ")]
    assert commands == [RUN_LINE, TEST_LINE]
    ci = [line for line in (ROOT / ".ci" / "run").read_text().split("\n") if line and not line.startswith("#")]
    assert ci[-1] == TEST_LINE
    assert ".venv/" in (ROOT / ".gitignore").read_text().split("\n")
