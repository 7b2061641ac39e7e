"""Ctrl-C into `onestroke solve` at random moments: exit status 130 and one line, every time.

The boards keep each stage busy for seconds: a board no certificate refutes keeps the SAT engine
(and, with --engine search, the backtracker) running until the timeout, and a long row keeps the
reading, the grid and the certificates busy. SIGINT goes to the process, or to its whole process
group as a terminal sends it.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from onestroke.solver.generate import row_text, two_rooms_text

RUNS = 10


@pytest.fixture(scope="module")
def boards(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("interrupt")
    (folder / "rooms.txt").write_text(two_rooms_text(30))
    (folder / "row.txt").write_text(row_text(900_000))
    (folder / "tiny.txt").write_text("S .\n")
    return {"rooms": folder / "rooms.txt", "row": folder / "row.txt", "tiny": folder / "tiny.txt"}


def start_up_seconds(tiny: Path) -> float:
    """How long the command takes on a one-step board now: the interpreter and imports.

    Signals are sent after that, into the command's own work: a Ctrl-C while the interpreter
    itself starts up (before any of the command's code runs) is Python's business.
    """
    began = time.perf_counter()
    subprocess.run([sys.executable, "-m", "onestroke", "solve", str(tiny)], capture_output=True, check=True)
    return time.perf_counter() - began


def interrupt(args: list[str], delay: float, group: bool) -> tuple[int, str, str, float]:
    """Run `onestroke ARGS`, send SIGINT after `delay` s; (status, stdout, stderr, s to exit)."""
    process = subprocess.Popen(
        [sys.executable, "-m", "onestroke", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own process group, as a shell gives a foreground job
    )
    time.sleep(delay)
    sent = time.perf_counter()
    if group:
        os.killpg(process.pid, signal.SIGINT)
    else:
        process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=30)
    return process.returncode, out, err, time.perf_counter() - sent


@pytest.mark.slow
def test_random_sigints_into_solve_exit_130_with_one_line(boards: dict[str, Path]) -> None:
    rng = random.Random()
    seed = rng.randrange(1 << 30)
    rng.seed(seed)
    runs = [
        ["solve", "--timeout", "60", str(boards["rooms"])],  # certificates, short search, then SAT
        ["solve", "--timeout", "60", "--engine", "search", str(boards["rooms"])],
        ["solve", "--json", "--timeout", "60", str(boards["row"])],  # reading, grid, certificates
    ]
    for k in range(RUNS):
        args = runs[k % len(runs)]
        delay = start_up_seconds(boards["tiny"]) + rng.uniform(0.0, 1.5)
        status, out, err, took = interrupt(args, delay, group=k % 2 == 1)
        where = f"seed {seed}, run {k}: {' '.join(args)} after {delay:.2f} s"
        assert (status, err) == (130, "onestroke: interrupted\n"), f"{where}: {status} {err!r}"
        assert "Traceback" not in out, where
        assert took < 5.0, f"{where}: took {took:.2f} s to stop"
