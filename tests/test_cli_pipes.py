"""A reader that goes away (`onestroke ... | head -1`) stops every command quietly: no traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "fixtures"
EXAMPLES = ROOT / "examples"

COMMANDS = [
    ["solve", *sorted(str(p) for p in EXAMPLES.glob("*.txt"))],
    ["detect", str(FIXTURES / "phone-1080x1920-classic.png"), str(FIXTURES / "crop-board-only.png")],
    ["solve-image", str(FIXTURES / "phone-1080x1920-classic.png")],
    ["fixtures", "check", str(FIXTURES)],
    ["fixtures", "check", "--json", str(FIXTURES)],
    ["romeo", str(EXAMPLES / "puzzles" / "romeo_sample.txt")],
    ["route", str(EXAMPLES / "puzzles" / "route_10x10.txt")],
    ["maze", str(EXAMPLES / "puzzles" / "maze_001.txt")],
]


@pytest.mark.parametrize(
    "command", COMMANDS, ids=[" ".join(c[:2]) if c[0] == "fixtures" else c[0] for c in COMMANDS]
)
def test_a_closed_stdout_ends_the_command_quietly_with_status_141(command) -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "onestroke", *command],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()  # the reader is gone before the first line is written
    err = process.stderr.read().decode()
    assert process.wait(timeout=60) == 141, err
    assert err == ""
