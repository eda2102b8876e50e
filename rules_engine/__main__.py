import os
import sys

from .cli import main

try:
    code = main(sys.argv[1:])
    sys.stdout.flush()
except BrokenPipeError:         # the reader (e.g. `| head`) stopped early: not an error of ours
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    code = 0
sys.exit(code)
