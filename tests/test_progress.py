"""Progress bars on long work: shown on a terminal (a real pseudo-terminal here), never in
redirected output or with --json.

tqdm draws `NAME: 40%|####      | 2/5 [...]` lines ending in carriage returns; "%|" is the mark.
"""

from __future__ import annotations

import fcntl
import os
import pty
import select
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"
BAR = "%|"
BENCH = ["-m", "benchmarks.solver_bench", "--quick", "--classes", "8-neighbour", "--cap-cpsat", "0.5"]
BENCH += ["--cap-other", "0.2"]


def on_a_terminal(args: list[str], timeout: float = 120) -> tuple[int, str]:
    """Run `python ARGS` with stdout and stderr on one pseudo-terminal: (exit status, all it drew)."""
    controller, terminal = pty.openpty()
    fcntl.ioctl(terminal, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))  # 40 rows, 120 columns
    env = {**os.environ, "TERM": "xterm"}
    process = subprocess.Popen(
        [sys.executable, *args], stdin=terminal, stdout=terminal, stderr=terminal, cwd=ROOT, env=env
    )
    os.close(terminal)
    chunks: list[bytes] = []
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([controller], [], [], 0.5)
            if not ready:
                if process.poll() is not None:
                    break
                continue
            try:
                data = os.read(controller, 65536)
            except OSError:  # EIO: the terminal's other side closed (the process ended)
                break
            if not data:
                break
            chunks.append(data)
        status = process.wait(timeout=max(1.0, deadline - time.monotonic()))
    finally:
        if process.poll() is None:
            process.kill()
        os.close(controller)
    return status, b"".join(chunks).decode("utf-8", "replace")


def piped(args: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *args], capture_output=True, text=True, cwd=ROOT, timeout=300, check=False
    )


def test_fixtures_check_draws_a_bar_on_a_terminal_only():
    args = ["-m", "onestroke", "fixtures", "check", str(FIXTURES)]
    status, drawn = on_a_terminal(args)
    assert status == 0, drawn
    assert "fixtures check:" in drawn and BAR in drawn and "image/s" in drawn
    assert "phone-1080x1920-classic.png" in drawn and "images:" in drawn
    done = piped(args)
    assert done.returncode == 0 and done.stderr == ""
    assert BAR not in done.stdout and "\r" not in done.stdout
    status, drawn = on_a_terminal([*args, "--json"])
    assert status == 0 and BAR not in drawn and "\r\n" in drawn  # the terminal's own line ends only
    assert all(line.startswith("{") for line in drawn.splitlines())


def test_solve_over_many_boards_draws_a_bar_on_a_terminal_only():
    boards = sorted(str(p) for p in (ROOT / "examples").glob("*.txt"))
    assert len(boards) > 1
    args = ["-m", "onestroke", "solve", *boards]
    status, drawn = on_a_terminal(args)
    assert status == 0, drawn
    assert "solve:" in drawn and BAR in drawn and "board/s" in drawn
    done = piped(args)
    assert done.returncode == 0 and done.stderr == "" and BAR not in done.stdout
    status, drawn = on_a_terminal([*args, "--json"])
    assert status == 0 and BAR not in drawn
    status, drawn = on_a_terminal(["-m", "onestroke", "solve", boards[0]])
    assert status == 0 and BAR not in drawn  # one board: nothing to show progress on


def test_the_solver_benchmark_draws_a_bar_on_a_terminal_only():
    status, drawn = on_a_terminal(BENCH)
    assert status == 0, drawn
    assert "solver_bench:" in drawn and BAR in drawn and "| class (boards, unsolvable) |" in drawn
    done = piped(BENCH)
    assert done.returncode == 0, done.stderr
    assert BAR not in done.stderr and BAR not in done.stdout
    assert "8-neighbour 6..30 / 6x6 8-moves #0" in done.stderr  # the per-board lines as before
