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
