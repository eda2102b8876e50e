"""`python -m rules_engine score FILE|-`: print the scored game as JSON."""
from __future__ import annotations

import json
import sys
from typing import IO

from .core import RuleError
from .record import score
from .words import say

FORMAT_PLACE = say("format")

MAX_BYTES = 5_000_000
USAGE = "usage: python -m rules_engine score FILE   (or - for standard input)"


def read_source(path: str) -> bytes:
    if path == "-":
        return sys.stdin.buffer.read(MAX_BYTES + 1)
    with open(path, "rb") as source:
        return source.read(MAX_BYTES + 1)


def load(data: bytes) -> object:
    if len(data) > MAX_BYTES:
        raise RuleError(FORMAT_PLACE, say("the file is larger than {size} MB: not a game record",
                                          size=MAX_BYTES // 1_000_000))
    try:
        return json.loads(data.decode("utf-8-sig"))      # a byte-order mark in front (Notepad's UTF-8) is dropped
    except UnicodeDecodeError:
        raise RuleError(FORMAT_PLACE, say("the file is not UTF-8 text")) from None
    except RecursionError:
        raise RuleError(FORMAT_PLACE, say("the JSON is nested too deeply")) from None
    except ValueError as error:
        raise RuleError(FORMAT_PLACE, say("not valid JSON ({error})", error=str(error))) from None


def main(argv: list[str], out: IO[str] = sys.stdout, err: IO[str] = sys.stderr) -> int:
    if len(argv) != 2 or argv[0] != "score":
        print(USAGE, file=err)
        return 2
    try:
        data = read_source(argv[1])
    except OSError as error:
        print(f"format: can't read {argv[1]}: {error.strerror or error}", file=err)
        return 2
    try:
        scored = score(load(data))
    except RuleError as error:
        print(" ".join(str(error).split()), file=err)
        return 2
    json.dump(scored.to_dict(), out, indent=1, ensure_ascii=False)
    out.write("\n")
    return 0
