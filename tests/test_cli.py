import io
import json
import subprocess
import sys

import pytest

from conftest import ROOT, example_paths
from rules_engine.cli import main


def run(args, stdin=None):
    return subprocess.run([sys.executable, "-m", "rules_engine", *args], input=stdin, capture_output=True,
                          cwd=ROOT, timeout=60)


def test_score_a_file_prints_json_and_exits_0():
    path = [p for p in example_paths() if p.stem == "pitch-to-7"][0]
    done = run(["score", str(path)])
    assert done.returncode == 0 and done.stderr == b""
    result = json.loads(done.stdout)
    assert result["winners"] == ["Ann"] and result["totals"] == [7, 6, -1]


def test_score_standard_input():
    record = {"format": "scorepad/1", "game": "gin3", "players": ["Ann", "Ben", "Cy"],
              "hands": [{"result": "knock", "knocker": "box", "deadwood": {"box": 3, "team": 9}}]}
    done = run(["score", "-"], json.dumps(record).encode())
    assert done.returncode == 0
    assert json.loads(done.stdout)["hands"][0]["points"] == [6, 0, 0]


def test_a_rejected_record_exits_2_with_one_line():
    record = {"format": "scorepad/1", "game": "oh_hell", "players": ["Ann", "Ben", "Cy", "Dee"],
              "hands": [{"bids": [0, 0, 0, 0], "tricks": [1, 0, 0, 0]},
                        {"bids": [0, 0, 0, 0], "tricks": [1, 1, 0, 0]},
                        {"bids": [0, 0, 4, 0], "tricks": [1, 1, 1, 0]}]}
    done = run(["score", "-"], json.dumps(record).encode())
    assert done.returncode == 2 and done.stdout == b""
    assert done.stderr.decode() == "hand 3: Cy's bid of 4 is higher than the 3 cards dealt\n"


def call(stdin_bytes, args=("score", "-")):
    out, err = io.StringIO(), io.StringIO()
    stdin = io.TextIOWrapper(io.BytesIO(stdin_bytes))
    old = sys.stdin
    sys.stdin = stdin
    try:
        code = main(list(args), out, err)
    finally:
        sys.stdin = old
    return code, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("data, start", [
    (b"{not json", "format: not valid JSON"),
    (b"", "format: not valid JSON"),
    (b"\xff\xfe", "format: the file is not UTF-8 text"),
    (b"[" * 100000 + b"]" * 100000, "format: the JSON is nested too deeply"),
    (b"1" * 5000, "format: not valid JSON"),
    (b'{"format": "scorepad/1", "game": "pitch", "players": [[1], "Ben", "Cy"]}', "players: player 1 needs a name"),
    (b" " * 5_000_001, "format: the file is larger than 5 MB"),
])
def test_malformed_input_exits_2_with_a_message(data, start):
    code, out, err = call(data)
    assert code == 2 and out == ""
    assert err.startswith(start) and err.count("\n") == 1


def test_a_record_saved_with_a_byte_order_mark_scores_as_without_it(tmp_path):
    path = [p for p in example_paths() if p.stem == "pitch-to-7"][0]
    marked = tmp_path / "saved-by-notepad.json"
    marked.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    plain = call(b"", ("score", str(path)))
    assert plain[0] == 0 and json.loads(plain[1])["totals"] == [7, 6, -1]
    assert call(b"", ("score", str(marked))) == plain
    assert call(marked.read_bytes()) == plain                 # on standard input too


def test_a_huge_setting_is_refused_in_one_short_line():
    record = {"format": "scorepad/1", "game": "pitch", "players": ["Ann", "Ben", "Cy"], "settings": {"target": 10 ** 400}}
    assert call(json.dumps(record).encode()) == (2, "", "settings: target must be from 1 to 500\n")


def test_usage_and_missing_file():
    assert call(b"", ("print",))[0] == 2
    code, _, err = call(b"", ("score", "/no/such/file.json"))
    assert code == 2 and err.startswith("format: can't read /no/such/file.json")


def test_score_a_file_in_process_prints_the_documented_json():
    # the JSON is indented by 1 and keeps names as written (Zoë, not Zo\u00eb)
    path = [p for p in example_paths() if p.stem == "pitch-to-7"][0]
    code, out, err = call(b"", ("score", str(path)))
    assert (code, err) == (0, "")
    result = json.loads(out)
    assert result["totals"] == [7, 6, -1] and out == json.dumps(result, indent=1, ensure_ascii=False) + "\n"
    record = {"format": "scorepad/1", "game": "gin3", "players": ["Zoë", "Ben", "Cy"], "hands": []}
    code, out, _ = call(json.dumps(record).encode())
    assert code == 0 and '"Zoë"' in out and out.startswith('{\n "game": "gin3",\n "sides": [\n  "Zoë",')


@pytest.mark.parametrize("args", [("print",), ("print", "game.json"), ("score",), ("score", "a.json", "b.json"), ()])
def test_anything_but_score_and_one_file_prints_the_usage(args):
    assert call(b"", args) == (2, "", "usage: python -m rules_engine score FILE   (or - for standard input)\n")


def test_a_missing_file_is_named_with_the_reason():
    assert call(b"", ("score", "/no/such/file.json")) == (
        2, "", "format: can't read /no/such/file.json: No such file or directory\n")


@pytest.mark.parametrize("size, start", [
    (5_000_000, "format: not valid JSON"),                 # exactly 5 MB is read, and is not a record
    (5_000_001, "format: the file is larger than 5 MB"),
])
def test_five_mb_is_the_largest_file_read(size, start):
    code, _, err = call(b" " * size)
    assert code == 2 and err.startswith(start)


@pytest.mark.parametrize("size, start", [
    (5_000_000, "format: not valid JSON"),
    (5_000_001, "format: the file is larger than 5 MB"),
])
def test_five_mb_is_the_largest_file_read_from_a_path(tmp_path, size, start):
    path = tmp_path / "big.json"
    path.write_bytes(b" " * size)
    code, _, err = call(b"", ("score", str(path)))
    assert code == 2 and err.startswith(start)


TOO_DEEP = "format: the JSON is nested too deeply\n"


def deepest_read(template):
    """The command's answer for `template` with a list nested as deep as the command reads (one level
    deeper is refused as nested too deeply)."""
    low, high = 1, 2 * sys.getrecursionlimit()
    while low < high:
        middle = (low + high + 1) // 2
        if call((template % ("[" * middle + "]" * middle)).encode())[2] == TOO_DEEP:
            high = middle - 1
        else:
            low = middle
    return call((template % ("[" * low + "]" * low)).encode())


@pytest.mark.parametrize("template, code, message", [
    ('{"format": "scorepad/1", "game": "pitch", "players": ["Ann", "Ben", "Cy"],'
     ' "hands": [{"bids": ["pass", 2, "pass"], "high": 1, "low": 1, "note": %s}]}', 0, ""),
    ('{"format": "scorepad/1", "game": "pitch", "players": ["Ann", "Ben", %s]}', 2, "players: player 3 needs a name\n"),
    ('{"format": "scorepad/1", "game": "gin3", "players": ["Ann", "Ben", "Cy"],'
     ' "hands": [{"result": "knock", "knocker": %s}]}', 2, 'hand 1: say who knocked: "box" or "team"\n'),
    ('{"format": "scorepad/1", "game": "gin3", "players": ["Ann", "Ben", "Cy"], "hands": [{"result": %s}]}', 2,
     'hand 1: the result must be "knock", "gin", "big_gin" or "draw"\n'),
    ('{"format": "scorepad/1", "game": "pitch", "players": ["Ann", "Ben", "Cy"], "settings": {"win_rule": %s}}', 2,
     "settings: win_rule must be one of bidder_out, first_to_target\n"),
])
def test_the_deepest_json_read_is_scored_or_refused_with_its_place(template, code, message):
    # whatever the parser reads, scoring never goes deeper: an extra rides along, a wrong value is named
    got_code, out, err = deepest_read(template)
    assert (got_code, err) == (code, message)
    if code == 0:
        assert json.loads(out)["totals"] == [0, 2, 0]


def test_invalid_json_says_what_the_parser_found():
    assert call(b'{"format": "scorepad/1",}') == (
        2, "", "format: not valid JSON (Expecting property name enclosed in double quotes: line 1 column 25 (char 24))\n")
